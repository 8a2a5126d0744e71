// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabric/lateagents.h"

#include <chrono>
#include <thread>

namespace rp::fabric {

char procStatState(std::string_view stat)
{
    const auto close = stat.rfind(')');
    if (close == std::string_view::npos || close + 2 >= stat.size() || stat[close + 1] != ' ')
        return '\0';
    const char state = stat[close + 2];
    return (state >= 'A' && state <= 'Z') || (state >= 'a' && state <= 'z') ? state : '\0';
}

namespace {

LateVerdict askOne(const LateAgent& agent, const HostConnect& connect)
{
    LateVerdict v;
    auto executor = connect(agent.host);
    if (!executor) {
        v.said = "; SSH to the host fails too (" + executor.error().message
            + "): the host is down, paused or cut off from this machine";
        v.over = true;
        return v;
    }
    ExecOptions o;
    o.timeout = std::chrono::milliseconds(5000);
    o.maxOutput = 4096;
    if (agent.pid <= 0) {
        auto r = (*executor)->run(Command { "true" }, o);
        v.said = r ? "; the host still answers over SSH: its agent hung (stopped, or stuck)"
                   : "; the host's SSH server lets in but does not run a command (" + r.error().message
                + "): the host is overloaded or hung";
        return v;
    }
    // The pid came from the agent's own ready line; /proc is read as a file, no shell and no ps needed.
    auto r = (*executor)->run(Command { "cat", "/proc/" + std::to_string(agent.pid) + "/stat" }, o);
    if (!r) {
        v.said = "; the host's SSH server lets in but does not run a command (" + r.error().message
            + "): the host is overloaded or hung";
        return v;
    }
    const std::string pid = std::to_string(agent.pid);
    if (r->exitStatus != 0) {
        v.said = "; the host still answers over SSH, but its agent (process " + pid + ") is gone";
        v.over = true;
        return v;
    }
    const char state = procStatState(r->out);
    if (state == 'T' || state == 't') {
        v.said = "; the host still answers over SSH: its agent (process " + pid + ") is stopped (state "
            + std::string(1, state) + ")";
        v.over = true;
    } else if (state == 'Z' || state == 'X') {
        v.said = "; the host still answers over SSH, but its agent (process " + pid + ") has exited";
        v.over = true;
    } else if (state != '\0') {
        v.said = "; the host answers over SSH and its agent (process " + pid + ") runs (state " + std::string(1, state)
            + "): it is late, not stopped";
        v.runs = true;
    } else {
        v.said = "; the host still answers over SSH: its agent hung (stopped, or stuck)";
    }
    return v;
}

} // namespace

std::map<std::string, LateVerdict> askLateHosts(
    const std::vector<LateAgent>& late, std::size_t fleetSize, const HostConnect& connect)
{
    std::map<std::string, LateVerdict> out;
    if (late.size() > kLateAskAtOnce) {
        for (const auto& a : late)
            out[a.host].said = "; " + std::to_string(late.size()) + " of " + std::to_string(fleetSize)
                + " agents were late together: a delay they share (an overloaded controller or network), not a hang "
                  "of each";
        return out;
    }
    std::vector<LateVerdict> said(late.size());
    {
        std::vector<std::jthread> threads;
        threads.reserve(late.size());
        for (std::size_t i = 0; i < late.size(); ++i)
            threads.emplace_back([&, i] { said[i] = askOne(late[i], connect); });
    }
    for (std::size_t i = 0; i < late.size(); ++i)
        out[late[i].host] = std::move(said[i]);
    return out;
}

} // namespace rp::fabric
