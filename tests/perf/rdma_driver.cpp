// SPDX-License-Identifier: GPL-3.0-or-later
// Test driver of the RDMA verbs engine (core/perf/rdma.cpp, rdmaverbsengine*.cpp), for the Soft-RoCE lab tests and the
// benchmark: one side of a test per process, every event as one JSON object per line on stdout.
//
//   rdma_driver server [--bind ADDR] [--port N] OPTIONS
//   rdma_driver client --server ADDR --port N OPTIONS
//   OPTIONS: --mode ping|blast --op send|write|write-imm|read --size N[,N...] --iterations N --duration S
//            --warmup S --depth N --post-list N --signal-every N --inline --event --verify --gid-index N
//            --tos N --device NAME --connect-timeout S --sample-interval S --cancel-after S
//
// Lines: {"event":"ready",...} {"event":"connected",...} {"event":"sample",...} {"event":"size",...}
// {"event":"done",...} or {"event":"error","kind":...,"message":...}. Exit: 0 done, 1 error, 2 usage,
// 3 cancelled (SIGINT/SIGTERM or --cancel-after).

#include "perf/perf.h"
#include "perf/rdma_engine.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <charconv>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

using namespace rp;
using namespace rp::perf;
using nlohmann::json;

namespace {

std::atomic<bool> g_cancel { false };
std::atomic<long long> g_cancelAtNs { 0 }; ///< CLOCK_MONOTONIC when the cancel was asked for

long long monotonicNs()
{
    timespec t {};
    clock_gettime(CLOCK_MONOTONIC, &t); // async-signal-safe, unlike std::chrono in a handler
    return static_cast<long long>(t.tv_sec) * 1000000000LL + t.tv_nsec;
}

void requestCancel()
{
    g_cancelAtNs.store(monotonicNs());
    g_cancel.store(true);
}

void onSignal(int)
{
    requestCancel();
}

void emit(const json& j)
{
    std::cout << j.dump() << '\n' << std::flush;
}

int usage(const std::string& message)
{
    emit(json { { "event", "error" }, { "kind", "Usage" }, { "message", message } });
    return 2;
}

template <class T> std::optional<T> number(std::string_view text)
{
    T v {};
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return v;
}

json latencyJson(const LatencySummary& l)
{
    return json { { "count", l.count }, { "min_us", l.minUs }, { "p50_us", l.p50Us }, { "p90_us", l.p90Us },
        { "p99_us", l.p99Us }, { "p999_us", l.p999Us }, { "max_us", l.maxUs }, { "mean_us", l.meanUs } };
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2)
        return usage("rdma_driver server|client [options]");
    const std::string role = argv[1];
    if (role != "server" && role != "client")
        return usage("the first argument is server or client");
    TestOptions o;
    o.transport = Transport::Rdma;
    Endpoint endpoint;
    double cancelAfter = 0;
    RunHooks hooks;
    for (int i = 2; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&]() -> std::optional<std::string> {
            if (i + 1 >= argc)
                return std::nullopt;
            return std::string(argv[++i]);
        };
        if (arg == "--inline") {
            o.inlineData = true;
            continue;
        }
        if (arg == "--event") {
            o.completion = Completion::Event;
            continue;
        }
        if (arg == "--verify") {
            o.verifyData = true;
            continue;
        }
        auto v = value();
        if (!v)
            return usage(arg + " needs a value");
        bool ok = true;
        if (arg == "--mode") {
            auto m = modeFromString(*v);
            ok = m.has_value();
            o.mode = m.value_or(Mode::Ping);
        } else if (arg == "--op") {
            auto op = opFromString(*v);
            ok = op.has_value();
            o.op = op.value_or(Op::Send);
        } else if (arg == "--size") {
            o.sizes.clear();
            std::string_view rest = *v;
            while (ok && !rest.empty()) {
                const auto comma = rest.find(',');
                auto n = number<std::uint64_t>(rest.substr(0, comma));
                ok = n.has_value();
                if (n)
                    o.sizes.push_back(*n);
                rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
            }
        } else if (arg == "--iterations") {
            auto n = number<std::uint64_t>(*v);
            ok = n.has_value();
            o.iterations = n;
        } else if (arg == "--duration" || arg == "--warmup" || arg == "--connect-timeout" || arg == "--sample-interval"
            || arg == "--cancel-after") {
            auto d = number<double>(*v);
            ok = d.has_value();
            const double x = d.value_or(0);
            if (arg == "--duration")
                o.durationS = x;
            else if (arg == "--warmup")
                o.warmupS = x;
            else if (arg == "--connect-timeout")
                hooks.connectTimeoutS = x;
            else if (arg == "--sample-interval")
                o.sampleIntervalS = x;
            else
                cancelAfter = x;
        } else if (arg == "--depth" || arg == "--post-list" || arg == "--signal-every" || arg == "--gid-index"
            || arg == "--tos" || arg == "--port") {
            auto n = number<int>(*v);
            ok = n.has_value();
            const int x = n.value_or(0);
            if (arg == "--depth")
                o.depth = x;
            else if (arg == "--post-list")
                o.postList = x;
            else if (arg == "--signal-every")
                o.signalEvery = x;
            else if (arg == "--gid-index")
                o.gidIndex = x;
            else if (arg == "--tos")
                o.tos = x;
            else {
                o.port = x;
                endpoint.port = x;
            }
        } else if (arg == "--device") {
            o.device = *v;
        } else if (arg == "--bind" || arg == "--server") {
            endpoint.address = *v;
        } else {
            return usage("unknown option " + arg);
        }
        if (!ok)
            return usage(arg + ": bad value '" + *v + "'");
    }

    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
    std::jthread canceller;
    if (cancelAfter > 0) {
        canceller = std::jthread([cancelAfter](std::stop_token stop) {
            const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(cancelAfter);
            while (!stop.stop_requested() && std::chrono::steady_clock::now() < until)
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            if (!stop.stop_requested()) {
                emit(json { { "event", "cancelling" } });
                requestCancel();
            }
        });
    }

    hooks.cancel = &g_cancel;
    hooks.onReady = [&](int port) { emit(json { { "event", "ready" }, { "role", role }, { "port", port } }); };
    hooks.onSample = [&](const Sample& s) {
        json j { { "event", "sample" }, { "role", role }, { "size", s.size }, { "t_s", s.tS },
            { "interval_s", s.intervalS }, { "messages", s.messages }, { "bytes", s.bytes }, { "gbps", s.gbps },
            { "msgs_per_s", s.messagesPerS }, { "cpu_percent", s.cpuPercent } };
        if (s.p50Us)
            j["p50_us"] = *s.p50Us;
        emit(j);
    };
    hooks.onSizeDone = [&](const SizeResult& r) {
        json j { { "event", "size" }, { "role", role }, { "size", r.size }, { "messages", r.messages },
            { "bytes", r.bytes }, { "elapsed_s", r.elapsedS }, { "gbps", r.gbps }, { "msgs_per_s", r.messagesPerS },
            { "cpu_percent", r.cpu.percent() }, { "cpu_user_s", r.cpu.userS }, { "cpu_sys_s", r.cpu.sysS },
            { "verify_errors", r.verifyErrors } };
        if (r.latency)
            j["latency"] = latencyJson(*r.latency);
        emit(j);
    };
    RdmaRunExtras extras;
    extras.onConnected = [&](const RdmaConnectionInfo& c) {
        emit(json { { "event", "connected" }, { "role", role }, { "device", c.device }, { "port", c.port },
            { "gid_index", c.gidIndex }, { "gid", c.gid }, { "gid_type", c.gidType }, { "gid_explicit", c.gidExplicit },
            { "rdmacm_gid_index", c.rdmacmGidIndex }, { "local", c.localAddress }, { "peer", c.peerAddress },
            { "peer_gid", c.peerGid }, { "rdmacm_traffic_class", c.rdmacmTrafficClass },
            { "traffic_class", c.trafficClass }, { "path_mtu", c.pathMtu }, { "max_inline", c.maxInline },
            { "qp", c.qpNum }, { "peer_qp", c.peerQpNum }, { "initiator_depth", c.initiatorDepth },
            { "responder_resources", c.responderResources } });
    };

    auto results
        = role == "server" ? runRdmaServer(o, endpoint, hooks, extras) : runRdmaClient(o, endpoint, hooks, extras);
    if (canceller.joinable()) {
        canceller.request_stop();
        canceller.join();
    }
    if (!results) {
        const Error& e = results.error();
        json j { { "event", "error" }, { "role", role }, { "kind", std::string(toString(e.kind)) },
            { "message", e.message }, { "where", e.where } };
        // How long the engine took to notice the cancel and tear everything down.
        if (const long long at = g_cancelAtNs.load(); at != 0)
            j["cancel_ms"] = static_cast<double>(monotonicNs() - at) / 1e6;
        emit(j);
        if (e.kind == ErrorKind::Usage)
            return 2;
        return e.kind == ErrorKind::Cancelled ? 3 : 1;
    }
    emit(json { { "event", "done" }, { "role", role }, { "sizes", results->size() } });
    return 0;
}
