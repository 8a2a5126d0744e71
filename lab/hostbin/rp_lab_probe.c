// SPDX-License-Identifier: GPL-3.0-or-later
// A tiny host-built verbs program for `lab.sh push` tests: lists the RDMA devices, opens each, prints port 1's
// state and GID table size, and the version string of a helper library that only the host has (so push must
// carry it along with the binary's ldd closure).
#include <infiniband/verbs.h>
#include <stdio.h>

const char* rp_lab_helper_version(void);

int main(void)
{
    printf("helper %s\n", rp_lab_helper_version());
    fflush(stdout);
    int n = 0;
    struct ibv_device** list = ibv_get_device_list(&n);
    if (!list) {
        perror("ibv_get_device_list");
        return 1;
    }
    printf("devices %d\n", n);
    for (int i = 0; i < n; ++i) {
        struct ibv_context* ctx = ibv_open_device(list[i]);
        struct ibv_port_attr port;
        if (!ctx || ibv_query_port(ctx, 1, &port) != 0) {
            printf("device %s unusable\n", ibv_get_device_name(list[i]));
            continue;
        }
        printf("device %s port 1 state %s gid_tbl_len %d\n", ibv_get_device_name(list[i]),
            ibv_port_state_str(port.state), port.gid_tbl_len);
        ibv_close_device(ctx);
    }
    ibv_free_device_list(list);
    return n > 0 ? 0 : 2;
}
