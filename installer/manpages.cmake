# Man pages and the bash completion, made at build time from the programs' own --help texts (installer/cli_docs.py
# runs help2man on them), so there is never a second copy to keep in step.
find_program(HELP2MAN help2man)
find_package(Python3 3.9 COMPONENTS Interpreter)
if(NOT HELP2MAN OR NOT Python3_Interpreter_FOUND)
    message(FATAL_ERROR "help2man and python3 make the man pages and the bash completion: run installer/deps.sh")
endif()
# A sanitizer build is for tests, never packaged; running its programs at build time would make a leak report
# at exit a build failure.
if(RP_SANITIZE)
    return()
endif()
set(RP_CLI_DOCS ${CMAKE_CURRENT_SOURCE_DIR}/cli_docs.py)
set(RP_MAN_PAGES)
set(rp_man_programs rocepilot-cli rocepilot-probe)
if(RP_BUILD_GUI)
    list(APPEND rp_man_programs rocepilot)
endif()
foreach(program ${rp_man_programs})
    set(page ${CMAKE_CURRENT_BINARY_DIR}/man/${program}.1)
    # rocepilot-cli's page carries every command's help: it is remade when any of them changes, i.e. with the CLI.
    add_custom_command(OUTPUT ${page} ${page}.gz
        COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/man
        COMMAND ${Python3_EXECUTABLE} ${RP_CLI_DOCS} man $<TARGET_FILE:${program}> ${page}
        DEPENDS ${program} ${RP_CLI_DOCS}
        COMMENT "Generating the man page of ${program} from its --help"
        VERBATIM)
    list(APPEND RP_MAN_PAGES ${page}.gz)
    install(FILES ${page}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endforeach()

set(RP_COMPLETION ${CMAKE_CURRENT_BINARY_DIR}/completion/rocepilot-cli)
add_custom_command(OUTPUT ${RP_COMPLETION}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/completion
    COMMAND ${Python3_EXECUTABLE} ${RP_CLI_DOCS} completion $<TARGET_FILE:rocepilot-cli> ${RP_COMPLETION}
    DEPENDS rocepilot-cli ${RP_CLI_DOCS}
    COMMENT "Generating the bash completion of rocepilot-cli from its --help"
    VERBATIM)
# bash-completion loads completions/<command> on first use; the file name is the command's.
install(FILES ${RP_COMPLETION} DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
add_custom_target(rp_manpages ALL DEPENDS ${RP_MAN_PAGES} ${RP_COMPLETION})
