// SPDX-License-Identifier: GPL-3.0-or-later
#include "counters/native.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <ctime>
#include <system_error>
#include <utility>

#include <dirent.h>
#include <fcntl.h>
#include <linux/ethtool.h>
#include <linux/sockios.h>
#include <net/if.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

namespace rp::counters {

namespace {

std::string errnoText(int e)
{
    return std::system_category().message(e); // strerror is not thread-safe
}

Result<void> ethtoolIoctl(int socket, const std::string& netdev, void* data)
{
    ifreq ifr {};
    std::memcpy(ifr.ifr_name, netdev.data(), std::min(netdev.size(), sizeof ifr.ifr_name - 1));
    ifr.ifr_data = static_cast<char*>(data);
    if (::ioctl(socket, SIOCETHTOOL, &ifr) != 0)
        return fail(ErrorKind::CommandFailed, "ethtool ioctl on " + netdev + ": " + errnoText(errno), "SIOCETHTOOL");
    return {};
}

/// The driver's count of statistics (ETHTOOL_GSSET_INFO; ETHTOOL_GDRVINFO on drivers too old for it).
Result<std::size_t> statsCount(int socket, const std::string& netdev)
{
    // ethtool_sset_info ends in a flexible array: one u32 of room after it, for the one set asked.
    alignas(ethtool_sset_info) std::uint8_t buffer[sizeof(ethtool_sset_info) + sizeof(std::uint32_t)] {};
    auto* info = reinterpret_cast<ethtool_sset_info*>(buffer);
    info->cmd = ETHTOOL_GSSET_INFO;
    info->sset_mask = 1ULL << ETH_SS_STATS;
    if (ethtoolIoctl(socket, netdev, info)) {
        if (!(info->sset_mask & (1ULL << ETH_SS_STATS)))
            return std::size_t { 0 };
        std::uint32_t count = 0;
        std::memcpy(&count, buffer + sizeof(ethtool_sset_info), sizeof count);
        return std::size_t { count };
    }
    ethtool_drvinfo drv {};
    drv.cmd = ETHTOOL_GDRVINFO;
    if (auto ok = ethtoolIoctl(socket, netdev, &drv); !ok)
        return std::unexpected(ok.error());
    return std::size_t { drv.n_stats };
}

// The kernel writes as many values as the driver has *now*, whatever the caller's n_stats says: the buffer
// gets this much room beyond the count read just before.
constexpr std::size_t kSlack = 256;

void appendNumber(std::string& out, std::uint64_t v)
{
    char buf[24];
    auto [p, ec] = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, static_cast<std::size_t>(p - buf));
}

double monotonicS()
{
    timespec ts {};
    ::clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

bool writeAll(int fd, const std::string& text)
{
    std::size_t off = 0;
    while (off < text.size()) {
        ssize_t put = ::write(fd, text.data() + off, text.size() - off);
        if (put < 0 && errno == EINTR)
            continue;
        if (put <= 0)
            return false;
        off += static_cast<std::size_t>(put);
    }
    return true;
}

/// Sleeps until `deadline` (CLOCK_MONOTONIC seconds) unless `stopFd` ends or a signal sets `stop`.
/// False: stop sampling.
bool waitUntil(double deadline, int& stopFd, const std::atomic<bool>* stop)
{
    for (;;) {
        if (stop && stop->load())
            return false;
        const double left = deadline - monotonicS();
        if (left <= 0)
            return true;
        timespec ts { static_cast<time_t>(left),
            static_cast<long>((left - static_cast<double>(static_cast<time_t>(left))) * 1e9) };
        if (stopFd < 0) {
            // clock_nanosleep returns early with EINTR on a signal: the loop re-checks `stop`
            ::nanosleep(&ts, nullptr);
            continue;
        }
        pollfd p { stopFd, POLLIN, 0 };
        int n = ::ppoll(&p, 1, &ts, nullptr);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return false;
        if (n == 0)
            continue;
        if (p.revents & POLLNVAL) {
            stopFd = -1; // nothing to watch
            continue;
        }
        char buf[256];
        ssize_t got = ::read(stopFd, buf, sizeof buf);
        if (got == 0 || (got < 0 && errno != EINTR && errno != EAGAIN))
            return false; // EOF: the controller's channel closed
    }
}

} // namespace

HwCountersReader::~HwCountersReader()
{
    closeAll();
}

HwCountersReader::HwCountersReader(HwCountersReader&& other) noexcept
    : m_files(std::exchange(other.m_files, {}))
{ }

HwCountersReader& HwCountersReader::operator=(HwCountersReader&& other) noexcept
{
    if (this != &other) {
        closeAll();
        m_files = std::exchange(other.m_files, {});
    }
    return *this;
}

void HwCountersReader::closeAll()
{
    for (auto& f : m_files)
        ::close(f.fd);
    m_files.clear();
}

std::string HwCountersReader::open(const std::string& dir)
{
    closeAll();
    DIR* d = ::opendir(dir.c_str());
    if (!d)
        return "no hw_counters at " + dir;
    while (dirent* e = ::readdir(d)) {
        std::string name = e->d_name;
        if (name == "." || name == ".." || name == "lifespan")
            continue;
        const std::string path = dir + "/" + name;
        struct stat st
        { };
        if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd >= 0)
            m_files.push_back({ std::move(name), fd });
    }
    ::closedir(d);
    std::ranges::sort(m_files, {}, &File::name);
    return {};
}

