# Capture bundles (core/bundle): one text file with every output the troubleshooter reads from a host.
list(APPEND RP_CORE_SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/bundle.h
    ${CMAKE_CURRENT_LIST_DIR}/bundle.cpp)
