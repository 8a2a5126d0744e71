// SPDX-License-Identifier: GPL-3.0-or-later
// The fabric agent's protocol: every message survives encode -> decode, the committed corpus lines decode, and what a
// hostile or broken peer sends (unknown keys, names that would reach a shell, secrets of the wrong shape, numbers out
// of range, over-long lines) is refused with the field named.
#include "fabric/agentprotocol.h"
#include "fabric/lateagents.h"
#include "perf/protocol.h"

#include "testbasics.h"

#include <QtTest>

#include <fstream>

using namespace rp;
using namespace rp::fabric;

namespace {

const std::string kSecret = "0123456789abcdef0123456789abcdef";

std::vector<AgentMessage> samples()
{
    AgentServe serve;
    serve.endpoints = { { 3, "udp", 0, -1, "198.18.8.4", "data0" }, { 1, "rxe0", 1, 1, "198.18.0.2", "data0" },
        { 2, "rxe0", 1, 0, "fe80::1", "" } };
    AgentTargets targets;
    targets.phase = 2;
    targets.targets = { { 3, 7, "198.18.8.5", 40211, "", 0, 0 },
        { 1, 5, "198.18.0.3", 0, "0000:0000:0000:0000:0000:ffff:c612:0003", 17, 0x11111111 } };
    AgentReady ready;
    ready.version = "0.1.0";
    ready.mode = AgentMode::Rdma;
    ready.endpoints = { { 3, 40211, 0, 0, Reason::None, "" }, { 4, 0, 0, 0, Reason::EmptySlot, "slot 2 is empty" } };
    ready.pid = 41234;
    AgentResult result;
    result.phase = 2;
    result.tS = 1.5;
    result.intervalS = 0.5;
    result.cells
        = { { 3, 7, 20, 19, 61.5, 140.25, 12.0, 9.5, Reason::None }, { 3, 9, 20, 0, 0, 0, 0, 0, Reason::Timeout } };
    result.held = { { 11, 3, 4 }, { 12, 4, 1 } };
    result.last = false;
    AgentDone counted { 3, 0.6, 10.0, {} };
    counted.counters = rp::counters::HostCounters {};
    counted.counters->pauseRxPerS = 1250.5;
    counted.counters->retransmitsPerS = 0.0;
    counted.counters->cnpHandledPerS = 3.0;
    return { AgentHello { kAgentProtocolVersion, kSecret, AgentMode::Udp, 120.0, 30.0 }, serve, targets,
        AgentStart { 2, 3.0, 1.0, 10.0, 0.25 }, AgentStop {}, AgentKeepalive {}, ready, result,
        AgentDone { 2, 0.4, 2.5, {} }, counted, AgentError { ErrorKind::Io, "cannot bind", "agent" },
        AgentLink { { { 3, LinkState::Down, -1, 0, "data0 operstate down, carrier -" },
            { 1, LinkState::Up, 3, 17, "rxe0/1 port ACTIVE, GID moved to index 3, QP rebound" },
            { 2, LinkState::Unknown, -1, 18, "" } } } };
}

/// The error text of a line that must not decode.
std::string refusal(const std::string& line)
{
    auto decoded = decodeAgentLine(line);
    if (decoded)
        return "DECODED";
    return decoded.error().message;
}

} // namespace

