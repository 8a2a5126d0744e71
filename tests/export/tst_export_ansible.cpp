// SPDX-License-Identifier: GPL-3.0-or-later
// The Ansible export (core/export): project structure, quoting of hostile values, CLI splitting, all-or-nothing
// writing, ansible-playbook --syntax-check of every target file, and a real run of an exported playbook on this
// machine (connection local, in a temporary directory): apply, idempotent second run, check mode, and a failing
// step whose rescue undoes the earlier steps newest first. With --fabric-agents: the role that installs the standalone
// fabric agent (probe, unit, 0600 pinglist, the unit enabled), played last and syntax-checked.
#include "export/ansible.h"
#include "fabric/agentpinglist.h"
#include "generate/plan.h"
#include "generate/targets.h"
#include "profile/profile.h"
#include "util/files.h"

#include "ansiblerun.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <filesystem>

using namespace rp;
using rp::test::recap;
using rp::test::runAnsible;
using rp::test::tail;

namespace {

const std::string kPlanInventory = std::string(RP_SOURCE_DIR) + "/docs/examples/plan-inventory.yaml";

Plan examplePlan(const char* preset)
{
    auto p = findPreset(preset);
    if (!p)
        qFatal("no preset %s", preset);
    auto inv = loadPlanInventory(kPlanInventory);
    if (!inv)
        qFatal("%s", inv.error().describe().c_str());
    auto plan = generatePlan(p->profile, *inv);
    if (!plan)
        qFatal("%s", plan.error().describe().c_str());
    return *plan;
}

/// An SSH inventory with one entry per plan target.
Inventory inventoryFor(const Plan& plan)
{
    Inventory inv;
    inv.knownHostsFile = "/etc/rocepilot/known_hosts";
    int i = 1;
    for (const auto& t : plan.targets) {
        HostSpec h;
        h.name = t.name;
        h.address = "198.18.0." + std::to_string(i++);
        h.user = t.kind == TargetKind::Switch ? "admin" : "root";
        h.auth = AuthMethod::KeyFile;
        h.keyFile = "/keys/id_ed25519";
        inv.hosts.push_back(h);
    }
    return inv;
}

std::string file(const std::string& path)
{
    auto t = readTextFile(path);
    return t ? *t : std::string("<unreadable>");
}

bool exists(const std::string& path)
{
    return std::filesystem::exists(std::filesystem::symlink_status(path));
}

Step argvStep(std::string id, std::vector<std::string> argv, std::vector<std::string> verify, std::string expect,
    std::vector<std::vector<std::string>> undo)
{
    Step s;
    s.id = std::move(id);
    s.title = "{{ lookup('pipe', 'id') }}\n- name: injected";
    s.kind = StepKind::HostArgv;
    s.argv = std::move(argv);
    s.verify.argv = std::move(verify);
    s.verify.expect = std::move(expect);
    s.undo.commands = std::move(undo);
    return s;
}

/// A small valid pinglist for `host` (one UDP endpoint, one target).
std::string pinglistFor(const std::string& host)
{
    fabric::AgentPinglistFile f;
    f.host = host;
    f.secret = "00112233445566778899aabbccddeeff";
    f.udpPort = 18517;
    f.names = { { 0, host + ":udp", host, "" }, { 1, "peer:udp", "peer", "" } };
    f.endpoints = { { 0, "udp", 0, -1, "198.18.0.1", "" } };
    f.targets = { { 0, 1, "198.18.0.2", 18517, "", 0, 0 } };
    return fabric::encodeAgentPinglist(f);
}

unsigned fileMode(const std::string& path)
{
    return static_cast<unsigned>(std::filesystem::status(path).permissions()) & 0777u;
}

} // namespace

