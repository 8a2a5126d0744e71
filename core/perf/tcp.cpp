// SPDX-License-Identifier: GPL-3.0-or-later
// The TCP engine: ping (the client sends one message, the server echoes it) and blast (the client streams, the
// server only receives) over TCP_NODELAY sockets, with the RDMA engine's options and metrics so the two can be
// compared on the same hosts.
//
// Wire layout. One control connection carries short text lines; every size then gets a data connection of its
// own that carries nothing but payload, so the data path has no framing cost and the end of a size is simply
// the client's FIN:
//   client -> server  "RPTCP 1 <canonical options>"       server -> client "OK <token>" | "MISMATCH <its options>"
//   per size:  client -> "SIZE <i> <bytes>", then opens a data connection and sends the 8-byte token first;
//              payload until the client shuts its side; server -> "DONE <i> <messages> <bytes> <verify errors>"
//   client -> "BYE" when the run is over; either side may send "ERROR <text>" before it gives up.
#include "perf/perf.h"

#include "util/uniquefd.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstring>
#include <random>
#include <thread>
#include <utility>

#include <endian.h>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

namespace rp::perf {
namespace {

using Clock = std::chrono::steady_clock;
constexpr int kSliceMs = 50; ///< every wait is cut into slices this long, so cancel is seen within 100 ms
constexpr std::size_t kMaxControlLine = 4096;
/// A blast sender with data checks fills one buffer per message of a post; beyond this it posts fewer at a time.
constexpr std::uint64_t kMaxBatchBytes = 256ull << 20;

double seconds(Clock::duration d)
{
    return std::chrono::duration<double>(d).count();
}

Clock::duration toDuration(double s)
{
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}

struct CpuMark
{
    double userS = 0, sysS = 0;
    Clock::time_point wall;

    static CpuMark now()
    {
        rusage ru {};
        ::getrusage(RUSAGE_THREAD, &ru);
        auto tv = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; };
        return { tv(ru.ru_utime), tv(ru.ru_stime), Clock::now() };
    }
};

CpuUse cpuBetween(const CpuMark& a, const CpuMark& b)
{
    return { std::max(0.0, b.userS - a.userS), std::max(0.0, b.sysS - a.sysS),
        std::max(0.0, seconds(b.wall - a.wall)) };
}

std::string endpointText(const std::string& address, int port)
{
    const std::string host = address.empty() ? "*" : address;
    return (host.find(':') != std::string::npos ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

std::string fmt(double v)
{
    std::array<char, 64> buf {};
    auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), v);
    return ec == std::errc() ? std::string(buf.data(), end) : std::string("?");
}

/// The options both ends must agree on, as one comparable line.
std::string canonical(const TestOptions& o)
{
    std::string sizes;
    for (auto s : o.sizes)
        sizes += (sizes.empty() ? "" : ",") + std::to_string(s);
    return "mode=" + toString(o.mode) + " sizes=" + sizes
        + " iterations=" + (o.iterations ? std::to_string(*o.iterations) : "-") + " duration=" + fmt(o.durationS)
        + " warmup=" + fmt(o.warmupS) + " verify=" + (o.verifyData ? "1" : "0") + " depth=" + std::to_string(o.depth)
        + " post-list=" + std::to_string(o.postList);
}

struct Address
{
    sockaddr_storage storage {};
    socklen_t length = 0;
    int family = AF_INET;
};

Result<Address> resolve(const std::string& address, int port, bool passive, const std::string& where)
{
    addrinfo hints {};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV | (passive ? AI_PASSIVE : 0);
    addrinfo* list = nullptr;
    const std::string service = std::to_string(port);
    int rc = ::getaddrinfo(address.empty() ? nullptr : address.c_str(), service.c_str(), &hints, &list);
    if (rc != 0 || !list)
        return fail(ErrorKind::Validation,
            "'" + address + "' is not a numeric IPv4 or IPv6 address (" + ::gai_strerror(rc) + ")", where);
    // An empty bind address: prefer the IPv6 wildcard, which also takes IPv4 unless the host turned that off.
    const addrinfo* pick = list;
    for (const addrinfo* ai = list; ai; ai = ai->ai_next) {
        if (address.empty() && ai->ai_family == AF_INET6)
            pick = ai;
    }
    Address out;
    std::memcpy(&out.storage, pick->ai_addr, pick->ai_addrlen);
    out.length = pick->ai_addrlen;
    out.family = pick->ai_family;
    ::freeaddrinfo(list);
    return out;
}

void setNonBlocking(int fd, bool on)
{
    int flags = ::fcntl(fd, F_GETFL);
    if (flags >= 0)
        ::fcntl(fd, F_SETFL, on ? (flags | O_NONBLOCK) : (flags & ~O_NONBLOCK));
}

/// Waits for `events` on fd for at most one slice. Returns true when ready.
bool waitFd(int fd, short events, int ms)
{
    pollfd p { fd, events, 0 };
    int r = ::poll(&p, 1, ms);
    return r > 0;
}

/// Sets up a data socket for the chosen completion mode: busy polling spins on a non-blocking socket; event mode
/// sleeps in the kernel, in slices, so cancel is still seen.
void configureData(int fd, Completion completion)
{
    int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (completion == Completion::Poll) {
        setNonBlocking(fd, true);
    } else {
        setNonBlocking(fd, false);
        timeval tv { 0, suseconds_t { kSliceMs } * 1000 };
        ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    }
}

/// Emits the live samples of one size: the interval since the previous sample, never cumulative.
class Sampler
{
public:
    Sampler(const RunHooks& hooks, std::uint64_t size, double intervalS, bool latency)
        : m_hooks(hooks)
        , m_size(size)
        , m_interval(toDuration(intervalS))
        , m_latency(latency)
    { }