class TestAgentProtocol final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyMessageRoundTrips()
    {
        for (const auto& message : samples()) {
            const auto line = encodeAgent(message);
            QVERIFY(line.ends_with('\n'));
            QCOMPARE(std::count(line.begin(), line.end(), '\n'), 1);
            auto back = decodeAgentLine(line);
            QVERIFY2(back, (line + (back ? "" : back.error().describe())).c_str());
            QVERIFY2(*back == message, line.c_str());
        }
    }

    void corpusLinesDecode()
    {
        for (const char* name : { "controller.jsonl", "agent.jsonl" }) {
            // Appended step by step: GCC 12 sees a false array-bounds overflow in the one-expression form.
            std::string path = RP_SOURCE_DIR;
            path += "/fuzz/agent_corpus/";
            path += name;
            std::ifstream in(path);
            std::string line;
            int lines = 0;
            while (std::getline(in, line)) {
                auto decoded = decodeAgentLine(line);
                QVERIFY2(decoded, (line + ": " + (decoded ? "" : decoded.error().message)).c_str());
                ++lines;
            }
            QVERIFY(lines >= 4);
        }
    }

    void hostileLinesAreRefusedByField()
    {
        const std::string hello = R"({"type":"hello","protocol":4,"secret":"SECRET","mode":"udp","lifetime_s":60})";
        auto withSecret = [&](const std::string& secret) {
            auto s = hello;
            s.replace(s.find("SECRET"), 6, secret);
            return s;
        };
        QVERIFY(decodeAgentLine(withSecret(kSecret)));
        QVERIFY(refusal(withSecret("0123456789ABCDEF0123456789ABCDEF")).contains("secret"));
        QVERIFY(refusal(withSecret("0123")).contains("secret"));
        QVERIFY(refusal(
            R"({"type":"hello","protocol":4,"secret":")" + kSecret + R"(","mode":"udp","lifetime_s":60,"extra":1})")
                    .contains("unknown key 'extra'"));
        // The agent's pid is optional (0: not said) and bounded by Linux's pid_max ceiling.
        const std::string ready = R"({"type":"ready","protocol":4,"version":"1","mode":"udp","endpoints":[]PID})";
        auto withPid = [&](const std::string& pid) {
            auto s = ready;
            s.replace(s.find("PID"), 3, pid);
            return s;
        };
        auto noPid = decodeAgentLine(withPid(""));
        QVERIFY(noPid && std::get<AgentReady>(*noPid).pid == 0);
        QVERIFY(refusal(withPid(R"(,"pid":0)")).contains("pid"));
        QVERIFY(refusal(withPid(R"(,"pid":99999999)")).contains("pid"));
        QVERIFY(refusal(withPid(R"(,"pid":"12")")).contains("pid"));
        QVERIFY(refusal(R"({"type":"serve","endpoints":[{"id":1,"device":"eth0;reboot","port":1,"gid_index":1,)"
                        R"("address":"198.18.0.2","netdev":""}]})")
                    .contains("device"));
        QVERIFY(refusal(R"({"type":"serve","endpoints":[{"id":1,"device":"udp","port":0,"gid_index":-1,)"
                        R"x("address":"$(id)","netdev":""}]})x")
                    .contains("address"));
        QVERIFY(refusal(R"({"type":"serve","endpoints":[{"id":1,"device":"udp","port":0,"gid_index":-1,)"
                        R"("address":"h1.example","netdev":""}]})")
                    .contains("numeric"));
        QVERIFY(refusal(R"({"type":"targets","phase":1,"targets":[{"from":1,"to":2,"address":"198.18.0.3",)"
                        R"("udp_port":0,"gid":"","qpn":0,"qkey":0}]})")
                    .contains("udp_port"));
        QVERIFY(refusal(R"({"type":"targets","phase":1,"targets":[{"from":1,"to":2,"address":"",)"
                        R"("udp_port":0,"gid":"fe80::1","qpn":1,"qkey":0}]})")
                    .contains("gid"));
        QVERIFY(refusal(R"({"type":"targets","phase":1,"targets":[{"from":1,"to":16777216,"address":"198.18.0.3",)"
                        R"("udp_port":9,"gid":"","qpn":0,"qkey":0}]})")
                    .contains("'to'"));
        QVERIFY(refusal(R"({"type":"start","phase":1,"duration_s":2,"interval_s":0,"rate":5000,"timeout_s":0.5})")
                    .contains("rate"));
        QVERIFY(refusal(R"({"type":"start","phase":1,"duration_s":2,"interval_s":0.01,"rate":5,"timeout_s":0.5})")
                    .contains("interval_s"));
        // Cells are arrays in a fixed order, checked as the fields they stand for.
        QVERIFY(refusal(R"({"type":"result","phase":1,"t_s":0,"interval_s":1,"cells":[[1,2,1,900,1,2,0,0,""]],)"
                        R"("last":true})")
                    .contains("received"));
        QVERIFY(refusal(R"({"type":"result","phase":1,"t_s":0,"interval_s":1,"cells":[[1,2,1,1,1,2,0,0,"gremlins"]],)"
                        R"("last":true})")
                    .contains("reason"));
        QVERIFY(refusal(R"({"type":"result","phase":1,"t_s":0,"interval_s":1,"cells":[[1,2,1,1,1,2,0,0]],)"
                        R"("last":true})")
                    .contains("arrays of 9"));
        QVERIFY(refusal(R"({"type":"result","phase":1,"t_s":0,"interval_s":1,"cells":[[1,2,1,1,"1",2,0,0,""]],)"
                        R"("last":true})")
                    .contains("rtt_p50_us"));
        // Protocol 5: held probes are [from, to, count] with a count of at least 1; the list may be absent.
        const auto noHeld = decodeAgentLine(R"({"type":"result","phase":1,"t_s":0,"interval_s":1,"cells":[],)"
                                            R"("last":true})");
        QVERIFY(noHeld && std::get<AgentResult>(*noHeld).held.empty());
        QVERIFY(refusal(R"({"type":"result","phase":1,"t_s":0,"interval_s":1,"cells":[],"held":[[1,2]],)"
                        R"("last":true})")
                    .contains("arrays of 3"));
        QVERIFY(refusal(R"({"type":"result","phase":1,"t_s":0,"interval_s":1,"cells":[],"held":[[1,2,0]],)"
                        R"("last":true})")
                    .contains("count"));
        QVERIFY(refusal(R"({"type":"result","phase":1,"t_s":0,"interval_s":1,"cells":[],"held":[[1,99999999,3]],)"
                        R"("last":true})")
                    .contains("to"));
        // Protocol 2's named cells are refused, not half-read.
        QVERIFY(refusal(R"({"type":"result","phase":1,"t_s":0,"interval_s":1,"cells":[{"from":1,"to":2,"sent":1,)"
                        R"("received":1,"rtt_p50_us":1,"rtt_p99_us":2,"prober_p50_us":0,"responder_p50_us":0,)"
                        R"("reason":""}],"last":true})")
                    .contains("arrays"));
        // Protocol 4: a done's counters are known names with rates 0..1e12; absent ones stay absent, not 0.
        const auto done = decodeAgentLine(
            R"({"type":"done","phase":1,"cpu_percent":0.5,"rate":10,"counters":{"pause_tx":4,"discards":null}})");
        QVERIFY(done);
        const auto& c = std::get<AgentDone>(*done).counters;
        QVERIFY(c && c->pauseTxPerS == 4.0 && !c->pauseRxPerS && !c->discardsPerS && !c->retransmitsPerS);
        QVERIFY(refusal(R"({"type":"done","phase":1,"cpu_percent":0.5,"rate":10,"counters":{"pause":4}})")
                    .contains("unknown counter 'pause'"));
        QVERIFY(refusal(R"({"type":"done","phase":1,"cpu_percent":0.5,"rate":10,"counters":{"cnp_sent":-1}})")
                    .contains("cnp_sent"));
        QVERIFY(refusal(R"({"type":"done","phase":1,"cpu_percent":0.5,"rate":10,"counters":[1]})").contains("object"));
        QVERIFY(refusal("{\"type\":\"error\",\"kind\":\"io\",\"message\":\"\\u001b[2J\",\"where\":\"\"}")
                    .contains("printable"));
        QVERIFY(refusal(
            R"({"type":"hello","protocol":4,"secret":")" + kSecret + R"(","mode":"infiniband","lifetime_s":60})")
                    .contains("mode"));
        // Protocol 2: serve names each endpoint's netdev (an interface name or empty), link says each port's state.
        QVERIFY(refusal(R"({"type":"serve","endpoints":[{"id":1,"device":"udp","port":0,"gid_index":-1,)"
                        R"("address":"198.18.0.2"}]})")
                    .contains("'netdev' is missing"));
        QVERIFY(refusal(R"({"type":"serve","endpoints":[{"id":1,"device":"udp","port":0,"gid_index":-1,)"
                        R"("address":"198.18.0.2","netdev":"../../etc"}]})")
                    .contains("netdev"));
        QVERIFY(decodeAgentLine(R"({"type":"link","endpoints":[{"id":1,"state":"down","gid_index":-1,"qpn":0,)"
                                R"("detail":"data0 operstate down, carrier -"}]})"));
        QVERIFY(refusal(R"({"type":"link","endpoints":[{"id":1,"state":"flapping","gid_index":-1,"qpn":0,)"
                        R"("detail":""}]})")
                    .contains("state"));
        QVERIFY(refusal(R"({"type":"link","endpoints":[{"id":1,"state":"up","gid_index":-1,"qpn":16777216,)"
                        R"("detail":""}]})")
                    .contains("qpn"));
        QVERIFY(refusal("{\"type\":\"link\",\"endpoints\":[{\"id\":1,\"state\":\"up\",\"gid_index\":1,"
                        "\"qpn\":1,\"detail\":\"\\u001b[2J\"}]}")
                    .contains("printable"));
        QVERIFY(refusal(R"({"type":"link","endpoints":[{"id":1,"state":"up","gid_index":1,"qpn":1}]})")
                    .contains("'detail' is missing"));
        QVERIFY(refusal(R"({"type":"launch"})").contains("unknown type"));
        QVERIFY(refusal("[1,2]").contains("not a JSON object"));
        QVERIFY(refusal("{\"type\":\"stop\"").contains("not a JSON object"));
    }

    void listsAndLinesAreBounded()
    {
        AgentTargets many;
        many.phase = 1;
        for (std::uint32_t i = 0; i < kAgentMaxItems; ++i)
            many.targets.push_back({ i, i + 1, "fe80::1234:5678:9abc:def0", 65535,
                "fe80:0000:0000:0000:1234:5678:9abc:def0", 0xffffff, 0xffffffff });
        const auto line = encodeAgent(many);
        QVERIFY2(line.size() < perf::kMaxLineBytes, std::to_string(line.size()).c_str());
        QVERIFY(decodeAgentLine(line));
        many.targets.push_back(many.targets.front());
        QVERIFY(refusal(encodeAgent(many)).contains("more than"));
        QVERIFY(refusal(std::string(perf::kMaxLineBytes + 1, ' ')).contains("longer than"));
    }

    // A late agent's /proc/PID/stat: the state after the last ')', whatever the command name holds.
    void procStatStates()
    {
        QCOMPARE(procStatState("4242 (rocepilot-probe) T 1 4242 4242 0 -1"), 'T');
        QCOMPARE(procStatState("4242 (a) b (c)) S 1 2"), 'S');
        QCOMPARE(procStatState("4242 (rocepilot-probe) R"), 'R');
        QCOMPARE(procStatState("4242 (rocepilot-probe)"), '\0');
        QCOMPARE(procStatState("no such file"), '\0');
        QCOMPARE(procStatState("1 (x) 9 1"), '\0');
    }

    void validators()
    {
        QVERIFY(validNumericAddress("198.18.0.2"));
        QVERIFY(validNumericAddress("fe80::1"));
        QVERIFY(!validNumericAddress("198.18.0.256"));
        QVERIFY(!validNumericAddress("-oProxyCommand=x"));
        QVERIFY(validGidText("fe80:0000:0000:0000:5054:00ff:fe12:3456"));
        QVERIFY(!validGidText("fe80::5054:ff:fe12:3456"));
        QVERIFY(validAgentSecret(kSecret));
        QVERIFY(!validAgentSecret(kSecret + "0"));
    }
};

QTEST_GUILESS_MAIN(TestAgentProtocol)
#include "tst_agentprotocol.moc"
