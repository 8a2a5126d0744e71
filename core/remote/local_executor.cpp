// SPDX-License-Identifier: GPL-3.0-or-later
#include "remote/local_executor.h"

#include "util/cancel.h"
#include "util/uniquefd.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace rp {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

constexpr milliseconds kSlice { 100 };

struct Pipe
{
    UniqueFd read;
    UniqueFd write;
};

Result<void> makePipe(Pipe& p)
{
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
        return failErrno(ErrorKind::Io, "cannot create a pipe", errno);
    p.read.reset(fds[0]);
    p.write.reset(fds[1]);
    return {};
}

void setNonBlocking(int fd)
{
    int flags = ::fcntl(fd, F_GETFL);
    if (flags >= 0)
        ::fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

/// Blocks SIGPIPE in this thread while the command runs (a child that closes its stdin early must not kill us)
/// and swallows a SIGPIPE raised meanwhile.
class SigpipeGuard
{
public:
    SigpipeGuard()
    {
        sigemptyset(&m_pipe);
        sigaddset(&m_pipe, SIGPIPE);
        sigset_t pending;
        sigemptyset(&pending);
        sigpending(&pending);
        m_wasPending = sigismember(&pending, SIGPIPE) == 1;
        pthread_sigmask(SIG_BLOCK, &m_pipe, &m_old);
    }
    SigpipeGuard(const SigpipeGuard&) = delete;
    SigpipeGuard& operator=(const SigpipeGuard&) = delete;
    ~SigpipeGuard()
    {
        if (!m_wasPending) {
            timespec zero {};
            while (sigtimedwait(&m_pipe, nullptr, &zero) == SIGPIPE) { }
        }
        pthread_sigmask(SIG_SETMASK, &m_old, nullptr);
    }

private:
    sigset_t m_pipe;
    sigset_t m_old;
    bool m_wasPending = false;
};

std::string signalName(int sig)
{
    const char* abbrev = sigabbrev_np(sig);
    return abbrev ? std::string("SIG") + abbrev : "signal " + std::to_string(sig);
}

int decodeStatus(int status, std::string& err)
{
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) {
        int sig = WTERMSIG(status);
        if (!err.empty() && err.back() != '\n')
            err += '\n';
        err += "[terminated by " + signalName(sig) + "]\n";
        return 128 + sig;
    }
    return -1;
}

/// SIGTERM to the whole process group, SIGKILL after a short grace; reaps the leader. Returns its wait status.
int killGroup(pid_t pid, milliseconds grace)
{
    ::kill(-pid, SIGTERM);
    int status = 0;
    bool reaped = false;
    auto graceEnd = Clock::now() + grace;
    while (Clock::now() < graceEnd) {
        pid_t r = ::waitpid(pid, &status, WNOHANG);
        if (r == pid || (r < 0 && errno != EINTR)) {
            reaped = r == pid;
            break;
        }
        std::this_thread::sleep_for(milliseconds(10));
    }
    // Children that ignored SIGTERM (or outlived the leader) go now.
    ::kill(-pid, SIGKILL);
    if (!reaped) {
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) { }
    }
    return status;
}

} // namespace