    void start(Clock::time_point now)
    {
        m_t0 = m_last = now;
        m_next = now + m_interval;
        m_cpu = CpuMark::now();
        m_messages = m_bytes = 0;
        m_histogram.reset();
        m_running = true;
    }
    void count(std::uint64_t messages, std::uint64_t bytes)
    {
        m_messages += messages;
        m_bytes += bytes;
    }
    void latency(std::uint64_t ns) { m_histogram.record(ns); }
    void maybeEmit(Clock::time_point now)
    {
        if (m_running && now >= m_next)
            emit(now);
    }
    /// The last, partial interval; nothing when it is empty.
    void finish(Clock::time_point now)
    {
        if (m_running && (m_messages > 0 || m_bytes > 0))
            emit(now);
        m_running = false;
    }

private:
    void emit(Clock::time_point now)
    {
        const CpuMark cpu = CpuMark::now();
        Sample s;
        s.size = m_size;
        s.tS = seconds(now - m_t0);
        s.intervalS = seconds(now - m_last);
        s.messages = m_messages;
        s.bytes = m_bytes;
        if (s.intervalS > 0) {
            s.gbps = static_cast<double>(m_bytes) * 8.0 / s.intervalS / 1e9;
            s.messagesPerS = static_cast<double>(m_messages) / s.intervalS;
        }
        if (m_latency && m_histogram.count() > 0) {
            s.p50Us = static_cast<double>(m_histogram.quantile(0.5)) / 1000.0;
            s.p99Us = static_cast<double>(m_histogram.quantile(0.99)) / 1000.0;
        }
        s.cpuPercent = cpuBetween(m_cpu, cpu).percent();
        if (m_hooks.onSample)
            m_hooks.onSample(s);
        m_last = now;
        m_cpu = cpu;
        m_messages = m_bytes = 0;
        m_histogram.reset();
        while (m_next <= now)
            m_next += m_interval;
    }

    const RunHooks& m_hooks;
    std::uint64_t m_size;
    Clock::duration m_interval;
    bool m_latency;
    bool m_running = false;
    Clock::time_point m_t0, m_last, m_next;
    CpuMark m_cpu;
    std::uint64_t m_messages = 0, m_bytes = 0;
    Histogram m_histogram;
};

/// Payload I/O on one data socket. Every wait (EAGAIN in poll mode, a receive/send timeout slice in event mode)
/// checks cancel, lets the sampler run and gives up when the peer made no progress for the stall limit.
class DataIo
{
public:
    DataIo(int fd, Completion completion, const RunHooks& hooks, std::string where, std::string peer)
        : m_fd(fd)
        , m_completion(completion)
        , m_hooks(hooks)
        , m_where(std::move(where))
        , m_peer(std::move(peer))
        , m_stall(toDuration(std::max(1.0, hooks.connectTimeoutS)))
    { }

    std::function<void(Clock::time_point)> onIdle;

    /// Reads exactly n bytes; false = the peer closed the connection before the first byte.
    Result<bool> readExact(char* buffer, std::size_t n)
    {
        std::size_t got = 0;
        auto since = Clock::now();
        while (got < n) {
            ssize_t r = ::recv(m_fd, buffer + got, n - got, 0);
            if (r > 0) {
                got += static_cast<std::size_t>(r);
                since = Clock::time_point {};
                continue;
            }
            if (r == 0) {
                if (got == 0)
                    return false;
                return fail(ErrorKind::Protocol,
                    "the " + m_peer + " closed the connection in the middle of a " + std::to_string(n)
                        + "-byte message",
                    m_where);
            }
            if (auto w = waited(errno, since, "data from the " + m_peer); !w)
                return std::unexpected(w.error());
        }
        return true;
    }

    /// Some bytes (up to n); 0 = the peer closed the connection.
    Result<std::size_t> readSome(char* buffer, std::size_t n)
    {
        auto since = Clock::now();
        for (;;) {
            ssize_t r = ::recv(m_fd, buffer, n, 0);
            if (r >= 0)
                return static_cast<std::size_t>(r);
            if (auto w = waited(errno, since, "data from the " + m_peer); !w)
                return std::unexpected(w.error());
        }
    }

    /// `more`: further data follows at once (blast), so the kernel may hold a partial segment back for it, as
    /// Nagle would; TCP_NODELAY otherwise sends the tail of every message as a small segment of its own.
    Result<void> writeAll(const char* data, std::size_t n, bool more = false)
    {
        std::size_t put = 0;
        auto since = Clock::now();
        const int flags = MSG_NOSIGNAL | (more ? MSG_MORE : 0);
        while (put < n) {
            ssize_t r = ::send(m_fd, data + put, n - put, flags);
            if (r > 0) {
                put += static_cast<std::size_t>(r);
                since = Clock::time_point {};
                continue;
            }
            if (auto w = waited(r == 0 ? EAGAIN : errno, since, "the " + m_peer + " to take data"); !w)
                return std::unexpected(w.error());
        }
        return {};
    }

