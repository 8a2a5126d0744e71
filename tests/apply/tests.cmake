# The apply engine (core/apply): journal round trip and damage, read-back matching, the state snapshot, the
# plan.json/journal fuzz corpus replay (unit); fleets on netns OpenSSH hosts (integration); the Soft-RoCE lab
# runs are in tests/lab/tests.cmake (softroce_apply).
rp_add_test(tst_apply SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_apply.cpp LABELS unit)

add_executable(tst_apply_fuzz_replay ${PROJECT_SOURCE_DIR}/fuzz/apply_fuzz.cpp ${PROJECT_SOURCE_DIR}/fuzz/replay_main.cpp)
target_link_libraries(tst_apply_fuzz_replay PRIVATE rp_common_cfg rp_core)
target_compile_definitions(tst_apply_fuzz_replay PRIVATE RP_FUZZ_CORPUS_DIR="${PROJECT_SOURCE_DIR}/fuzz/apply_corpus")
add_test(NAME tst_apply_fuzz_replay COMMAND tst_apply_fuzz_replay)
set_tests_properties(tst_apply_fuzz_replay PROPERTIES LABELS unit TIMEOUT 600)
