# The performance engine (core/perf). unit: histogram math, option validation (core and CLI), the probe
# protocol and its fuzz entry point, perftest argv and parsing of recorded outputs, the TCP engine over loopback
# (no root needed). integration: rocepilot-cli test between two netns OpenSSH hosts. lab: TCP and perftest
# between the Soft-RoCE guests.
foreach(t tst_histogram tst_perf_options tst_protocol tst_perftest tst_tcp_engine)
    rp_add_test(${t} SOURCES ${CMAKE_CURRENT_LIST_DIR}/${t}.cpp LABELS unit)
endforeach()
add_dependencies(tst_perf_options rocepilot-cli)
target_compile_definitions(tst_perf_options PRIVATE RP_CLI="$<TARGET_FILE:rocepilot-cli>")

# The probe protocol fuzz entry point (fuzz/probe_protocol_fuzz.cpp) over fuzz/probe_corpus plus deterministic
# mutations; GCC-only like the profile one: the decoder returns Result<>, which clang 14 cannot compile.
add_executable(tst_probe_protocol_fuzz_replay ${PROJECT_SOURCE_DIR}/fuzz/probe_protocol_fuzz.cpp
                                              ${PROJECT_SOURCE_DIR}/fuzz/replay_main.cpp)
target_link_libraries(tst_probe_protocol_fuzz_replay PRIVATE rp_common_cfg rp_core)
target_compile_definitions(tst_probe_protocol_fuzz_replay PRIVATE
    RP_FUZZ_CORPUS_DIR="${PROJECT_SOURCE_DIR}/fuzz/probe_corpus")
add_test(NAME tst_probe_protocol_fuzz_replay COMMAND tst_probe_protocol_fuzz_replay)
set_tests_properties(tst_probe_protocol_fuzz_replay PROPERTIES LABELS unit TIMEOUT 600)

# Against the netns hosts of tests/remote/tests.cmake (fixture netns, needs root).
rp_add_test(tst_perf_session SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_perf_session.cpp LABELS integration)
add_dependencies(tst_perf_session rocepilot-cli rocepilot-probe)
target_compile_definitions(tst_perf_session PRIVATE
    RP_CLI="$<TARGET_FILE:rocepilot-cli>" RP_PROBE="$<TARGET_FILE:rocepilot-probe>")
set_tests_properties(tst_perf_session PROPERTIES
    FIXTURES_REQUIRED netns
    RESOURCE_LOCK netns
    TIMEOUT 300
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;RP_NETNS_DIR=${RP_NETNS_DIR}")

# Against the Soft-RoCE guests (fixture softroce of tests/lab/tests.cmake): the probe copied into the guests
# (their library closure checked), TCP ping/blast, cancel, perftest ping/blast, nothing left behind.
add_test(NAME softroce_perf
    COMMAND bash ${RP_SOFTROCE_DIR}/tests/perf_probe.sh $<TARGET_FILE:rocepilot-cli> ${RP_SOFTROCE_STATE})
set_tests_properties(softroce_perf PROPERTIES
    LABELS lab FIXTURES_REQUIRED softroce RESOURCE_LOCK softroce TIMEOUT 600)

# The verbs engine's own tests (tests/perf/rdma*.cmake, owned with core/perf/rdma.cpp), when present.
file(GLOB RP_PERF_RDMA_TESTS CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/rdma*.cmake)
foreach(f ${RP_PERF_RDMA_TESTS})
    include(${f})
endforeach()
