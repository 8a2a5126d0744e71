// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The counter sampler run natively on a host (`rocepilot-probe sample`): the same blocks the shell sampler
// prints (BlockReader reads both), at a fraction of its cost. hw_counters files stay open and are re-read with
// pread (sysfs regenerates an attribute on a read at offset 0); the NIC statistics come from the
// ETHTOOL_GSTRINGS/ETHTOOL_GSTATS ioctls, names fetched once and filtered to the RoCE-relevant ones once, so one
// interval is a few dozen preads, one ioctl and one write, with no fork and no ethtool binary on the host.

#include "counters/counters.h"
#include "error.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace rp::counters {

/// A netdev's `ethtool -S` statistics through the ioctl. Names are read when opened and again whenever the
/// driver's count changes (mlx5 grows per-channel statistics when channels are added).
class EthtoolReader
{
public:
    EthtoolReader() = default;
    ~EthtoolReader();
    EthtoolReader(const EthtoolReader&) = delete;
    EthtoolReader& operator=(const EthtoolReader&) = delete;

    /// Validation error for a bad name; CommandFailed when the device has no statistics (or does not exist).
    Result<void> open(const std::string& netdev);
    /// The kept statistics (isRoceEthtoolStat), name and value, in the driver's order.
    Result<std::vector<std::pair<std::string, std::uint64_t>>> read();
    std::size_t driverCount() const { return m_names.size(); }
    const std::vector<std::string>& driverNames() const { return m_names; }

private:
    Result<void> fetchNames();
    int m_socket = -1;
    std::string m_netdev;
    std::vector<std::string> m_names; ///< all of the driver's, by index
    std::vector<std::size_t> m_kept; ///< indexes of the RoCE-relevant ones
};

/// A port's hw_counters directory, every counter file opened once and re-read with pread (sysfs makes an
/// attribute's text anew on a read at offset 0). "lifespan" is a setting, not a counter.
class HwCountersReader
{
public:
    HwCountersReader() = default;
    ~HwCountersReader();
    HwCountersReader(const HwCountersReader&) = delete;
    HwCountersReader& operator=(const HwCountersReader&) = delete;
    HwCountersReader(HwCountersReader&& other) noexcept;
    HwCountersReader& operator=(HwCountersReader&& other) noexcept;

    /// Opens the files of `dir` (closing any opened before). An empty string, or what the host says when there is
    /// no such directory ("no hw_counters at DIR"): reading then gives nothing.
    std::string open(const std::string& dir);
    /// Each counter whose file reads as a whole number, by name (no prefix), sorted by name. A counter the device
    /// cannot read right now is absent.
    std::vector<std::pair<std::string, std::uint64_t>> read() const;
    std::size_t files() const { return m_files.size(); }

private:
    void closeAll();
    struct File
    {
        std::string name;
        int fd = -1;
    };
    std::vector<File> m_files;
};

struct NativeSamplerOptions
{
    SamplerOptions sampler; ///< device, port, netdev, interval, sysfs root (host is not used)
    long long maxBlocks = 0; ///< 0 = until stopped (bounded to a day of sampling)
    int outFd = 1;
    int stopFd = 0; ///< EOF or a hang-up here stops sampling at once; -1 = not watched
};

/// Samples until `stop` is set, `stopFd` reaches EOF, the output closes, or maxBlocks. Warnings a host can
/// explain (no hw_counters directory, a netdev without statistics) go into the stream as "@W" lines, as the
/// shell sampler prints them; a bad name or interval is a Validation/Usage error before anything is printed.
Result<void> runNativeSampler(const NativeSamplerOptions& options, const std::atomic<bool>* stop);

/// The argv that starts `rocepilot-probe sample` at `probePath` on a host, every name validated.
Result<Command> nativeSamplerCommand(const std::string& probePath, const SamplerOptions& options);

} // namespace rp::counters
