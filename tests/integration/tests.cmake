# Discovery against the netns OpenSSH lab (fixture `netns` from tests/remote/tests.cmake).
rp_add_test(tst_discovery_netns SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_discovery_netns.cpp LABELS integration)
add_dependencies(tst_discovery_netns rocepilot-cli)
target_compile_definitions(tst_discovery_netns PRIVATE RP_CLI="$<TARGET_FILE:rocepilot-cli>")
set_tests_properties(tst_discovery_netns PROPERTIES
    FIXTURES_REQUIRED netns
    RESOURCE_LOCK netns
    TIMEOUT 300
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;RP_NETNS_DIR=${PROJECT_BINARY_DIR}/netns-lab")