    /// Writes every iovec fully (sendmsg may take part of them).
    Result<void> writeVector(iovec* iov, std::size_t count)
    {
        std::size_t first = 0;
        auto since = Clock::now();
        while (first < count) {
            msghdr msg {};
            msg.msg_iov = iov + first;
            msg.msg_iovlen = std::min<std::size_t>(count - first, IOV_MAX);
            ssize_t r = ::sendmsg(m_fd, &msg, MSG_NOSIGNAL | MSG_MORE); // only blast posts lists
            if (r > 0) {
                auto left = static_cast<std::size_t>(r);
                while (left > 0 && first < count) {
                    if (left >= iov[first].iov_len) {
                        left -= iov[first].iov_len;
                        ++first;
                    } else {
                        iov[first].iov_base = static_cast<char*>(iov[first].iov_base) + left;
                        iov[first].iov_len -= left;
                        left = 0;
                    }
                }
                since = Clock::time_point {};
                continue;
            }
            if (auto w = waited(r == 0 ? EAGAIN : errno, since, "the " + m_peer + " to take data"); !w)
                return std::unexpected(w.error());
        }
        return {};
    }

private:
    Result<void> waited(int err, Clock::time_point& since, const std::string& what)
    {
        if (err != EAGAIN && err != EWOULDBLOCK && err != EINTR) {
            if (err == ECONNRESET || err == EPIPE)
                return failErrno(ErrorKind::Io, "the " + m_peer + " dropped the connection", err, m_where);
            return failErrno(ErrorKind::Io, "socket I/O failed", err, m_where);
        }
        if (cancelled(m_hooks))
            return fail(ErrorKind::Cancelled, "cancelled", m_where);
        auto now = Clock::now();
        if (since == Clock::time_point {})
            since = now;
        if (now - since > m_stall)
            return fail(ErrorKind::Timeout,
                "waited " + fmt(std::round(seconds(now - since) * 10) / 10) + " s for " + what + "; giving up",
                m_where);
        if (onIdle)
            onIdle(now);
        // Busy polling never sleeps, but it gives the core away when someone else wants it: on a host with few
        // cores the peer (or the kernel work that moves our data) may be waiting for exactly this one.
        if (m_completion == Completion::Poll)
            ::sched_yield();
        return {};
    }

    int m_fd;
    Completion m_completion;
    const RunHooks& m_hooks;
    std::string m_where;
    std::string m_peer;
    Clock::duration m_stall;
};

/// The control connection: short text lines, read with a deadline, in slices.
class Control
{
public:
    Control(UniqueFd fd, const RunHooks& hooks, std::string where, std::string peer)
        : m_fd(std::move(fd))
        , m_hooks(hooks)
        , m_where(std::move(where))
        , m_peer(std::move(peer))
    {
        setNonBlocking(m_fd.get(), true);
        int one = 1;
        ::setsockopt(m_fd.get(), IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    }

    Result<void> send(const std::string& line)
    {
        std::string data = line + "\n";
        std::size_t put = 0;
        auto deadline = Clock::now() + toDuration(std::max(1.0, m_hooks.connectTimeoutS));
        while (put < data.size()) {
            ssize_t r = ::send(m_fd.get(), data.data() + put, data.size() - put, MSG_NOSIGNAL);
            if (r > 0) {
                put += static_cast<std::size_t>(r);
                continue;
            }
            if (r < 0 && errno != EAGAIN && errno != EINTR)
                return failErrno(ErrorKind::Io, "the " + m_peer + " dropped the control connection", errno, m_where);
            if (cancelled(m_hooks))
                return fail(ErrorKind::Cancelled, "cancelled", m_where);
            if (Clock::now() > deadline)
                return fail(ErrorKind::Timeout, "the " + m_peer + " does not read the control connection", m_where);
            waitFd(m_fd.get(), POLLOUT, kSliceMs);
        }
        return {};
    }

    /// The next line (without '\n'); an empty optional = the peer closed the connection.
    Result<std::optional<std::string>> readLine(
        double timeoutS, const std::string& waitingFor, const std::function<void(Clock::time_point)>& onIdle = {})
    {
        auto deadline = Clock::now() + toDuration(timeoutS);
        for (;;) {
            if (auto nl = m_buffer.find('\n'); nl != std::string::npos) {
                std::string line = m_buffer.substr(0, nl);
                m_buffer.erase(0, nl + 1);
                return line;
            }
            if (m_buffer.size() > kMaxControlLine)
                return fail(ErrorKind::Protocol, "the " + m_peer + " sent a control line that is too long", m_where);
            if (m_eof)
                return std::optional<std::string>();
            std::array<char, 1024> chunk;
            ssize_t r = ::recv(m_fd.get(), chunk.data(), chunk.size(), 0);
            if (r > 0) {
                m_buffer.append(chunk.data(), static_cast<std::size_t>(r));
                continue;
            }
            if (r == 0) {
                m_eof = true;
                continue;
            }
            if (errno != EAGAIN && errno != EINTR) {
                if (errno == ECONNRESET)
                    return std::optional<std::string>();
                return failErrno(ErrorKind::Io, "reading the control connection failed", errno, m_where);
            }
            if (cancelled(m_hooks))
                return fail(ErrorKind::Cancelled, "cancelled", m_where);
            auto now = Clock::now();
            if (now > deadline)
                return fail(ErrorKind::Timeout,
                    "the " + m_peer + " sent nothing for " + fmt(timeoutS) + " s (waiting for " + waitingFor + ")",
                    m_where);
            if (onIdle)
                onIdle(now);
            waitFd(m_fd.get(), POLLIN, kSliceMs);
        }
    }

    /// A line that may already be on its way (the peer's reason for a failure); nothing if none comes soon.
    std::optional<std::string> peekReason(double timeoutS)
    {
        auto read = readLine(timeoutS, "a reason");
        if (!read)
            return std::nullopt;
        const std::optional<std::string>& line = *read;
        if (line && startsWithWord(*line, "ERROR"))
            return line->substr(6);
        return std::nullopt;
    }

    static bool startsWithWord(const std::string& line, std::string_view word)
    {
        return line.compare(0, word.size(), word) == 0 && (line.size() == word.size() || line[word.size()] == ' ');
    }

private:
    UniqueFd m_fd;
    const RunHooks& m_hooks;
    std::string m_where;
    std::string m_peer;
    std::string m_buffer;
    bool m_eof = false;
};

std::vector<std::string> words(const std::string& line)
{
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < line.size()) {
        auto j = line.find(' ', i);
        if (j == std::string::npos)
            j = line.size();
        if (j > i)
            out.push_back(line.substr(i, j - i));
        i = j + 1;
    }
    return out;
}

std::optional<std::uint64_t> toU64(const std::string& s)
{
    std::uint64_t v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size())
        return std::nullopt;
    return v;
}

