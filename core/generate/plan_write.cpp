// SPDX-License-Identifier: GPL-3.0-or-later
#include "generate/plan.h"

#include "util/files.h"

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace rp {

Result<void> writePlanDirectory(const Plan& plan, const std::string& dir)
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
    if (fs::exists(target, ec) && !(fs::is_directory(target, ec) && fs::is_empty(target, ec)))
        return fail(ErrorKind::Io, "exists and is not an empty directory; choose a new one or remove it", dir);
    std::string tmp = target.string() + ".tmp-XXXXXX";
    if (!::mkdtemp(tmp.data()))
        return failErrno(ErrorKind::Io, "cannot create a temporary directory beside it", errno, dir);
    auto cleanup = [&] { fs::remove_all(tmp, ec); };
    fs::permissions(tmp,
        fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec | fs::perms::others_read
            | fs::perms::others_exec,
        ec);
    for (const auto& t : plan.targets) {
        if (auto ok = writeFileAtomically(tmp + "/" + targetFileName(t), renderTarget(plan, t), 0644); !ok) {
            cleanup();
            return ok;
        }
    }
    if (auto ok = writeFileAtomically(tmp + "/plan.json", planToJson(plan), 0644); !ok) {
        cleanup();
        return ok;
    }
    fs::rename(tmp, target, ec);
    if (ec) {
        cleanup();
        return fail(ErrorKind::Io, "cannot move the finished plan into place: " + ec.message(), dir);
    }
    return {};
}

} // namespace rp
