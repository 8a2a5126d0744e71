// SPDX-License-Identifier: GPL-3.0-or-later
#include "counters/counters.h"

#include "counters/native.h"
#include "util/text.h"

#include <charconv>
#include <chrono>
#include <cmath>
#include <regex>
#include <thread>

namespace rp::counters {

namespace {

/// What counter files and tool lines are trimmed of (a value's own line breaks are already split off).
constexpr std::string_view kBlanks = " \t\r";

std::optional<std::uint64_t> wholeNumber(std::string_view s)
{
    s = trim(s, kBlanks);
    std::uint64_t v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || p != s.data() + s.size())
        return std::nullopt;
    return v;
}

/// Counter names from a host: letters, digits and a few separators (irdma gen3 names have spaces; they become
/// '_'), at most 96 characters. Anything else is not a counter name.
std::optional<std::string> cleanName(std::string_view name)
{
    name = trim(name, kBlanks);
    if (name.empty() || name.size() > 96)
        return std::nullopt;
    std::string out;
    for (char c : name) {
        if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' || c == '[' || c == ']')
            out += c;
        else if (c == ' ')
            out += '_';
        else
            return std::nullopt;
    }
    return out;
}

template <class F> void forEachLine(std::string_view text, F f)
{
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t nl = text.find('\n', pos);
        std::string_view line = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
        f(line);
        if (nl == std::string_view::npos)
            break;
        pos = nl + 1;
    }
}

// The sampler: reads every hw_counters file with the shell's own `read` (no fork per counter), the netdev's
// ethtool -S, prints one block per interval and waits. Under bash (used when the host has it) nothing forks:
// the time is $EPOCHREALTIME and the wait is `read -t` on stdin, which the controller keeps open, so a closed
// channel (EOF) ends the loop at once. Under a plain sh the time comes from /proc/uptime (10 ms ticks) and the
// wait is `sleep` (one fork per interval); a failing echo (closed channel) ends it. Measured on the emulated
// lab guests (TCG): ~5 % of the guest's CPU at 100 ms under bash, ~17 % with dash + sleep.
constexpr const char* kSamplerScript = R"sh(d=$1; n=$2; i=$3; m=$4
if [ -n "$n" ] && ! command -v ethtool >/dev/null 2>&1; then echo "@W ethtool not found"; n=; fi
if [ -n "$d" ] && [ ! -d "$d" ]; then echo "@W no hw_counters at $d"; d=; fi
k=0
while [ "$k" -lt "$m" ]; do
  t=${EPOCHREALTIME:-}
  if [ -z "$t" ]; then read t r < /proc/uptime; fi
  echo "@T $t" || exit 0
  if [ -n "$d" ]; then
    for f in "$d"/*; do
      [ -f "$f" ] || continue
      v=; read v < "$f" 2>/dev/null
      echo "@H ${f##*/} $v"
    done
  fi
  if [ -n "$n" ]; then echo "@E"; ethtool -S "$n" 2>/dev/null; fi
  echo "@." || exit 0
  k=$((k+1))
  if [ -n "${BASH_VERSION:-}" ]; then
    read -t "$i" x; [ $? -gt 128 ] || exit 0
  else
    sleep "$i" || exit 0
  fi
done
)sh";

} // namespace

Values parseHwCounters(std::string_view text)
{
    Values out;
    forEachLine(text, [&](std::string_view line) {
        line = trim(line, kBlanks);
        if (line.empty())
            return;
        std::string_view name, value;
        if (auto colon = line.rfind(':'); colon != std::string_view::npos && line.find('/') != std::string_view::npos) {
            // grep -H: /sys/class/infiniband/rxe0/ports/1/hw_counters/sent_pkts:1234
            std::string_view path = line.substr(0, colon);
            name = path.substr(path.rfind('/') + 1);
            value = line.substr(colon + 1);
        } else if (auto space = line.find_last_of(" \t"); space != std::string_view::npos) {
            name = line.substr(0, space);
            value = line.substr(space + 1);
        } else {
            return;
        }
        auto v = wholeNumber(value);
        auto n = cleanName(name);
        if (v && n && *n != "lifespan")
            out["hw:" + *n] = *v;
    });
    return out;
}