Result<UniqueFd> listenOn(const Endpoint& bind, const std::string& where)
{
    auto addr = resolve(bind.address, bind.port, true, where);
    if (!addr)
        return std::unexpected(addr.error());
    UniqueFd fd(::socket(addr->family, SOCK_STREAM | SOCK_CLOEXEC, 0));
    if (!fd.valid())
        return failErrno(ErrorKind::Io, "cannot create a socket", errno, where);
    int one = 1;
    // A previous run's connections in TIME_WAIT must not block the port; a live listener still does.
    ::setsockopt(fd.get(), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (addr->family == AF_INET6 && bind.address.empty()) {
        int zero = 0;
        ::setsockopt(fd.get(), IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof zero);
    }
    if (::bind(fd.get(), reinterpret_cast<const sockaddr*>(&addr->storage), addr->length) != 0) {
        int e = errno;
        if (e == EADDRINUSE)
            return fail(ErrorKind::Io,
                "port " + std::to_string(bind.port) + " is already in use on "
                    + (bind.address.empty() ? std::string("this host") : bind.address)
                    + " (another test or program listens there): pick another --port, or 0 for any free one",
                where);
        if (e == EADDRNOTAVAIL)
            return fail(ErrorKind::Validation, "address " + bind.address + " is not on this host", where);
        return failErrno(ErrorKind::Io, "cannot bind to " + endpointText(bind.address, bind.port), e, where);
    }
    if (::listen(fd.get(), 8) != 0)
        return failErrno(ErrorKind::Io, "cannot listen", errno, where);
    setNonBlocking(fd.get(), true);
    return fd;
}

int localPort(int fd)
{
    sockaddr_storage s {};
    socklen_t len = sizeof s;
    if (::getsockname(fd, reinterpret_cast<sockaddr*>(&s), &len) != 0)
        return 0;
    if (s.ss_family == AF_INET6)
        return ntohs(reinterpret_cast<const sockaddr_in6*>(&s)->sin6_port);
    return ntohs(reinterpret_cast<const sockaddr_in*>(&s)->sin_port);
}

Result<UniqueFd> acceptOne(int listener, const RunHooks& hooks, double timeoutS, const std::string& what,
    const std::string& where, const std::function<void(Clock::time_point)>& onIdle = {})
{
    auto deadline = Clock::now() + toDuration(timeoutS);
    for (;;) {
        int fd = ::accept4(listener, nullptr, nullptr, SOCK_CLOEXEC);
        if (fd >= 0)
            return UniqueFd(fd);
        if (errno != EAGAIN && errno != EINTR && errno != ECONNABORTED)
            return failErrno(ErrorKind::Io, "accept failed", errno, where);
        if (cancelled(hooks))
            return fail(ErrorKind::Cancelled, "cancelled while waiting for " + what, where);
        auto now = Clock::now();
        if (now > deadline)
            return fail(ErrorKind::Timeout, "no " + what + " within " + fmt(timeoutS) + " s", where);
        if (onIdle)
            onIdle(now);
        waitFd(listener, POLLIN, kSliceMs);
    }
}

Result<UniqueFd> connectTo(
    const Endpoint& server, const RunHooks& hooks, Clock::time_point deadline, const std::string& where)
{
    auto addr = resolve(server.address, server.port, false, where);
    if (!addr)
        return std::unexpected(addr.error());
    if (server.address.empty())
        return fail(ErrorKind::Validation, "no server address given", where);
    int lastError = 0;
    bool refused = false; // the server may not listen yet: refused attempts are retried until the deadline
    for (;;) {
        UniqueFd fd(::socket(addr->family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0));
        if (!fd.valid())
            return failErrno(ErrorKind::Io, "cannot create a socket", errno, where);
        lastError = 0;
        int rc = ::connect(fd.get(), reinterpret_cast<const sockaddr*>(&addr->storage), addr->length);
        if (rc == 0)
            return fd;
        if (errno != EINPROGRESS)
            lastError = errno;
        while (lastError == 0) {
            if (cancelled(hooks))
                return fail(ErrorKind::Cancelled, "cancelled while connecting", where);
            if (Clock::now() > deadline)
                break;
            if (waitFd(fd.get(), POLLOUT, kSliceMs)) {
                int err = 0;
                socklen_t len = sizeof err;
                ::getsockopt(fd.get(), SOL_SOCKET, SO_ERROR, &err, &len);
                if (err == 0)
                    return fd;
                lastError = err;
            }
        }
        refused = refused || lastError == ECONNREFUSED;
        if (cancelled(hooks))
            return fail(ErrorKind::Cancelled, "cancelled while connecting", where);
        if (lastError != 0 && lastError != ECONNREFUSED)
            return failErrno(ErrorKind::Unreachable, "cannot connect to " + endpointText(server.address, server.port),
                lastError, where);
        if (Clock::now() > deadline) {
            if (refused)
                return fail(ErrorKind::Unreachable,
                    "nobody listens on " + endpointText(server.address, server.port)
                        + " (connection refused until the connect timeout of " + fmt(hooks.connectTimeoutS) + " s)",
                    where);
            return fail(ErrorKind::Timeout,
                "no answer from " + endpointText(server.address, server.port) + " within " + fmt(hooks.connectTimeoutS)
                    + " s",
                where);
        }
        if (lastError == ECONNREFUSED)
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
}

/// The 8-byte token a data connection starts with; 0 when the peer sent something else or nothing in time.
Result<std::uint64_t> readToken(int fd, const RunHooks& hooks, Clock::time_point deadline)
{
    std::array<char, 8> bytes {};
    std::size_t got = 0;
    while (got < bytes.size()) {
        ssize_t r = ::recv(fd, bytes.data() + got, bytes.size() - got, 0);
        if (r > 0) {
            got += static_cast<std::size_t>(r);
            continue;
        }
        if (r == 0 || (errno != EAGAIN && errno != EINTR) || Clock::now() > deadline)
            return 0;
        if (cancelled(hooks))
            return fail(ErrorKind::Cancelled, "cancelled", "tcp");
        waitFd(fd, POLLIN, kSliceMs);
    }
    std::uint64_t be = 0;
    std::memcpy(&be, bytes.data(), sizeof be);
    return be64toh(be);
}

SizeResult finishResult(std::uint64_t size, std::uint64_t messages, std::uint64_t bytes, double elapsedS,
    const CpuUse& cpu, std::uint64_t verifyErrors)
{
    SizeResult r;
    r.size = size;
    r.messages = messages;
    r.bytes = bytes;
    r.elapsedS = elapsedS;
    if (elapsedS > 0) {
        r.gbps = static_cast<double>(bytes) * 8.0 / elapsedS / 1e9;
        r.messagesPerS = static_cast<double>(messages) / elapsedS;
    }
    r.cpu = cpu;
    r.verifyErrors = verifyErrors;
    return r;
}

void fillPattern(char* buffer, std::uint64_t size, std::uint64_t message)
{
    for (std::uint64_t i = 0; i < size; ++i)
        buffer[i] = static_cast<char>(patternByte(message, i));
}

bool matchesPattern(const char* buffer, std::uint64_t size, std::uint64_t message)
{
    for (std::uint64_t i = 0; i < size; ++i) {
        if (static_cast<std::uint8_t>(buffer[i]) != patternByte(message, i))
            return false;
    }
    return true;
}

/// Checks a stream of back-to-back messages chunk by chunk; counts each bad message once.
class StreamVerifier
{
public:
    explicit StreamVerifier(std::uint64_t size)
        : m_size(size)
    { }
    void feed(const char* data, std::size_t n)
    {
        for (std::size_t i = 0; i < n; ++i) {
            if (static_cast<std::uint8_t>(data[i]) != patternByte(m_message, m_offset))
                m_bad = true;
            if (++m_offset == m_size) {
                m_errors += m_bad ? 1 : 0;
                m_bad = false;
                m_offset = 0;
                ++m_message;
            }
        }
    }
    /// A message cut short by the end of the stream counts as bad.
    std::uint64_t errors() const { return m_errors + ((m_bad || m_offset != 0) ? 1 : 0); }

private:
    std::uint64_t m_size;
    std::uint64_t m_message = 0, m_offset = 0, m_errors = 0;
    bool m_bad = false;
};

// ------------------------------------------------------------------------------------------------ server --

struct ServerTotals
{
    std::uint64_t messages = 0; ///< over the whole connection, warm-up included
    std::uint64_t bytes = 0;
    std::uint64_t verifyErrors = 0;
};

/// The server's measured window starts one warm-up after the first byte (it cannot see the client's phases)
/// and ends with the client's FIN.
class ServerWindow
{
public:
    ServerWindow(double warmupS, Sampler& sampler)
        : m_warmup(toDuration(warmupS))
        , m_sampler(sampler)
    { }
    void seen(Clock::time_point now, std::uint64_t messages, std::uint64_t bytes)
    {
        if (!m_started) {
            m_started = true;
            m_start = now + m_warmup;
        }
        if (!m_open && now >= m_start) {
            m_open = true;
            m_start = now;
            m_cpu = CpuMark::now();
            m_sampler.start(now);
            return; // what arrived before this moment belongs to the warm-up
        }
        if (m_open) {
            m_messages += messages;
            m_bytes += bytes;
            m_sampler.count(messages, bytes);
            m_sampler.maybeEmit(now);
        }
    }
    SizeResult result(std::uint64_t size, const ServerTotals& totals)
    {
        auto end = CpuMark::now();
        m_sampler.finish(end.wall);
        if (!m_open) // the client finished within our warm-up: report the whole connection
            return finishResult(size, totals.messages, totals.bytes, 0, {}, totals.verifyErrors);
        return finishResult(
            size, m_messages, m_bytes, seconds(end.wall - m_start), cpuBetween(m_cpu, end), totals.verifyErrors);
    }

private:
    Clock::duration m_warmup;
    Sampler& m_sampler;
    bool m_started = false, m_open = false;
    Clock::time_point m_start;
    CpuMark m_cpu;
    std::uint64_t m_messages = 0, m_bytes = 0;
};

Result<SizeResult> serveSize(const TestOptions& o, std::uint64_t size, int fd, const RunHooks& hooks,
    const std::string& where, ServerTotals& totals)
{
    configureData(fd, o.completion);
    DataIo io(fd, o.completion, hooks, where, "client");
    Sampler sampler(hooks, size, o.sampleIntervalS, false);
    ServerWindow window(o.warmupS, sampler);
    io.onIdle = [&](Clock::time_point now) { sampler.maybeEmit(now); };
    if (o.mode == Mode::Ping) {
        std::vector<char> buffer(size);
        for (;;) {
            auto got = io.readExact(buffer.data(), size);
            if (!got)
                return std::unexpected(got.error());
            if (!*got)
                break;
            if (o.verifyData && !matchesPattern(buffer.data(), size, totals.messages))
                ++totals.verifyErrors;
            if (auto put = io.writeAll(buffer.data(), size); !put)
                return std::unexpected(put.error());
            ++totals.messages;
            totals.bytes += size;
            window.seen(Clock::now(), 1, size);
        }
    } else {
        std::vector<char> buffer(static_cast<std::size_t>(std::clamp<std::uint64_t>(size, 256u << 10, 4u << 20)));
        StreamVerifier verifier(size);
        std::uint64_t partial = 0; // bytes of a message not complete yet
        for (;;) {
            auto got = io.readSome(buffer.data(), buffer.size());
            if (!got)
                return std::unexpected(got.error());
            if (*got == 0)
                break;
            if (o.verifyData)
                verifier.feed(buffer.data(), *got);
            totals.bytes += *got;
            partial += *got;
            const std::uint64_t complete = partial / size;
            partial %= size;
            totals.messages += complete;
            window.seen(Clock::now(), complete, *got);
        }
        totals.verifyErrors = o.verifyData ? verifier.errors() : 0;
        if (partial != 0)
            return fail(ErrorKind::Protocol,
                "the client's stream ended in the middle of a message (" + std::to_string(partial) + " of "
                    + std::to_string(size) + " bytes)",
                where);
    }
    return window.result(size, totals);
}

// ------------------------------------------------------------------------------------------------ client --

/// Phases of one size on the client: warm-up (not measured), then measured until the iteration count or the
/// duration is reached.
class ClientClock
{
public:
    ClientClock(const TestOptions& o, Sampler& sampler)
        : m_options(o)
        , m_sampler(sampler)
    {
        m_begin = Clock::now();
        m_measureFrom = m_begin + toDuration(o.warmupS);
    }
    /// Called before each message: false = the measured phase is complete.
    bool next(Clock::time_point now)
    {
        if (!m_measuring && now >= m_measureFrom) {
            m_measuring = true;
            m_t0 = now;
            m_end = now + toDuration(m_options.durationS);
            m_cpu = CpuMark::now();
            m_sampler.start(now);
        }
        if (!m_measuring)
            return true;
        if (m_options.iterations)
            return m_messages < *m_options.iterations;
        return now < m_end;
    }
    bool measuring() const { return m_measuring; }
    /// How many more messages the measured phase allows (iterations), or "plenty".
    std::uint64_t budget() const
    {
        if (m_measuring && m_options.iterations)
            return *m_options.iterations - m_messages;
        return ~std::uint64_t { 0 };
    }
    void counted(std::uint64_t messages, std::uint64_t bytes, Clock::time_point now)
    {
        if (!m_measuring)
            return;
        m_messages += messages;
        m_bytes += bytes;
        m_sampler.count(messages, bytes);
        m_sampler.maybeEmit(now);
    }
    SizeResult finish(std::uint64_t size, std::uint64_t verifyErrors)
    {
        auto end = CpuMark::now();
        m_sampler.finish(end.wall);
        return finishResult(size, m_messages, m_bytes, seconds(end.wall - m_t0), cpuBetween(m_cpu, end), verifyErrors);
    }

private:
    const TestOptions& m_options;
    Sampler& m_sampler;
    bool m_measuring = false;
    Clock::time_point m_begin, m_measureFrom, m_t0, m_end;
    CpuMark m_cpu;
    std::uint64_t m_messages = 0, m_bytes = 0;
};

Result<SizeResult> pingSize(const TestOptions& o, std::uint64_t size, DataIo& io, Sampler& sampler)
{
    std::vector<char> out(size), in(size);
    if (!o.verifyData)
        fillPattern(out.data(), size, 0);
    ClientClock clock(o, sampler);
    Histogram histogram;
    std::uint64_t n = 0, verifyErrors = 0;
    auto now = Clock::now();
    while (clock.next(now)) {
        if (o.verifyData)
            fillPattern(out.data(), size, n);
        const auto sent = Clock::now();
        if (auto put = io.writeAll(out.data(), size); !put)
            return std::unexpected(put.error());
        auto got = io.readExact(in.data(), size);
        if (!got)
            return std::unexpected(got.error());
        if (!*got)
            return fail(ErrorKind::Protocol, "the server closed the data connection instead of echoing", "tcp");
        now = Clock::now();
        if (o.verifyData && !matchesPattern(in.data(), size, n))
            ++verifyErrors;
        if (clock.measuring()) {
            // One-way latency: half the round trip, halved before it is recorded (perf.h).
            const auto oneWay = static_cast<std::uint64_t>(
                std::chrono::duration_cast<std::chrono::nanoseconds>(now - sent).count() / 2);
            histogram.record(oneWay);
            sampler.latency(oneWay);
        }
        clock.counted(1, size, now);
        ++n;
    }
    SizeResult r = clock.finish(size, verifyErrors);
    r.latency = histogram.summary();
    return r;
}

Result<SizeResult> blastSize(const TestOptions& o, std::uint64_t size, DataIo& io, Sampler& sampler,
    std::uint64_t& totalMessages, std::uint64_t& totalBytes)
{
    // Without data checks every message of a post can come from the same buffer; with them each needs its own.
    const std::uint64_t perPost = static_cast<std::uint64_t>(o.postList);
    const std::uint64_t buffersWanted = o.verifyData ? perPost : 1;
    const std::uint64_t buffers = std::max<std::uint64_t>(1, std::min(buffersWanted, kMaxBatchBytes / size));
    const std::uint64_t batch = o.verifyData ? buffers : perPost;
    std::vector<std::vector<char>> pool(buffers, std::vector<char>(size));
    if (!o.verifyData)
        fillPattern(pool[0].data(), size, 0);
    std::vector<iovec> iov(batch);
    ClientClock clock(o, sampler);
    std::uint64_t n = 0;
    auto now = Clock::now();
    while (clock.next(now)) {
        const std::uint64_t k = std::min(batch, clock.budget());
        for (std::uint64_t j = 0; j < k; ++j) {
            auto& buffer = pool[o.verifyData ? j : 0];
            if (o.verifyData)
                fillPattern(buffer.data(), size, n + j);
            iov[j].iov_base = buffer.data();
            iov[j].iov_len = size;
        }
        Result<void> put = k == 1 ? io.writeAll(pool[0].data(), size, true) : io.writeVector(iov.data(), k);
        if (!put)
            return std::unexpected(put.error());
        n += k;
        now = Clock::now();
        clock.counted(k, k * size, now);
    }
    totalMessages = n;
    totalBytes = n * size;
    return clock.finish(size, 0);
}

} // namespace

Result<std::vector<SizeResult>> runTcpServer(const TestOptions& options, const Endpoint& bind, const RunHooks& hooks)
{
    std::string where = "tcp server " + endpointText(bind.address, bind.port);
    if (auto ok = validate(options); !ok)
        return std::unexpected(ok.error());
    if (options.op != Op::Send)
        return fail(ErrorKind::Usage, "--op: TCP has only send", "--op");
    auto listener = listenOn(bind, where);
    if (!listener)
        return std::unexpected(listener.error());
    const int port = localPort(listener->get());
    where = "tcp server " + endpointText(bind.address, port);
    if (hooks.onReady)
        hooks.onReady(port);

    auto controlFd = acceptOne(listener->get(), hooks, hooks.connectTimeoutS, "client connected", where);
    if (!controlFd)
        return std::unexpected(controlFd.error());
    Control control(std::move(*controlFd), hooks, where, "client");
    auto helloRead = control.readLine(hooks.connectTimeoutS, "its test options");
    if (!helloRead)
        return std::unexpected(helloRead.error());
    const std::optional<std::string>& hello = *helloRead;
    if (!hello || !Control::startsWithWord(*hello, "RPTCP"))
        return fail(ErrorKind::Protocol, "the peer that connected is not a RoCE Pilot TCP client", where);
    const std::string mine = canonical(options);
    const std::string expected = "RPTCP 1 " + mine;
    if (*hello != expected) {
        (void)control.send("MISMATCH " + mine);
        return fail(ErrorKind::Protocol,
            "the client asked for a different test (client: " + hello->substr(std::min<std::size_t>(8, hello->size()))
                + "; server: " + mine + ")",
            where);
    }
    std::random_device random;
    const std::uint64_t token = (std::uint64_t { random() } << 32) ^ random();
    if (auto sent = control.send("OK " + std::to_string(token)); !sent)
        return std::unexpected(sent.error());

    std::vector<SizeResult> results;
    auto abort = [&](const Error& e) {
        (void)control.send("ERROR " + e.message);
        return std::unexpected(e);
    };
    for (;;) {
        auto lineRead = control.readLine(hooks.connectTimeoutS, "the next size or the end of the test");
        if (!lineRead)
            return abort(lineRead.error());
        const std::optional<std::string>& line = *lineRead;
        if (!line)
            return fail(ErrorKind::Protocol,
                "the client closed the control connection after " + std::to_string(results.size()) + " of "
                    + std::to_string(options.sizes.size()) + " sizes",
                where);
        auto w = words(*line);
        if (w.size() == 1 && w[0] == "BYE") {
            if (results.size() != options.sizes.size())
                return fail(ErrorKind::Protocol,
                    "the client ended the test after " + std::to_string(results.size()) + " of "
                        + std::to_string(options.sizes.size()) + " sizes",
                    where);
            return results;
        }
        auto index = w.size() == 3 && w[0] == "SIZE" ? toU64(w[1]) : std::nullopt;
        auto size = w.size() == 3 ? toU64(w[2]) : std::nullopt;
        if (!index || !size || *index != results.size() || *index >= options.sizes.size()
            || *size != options.sizes[*index])
            return abort(Error { ErrorKind::Protocol, "unexpected control line from the client", where, {}, 0 });

        // The data connection: the first 8 bytes must be this run's token, anything else is a stray connection.
        UniqueFd data;
        auto deadline = Clock::now() + toDuration(hooks.connectTimeoutS);
        while (!data.valid()) {
            const double left = std::max(0.1, seconds(deadline - Clock::now()));
            auto accepted = acceptOne(listener->get(), hooks, left, "data connection from the client", where);
            if (!accepted)
                return abort(accepted.error());
            auto theirs = readToken(accepted->get(), hooks, std::min(deadline, Clock::now() + std::chrono::seconds(2)));
            if (!theirs)
                return abort(theirs.error());
            if (*theirs == token)
                data = std::move(*accepted);
            else if (Clock::now() > deadline)
                return abort(Error { ErrorKind::Timeout, "the client's data connection never arrived", where, {}, 0 });
        }
        ServerTotals totals;
        auto result = serveSize(options, *size, data.get(), hooks, where, totals);
        if (!result)
            return abort(result.error());
        data.reset();
        if (hooks.onSizeDone)
            hooks.onSizeDone(*result);
        results.push_back(*result);
        if (auto sent = control.send("DONE " + std::to_string(*index) + " " + std::to_string(totals.messages) + " "
                + std::to_string(totals.bytes) + " " + std::to_string(totals.verifyErrors));
            !sent)
            return std::unexpected(sent.error());
    }
}

Result<std::vector<SizeResult>> runTcpClient(const TestOptions& options, const Endpoint& server, const RunHooks& hooks)
{
    const std::string where = "tcp client -> " + endpointText(server.address, server.port);
    if (auto ok = validate(options); !ok)
        return std::unexpected(ok.error());
    if (options.op != Op::Send)
        return fail(ErrorKind::Usage, "--op: TCP has only send", "--op");
    if (server.port < 1 || server.port > 65535)
        return fail(ErrorKind::Usage, "--port: the server's port must be 1..65535", "--port");

    auto connectDeadline = Clock::now() + toDuration(hooks.connectTimeoutS);
    auto controlFd = connectTo(server, hooks, connectDeadline, where);
    if (!controlFd)
        return std::unexpected(controlFd.error());
    Control control(std::move(*controlFd), hooks, where, "server");
    const std::string mine = canonical(options);
    if (auto sent = control.send("RPTCP 1 " + mine); !sent)
        return std::unexpected(sent.error());
    auto replyRead = control.readLine(hooks.connectTimeoutS, "its answer to the test options");
    if (!replyRead)
        return std::unexpected(replyRead.error());
    const std::optional<std::string>& reply = *replyRead;
    if (!reply)
        return fail(ErrorKind::Protocol, "the server closed the connection without answering", where);
    auto w = words(*reply);
    if (!w.empty() && w[0] == "MISMATCH")
        return fail(ErrorKind::Protocol,
            "the server runs a different test (server: " + reply->substr(std::min<std::size_t>(9, reply->size()))
                + "; client: " + mine + ")",
            where);
    auto token = w.size() == 2 && w[0] == "OK" ? toU64(w[1]) : std::nullopt;
    if (!token)
        return fail(ErrorKind::Protocol, "the server's answer is not a RoCE Pilot TCP server's", where);
    if (hooks.onReady)
        hooks.onReady(server.port);

    std::vector<SizeResult> results;
    for (std::size_t i = 0; i < options.sizes.size(); ++i) {
        const std::uint64_t size = options.sizes[i];
        if (auto sent = control.send("SIZE " + std::to_string(i) + " " + std::to_string(size)); !sent)
            return std::unexpected(sent.error());
        auto data = connectTo(server, hooks, Clock::now() + toDuration(hooks.connectTimeoutS), where);
        if (!data)
            return std::unexpected(data.error());
        configureData(data->get(), options.completion);
        if (options.mode == Mode::Blast && options.depth > 1) {
            // Outstanding buffers over a byte stream = how much the socket may hold unsent.
            const auto window = static_cast<int>(
                std::min<std::uint64_t>(static_cast<std::uint64_t>(options.depth) * size, std::uint64_t { 64 } << 20));
            if (window > 0)
                ::setsockopt(data->get(), SOL_SOCKET, SO_SNDBUF, &window, sizeof window);
        }
        DataIo io(data->get(), options.completion, hooks, where, "server");
        const std::uint64_t tokenBe = htobe64(*token);
        if (auto sent = io.writeAll(reinterpret_cast<const char*>(&tokenBe), sizeof tokenBe); !sent)
            return std::unexpected(sent.error());
        Sampler sampler(hooks, size, options.sampleIntervalS, options.mode == Mode::Ping);
        io.onIdle = [&](Clock::time_point now) { sampler.maybeEmit(now); };
        std::uint64_t sentMessages = 0, sentBytes = 0;
        auto result = options.mode == Mode::Ping ? pingSize(options, size, io, sampler)
                                                 : blastSize(options, size, io, sampler, sentMessages, sentBytes);
        if (!result) {
            if (cancelled(hooks))
                return fail(ErrorKind::Cancelled, "cancelled during size " + std::to_string(size), where);
            if (result.error().kind != ErrorKind::Cancelled) {
                if (auto why = control.peekReason(1.0))
                    return fail(result.error().kind, "the server gave up: " + *why, where);
            }
            auto e = result.error();
            e.where = where;
            return std::unexpected(e);
        }
        ::shutdown(data->get(), SHUT_WR);
        // The server drains what is still in flight, then reports what it received.
        auto doneRead = control.readLine(hooks.connectTimeoutS, "its count of size " + std::to_string(size));
        if (!doneRead)
            return std::unexpected(doneRead.error());
        const std::optional<std::string>& done = *doneRead;
        if (!done)
            return fail(ErrorKind::Protocol,
                "the server closed the control connection during size " + std::to_string(size), where);
        auto d = words(*done);
        if (!d.empty() && d[0] == "ERROR")
            return fail(ErrorKind::Protocol, "the server gave up: " + done->substr(6), where);
        auto doneIndex = d.size() == 5 && d[0] == "DONE" ? toU64(d[1]) : std::nullopt;
        auto serverBytes = d.size() == 5 ? toU64(d[3]) : std::nullopt;
        auto serverErrors = d.size() == 5 ? toU64(d[4]) : std::nullopt;
        if (!doneIndex || *doneIndex != i || !serverBytes || !serverErrors)
            return fail(ErrorKind::Protocol, "unexpected control line from the server", where);
        if (options.mode == Mode::Blast) {
            if (*serverBytes != sentBytes)
                return fail(ErrorKind::Protocol,
                    "the server received " + std::to_string(*serverBytes) + " of the " + std::to_string(sentBytes)
                        + " bytes sent",
                    where);
            // The receiver checks blast data; its count travels in the client's result too.
            result->verifyErrors = *serverErrors;
        } else {
            // An echo carries a corruption of either direction back to the client, which already counted it.
            result->verifyErrors = std::max(result->verifyErrors, *serverErrors);
        }
        data->reset();
        if (hooks.onSizeDone)
            hooks.onSizeDone(*result);
        results.push_back(*result);
    }
    if (auto sent = control.send("BYE"); !sent)
        return std::unexpected(sent.error());
    return results;
}

} // namespace rp::perf
