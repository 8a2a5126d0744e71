# tests for gui (offscreen widgets; rp_add_test sets QT_QPA_PLATFORM=offscreen)
foreach(t inventorymodel discoverymodel sshconfigimport wizard)
    rp_add_test(tst_${t}
        SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_${t}.cpp ${CMAKE_CURRENT_LIST_DIR}/guitestdata.h
        LABELS gui
        LIBS rp_ui Qt6::Widgets)
endforeach()
target_link_libraries(tst_wizard PRIVATE Qt6::Concurrent) # the prompter test asks from worker threads
set_tests_properties(tst_wizard PROPERTIES TIMEOUT 120)

# docs/screenshots/discover.png from the mlx5-dual fixture tree (needs xvfb-run): ninja gui-screenshot
add_custom_target(gui-screenshot
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/screenshot.sh $<TARGET_FILE:rocepilot>
    DEPENDS rocepilot
    USES_TERMINAL
    COMMENT "Writing docs/screenshots/discover.png")
