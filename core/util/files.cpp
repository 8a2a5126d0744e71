// SPDX-License-Identifier: GPL-3.0-or-later
#include "util/files.h"

#include <cerrno>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace rp {
namespace {

struct Fd
{
    int fd = -1;
    ~Fd()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

} // namespace

Result<std::string> readTextFile(const std::string& path, std::size_t maxBytes)
{
    Fd f { ::open(path.c_str(), O_RDONLY | O_CLOEXEC) };
    if (f.fd < 0)
        return failErrno(ErrorKind::Io, "cannot open", errno, path);
    std::string data;
    char buf[65536];
    for (;;) {
        ssize_t n = ::read(f.fd, buf, sizeof buf);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return failErrno(ErrorKind::Io, "cannot read", errno, path);
        }
        if (n == 0)
            break;
        data.append(buf, static_cast<std::size_t>(n));
        if (data.size() > maxBytes)
            return fail(ErrorKind::Io, "file is larger than " + std::to_string(maxBytes) + " bytes", path);
    }
    return data;
}

Result<void> writeFileAtomically(const std::string& path, const std::string& data, unsigned mode)
{
    std::string tmp = path + ".tmp-XXXXXX";
    Fd f { ::mkostemp(tmp.data(), O_CLOEXEC) };
    if (f.fd < 0)
        return failErrno(ErrorKind::Io, "cannot create a temporary file beside it", errno, path);
    auto cleanup = [&] { ::unlink(tmp.c_str()); };
    std::size_t done = 0;
    while (done < data.size()) {
        ssize_t n = ::write(f.fd, data.data() + done, data.size() - done);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            int err = errno;
            cleanup();
            return failErrno(ErrorKind::Io, "cannot write", err, path);
        }
        done += static_cast<std::size_t>(n);
    }
    if (::fchmod(f.fd, mode) != 0 || ::fsync(f.fd) != 0) {
        int err = errno;
        cleanup();
        return failErrno(ErrorKind::Io, "cannot flush", err, path);
    }
    ::close(f.fd);
    f.fd = -1;
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        int err = errno;
        cleanup();
        return failErrno(ErrorKind::Io, "cannot replace", err, path);
    }
    return {};
}

} // namespace rp
