# tests for remote: command quoting, LocalExecutor, fleet helpers (unit); SshExecutor against the netns
# OpenSSH lab (integration, needs root).
rp_add_test(tst_command SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_command.cpp LABELS unit)
rp_add_test(tst_local_executor SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_local_executor.cpp LABELS unit)
rp_add_test(tst_remote_fleet SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_remote_fleet.cpp LABELS unit)
set_target_properties(tst_command tst_local_executor tst_remote_fleet PROPERTIES AUTOMOC ON)

# The lab: 20 sshd in network namespaces, up before and down after every test that needs it.
set(RP_NETNS_DIR ${PROJECT_BINARY_DIR}/netns-lab)
set(RP_NETNS_SCRIPT ${PROJECT_SOURCE_DIR}/tests/lab/netns-hosts.sh)
add_test(NAME netns_up COMMAND ${RP_NETNS_SCRIPT} up 20 ${RP_NETNS_DIR})
add_test(NAME netns_down COMMAND ${RP_NETNS_SCRIPT} down ${RP_NETNS_DIR})
set_tests_properties(netns_up PROPERTIES FIXTURES_SETUP netns RESOURCE_LOCK netns LABELS integration TIMEOUT 120)
set_tests_properties(netns_down PROPERTIES FIXTURES_CLEANUP netns RESOURCE_LOCK netns LABELS integration TIMEOUT 60)

foreach(t tst_ssh_executor tst_ssh_fleet)
    rp_add_test(${t} SOURCES ${CMAKE_CURRENT_LIST_DIR}/${t}.cpp LABELS integration)
    set_target_properties(${t} PROPERTIES AUTOMOC ON)
    set_tests_properties(${t} PROPERTIES
        FIXTURES_REQUIRED netns
        RESOURCE_LOCK netns
        TIMEOUT 300
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;RP_NETNS_DIR=${RP_NETNS_DIR}")
endforeach()
