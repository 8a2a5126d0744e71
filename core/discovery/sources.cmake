list(APPEND RP_CORE_SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/discover.h
    ${CMAKE_CURRENT_LIST_DIR}/discover.cpp
    ${CMAKE_CURRENT_LIST_DIR}/recommend.cpp
    ${CMAKE_CURRENT_LIST_DIR}/snapshot.h
    ${CMAKE_CURRENT_LIST_DIR}/snapshot.cpp
    ${CMAKE_CURRENT_LIST_DIR}/json.h
    ${CMAKE_CURRENT_LIST_DIR}/json.cpp
    ${CMAKE_CURRENT_LIST_DIR}/json_read.cpp
)
