# Soft-RoCE lab tests (label `lab`): two qemu guests with a real rdma_rxe device each, booted by
# tests/lab/softroce/lab.sh from Debian's own kernel package (see tests/lab/softroce/README.md). The fixture
# `softroce` boots them once for all tests (the first run also downloads the kernel and builds the image, so
# softroce_up gets a generous timeout). No test skips: when the lab cannot start, softroce_up fails with the
# reason and every test that needs it fails too.
set(RP_SOFTROCE_DIR ${CMAKE_CURRENT_LIST_DIR}/softroce)
set(RP_SOFTROCE_STATE ${PROJECT_BINARY_DIR}/softroce)

add_test(NAME softroce_up
    COMMAND bash ${RP_SOFTROCE_DIR}/lab.sh start --inventory-out ${RP_SOFTROCE_STATE}/inventory.yaml
            --state-dir ${RP_SOFTROCE_STATE})
set_tests_properties(softroce_up PROPERTIES LABELS lab FIXTURES_SETUP softroce RESOURCE_LOCK softroce TIMEOUT 600)

# Reports the pair's qemu RSS after the tests (<= 800 MB), stops the lab and checks nothing is left.
add_test(NAME softroce_down COMMAND bash ${RP_SOFTROCE_DIR}/tests/down.sh ${RP_SOFTROCE_STATE})
set_tests_properties(softroce_down PROPERTIES LABELS lab FIXTURES_CLEANUP softroce RESOURCE_LOCK softroce TIMEOUT 120)
# Under ASan+UBSan the guests run the sanitized probe (13.9 MB with its runtimes, app/probe.cmake): a 256 MB guest's
# root file system (half its RAM) has no room for it beside the image, so such a build boots 512 MB guests and
# allows their qemu processes the RAM that takes.
if(RP_SANITIZE)
    set_property(TEST softroce_up APPEND PROPERTY ENVIRONMENT RP_LAB_MEM=512)
    set_property(TEST softroce_down APPEND PROPERTY ENVIRONMENT RP_LAB_MAX_RSS_MB=1400)
endif()

# discover:    rocepilot-cli discover vs. the guests' own sysfs and ibv_devinfo -v; recommendations agree
# gid_runtime: adding/removing an address and a VLAN moves GID indexes; the next discovery sees it
# perftest:    ib_send_lat / ib_write_bw with the recommended GID indexes pass, wrong indexes fail
# push:        lab.sh push of a host-built verbs program + a library only the host has; it runs and sees rxe0
# capture:     capture.sh writes every fixture file with its provenance header (into the build tree)
foreach(t discover gid_runtime perftest push capture_check)
    add_test(NAME softroce_${t}
        COMMAND bash ${RP_SOFTROCE_DIR}/tests/${t}.sh $<TARGET_FILE:rocepilot-cli> ${RP_SOFTROCE_STATE})
    set_tests_properties(softroce_${t} PROPERTIES
        LABELS lab FIXTURES_REQUIRED softroce RESOURCE_LOCK softroce TIMEOUT 300)
endforeach()

# apply: plan from the guests' discovery, dry-run, apply read back in the guests, idempotent re-apply, rollback
# equal to the state before, and the faults (DCB on virtio-net, a step cutting the management link under the
# dead-man, sshd killed, the controller killed then rollback/resume from the journal, a full journal disk).
add_test(NAME softroce_apply
    COMMAND bash ${RP_SOFTROCE_DIR}/tests/apply.sh $<TARGET_FILE:rocepilot-cli> ${RP_SOFTROCE_STATE}
            $<TARGET_FILE:rdma_driver>)
set_tests_properties(softroce_apply PROPERTIES LABELS lab FIXTURES_REQUIRED softroce RESOURCE_LOCK softroce TIMEOUT 900)

# ansible: the exported Ansible project on the guests reaches the engine's state; a second run and check mode
# change nothing (the guest image carries python3 for Ansible's modules).
add_test(NAME softroce_ansible
    COMMAND bash ${RP_SOFTROCE_DIR}/tests/ansible.sh $<TARGET_FILE:rocepilot-cli> ${RP_SOFTROCE_STATE})
set_tests_properties(softroce_ansible PROPERTIES LABELS lab FIXTURES_REQUIRED softroce RESOURCE_LOCK softroce TIMEOUT 900)

# lab.sh's contract on a lab of its own: failed start says why, cancel, reuse, status exit codes, stop.
add_test(NAME softroce_lifecycle
    COMMAND bash ${RP_SOFTROCE_DIR}/tests/lifecycle.sh ${PROJECT_BINARY_DIR}/softroce-lifecycle)
set_tests_properties(softroce_lifecycle PROPERTIES LABELS lab RESOURCE_LOCK softroce TIMEOUT 600)
