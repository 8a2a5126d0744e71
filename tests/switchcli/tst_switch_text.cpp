// SPDX-License-Identifier: GPL-3.0-or-later
// core/switchcli text handling on recorded transcripts: terminal noise, prompts per vendor, pagers, echo and
// prompt removal, vendor error lines, line validation. The transcripts were written from the vendors' manuals
// and from the switch CLI EMULATOR (tests/support/switch-emu), not captured from real switches.
#include "generate/plan.h"
#include "profile/profile.h"
#include "switchcli/cli_text.h"
#include "switchcli/switch_apply.h"

#include <QtTest>

#include <random>

using namespace rp;
using namespace rp::switchcli;

namespace {

std::string shown(std::string_view raw)
{
    TerminalText t;
    t.feed(raw);
    return t.text();
}

PlanInventory switchInventory()
{
    PlanInventory inv;
    inv.switches.push_back({ "leaf-cumulus", SwitchVendor::Cumulus, { "swp1", "swp2" }, { "swp51" } });
    inv.switches.push_back({ "leaf-eos", SwitchVendor::Eos, { "Ethernet1", "Ethernet2" }, { "Ethernet49/1" } });
    inv.switches.push_back({ "leaf-nxos", SwitchVendor::NxOs, { "Ethernet1/1", "Ethernet1/2" }, { "Ethernet1/49" } });
    return inv;
}

} // namespace

class TestSwitchText : public QObject
{
    Q_OBJECT

private slots:
    void terminalTextLikeAScreen()
    {
        // CRLF, a pager erased with CR + ESC[K, colours, backspaces, NUL and BEL dropped.
        QCOMPARE(shown("show x\r\nline1\r\n --More-- \r\x1b[Kline2\r\nsw#"), std::string("show x\nline1\nline2\nsw#"));
        QCOMPARE(shown("\x1b[01;32mcumulus@leaf01\x1b[00m:\x1b[01;34m~\x1b[00m$ "), std::string("cumulus@leaf01:~$ "));
        QCOMPARE(shown("abc\b\bX\n"), std::string("aXc\n"));
        QCOMPARE(shown(std::string("a\0b\x07"
                                   "c\n",
                     6)),
            std::string("abc\n"));
        QCOMPARE(shown("\x1b]0;title\x07ok"), std::string("ok"));
        QCOMPARE(shown("12345\r\x1b[2Kxy"), std::string("xy"));
        // A pager erased with backspaces and blanks (EOS style) leaves blanks only.
        QCOMPARE(collapseWhitespace(shown(" --More-- \b\b\b\b\b\b\b\b\b\b          \b\b\b\b\b\b\b\b\b\bnext\n")),
            std::string("next\n"));
        // Binary junk never grows the text beyond what was fed and never throws.
        std::string junk;
        for (int i = 0; i < 65536; ++i)
            junk += static_cast<char>((i * 7919) & 0xff);
        TerminalText t;
        t.feed(junk);
        QVERIFY(t.text().size() <= junk.size());
    }

    // Random bytes (escape sequences, CRs, backspaces, prompts, pagers mixed in) never crash the text handling.
    void randomInputNeverBreaksIt()
    {
        std::mt19937 rng(20261124);
        const std::vector<std::string> pieces
            = { "\x1b[", "\x1b]0;", "\x07", "\r", "\n", "\b", "K", "2", "sw#", " --More-- ", "% Invalid input",
                  "cumulus@leaf:mgmt:~$ ", std::string(1, '\0'), "\xff", "(config-if-Et1)#", "\x1b" };
        for (int round = 0; round < 2000; ++round) {
            std::string raw;
            int n = static_cast<int>(rng() % 40);
            for (int i = 0; i < n; ++i)
                raw += rng() % 3 == 0 ? std::string(1, static_cast<char>(rng() & 0xff)) : pieces[rng() % pieces.size()];
            TerminalText t;
            t.feed(raw.substr(0, raw.size() / 2));
            t.feed(raw.substr(raw.size() / 2));
            QVERIFY(t.text().size() <= raw.size());
            for (auto d : { Dialect::Eos, Dialect::NxOs, Dialect::Nvue }) {
                (void)matchPrompt(d, t.lastLine());
                (void)matchPrompt(d, t.lastLine(), "sw");
                (void)findCliError(d, t.text());
            }
            (void)isPagerLine(t.lastLine());
            auto out = commandOutput(t.text(), "show x");
            QVERIFY(out.size() <= t.text().size() + 64);
            t.dropLastLine();
            QVERIFY(t.text().empty() || t.text().back() == '\n');
        }
    }

