# The RDMA verbs engine (rdma_cm + libibverbs). Included from core/CMakeLists.txt after add_library(rp_core).
list(APPEND RP_CORE_SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/rdma_engine.h
    ${CMAKE_CURRENT_LIST_DIR}/rdma_verbs.h
    ${CMAKE_CURRENT_LIST_DIR}/rdma_verbs.cpp
    ${CMAKE_CURRENT_LIST_DIR}/rdma_conn.h
    ${CMAKE_CURRENT_LIST_DIR}/rdma_conn.cpp
    ${CMAKE_CURRENT_LIST_DIR}/rdmaverbsengine.h
    ${CMAKE_CURRENT_LIST_DIR}/rdmaverbsengine.cpp
    ${CMAKE_CURRENT_LIST_DIR}/rdmaverbsengine_client.cpp
    ${CMAKE_CURRENT_LIST_DIR}/rdmaverbsengine_server.cpp
    ${CMAKE_CURRENT_LIST_DIR}/rdma.cpp)
target_link_libraries(rp_core PRIVATE ibverbs rdmacm)
