# rocepilot-probe: the remote half of a performance test (docs/ARCHITECTURE.md). RoCE Pilot copies this one
# file to the hosts it tests, so it links rp_core only (no Qt) and records only the shared libraries it really
# uses (--as-needed: no libssh or yaml-cpp on the host just because rp_core links them). libstdc++ and libgcc
# go in statically: minimal hosts (the Soft-RoCE lab's guests) have no C++ runtime.
add_executable(rocepilot-probe ${CMAKE_CURRENT_LIST_DIR}/probe/probemain.cpp)
target_link_libraries(rocepilot-probe PRIVATE rp_common_cfg rp_core)
target_link_options(rocepilot-probe PRIVATE -Wl,--as-needed -static-libstdc++ -static-libgcc)
install(TARGETS rocepilot-probe RUNTIME DESTINATION bin)
# It travels over SSH to every host tested, so it goes without its debug info (8.8 MB -> 0.75 MB); the info
# stays next to it in rocepilot-probe.debug, which gdb finds through the debug link.
if(CMAKE_OBJCOPY)
    add_custom_command(TARGET rocepilot-probe POST_BUILD
        COMMAND ${CMAKE_OBJCOPY} --only-keep-debug $<TARGET_FILE:rocepilot-probe> $<TARGET_FILE:rocepilot-probe>.debug
        COMMAND ${CMAKE_OBJCOPY} --strip-debug --add-gnu-debuglink=$<TARGET_FILE:rocepilot-probe>.debug
                $<TARGET_FILE:rocepilot-probe>
        VERBATIM)
endif()
# A sanitizer build's probe goes into the lab's guests too (the whole suite runs under ASan+UBSan), and those have
# no libasan: the sanitizer runtimes go in statically, like libstdc++.
if(RP_SANITIZE)
    target_link_options(rocepilot-probe PRIVATE -static-libasan -static-libubsan)
endif()
