// SPDX-License-Identifier: GPL-3.0-or-later
#include "remote/fleet.h"

#include <algorithm>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace rp {

HostState hostStateFromError(const Error& error)
{
    switch (error.kind) {
    case ErrorKind::Unreachable:
        return HostState::Unreachable;
    case ErrorKind::AuthFailed:
        return HostState::AuthFailed;
    case ErrorKind::HostKeyUnknown:
        return HostState::HostKeyUnknown;
    case ErrorKind::HostKeyChanged:
        return HostState::HostKeyChanged;
    case ErrorKind::Timeout:
        return HostState::TimedOut;
    case ErrorKind::CommandFailed:
        return HostState::CommandFailed;
    case ErrorKind::Cancelled:
        return HostState::Cancelled;
    case ErrorKind::Validation:
    case ErrorKind::Usage:
        return HostState::Invalid;
    case ErrorKind::Parse:
    case ErrorKind::Io:
    case ErrorKind::Protocol:
    case ErrorKind::Internal:
        return HostState::Failed;
    }
    return HostState::Failed;
}

std::string_view toString(HostState state)
{
    switch (state) {
    case HostState::Ok:
        return "ok";
    case HostState::Unreachable:
        return "unreachable";
    case HostState::AuthFailed:
        return "auth-failed";
    case HostState::HostKeyUnknown:
        return "host-key-unknown";
    case HostState::HostKeyChanged:
        return "host-key-changed";
    case HostState::TimedOut:
        return "timed-out";
    case HostState::CommandFailed:
        return "command-failed";
    case HostState::Cancelled:
        return "cancelled";
    case HostState::Invalid:
        return "invalid";
    case HostState::Failed:
        return "failed";
    }
    return "failed";
}

void runBounded(std::size_t count, std::size_t concurrency, const std::function<void(std::size_t)>& work,
    const std::atomic<bool>* cancel)
{
    if (count == 0)
        return;
    const std::size_t threads = std::clamp<std::size_t>(concurrency, 1, count);
    std::atomic<std::size_t> next { 0 };
    std::mutex errorMutex;
    std::exception_ptr firstError;

    auto worker = [&] {
        for (;;) {
            if (cancel && cancel->load())
                return;
            std::size_t i = next.fetch_add(1);
            if (i >= count)
                return;
            try {
                work(i);
            } catch (...) {
                std::lock_guard lock(errorMutex);
                if (!firstError)
                    firstError = std::current_exception();
            }
        }
    };

    std::vector<std::thread> pool;
    pool.reserve(threads - 1);
    for (std::size_t t = 1; t < threads; ++t)
        pool.emplace_back(worker);
    worker(); // the calling thread takes part too
    for (auto& th : pool)
        th.join();
    if (firstError)
        std::rethrow_exception(firstError);
}

} // namespace rp
