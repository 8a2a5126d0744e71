// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <atomic>

namespace rp {

/// The caller's cancel flag is set; no flag means the work cannot be cancelled.
inline bool cancelled(const std::atomic<bool>* flag)
{
    return flag && flag->load(std::memory_order_relaxed);
}

} // namespace rp
