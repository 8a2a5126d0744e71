list(APPEND RP_CORE_SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/ansible.h
    ${CMAKE_CURRENT_LIST_DIR}/ansible.cpp
    ${CMAKE_CURRENT_LIST_DIR}/ansible_write.cpp
    ${CMAKE_CURRENT_LIST_DIR}/yaml_text.cpp
)
