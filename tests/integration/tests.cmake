# Discovery against the netns OpenSSH lab (fixture `netns` from tests/remote/tests.cmake).
rp_add_test(tst_discovery_netns SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_discovery_netns.cpp LABELS integration)
add_dependencies(tst_discovery_netns rocepilot-cli)
target_compile_definitions(tst_discovery_netns PRIVATE RP_CLI="$<TARGET_FILE:rocepilot-cli>")
set_tests_properties(tst_discovery_netns PROPERTIES
    FIXTURES_REQUIRED netns
    RESOURCE_LOCK netns
    TIMEOUT 300
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;RP_NETNS_DIR=${PROJECT_BINARY_DIR}/netns-lab")

# Two netns labs of two directories up at the same time, side by side, one taken down under the other's feet.
add_test(NAME netns_concurrent COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/netns_concurrent.sh
                                       ${PROJECT_BINARY_DIR}/netns-concurrent)
set_tests_properties(netns_concurrent PROPERTIES LABELS integration TIMEOUT 180)
