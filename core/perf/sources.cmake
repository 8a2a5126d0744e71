# The performance engine. engine.cmake: options, histogram, protocol, TCP engine, probe sessions, perftest back
# end; rdma.cmake: the verbs engine. Kept apart so the two can grow without editing one list.
list(APPEND RP_CORE_SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/perf.h
    ${CMAKE_CURRENT_LIST_DIR}/perf.cpp)
include(${CMAKE_CURRENT_LIST_DIR}/engine.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/rdma.cmake)
