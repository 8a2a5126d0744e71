# Saved runs and reports (core/run, core/counters, ui/report*, rocepilot-cli report). unit: run file round trip,
# truncated and garbled files, exports, counter parsing and rates on recorded texts.
foreach(t tst_runfile)
    rp_add_test(${t} SOURCES ${CMAKE_CURRENT_LIST_DIR}/${t}.cpp LABELS unit)
endforeach()
target_link_libraries(tst_runfile PRIVATE nlohmann_json::nlohmann_json)
