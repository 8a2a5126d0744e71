// SPDX-License-Identifier: GPL-3.0-or-later
#include "util/files.h"

#include "util/format.h"
#include "util/uniquefd.h"

#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <poll.h>
#include <string>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

namespace rp {

namespace {

std::string limitText(std::size_t maxBytes)
{
    return "larger than " + sizeText(maxBytes) + ", the most this input may hold";
}

} // namespace

Result<std::string> readTextFile(const std::string& path, std::size_t maxBytes)
{
    const bool dash = path == "-";
    const std::string name = dash ? std::string("standard input") : path;
    UniqueFd owned;
    int fd = STDIN_FILENO;
    if (!dash) {
        if (path.empty())
            return fail(ErrorKind::Usage, "no input path given");
        // O_NONBLOCK: opening a FIFO nobody writes to would otherwise wait forever.
        owned.reset(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK));
        if (!owned.valid())
            return failErrno(ErrorKind::Io, "cannot open", errno, path);
        fd = owned.get();
    }
    struct stat st
    { };
    if (::fstat(fd, &st) != 0)
        return failErrno(ErrorKind::Io, "cannot read", errno, name);
    if (S_ISDIR(st.st_mode))
        return fail(ErrorKind::Usage, "is a directory, not a file", name);
    if (S_ISSOCK(st.st_mode) || S_ISBLK(st.st_mode))
        return fail(ErrorKind::Usage, "is a socket or block device, not a file", name);
    // A named device other than a terminal (/dev/zero, /dev/urandom) is never an output someone saved; standard
    // input may be anything, bounded.
    if (!dash && S_ISCHR(st.st_mode) && !::isatty(fd))
        return fail(ErrorKind::Usage, "is a character device, not a file", name);
    if (S_ISREG(st.st_mode) && static_cast<std::uint64_t>(st.st_size) > maxBytes)
        return fail(
            ErrorKind::Io, "is " + sizeText(static_cast<std::uint64_t>(st.st_size)) + ": " + limitText(maxBytes), name);
    std::string data;
    if (S_ISREG(st.st_mode))
        data.reserve(static_cast<std::size_t>(st.st_size));
    char buf[65536];
    for (;;) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            // A pipe, FIFO or terminal with nothing yet: wait for data, not forever.
            pollfd p { .fd = fd, .events = POLLIN, .revents = 0 };
            const int ready = ::poll(&p, 1, kInputIdleTimeoutMs);
            if (ready < 0 && errno == EINTR)
                continue;
            if (ready < 0)
                return failErrno(ErrorKind::Io, "cannot read", errno, name);
            if (ready == 0)
                return fail(ErrorKind::Timeout,
                    "nothing arrived for " + std::to_string(kInputIdleTimeoutMs / 1000)
                        + " s; is anything writing to it?",
                    name);
            continue;
        }
        if (n < 0)
            return failErrno(ErrorKind::Io, "cannot read", errno, name);
        if (n == 0)
            break;
        if (data.size() + static_cast<std::size_t>(n) > maxBytes)
            return fail(ErrorKind::Io, limitText(maxBytes), name);
        data.append(buf, static_cast<std::size_t>(n));
    }
    return data;
}

Result<void> writeFileAtomically(
    const std::string& path, const std::string& data, unsigned mode, AtomicFile::Existing existing)
{
    AtomicFile f(path, mode, AtomicFile::Dash::File, existing);
    f.write(data);
    return f.commit();
}

