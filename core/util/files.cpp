// SPDX-License-Identifier: GPL-3.0-or-later
#include "util/files.h"

#include "util/atomicfile.h"
#include "util/uniquefd.h"

#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <string>
#include <system_error>
#include <unistd.h>

namespace rp {

Result<std::string> readTextFile(const std::string& path, std::size_t maxBytes)
{
    UniqueFd f { ::open(path.c_str(), O_RDONLY | O_CLOEXEC) };
    if (!f.valid())
        return failErrno(ErrorKind::Io, "cannot open", errno, path);
    std::string data;
    char buf[65536];
    for (;;) {
        ssize_t n = ::read(f.get(), buf, sizeof buf);
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
    AtomicFile f(path, mode);
    f.write(data);
    return f.commit(AtomicFile::Sync::Durable);
}

Result<void> writeDirectoryAtomically(
    const std::string& dir, const std::vector<std::pair<std::string, std::string>>& files, const std::string& what)
{
    namespace fs = std::filesystem;
    if (dir.empty())
        return fail(ErrorKind::Usage, "no output directory given");
    if (files.empty())
        return fail(ErrorKind::Usage, "nothing to write", dir);
    std::error_code ec;
    fs::path target = fs::absolute(fs::path(dir), ec);
    if (ec)
        return fail(ErrorKind::Io, "cannot resolve the path: " + ec.message(), dir);
    if (!target.has_filename())
        target = target.parent_path();
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
    for (const auto& [rel, content] : files) {
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
        if (auto ok = writeFileAtomically(full.string(), content, 0644); !ok) {
            cleanup();
            return ok;
        }
    }
    fs::rename(tmp, target, ec);
    if (ec) {
        cleanup();
        return fail(ErrorKind::Io, "cannot move the finished " + what + " into place: " + ec.message(), dir);
    }
    return {};
}

} // namespace rp