bool isRoceEthtoolStat(std::string_view name)
{
    static const std::regex keep(
        R"(^((rx|tx)_prio\d_(pause.*|bytes|packets|discards|buf_discard|cong_discard|marked))$)"
        R"(|^((rx|tx)_pfc_ena_frames_pri\d|pfc_pri\d_(rx|tx)_(duration_us|transitions)|(rx|tx)_(bytes|packets)_cos\d)$)"
        R"(|^((rx|tx)_priority_\d_(xon|xoff)(\.nic)?|(rx|tx)_pfc_.*|.*pripause.*)$)"
        R"(|^(rx_discards_phy|rx_out_of_buffer|rx_buffer_passed_thres_phy|tx_pause_storm_(warning|error)_events)$)"
        R"(|^((rx|tx)_pause_ctrl_phy|rx_global_pause.*|tx_global_pause.*|rx_crc_errors_phy|link_down_events_phy)$)"
        R"(|^((rx|tx)_(bytes|packets|dropped|errors)(_phy)?|.*cnp.*|.*ecn.*|rx_roce_.*|tx_roce_.*)$)"
        R"(|^(rx_pcs_symbol_err_phy|outbound_pci_stalled_(rd|wr)(_events)?|(rx|tx)_vport_rdma_unicast_(bytes|packets))$)");
    return std::regex_match(name.begin(), name.end(), keep);
}

Values parseEthtoolStats(std::string_view text)
{
    Values out;
    forEachLine(text, [&](std::string_view line) {
        auto colon = line.rfind(':');
        if (colon == std::string_view::npos)
            return;
        auto v = wholeNumber(line.substr(colon + 1));
        auto n = cleanName(line.substr(0, colon));
        if (v && n && isRoceEthtoolStat(*n))
            out["eth:" + *n] = *v;
    });
    return out;
}

Values parseRdmaStatistic(std::string_view text, std::string_view link)
{
    Values out;
    bool taken = false;
    forEachLine(text, [&](std::string_view line) {
        if (taken)
            return;
        // tokens: link DEV/PORT name value name value ...
        std::vector<std::string_view> tokens;
        std::size_t pos = 0;
        while (pos < line.size()) {
            while (pos < line.size() && (line[pos] == ' ' || line[pos] == '\t' || line[pos] == '\r'))
                ++pos;
            std::size_t end = pos;
            while (end < line.size() && line[end] != ' ' && line[end] != '\t' && line[end] != '\r')
                ++end;
            if (end > pos)
                tokens.push_back(line.substr(pos, end - pos));
            pos = end;
        }
        if (tokens.size() < 2 || tokens[0] != "link" || (!link.empty() && tokens[1] != link))
            return;
        for (std::size_t i = 2; i + 1 < tokens.size(); i += 2) {
            auto v = wholeNumber(tokens[i + 1]);
            auto n = cleanName(tokens[i]);
            if (v && n)
                out["hw:" + *n] = *v;
        }
        taken = true;
    });
    return out;
}

