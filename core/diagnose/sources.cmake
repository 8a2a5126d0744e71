# The troubleshooter (core/diagnose): rules over a fabric snapshot, fixes from core/generate, live collection.
list(APPEND RP_CORE_SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/diagnose.h
    ${CMAKE_CURRENT_LIST_DIR}/context.h
    ${CMAKE_CURRENT_LIST_DIR}/engine.cpp
    ${CMAKE_CURRENT_LIST_DIR}/fix.h
    ${CMAKE_CURRENT_LIST_DIR}/fix.cpp
    ${CMAKE_CURRENT_LIST_DIR}/rules_gid.cpp
    ${CMAKE_CURRENT_LIST_DIR}/rules_qos.cpp
    ${CMAKE_CURRENT_LIST_DIR}/rules_mtu.cpp
    ${CMAKE_CURRENT_LIST_DIR}/rules_counters.cpp
    ${CMAKE_CURRENT_LIST_DIR}/rules_tests.cpp
    ${CMAKE_CURRENT_LIST_DIR}/rules_switch.cpp
    ${CMAKE_CURRENT_LIST_DIR}/rules_links.cpp
    ${CMAKE_CURRENT_LIST_DIR}/rules_windows.cpp
    ${CMAKE_CURRENT_LIST_DIR}/report.cpp
    ${CMAKE_CURRENT_LIST_DIR}/live.h
    ${CMAKE_CURRENT_LIST_DIR}/live.cpp)
