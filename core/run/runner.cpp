// SPDX-License-Identifier: GPL-3.0-or-later
#include "run/runner.h"

#include "perf/perftest.h"
#include "perf/probesession.h"

#include <arpa/inet.h>

#include <memory>
#include <thread>

namespace rp::run {

namespace {

bool isNumeric(const std::string& address)
{
    in_addr v4 {};
    in6_addr v6 {};
    return ::inet_pton(AF_INET, address.c_str(), &v4) == 1 || ::inet_pton(AF_INET6, address.c_str(), &v6) == 1;
}

const GidRecommendation* recommendationFor(const std::optional<HostFacts>& facts, const std::string& device)
{
    if (!facts)
        return nullptr;
    for (const auto& r : facts->recommendations) {
        if (device.empty() || r.device == device)
            return &r;
    }
    return nullptr;
}

} // namespace

std::vector<std::vector<std::pair<int, int>>> allToAllRounds(int n)
{
    std::vector<std::vector<std::pair<int, int>>> rounds;
    if (n < 2)
        return rounds;
    const int m = n % 2 ? n + 1 : n; // a "bye" slot for odd n
    std::vector<int> ring(static_cast<std::size_t>(m));
    for (int i = 0; i < m; ++i)
        ring[static_cast<std::size_t>(i)] = i;
    for (int r = 0; r < m - 1; ++r) {
        std::vector<std::pair<int, int>> round;
        for (int i = 0; i < m / 2; ++i) {
            int a = ring[static_cast<std::size_t>(i)], b = ring[static_cast<std::size_t>(m - 1 - i)];
            if (a >= n || b >= n)
                continue; // the bye
            round.emplace_back(std::min(a, b), std::max(a, b));
        }
        rounds.push_back(std::move(round));
        // keep ring[0], rotate the rest by one
        int last = ring.back();
        for (int i = m - 1; i > 1; --i)
            ring[static_cast<std::size_t>(i)] = ring[static_cast<std::size_t>(i - 1)];
        ring[1] = last;
    }
    return rounds;
}

std::vector<std::vector<std::pair<int, int>>> oneToManyRounds(int hub, int n)
{
    std::vector<std::vector<std::pair<int, int>>> rounds;
    for (int i = 0; i < n; ++i) {
        if (i != hub)
            rounds.push_back({ { hub, i } });
    }
    return rounds;
}

Result<std::string> chooseDataAddress(const PairTest& t)
{
    if (!t.dataAddress.empty()) {
        if (!isNumeric(t.dataAddress))
            return fail(ErrorKind::Validation,
                "the data address must be a numeric IPv4 or IPv6 address, not '" + t.dataAddress + "'");
        return t.dataAddress;
    }
    if (!t.server.dataAddress.empty())
        return t.server.dataAddress;
    if (t.server.local && t.client.local)
        return t.test.transport == perf::Transport::Tcp ? std::string("127.0.0.1") : std::string();
    if (t.test.transport != perf::Transport::Tcp) {
        if (const auto* r = recommendationFor(t.serverFacts, t.test.device); r && isNumeric(r->address))
            return r->address;
    }
    if (isNumeric(t.server.address) && !(t.server.address.starts_with("127.") && !t.client.local))
        return t.server.address;
    return fail(ErrorKind::Validation,
        "no data-plane address for " + t.server.name
            + ": run discovery first (its recommended GID's address is used) or set the host's data address",
        "test", t.server.name);
}

HostInfo hostInfoFrom(const HostSpec& spec, const std::string& role, const std::optional<HostFacts>& facts,
    const perf::TestOptions& test, const std::string& dataAddress)
{
    HostInfo info;
    info.role = role;
    info.name = spec.name;
    info.address = spec.address;
    if (!facts)
        return info;
    info.hostname = facts->hostname;
    info.os = facts->os;
    info.kernel = facts->kernel;
    for (const auto& d : facts->devices) {
        info.devices.push_back({ d.name, d.driver, d.fwVersion });
        if (test.transport == perf::Transport::Tcp || (!test.device.empty() && d.name != test.device))
            continue;
        for (const auto& port : d.ports) {
            for (const auto& g : port.gids) {
                const bool byIndex = test.gidIndex && g.index == *test.gidIndex;
                const bool byAddress = !test.gidIndex && role == "server" && !dataAddress.empty()
                    && (g.ipv4 == dataAddress || g.ipv6 == dataAddress) && g.type == GidType::RoceV2;
                if (info.gid.empty() && (byIndex || byAddress)) {
                    info.gid = g.gid;
                    info.gidIndex = g.index;
                    info.gidDevice = d.name;
                    info.gidAddress = g.ipv4.empty() ? g.ipv6 : g.ipv4;
                }
            }
        }
    }
    return info;
}

std::optional<counters::SamplerOptions> samplerFor(const HostSpec& spec, const std::optional<HostFacts>& facts,
    const perf::TestOptions& test, const std::string& dataAddress, double intervalS, const std::string& gidDevice)
{
    if (!facts || facts->recommendations.empty())
        return std::nullopt;
    const GidRecommendation* pick = nullptr;
    for (const auto& r : facts->recommendations) {
        const bool match = !gidDevice.empty() ? r.device == gidDevice
            : !test.device.empty()            ? r.device == test.device
                                              : r.address == dataAddress;
        if (!pick && match)
            pick = &r;
    }
    if (!pick)
        pick = &facts->recommendations.front();
    counters::SamplerOptions o;
    o.host = spec.name;
    o.rdmaDevice = pick->device;
    o.port = pick->port;
    o.netdev = pick->netdev;
    for (const auto& nd : facts->netdevs) {
        if (nd.name == o.netdev && !nd.vlanParent.empty())
            o.netdev = nd.vlanParent; // per-priority pause counters live on the parent
    }
    o.intervalS = intervalS;
    return o;
}

CounterSampling::~CounterSampling()
{
    stop();
}

void CounterSampling::start(const std::vector<Plan>& plans, const ConnectContext& context, const std::string& probePath,
    std::function<double()> now, std::function<void(const CounterSample&)> onSample,
    std::function<void(const Error&)> onError)
{
    m_now = std::move(now);
    m_onSample = std::move(onSample);
    m_onError = std::move(onError);
    for (const auto& plan : plans) {
        auto exec = openExecutor(plan.spec, context);
        if (!exec) {
            if (m_onError)
                m_onError(exec.error());
            continue;
        }
        m_executors.push_back(std::move(*exec));
        Executor* e = m_executors.back().get();
        m_threads.emplace_back([this, e, probePath, p = plan.options]() mutable {
            if (!probePath.empty()) {
                // The test puts the probe on the host anyway; sampling natively costs a fraction of the shell
                // loop (bench/counters-sampler.sh), which stays the fallback.
                perf::SessionOptions so;
                so.probePath = probePath;
                perf::SessionHooks quiet;
                quiet.cancel = &m_stop;
                if (auto probe = perf::ensureProbe(*e, so, quiet))
                    p.probePath = probe->path;
            }
            auto ok = counters::runSampler(*e, p, m_now, m_onSample, &m_stop);
            if (!ok && m_onError)
                m_onError(ok.error());
        });
    }
}

void CounterSampling::stop()
{
    m_stop.store(true);
    for (auto& t : m_threads)
        t.join();
    m_threads.clear();
    m_executors.clear();
}

Result<PairOutcome> runPairTest(const PairTest& t, const ConnectContext& context, const RunnerHooks& hooks)
{
    auto status = [&](const std::string& s) {
        if (hooks.onStatus)
            hooks.onStatus(s);
    };
    auto address = chooseDataAddress(t);
    if (!address)
        return std::unexpected(address.error());
    PairOutcome outcome;
    outcome.dataAddress = *address;

    std::unique_ptr<RunWriter> writer;
    const auto start = std::chrono::steady_clock::now();
    auto now = [&] {
        return writer ? writer->now() : std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    if (!t.savePath.empty()) {
        RunHeader header;
        header.startedUtc = utcNow();
        header.toolVersion = "0.1.0";
        header.label = t.label;
        header.options = t.test;
        header.server = t.server.name;
        header.client = t.client.name;
        header.dataAddress = *address;
        Environment env;
        env.hosts.push_back(hostInfoFrom(t.server, "server", t.serverFacts, t.test, *address));
        env.hosts.push_back(hostInfoFrom(t.client, "client", t.clientFacts, t.test, *address));
        env.profileYaml = t.profileYaml;
        env.discoveryJson = t.discoveryJson;
        auto w = RunWriter::create(t.savePath, header, env);
        if (!w)
            return std::unexpected(w.error());
        writer = std::move(*w);
    }

    status(t.server.name + ": connecting");
    auto serverExec = openExecutor(t.server, context);
    if (!serverExec) {
        if (writer)
            (void)writer->finish({}, "failed", serverExec.error());
        return std::unexpected(serverExec.error());
    }
    status(t.client.name + ": connecting");
    auto clientExec = openExecutor(t.client, context);
    if (!clientExec) {
        if (writer)
            (void)writer->finish({}, "failed", clientExec.error());
        return std::unexpected(clientExec.error());
    }

    // Counters: one more connection per host, one thread each, stopped with the test.
    CounterSampling sampling;
    std::mutex errorMutex;
    if (t.sampleCounters) {
        std::vector<CounterSampling::Plan> plans;
        for (const auto& [spec, facts] :
            { std::pair { &t.server, &t.serverFacts }, std::pair { &t.client, &t.clientFacts } }) {
            auto plan = samplerFor(*spec, *facts, t.test, *address, t.countersIntervalS);
            if (!plan) {
                status(spec->name + ": no RDMA device known (run discovery); its counters are not sampled");
                continue;
            }
            plans.push_back({ *spec, *plan });
        }
        sampling.start(
            plans, context, t.test.transport != perf::Transport::Perftest ? t.probePath : std::string(), now,
            [&](const CounterSample& c) {
                if (writer)
                    writer->addCounters(c);
                if (hooks.onCounters)
                    hooks.onCounters(c);
            },
            [&](const Error& e) {
                std::lock_guard lock(errorMutex);
                outcome.countersError = e;
            });
    }

    perf::SessionHooks sh;
    sh.cancel = hooks.cancel;
    sh.onStatus = status;
    sh.onMessage = [&](const perf::ProbeMessage& m) {
        if (const auto* r = std::get_if<perf::SizeResultMsg>(&m); r && writer)
            writer->addSizeResult(r->role, r->result);
    };
    sh.onSample = [&](perf::Role role, const perf::Sample& s) {
        RunSample rs { now(), role, s };
        if (writer)
            writer->addSample(rs);
        if (hooks.onSample)
            hooks.onSample(rs);
    };
    Result<std::vector<perf::SizeReport>> reports = std::unexpected(Error {});
    if (t.test.transport == perf::Transport::Perftest) {
        perf::PerftestOptions p;
        p.test = t.test;
        p.serverAddress = *address;
        p.connectTimeoutS = t.connectTimeoutS;
        p.server.device = t.test.device;
        p.client.device = t.test.device;
        p.server.gidIndex = t.test.gidIndex;
        p.client.gidIndex = t.test.gidIndex;
        if (!t.test.gidIndex) {
            const auto* s = recommendationFor(t.serverFacts, t.test.device);
            const auto* c = recommendationFor(t.clientFacts, t.test.device);
            if (s && c) {
                p.server.gidIndex = s->gidIndex;
                p.server.device = s->device;
                p.client.gidIndex = c->gidIndex;
                p.client.device = c->device;
            }
        }
        reports = perf::runPerftestSession(**serverExec, **clientExec, p, sh);
    } else {
        perf::SessionOptions s;
        s.test = t.test;
        s.serverAddress = *address;
        s.probePath = t.probePath;
        s.connectTimeoutS = t.connectTimeoutS;
        reports = perf::runProbeSession(**serverExec, **clientExec, s, sh);
    }
    sampling.stop();
    if (writer) {
        const std::string state = reports                  ? "ok"
            : reports.error().kind == ErrorKind::Cancelled ? "cancelled"
                                                           : "failed";
        auto closed = writer->finish(reports ? *reports : std::vector<perf::SizeReport> {}, state,
            reports ? std::nullopt : std::optional<Error>(reports.error()));
        if (!closed && reports)
            return std::unexpected(closed.error());
    }
    if (!reports)
        return std::unexpected(reports.error());
    outcome.sizes = std::move(*reports);
    return outcome;
}

} // namespace rp::run