Result<void> checkOutputPaths(
    const std::vector<std::string>& outputs, const std::vector<std::string>& inputs, AtomicFile::Existing existing)
{
    namespace fs = std::filesystem;
    struct Id
    {
        std::string path;
        bool exists = false;
        dev_t dev = 0;
        ino_t ino = 0;
        std::string absolute;
    };
    auto id = [](const std::string& path) {
        Id out { .path = path };
        struct stat st
        { };
        if (::stat(path.c_str(), &st) == 0) {
            out.exists = true;
            out.dev = st.st_dev;
            out.ino = st.st_ino;
        }
        std::error_code ec;
        out.absolute = fs::weakly_canonical(fs::absolute(path, ec), ec).string();
        return out;
    };
    auto same = [](const Id& a, const Id& b) {
        return a.exists && b.exists ? a.dev == b.dev && a.ino == b.ino : a.absolute == b.absolute;
    };
    std::vector<Id> ins, outs;
    for (const auto& in : inputs) {
        if (!in.empty() && in != "-")
            ins.push_back(id(in));
    }
    bool toStdout = false;
    for (const auto& out : outputs) {
        if (out == "-" && toStdout)
            return fail(ErrorKind::Usage, "standard output (-) is given for two outputs");
        toStdout = toStdout || out == "-";
        if (out.empty() || out == "-")
            continue;
        if (auto ok = AtomicFile::checkTarget(out, existing); !ok)
            return ok;
        Id o = id(out);
        for (const auto& in : ins) {
            if (same(o, in))
                return fail(
                    ErrorKind::Usage, "is also an input of this command (" + in.path + "): not overwritten", out);
        }
        for (const auto& other : outs) {
            if (same(o, other))
                return fail(ErrorKind::Usage, "is given for two outputs (also as " + other.path + ")", out);
        }
        outs.push_back(std::move(o));
    }
    return {};
}

Result<void> writeDirectoryAtomically(
    const std::string& dir, const std::vector<std::pair<std::string, std::string>>& files, const std::string& what)
{
    if (files.empty())
        return fail(ErrorKind::Usage, "nothing to write", dir);
    std::size_t at = 0;
    return writeDirectoryAtomicallyEach(
        dir,
        [&]() -> std::optional<std::pair<std::string, std::string>> {
            if (at == files.size())
                return std::nullopt;
            return files[at++];
        },
        what);
}

Result<void> writeDirectoryAtomicallyEach(const std::string& dir, const NextFile& next, const std::string& what,
    const std::function<unsigned(const std::string&)>& modeOf)
{
    namespace fs = std::filesystem;
    if (dir.empty())
        return fail(ErrorKind::Usage, "no output directory given");
    std::error_code ec;
    fs::path target = fs::absolute(fs::path(dir), ec);
    if (ec)
        return fail(ErrorKind::Io, "cannot resolve the path: " + ec.message(), dir);
    if (!target.has_filename())
        target = target.parent_path();
    // The rename at the end would replace a symlink itself, wherever it points.
    if (fs::is_symlink(target, ec))
        return fail(
            ErrorKind::Usage, "is a symbolic link, which is neither followed nor replaced; give the real path", dir);
    if (fs::exists(target, ec) && !(fs::is_directory(target, ec) && fs::is_empty(target, ec)))
        return fail(ErrorKind::Io, "exists and is not an empty directory; choose a new one or remove it", dir);
    std::string tmp = target.string() + ".tmp-XXXXXX";
    if (!::mkdtemp(tmp.data()))
        return failErrno(ErrorKind::Io, "cannot create a temporary directory beside it", errno, dir);
    auto cleanup = [&] { fs::remove_all(tmp, ec); };
    // Ansible ignores an ansible.cfg in a world-writable directory: 0755 everywhere.
    const auto dirPerms = fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec | fs::perms::others_read
        | fs::perms::others_exec;
    fs::permissions(tmp, dirPerms, ec);
    bool wroteAny = false;
    while (auto file = next()) {
        const auto& [rel, content] = *file;
        wroteAny = true;
        fs::path relPath(rel);
        bool safe = !rel.empty() && relPath.is_relative();
        for (const auto& part : relPath)
            safe = safe && part != ".." && part != ".";
        if (!safe) {
            cleanup();
            return fail(ErrorKind::Internal, "refusing to write outside the " + what + ": " + rel, dir);
        }
        fs::path full = fs::path(tmp) / relPath;
        if (relPath.has_parent_path()) {
            fs::create_directories(full.parent_path(), ec);
            if (ec) {
                cleanup();
                return fail(
                    ErrorKind::Io, "cannot create " + relPath.parent_path().string() + ": " + ec.message(), dir);
            }
            fs::permissions(full.parent_path(), dirPerms, ec);
        }
        if (auto ok = writeFileAtomically(full.string(), content, modeOf ? modeOf(rel) : 0644); !ok) {
            cleanup();
            return ok;
        }
    }
    if (!wroteAny) {
        cleanup();
        return fail(ErrorKind::Usage, "nothing to write", dir);
    }
    fs::rename(tmp, target, ec);
    if (ec) {
        cleanup();
        return fail(ErrorKind::Io, "cannot move the finished " + what + " into place: " + ec.message(), dir);
    }
    return {};
}

} // namespace rp
