# core/switchcli: text handling on recorded transcripts (unit), and sessions + per-vendor apply against switch
# CLI EMULATORS behind real sshd in network namespaces (integration, needs root; tests/lab/switch-emu).
rp_add_test(tst_switch_text SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_switch_text.cpp LABELS unit)

# Built like rp_add_test, but registered through switches.sh run: the emulated switches are up for exactly this
# test run (started before it, taken down on any exit), and flock keeps two runs on one machine from sharing
# the rp-sw* names.
add_executable(tst_switch_emulators ${CMAKE_CURRENT_LIST_DIR}/tst_switch_emulators.cpp)
set_target_properties(tst_switch_emulators PROPERTIES AUTOMOC ON)
target_link_libraries(tst_switch_emulators PRIVATE rp_common_cfg rp_core Qt6::Test)
target_include_directories(tst_switch_emulators PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
target_compile_definitions(tst_switch_emulators PRIVATE RP_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
add_test(NAME tst_switch_emulators
    COMMAND flock /tmp/rp-switch-emu.lock ${PROJECT_SOURCE_DIR}/tests/lab/switch-emu/switches.sh run
        ${PROJECT_BINARY_DIR}/switch-emu-lab -- $<TARGET_FILE:tst_switch_emulators>)
set_tests_properties(tst_switch_emulators PROPERTIES LABELS integration TIMEOUT 300 RESOURCE_LOCK switch-emu
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen")
