list(APPEND RP_CORE_SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/profile.h
    ${CMAKE_CURRENT_LIST_DIR}/profile.cpp
    ${CMAKE_CURRENT_LIST_DIR}/profileyaml.cpp
    ${CMAKE_CURRENT_LIST_DIR}/yamlread.h
)
