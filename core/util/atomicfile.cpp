// SPDX-License-Identifier: GPL-3.0-or-later
#include "util/atomicfile.h"

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace rp {

AtomicFile::AtomicFile(std::string path, unsigned mode, Dash dash)
    : m_path(std::move(path))
    , m_tmp(m_path + ".tmp-XXXXXX")
    , m_mode(mode)
{
    if (dash == Dash::Stdout && m_path == "-") {
        m_stdout = true;
        return;
    }
    m_fd.reset(::mkostemp(m_tmp.data(), O_CLOEXEC));
    if (!m_fd.valid())
        m_error = failErrno(ErrorKind::Io, "cannot create a temporary file beside it", errno, m_path).error();
}

AtomicFile::~AtomicFile()
{
    if (m_fd.valid()) {
        m_fd.reset();
        ::unlink(m_tmp.c_str());
    }
}

void AtomicFile::write(std::string_view data)
{
    const int fd = m_stdout ? STDOUT_FILENO : m_fd.get();
    while (!m_error && !data.empty()) {
        const ssize_t n = ::write(fd, data.data(), data.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            m_error = failErrno(ErrorKind::Io, "cannot write", errno, m_path).error();
            return;
        }
        data.remove_prefix(static_cast<std::size_t>(n));
    }
}

Result<void> AtomicFile::commit(Sync sync)
{
    if (m_error)
        return std::unexpected(*m_error);
    if (m_stdout)
        return {};
    auto failed = [&](const char* what) {
        const int err = errno;
        m_fd.reset();
        ::unlink(m_tmp.c_str());
        return failErrno(ErrorKind::Io, what, err, m_path);
    };
    // The durable saves have always named the step that failed; the streamed reports said "cannot write".
    if (sync == Sync::Durable) {
        if (::fchmod(m_fd.get(), m_mode) != 0 || ::fsync(m_fd.get()) != 0)
            return failed("cannot flush");
        m_fd.reset();
        if (::rename(m_tmp.c_str(), m_path.c_str()) != 0)
            return failed("cannot replace");
        return {};
    }
    if (::fchmod(m_fd.get(), m_mode) != 0 || ::close(m_fd.release()) != 0
        || ::rename(m_tmp.c_str(), m_path.c_str()) != 0)
        return failed("cannot write");
    return {};
}

} // namespace rp
