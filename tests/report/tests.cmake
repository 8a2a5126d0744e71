# Saved runs and reports (core/run, core/counters, ui/report*, rocepilot-cli report). unit: run file round trip,
# truncated and garbled files, exports, counter parsing and rates on recorded texts.
foreach(t tst_runfile tst_counters tst_schedule tst_reportexport)
    rp_add_test(${t} SOURCES ${CMAKE_CURRENT_LIST_DIR}/${t}.cpp LABELS unit)
endforeach()
target_link_libraries(tst_runfile PRIVATE nlohmann_json::nlohmann_json)
target_link_libraries(tst_reportexport PRIVATE nlohmann_json::nlohmann_json)

# rocepilot-cli test --save and report (PDF/CSV/JSON) end to end over loopback TCP; poppler-utils read the PDF.
if(RP_BUILD_GUI)
    add_test(NAME report_cli COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/report_cli.sh $<TARGET_FILE:rocepilot-cli>)
    set_tests_properties(report_cli PROPERTIES LABELS unit TIMEOUT 120 ENVIRONMENT "QT_QPA_PLATFORM=offscreen")
endif()

# The published JSON schemas (docs/schema) against rocepilot-cli's output, both ways (python3-jsonschema).
add_test(NAME report_schema COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/report_schema.sh $<TARGET_FILE:rocepilot-cli>
    ${PROJECT_SOURCE_DIR}/docs/schema)
set_tests_properties(report_schema PROPERTIES LABELS unit TIMEOUT 120)
