# Ansible export (core/export): unit tests (structure, quoting, ansible-playbook --syntax-check, a real local
# run) and the integration test against the netns OpenSSH hosts (fixture `netns` from tests/remote/tests.cmake).
rp_add_test(tst_export_ansible SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_export_ansible.cpp LABELS unit)
add_dependencies(tst_export_ansible rocepilot-cli)
target_compile_definitions(tst_export_ansible PRIVATE RP_CLI="$<TARGET_FILE:rocepilot-cli>")
set_tests_properties(tst_export_ansible PROPERTIES TIMEOUT 600)

rp_add_test(tst_export_ansible_netns SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_export_ansible_netns.cpp LABELS integration)
add_dependencies(tst_export_ansible_netns rocepilot-cli)
target_compile_definitions(tst_export_ansible_netns PRIVATE RP_CLI="$<TARGET_FILE:rocepilot-cli>")
set_tests_properties(tst_export_ansible_netns PROPERTIES
    FIXTURES_REQUIRED netns
    RESOURCE_LOCK netns
    TIMEOUT 900
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;RP_NETNS_DIR=${PROJECT_BINARY_DIR}/netns-lab")