    void promptsPerVendor()
    {
        auto eos = matchPrompt(Dialect::Eos, "leaf-1(config-s-rp-job1-if-Et49/1)#");
        QVERIFY(eos);
        QCOMPARE(eos->hostname, std::string("leaf-1"));
        QCOMPARE(eos->mode, std::string("config-s-rp-job1-if-Et49/1"));
        QVERIFY(eos->privileged);
        auto user = matchPrompt(Dialect::Eos, "leaf-1>");
        QVERIFY(user);
        QVERIFY(!user->privileged);
        QVERIFY(user->mode.empty());
        auto nx = matchPrompt(Dialect::NxOs, "n9k-a.lab(config-pmap-c-que)# ");
        QVERIFY(nx);
        QCOMPARE(nx->hostname, std::string("n9k-a.lab"));
        QVERIFY(!matchPrompt(Dialect::NxOs, "n9k>")); // NX-OS has no user EXEC prompt
        auto nv = matchPrompt(Dialect::Nvue, "cumulus@leaf01:mgmt:~$ ");
        QVERIFY(nv);
        QCOMPARE(nv->hostname, std::string("leaf01"));
        QVERIFY(matchPrompt(Dialect::Nvue, shown("\x1b[01;32mcumulus@leaf01\x1b[00m:\x1b[01;34m~\x1b[00m$ ")));
        // Output lines are not prompts.
        QVERIFY(!matchPrompt(Dialect::Eos, "Ethernet1 is up, line protocol is up"));
        QVERIFY(!matchPrompt(Dialect::Eos, "   priority-flow-control priority 3 no-drop"));
        QVERIFY(!matchPrompt(Dialect::Eos, "leaf-1(foo)#")); // a mode that is not a config mode
        // With the hostname learned, the prompt may follow junk on the same line but must carry that name.
        QVERIFY(matchPrompt(Dialect::Eos, "\xff\xfe junk leaf-1#", "leaf-1"));
        QVERIFY(!matchPrompt(Dialect::Eos, "other#", "leaf-1"));
        QVERIFY(!matchPrompt(Dialect::Eos, "xleaf-1#", "leaf-1"));
    }

    void pagers()
    {
        for (const char* p : { " --More-- ", "--More--", "-- More --", "<--- More --->", " --More-- (42%)",
                 "Press any key to continue (Q to quit)" })
            QVERIFY2(isPagerLine(p), p);
        for (const char* p : { "more", "interface Ethernet1", "! --More-- is a pager", "", "sw#" })
            QVERIFY2(!isPagerLine(p), p);
    }

    void outputWithoutEchoAndPrompt()
    {
        QCOMPARE(
            commandOutput("show qos maps\nline 1   \nline 2\nsw#", "show qos maps"), std::string("line 1\nline 2\n"));
        // No echo (a device that does not echo): everything but the prompt is kept.
        QCOMPARE(commandOutput("line 1\nsw(config)#", "mtu 9214"), std::string("line 1\n"));
        QCOMPARE(commandOutput("mtu 9214\nsw(config-if-Et1)#", "mtu 9214"), std::string());
    }

    void vendorErrors()
    {
        auto eos = findCliError(Dialect::Eos, "% Invalid input (at token 1: '9216')\n");
        QVERIFY(eos);
        QCOMPARE(*eos, std::string("% Invalid input (at token 1: '9216')"));
        QVERIFY(findCliError(Dialect::Eos, "% Incomplete command\n"));
        QVERIFY(!findCliError(Dialect::Eos, "Pagination disabled.\n"));
        auto nx = findCliError(Dialect::NxOs, "                    ^\n% Invalid command at '^' marker.\n");
        QVERIFY(nx);
        QVERIFY(nx->find("^\n% Invalid command at '^' marker.") != std::string::npos);
        QVERIFY(findCliError(Dialect::NxOs, "ERROR: Policy-map RP_EGRESS is in use, cannot delete\n"));
        QVERIFY(!findCliError(Dialect::NxOs, "Rollback completed successfully.\n"));
        QVERIFY(findCliError(Dialect::Nvue, "Error: Invalid Command: nv set qos frob\n"));
        QVERIFY(findCliError(Dialect::Nvue, "-bash: nvx: command not found\n"));
        QVERIFY(!findCliError(Dialect::Nvue, "applied [rev_id: 3]\n"));
    }

