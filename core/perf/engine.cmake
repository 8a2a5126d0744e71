# Options/histogram live in perf.cpp (sources.cmake); this list: the probe protocol, the TCP engine, the probe's
# capability scan, the controller (probe sessions) and the perftest back end. The verbs engine is in rdma.cmake.
list(APPEND RP_CORE_SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/protocol.h
    ${CMAKE_CURRENT_LIST_DIR}/protocol.cpp
    ${CMAKE_CURRENT_LIST_DIR}/tcp.cpp
    ${CMAKE_CURRENT_LIST_DIR}/capabilities.h
    ${CMAKE_CURRENT_LIST_DIR}/capabilities.cpp
    ${CMAKE_CURRENT_LIST_DIR}/probesession.h
    ${CMAKE_CURRENT_LIST_DIR}/probesession.cpp
    ${CMAKE_CURRENT_LIST_DIR}/perftest.h
    ${CMAKE_CURRENT_LIST_DIR}/perftest.cpp)
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/capabilities.cpp PROPERTIES
    COMPILE_DEFINITIONS RP_PROBE_VERSION="${PROJECT_VERSION}")
