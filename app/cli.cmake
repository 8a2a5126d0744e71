add_executable(rocepilot-cli
    ${CMAKE_CURRENT_LIST_DIR}/cli/climain.cpp
    ${CMAKE_CURRENT_LIST_DIR}/cli/args.h
    ${CMAKE_CURRENT_LIST_DIR}/cli/args.cpp
    ${CMAKE_CURRENT_LIST_DIR}/cli/discovercmd.cpp
    ${CMAKE_CURRENT_LIST_DIR}/cli/parsecmd.cpp
    ${CMAKE_CURRENT_LIST_DIR}/cli/labcmd.cpp
    ${CMAKE_CURRENT_LIST_DIR}/cli/profilecmd.cpp
    ${CMAKE_CURRENT_LIST_DIR}/cli/plancmd.cpp
    ${CMAKE_CURRENT_LIST_DIR}/cli/connect.h
    ${CMAKE_CURRENT_LIST_DIR}/cli/connect.cpp
    ${CMAKE_CURRENT_LIST_DIR}/cli/applycmd.cpp
    ${CMAKE_CURRENT_LIST_DIR}/cli/testcmd.cpp
    ${CMAKE_CURRENT_LIST_DIR}/cli/exportcmd.cpp
    ${CMAKE_CURRENT_LIST_DIR}/cli/diagnosecmd.cpp
    ${CMAKE_CURRENT_LIST_DIR}/cli/fabriccmd.cpp
    ${CMAKE_CURRENT_LIST_DIR}/cli/fabricpromcmd.cpp ${CMAKE_CURRENT_LIST_DIR}/cli/fabricpromcmd.h
    ${CMAKE_CURRENT_LIST_DIR}/cli/fabricprint.h
    ${CMAKE_CURRENT_LIST_DIR}/cli/fabricprint.cpp
    ${CMAKE_CURRENT_LIST_DIR}/cli/bundlecmd.cpp
    ${CMAKE_CURRENT_LIST_DIR}/cli/reportcmd.cpp
    ${CMAKE_CURRENT_LIST_DIR}/cli/fabricreportcmd.cpp
    ${CMAKE_CURRENT_LIST_DIR}/cli/print.h
    ${CMAKE_CURRENT_LIST_DIR}/cli/print.cpp
    ${CMAKE_CURRENT_LIST_DIR}/cli/commands.h)
target_link_libraries(rocepilot-cli PRIVATE rp_common_cfg rp_core)
target_compile_definitions(rocepilot-cli PRIVATE RP_VERSION="${PROJECT_VERSION}")
rp_unity_build(rocepilot-cli)
# PDF reports are drawn with Qt (QPdfWriter, offscreen: no display needed); without the GUI build the CLI
# still writes CSV and JSON.
if(RP_BUILD_GUI)
    target_link_libraries(rocepilot-cli PRIVATE rp_report)
    target_compile_definitions(rocepilot-cli PRIVATE RP_HAVE_PDF_REPORT)
endif()
install(TARGETS rocepilot-cli RUNTIME DESTINATION bin)