CounterInfo describeCounter(std::string_view full)
{
    CounterInfo info;
    std::string name(full.substr(full.find(':') == std::string_view::npos ? 0 : full.find(':') + 1));
    info.label = name;
    struct Known
    {
        const char* name;
        const char* label;
        const char* meaning;
        bool alarm;
    };
    static const Known known[] = {
        // rxe (Soft-RoCE)
        { "sent_pkts", "packets sent", "RoCE packets the device sent", false },
        { "rcvd_pkts", "packets received", "RoCE packets the device received", false },
        { "out_of_seq_request", "out-of-sequence requests", "a PSN gap: a packet was lost on the way", true },
        { "out_of_sequence", "out-of-sequence packets", "a PSN gap: a packet was lost on the way", true },
        { "duplicate_request", "duplicate requests", "the peer retransmitted: a packet or its ACK was lost", true },
        { "rcvd_seq_err", "sequence errors received", "NAKs for lost packets: retransmissions follow", true },
        { "retry_exceeded_err", "retries exceeded", "a QP gave up retransmitting: the connection broke", true },
        { "completer_retry_err", "completer retries", "the requester retransmitted after a timeout", true },
        { "rcvd_rnr_err", "receiver-not-ready NAKs received",
            "the peer had no receive posted (application, not "
            "fabric)",
            false },
        { "send_rnr_err", "receiver-not-ready NAKs sent", "no receive was posted here (application, not fabric)",
            false },
        { "ack_deferred", "deferred ACKs", "ACKs coalesced by the responder", false },
        { "link_downed", "link down events", "the port's link went down", true },
        { "rdma_sends", "sends", "SEND operations", false },
        { "rdma_recvs", "receives", "RECV completions", false },
        // mlx5
        { "out_of_buffer", "receive WQE shortage drops", "drops for lack of posted receives (application)", false },
        { "packet_seq_err", "packet sequence errors", "NAKs with a PSN error: loss upstream", true },
        { "implied_nak_seq_err", "implied NAK sequence errors", "loss detected by a read/atomic response", true },
        { "local_ack_timeout_err", "ACK timeouts", "loss recovered by timeout: explains latency spikes", true },
        { "rnr_nak_retry_err", "RNR NAK retries exceeded", "receiver not ready (application, not fabric)", false },
        { "np_cnp_sent", "CNPs sent", "this receiver saw ECN marks and asked the sender to slow down", false },
        { "rp_cnp_handled", "CNPs handled", "this sender slowed down for congestion (DCQCN)", false },
        { "rp_cnp_ignored", "CNPs ignored", "CNPs on a priority where the reaction point is off: ECN misconfigured",
            true },
        { "np_ecn_marked_roce_packets", "ECN-marked packets received", "the fabric marked congestion", false },
        { "roce_adp_retrans", "adaptive retransmissions", "lossy-RoCE retransmissions", true },
        { "roce_adp_retrans_to", "adaptive retransmission timeouts", "loss recovered by timeout", true },
        { "roce_slow_restart", "slow restarts", "the device slowed after loss (generates CNPs)", true },
        { "rx_icrc_encapsulated", "ICRC errors", "corrupted RoCE packets", true },
        // bnxt_re
        { "to_retransmits", "timeout retransmits", "loss recovered by timeout", true },
        { "seq_err_naks_rcvd", "sequence-error NAKs", "loss upstream", true },
        { "tx_cnp_pkts", "CNPs sent", "this receiver asked the sender to slow down", false },
        { "rx_cnp_pkts", "CNPs received", "this sender was asked to slow down", false },
        { "rx_ecn_marked_pkts", "ECN-marked packets", "the fabric marked congestion", false },
        // irdma
        { "cnpSent", "CNPs sent", "this receiver asked the sender to slow down", false },
        { "cnpHandled", "CNPs handled", "this sender slowed down for congestion", false },
        { "cnpIgnored", "CNPs ignored", "ECN misconfigured on this priority", true },
        { "RxECNMrkd", "ECN-marked packets", "the fabric marked congestion", false },
        // ethtool
        { "rx_discards_phy", "port discards", "frames dropped for lack of port buffers: loss on a lossless fabric",
            true },
        { "tx_pause_storm_warning_events", "pause storm warnings", "the port paused for a long time", true },
        { "tx_pause_storm_error_events", "pause storm errors", "pause TX disabled after a storm: drops possible",
            true },
        { "link_down_events_phy", "PHY link down events", "the physical link went down", true },
        { "rx_crc_errors_phy", "CRC errors", "corrupted frames: cable or optics", true },
    };
    for (const auto& k : known) {
        if (name == k.name) {
            info.label = k.label;
            info.meaning = k.meaning;
            info.alarm = k.alarm;
            return info;
        }
    }
    static const std::regex prio(R"(^(rx|tx)_prio(\d)_(pause|pause_duration|pause_transition)$)");
    static const std::regex bnxt(R"(^(rx|tx)_pfc_ena_frames_pri(\d)$)");
    static const std::regex ice(R"(^(rx|tx)_priority_(\d)_(xon|xoff)(\.nic)?$)");
    std::smatch m;
    if (std::regex_match(name, m, prio)) {
        info.priority = std::stoi(m[2]);
        const bool rx = m[1] == "rx";
        const std::string what = m[3] == "pause" ? "pause frames"
            : m[3] == "pause_duration"           ? "pause time (µs)"
                                                 : "pause episodes";
        info.label = what + (rx ? " received" : " sent") + ", priority " + std::string(m[2]);
        info.meaning = rx ? "the peer paused this port: look at the network"
                          : "this port paused the peer: look at "
                            "NIC buffers, PCIe, the host";
    } else if (std::regex_match(name, m, bnxt)) {
        info.priority = std::stoi(m[2]);
        info.label
            = std::string("PFC frames ") + (m[1] == "rx" ? "received" : "sent") + ", priority " + std::string(m[2]);
        info.meaning = m[1] == "rx" ? "the peer paused this port" : "this port paused the peer";
    } else if (std::regex_match(name, m, ice)) {
        info.priority = std::stoi(m[2]);
        info.label = std::string(m[3]) + (m[1] == "rx" ? " received" : " sent") + ", priority " + std::string(m[2]);
        info.meaning = "PFC on this priority";
    }
    return info;
}

