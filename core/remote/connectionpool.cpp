// SPDX-License-Identifier: GPL-3.0-or-later
#include "remote/connectionpool.h"

#include <utility>

namespace rp {

void ConnectionPool::put(const std::string& host, std::unique_ptr<Executor> executor)
{
    std::unique_ptr<Executor> old;
    {
        std::lock_guard lock(m_mutex);
        old = std::exchange(m_kept[host], std::move(executor));
    }
    // Closed outside the lock: an SSH disconnect may wait on the network.
}

std::unique_ptr<Executor> ConnectionPool::take(const std::string& host)
{
    std::lock_guard lock(m_mutex);
    auto it = m_kept.find(host);
    if (it == m_kept.end())
        return nullptr;
    auto executor = std::move(it->second);
    m_kept.erase(it);
    return executor;
}

void ConnectionPool::drop()
{
    std::map<std::string, std::unique_ptr<Executor>> closing;
    {
        std::lock_guard lock(m_mutex);
        closing.swap(m_kept);
    }
}

std::size_t ConnectionPool::size() const
{
    std::lock_guard lock(m_mutex);
    return m_kept.size();
}

} // namespace rp
