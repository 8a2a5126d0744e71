// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The probe protocol: what rocepilot-probe prints on stdout, one JSON object per line (docs/json.md,
// "rocepilot.probe/1"). The controller reads these lines from a remote host it does not trust, so decoding is
// strict (unknown types, missing or mistyped fields, values out of range and over-long lines are Protocol errors)
// and never throws.
//
// Also the JSON form of TestOptions that the controller hands to the probe (--options).

#include "error.h"
#include "perf/perf.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace rp::perf {

/// Bumped when a message changes incompatibly; a controller refuses a probe that speaks another version.
inline constexpr int kProtocolVersion = 1;
/// A longer line is garbage (the biggest real one, a hello with many devices, is a few KiB).
inline constexpr std::size_t kMaxLineBytes = std::size_t { 64 } * 1024;

struct RdmaDeviceInfo
{
    std::string name; ///< "rxe0", "mlx5_0"
    int ports = 0;
    /// The largest inline payload an RC QP on this device accepts (found by creating QPs), 0 = none.
    int maxInline = 0;
    bool operator==(const RdmaDeviceInfo&) const = default;
};

struct Capabilities
{
    bool tcp = true;
    bool rdma = false; ///< the probe was built with the verbs engine and at least one device opened
    std::vector<RdmaDeviceInfo> rdmaDevices;
    std::vector<std::string> perftestTools; ///< the ib_*_lat / ib_*_bw found in PATH
    bool perftestOutJson = false; ///< the installed perftest knows --out_json
    bool operator==(const Capabilities&) const = default;
};

struct HelloMsg
{
    int protocol = kProtocolVersion;
    std::string probeVersion;
    Capabilities capabilities;
    bool operator==(const HelloMsg&) const = default;
};

struct ReadyMsg
{
    Role role = Role::Server;
    int port = 0;
    bool operator==(const ReadyMsg&) const = default;
};

struct SampleMsg
{
    Role role = Role::Client;
    Sample sample;
    bool operator==(const SampleMsg&) const = default;
};

struct SizeResultMsg
{
    Role role = Role::Client;
    SizeResult result;
    bool operator==(const SizeResultMsg&) const = default;
};

struct DoneMsg
{
    Role role = Role::Client;
    std::uint64_t sizes = 0; ///< how many sizes ran
    bool operator==(const DoneMsg&) const = default;
};

struct ErrorMsg
{
    Role role = Role::Client;
    ErrorKind kind = ErrorKind::Internal;
    std::string message;
    std::string where;
    bool operator==(const ErrorMsg&) const = default;
};

using ProbeMessage = std::variant<HelloMsg, ReadyMsg, SampleMsg, SizeResultMsg, DoneMsg, ErrorMsg>;

/// One size of a finished test, both sides: the client's measurement (throughput, latency, its CPU) and what
/// the server reported for the same size (its CPU above all).
struct SizeReport
{
    SizeResult client;
    std::optional<SizeResult> server;
    bool operator==(const SizeReport&) const = default;
};

/// The merged line the CLI prints per size (type "result"; not a probe message).
std::string encodeReport(const SizeReport& report, Transport transport);

/// One line of JSON, newline included.
std::string encode(const ProbeMessage& message);
/// One line (a trailing '\n' or "\r\n" is allowed). Anything but a well-formed message is a Protocol error whose
/// message says which field was wrong; it never throws and never reads past the line.
Result<ProbeMessage> decodeLine(std::string_view line);

/// The options as the probe's --options argument: a flat JSON object, every field present.
std::string optionsToJson(const TestOptions& options);
/// Strict: unknown keys, wrong types and out-of-range values are Usage errors naming the key; the result passed
/// validate(). Missing keys keep their defaults.
Result<TestOptions> optionsFromJson(std::string_view json);

/// How long a probe may live for these options: every size's warm-up and measured phase (with iterations, a
/// generous bound per message: emulated hosts manage about a thousand round trips a second), the connects, and
/// slack. The probe gives up at this deadline on its own, so it never lingers when its controller vanished.
double probeDeadlineS(const TestOptions& options, double connectTimeoutS);

std::string toString(Role role); ///< "server" / "client"
std::optional<Role> roleFromString(std::string_view text);
std::optional<Completion> completionFromString(std::string_view text);
std::optional<ErrorKind> errorKindFromString(std::string_view text);

/// Splits a byte stream (SSH output chunks) into lines. A line longer than kMaxLineBytes makes feed() fail: the
/// peer is broken or hostile and the stream is not read further.
class LineSplitter
{
public:
    Result<void> feed(std::string_view chunk, const std::function<void(std::string_view line)>& onLine);
    /// Whatever came after the last newline (a probe killed mid-line).
    const std::string& rest() const { return m_buffer; }

private:
    std::string m_buffer;
    bool m_failed = false;
};

} // namespace rp::perf
