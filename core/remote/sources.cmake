list(APPEND RP_CORE_SOURCES
    remote/local_executor.h remote/local_executor.cpp
    remote/ssh_executor.h remote/ssh_executor.cpp
    remote/openexecutor.cpp
    remote/fleet.cpp
)
