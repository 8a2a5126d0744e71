// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <atomic>
#include <cstddef>
#include <functional>
#include <string_view>

namespace rp {

/// The named end state of every host in a multi-host operation.
enum class HostState {
    Ok,
    Unreachable,
    AuthFailed,
    HostKeyUnknown,
    HostKeyChanged,
    TimedOut,
    CommandFailed,
    Cancelled,
    Invalid, ///< bad input for this host (address, user, a value that failed validation)
    Failed, ///< anything else, with the error text
};

HostState hostStateFromError(const Error& error);
std::string_view toString(HostState state);

/// Runs work(i) for i in [0, count) on at most `concurrency` threads. One slow item never blocks the others:
/// each thread takes the next index when it is free. Items not started when *cancel turns true are skipped
/// (work is not called for them); work itself is expected to watch the same flag.
void runBounded(std::size_t count, std::size_t concurrency, const std::function<void(std::size_t)>& work,
    const std::atomic<bool>* cancel = nullptr);

} // namespace rp
