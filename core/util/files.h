// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <string>

namespace rp {

/// Whole file as bytes; errors name the path and errno.
Result<std::string> readTextFile(const std::string& path, std::size_t maxBytes = 64u << 20);
/// Write through a temp file in the same directory, fsync, rename: readers see the old or the new file, never
/// a half-written one, and a failure leaves the old file as it was.
Result<void> writeFileAtomically(const std::string& path, const std::string& data, unsigned mode = 0644);

} // namespace rp
