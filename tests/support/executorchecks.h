// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Checks every Executor must pass alike (LocalExecutor and SshExecutor): the streaming options the fabric agent's
// channel and the counter sampler rely on. Each is a test body of its own; the caller returns when it failed
// (QTest::currentTestFailed()).

#include "remote/executor.h"
#include "testbasics.h"

#include <QTest>

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

#include <sys/eventfd.h>
#include <unistd.h>

namespace rp::test {

/// keepStdout false: every byte reaches onStdout, out stays empty, and maxOutput (then stderr's bound) does not stop
/// a stream that outgrows it.
inline void checkStreamIsNotKept(Executor& ex)
{
    using namespace std::chrono_literals;
    ExecOptions o;
    o.maxOutput = 10000;
    o.keepStdout = false;
    o.timeout = 20s;
    std::size_t streamed = 0;
    o.onStdout = [&](std::string_view chunk) { streamed += chunk.size(); };
    auto r = ex.run(Command { "sh", "-c", "head -c 300000 /dev/zero; echo oops >&2" }, o);
    QVERIFY(r);
    QCOMPARE(r->exitStatus, 0);
    QCOMPARE(streamed, std::size_t(300000));
    QVERIFY(r->out.empty());
    QVERIFY(!r->outTruncated);
    QCOMPARE(r->err, std::string("oops\n"));
}

/// inputReadyFd: the run waits on the eventfd beside the command's output, up to a second at a time, and writes what
/// moreInput has when it fires. The line is ready 0.3 s after the command's first answer and the run is cancelled
/// 0.6 s later: only the wake-up can have carried it, a one-second wait's next turn comes after the cancel.
inline void checkInputReadyFdWakes(Executor& ex)
{
    using namespace std::chrono_literals;
    const int wake = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    QVERIFY(wake >= 0);
    std::mutex m;
    std::string pending;
    std::atomic<bool> cancel { false };
    std::atomic<bool> started { false };
    std::string seen;
    ExecOptions o;
    o.stdinData = "go\n";
    o.keepStdinOpen = true;
    o.cancel = &cancel;
    o.timeout = 20s;
    o.inputReadyFd = wake;
    o.moreInput = [&] {
        std::uint64_t n = 0;
        (void)!::read(wake, &n, sizeof n);
        std::lock_guard lock(m);
        return std::exchange(pending, {});
    };
    o.onStdout = [&](std::string_view chunk) {
        std::lock_guard lock(m);
        seen += chunk;
        started = true;
    };
    const std::uint64_t one = 1;
    std::thread writer([&] {
        // Timed from the command's first answer: an SSH handshake before it takes its own while.
        for (int i = 0; i < 200 && !started; ++i)
            std::this_thread::sleep_for(50ms);
        std::this_thread::sleep_for(300ms);
        {
            std::lock_guard lock(m);
            pending = "late\n";
        }
        (void)!::write(wake, &one, sizeof one);
        std::this_thread::sleep_for(600ms);
        cancel = true;
        (void)!::write(wake, &one, sizeof one);
    });
    auto r = ex.run(Command { "cat" }, o);
    writer.join();
    ::close(wake);
    QVERIFY(!r);
    QCOMPARE_ENUM(r.error().kind, ErrorKind::Cancelled);
    std::lock_guard lock(m);
    QCOMPARE(seen, std::string("go\nlate\n"));
}

} // namespace rp::test
