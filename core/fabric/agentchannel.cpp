// SPDX-License-Identifier: GPL-3.0-or-later
#include "fabric/agentchannel.h"

#include "perf/protocol.h"
#include "util/text.h"

#include <cstdint>
#include <utility>

#include <sys/eventfd.h>
#include <unistd.h>

namespace rp::fabric {

AgentChannel::AgentChannel(ChannelHub& hub, HostSpec spec, ExecutorFactory factory, perf::SessionOptions probe)
    : m_hub(hub)
    , m_spec(std::move(spec))
    , m_factory(std::move(factory))
    , m_probe(std::move(probe))
    , m_wake(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC))
{ }

void AgentChannel::wake() const
{
    // Without an eventfd (the process is out of descriptors) the executor asks on its own every 50 ms, as before.
    if (m_wake.valid()) {
        const std::uint64_t one = 1;
        (void)!::write(m_wake.get(), &one, sizeof one);
    }
}

AgentChannel::~AgentChannel()
{
    m_cancel = true;
    wake();
    m_hub.gate.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

void AgentChannel::start(
    std::vector<AgentMessage> first, std::size_t endpointsExpected, std::chrono::milliseconds lifetime)
{
    m_endpointsExpected = endpointsExpected;
    {
        // Counted here, not in the thread: the controller must see it queued from the moment it returns.
        std::lock_guard lock(m_hub.mutex);
        ++m_hub.queued;
    }
    m_thread = std::thread([this, first = std::move(first), lifetime] { body(first, lifetime); });
}

void AgentChannel::send(const AgentMessage& message)
{
    {
        std::lock_guard lock(m_hub.mutex);
        m_outbox.push_back(encodeAgent(message));
    }
    wake();
}

void AgentChannel::askStop()
{
    {
        std::lock_guard lock(m_hub.mutex);
        m_stopAsked = true;
        if (!ended)
            m_outbox.push_back(encodeAgent(AgentStop {}));
    }
    wake();
}

void AgentChannel::close()
{
    m_cancel = true;
    wake();
    m_hub.gate.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

void AgentChannel::giveUp(const std::string& why)
{
    {
        std::lock_guard lock(m_hub.mutex);
        if (state != AgentState::Down) {
            state = AgentState::Down;
            detail = why;
        }
    }
    m_cancel = true;
    wake();
    m_hub.gate.notify_all();
}

void AgentChannel::down(const std::string& why)
{
    std::lock_guard lock(m_hub.mutex);
    // Down stays down (with its first reason); an agent that ends after we asked it to has stopped.
    if (state != AgentState::Down) {
        if (m_stopAsked) {
            state = AgentState::Stopped;
        } else {
            state = AgentState::Down;
            // "exited with status 0" alone hides why: an agent that ends by itself said so first (its idle limit,
            // its lifetime).
            detail = m_said.empty() ? why : why + " (it said: " + m_said + ")";
        }
    }
    ended = true;
    m_hub.changed.notify_all();
}

bool AgentChannel::admit()
{
    std::unique_lock lock(m_hub.mutex);
    // Cancels notify the gate without its mutex: the bounded wait catches one that slips between the test and it.
    while (m_hub.starting >= m_hub.startLimit && !m_cancel)
        m_hub.gate.wait_for(lock, std::chrono::milliseconds(500));
    --m_hub.queued;
    if (m_cancel) {
        m_hub.changed.notify_all();
        m_hub.gate.notify_one(); // a place it was woken for passes on
        return false;
    }
    ++m_hub.starting;
    m_hub.lastAdmitted = std::chrono::steady_clock::now();
    return true;
}

void AgentChannel::leaveStart()
{
    std::lock_guard lock(m_hub.mutex);
    --m_hub.starting;
    m_hub.changed.notify_all();
    m_hub.gate.notify_one();
}

void AgentChannel::body(const std::vector<AgentMessage>& first, std::chrono::milliseconds lifetime)
{
    if (!admit()) {
        down("stopped before it started");
        return;
    }
    auto executor = m_factory(m_spec);
    if (!executor) {
        leaveStart();
        down(executor.error().describe());
        return;
    }
    // The start gate is held until the agent speaks: connected, the probe checked and running. A copy that is missing
    // or differs is made inside the gate, so a first round copies to a bounded number of hosts at once.
    bool starting = true;
    auto started = [&] {
        if (std::exchange(starting, false))
            leaveStart();
    };
    auto command = perf::probeCommandInPlace(**executor, m_probe, { "agent" });
    if (!command) {
        started();
        down(command.error().describe());
        return;
    }
    perf::LineSplitter splitter;
    ExecOptions o;
    // The agent's own lifetime ends it first; this is the backstop for a host that stops answering at all.
    o.timeout = lifetime + std::chrono::seconds(10);
    o.cancel = &m_cancel;
    o.keepStdinOpen = true;
    o.keepStdout = false; // read line by line below; a watch's results are not kept twice
    // The agent exits when its stdin stays silent for its idle limit: a keepalive goes out after a third of it.
    auto keepalive = std::chrono::steady_clock::duration::max();
    for (const auto& m : first) {
        o.stdinData += encodeAgent(m);
        if (const auto* hello = std::get_if<AgentHello>(&m); hello && hello->idleS > 0)
            keepalive = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                std::chrono::duration<double>(hello->idleS / 3));
    }
    auto lastSent = std::chrono::steady_clock::now();
    o.inputReadyFd = m_wake.valid() ? m_wake.get() : -1;
    o.moreInput = [this, keepalive, &lastSent] {
        if (m_wake.valid()) {
            std::uint64_t count = 0;
            (void)!::read(m_wake.get(), &count, sizeof count);
        }
        std::lock_guard lock(m_hub.mutex);
        std::string out;
        while (!m_outbox.empty() && out.size() < 65536) {
            out += m_outbox.front();
            m_outbox.pop_front();
        }
        const auto now = std::chrono::steady_clock::now();
        if (out.empty() && now - lastSent >= keepalive)
            out = encodeAgent(AgentKeepalive {});
        if (!out.empty())
            lastSent = now;
        return out;
    };
    bool broken = false;
    bool spoke = false;
    o.onStdout = [&](std::string_view chunk) {
        if (broken)
            return;
        spoke = true;
        started();
        auto fed = splitter.feed(chunk, [&](std::string_view line) { onLine(line); });
        if (!fed) {
            broken = true;
            {
                std::lock_guard lock(m_hub.mutex);
                detail = fed.error().message;
                state = AgentState::Down;
            }
            m_cancel = true;
        }
    };
    auto result = executor->get()->run(*command, o);
    // The first start on this host, or a probe of another build there: copied (and its hello checked), then run.
    // The check may end before the first lines are sent, so a write refused then says the same: ensureProbe asks
    // again and tells which it was (a connection really lost fails there too).
    if (!spoke && !m_cancel && (!result || perf::probeNotInPlace(result->exitStatus))) {
        perf::SessionHooks hooks;
        hooks.cancel = &m_cancel;
        auto probe = perf::ensureProbe(**executor, m_probe, hooks);
        started();
        if (!probe) {
            down(probe.error().describe());
            return;
        }
        bool stopping = false;
        {
            std::lock_guard lock(m_hub.mutex);
            stopping = m_stopAsked;
        }
        if (stopping) {
            down("stopped before it started");
            return;
        }
        result = executor->get()->run(Command { probe->path, "agent" }, o);
    }
    started();
    std::string why;
    if (!result) {
        why = result.error().describe();
    } else {
        why = "the agent exited with status " + std::to_string(result->exitStatus);
        auto err = trim(result->err);
        if (!err.empty())
            why += ": " + printable(err.substr(err.size() > 300 ? err.size() - 300 : 0), 300);
    }
    down(why);
}

void AgentChannel::onLine(std::string_view line)
{
    auto message = decodeAgentLine(line);
    std::lock_guard lock(m_hub.mutex);
    if (!message) {
        // A host that prints garbage is not believed any further.
        detail = message.error().message;
        state = AgentState::Down;
        m_cancel = true;
        m_hub.changed.notify_all();
        return;
    }
    if (const auto* r = std::get_if<AgentReady>(&*message)) {
        if (r->protocol != kAgentProtocolVersion) {
            detail = "the agent speaks protocol " + std::to_string(r->protocol);
            state = AgentState::Down;
            m_cancel = true;
        } else {
            ready.insert(ready.end(), r->endpoints.begin(), r->endpoints.end());
            if (r->pid > 0)
                pid = r->pid;
            if (ready.size() >= m_endpointsExpected) {
                isReady = true;
                if (state == AgentState::Starting)
                    state = AgentState::Up;
            }
        }
    } else if (const auto* res = std::get_if<AgentResult>(&*message)) {
        results.push_back(*res);
    } else if (const auto* l = std::get_if<AgentLink>(&*message)) {
        for (const auto& e : l->endpoints) {
            // Bounded by what it serves: a hostile host cannot grow the map beyond its own endpoints' count.
            if (!links.contains(e.id) && links.size() >= m_endpointsExpected)
                continue;
            auto& last = links[e.id];
            if (last.state == LinkState::Down && e.state != LinkState::Down)
                linkBack[e.id] = { std::chrono::steady_clock::now(), last.detail };
            last = e;
            if (e.state == LinkState::Down)
                linkDownSeen.insert(e.id);
        }
    } else if (const auto* d = std::get_if<AgentDone>(&*message)) {
        done[d->phase] = *d;
    } else if (const auto* e = std::get_if<AgentError>(&*message)) {
        detail = e->message;
        m_said = e->message;
    } else {
        detail = "the agent sent a message only a controller sends";
        state = AgentState::Down;
        m_cancel = true;
    }
    m_hub.changed.notify_all();
}

} // namespace rp::fabric
