// SPDX-License-Identifier: GPL-3.0-or-later
#include "util/atomicfile.h"

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace rp {

namespace {

/// Why `path` must not be written, or empty when it may (it does not exist, or is a regular file and
/// `existing` allows replacing it).
std::optional<Error> refusal(const std::string& path, AtomicFile::Existing existing)
{
    struct stat st
    { };
    if (::lstat(path.c_str(), &st) != 0) {
        if (errno == ENOENT)
            return std::nullopt;
        return failErrno(ErrorKind::Io, "cannot check the output path", errno, path).error();
    }
    auto refuse = [&](const std::string& what) {
        return fail(ErrorKind::Usage, what + ": not written (only a regular file is ever replaced)", path).error();
    };
    if (S_ISLNK(st.st_mode))
        return refuse("is a symbolic link, which is neither followed nor replaced; give the real path");
    if (S_ISDIR(st.st_mode))
        return refuse("is a directory");
    if (S_ISCHR(st.st_mode))
        return refuse("is a character device (use - for standard output)");
    if (S_ISBLK(st.st_mode))
        return refuse("is a block device");
    if (S_ISFIFO(st.st_mode))
        return refuse("is a FIFO (use - for standard output and redirect it)");
    if (!S_ISREG(st.st_mode))
        return refuse("is a socket or another special file");
    if (existing == AtomicFile::Existing::Refuse)
        return fail(ErrorKind::Usage, "already exists: not replaced", path).error();
    return std::nullopt;
}

} // namespace

AtomicFile::AtomicFile(std::string path, unsigned mode, Dash dash, Existing existing)
    : m_path(std::move(path))
    , m_tmp(m_path + ".tmp-XXXXXX")
    , m_mode(mode)
    , m_existing(existing)
{
    if (dash == Dash::Stdout && m_path == "-") {
        m_stdout = true;
        return;
    }
    if (m_path.empty()) {
        m_error = fail(ErrorKind::Usage, "no output path given").error();
        return;
    }
    m_error = refusal(m_path, m_existing);
    if (m_error)
        return;
    m_fd.reset(::mkostemp(m_tmp.data(), O_CLOEXEC));
    if (!m_fd.valid())
        m_error = failErrno(ErrorKind::Io, "cannot create a temporary file beside it", errno, m_path).error();
}

Result<void> AtomicFile::checkTarget(const std::string& path, Existing existing)
{
    if (auto refused = refusal(path, existing))
        return std::unexpected(*refused);
    return {};
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

Result<void> AtomicFile::commit()
{
    if (m_error) {
        if (m_fd.valid()) {
            m_fd.reset();
            ::unlink(m_tmp.c_str());
        }
        return std::unexpected(*m_error);
    }
    if (m_stdout)
        return {};
    auto failed = [&](const char* what, int err) {
        m_fd.reset();
        ::unlink(m_tmp.c_str());
        return failErrno(ErrorKind::Io, what, err, m_path);
    };
    if (::fchmod(m_fd.get(), m_mode) != 0 || ::fsync(m_fd.get()) != 0)
        return failed("cannot flush", errno);
    if (::close(m_fd.release()) != 0)
        return failed("cannot write", errno);
    // Checked again: something else may have been put there while the file was written.
    if (auto refused = refusal(m_path, m_existing)) {
        ::unlink(m_tmp.c_str());
        return std::unexpected(*refused);
    }
    // RENAME_NOREPLACE: a file that appears between the check and the rename is still never replaced.
    const unsigned flags = m_existing == Existing::Refuse ? RENAME_NOREPLACE : 0;
    if (::renameat2(AT_FDCWD, m_tmp.c_str(), AT_FDCWD, m_path.c_str(), flags) != 0) {
        const int err = errno;
        ::unlink(m_tmp.c_str());
        if (err == EEXIST)
            return fail(ErrorKind::Usage, "already exists: not replaced", m_path);
        return failErrno(ErrorKind::Io, "cannot replace", err, m_path);
    }
    return {};
}

} // namespace rp
