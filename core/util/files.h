// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "util/atomicfile.h"

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rp {

/// How long a named FIFO or terminal may stay silent before the read gives up.
inline constexpr int kInputIdleTimeoutMs = 30'000;

/// The one reader of every input, whole and never more than `maxBytes`: a regular file, a named FIFO or terminal
/// (given up after kInputIdleTimeoutMs without data; a FIFO nobody writes to reads as empty), or "-" for standard
/// input, which is read whatever it is and waits as long as its writer takes (a pipe from a slow command), bounded
/// like the rest. A directory, socket, block device or other character device (/dev/zero) is refused. Errors name
/// the path, errno and the limit.
Result<std::string> readTextFile(const std::string& path, std::size_t maxBytes = 64u << 20);

/// Write through a temp file in the same directory, fsync, rename: readers see the old or the new file, never
/// a half-written one, and a failure leaves the old file as it was. Only a regular file is ever replaced, and
/// only with Existing::Replace (AtomicFile).
Result<void> writeFileAtomically(const std::string& path, const std::string& data, unsigned mode = 0644,
    AtomicFile::Existing existing = AtomicFile::Existing::Replace);

/// What a command checks before it does any work: every output may be written with that policy
/// (AtomicFile::checkTarget), none is one of `inputs` or another output (the same file when it exists, the same
/// absolute path when not), and standard output ("-") is given to one output at most.
Result<void> checkOutputPaths(const std::vector<std::string>& outputs, const std::vector<std::string>& inputs,
    AtomicFile::Existing existing = AtomicFile::Existing::Replace);
/// Writes `files` (relative path, content) into the new directory `dir`, all or nothing: a temporary directory
/// beside it (0755, as Ansible wants) is renamed to `dir` at the end. `dir` must not exist or be an empty
/// directory; a path that leaves the directory is refused. `what` names the whole in errors ("plan", "project").
Result<void> writeDirectoryAtomically(
    const std::string& dir, const std::vector<std::pair<std::string, std::string>>& files, const std::string& what);
/// The same, with each file made only when it is written, so that one is in memory at a time (a plan of 10 000
/// hosts): `next` returns the next (relative path, content), or nothing when all are written. `modeOf` gives a file's
/// mode by its relative path (a secret's 0600) when the default 0644 is not right for it.
using NextFile = std::function<std::optional<std::pair<std::string, std::string>>()>;
Result<void> writeDirectoryAtomicallyEach(const std::string& dir, const NextFile& next, const std::string& what,
    const std::function<unsigned(const std::string&)>& modeOf = {});

} // namespace rp
