// SPDX-License-Identifier: GPL-3.0-or-later
// LocalExecutor: fork/exec without a shell, pipes, timeouts, cancel, output limits, no zombies or fd leaks.
#include "remote/local_executor.h"

#include "executorchecks.h"
#include "testbasics.h"

#include <QtTest>

#include <atomic>
#include <chrono>
#include <deque>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include <csignal>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace rp;
using namespace std::chrono_literals;
using rp::test::Clock;
using rp::test::msSince;

namespace {

int openFdCount()
{
    int n = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator("/proc/self/fd"))
        ++n;
    return n;
}

/// Gone, or a zombie waiting for its (foreign) parent: either way not running any more.
bool processGone(pid_t pid)
{
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    if (!stat)
        return true;
    std::string line;
    std::getline(stat, line);
    auto close = line.rfind(')');
    return close != std::string::npos && close + 2 < line.size() && (line[close + 2] == 'Z' || line[close + 2] == 'X');
}

bool noChildrenLeft()
{
    int status;
    return ::waitpid(-1, &status, WNOHANG) < 0 && errno == ECHILD;
}

} // namespace

class TestLocalExecutor : public QObject
{
    Q_OBJECT

private slots:
    void stdoutAndStderrApart()
    {
        LocalExecutor ex;
        auto r = ex.run(Command { "sh", "-c", "echo out; echo err >&2; echo out2" }, {});
        QVERIFY(r);
        QCOMPARE(r->out, std::string("out\nout2\n"));
        QCOMPARE(r->err, std::string("err\n"));
        QCOMPARE(r->exitStatus, 0);
        QVERIFY(!r->outTruncated);
        QCOMPARE(ex.host(), std::string("localhost"));
    }

    void noShellInBetween()
    {
        LocalExecutor ex;
        auto r = ex.run(Command { "echo", "$(id)", ";", "reboot" }, {});
        QVERIFY(r);
        QCOMPARE(r->out, std::string("$(id) ; reboot\n"));
    }

    void exitCodes()
    {
        LocalExecutor ex;
        QCOMPARE(ex.run(Command { "true" }, {})->exitStatus, 0);
        QCOMPARE(ex.run(Command { "false" }, {})->exitStatus, 1);
        QCOMPARE(ex.run(Command { "sh", "-c", "exit 42" }, {})->exitStatus, 42);
        auto sig = ex.run(Command { "sh", "-c", "kill -KILL $$" }, {});
        QVERIFY(sig);
        QCOMPARE(sig->exitStatus, 128 + SIGKILL);
        QVERIFY2(sig->err.find("SIGKILL") != std::string::npos, sig->err.c_str());
    }

    void timeoutKillsTheProcessGroup()
    {
        QTemporaryDir tmp;
        const std::string pidFile = tmp.filePath(QStringLiteral("child.pid")).toStdString();
        LocalExecutor ex;
        ExecOptions o;
        o.timeout = 300ms;
        auto t0 = Clock::now();
        // The shell ignores SIGTERM, so only the SIGKILL after the grace gets it; its child sleeps on.
        auto r
            = ex.run(Command { "sh", "-c", "trap '' TERM; sleep 30 & echo $! > \"$0\"; sleep 30; wait", pidFile }, o);
        auto elapsed = msSince(t0);
        QVERIFY(!r);
        QCOMPARE_ENUM(r.error().kind, ErrorKind::Timeout);
        QCOMPARE(r.error().host, std::string("localhost"));
        QVERIFY2(r.error().describe().find("sleep 30") != std::string::npos, r.error().describe().c_str());
        QVERIFY2(elapsed < 1200, QByteArray::number(elapsed).constData());
        std::ifstream in(pidFile);
        pid_t child = 0;
        in >> child;
        QVERIFY(child > 0);
        QTRY_VERIFY_WITH_TIMEOUT(processGone(child), 1000);
        QVERIFY(noChildrenLeft());
    }

    void timeoutWhileOutputIsClosed()
    {
        // stdout closed early: the deadline still holds.
        LocalExecutor ex;
        ExecOptions o;
        o.timeout = 200ms;
        auto t0 = Clock::now();
        auto r = ex.run(Command { "sh", "-c", "exec >&- 2>&-; sleep 30" }, o);
        QVERIFY(!r);
        QCOMPARE_ENUM(r.error().kind, ErrorKind::Timeout);
        QVERIFY(msSince(t0) < 1200);
    }

