# The RDMA verbs engine (core/perf/rdma*.cpp). Real RDMA exists only in the Soft-RoCE lab (this machine's kernel
# has no rdma_rxe), so every test here runs between the two qemu guests: label lab, fixture softroce.
#
# rdma_driver: one side of a test per process, JSON lines on stdout; pushed into the guests by lab.sh push, so
# like rocepilot-probe it carries its C++ runtime (the guests have none).
add_executable(rdma_driver ${CMAKE_CURRENT_LIST_DIR}/rdma_driver.cpp)
target_link_libraries(rdma_driver PRIVATE rp_common_cfg rp_core nlohmann_json::nlohmann_json)
target_link_options(rdma_driver PRIVATE -Wl,--as-needed -static-libstdc++ -static-libgcc)

# Every op x ping/blast x poll/event with data verification, inline limit, wrong GID indexes, ToS, options
# mismatch, cancel (driver, SIGINT of either side) and what is left behind: tests/perf/rdma_lab.sh.
add_test(NAME softroce_rdma
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/rdma_lab.sh $<TARGET_FILE:rdma_driver> ${RP_SOFTROCE_STATE})
set_tests_properties(softroce_rdma PROPERTIES
    LABELS lab FIXTURES_REQUIRED softroce RESOURCE_LOCK softroce TIMEOUT 600)

# Without RDMA (this machine): option errors first, the private-data test comparison, no device = a clear,
# prompt error.
rp_add_test(tst_rdma_engine SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_rdma_engine.cpp LABELS unit)
