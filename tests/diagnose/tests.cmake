# The troubleshooter: every rule broken and fixed (tst_diagnose), the fragment importer (tst_fragments).
rp_add_test(tst_diagnose SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_diagnose.cpp LABELS unit)
rp_add_test(tst_fragments SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_fragments.cpp LABELS unit)
rp_add_test(tst_bundle SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_bundle.cpp LABELS unit)

# On the real Soft-RoCE lab (label lab, needs the softroce fixture of tests/lab/tests.cmake): healthy pair and
# reachability matrix, then MTU, VLAN, GID index and rdma_cm ToS faults made in a guest and restored.
add_test(NAME softroce_diagnose
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/lab_diagnose.sh $<TARGET_FILE:rocepilot-cli> ${RP_SOFTROCE_STATE})
set_tests_properties(softroce_diagnose PROPERTIES
    LABELS lab FIXTURES_REQUIRED softroce RESOURCE_LOCK softroce TIMEOUT 900)

if(RP_BUILD_GUI)
    # The Troubleshoot page offscreen; tests/diagnose/screenshot.sh runs it with RP_SCREENSHOT set.
    rp_add_test(tst_troubleshootpage SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_troubleshootpage.cpp LABELS gui
        LIBS rp_ui Qt6::Widgets)
endif()

# The CLI's exit codes and JSON on the fixtures.
add_test(NAME cli_diagnose COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/cli_diagnose.sh $<TARGET_FILE:rocepilot-cli>
    ${CMAKE_CURRENT_SOURCE_DIR}/fixtures)
set_tests_properties(cli_diagnose PROPERTIES LABELS unit)
