rp_add_test(tst_discovery SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_discovery.cpp LABELS unit)
rp_add_test(tst_inventory SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_inventory.cpp LABELS unit)
rp_add_test(tst_cli SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_cli.cpp LABELS unit)
add_dependencies(tst_cli rocepilot-cli)
target_compile_definitions(tst_cli PRIVATE RP_CLI="$<TARGET_FILE:rocepilot-cli>")
rp_add_test(tst_lab SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_lab.cpp LABELS unit)
# The inventory YAML fuzz entry point (fuzz/inventory_fuzz.cpp) over fuzz/inventory_corpus plus deterministic
# mutations (fuzz/replay_main.cpp): the GCC side of the fuzz_inventory libFuzzer target (the fuzz preset).
add_executable(tst_inventory_fuzz_replay ${PROJECT_SOURCE_DIR}/fuzz/inventory_fuzz.cpp ${PROJECT_SOURCE_DIR}/fuzz/replay_main.cpp)
target_link_libraries(tst_inventory_fuzz_replay PRIVATE rp_common_cfg rp_core)
target_compile_definitions(tst_inventory_fuzz_replay PRIVATE RP_FUZZ_CORPUS_DIR="${PROJECT_SOURCE_DIR}/fuzz/inventory_corpus")
add_test(NAME tst_inventory_fuzz_replay COMMAND tst_inventory_fuzz_replay)
set_tests_properties(tst_inventory_fuzz_replay PROPERTIES LABELS unit TIMEOUT 600)
