// SPDX-License-Identifier: GPL-3.0-or-later
// SshExecutor against real OpenSSH servers in network namespaces: host keys, authentication, commands,
// timeouts, shell metacharacters, unreachable hosts.
#include "netnslab.h"
#include "remote/ssh_executor.h"

#include "executorchecks.h"
#include "testbasics.h"

#include <QtTest>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>

#include <unistd.h>

using namespace rp;
using namespace std::chrono_literals;
using rp::test::Clock;
using rp::test::msSince;

namespace {

std::unique_ptr<Executor> open(const HostSpec& spec, const ConnectContext& ctx)
{
    auto r = openExecutor(spec, ctx);
    if (!r) {
        qWarning("%s", r.error().describe().c_str());
        return nullptr;
    }
    return std::move(*r);
}

std::string fingerprintOf(const std::string& pubKeyFile)
{
    // "256 SHA256:xxxx comment (ED25519)"
    std::string line = lab::sh("ssh-keygen -lf '" + pubKeyFile + "'");
    auto first = line.find(' ');
    auto second = line.find(' ', first + 1);
    return first == std::string::npos ? std::string() : line.substr(first + 1, second - first - 1);
}

} // namespace

class TestSshExecutor : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    std::string m_password;

private slots:
    void initTestCase()
    {
        QVERIFY2(!lab::dir().empty(), "RP_NETNS_DIR is not set: run through ctest (fixture netns_up)");
        QVERIFY2(std::filesystem::exists(lab::dir() + "/known_hosts"), "the netns lab is not up");
        m_password = lab::readFile(lab::dir() + "/root_password");
        while (!m_password.empty() && m_password.back() == '\n')
            m_password.pop_back();
        QVERIFY(!m_password.empty());
        QVERIFY(m_tmp.isValid());
    }

    void runsCommandsOnOneConnection()
    {
        auto ex = open(lab::host(1), lab::context());
        QVERIFY(ex);
        QCOMPARE(ex->host(), std::string("h1"));
        auto name = ex->run(Command { "hostname" }, {});
        QVERIFY(name);
        QCOMPARE(name->out, std::string("h1\n"));
        QCOMPARE(name->exitStatus, 0);
        // Same TCP connection (same client port) for every command.
        auto c1 = ex->run(Command { "sh", "-c", "echo $SSH_CONNECTION" }, {});
        auto c2 = ex->run(Command { "sh", "-c", "echo $SSH_CONNECTION" }, {});
        QVERIFY(c1 && c2);
        QVERIFY(!c1->out.empty());
        QCOMPARE(c1->out, c2->out);
        QVERIFY(c1->out.find(lab::address(1)) != std::string::npos);
    }

    void stdoutStderrAndExitStatus()
    {
        auto ex = open(lab::host(2), lab::context());
        QVERIFY(ex);
        auto r = ex->run(Command { "sh", "-c", "echo out; echo err >&2; echo more; exit 7" }, {});
        QVERIFY(r);
        QCOMPARE(r->out, std::string("out\nmore\n"));
        QCOMPARE(r->err, std::string("err\n"));
        QCOMPARE(r->exitStatus, 7);
        auto f = ex->run(Command { "false" }, {});
        QVERIFY(f);
        QCOMPARE(f->exitStatus, 1);
        auto sig = ex->run(Command { "sh", "-c", "kill -KILL $$" }, {});
        QVERIFY(sig);
        QCOMPARE(sig->exitStatus, 128 + 9);
    }

    void stdinAndLargeOutput()
    {
        auto ex = open(lab::host(2), lab::context());
        QVERIFY(ex);
        std::string data;
        for (int i = 0; i < 200000; ++i)
            data += static_cast<char>(i * 7 + i / 256);
        ExecOptions o;
        o.stdinData = data;
        auto r = ex->run(Command { "cat" }, o);
        QVERIFY(r);
        QCOMPARE(r->out.size(), data.size());
        QVERIFY(r->out == data);
        auto big = ex->run(Command { "head", "-c", "5000000", "/dev/zero" }, {});
        QVERIFY(big);
        QCOMPARE(big->out.size(), std::size_t(5000000));
    }

    void argumentsWithMetacharactersCrossTheShell()
    {
        auto ex = open(lab::host(3), lab::context());
        QVERIFY(ex);
        const std::vector<std::string> tokens { "a;b $(id)", "`id`", "it's", "x\ny", "&&|>", "ünï ✓", "", "$HOME" };
        Command c { "printf", "[%s]" };
        std::string expected;
        for (const auto& t : tokens) {
            c.arg(t);
            expected += "[" + t + "]";
        }
        auto r = ex->run(c, {});
        QVERIFY(r);
        QCOMPARE(r->out, expected);
    }

    void fileNamedWithMetacharacters()
    {
        // The lab's hosts share this machine's file system (only /run and /etc/shadow are private).
        auto ex = open(lab::host(4), lab::context());
        QVERIFY(ex);
        const std::string dir = m_tmp.path().toStdString() + "/meta";
        const std::string name = "a;b $(id)";
        const std::string content = "content; $(reboot) `id`\n'\"\\\x01 ✓";
        QVERIFY(ex->run(Command { "mkdir", "-p", dir }, {}));
        ExecOptions o;
        o.stdinData = content;
        auto w = ex->run(Command { "tee", dir + "/" + name }, o);
        QVERIFY(w);
        QCOMPARE(w->exitStatus, 0);
        QVERIFY(std::filesystem::exists(dir + "/" + name));
        QCOMPARE(lab::readFile(dir + "/" + name), content);
        auto ls = ex->run(Command { "ls", dir }, {});
        QVERIFY(ls);
        QCOMPARE(ls->out, name + "\n");
        auto cat = ex->run(Command { "cat", dir + "/" + name }, {});
        QVERIFY(cat);
        QCOMPARE(cat->out, content);
        QVERIFY(!std::filesystem::exists(dir + "/a")); // nothing was split at ';'
    }

    void commandTimeoutKeepsTheSession()
    {
        auto ex = open(lab::host(5), lab::context());
        QVERIFY(ex);
        ExecOptions o;
        o.timeout = 500ms;
        auto t0 = Clock::now();
        auto r = ex->run(Command { "sleep", "30" }, o);
        auto ms = msSince(t0);
        QVERIFY(!r);
        QCOMPARE_ENUM(r.error().kind, ErrorKind::Timeout);
        QCOMPARE(r.error().host, std::string("h5"));
        QVERIFY(r.error().describe().find("sleep 30") != std::string::npos);
        QVERIFY2(ms >= 450 && ms < 1500, QByteArray::number(ms).constData());
        auto after = ex->run(Command { "hostname" }, {});
        QVERIFY(after);
        QCOMPARE(after->out, std::string("h5\n"));
    }

    void cancelFromAnotherThread()
    {
        auto ex = open(lab::host(5), lab::context());
        QVERIFY(ex);
        std::atomic<bool> cancel { false };
        ExecOptions o;
        o.cancel = &cancel;
        std::thread t([&] {
            std::this_thread::sleep_for(300ms);
            cancel = true;
        });
        auto t0 = Clock::now();
        auto r = ex->run(Command { "sleep", "30" }, o);
        auto ms = msSince(t0);
        t.join();
        QVERIFY(!r);
        QCOMPARE_ENUM(r.error().kind, ErrorKind::Cancelled);
        QVERIFY2(ms < 1500, QByteArray::number(ms).constData());
    }

    void keepStdinOpenUntilCancelThenTheRemoteSeesEof()
    {
        auto ex = open(lab::host(5), lab::context());
        QVERIFY(ex);
        const std::string marker = "/tmp/rp-keepstdin-" + std::to_string(::getpid());
        lab::sh("rm -f " + marker);
        // The remote command reads its stdin to EOF, then leaves a marker: EOF must come only with our cancel.
        std::atomic<bool> cancel { false };
        std::string seen;
        ExecOptions o;
        o.stdinData = "ping";
        o.keepStdinOpen = true;
        o.cancel = &cancel;
        o.timeout = 20s;
        o.onStdout = [&](std::string_view chunk) {
            seen += chunk;
            if (seen.find("ping") != std::string::npos)
                cancel = true;
        };
        auto t0 = Clock::now();
        auto r = ex->run(Command { "sh", "-c", "head -c 4; cat >/dev/null; echo eof > \"$1\"", "sh", marker }, o);
        QVERIFY(!r);
        QCOMPARE_ENUM(r.error().kind, ErrorKind::Cancelled);
        QCOMPARE(seen, std::string("ping"));
        QVERIFY(msSince(t0) < 5000);
        // The channel's close reached the remote command as EOF on its stdin (the hosts share this filesystem).
        bool sawEof = false;
        for (int i = 0; i < 50 && !sawEof; ++i) {
            sawEof = lab::readFile(marker) == "eof\n";
            if (!sawEof)
                std::this_thread::sleep_for(100ms);
        }
        QVERIFY2(sawEof, "the remote command never saw EOF on its stdin after the cancel");
        lab::sh("rm -f " + marker);

        // Without cancel, a command that ends by itself ends the run while stdin is still open.
        ExecOptions quick;
        quick.keepStdinOpen = true;
        auto done = ex->run(Command { "echo", "done" }, quick);
        QVERIFY(done);
        QCOMPARE(done->out, std::string("done\n"));
        QCOMPARE(done->exitStatus, 0);
    }

    void aStreamReadAsItComesIsNotKept()
    {
        // The agent's and the counter sampler's way (executorchecks.h).
        auto ex = open(lab::host(6), lab::context());
        QVERIFY(ex);
        rp::test::checkStreamIsNotKept(*ex);
    }

    void inputReadyFdWakesTheConversation()
    {
        // The agent channel's way (executorchecks.h).
        auto ex = open(lab::host(6), lab::context());
        QVERIFY(ex);
        rp::test::checkInputReadyFdWakes(*ex);
    }

    void maxOutput()
    {
        auto ex = open(lab::host(6), lab::context());
        QVERIFY(ex);
        ExecOptions o;
        o.maxOutput = 10000;
        o.timeout = 10s;
        auto t0 = Clock::now();
        auto r = ex->run(Command { "yes", "flood" }, o);
        QVERIFY(r);
        QVERIFY(r->outTruncated);
        QCOMPARE(r->out.size(), std::size_t(10000));
        QVERIFY(msSince(t0) < 5000);
    }

    void unknownHostKeyRefused()
    {
        ConnectContext ctx = lab::context();
        ctx.knownHostsFile = m_tmp.path().toStdString() + "/kh-refuse";
        int prompts = 0;
        HostKeyInfo seen;
        ctx.onUnknownHostKey = [&](const HostKeyInfo& info) {
            ++prompts;
            seen = info;
            return HostKeyDecision::Refuse;
        };
        auto r = openExecutor(lab::host(7), ctx);
        QVERIFY(!r);
        QCOMPARE_ENUM(r.error().kind, ErrorKind::HostKeyUnknown);
        QCOMPARE(prompts, 1);
        const std::string expected = fingerprintOf(lab::dir() + "/lab/keys/h7.pub");
        QVERIFY(expected.starts_with("SHA256:"));
        QCOMPARE(seen.sha256Fingerprint, expected);
        QCOMPARE(seen.keyType, std::string("ssh-ed25519"));
        QCOMPARE(seen.address, lab::address(7));
        QCOMPARE(seen.host, std::string("h7"));
        QVERIFY(r.error().message.find(expected) != std::string::npos);
        QVERIFY(!std::filesystem::exists(ctx.knownHostsFile) || std::filesystem::file_size(ctx.knownHostsFile) == 0);

        // No callback: refused as well.
        ctx.onUnknownHostKey = nullptr;
        auto r2 = openExecutor(lab::host(7), ctx);
        QVERIFY(!r2);
        QCOMPARE_ENUM(r2.error().kind, ErrorKind::HostKeyUnknown);
    }

    void unknownHostKeyAcceptedAndSaved()
    {
        ConnectContext ctx = lab::context();
        ctx.knownHostsFile = m_tmp.path().toStdString() + "/kh-accept";
        int prompts = 0;
        ctx.onUnknownHostKey = [&](const HostKeyInfo&) {
            ++prompts;
            return HostKeyDecision::AcceptAndSave;
        };
        auto ex = open(lab::host(8), ctx);
        QVERIFY(ex);
        QCOMPARE(prompts, 1);
        auto r = ex->run(Command { "hostname" }, {});
        QVERIFY(r);
        QCOMPARE(r->out, std::string("h8\n"));
        const std::string saved = lab::readFile(ctx.knownHostsFile);
        QVERIFY2(saved.find(lab::address(8) + " ssh-ed25519 ") != std::string::npos, saved.c_str());
        ex.reset();
        auto again = open(lab::host(8), ctx);
        QVERIFY(again);
        QCOMPARE(prompts, 1); // known now: no second prompt
    }

    void changedHostKeyIsRefusedWithoutPrompt()
    {
        // h10's address listed with h9's key.
        const std::string otherKey = lab::readFile(lab::dir() + "/lab/keys/h9.pub");
        const std::string file = m_tmp.path().toStdString() + "/kh-changed";
        {
            std::ofstream out(file);
            out << lab::address(10) << ' ' << otherKey.substr(0, otherKey.rfind(' ')) << '\n';
        }
        ConnectContext ctx = lab::context();
        ctx.knownHostsFile = file;
        int prompts = 0;
        ctx.onUnknownHostKey = [&](const HostKeyInfo&) {
            ++prompts;
            return HostKeyDecision::AcceptAndSave;
        };
        auto r = openExecutor(lab::host(10), ctx);
        QVERIFY(!r);
        QCOMPARE_ENUM(r.error().kind, ErrorKind::HostKeyChanged);
        QCOMPARE(prompts, 0);
        QVERIFY(r.error().message.find("man-in-the-middle") != std::string::npos);
        QVERIFY(r.error().message.find(file) != std::string::npos);
        QVERIFY(r.error().message.find(fingerprintOf(lab::dir() + "/lab/keys/h10.pub")) != std::string::npos);
        // The file was not touched.
        const std::string after = lab::readFile(file);
        QCOMPARE(after.find(lab::address(10)), std::size_t(0));
        QCOMPARE(std::count(after.begin(), after.end(), '\n'), 1);
    }

    void passwordAuth()
    {
        HostSpec spec = lab::host(11);
        spec.auth = AuthMethod::Password;
        spec.keyFile.clear();
        ConnectContext ctx = lab::context();
        int asked = 0;
        ctx.passwordFor = [&](const HostSpec& h) -> std::optional<std::string> {
            ++asked;
            return h.name == "h11" ? std::optional<std::string>("wrong-" + m_password) : std::nullopt;
        };
        auto wrong = openExecutor(spec, ctx);
        QVERIFY(!wrong);
        QCOMPARE_ENUM(wrong.error().kind, ErrorKind::AuthFailed);
        QCOMPARE(asked, 1);
        QVERIFY(wrong.error().describe().find(m_password) == std::string::npos);

        ctx.passwordFor = [&](const HostSpec&) -> std::optional<std::string> { return m_password; };
        auto right = open(spec, ctx);
        QVERIFY(right);
        auto r = right->run(Command { "hostname" }, {});
        QVERIFY(r);
        QCOMPARE(r->out, std::string("h11\n"));

        ctx.passwordFor = [&](const HostSpec&) -> std::optional<std::string> { return std::nullopt; };
        auto declined = openExecutor(spec, ctx);
        QVERIFY(!declined);
        QCOMPARE_ENUM(declined.error().kind, ErrorKind::AuthFailed);
    }

    void wrongKeyIsAuthFailed()
    {
        const std::string key = m_tmp.path().toStdString() + "/other_key";
        lab::sh("ssh-keygen -q -t ed25519 -N '' -f '" + key + "'");
        QVERIFY(std::filesystem::exists(key));
        HostSpec spec = lab::host(12);
        spec.keyFile = key;
        auto r = openExecutor(spec, lab::context());
        QVERIFY(!r);
        QCOMPARE_ENUM(r.error().kind, ErrorKind::AuthFailed);
        spec.keyFile = m_tmp.path().toStdString() + "/missing_key";
        auto missing = openExecutor(spec, lab::context());
        QVERIFY(!missing);
        QCOMPARE_ENUM(missing.error().kind, ErrorKind::AuthFailed);
    }

    void invalidAddressOrUserNeverConnects()
    {
        HostSpec spec = lab::host(1);
        spec.address = "198.19.0.1;reboot";
        auto a = openExecutor(spec, lab::context());
        QVERIFY(!a);
        QCOMPARE_ENUM(a.error().kind, ErrorKind::Validation);
        spec = lab::host(1);
        spec.user = "-oProxyCommand=id";
        auto u = openExecutor(spec, lab::context());
        QVERIFY(!u);
        QCOMPARE_ENUM(u.error().kind, ErrorKind::Validation);
    }

    void unreachableAddress()
    {
        HostSpec spec = lab::host(1);
        spec.name = "ghost";
        spec.address = lab::silentAddress();
        ConnectContext ctx = lab::context();
        ctx.connectTimeout = 2s;
        auto t0 = Clock::now();
        auto r = openExecutor(spec, ctx);
        auto ms = msSince(t0);
        QVERIFY(!r);
        QVERIFY2(r.error().kind == ErrorKind::Unreachable || r.error().kind == ErrorKind::Timeout,
            r.error().describe().c_str());
        qInfo("%s after %lld ms", r.error().describe().c_str(), ms);
        QCOMPARE(r.error().host, std::string("ghost"));
        QVERIFY2(ms < 2600, QByteArray::number(ms).constData());
    }

    void connectionRefused()
    {
        HostSpec spec = lab::host(1);
        spec.port = 2222;
        auto t0 = Clock::now();
        auto r = openExecutor(spec, lab::context());
        QVERIFY(!r);
        QCOMPARE_ENUM(r.error().kind, ErrorKind::Unreachable);
        QVERIFY(msSince(t0) < 2000);
    }

    void cancelWhileConnecting()
    {
        HostSpec spec = lab::host(1);
        spec.address = lab::silentAddress();
        ConnectContext ctx = lab::context();
        ctx.connectTimeout = 10s;
        std::atomic<bool> cancel { false };
        ctx.cancel = &cancel;
        std::thread t([&] {
            std::this_thread::sleep_for(300ms);
            cancel = true;
        });
        auto t0 = Clock::now();
        auto r = openExecutor(spec, ctx);
        auto ms = msSince(t0);
        t.join();
        QVERIFY(!r);
        // The TCP connect itself may fail first (no ARP answer) - but not within 300 ms.
        QCOMPARE_ENUM(r.error().kind, ErrorKind::Cancelled);
        QVERIFY2(ms < 1000, QByteArray::number(ms).constData());
    }

    void localSpecGetsLocalExecutor()
    {
        HostSpec spec;
        spec.name = "here";
        spec.address = "localhost";
        spec.local = true;
        auto ex = open(spec, lab::context());
        QVERIFY(ex);
        QCOMPARE(ex->host(), std::string("here"));
        auto r = ex->run(Command { "printf", "%s", "a;b" }, {});
        QVERIFY(r);
        QCOMPARE(r->out, std::string("a;b"));
    }
};

QTEST_APPLESS_MAIN(TestSshExecutor)
#include "tst_ssh_executor.moc"
