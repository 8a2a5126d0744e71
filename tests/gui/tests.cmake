# tests for gui (offscreen widgets; rp_add_test sets QT_QPA_PLATFORM=offscreen)
foreach(t inventorymodel discoverymodel sshconfigimport wizard profilepage reviewpage applymodels keyboard settings)
    rp_add_test(tst_${t}
        SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_${t}.cpp ${CMAKE_CURRENT_LIST_DIR}/guitestdata.h
        LABELS gui
        LIBS rp_ui Qt6::Widgets)
endforeach()
target_link_libraries(tst_wizard PRIVATE Qt6::Concurrent) # the prompter test asks from worker threads
# tst_keyboard checks the mnemonics of the built translations (app/rocepilot_*.qm, made with the GUI).
add_dependencies(tst_keyboard rocepilot)
set_tests_properties(tst_wizard tst_profilepage tst_reviewpage tst_applymodels tst_keyboard tst_settings PROPERTIES TIMEOUT 120)

# docs/screenshots/discover.png from the mlx5-dual fixture tree (needs xvfb-run): ninja gui-screenshot
add_custom_target(gui-screenshot
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/screenshot.sh $<TARGET_FILE:rocepilot>
    DEPENDS rocepilot
    USES_TERMINAL
    COMMENT "Writing docs/screenshots/discover.png")

# The built-in Soft-RoCE lab in the GUI, against stand-in lab scripts; also runs `rocepilot --lab`.
rp_add_test(tst_labstart
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_labstart.cpp ${CMAKE_CURRENT_LIST_DIR}/guitestdata.h
    LABELS gui
    LIBS rp_ui Qt6::Widgets)
add_dependencies(tst_labstart rocepilot)
target_compile_definitions(tst_labstart PRIVATE RP_ROCEPILOT="$<TARGET_FILE:rocepilot>")
set_tests_properties(tst_labstart PROPERTIES TIMEOUT 180)

# The wizard against the netns OpenSSH lab (fixture `netns` from tests/remote/tests.cmake): discovery, an
# unknown host key through HostKeyDialog, password prompts.
rp_add_test(tst_wizard_netns
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_wizard_netns.cpp ${CMAKE_CURRENT_LIST_DIR}/guitestdata.h
    LABELS integration
    LIBS rp_ui Qt6::Widgets)
