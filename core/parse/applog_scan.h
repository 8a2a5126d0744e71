// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal header of core/parse, not part of its API: what the application-log readers (applog.h) share. One
// reader per family (applog_<family>.cpp) decides whether a line is its own and which facts it states; the
// helpers here read the pieces every family prints its own way (numbers after a key, GIDs in four notations,
// errno and work completion status from names or numbers) and sort an error line into a kind.

#include "parse/applog.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rp::applog_detail {

/// A line as the readers see it: trimmed and cut to kMaxScanBytes, plus a lower-case copy with the same offsets
/// for case-blind searches.
struct LogText
{
    std::string_view t;
    std::string low;
    bool has(std::string_view lowerNeedle) const { return low.find(lowerNeedle) != std::string::npos; }
};

/// No log line of these families is longer; the rest of a longer line is not looked at.
inline constexpr std::size_t kMaxScanBytes = 8192;

/// What a family reader found. `mine` is false when the line is not of that family; a line of the family may
/// still state no fact.
struct FamilyRead
{
    bool mine = false;
    std::string host;
    std::vector<AppLogEvent> events;
};

FamilyRead readNcclLine(const LogText& x);
FamilyRead readUcxLine(const LogText& x);
FamilyRead readLibfabricLine(const LogText& x);
FamilyRead readGlooLine(const LogText& x);
FamilyRead readGlogLine(const LogText& x);
FamilyRead readOpenMpiLine(const LogText& x);
FamilyRead readVerbsLine(const LogText& x);
/// A line of a Kubernetes RDMA device plugin (k8s-rdma-shared-dev-plugin): "rdma-netns" (settingValue "exclusive")
/// when it refuses the RDMA subsystem's netns mode, "no-device" (driver "device-plugin") when a resource matched no
/// RDMA device.
FamilyRead readDevicePluginLine(const LogText& x);
/// The locked-memory limit (`ulimit -a`'s "max locked memory", libibverbs' "RLIMIT_MEMLOCK is N bytes"): a "setting"
/// event, setting "RLIMIT_MEMLOCK", its value in bytes or "unlimited".
FamilyRead readLimitsLine(const LogText& x);
/// A benchmark's measured rate or latency ("Bandwidth: 4.88 MB/s", qperf's "bw = 1.17 GB/sec", "# Avg bus
/// bandwidth : 12.3"): a "traffic-moved" fact, proof that the path carried data before a later error.
FamilyRead readResultLine(const LogText& x);
/// A kernel log line of an RDMA or RoCE NIC driver that reports a failure (dmesg, journalctl -k): a "driver-error"
/// fact (driver, device when the line names one, setting "firmware" when it is about the firmware).
FamilyRead readKernelLine(const LogText& x);

/// What launchers and log collectors put before a line (mpirun's "[1,0]<stdout>:", timestamps, pdsh's "node1: ",
/// "export "): the line without them.
std::string_view stripWrappers(std::string_view t);

// --- pieces of a line ---

bool isDigit(char c);
bool isHexDigit(char c);
/// Letters, digits, '-', '.', '_': what host and device names are made of.
bool isNameChar(char c);
/// Digits only, and at least one.
bool allDigits(std::string_view s);
/// A host name as logs print it: name characters only, at most 255, not all digits (a pid or rank is not a host).
bool isHostName(std::string_view s);
/// The decimal number at `pos` (a leading '-' allowed), nothing when there is none or it does not fit an int.
/// `end` gets the offset after it.
std::optional<int> intAt(std::string_view s, std::size_t pos, std::size_t* end = nullptr);
/// The number after the first `key` in `s` (spaces, '=', ':' and '(' between them skipped).
std::optional<int> intAfter(std::string_view s, std::string_view key);
/// The word after the first `key`: up to a space, ',', ';', ')', ']' or '>' (spaces after the key skipped).
std::string_view wordAfter(std::string_view s, std::string_view key);
/// The offset of `key` in `s` where it starts a word (start of text or a non-name character before it).
std::size_t findWord(std::string_view s, std::string_view key, std::size_t from = 0);
/// "mlx5_0:1" -> device and port (the port only when digits follow the colon).
void deviceAndPort(std::string_view token, AppLogEvent& e);

// --- GIDs ---

/// A GID in any notation the logs use: IPv6 text ("fe80::1", "::ffff:10.0.0.1") or 16 colon-separated hex bytes
/// (Mooncake's "00:00:...:ff:ff:0a:00:00:01"). Canonical, or empty when it is not one.
std::string gidFromText(std::string_view token);
/// The first GID after an occurrence of `key` (later occurrences tried when the word after the first is not one:
/// "local GID index 3, local GID ::ffff:10.0.0.1").
std::string gidAfter(std::string_view s, std::string_view key);
/// NCCL's "(%lX/%lX)": the GID's two 64-bit halves printed as numbers on a little-endian host, so each half's
/// bytes come out reversed. Canonical, or empty when the halves are not hex numbers.
std::string gidFromNcclHalves(std::string_view subnetPrefixHex, std::string_view interfaceIdHex);

// --- values ---

/// Bytes from an MTU as printed: the ibv_mtu enum (1..5) or a byte count (256..4096).
std::optional<int> mtuBytes(int value);
/// The work completion status a line states: a number next to "status" / "with error" / "vs 0", else the
/// rdma-core, IBV_WC_*, Open MPI or UCX name of it.
std::optional<int> wcStatusIn(const LogText& x);
/// The status a name alone stands for (rdma-core's ibv_wc_status_str, IBV_WC_* and the other spellings).
std::optional<int> wcStatusNamed(std::string_view lower);
/// The errno a line states: its strerror text, else "errno N" / "errno=N" / a trailing "[N]".
std::optional<int> errnoIn(const LogText& x);
/// A bare errno a failed modify printed last ("QP to Ready to Receive 101"); none after a field's name.
std::optional<int> trailingErrno(const LogText& x);

// --- kinds ---

/// The kind of an error line from its words alone: modify-qp-error, create-ah-error, completion-error,
/// no-device, connect-error, else other-error. Fills wcStatus and errnoValue when the line states them.
/// The line says the application found no GID where it looked (classifyError makes it a "no-gid" fact).
bool statesNoGid(const LogText& x);
AppLogEvent classifyError(const LogText& x);
/// A line that reports a failure at all (error, failed, couldn't, unable, exceeded, ...).
bool soundsLikeError(const LogText& x);

// --- settings ---

/// The family an environment variable belongs to ("NCCL_..." -> "nccl"), empty for one none of them reads.
std::string_view familyOfVariable(std::string_view name);
/// A "setting" event for NAME=VALUE, with gidIndex / trafficClass / serviceLevel / mtu filled from what NAME is.
AppLogEvent settingEvent(std::string_view name, std::string_view value);

} // namespace rp::applog_detail
