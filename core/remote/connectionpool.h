// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "remote/executor.h"

#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace rp {

/// Connections one step opened and the next one takes over, by host name: a fabric check's agents start on the
/// SSH connections its discovery made, so each host pays one handshake, not two (at 1 000 hosts on two cores the
/// second round of handshakes was most of a round). Each connection is taken at most once; what is left is
/// closed by drop() or with the pool. Thread-safe.
class ConnectionPool
{
public:
    /// Keeps `executor` for `host`; one kept earlier for the same host is closed.
    void put(const std::string& host, std::unique_ptr<Executor> executor);
    /// The connection kept for `host`, or null; it leaves the pool.
    std::unique_ptr<Executor> take(const std::string& host);
    /// Closes every connection not taken yet.
    void drop();
    std::size_t size() const;

private:
    mutable std::mutex m_mutex;
    std::map<std::string, std::unique_ptr<Executor>> m_kept;
};

} // namespace rp
