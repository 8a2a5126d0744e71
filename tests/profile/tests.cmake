# Profiles (core/profile) and plan generators (core/generate): validation table, YAML round trip, property test,
# golden files per preset and target, host/switch agreement, CLI.
rp_add_test(tst_profile SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_profile.cpp LABELS unit)
rp_add_test(tst_generate SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_generate.cpp LABELS unit)
add_dependencies(tst_generate rocepilot-cli)
target_compile_definitions(tst_generate PRIVATE RP_CLI="$<TARGET_FILE:rocepilot-cli>")

# The profile YAML fuzz entry point (fuzz/profile_fuzz.cpp) replayed over fuzz/profile_corpus plus deterministic
# mutations by fuzz/replay_main.cpp. It needs rp_core (<expected>), so it is a GCC-only ctest, not a clang target.
add_executable(tst_profile_fuzz_replay ${PROJECT_SOURCE_DIR}/fuzz/profile_fuzz.cpp ${PROJECT_SOURCE_DIR}/fuzz/replay_main.cpp)
target_link_libraries(tst_profile_fuzz_replay PRIVATE rp_common_cfg rp_core)
target_compile_definitions(tst_profile_fuzz_replay PRIVATE RP_FUZZ_CORPUS_DIR="${PROJECT_SOURCE_DIR}/fuzz/profile_corpus")
add_test(NAME tst_profile_fuzz_replay COMMAND tst_profile_fuzz_replay)
set_tests_properties(tst_profile_fuzz_replay PROPERTIES LABELS unit TIMEOUT 600)
# What a plan changes on a host: diffTarget against fixture sysfs trees and hand-made DCB state.
rp_add_test(tst_diff SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_diff.cpp LABELS unit)
