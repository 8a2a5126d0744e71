// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "util/uniquefd.h"

#include <optional>
#include <string>
#include <string_view>

namespace rp {

/// A file streamed into a temporary beside `path`, synced and renamed over it by commit(): readers see the old
/// file or the whole new one, never half of it. Destroyed without a commit, it removes the temporary and leaves
/// the old file as it was. writeFileAtomically (util/files.h) is the one-call form for a buffer.
///
/// Only a regular file is ever replaced: a symlink, directory, device, FIFO or socket at `path` is refused (on
/// construction, reported by commit(), and checked again just before the rename), never followed or replaced.
class AtomicFile
{
public:
    /// Dash::Stdout: the path "-" means standard output, written straight through (commit only reports errors).
    enum class Dash { File, Stdout };
    /// Refuse: an existing file at `path` is an error ("already exists"), and the rename never replaces one that
    /// appeared meanwhile. Replace: an existing regular file is replaced.
    enum class Existing { Replace, Refuse };

    explicit AtomicFile(
        std::string path, unsigned mode = 0644, Dash dash = Dash::File, Existing existing = Existing::Replace);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    /// Whether `path` may be written with that policy: the check the constructor makes, for a caller that wants
    /// to refuse before doing any work (or writes the file some other way, as the run writer does).
    static Result<void> checkTarget(const std::string& path, Existing existing);

    /// Appends `data`; after the first error nothing more is written and commit() returns that error.
    void write(std::string_view data);
    Result<void> commit();

private:
    std::string m_path, m_tmp;
    unsigned m_mode;
    Existing m_existing;
    bool m_stdout = false;
    UniqueFd m_fd;
    std::optional<Error> m_error;
};

} // namespace rp