class TestExportAnsible final : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void yamlScalarsAreEscapedAndUnsafe()
    {
        QCOMPARE(yamlQuoted("a\"b\\c\nd\te"), std::string("\"a\\\"b\\\\c\\nd\\te\""));
        QCOMPARE(yamlQuoted(std::string("x\x01y\x7f", 4)), std::string("\"x\\x01y\\x7f\""));
        QCOMPARE(yamlQuoted("\xe2\x80\xa8|\xc2\x85|\xc2\x80|\xef\xbf\xbe"),
            std::string("\"\\u2028|\\u0085|\\u0080|\\ufffe\""));
        QCOMPARE(yamlQuoted("\xed\xa0\x80"), std::string("\"\\xed\\xa0\\x80\"")); // a surrogate is not UTF-8
        QCOMPARE(yamlQuoted("\xe0\x80\xaf"), std::string("\"\\xe0\\x80\\xaf\"")); // overlong
        QCOMPARE(yamlQuoted("caf\xc3\xa9"), std::string("\"caf\xc3\xa9\"")); // valid UTF-8 kept
        QCOMPARE(yamlQuoted("bad\xff"), std::string("\"bad\\xff\""));
        QCOMPARE(yamlUnsafe("{{ x }}"), std::string("!unsafe \"{{ x }}\""));
    }

    void cliBlocksFollowIndentation()
    {
        auto b = splitCliBlocks("class-map type qos match-any RP_ROCE\n  match cos 3\npolicy-map type network-qos N\n"
                                "  class type network-qos c1\n    mtu 9216\n    pause pfc-cos 3\n  class c2\n"
                                "    mtu 9216\nsystem qos\nlldp enable\n");
        QVERIFY(b);
        QCOMPARE(b->size(), 4u);
        QCOMPARE((*b)[0], (CliBlock { { "class-map type qos match-any RP_ROCE" }, { "match cos 3" } }));
        QCOMPARE((*b)[1],
            (CliBlock {
                { "policy-map type network-qos N", "class type network-qos c1" }, { "mtu 9216", "pause pfc-cos 3" } }));
        QCOMPARE((*b)[2], (CliBlock { { "policy-map type network-qos N", "class c2" }, { "mtu 9216" } }));
        QCOMPARE((*b)[3], (CliBlock { {}, { "system qos", "lldp enable" } }));
        // FTOS style: one-space indent and explicit exit lines, which the modules do themselves.
        auto f = splitCliBlocks("interface te 0/0\n no mtu\n exit\ninterface te 0/1\n mtu 9216\n exit\n");
        QVERIFY(f);
        QCOMPARE(f->size(), 2u);
        QCOMPARE((*f)[1], (CliBlock { { "interface te 0/1" }, { "mtu 9216" } }));
        QVERIFY(!splitCliBlocks("a\n\tb\n"));
    }

    void cliLinesSplitWithoutAShell()
    {
        auto a = splitCliLine("sudo config pfcwd start --action drop Ethernet0 200");
        QVERIFY(a);
        QCOMPARE(a->size(), 8u);
        auto q = splitCliLine("nv set system message \"RoCE Pilot\"");
        QVERIFY(q);
        QCOMPARE(q->back(), std::string("RoCE Pilot"));
        for (const char* bad : { "nv set x; reboot", "echo $(id)", "echo `id`", "show x | grep y", "a > /etc/passwd",
                 "a \"b$c\"", "a \"unterminated", "echo 'x'", "a && b", "" })
            QVERIFY2(!splitCliLine(bad), bad);
    }

    void exportsEveryTargetOfTheExamplePlan()
    {
        auto plan = examplePlan("lossless-pcp-vlan");
        auto project = exportAnsible(plan, inventoryFor(plan));
        QVERIFY2(project, project ? "" : project.error().describe().c_str());
        for (const char* f : { "inventory.yml", "ansible.cfg", "site.yml", "README.md" })
            QVERIFY2(project->files.count(f), f);
        for (const auto& t : plan.targets)
            QVERIFY2(project->files.count("targets/" + t.name + ".yml"), t.name.c_str());
        const auto& cfg = project->files.at("ansible.cfg");
        QVERIFY(cfg.find("pipelining = True") != std::string::npos);
        QVERIFY(cfg.find("host_key_checking = True") != std::string::npos);
        QVERIFY(cfg.find("forks = 32") != std::string::npos);
        const auto& inv = project->files.at("inventory.yml");
        QVERIFY(inv.find("StrictHostKeyChecking=yes") != std::string::npos);
        QVERIFY(inv.find("UserKnownHostsFile=/etc/rocepilot/known_hosts") != std::string::npos);
        QVERIFY(inv.find("StrictHostKeyChecking=no") == std::string::npos);
        QVERIFY(inv.find("ansible_network_os: arista.eos.eos") != std::string::npos);
        QVERIFY(inv.find("ansible_network_os: junipernetworks.junos.junos") != std::string::npos);
        // Hosts: argv form, never a shell string; the step's expect guards the change.
        const auto& linuxA = project->files.at("targets/linux-a.yml");
        QVERIFY(linuxA.find("ansible.builtin.shell") == std::string::npos);
        QVERIFY(linuxA.find("argv: [!unsafe \"ip\", !unsafe \"link\", !unsafe \"set\"") != std::string::npos);
        QVERIFY(linuxA.find("rescue:") != std::string::npos);
        QVERIFY(linuxA.find("ansible.builtin.command:\n        argv: [!unsafe \"tee\"") != std::string::npos);
        // Switches: the vendor modules; Junos with commit confirmed; every switch play says what it lacks.
        QVERIFY(project->files.at("targets/leaf-eos.yml").find("arista.eos.eos_config:") != std::string::npos);
        QVERIFY(project->files.at("targets/leaf-nxos.yml").find("parents: [") != std::string::npos);
        const auto& junos = project->files.at("targets/leaf-junos.yml");
        QVERIFY(junos.find("confirm: 5") != std::string::npos);
        QVERIFY(junos.find("confirm_commit: true") != std::string::npos);
        QVERIFY(project->files.at("targets/leaf-cumulus.yml").find("!unsafe \"-y\"") != std::string::npos);
        // The SONiC user (admin) becomes root for the patch files; the Linux hosts (root, no sudo) do not.
        auto sonic = inv.find("\"leaf-sonic\":");
        QVERIFY(sonic != std::string::npos);
        QVERIFY(inv.find("ansible_become_method: sudo", sonic) < inv.find("\n    rocepilot_", sonic));
        QVERIFY(inv.find("ansible_become_method: sudo") > inv.find("\"leaf-"));
        const auto& site = project->files.at("site.yml");
        for (const char* v : { "OS10 has no commit timer", "FTOS/OS9 applies each line at once and has no timer",
                 "Onyx applies each line at once", "eos_config has no commit-timer option",
                 "nxos_config has no commit timeout", "generic config updater has no timer" })
            QVERIFY2(site.find(v) != std::string::npos, v);
        // Switches come before hosts.
        QVERIFY(site.find("hosts: rocepilot_eos") < site.find("hosts: rocepilot_linux"));
        // Same input, same bytes.
        auto again = exportAnsible(plan, inventoryFor(plan));
        QVERIFY(again);
        QCOMPARE(again->files, project->files);
    }

    void fabricAgentsComeWithTheirRole()
    {
        auto plan = examplePlan("lossless-dscp");
        auto inventory = inventoryFor(plan);
        AnsibleExportOptions options;
        AnsibleFabricAgents agents;
        std::vector<std::string> hosts;
        for (const auto& t : plan.targets) {
            if (t.kind == TargetKind::LinuxGeneric || t.kind == TargetKind::LinuxNvidia)
                hosts.push_back(t.name);
        }
        QVERIFY(!hosts.empty());
        for (const auto& h : hosts)
            agents.pinglists[h] = pinglistFor(h);
        agents.probe = std::string("\x7f"
                                   "ELF",
                           4)
            + "the probe";
        options.fabricAgents = agents;
        auto project = exportAnsible(plan, inventory, options);
        QVERIFY2(project, project ? "" : project.error().describe().c_str());
        const std::string role = "roles/rocepilot_fabric_agent/";
        const auto& tasks = project->files.at(role + "tasks/main.yml");
        for (const char* want : { "dest: /etc/systemd/system/rocepilot-agent@.service",
                 "dest: \"/etc/rocepilot/agent/{{ inventory_hostname }}.json\"", "mode: \"0600\"", "diff: false",
                 "name: \"rocepilot-agent@{{ inventory_hostname }}.service\"", "enabled: true",
                 "dest: !unsafe \"/usr/local/bin/rocepilot-probe\"", "notify: Restart the fabric agent" })
            QVERIFY2(tasks.find(want) != std::string::npos, want);
        QVERIFY(tasks.find("ansible.builtin.shell") == std::string::npos);
        QVERIFY(project->files.at(role + "handlers/main.yml").find("state: restarted") != std::string::npos);
        const auto& unit = project->files.at(role + "files/rocepilot-agent@.service");
        QVERIFY2(unit.find("ExecStart=/usr/local/bin/rocepilot-probe agent --standalone /etc/rocepilot/agent/%i.json "
                           "--metrics ${ROCEPILOT_AGENT_METRICS}\n")
                != std::string::npos,
            unit.c_str());
        QVERIFY(unit.find("RP_AGENT_BINDIR") == std::string::npos);
        QCOMPARE(project->files.at(role + "files/rocepilot-probe"), agents.probe);
        const auto& site = project->files.at("site.yml");
        QVERIFY(site.find("hosts: rocepilot_fabric_agents") != std::string::npos);
        QVERIFY2(site.find("hosts: rocepilot_linux") < site.find("hosts: rocepilot_fabric_agents"),
            "the agents come after the hosts are configured");
        const auto& inv = project->files.at("inventory.yml");
        const auto group = inv.find("rocepilot_fabric_agents:");
        QVERIFY(group != std::string::npos);
        QVERIFY(inv.find("\"" + hosts.front() + "\":", group) != std::string::npos);

        QTemporaryDir tmp;
        const auto dir = tmp.path().toStdString() + "/out";
        QVERIFY(writeAnsibleProject(*project, dir));
        for (const auto& h : hosts) {
            const auto path = dir + "/" + role + "files/pinglists/" + h + ".json";
            QCOMPARE(file(path), agents.pinglists.at(h));
            QCOMPARE(fileMode(path), 0600u); // the secret stays the owner's
        }
        QCOMPARE(fileMode(dir + "/site.yml"), 0644u);
        auto syntax = runAnsible(dir, { "--syntax-check", "site.yml" });
        QVERIFY2(syntax.exitCode == 0, tail(syntax.out).constData());
        QVERIFY2(!syntax.out.contains(QStringLiteral("WARNING")), tail(syntax.out).constData());

        // A pinglist for a host the inventory cannot reach, or whose name cannot be a file's, is named.
        for (const char* stranger : { "nowhere", "../etc" }) {
            auto bad = options;
            bad.fabricAgents->pinglists[stranger] = pinglistFor(stranger);
            auto refused = exportAnsible(plan, inventory, bad);
            QVERIFY(!refused);
            QVERIFY2(
                refused.error().describe().find(stranger) != std::string::npos, refused.error().describe().c_str());
        }
    }

    void syntaxCheckAcceptsEveryTargetFile()
    {
        for (const char* preset : { "lossless-pcp-vlan", "lossless-dscp", "windows-smb" }) {
            auto plan = examplePlan(preset);
            auto project = exportAnsible(plan, inventoryFor(plan));
            QVERIFY(project);
            QTemporaryDir tmp;
            auto dir = tmp.path().toStdString() + "/out";
            QVERIFY(writeAnsibleProject(*project, dir));
            // site.yml includes the target files dynamically; a check playbook imports each one statically so
            // that --syntax-check parses every task and resolves every module name.
            std::string check = "- hosts: all\n  gather_facts: false\n  tasks:\n";
            for (const auto& t : plan.targets)
                check += "    - ansible.builtin.import_tasks: targets/" + t.name + ".yml\n";
            QVERIFY(writeFileAtomically(dir + "/check.yml", check));
            auto site = runAnsible(dir, { "--syntax-check", "site.yml" });
            QVERIFY2(site.exitCode == 0, tail(site.out).constData());
            auto all = runAnsible(dir, { "--syntax-check", "check.yml" });
            QVERIFY2(all.exitCode == 0, tail(all.out).constData());
            QVERIFY2(!all.out.contains(QStringLiteral("WARNING")), tail(all.out).constData());
        }
    }

    void hostileValuesStayLiteral()
    {
        Plan plan;
        plan.profileName = "p\" {{ 1+1 }}";
        PlanTarget t;
        t.name = "h1";
        t.title = "{% raw %}x";
        t.header = { "line\n- hosts: all" };
        auto s = argvStep(
            "h1.a", { "echo", "{{ 7*7 }}", "it's \"q\"\n: - [x]" }, { "cat", "/x" }, "{{ lookup('pipe','id') }}", {});
        s.notes = { "note\n- name: evil" };
        s.undo.known = false;
        s.undo.note = "{% for x in y %}";
        t.steps.push_back(s);
        plan.targets.push_back(t);
        Inventory inv;
        inv.knownHostsFile = "/tmp/k h'{{ x }}";
        HostSpec h;
        h.name = "h1";
        h.address = "198.18.0.1";
        h.user = "root";
        h.auth = AuthMethod::KeyFile;
        h.keyFile = "/tmp/key {{ lookup('env','HOME') }}\"\xc2\x85\xc2\x80\xef\xbf\xbf\xed\xa0\x80";
        inv.hosts.push_back(h);
        auto project = exportAnsible(plan, inv);
        QVERIFY2(project, project ? "" : project.error().describe().c_str());
        QTemporaryDir tmp;
        auto dir = tmp.path().toStdString() + "/out";
        QVERIFY(writeAnsibleProject(*project, dir));
        // What Ansible reads back from the inventory is the literal text, not a template result.
        auto inventory = runAnsible(dir, { "-i", "inventory.yml", "--host", "h1" }, "ansible-inventory");
        QVERIFY2(inventory.exitCode == 0, tail(inventory.out).constData());
        QVERIFY2(inventory.out.contains(QStringLiteral("/tmp/key {{ lookup('env','HOME') }}\\\"")),
            tail(inventory.out).constData());
        QVERIFY2(inventory.out.contains(QStringLiteral("UserKnownHostsFile='/tmp/k h'\\\\''{{ x }}'")),
            tail(inventory.out).constData());
        // The task file parses as YAML with exactly one play-level task (no injected structure).
        std::string check = "- hosts: all\n  gather_facts: false\n  tasks:\n    - ansible.builtin.import_tasks: "
                            "targets/h1.yml\n";
        QVERIFY(writeFileAtomically(dir + "/check.yml", check));
        auto syntax = runAnsible(dir, { "--syntax-check", "check.yml" });
        QVERIFY2(syntax.exitCode == 0, tail(syntax.out).constData());
        auto list = runAnsible(dir, { "--list-tasks", "check.yml" });
        QVERIFY2(list.exitCode == 0, tail(list.out).constData());
        // One task per line: the title's line break and Jinja stay literal text inside the task's name.
        QVERIFY2(list.out.contains(QStringLiteral("h1.a: {{ lookup('pipe', 'id') }} - name: injected\tTAGS")),
            tail(list.out).constData());
        QCOMPARE(list.out.count(QStringLiteral("TAGS: []")), 5); // the play and its four tasks
        // Names that Ansible reserves, or that are no safe target names, are refused with the target named.
        plan.targets[0].name = "all";
        inv.hosts[0].name = "all";
        auto reserved = exportAnsible(plan, inv);
        QVERIFY(!reserved);
        QCOMPARE(reserved.error().host, std::string("all"));
        plan.targets[0].name = "h1;x";
        inv.hosts[0].name = "h1;x";
        QVERIFY(!exportAnsible(plan, inv));
        // A switch CLI line that would need a shell is refused, naming the step.
        auto sw = examplePlan("lossless-dscp");
        for (auto& target : sw.targets) {
            if (target.platform == "cumulus")
                target.steps[0].text = "nv set qos roce mode lossless; reboot\n";
        }
        auto refused = exportAnsible(sw, inventoryFor(sw));
        QVERIFY(!refused);
        QVERIFY2(refused.error().message.find("leaf-cumulus.qos-roce") != std::string::npos,
            refused.error().message.c_str());
    }

    void missingInventoryEntryIsNamed()
    {
        auto plan = examplePlan("ecn-only");
        auto inv = inventoryFor(plan);
        inv.hosts.erase(inv.hosts.begin() + 1);
        auto r = exportAnsible(plan, inv);
        QVERIFY(!r);
        QCOMPARE(r.error().host, plan.targets[1].name);
        QVERIFY(r.error().message.find("no inventory entry") != std::string::npos);
    }

    void writeIsAllOrNothing()
    {
        QTemporaryDir tmp;
        auto dir = tmp.path().toStdString() + "/busy";
        QVERIFY(QDir().mkpath(QString::fromStdString(dir)));
        QVERIFY(writeFileAtomically(dir + "/keep", "x"));
        auto plan = examplePlan("ecn-only");
        auto project = exportAnsible(plan, inventoryFor(plan));
        QVERIFY(project);
        QVERIFY(!writeAnsibleProject(*project, dir));
        QCOMPARE(QDir(QString::fromStdString(dir)).entryList(QDir::NoDotAndDotDot | QDir::AllEntries).size(), 1);
        // Nothing left beside it either.
        QCOMPARE(QDir(tmp.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries),
            QStringList { QStringLiteral("busy") });
        auto ok = tmp.path().toStdString() + "/new";
        QVERIFY(writeAnsibleProject(*project, ok));
        QVERIFY(exists(ok + "/targets/linux-a.yml"));
        QCOMPARE(QFile::permissions(QString::fromStdString(ok)) & QFileDevice::WriteOther, QFileDevice::Permissions());
    }

    void cliExportsAPlanDirectory()
    {
        QTemporaryDir tmp;
        auto d = tmp.path().toStdString();
        QVERIFY(writeFileAtomically(d + "/inv.yaml",
            "version: 1\nknown_hosts: " + d
                + "/known_hosts\nhosts:\n  - name: h1\n    address: 198.19.0.1\n"
                  "    auth: key\n    key_file: "
                + d
                + "/id\n    sudo: true\n    interfaces: [{name: eth0}]\n"
                  "switches:\n  - name: leaf-eos\n    vendor: eos\n    host_ports: [Ethernet1]\n"
                  "    uplink_ports: [Ethernet49/1]\n    address: 192.0.2.10\n  - name: leaf-junos\n    vendor: junos\n"
                  "    host_ports: [et-0/0/0]\n    uplink_ports: [et-0/0/31]\n"));
        auto cli = [&](std::vector<std::string> argv) {
            QProcess p;
            QStringList args;
            for (const auto& a : argv)
                args << QString::fromStdString(a);
            p.start(QStringLiteral(RP_CLI), args);
            p.waitForFinished(60000);
            return std::pair { p.exitCode(), QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError()) };
        };
        auto plan = cli({ "plan", "--profile", "lossless-dscp", "--inventory", d + "/inv.yaml", "--no-discover",
            "--out", d + "/plan" });
        QVERIFY2(plan.first == 0, qPrintable(plan.second));
        auto out
            = cli({ "export", "ansible", "--plan", d + "/plan", "--inventory", d + "/inv.yaml", "--out", d + "/a" });
        QVERIFY2(out.first == 0, qPrintable(out.second));
        QVERIFY2(out.second.contains(QStringLiteral("for 2 of the plan's 3 target(s)")), qPrintable(out.second));
        QVERIFY2(out.second.contains(QStringLiteral("leaf-junos: not exported")), qPrintable(out.second));
        QVERIFY(exists(d + "/a/targets/h1.yml") && exists(d + "/a/targets/leaf-eos.yml"));
        QVERIFY(!exists(d + "/a/targets/leaf-junos.yml"));
        auto inv = file(d + "/a/inventory.yml");
        QVERIFY(inv.find("ansible_become_method: sudo") != std::string::npos); // sudo: true in the inventory
        auto syntax = runAnsible(d + "/a", { "--syntax-check", "site.yml" });
        QVERIFY2(syntax.exitCode == 0, tail(syntax.out).constData());
        // Exit codes: usage 2, unreadable plan or existing output 1 (and nothing written).
        QCOMPARE(cli({ "export", "ansible", "--plan", d + "/plan", "--out", d + "/b" }).first, 2);
        QCOMPARE(cli({ "export", "yaml" }).first, 2);
        QCOMPARE(cli({ "export", "ansible", "--plan", d + "/plan", "--inventory", d + "/inv.yaml", "--out", d + "/b",
                         "--forks", "0" })
                     .first,
            2);
        QCOMPARE(cli({ "export", "--help" }).first, 0);
        QCOMPARE(cli({ "export", "ansible", "--plan", d + "/none", "--inventory", d + "/inv.yaml", "--out", d + "/b" })
                     .first,
            1);
        QCOMPARE(cli({ "export", "ansible", "--plan", d + "/plan", "--inventory", d + "/inv.yaml", "--out", d + "/a" })
                     .first,
            1);
        QVERIFY(!exists(d + "/b"));

        // --fabric-agents: every pinglist read as the agent reads it; a broken one stops the export, named.
        QVERIFY(std::filesystem::create_directory(d + "/pl"));
        QVERIFY(writeFileAtomically(d + "/pl/h1.json", pinglistFor("h1"), 0600));
        auto agents = cli({ "export", "ansible", "--plan", d + "/plan", "--inventory", d + "/inv.yaml", "--out",
            d + "/c", "--fabric-agents", d + "/pl", "--probe", RP_CLI });
        QVERIFY2(agents.first == 0, qPrintable(agents.second));
        QVERIFY2(agents.second.contains(QStringLiteral("fabric agent for 1 host")), qPrintable(agents.second));
        QCOMPARE(fileMode(d + "/c/roles/rocepilot_fabric_agent/files/pinglists/h1.json"), 0600u);
        QVERIFY(writeFileAtomically(d + "/pl/h2.json", "{\"schema\": \"rocepilot-agent-pinglist/1\"}\n", 0600));
        auto broken = cli({ "export", "ansible", "--plan", d + "/plan", "--inventory", d + "/inv.yaml", "--out",
            d + "/e", "--fabric-agents", d + "/pl", "--probe", RP_CLI });
        QCOMPARE(broken.first, 1);
        QVERIFY2(broken.second.contains(QString::fromStdString(d + "/pl/h2.json")), qPrintable(broken.second));
        QVERIFY(!exists(d + "/e"));
        QCOMPARE(cli({ "export", "ansible", "--plan", d + "/plan", "--inventory", d + "/inv.yaml", "--out", d + "/f",
                         "--probe", RP_CLI })
                     .first,
            2);
    }

    // A real run on this machine (connection local): apply, second run changes nothing, check mode changes
    // nothing and reports what would change, a failing step rolls back the others newest first.
    void playbookAppliesIdempotentlyAndRollsBack()
    {
        QTemporaryDir tmp;
        auto w = tmp.path().toStdString() + "/work";
        QVERIFY(QDir().mkpath(QString::fromStdString(w)));
        const std::string content = "x={{ 7*7 }}\n'\"; $(touch " + w + "/pwned)\n";
        Plan plan;
        plan.profileName = "local";
        PlanTarget t;
        t.name = "local1";
        t.steps.push_back(
            argvStep("local1.dir", { "mkdir", w + "/d" }, { "test", "-d", w + "/d" }, "", { { "rmdir", w + "/d" } }));
        Step f;
        f.id = "local1.file";
        f.title = "{{ lookup('pipe', 'touch " + w + "/pwned2') }}";
        f.kind = StepKind::File;
        f.path = w + "/d/f.conf";
        f.text = content;
        f.verify.argv = { "cat", w + "/d/f.conf" };
        f.verify.expect = "x={{ 7*7 }}";
        f.undo.commands = { { "rm", "-f", w + "/d/f.conf" } };
        t.steps.push_back(f);
        Step optional; // a file only some drivers have: absent here, so skipped without failing the host
        optional.id = "local1.optional";
        optional.title = "optional file";
        optional.kind = StepKind::File;
        optional.optional = true;
        optional.path = w + "/absent/file";
        optional.text = "1\n";
        optional.verify.argv = { "cat", w + "/absent/file" };
        optional.verify.expect = "1";
        t.steps.push_back(optional);
        t.steps.push_back(argvStep("local1.link", { "ln", "-s", "f.conf", w + "/d/link" },
            { "readlink", w + "/d/link" }, "f.conf", { { "rm", w + "/d/link" } }));
        plan.targets.push_back(t);
        Inventory inv;
        inv.knownHostsFile = tmp.path().toStdString() + "/known_hosts";
        HostSpec h;
        h.name = "local1";
        h.address = "localhost";
        h.local = true;
        inv.hosts.push_back(h);

        auto project = exportAnsible(plan, inv);
        QVERIFY2(project, project ? "" : project.error().describe().c_str());
        auto dir = tmp.path().toStdString() + "/ansible";
        QVERIFY(writeAnsibleProject(*project, dir));

        auto check0 = runAnsible(dir, { "site.yml", "--check", "--diff" });
        QVERIFY2(check0.exitCode == 0, tail(check0.out).constData());
        QVERIFY2(recap(check0.out, "local1", "changed") >= 1, tail(check0.out).constData());
        QVERIFY(!exists(w + "/d"));

        auto first = runAnsible(dir, { "site.yml" });
        QVERIFY2(first.exitCode == 0, tail(first.out).constData());
        QCOMPARE(recap(first.out, "local1", "changed"), 3);
        QCOMPARE(file(w + "/d/f.conf"), content);
        QVERIFY(exists(w + "/d/link"));
        QVERIFY(!exists(w + "/pwned") && !exists(w + "/pwned2"));
        QVERIFY(!exists(w + "/absent"));
        QVERIFY2(first.out.contains(QStringLiteral("does not exist on this host (optional step): skipped")),
            tail(first.out).constData());

        auto second = runAnsible(dir, { "site.yml" });
        QVERIFY2(second.exitCode == 0, tail(second.out).constData());
        QCOMPARE(recap(second.out, "local1", "changed"), 0);

        auto check = runAnsible(dir, { "site.yml", "--check", "--diff" });
        QVERIFY2(check.exitCode == 0, tail(check.out).constData());
        QCOMPARE(recap(check.out, "local1", "changed"), 0);

        // Drift: the link is gone; check mode says one change and makes none.
        QVERIFY(std::filesystem::remove(w + "/d/link"));
        auto drift = runAnsible(dir, { "site.yml", "--check", "--diff" });
        QVERIFY2(drift.exitCode == 0, tail(drift.out).constData());
        QCOMPARE(recap(drift.out, "local1", "changed"), 1);
        QVERIFY2(drift.out.contains(QStringLiteral("would run: ln -s f.conf")), tail(drift.out).constData());
        QVERIFY(!exists(w + "/d/link"));

        // A failing fourth step: the rescue undoes link, file and dir, newest first (rmdir needs an empty dir).
        std::filesystem::remove_all(w + "/d");
        plan.targets[0].steps.push_back(
            argvStep("local1.fails", { "false" }, { "test", "-e", w + "/never" }, "", { { "touch", w + "/never" } }));
        auto failing = exportAnsible(plan, inv);
        QVERIFY(failing);
        auto dir2 = tmp.path().toStdString() + "/ansible2";
        QVERIFY(writeAnsibleProject(*failing, dir2));
        auto rolled = runAnsible(dir2, { "site.yml" });
        QVERIFY2(rolled.exitCode != 0, tail(rolled.out).constData());
        QCOMPARE(recap(rolled.out, "local1", "rescued"), 1);
        QCOMPARE(recap(rolled.out, "local1", "failed"), 1);
        QVERIFY2(!exists(w + "/d"), tail(rolled.out).constData());
        QVERIFY2(!exists(w + "/never"), "the failed step itself must not be undone");
        auto undoLink = rolled.out.indexOf(QStringLiteral("local1.link: undo")),
             undoDir = rolled.out.indexOf(QStringLiteral("local1.dir: undo"));
        QVERIFY2(undoLink >= 0 && undoDir > undoLink, tail(rolled.out).constData());
    }
};

QTEST_GUILESS_MAIN(TestExportAnsible)
#include "tst_export_ansible.moc"
