// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One host's agent, as the controller sees it: a thread that opens the host's executor (SSH with its host key
// checked, or local), puts rocepilot-probe there when it is missing or different, starts `rocepilot-probe agent`
// with its stdin kept open, writes the controller's lines to it as they are queued and decodes what it prints. The
// controller reads the channel's state under the shared lock and waits on the shared condition.

#include "error.h"
#include "fabric/agentprotocol.h"
#include "fabric/fabric.h"
#include "inventory/inventory.h"
#include "perf/probesession.h"
#include "remote/executor.h"
#include "util/uniquefd.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace rp::fabric {

using ExecutorFactory = std::function<Result<std::unique_ptr<Executor>>(const HostSpec&)>;

/// Agents of one controller that connect and put the probe in place at the same time. Each start is an SSH
/// handshake and a checksum of the probe (a copy of it, the first time) on the controller's cores: 1 000 at once
/// starved each other, and a third of them missed the connect timeout (no SSH connection within 10 s,
/// authentication did not finish in time) on hosts discovery had reached, 32 at a time, a moment before.
constexpr std::size_t kAgentStartsAtOnce = 32;

/// What the controller shares with every channel: one lock and one condition for all of them, and the gate its
/// agents' starts pass (all under the lock).
struct ChannelHub
{
    std::mutex mutex;
    std::condition_variable changed;
    /// The start gate's own: told when a place frees or a queued channel is cancelled. On `changed` the queued
    /// channels woke for every line any agent sent (968 of them at once in a 1 000-host start).
    std::condition_variable gate;
    std::size_t startLimit = kAgentStartsAtOnce;
    std::size_t starting = 0; ///< past the gate: connecting, putting the probe in place, until the agent speaks
    std::size_t queued = 0; ///< waiting at the gate
    std::chrono::steady_clock::time_point lastAdmitted {}; ///< when the last one passed it
};

class AgentChannel
{
public:
    AgentChannel(ChannelHub& hub, HostSpec spec, ExecutorFactory factory, perf::SessionOptions probe);
    ~AgentChannel(); ///< cancels and joins
    AgentChannel(const AgentChannel&) = delete;
    AgentChannel& operator=(const AgentChannel&) = delete;

    /// Starts the thread: the first lines (hello, serve) go out with the command.
    void start(std::vector<AgentMessage> first, std::size_t endpointsExpected, std::chrono::milliseconds lifetime);
    /// Queues a line for the agent's stdin (any thread).
    void send(const AgentMessage& message);
    /// Queues a stop: the agent ends by itself and its channel closes.
    void askStop();
    /// Closes the channel if it is still open (the agent sees EOF and goes) and joins the thread.
    void close();
    /// Gives up on an agent that did not do its part in time: down, with why, and its channel closed.
    void giveUp(const std::string& why);

    const std::string& host() const { return m_spec.name; }

    // Read and changed under hub.mutex.
    AgentState state = AgentState::Starting;
    std::string detail; ///< why it is down, or what it last complained about
    std::vector<AgentReadyEndpoint> ready; ///< collected from its ready lines
    int pid = 0; ///< the agent's process id on its host, from ready (0: not said)
    bool isReady = false; ///< every endpoint answered
    std::vector<AgentResult> results; ///< not yet taken by the controller
    std::map<std::uint64_t, AgentDone> done; ///< phase -> what the agent said at its end
    std::map<std::uint32_t, AgentLinkEndpoint> links; ///< each endpoint's link as the agent last said
    std::set<std::uint32_t> linkDownSeen; ///< endpoints it said down since the controller last took them
    /// Endpoints that came back from down: when, and what the agent read while they were down.
    std::map<std::uint32_t, std::pair<std::chrono::steady_clock::time_point, std::string>> linkBack;
    bool ended = false;

private:
    void body(const std::vector<AgentMessage>& first, std::chrono::milliseconds lifetime);
    void onLine(std::string_view line);
    void down(const std::string& why);
    /// Waits for a place among the hub's starting agents; false when cancelled meanwhile.
    bool admit();
    void leaveStart();
    void wake() const; ///< tells the channel's thread to look at its outbox and cancel flag now

    ChannelHub& m_hub;
    HostSpec m_spec;
    ExecutorFactory m_factory;
    perf::SessionOptions m_probe;
    std::size_t m_endpointsExpected = 0;
    std::deque<std::string> m_outbox; ///< under hub.mutex
    bool m_stopAsked = false;
    std::string m_said; ///< the agent's own last error line: why it ended, when it ended by itself
    std::atomic<bool> m_cancel { false };
    /// Readable when the outbox has lines or m_cancel was set: the channel's thread waits on it (inputReadyFd).
    UniqueFd m_wake;
    std::thread m_thread;
};

} // namespace rp::fabric