std::optional<std::map<std::string, double>> RateTracker::update(double hostTimeS, const Values& values)
{
    if (!m_time || hostTimeS <= *m_time) {
        // first reading, or a clock that did not advance: a new baseline
        const bool first = !m_time;
        m_time = hostTimeS;
        m_last = values;
        if (first)
            return std::nullopt;
        return std::nullopt;
    }
    const double dt = hostTimeS - *m_time;
    std::map<std::string, double> rates;
    for (const auto& [name, value] : values) {
        auto it = m_last.find(name);
        if (it == m_last.end())
            continue; // appeared now: its rate starts with the next interval
        const std::uint64_t old = it->second;
        std::uint64_t delta = 0;
        if (value >= old) {
            delta = value - old;
        } else {
            constexpr std::uint64_t kWrap = std::uint64_t { 1 } << 32;
            const std::uint64_t wrapped = old < kWrap ? value + kWrap - old : kWrap;
            // A wrap of a 32-bit counter leaves an increase below 2^30 per interval (10^10 events/s at 100 ms, more
            // than any port does); anything else was a reset (driver reload, `rdma statistic` reset): count from 0.
            delta = old < kWrap && value < kWrap && wrapped < (kWrap >> 2) ? wrapped : value;
        }
        rates[name] = static_cast<double>(delta) / dt;
    }
    m_time = hostTimeS;
    m_last = values;
    m_lastInterval = dt;
    return rates;
}

Result<CheckedSampler> checkSampler(const SamplerOptions& options)
{
    CheckedSampler out;
    if (!options.rdmaDevice.empty()) {
        auto dev = validateRdmaDeviceName(options.rdmaDevice);
        if (!dev)
            return std::unexpected(dev.error());
        if (options.port < 1 || options.port > 255)
            return fail(ErrorKind::Validation, "port must be 1..255", "counter sampler");
        auto root = validateRemotePath(options.sysfsRoot);
        if (!root)
            return std::unexpected(root.error());
        out.hwCountersDir
            = *root + "/class/infiniband/" + *dev + "/ports/" + std::to_string(options.port) + "/hw_counters";
    }
    if (!options.netdev.empty()) {
        auto nd = validateInterfaceName(options.netdev);
        if (!nd)
            return std::unexpected(nd.error());
        out.netdev = *nd;
    }
    if (!(options.intervalS >= 0.05 && options.intervalS <= 10))
        return fail(ErrorKind::Usage, "the counter interval must be 0.05..10 s", "counter sampler");
    char interval[32];
    std::snprintf(interval, sizeof interval, "%.3f", options.intervalS);
    out.interval = interval;
    // At most a day of sampling, should nothing stop it.
    out.maxBlocks = static_cast<long long>(86400.0 / options.intervalS);
    return out;
}

Result<Command> samplerCommand(const SamplerOptions& options)
{
    if (!options.probePath.empty())
        return nativeSamplerCommand(options.probePath, options);
    return shellSamplerCommand(options);
}

Result<Command> shellSamplerCommand(const SamplerOptions& options)
{
    auto c = checkSampler(options);
    if (!c)
        return std::unexpected(c.error());
    return Command({ "sh", "-c", kSamplerScript, "rp-counters", c->hwCountersDir, c->netdev, c->interval,
        std::to_string(c->maxBlocks) });
}

