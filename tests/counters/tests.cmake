# The native counter sampler (core/counters/native, `rocepilot-probe sample`): the same blocks as the shell loop
# on a synthetic sysfs tree, the ethtool ioctl on this machine's interfaces, stop on EOF, validation, fallback.
rp_add_test(tst_native_sampler SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_native_sampler.cpp LABELS unit)
add_dependencies(tst_native_sampler rocepilot-probe)
target_compile_definitions(tst_native_sampler PRIVATE RP_PROBE="$<TARGET_FILE:rocepilot-probe>")
# The PFC picture and the alarm rules (core/counters/alarms) on documented mlx5/bnxt/ice/rxe counter names.
rp_add_test(tst_alarms SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_alarms.cpp LABELS unit)
add_dependencies(tst_alarms rocepilot-probe)
target_compile_definitions(tst_alarms PRIVATE RP_PROBE="$<TARGET_FILE:rocepilot-probe>")