std::vector<std::pair<std::string, std::uint64_t>> HwCountersReader::read() const
{
    std::vector<std::pair<std::string, std::uint64_t>> out;
    out.reserve(m_files.size());
    char buf[64];
    for (const auto& f : m_files) {
        ssize_t got = ::pread(f.fd, buf, sizeof buf - 1, 0);
        if (got <= 0)
            continue;
        std::string_view v(buf, static_cast<std::size_t>(got));
        while (!v.empty() && (v.back() == '\n' || v.back() == ' '))
            v.remove_suffix(1);
        std::uint64_t n = 0;
        auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
        if (ec == std::errc {} && p == v.data() + v.size() && !v.empty())
            out.emplace_back(f.name, n);
    }
    return out;
}

EthtoolReader::~EthtoolReader()
{
    if (m_socket >= 0)
        ::close(m_socket);
}

Result<void> EthtoolReader::open(const std::string& netdev)
{
    auto nd = validateInterfaceName(netdev);
    if (!nd)
        return std::unexpected(nd.error());
    m_netdev = *nd;
    if (m_socket < 0) {
        m_socket = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
        if (m_socket < 0)
            return fail(ErrorKind::CommandFailed, "socket for ethtool: " + errnoText(errno), "SIOCETHTOOL");
    }
    return fetchNames();
}

Result<void> EthtoolReader::fetchNames()
{
    auto count = statsCount(m_socket, m_netdev);
    if (!count)
        return std::unexpected(count.error());
    if (*count == 0)
        return fail(ErrorKind::CommandFailed, m_netdev + " has no ethtool statistics", "SIOCETHTOOL");
    if (*count > (1u << 16))
        return fail(
            ErrorKind::CommandFailed, m_netdev + " reports " + std::to_string(*count) + " statistics", "SIOCETHTOOL");
    std::vector<std::uint8_t> buffer(sizeof(ethtool_gstrings) + (*count + kSlack) * ETH_GSTRING_LEN);
    auto* strings = reinterpret_cast<ethtool_gstrings*>(buffer.data());
    strings->cmd = ETHTOOL_GSTRINGS;
    strings->string_set = ETH_SS_STATS;
    strings->len = static_cast<std::uint32_t>(*count);
    if (auto ok = ethtoolIoctl(m_socket, m_netdev, strings); !ok)
        return std::unexpected(ok.error());
    const std::size_t n = std::min<std::size_t>(strings->len, *count + kSlack);
    m_names.assign(n, {});
    m_kept.clear();
    for (std::size_t i = 0; i < n; ++i) {
        const char* s = reinterpret_cast<const char*>(strings->data) + i * ETH_GSTRING_LEN;
        m_names[i].assign(s, strnlen(s, ETH_GSTRING_LEN));
        if (isRoceEthtoolStat(m_names[i]))
            m_kept.push_back(i);
    }
    return {};
}