    void lineValidation()
    {
        QVERIFY(validateConfigLine(Dialect::Eos,
            "   random-detect ecn minimum-threshold 150 kbytes maximum-threshold "
            "1500 kbytes max-mark-probability 100 weight 0"));
        QVERIFY(validateConfigLine(Dialect::NxOs, "no service-policy type qos input RP_CLASSIFY"));
        QVERIFY(validateConfigLine(Dialect::Nvue, "nv set interface swp1 mtu 9216"));
        for (const char* bad : { "interface Ethernet1; reload", "mtu $(id)", "bash rm -rf /", "configure terminal",
                 "end", "copy running-config startup-config", "commit", "rollback clean-config", "no checkpoint x",
                 "show running-config", "description a|b", "" })
            QVERIFY2(!validateConfigLine(Dialect::Eos, bad), bad);
        QVERIFY(!validateConfigLine(Dialect::Nvue, "rm -rf /"));
        QVERIFY(!validateConfigLine(Dialect::Nvue, "nv config apply"));
        QVERIFY(!validateConfigLine(Dialect::Nvue, "nv set interface swp1 mtu 9216 && reboot"));
        QVERIFY(validateShowCommand(Dialect::Eos, "show qos profile ROCEPILOT"));
        QVERIFY(!validateShowCommand(Dialect::Eos, "show run | bash"));
        QVERIFY(!validateShowCommand(Dialect::Eos, "configure terminal"));
        QVERIFY(validateShowCommand(Dialect::Nvue, "nv show interface swp1"));
        QVERIFY(!validateShowCommand(Dialect::Nvue, "nv config apply"));
        QVERIFY(validateJobId("job-42_a"));
        QVERIFY(!validateJobId("job 42"));
        QVERIFY(!validateJobId(""));
        QCOMPARE(eosTimer(std::chrono::seconds(3725)), std::string("01:02:05"));
        QCOMPARE(collapseWhitespace("  mtu      9216    9216  \n\n x\n"), std::string("mtu 9216 9216\nx\n"));
    }

    // What the generators emit for the three driven vendors passes the engine's line checks, for every preset.
    void generatedPlansPassTheLineChecks()
    {
        for (const auto& preset : presets()) {
            auto plan = generatePlan(preset.profile, switchInventory());
            QVERIFY2(plan, preset.id.c_str());
            for (const auto& t : plan->targets) {
                auto dialect = dialectFor(*switchVendorFromString(t.platform));
                QVERIFY(dialect);
                for (const auto& step : t.steps) {
                    std::size_t start = 0;
                    const auto& text = step.text;
                    while (start < text.size()) {
                        auto end = text.find('\n', start);
                        auto line = text.substr(start, end - start);
                        start = end == std::string::npos ? text.size() : end + 1;
                        if (line.empty() || step.persistent || line == "nv config apply")
                            continue;
                        auto ok = validateConfigLine(*dialect, line);
                        QVERIFY2(ok, (preset.id + " " + step.id + ": " + line).c_str());
                    }
                }
            }
        }
    }

    void snapshotJsonRoundTrip()
    {
        SwitchSnapshot s;
        s.switchName = "leaf-eos";
        s.vendor = SwitchVendor::Eos;
        s.jobId = "job42";
        s.runningConfig = "hostname leaf-eos\ninterface Ethernet1\n   mtu 9214\n";
        s.session = "rp-job42";
        auto json = snapshotToJson(s);
        auto back = snapshotFromJson(json);
        QVERIFY2(back, back ? "" : back.error().describe().c_str());
        QVERIFY(*back == s);
        // Names that go back into CLI lines are checked again; unknown keys and bad types are errors.
        auto evil = json;
        evil.replace(evil.find("rp-job42"), 8, "rp-x;rel");
        QVERIFY(!snapshotFromJson(evil));
        QVERIFY(!snapshotFromJson("{\"switch\": \"a\", \"extra\": 1}"));
        QVERIFY(!snapshotFromJson("[]"));
        QVERIFY(!snapshotFromJson("not json"));
        auto badVendor = json;
        badVendor.replace(badVendor.find("\"eos\""), 5, "\"ios\"");
        QVERIFY(!snapshotFromJson(badVendor));
        SwitchApplyOutcome o;
        o.snapshot = s;
        o.status = SwitchApplyStatus::RolledBack;
        o.error = Error { ErrorKind::CommandFailed, "the switch rejected the line", "qos frob", "leaf-eos", 0 };
        SwitchStepResult r;
        r.id = "leaf-eos.maps";
        r.state = SwitchStepState::Failed;
        o.steps.push_back(r);
        auto out = outcomeToJson(o);
        QVERIFY(out.find("\"status\": \"rolled-back\"") != std::string::npos);
        QVERIFY(out.find("\"state\": \"failed\"") != std::string::npos);
        QVERIFY(out.find("\"kind\": \"command-failed\"") != std::string::npos);
    }

    void vendorsWithoutASession()
    {
        QVERIFY(!dialectFor(SwitchVendor::Junos));
        QVERIFY(!dialectFor(SwitchVendor::Onyx));
        QVERIFY(*dialectFor(SwitchVendor::Eos) == Dialect::Eos);
    }
};

QTEST_GUILESS_MAIN(TestSwitchText)
#include "tst_switch_text.moc"
