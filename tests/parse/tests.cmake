# Parser tests: fixtures under tests/fixtures/parse.
rp_add_test(tst_parsers SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_parsers.cpp LABELS unit)

# The fuzz entry point (fuzz/fuzz_parsers.cpp) replayed over fuzz/corpus plus deterministic mutations, so it runs
# in every build, not only in clang/libFuzzer builds.
add_executable(tst_parse_fuzz_replay ${PROJECT_SOURCE_DIR}/fuzz/fuzz_parsers.cpp ${PROJECT_SOURCE_DIR}/fuzz/replay_main.cpp)
target_link_libraries(tst_parse_fuzz_replay PRIVATE rp_common_cfg rp_core)
target_compile_definitions(tst_parse_fuzz_replay PRIVATE RP_FUZZ_FAMILY_ALL
                                                         RP_FUZZ_CORPUS_DIR="${PROJECT_SOURCE_DIR}/fuzz/corpus")
add_test(NAME tst_parse_fuzz_replay COMMAND tst_parse_fuzz_replay)
set_tests_properties(tst_parse_fuzz_replay PROPERTIES LABELS unit TIMEOUT 600)
