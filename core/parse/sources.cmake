# Parsers of command outputs (core/parse). Internal plumbing lives in parsehelpers.h.
list(APPEND RP_CORE_SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/parsers.h
    ${CMAKE_CURRENT_LIST_DIR}/gid.h
    ${CMAKE_CURRENT_LIST_DIR}/gid.cpp
    ${CMAKE_CURRENT_LIST_DIR}/parsehelpers.h
    ${CMAKE_CURRENT_LIST_DIR}/parsehelpers.cpp
    ${CMAKE_CURRENT_LIST_DIR}/gids_text.cpp
    ${CMAKE_CURRENT_LIST_DIR}/verbs_text.cpp
    ${CMAKE_CURRENT_LIST_DIR}/rdma_tool.cpp
    ${CMAKE_CURRENT_LIST_DIR}/iproute_json.cpp
    ${CMAKE_CURRENT_LIST_DIR}/dcb.cpp
    ${CMAKE_CURRENT_LIST_DIR}/mlnx_qos.cpp
    ${CMAKE_CURRENT_LIST_DIR}/lldptool.cpp
    ${CMAKE_CURRENT_LIST_DIR}/detect.cpp
    ${CMAKE_CURRENT_LIST_DIR}/fragments.h
    ${CMAKE_CURRENT_LIST_DIR}/fragments.cpp
    ${CMAKE_CURRENT_LIST_DIR}/switch_show.h
    ${CMAKE_CURRENT_LIST_DIR}/switch_show.cpp
    ${CMAKE_CURRENT_LIST_DIR}/switch_config.h
    ${CMAKE_CURRENT_LIST_DIR}/switch_config.cpp
    ${CMAKE_CURRENT_LIST_DIR}/lldp.h
    ${CMAKE_CURRENT_LIST_DIR}/lldp.cpp
    ${CMAKE_CURRENT_LIST_DIR}/powershell.h
    ${CMAKE_CURRENT_LIST_DIR}/powershell.cpp)
