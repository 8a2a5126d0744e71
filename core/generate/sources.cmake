list(APPEND RP_CORE_SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/plan.h
    ${CMAKE_CURRENT_LIST_DIR}/plan.cpp
    ${CMAKE_CURRENT_LIST_DIR}/plan_write.cpp
    ${CMAKE_CURRENT_LIST_DIR}/plan_read.cpp
    ${CMAKE_CURRENT_LIST_DIR}/diff.h
    ${CMAKE_CURRENT_LIST_DIR}/diff.cpp
    ${CMAKE_CURRENT_LIST_DIR}/targets.h
    ${CMAKE_CURRENT_LIST_DIR}/targets.cpp
    ${CMAKE_CURRENT_LIST_DIR}/generators.h
    ${CMAKE_CURRENT_LIST_DIR}/host_linux.cpp
    ${CMAKE_CURRENT_LIST_DIR}/host_windows.cpp
    ${CMAKE_CURRENT_LIST_DIR}/switch_nvidia.cpp
    ${CMAKE_CURRENT_LIST_DIR}/switch_sonic.cpp
    ${CMAKE_CURRENT_LIST_DIR}/switch_cisco_arista.cpp
    ${CMAKE_CURRENT_LIST_DIR}/switch_dell_juniper.cpp
)
