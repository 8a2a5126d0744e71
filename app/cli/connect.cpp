// SPDX-License-Identifier: GPL-3.0-or-later
#include "connect.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <termios.h>
#include <unistd.h>

namespace rp::cli {

std::mutex& promptMutex()
{
    static std::mutex mutex;
    return mutex;
}

std::optional<std::string> askPassword(const HostSpec& host)
{
    std::lock_guard lock(promptMutex());
    if (!isatty(STDIN_FILENO)) {
        std::fprintf(
            stderr, "%s: password authentication needs a terminal to ask on; none is attached\n", host.name.c_str());
        return std::nullopt;
    }
    std::fprintf(stderr, "Password for %s@%s: ", host.user.c_str(), host.address.c_str());
    termios old {};
    tcgetattr(STDIN_FILENO, &old);
    termios silent = old;
    silent.c_lflag &= ~static_cast<tcflag_t>(ECHO);
    tcsetattr(STDIN_FILENO, TCSANOW, &silent);
    std::string password;
    std::getline(std::cin, password);
    tcsetattr(STDIN_FILENO, TCSANOW, &old);
    std::fputc('\n', stderr);
    return password;
}

std::string probeBinary()
{
    if (const char* env = std::getenv("RP_PROBE"); env && *env)
        return env;
    std::error_code ec;
    auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
    return (self.parent_path() / "rocepilot-probe").string();
}

ConnectContext cliConnectContext(
    const Inventory& inventory, const std::optional<std::string>& knownHosts, bool acceptNew)
{
    ConnectContext context;
    context.knownHostsFile
        = knownHosts.value_or(inventory.knownHostsFile.empty() ? defaultKnownHostsPath() : inventory.knownHostsFile);
    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(context.knownHostsFile).parent_path(), ec);
    context.onUnknownHostKey = [acceptNew](const HostKeyInfo& key) {
        std::lock_guard lock(promptMutex());
        if (acceptNew) {
            std::fprintf(stderr, "%s: new host key %s %s accepted and saved\n", key.host.c_str(), key.keyType.c_str(),
                key.sha256Fingerprint.c_str());
            return HostKeyDecision::AcceptAndSave;
        }
        std::fprintf(stderr,
            "%s: unknown host key %s %s; refused. Check the fingerprint with the host's owner, then re-run with "
            "--accept-new-host-keys\n",
            key.host.c_str(), key.keyType.c_str(), key.sha256Fingerprint.c_str());
        return HostKeyDecision::Refuse;
    };
    context.passwordFor = askPassword;
    return context;
}

} // namespace rp::cli
