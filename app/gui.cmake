# rocepilot GUI
qt_add_executable(rocepilot ${CMAKE_CURRENT_SOURCE_DIR}/rocepilot/guimain.cpp)
set_target_properties(rocepilot PROPERTIES AUTOMOC ON)
target_link_libraries(rocepilot PRIVATE rp_common_cfg rp_ui Qt6::Widgets)
target_compile_definitions(rocepilot PRIVATE RP_VERSION="${PROJECT_VERSION}")
# .qm files are embedded under :/i18n; lupdate also reads the ui library's sources.
qt_add_translations(rocepilot
    TS_FILES
        ${PROJECT_SOURCE_DIR}/translations/rocepilot_de.ts
        ${PROJECT_SOURCE_DIR}/translations/rocepilot_zh_CN.ts
    SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/rocepilot/guimain.cpp ${RP_UI_SOURCES_ABS}
    INCLUDE_DIRECTORIES ${PROJECT_SOURCE_DIR}/ui ${PROJECT_SOURCE_DIR}/report ${PROJECT_SOURCE_DIR}/core
    LUPDATE_OPTIONS -no-obsolete -locations none)
install(TARGETS rocepilot) # default: bin (GNUInstallDirs layout)
