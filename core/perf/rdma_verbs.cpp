// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/rdma_verbs.h"

#include <arpa/inet.h>
#include <sys/mman.h>
#include <sys/resource.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace rp::perf::rdma {

namespace {

std::string bytesText(std::size_t bytes)
{
    if (bytes >= (1u << 20) && bytes % (1u << 20) == 0)
        return std::to_string(bytes >> 20) + " MiB";
    if (bytes >= 1024 && bytes % 1024 == 0)
        return std::to_string(bytes >> 10) + " KiB";
    return std::to_string(bytes) + " B";
}

} // namespace

Result<Buffer> Buffer::allocate(std::size_t bytes, const std::string& what)
{
    // mmap rather than the heap: page-aligned, zeroed (no stale heap content goes on the wire) and returned to
    // the system at once when a large size is done.
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return failErrno(ErrorKind::Io, "allocating " + bytesText(bytes) + " for " + what, errno, "mmap");
    Buffer b;
    b.data_ = static_cast<std::uint8_t*>(p);
    b.bytes_ = bytes;
    return b;
}

void Buffer::release()
{
    if (data_)
        munmap(data_, bytes_);
    data_ = nullptr;
    bytes_ = 0;
}

Result<Region> registerRegion(ibv_pd* pd, std::size_t bytes, int access, const std::string& what)
{
    auto mem = Buffer::allocate(bytes, what);
    if (!mem)
        return std::unexpected(mem.error());
    ibv_mr* mr = ibv_reg_mr(pd, mem->data(), bytes, access);
    if (!mr) {
        const int err = errno;
        std::string hint;
        rlimit limit {};
        if ((err == ENOMEM || err == EPERM) && getrlimit(RLIMIT_MEMLOCK, &limit) == 0
            && limit.rlim_cur != RLIM_INFINITY)
            hint = " (locked-memory limit " + bytesText(limit.rlim_cur) + ": raise ulimit -l)";
        return failErrno(ErrorKind::Io,
            "registering " + bytesText(bytes) + " for " + what + " with " + ibv_get_device_name(pd->context->device)
                + hint,
            err, "ibv_reg_mr");
    }
    Region r;
    r.mem = std::move(*mem);
    r.mr.reset(mr);
    return r;
}

std::string gidToString(const ibv_gid& gid)
{
    char text[INET6_ADDRSTRLEN] = {};
    inet_ntop(AF_INET6, gid.raw, text, sizeof text);
    return text;
}

std::string gidTypeName(int type)
{
    switch (type) {
    case IBV_GID_TYPE_IB:
        return "IB";
    case IBV_GID_TYPE_ROCE_V1:
        return "RoCE v1";
    case IBV_GID_TYPE_ROCE_V2:
        return "RoCE v2";
    default:
        return "type " + std::to_string(type);
    }
}

bool gidIsZero(const ibv_gid& gid)
{
    return std::all_of(std::begin(gid.raw), std::end(gid.raw), [](std::uint8_t b) { return b == 0; });
}

bool gidIsV4Mapped(const ibv_gid& gid)
{
    static constexpr std::uint8_t prefix[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff };
    return std::memcmp(gid.raw, prefix, sizeof prefix) == 0;
}

bool gidIsLinkLocal(const ibv_gid& gid)
{
    return gid.raw[0] == 0xfe && (gid.raw[1] & 0xc0) == 0x80;
}

std::string sockaddrToString(const sockaddr* address)
{
    if (!address)
        return "?";
    char text[INET6_ADDRSTRLEN] = {};
    if (address->sa_family == AF_INET) {
        sockaddr_in in {};
        std::memcpy(&in, address, sizeof in);
        inet_ntop(AF_INET, &in.sin_addr, text, sizeof text);
        return std::string(text) + ":" + std::to_string(ntohs(in.sin_port));
    }
    if (address->sa_family == AF_INET6) {
        sockaddr_in6 in6 {};
        std::memcpy(&in6, address, sizeof in6);
        inet_ntop(AF_INET6, &in6.sin6_addr, text, sizeof text);
        return "[" + std::string(text) + "]:" + std::to_string(ntohs(in6.sin6_port));
    }
    return "family " + std::to_string(address->sa_family);
}

int mtuBytes(ibv_mtu mtu)
{
    switch (mtu) {
    case IBV_MTU_256:
        return 256;
    case IBV_MTU_512:
        return 512;
    case IBV_MTU_1024:
        return 1024;
    case IBV_MTU_2048:
        return 2048;
    case IBV_MTU_4096:
        return 4096;
    }
    return 0;
}

} // namespace rp::perf::rdma