    void cancelFromAnotherThread()
    {
        LocalExecutor ex;
        std::atomic<bool> cancel { false };
        ExecOptions o;
        o.cancel = &cancel;
        std::thread canceller([&] {
            std::this_thread::sleep_for(200ms);
            cancel = true;
        });
        auto t0 = Clock::now();
        auto r = ex.run(Command { "sleep", "30" }, o);
        auto elapsed = msSince(t0);
        canceller.join();
        QVERIFY(!r);
        QCOMPARE_ENUM(r.error().kind, ErrorKind::Cancelled);
        QCOMPARE(r.error().host, std::string("localhost"));
        QVERIFY2(elapsed >= 150 && elapsed < 1200, QByteArray::number(elapsed).constData());
        QVERIFY(noChildrenLeft());
    }

    // A script whose TERM trap needs a second to clean up (as lab.sh stopping its guests) finishes it when the
    // grace allows, and is cut off by the default grace.
    void killGraceLetsATrapFinish()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        for (bool longGrace : { true, false }) {
            const std::string marker
                = dir.filePath(longGrace ? QStringLiteral("long") : QStringLiteral("short")).toStdString();
            LocalExecutor ex;
            std::atomic<bool> cancel { false };
            ExecOptions o;
            o.cancel = &cancel;
            if (longGrace)
                o.killGrace = 5s;
            std::thread canceller([&] {
                std::this_thread::sleep_for(300ms);
                cancel = true;
            });
            auto r = ex.run(Command { "bash", "-c",
                                "trap 'sleep 1; echo cleaned > \"$1\"; exit 143' TERM; "
                                "sleep 30 & wait",
                                "sh", marker },
                o);
            canceller.join();
            QVERIFY(!r);
            QCOMPARE_ENUM(r.error().kind, ErrorKind::Cancelled);
            QCOMPARE(QFile::exists(QString::fromStdString(marker)), longGrace);
            QVERIFY(noChildrenLeft());
        }
    }
    void maxOutputStopsAFloodingCommand()
    {
        LocalExecutor ex;
        ExecOptions o;
        o.maxOutput = 10000;
        auto t0 = Clock::now();
        auto r = ex.run(Command { "yes", "flood" }, o);
        QVERIFY(r);
        QVERIFY(r->outTruncated);
        QCOMPARE(r->out.size(), std::size_t(10000));
        QVERIFY(r->out.starts_with("flood\nflood\n"));
        QVERIFY(msSince(t0) < 2000);
        QVERIFY(noChildrenLeft());
    }

    void aStreamReadAsItComesIsNotKept()
    {
        // The agent's and the counter sampler's way (executorchecks.h).
        LocalExecutor ex;
        rp::test::checkStreamIsNotKept(ex);
    }

    void inputReadyFdWakesTheConversation()
    {
        // The agent channel's way (executorchecks.h).
        LocalExecutor ex;
        rp::test::checkInputReadyFdWakes(ex);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(noChildrenLeft());
    }

    void stdinIsPassedThrough()
    {
        std::string data(3 << 20, '\0');
        std::mt19937 rng(42);
        for (auto& c : data)
            c = static_cast<char>(rng());
        LocalExecutor ex;
        ExecOptions o;
        o.stdinData = data;
        auto r = ex.run(Command { "cat" }, o);
        QVERIFY(r);
        QCOMPARE(r->exitStatus, 0);
        QVERIFY(r->out == data);
    }

    void keepStdinOpenUntilTheCommandIsStopped()
    {
        LocalExecutor ex;
        // Closed after the data (the default): cat sees EOF and the command ends by itself.
        ExecOptions closed;
        closed.stdinData = "abc";
        auto r = ex.run(Command { "sh", "-c", "cat; echo eof" }, closed);
        QVERIFY(r);
        QCOMPARE(r->out, std::string("abceof\n"));

        // Kept open: the data arrives, EOF does not, so the command is still waiting when we stop it.
        std::atomic<bool> cancel { false };
        std::string seen;
        ExecOptions open;
        open.stdinData = "abc";
        open.keepStdinOpen = true;
        open.cancel = &cancel;
        open.onStdout = [&](std::string_view chunk) {
            seen += chunk;
            if (seen == "abc")
                cancel = true;
        };
        auto t0 = Clock::now();
        auto kept = ex.run(Command { "sh", "-c", "cat; echo eof" }, open);
        QVERIFY(!kept);
        QCOMPARE_ENUM(kept.error().kind, ErrorKind::Cancelled);
        QCOMPARE(seen, std::string("abc"));
        QVERIFY(msSince(t0) < 2000);

        // With no data at all, stdin stays open too, and a timeout still ends it.
        ExecOptions empty;
        empty.keepStdinOpen = true;
        empty.timeout = 300ms;
        auto timed = ex.run(Command { "sh", "-c", "cat; echo eof" }, empty);
        QVERIFY(!timed);
        QCOMPARE_ENUM(timed.error().kind, ErrorKind::Timeout);

        // A command that ends by itself while its stdin is open ends the run normally.
        auto done = ex.run(Command { "sh", "-c", "echo done" }, empty);
        QVERIFY(done);
        QCOMPARE(done->out, std::string("done\n"));
        QVERIFY(noChildrenLeft());
    }

    void moreInputIsAConversation()
    {
        // Each answer the command prints makes the next question: input written after the start, on the same stdin.
        LocalExecutor ex;
        std::mutex m;
        std::string seen;
        std::deque<std::string> next;
        std::atomic<bool> cancel { false };
        ExecOptions o;
        o.stdinData = "one\n";
        o.keepStdinOpen = true;
        o.cancel = &cancel;
        o.moreInput = [&] {
            std::lock_guard lock(m);
            if (next.empty())
                return std::string();
            auto s = next.front();
            next.pop_front();
            return s;
        };
        o.onStdout = [&](std::string_view chunk) {
            std::lock_guard lock(m);
            seen += chunk;
            if (seen == "one\n")
                next.push_back("two\n");
            else if (seen == "one\ntwo\n")
                cancel = true;
        };
        auto t0 = Clock::now();
        auto r = ex.run(Command { "cat" }, o);
        QVERIFY(!r);
        QCOMPARE_ENUM(r.error().kind, ErrorKind::Cancelled);
        QCOMPARE(seen, std::string("one\ntwo\n"));
        QVERIFY(msSince(t0) < 2000);
        QVERIFY(noChildrenLeft());
    }

    void childThatIgnoresStdin()
    {
        LocalExecutor ex;
        ExecOptions o;
        o.stdinData = std::string(4 << 20, 'x'); // more than a pipe holds: writing hits EPIPE
        auto r = ex.run(Command { "true" }, o);
        QVERIFY(r);
        QCOMPARE(r->exitStatus, 0);
    }

    void nonexistentProgram()
    {
        LocalExecutor ex;
        auto r = ex.run(Command { "/nonexistent/rp-no-such-program", "x" }, {});
        QVERIFY(!r);
        QCOMPARE_ENUM(r.error().kind, ErrorKind::CommandFailed);
        QVERIFY(r.error().message.find("rp-no-such-program") != std::string::npos);
        QVERIFY2(r.error().message.find("No such file") != std::string::npos, r.error().message.c_str());
        QCOMPARE(r.error().host, std::string("localhost"));
        QVERIFY(!ex.run(Command {}, {}));
    }

    void noFdLeaksNoZombies()
    {
        LocalExecutor ex;
        int before = openFdCount();
        for (int i = 0; i < 20; ++i) {
            QVERIFY(ex.run(Command { "true" }, {}));
            ExecOptions o;
            o.timeout = 50ms;
            QVERIFY(!ex.run(Command { "sleep", "5" }, o));
        }
        QCOMPARE(openFdCount(), before);
        QVERIFY(noChildrenLeft());

        // The child sees stdin/out/err, whatever this process inherited without O_CLOEXEC, and nothing of ours
        // (every fd LocalExecutor opens is O_CLOEXEC).
        std::set<int> expected { 0, 1, 2 };
        for (const auto& e : std::filesystem::directory_iterator("/proc/self/fd")) {
            int fd = std::stoi(e.path().filename().string());
            int flags = ::fcntl(fd, F_GETFD);
            if (fd > 2 && flags >= 0 && !(flags & FD_CLOEXEC))
                expected.insert(fd);
        }
        auto r = ex.run(Command { "sh", "-c", "ls /proc/$$/fd" }, {});
        QVERIFY(r);
        std::set<int> seen;
        std::istringstream lines(r->out);
        for (std::string line; std::getline(lines, line);)
            seen.insert(std::stoi(line));
        auto text = [](const std::set<int>& fds) {
            std::string out;
            for (int fd : fds)
                out += std::to_string(fd) + ' ';
            return out;
        };
        QCOMPARE(text(seen), text(expected));
    }
};

QTEST_APPLESS_MAIN(TestLocalExecutor)
#include "tst_local_executor.moc"
