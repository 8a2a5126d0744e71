// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"

#include <string>
#include <utility>
#include <vector>

namespace rp {

/// Whole file as bytes; errors name the path and errno.
Result<std::string> readTextFile(const std::string& path, std::size_t maxBytes = 64u << 20);
/// Write through a temp file in the same directory, fsync, rename: readers see the old or the new file, never
/// a half-written one, and a failure leaves the old file as it was.
Result<void> writeFileAtomically(const std::string& path, const std::string& data, unsigned mode = 0644);
/// Writes `files` (relative path, content) into the new directory `dir`, all or nothing: a temporary directory
/// beside it (0755, as Ansible wants) is renamed to `dir` at the end. `dir` must not exist or be an empty
/// directory; a path that leaves the directory is refused. `what` names the whole in errors ("plan", "project").
Result<void> writeDirectoryAtomically(
    const std::string& dir, const std::vector<std::pair<std::string, std::string>>& files, const std::string& what);

} // namespace rp
