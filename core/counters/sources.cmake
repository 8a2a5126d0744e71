# Host counters sampled during a test (core/counters): parsing of hw_counters / ethtool -S / rdma statistic,
# rates with wrap handling, the streaming sampler over an executor, and its
# native twin that rocepilot-probe runs on a host.
list(APPEND RP_CORE_SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/counters.h
    ${CMAKE_CURRENT_LIST_DIR}/counters.cpp
    ${CMAKE_CURRENT_LIST_DIR}/native.h
    ${CMAKE_CURRENT_LIST_DIR}/native.cpp
    ${CMAKE_CURRENT_LIST_DIR}/alarms.h
    ${CMAKE_CURRENT_LIST_DIR}/alarms.cpp)