set_tests_properties(tst_wizard_netns PROPERTIES
    FIXTURES_REQUIRED netns
    RESOURCE_LOCK netns
    TIMEOUT 300
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;RP_NETNS_DIR=${PROJECT_BINARY_DIR}/netns-lab")

# The live dashboard's frame rate, event-loop latency and memory at 10 kHz per series; saved runs reopen
# (ui/dashboardview, ui/seriesbuffer, ui/testpanel).
rp_add_test(tst_dashboard SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_dashboard.cpp LABELS gui LIBS rp_ui Qt6::Widgets
    QCustomPlotQt6::QCustomPlotQt6)
# It measures frame rate and latency: never alongside other tests of this run.
set_tests_properties(tst_dashboard PROPERTIES TIMEOUT 180 RUN_SERIAL TRUE)

# The Test panel running an RDMA ping lab-b -> lab-a in the Soft-RoCE lab (fixture softroce): charts, counters,
# the run file, reopen, report.
rp_add_test(tst_testpage_lab SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_testpage_lab.cpp LABELS lab
    LIBS rp_ui Qt6::Widgets QCustomPlotQt6::QCustomPlotQt6)
add_dependencies(tst_testpage_lab rocepilot-probe)
target_compile_definitions(tst_testpage_lab PRIVATE
    RP_PROBE="$<TARGET_FILE:rocepilot-probe>" RP_SOFTROCE_STATE="${RP_SOFTROCE_STATE}")
set_tests_properties(tst_testpage_lab PROPERTIES
    FIXTURES_REQUIRED softroce RESOURCE_LOCK softroce TIMEOUT 400)

# The Test panel's all-to-all with heatmap over 4 netns OpenSSH hosts (TCP), and Stop mid-run.
rp_add_test(tst_testpage_netns SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_testpage_netns.cpp LABELS integration
    LIBS rp_ui Qt6::Widgets QCustomPlotQt6::QCustomPlotQt6)
add_dependencies(tst_testpage_netns rocepilot-probe)
target_compile_definitions(tst_testpage_netns PRIVATE RP_PROBE="$<TARGET_FILE:rocepilot-probe>")
set_tests_properties(tst_testpage_netns PROPERTIES
    FIXTURES_REQUIRED netns
    RESOURCE_LOCK netns
    TIMEOUT 300
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;RP_NETNS_DIR=${RP_NETNS_DIR}")
# The Apply page end to end on the Soft-RoCE lab guests (fixture `softroce` from tests/lab/tests.cmake): discover,
# plan, dry run, apply, verify, rollback, dry run again. RP_APPLY_SCREENSHOT=FILE also writes the page after the
# apply (docs/screenshots/apply.png: ninja gui-screenshot-apply).
rp_add_test(tst_applypage_lab
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_applypage_lab.cpp ${CMAKE_CURRENT_LIST_DIR}/guitestdata.h
    LABELS lab
    LIBS rp_ui Qt6::Widgets)
set_tests_properties(tst_applypage_lab PROPERTIES
    FIXTURES_REQUIRED softroce
    RESOURCE_LOCK softroce
    TIMEOUT 900
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;RP_SOFTROCE_STATE=${RP_SOFTROCE_STATE}")
add_custom_target(gui-screenshot-apply
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/screenshot.sh apply ${PROJECT_BINARY_DIR}
    DEPENDS tst_applypage_lab
    USES_TERMINAL
    COMMENT "Writing docs/screenshots/apply.png (starts and stops the Soft-RoCE lab)")

# The Apply page and the Journals view on netns OpenSSH hosts (fixture `netns`) with a plan made by hand: dead-man
# countdown, rollback from the Journals view, cancel mid-run, policy stop-all with a failing host, closing while a
# run goes, resume of an unfinished run offered at start.
rp_add_test(tst_applypage_netns
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_applypage_netns.cpp
    LABELS integration
    LIBS rp_ui Qt6::Widgets)
set_tests_properties(tst_applypage_netns PROPERTIES
    FIXTURES_REQUIRED netns
    RESOURCE_LOCK netns
    TIMEOUT 300
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;RP_NETNS_DIR=${PROJECT_BINARY_DIR}/netns-lab")

# German and Simplified Chinese complete and current: lrelease reports 0 unfinished, and lupdate on the same sources
# qt_add_translations reads (app/gui.cmake) would neither add nor drop a string (run into a temporary copy).
add_test(NAME translations
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/../check-translations.sh
            $<TARGET_FILE:Qt6::lupdate> $<TARGET_FILE:Qt6::lrelease> ${PROJECT_SOURCE_DIR}/translations
            ${PROJECT_SOURCE_DIR}/ui ${PROJECT_SOURCE_DIR}/core
            -- ${PROJECT_SOURCE_DIR}/app/rocepilot/main.cpp ${RP_UI_SOURCES_ABS})
set_tests_properties(translations PROPERTIES LABELS "unit;translations" TIMEOUT 300)

# The keyboard walk on the built-in default, the Soft-RoCE lab: Welcome → lab → Discover → Profile → Review by key
# events only. The lab page starts a lab of its own in a temporary state dir (not the `softroce` fixture's, which
# it would not reuse), and the test stops it; RESOURCE_LOCK keeps it from running beside the fixture's lab.
rp_add_test(tst_keyboard_lab
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_keyboard_lab.cpp
    LABELS lab
    LIBS rp_ui Qt6::Widgets)
set_tests_properties(tst_keyboard_lab PROPERTIES RESOURCE_LOCK softroce TIMEOUT 600)