Result<std::vector<std::pair<std::string, std::uint64_t>>> EthtoolReader::read()
{
    auto count = statsCount(m_socket, m_netdev);
    if (!count)
        return std::unexpected(count.error());
    if (*count != m_names.size()) {
        if (auto ok = fetchNames(); !ok)
            return std::unexpected(ok.error());
    }
    std::vector<std::uint8_t> buffer(sizeof(ethtool_stats) + (m_names.size() + kSlack) * sizeof(std::uint64_t));
    auto* stats = reinterpret_cast<ethtool_stats*>(buffer.data());
    stats->cmd = ETHTOOL_GSTATS;
    stats->n_stats = static_cast<std::uint32_t>(m_names.size());
    if (auto ok = ethtoolIoctl(m_socket, m_netdev, stats); !ok)
        return std::unexpected(ok.error());
    if (stats->n_stats != m_names.size()) {
        // the driver changed its set between the two calls: names again next time, nothing mislabelled now
        m_names.clear();
        return std::vector<std::pair<std::string, std::uint64_t>> {};
    }
    std::vector<std::pair<std::string, std::uint64_t>> out;
    out.reserve(m_kept.size());
    for (std::size_t i : m_kept) {
        std::uint64_t v = 0;
        std::memcpy(&v, buffer.data() + sizeof(ethtool_stats) + i * sizeof v, sizeof v);
        out.emplace_back(m_names[i], v);
    }
    return out;
}

Result<void> runNativeSampler(const NativeSamplerOptions& options, const std::atomic<bool>* stop)
{
    auto checked = checkSampler(options.sampler);
    if (!checked)
        return std::unexpected(checked.error());
    std::string head;
    HwCountersReader hw;
    if (!checked->hwCountersDir.empty()) {
        if (auto warning = hw.open(checked->hwCountersDir); !warning.empty())
            head += "@W " + warning + "\n";
    }
    EthtoolReader ethtool;
    bool useEthtool = false;
    if (!checked->netdev.empty()) {
        auto ok = ethtool.open(checked->netdev);
        if (ok)
            useEthtool = true;
        else
            head += "@W " + ok.error().message + "\n";
    }
    const long long maxBlocks = options.maxBlocks > 0 ? options.maxBlocks : checked->maxBlocks;
    int stopFd = options.stopFd;
    std::string block = head;
    double next = monotonicS();
    for (long long k = 0; k < maxBlocks; ++k) {
        if (stop && stop->load())
            break;
        char t[48];
        std::snprintf(t, sizeof t, "@T %.6f\n", monotonicS());
        block += t;
        for (const auto& [name, value] : hw.read()) {
            block += "@H ";
            block += name;
            block += ' ';
            appendNumber(block, value);
            block += '\n';
        }
        if (useEthtool) {
            block += "@E\nNIC statistics:\n";
            auto values = ethtool.read();
            if (values) {
                for (const auto& [name, value] : *values) {
                    block += "     ";
                    block += name;
                    block += ": ";
                    appendNumber(block, value);
                    block += '\n';
                }
            }
        }
        block += "@.\n";
        if (!writeAll(options.outFd, block))
            break; // the controller went away
        block.clear();
        next += options.sampler.intervalS;
        const double now = monotonicS();
        if (next < now)
            next = now; // fell behind (host busy): the next block as soon as possible, not a burst
        if (k + 1 < maxBlocks && !waitUntil(next, stopFd, stop))
            break;
    }
    return {};
}

Result<Command> nativeSamplerCommand(const std::string& probePath, const SamplerOptions& options)
{
    auto probe = validateRemotePath(probePath);
    if (!probe)
        return std::unexpected(probe.error());
    auto checked = checkSampler(options);
    if (!checked)
        return std::unexpected(checked.error());
    Command c { *probe, "sample", "--interval", checked->interval };
    if (!checked->hwCountersDir.empty()) {
        c.arg("--rdma-dev").arg(options.rdmaDevice).arg("--port").arg(std::to_string(options.port));
        if (options.sysfsRoot != "/sys")
            c.arg("--sysfs-root").arg(options.sysfsRoot);
    }
    if (!checked->netdev.empty())
        c.arg("--netdev").arg(checked->netdev);
    return c;
}

} // namespace rp::counters