Result<ExecResult> LocalExecutor::run(const Command& command, const ExecOptions& options)
{
    const std::string line = command.shellLine();
    auto withHost = [&](std::unexpected<Error> e) {
        e.error().host = m_host;
        if (e.error().where.empty())
            e.error().where = line;
        return e;
    };
    if (command.empty())
        return withHost(fail(ErrorKind::Usage, "empty command"));

    Pipe in, out, err;
    for (Pipe* p : { &in, &out, &err }) {
        if (auto r = makePipe(*p); !r)
            return withHost(std::unexpected(r.error()));
    }

    std::vector<char*> argv;
    argv.reserve(command.argv().size() + 1);
    for (const auto& token : command.argv())
        argv.push_back(const_cast<char*>(token.c_str()));
    argv.push_back(nullptr);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in.read.get(), STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, out.write.get(), STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, err.write.get(), STDERR_FILENO);

    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setpgroup(&attr, 0);
    sigset_t none;
    sigemptyset(&none);
    posix_spawnattr_setsigmask(&attr, &none);
    sigset_t defaults;
    sigemptyset(&defaults);
    for (int sig : { SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGCHLD, SIGALRM, SIGUSR1, SIGUSR2 })
        sigaddset(&defaults, sig);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setflags(
        &attr, static_cast<short>(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF));

    SigpipeGuard sigpipeGuard;
    pid_t pid = -1;
    int rc = ::posix_spawnp(&pid, argv[0], &actions, &attr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    if (rc != 0)
        return withHost(failErrno(ErrorKind::CommandFailed, "cannot run '" + command.argv().front() + "'", rc));

    in.read.reset();
    out.write.reset();
    err.write.reset();
    setNonBlocking(in.write.get());
    setNonBlocking(out.read.get());
    setNonBlocking(err.read.get());

    ExecResult result;
    std::string input = options.stdinData;
    std::size_t inOffset = 0;
    bool inputDone = input.empty();
    if (inputDone && !options.keepStdinOpen)
        in.write.reset();

    enum class Stop { None, Timeout, Cancel, Overflow };
    Stop stop = Stop::None;
    const auto deadline = Clock::now() + options.timeout;
    std::array<char, 65536> buffer;

    while (out.read.valid() || err.read.valid()) {
        if (cancelled(options.cancel)) {
            stop = Stop::Cancel;
            break;
        }
        auto now = Clock::now();
        if (now >= deadline) {
            stop = Stop::Timeout;
            break;
        }
        auto slice = std::min<milliseconds>(kSlice, std::chrono::ceil<milliseconds>(deadline - now));

        std::array<pollfd, 4> fds {};
        nfds_t n = 0;
        int outIdx = -1, errIdx = -1, inIdx = -1;
        if (out.read.valid()) {
            outIdx = static_cast<int>(n);
            fds[n++] = { out.read.get(), POLLIN, 0 };
        }
        if (err.read.valid()) {
            errIdx = static_cast<int>(n);
            fds[n++] = { err.read.get(), POLLIN, 0 };
        }
        if (inputDone && in.write.valid() && options.keepStdinOpen && options.moreInput) {
            input = options.moreInput();
            inOffset = 0;
            inputDone = input.empty();
        }
        if (in.write.valid() && !inputDone) {
            inIdx = static_cast<int>(n);
            fds[n++] = { in.write.get(), POLLOUT, 0 };
        } else if (in.write.valid() && options.keepStdinOpen && options.moreInput && options.inputReadyFd >= 0) {
            // Told when there is more to send (ExecOptions::inputReadyFd): its turn comes at the loop's top.
            fds[n++] = { options.inputReadyFd, POLLIN, 0 };
            slice = std::min<milliseconds>(milliseconds(1000), std::chrono::ceil<milliseconds>(deadline - now));
        }
        int ready = ::poll(fds.data(), n, static_cast<int>(slice.count()));
        if (ready < 0) {
            if (errno == EINTR)
                continue;
            int e = errno;
            killGroup(pid, options.killGrace);
            return withHost(failErrno(ErrorKind::Io, "poll failed", e));
        }
        if (ready == 0)
            continue;

        auto drain = [&](int idx, UniqueFd& fd, std::string& sink) {
            if (idx < 0 || fds[static_cast<std::size_t>(idx)].revents == 0)
                return;
            ssize_t got = ::read(fd.get(), buffer.data(), buffer.size());
            if (got < 0 && (errno == EAGAIN || errno == EINTR))
                return;
            if (got <= 0) {
                fd.reset();
                return;
            }
            const bool streamOnly = &sink == &result.out && options.onStdout && !options.keepStdout;
            std::size_t total = result.out.size() + result.err.size();
            std::size_t room = options.maxOutput > total ? options.maxOutput - total : 0;
            auto take = streamOnly ? static_cast<std::size_t>(got) : std::min(room, static_cast<std::size_t>(got));
            if (!streamOnly)
                sink.append(buffer.data(), take);
            if (&sink == &result.out && options.onStdout && take > 0)
                options.onStdout(std::string_view(buffer.data(), take));
            if (take < static_cast<std::size_t>(got)) {
                result.outTruncated = true;
                stop = Stop::Overflow;
            }
        };
        drain(outIdx, out.read, result.out);
        if (stop == Stop::None)
            drain(errIdx, err.read, result.err);
        if (stop != Stop::None)
            break;

        if (inIdx >= 0 && fds[static_cast<std::size_t>(inIdx)].revents != 0) {
            const auto& data = input;
            ssize_t put
                = ::write(in.write.get(), data.data() + inOffset, std::min<std::size_t>(data.size() - inOffset, 65536));
            if (put > 0) {
                inOffset += static_cast<std::size_t>(put);
                if (inOffset >= data.size()) {
                    inputDone = true;
                    if (!options.keepStdinOpen)
                        in.write.reset();
                }
            } else if (put < 0 && errno != EAGAIN && errno != EINTR) {
                inputDone = true;
                in.write.reset(); // EPIPE: the child does not read its stdin; not an error
            }
        }
    }
    in.write.reset();

    int status = 0;
    if (stop == Stop::None) {
        // Output closed; the child may still run (it closed its stdout): keep watching the deadline.
        for (;;) {
            pid_t r = ::waitpid(pid, &status, WNOHANG);
            if (r == pid)
                break;
            if (r < 0 && errno != EINTR) {
                int e = errno;
                killGroup(pid, options.killGrace);
                return withHost(failErrno(ErrorKind::Internal, "waitpid failed", e));
            }
            if (cancelled(options.cancel)) {
                stop = Stop::Cancel;
                break;
            }
            if (Clock::now() >= deadline) {
                stop = Stop::Timeout;
                break;
            }
            std::this_thread::sleep_for(milliseconds(5));
        }
    }
    if (stop != Stop::None)
        status = killGroup(pid, options.killGrace);

    switch (stop) {
    case Stop::Timeout:
        return withHost(fail(ErrorKind::Timeout,
            "timed out after " + std::to_string(options.timeout.count()) + " ms; the process group was killed"));
    case Stop::Cancel:
        return withHost(fail(ErrorKind::Cancelled, "cancelled; the process group was killed"));
    case Stop::Overflow:
    case Stop::None:
        break;
    }
    result.exitStatus = decodeStatus(status, result.err);
    if (stop == Stop::Overflow) {
        if (!result.err.empty() && result.err.back() != '\n')
            result.err += '\n';
        result.err
            += "[output over " + std::to_string(options.maxOutput) + " bytes dropped; the command was stopped]\n";
    }
    return result;
}

} // namespace rp
