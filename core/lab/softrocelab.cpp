// SPDX-License-Identifier: GPL-3.0-or-later
#include "lab/softrocelab.h"

#include "remote/local_executor.h"
#include "util/text.h"

#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <unistd.h>

namespace fs = std::filesystem;

namespace rp {

LabLine parseLabLine(std::string_view line)
{
    line = trim(line);
    LabLine out;
    if (startsWith(line, "PROGRESS ")) {
        auto rest = line.substr(9);
        int percent = -1;
        auto [ptr, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), percent);
        if (ec != std::errc() || percent < 0 || percent > 100)
            return out;
        out.kind = LabLine::Kind::Progress;
        out.percent = percent;
        out.text = std::string(trim(rest.substr(static_cast<std::size_t>(ptr - rest.data()))));
    } else if (startsWith(line, "READY ")) {
        out.kind = LabLine::Kind::Ready;
        out.text = std::string(trim(line.substr(6)));
    }
    return out;
}

SoftRoceLab::SoftRoceLab(std::string script, std::string stateDir)
    : m_script(std::move(script))
    , m_stateDir(std::move(stateDir))
{ }

std::string SoftRoceLab::findScript(const std::string& executablePath)
{
    std::error_code ec;
    // An explicit RP_LAB_SCRIPT that is not there is a mistake to report, not a reason to run another lab.
    if (const char* env = std::getenv("RP_LAB_SCRIPT"); env && *env)
        return fs::is_regular_file(env, ec) ? std::string(env) : std::string();
    if (!executablePath.empty()) {
        auto installed = fs::path(executablePath).parent_path() / ".." / "share" / "rocepilot" / "lab" / "lab.sh";
        if (fs::is_regular_file(installed, ec))
            return fs::weakly_canonical(installed, ec).string();
    }
#ifdef RP_SOURCE_LAB_SCRIPT
    if (fs::is_regular_file(RP_SOURCE_LAB_SCRIPT, ec))
        return RP_SOURCE_LAB_SCRIPT;
#endif
    return {};
}

std::string SoftRoceLab::defaultStateDir()
{
    if (const char* runtime = std::getenv("XDG_RUNTIME_DIR"); runtime && *runtime)
        return std::string(runtime) + "/rocepilot-lab";
    return "/tmp/rocepilot-lab-" + std::to_string(::getuid());
}

Result<std::string> SoftRoceLab::start(const std::string& inventoryOut,
    const std::function<void(const Progress&)>& progress, const std::atomic<bool>* cancel, LabShape shape)
{
    if (shape.hosts < 2 || shape.hosts > 26)
        return fail(ErrorKind::Validation, "the lab has 2 to 26 hosts, not " + std::to_string(shape.hosts));
    if (shape.racks < 1 || shape.racks > shape.hosts)
        return fail(ErrorKind::Validation,
            "the lab has 1 to " + std::to_string(shape.hosts) + " racks, not " + std::to_string(shape.racks));
    if (m_script.empty())
        return fail(ErrorKind::Io,
            "the Soft-RoCE lab script (lab/lab.sh) was not found"
                + std::string(std::getenv("RP_LAB_SCRIPT")
                        ? " at RP_LAB_SCRIPT=" + std::string(std::getenv("RP_LAB_SCRIPT"))
                        : "; set RP_LAB_SCRIPT to its path"));
    LocalExecutor local("lab");
    ExecOptions options;
    options.timeout = std::chrono::minutes(15); // a first build downloads a kernel package
    options.cancel = cancel;
    // lab.sh's trap stops the guests it already began (SIGTERM, then SIGKILL after 5 s); killing it sooner would
    // leave daemonized qemu processes whose pid files may not be written yet.
    options.killGrace = std::chrono::seconds(20);
    std::string pending;
    std::string ready;
    options.onStdout = [&](std::string_view chunk) {
        pending.append(chunk);
        for (auto nl = pending.find('\n'); nl != std::string::npos; nl = pending.find('\n')) {
            auto parsed = parseLabLine(std::string_view(pending).substr(0, nl));
            if (parsed.kind == LabLine::Kind::Progress && progress)
                progress(Progress { parsed.percent, parsed.text });
            else if (parsed.kind == LabLine::Kind::Ready)
                ready = parsed.text;
            pending.erase(0, nl + 1);
        }
    };
    Command command { "bash", m_script, "start", "--inventory-out", inventoryOut, "--state-dir", m_stateDir };
    if (!shape.isPair())
        command.arg("--hosts").arg(std::to_string(shape.hosts)).arg("--racks").arg(std::to_string(shape.racks));
    auto result = local.run(command, options);
    if (!result) {
        // Cancelled or timed out half-way: the guests may be up already; take them down again (best effort: the
        // start's own error is the one to report).
        (void)stop();
        return std::unexpected(result.error());
    }
    if (result->exitStatus != 0) {
        auto err = std::string(trim(result->err));
        if (err.size() > 2000)
            err = "..." + err.substr(err.size() - 2000);
        return fail(ErrorKind::CommandFailed,
            "the Soft-RoCE lab did not start (exit status " + std::to_string(result->exitStatus) + ")"
                + (err.empty() ? std::string() : ":\n" + err),
            m_script + " start");
    }
    if (ready.empty())
        return fail(ErrorKind::Protocol, "the lab script finished without a READY line", m_script + " start");
    return ready;
}

Result<SoftRoceLab::Status> SoftRoceLab::status()
{
    if (m_script.empty())
        return fail(ErrorKind::Io, "the Soft-RoCE lab script was not found; set RP_LAB_SCRIPT");
    LocalExecutor local("lab");
    auto result = local.run(Command { "bash", m_script, "status", "--state-dir", m_stateDir }, {});
    if (!result)
        return std::unexpected(result.error());
    if (result->exitStatus != 0 && result->exitStatus != 3)
        return fail(ErrorKind::CommandFailed, std::string(trim(result->err)), m_script + " status");
    return Status { result->exitStatus == 0, std::string(trim(result->out + result->err)) };
}

Result<void> SoftRoceLab::stop()
{
    if (m_script.empty())
        return fail(ErrorKind::Io, "the Soft-RoCE lab script was not found; set RP_LAB_SCRIPT");
    LocalExecutor local("lab");
    ExecOptions options;
    options.timeout = std::chrono::seconds(60);
    auto result = local.run(Command { "bash", m_script, "stop", "--state-dir", m_stateDir }, options);
    if (!result)
        return std::unexpected(result.error());
    if (result->exitStatus != 0)
        return fail(ErrorKind::CommandFailed, std::string(trim(result->err)), m_script + " stop");
    return {};
}

} // namespace rp
