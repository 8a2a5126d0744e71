list(APPEND RP_CORE_SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/journal.h
    ${CMAKE_CURRENT_LIST_DIR}/journal.cpp
    ${CMAKE_CURRENT_LIST_DIR}/deadman.h
    ${CMAKE_CURRENT_LIST_DIR}/deadman.cpp
    ${CMAKE_CURRENT_LIST_DIR}/hostrun.h
    ${CMAKE_CURRENT_LIST_DIR}/hostrun.cpp
    ${CMAKE_CURRENT_LIST_DIR}/apply.h
    ${CMAKE_CURRENT_LIST_DIR}/apply.cpp
)