void BlockReader::feed(std::string_view chunk, const std::function<void(const Block&)>& onBlock)
{
    m_buffer.append(chunk);
    std::size_t pos = 0;
    while (true) {
        std::size_t nl = m_buffer.find('\n', pos);
        if (nl == std::string::npos)
            break;
        std::string_view line(m_buffer.data() + pos, nl - pos);
        pos = nl + 1;
        if (line.starts_with("@T ")) {
            m_block = Block {};
            m_inEthtool = false;
            m_ethtool.clear();
            std::string t(trim(line.substr(3), kBlanks));
            for (char& c : t) {
                if (c == ',')
                    c = '.'; // $EPOCHREALTIME in a locale with a decimal comma
            }
            double v = 0;
            auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
            m_block.hostTimeS = ec == std::errc() ? v : -1;
        } else if (line.starts_with("@H ")) {
            auto values = parseHwCounters(line.substr(3));
            m_block.values.insert(values.begin(), values.end());
        } else if (line == "@E") {
            m_inEthtool = true;
        } else if (line == "@.") {
            if (!m_ethtool.empty()) {
                auto values = parseEthtoolStats(m_ethtool);
                m_block.values.insert(values.begin(), values.end());
            }
            if (m_block.hostTimeS >= 0)
                onBlock(m_block);
            m_inEthtool = false;
            m_ethtool.clear();
        } else if (m_inEthtool && m_ethtool.size() < (1u << 20)) {
            m_ethtool.append(line);
            m_ethtool += '\n';
        }
    }
    m_buffer.erase(0, pos);
    if (m_buffer.size() > (1u << 20))
        m_buffer.clear(); // a line that long is not ours
}

namespace {

Result<void> runOnce(Executor& executor, const Command& command, const SamplerOptions& options,
    const std::function<double()>& now, const std::function<void(const run::CounterSample&)>& onSample,
    const std::atomic<bool>* cancel, std::size_t& blocks)
{
    BlockReader reader;
    RateTracker tracker;
    ExecOptions exec;
    exec.cancel = cancel;
    exec.timeout = std::chrono::hours(24);
    exec.keepStdinOpen = true;
    // Read as it streams (about 25 KB/s with ethtool statistics): kept as well, a dashboard watched for three hours
    // reached maxOutput and its sampler was stopped.
    exec.keepStdout = false;
    exec.onStdout = [&](std::string_view chunk) {
        reader.feed(chunk, [&](const Block& block) {
            ++blocks;
            auto rates = tracker.update(block.hostTimeS, block.values);
            if (!rates)
                return;
            run::CounterSample sample;
            sample.runTS = now();
            sample.host = options.host;
            sample.intervalS = tracker.lastIntervalS();
            sample.rates = std::move(*rates);
            onSample(sample);
        });
    };
    auto result = executor.run(command, exec);
    if (!result) {
        if (result.error().kind == ErrorKind::Cancelled)
            return {};
        return std::unexpected(result.error());
    }
    if (cancel && cancel->load())
        return {};
    return fail(ErrorKind::CommandFailed,
        "the counter sampler stopped on its own (exit " + std::to_string(result->exitStatus) + ")"
            + (result->err.empty() ? std::string() : ": " + result->err.substr(0, 200)),
        "counter sampler", executor.host());
}

} // namespace

Result<void> runSampler(Executor& executor, const SamplerOptions& options, const std::function<double()>& now,
    const std::function<void(const run::CounterSample&)>& onSample, const std::atomic<bool>* cancel)
{
    auto command = samplerCommand(options);
    if (!command)
        return std::unexpected(command.error());
    std::size_t blocks = 0;
    auto ok = runOnce(executor, *command, options, now, onSample, cancel, blocks);
    if (ok || options.probePath.empty() || blocks > 0 || (cancel && cancel->load()))
        return ok;
    // The probe there could not sample (an older probe without `sample`, a noexec home): the shell loop can.
    auto shell = shellSamplerCommand(options);
    if (!shell)
        return std::unexpected(shell.error());
    return runOnce(executor, *shell, options, now, onSample, cancel, blocks);
}

} // namespace rp::counters
