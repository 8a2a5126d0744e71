// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Owning handles for the rdma_cm / verbs objects of the RDMA engine. The teardown order matters (a CQ with
// unacknowledged events, or a cm id with unacknowledged cm events, blocks its destroy call forever), so every
// object has exactly one owner here and rdma_conn.h declares them in the order that destroys them right.

#include "error.h"

#include <infiniband/verbs.h>
#include <rdma/rdma_cma.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>

namespace rp::perf::rdma {

struct EventChannelDelete
{
    void operator()(rdma_event_channel* channel) const { rdma_destroy_event_channel(channel); }
};
struct CmIdDelete
{
    void operator()(rdma_cm_id* id) const { rdma_destroy_id(id); }
};
struct CmEventAck
{
    void operator()(rdma_cm_event* event) const { rdma_ack_cm_event(event); }
};
struct PdDelete
{
    void operator()(ibv_pd* pd) const { ibv_dealloc_pd(pd); }
};
struct CompChannelDelete
{
    void operator()(ibv_comp_channel* channel) const { ibv_destroy_comp_channel(channel); }
};
struct QpDelete
{
    void operator()(ibv_qp* qp) const { ibv_destroy_qp(qp); }
};
struct MrDelete
{
    void operator()(ibv_mr* mr) const { ibv_dereg_mr(mr); }
};

using EventChannel = std::unique_ptr<rdma_event_channel, EventChannelDelete>;
using CmId = std::unique_ptr<rdma_cm_id, CmIdDelete>;
using CmEvent = std::unique_ptr<rdma_cm_event, CmEventAck>;
using Pd = std::unique_ptr<ibv_pd, PdDelete>;
using CompChannel = std::unique_ptr<ibv_comp_channel, CompChannelDelete>;
using Qp = std::unique_ptr<ibv_qp, QpDelete>;
using Mr = std::unique_ptr<ibv_mr, MrDelete>;

/// A CQ that remembers how many completion events it handed out: ibv_destroy_cq waits until all are acked.
class Cq
{
public:
    Cq() = default;
    explicit Cq(ibv_cq* cq)
        : cq_(cq)
    { }
    Cq(const Cq&) = delete;
    Cq& operator=(const Cq&) = delete;
    Cq(Cq&& other) noexcept
        : cq_(std::exchange(other.cq_, nullptr))
        , unacked_(std::exchange(other.unacked_, 0))
    { }
    Cq& operator=(Cq&& other) noexcept
    {
        if (this != &other) {
            reset();
            cq_ = std::exchange(other.cq_, nullptr);
            unacked_ = std::exchange(other.unacked_, 0);
        }
        return *this;
    }
    ~Cq() { reset(); }

    ibv_cq* get() const { return cq_; }
    void gotEvent()
    {
        // Acking costs a mutex in libibverbs: batch it.
        if (++unacked_ >= 64)
            ackAll();
    }
    void ackAll()
    {
        if (cq_ && unacked_)
            ibv_ack_cq_events(cq_, unacked_);
        unacked_ = 0;
    }
    void reset()
    {
        if (!cq_)
            return;
        ackAll();
        ibv_destroy_cq(cq_);
        cq_ = nullptr;
    }

private:
    ibv_cq* cq_ = nullptr;
    unsigned unacked_ = 0;
};

/// Page-aligned, zeroed memory for a memory region.
class Buffer
{
public:
    Buffer() = default;
    static Result<Buffer> allocate(std::size_t bytes, const std::string& what);
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;
    Buffer(Buffer&& other) noexcept
        : data_(std::exchange(other.data_, nullptr))
        , bytes_(std::exchange(other.bytes_, 0))
    { }
    Buffer& operator=(Buffer&& other) noexcept
    {
        if (this != &other) {
            release();
            data_ = std::exchange(other.data_, nullptr);
            bytes_ = std::exchange(other.bytes_, 0);
        }
        return *this;
    }
    ~Buffer() { release(); }

    std::uint8_t* data() const { return data_; }
    std::size_t size() const { return bytes_; }

private:
    void release();
    std::uint8_t* data_ = nullptr;
    std::size_t bytes_ = 0;
};

/// A buffer registered with a PD. `mem` outlives `mr` (members are destroyed in reverse order).
struct Region
{
    Buffer mem;
    Mr mr;
    std::uint8_t* at(std::size_t offset) const { return mem.data() + offset; }
    std::uint64_t addr(std::size_t offset) const { return reinterpret_cast<std::uintptr_t>(mem.data() + offset); }
    std::uint32_t lkey() const { return mr->lkey; }
    std::uint32_t rkey() const { return mr->rkey; }
};

Result<Region> registerRegion(ibv_pd* pd, std::size_t bytes, int access, const std::string& what);

std::string gidToString(const ibv_gid& gid); ///< "::ffff:198.18.0.1" / "fe80::5054:ff:fe12:3401"
std::string gidTypeName(int type); ///< ibv_gid_type value -> "RoCE v2"
bool gidIsZero(const ibv_gid& gid);
bool gidIsV4Mapped(const ibv_gid& gid);
bool gidIsLinkLocal(const ibv_gid& gid);
std::string sockaddrToString(const sockaddr* address); ///< "198.18.0.1:18515", "[fe80::1]:18515"
int mtuBytes(ibv_mtu mtu);

} // namespace rp::perf::rdma
