// SPDX-License-Identifier: GPL-3.0-or-later
#include "switchcli/switch_read.h"

#include <ctime>
#include <thread>

namespace rp::switchcli {

namespace {

std::string utc()
{
    std::time_t t = std::time(nullptr);
    std::tm tm {};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

bool isCounters(const std::string& command)
{
    return command.ends_with("counters");
}

} // namespace

std::vector<std::string> diagnoseShowCommands(Dialect dialect)
{
    switch (dialect) {
    case Dialect::Eos:
        return { "show running-config", "show priority-flow-control", "show qos interfaces", "show lldp neighbors",
            "show priority-flow-control counters" };
    case Dialect::NxOs:
        return { "show running-config", "show interface priority-flow-control", "show lldp neighbors" };
    case Dialect::Nvue:
        return { "nv config show -o commands", "nv show qos roce" };
    }
    return {};
}

Result<std::vector<ShowOutput>> readDiagnoseShows(SwitchSession& session, std::chrono::milliseconds interval,
    std::vector<std::string>& warnings, const std::atomic<bool>* cancel)
{
    session.setCancel(cancel);
    std::vector<ShowOutput> out;
    std::vector<std::string> again;
    auto run = [&](const std::string& command) -> Result<void> {
        auto r = session.show(command);
        if (!r) {
            if (!session.usable() || r.error().kind == ErrorKind::Cancelled)
                return std::unexpected(r.error());
            warnings.push_back(session.name() + ": `" + command + "` not read: " + r.error().message);
            return {};
        }
        out.push_back({ command, std::move(*r), utc() });
        return {};
    };
    for (const auto& c : diagnoseShowCommands(session.dialect())) {
        if (auto r = run(c); !r)
            return std::unexpected(r.error());
        if (isCounters(c) && !out.empty() && out.back().command == c)
            again.push_back(c);
    }
    if (!again.empty()) {
        // Sliced sleep: a cancel is seen within 50 ms.
        auto until = std::chrono::steady_clock::now() + interval;
        while (std::chrono::steady_clock::now() < until) {
            if (cancel && cancel->load())
                return std::unexpected(Error { ErrorKind::Cancelled, "cancelled", "switch read", session.name() });
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        for (const auto& c : again)
            if (auto r = run(c); !r)
                return std::unexpected(r.error());
    }
    session.setCancel(nullptr);
    return out;
}

} // namespace rp::switchcli
