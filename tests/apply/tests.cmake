# The apply engine (core/apply): journal round trip and damage, read-back matching, the state snapshot, the
# plan.json/journal fuzz corpus replay (unit); fleets on netns OpenSSH hosts (integration); the Soft-RoCE lab
# runs are in tests/lab/tests.cmake (softroce_apply).
rp_add_test(tst_apply SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_apply.cpp LABELS unit)
add_dependencies(tst_apply rocepilot-cli)
target_compile_definitions(tst_apply PRIVATE RP_CLI="$<TARGET_FILE:rocepilot-cli>")

add_executable(tst_apply_fuzz_replay ${PROJECT_SOURCE_DIR}/fuzz/apply_fuzz.cpp ${PROJECT_SOURCE_DIR}/fuzz/replay_main.cpp)
target_link_libraries(tst_apply_fuzz_replay PRIVATE rp_common_cfg rp_core)
target_compile_definitions(tst_apply_fuzz_replay PRIVATE RP_FUZZ_CORPUS_DIR="${PROJECT_SOURCE_DIR}/fuzz/apply_corpus")
add_test(NAME tst_apply_fuzz_replay COMMAND tst_apply_fuzz_replay)
set_tests_properties(tst_apply_fuzz_replay PROPERTIES LABELS unit TIMEOUT 600)

# Fleet policies on 50 netns OpenSSH hosts of its own (names and a /21 of its lab directory, beside the 20-host lab).
add_test(NAME apply_fleet_netns
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/fleet_netns.sh $<TARGET_FILE:rocepilot-cli> ${PROJECT_BINARY_DIR}/apply-fleet)
set_tests_properties(apply_fleet_netns PROPERTIES LABELS integration RESOURCE_LOCK netns TIMEOUT 600)

# The engine on switch targets, against the switch CLI EMULATORS (EOS, NX-OS, NVUE behind real sshd; not switches).
add_test(NAME apply_switch_emulators
    COMMAND flock /tmp/rp-switch-emu.lock ${PROJECT_SOURCE_DIR}/tests/lab/switch-emu/switches.sh run
        ${PROJECT_BINARY_DIR}/apply-switch-lab -- bash ${CMAKE_CURRENT_LIST_DIR}/switch_apply.sh
        $<TARGET_FILE:rocepilot-cli> ${PROJECT_BINARY_DIR}/apply-switch)
set_tests_properties(apply_switch_emulators PROPERTIES LABELS integration RESOURCE_LOCK switch-emu TIMEOUT 300)
