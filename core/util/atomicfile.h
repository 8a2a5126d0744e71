// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "error.h"
#include "util/uniquefd.h"

#include <optional>
#include <string>
#include <string_view>

namespace rp {

/// A file streamed into a temporary beside `path` and renamed over it by commit(): readers see the old file or
/// the whole new one, never half of it. Destroyed without a commit, it removes the temporary and leaves the old
/// file as it was. writeFileAtomically (util/files.h) is the one-call form for a buffer.
class AtomicFile
{
public:
    /// Dash::Stdout: the path "-" means standard output, written straight through (commit only reports errors).
    enum class Dash { File, Stdout };
    /// Durable: fsync before the rename, for files that must survive a crash (inventory, journal, plans).
    enum class Sync { None, Durable };

    explicit AtomicFile(std::string path, unsigned mode = 0644, Dash dash = Dash::File);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    /// Appends `data`; after the first error nothing more is written and commit() returns that error.
    void write(std::string_view data);
    Result<void> commit(Sync sync = Sync::None);

private:
    std::string m_path, m_tmp;
    unsigned m_mode;
    bool m_stdout = false;
    UniqueFd m_fd;
    std::optional<Error> m_error;
};

} // namespace rp
