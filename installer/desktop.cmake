# Desktop integration: the entry, the icon (the SVG is the one source; the PNG sizes are rendered from it at
# build time) and the AppStream metainfo. Only with the GUI: without it there is nothing to launch.
if(NOT RP_BUILD_GUI)
    return()
endif()
set(RP_RESOURCES ${PROJECT_SOURCE_DIR}/resources)
install(FILES ${RP_RESOURCES}/${RP_APP_ID}.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${RP_RESOURCES}/${RP_APP_ID}.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
install(FILES ${RP_RESOURCES}/rocepilot.svg DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)

find_program(RSVG_CONVERT rsvg-convert)
if(NOT RSVG_CONVERT)
    message(FATAL_ERROR "rsvg-convert (Debian package librsvg2-bin) renders the PNG icons: run installer/deps.sh")
endif()
set(RP_ICON_PNGS)
foreach(size 16 22 24 32 48 64 128 256)
    set(png ${CMAKE_CURRENT_BINARY_DIR}/icons/${size}x${size}/rocepilot.png)
    add_custom_command(OUTPUT ${png}
        COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/icons/${size}x${size}
        COMMAND ${RSVG_CONVERT} --width ${size} --height ${size} --output ${png} ${RP_RESOURCES}/rocepilot.svg
        DEPENDS ${RP_RESOURCES}/rocepilot.svg
        COMMENT "Rendering the ${size}x${size} icon"
        VERBATIM)
    list(APPEND RP_ICON_PNGS ${png})
    install(FILES ${png} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
endforeach()
add_custom_target(rp_icons ALL DEPENDS ${RP_ICON_PNGS})
