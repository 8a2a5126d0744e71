// SPDX-License-Identifier: GPL-3.0-or-later
// How the lines of a paste read (see fragmentlines.h). Hand-written scanning, no std::regex: lines may be
// 16 KiB of hostile text.
#include "parse/fragmentlines.h"

#include "parse/applog.h"
#include "parse/applog_scan.h"
#include "parse/parsehelpers.h"
#include "util/text.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace rp::fragment_detail {

using namespace parse_detail;

namespace {

bool isHostChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' || c == '_';
}

/// A plausible host name: 1..63 characters of letters, digits, - . _, at least one letter or digit.
bool looksLikeHostName(std::string_view s)
{
    if (s.empty() || s.size() > 63 || !std::all_of(s.begin(), s.end(), isHostChar))
        return false;
    return std::any_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)); });
}

constexpr std::array kKnownPrograms
    = { "ibv_devinfo", "ibv_devices", "show_gids", "ibdev2netdev", "rdma", "ip", "cat", "grep", "ethtool", "ibstat",
          "dcb", "mlnx_qos", "lldptool", "ib_send_lat", "ib_send_bw", "ib_write_lat", "ib_write_bw", "ib_read_lat",
          "ib_read_bw", "ib_atomic_lat", "ib_atomic_bw", "ibv_rc_pingpong", "ibv_ud_pingpong", "ibv_uc_pingpong",
          "qperf", "sleep", "date", "echo", "ls", "head", "tail", "for", "sudo", "tc", "sysctl", "iptables", "nft",
          "lspci", "uname", "hostname", "ping", "bash", "sh", "lldpctl", "ibstatus", "rxe_cfg", "amd-smi", "ifconfig" };

bool isKnownProgram(std::string_view p)
{
    return std::find(kKnownPrograms.begin(), kKnownPrograms.end(), p) != kKnownPrograms.end();
}

/// perftest's options that take no value (perftest_parameters.c, no_argument): every other option is followed by
/// its value, so the one word left over is the server a client connects to.
bool perftestFlag(std::string_view w)
{
    constexpr std::array kFlags = { "-a", "-b", "-e", "-F", "-h", "-H", "-N", "-O", "-R", "-U", "-V", "-z", "-g" };
    constexpr std::array kLongWithValue = { "--gid-index", "--ib-dev", "--ib-port", "--port", "--size", "--iters",
        "--duration", "--mtu", "--connection", "--qp", "--tx-depth", "--rx-depth", "--sl", "--tos", "--inline_size",
        "--cq-mod", "--source_ip", "--dest_ip", "--dest_port", "--source_port", "--tclass", "--use_cuda", "--flows",
        "--margin", "--post_list", "--server", "--client" };
    if (startsWith(w, "--"))
        return w.find('=') != std::string_view::npos
            || std::find(kLongWithValue.begin(), kLongWithValue.end(), w) == kLongWithValue.end();
    return std::find(kFlags.begin(), kFlags.end(), w) != kFlags.end();
}

/// A perftest command line as typed: the program, its options and at most one server address; nothing of its usage
/// text ("ib_write_bw <host>  connect to server at <host>") or of its output. `server` is that address (the client
/// side), empty on the server side.
bool isPerftestCommand(std::string_view command, std::string_view* server = nullptr)
{
    const auto words = splitWords(command);
    if (words.empty() || words.size() > 40)
        return false;
    const auto program = programOf(command);
    if (!startsWith(program, "ib_") || !isTestTool(program))
        return false;
    std::size_t i = 0;
    while (i < words.size() && words[i].find(program) == std::string_view::npos)
        ++i;
    std::string_view positional;
    for (++i; i < words.size(); ++i) {
        const auto w = words[i];
        if (!std::all_of(w.begin(), w.end(), [](char c) {
                return std::isalnum(static_cast<unsigned char>(c))
                    || std::string_view("._:/=,@-").find(c) != std::string_view::npos;
            }))
            return false;
        if (startsWith(w, "-") && w.size() > 1) {
            if (!perftestFlag(w) && !(w.size() > 2 && w[1] != '-'))
                ++i; // its value ("-x 3"; "-x3" carries it)
            continue;
        }
        if (!positional.empty() || !looksLikeHostName(w.substr(0, w.find(':'))))
            return false;
        positional = w;
    }
    if (server)
        *server = positional;
    return true;
}

/// "server side: ib_write_bw -d mlx5_0", "client$ ib_write_bw ... 10.0.0.1", "node2# ib_send_lat -x 3 node1": a
/// perftest command under a short label instead of a shell prompt. The label names the host only in the prompt
/// forms ($ and #); "server side:" says the role, which the command line tells by itself.
std::optional<Prompt> labelledPerftestCommand(std::string_view t)
{
    if (isPerftestCommand(t))
        return Prompt { {}, std::string(t) };
    const auto mark = t.find_first_of(":$#>");
    if (mark == std::string_view::npos || mark == 0 || mark > 40)
        return std::nullopt;
    const auto label = trim(t.substr(0, mark));
    const auto rest = trim(t.substr(mark + 1));
    if (label.empty() || splitWords(label).size() > 4 || !isPerftestCommand(rest)
        || !std::all_of(
            label.begin(), label.end(), [](char c) { return isHostChar(c) || c == ' ' || c == '(' || c == ')'; }))
        return std::nullopt;
    const bool prompt = t[mark] == '$' || t[mark] == '#';
    return Prompt { prompt && looksLikeHostName(label) ? std::string(label) : std::string(), std::string(rest) };
}

/// A command pasted without its prompt, in the forms no output line takes: "cat /sys/...", "grep . /sys/...",
/// "show_gids", "ibv_devinfo -v", "rxe_cfg status".
bool isBareCommand(std::string_view t)
{
    const auto words = splitWords(t);
    if (words.empty() || words.size() > 24)
        return false;
    const auto p = words[0];
    if (p == "cat" || p == "grep")
        return std::any_of(words.begin() + 1, words.end(), [](auto w) { return startsWith(w, "/sys/"); });
    constexpr std::array kAlone
        = { "show_gids", "ibv_devinfo", "ibv_devices", "ibstatus", "ibstat", "rxe_cfg", "ibdev2netdev", "ifconfig" };
    if (std::find(kAlone.begin(), kAlone.end(), p) == kAlone.end())
        return false;
    return words.size() == 1 || startsWith(words[1], "-") || words[1] == "status"
        || (words.size() == 2 && words[1].find_first_of(":=()") == std::string_view::npos);
}

} // namespace

std::string_view programOf(std::string_view command)
{
    auto words = splitWords(command);
    std::size_t i = 0;
    while (i < words.size() && (words[i] == "sudo" || words[i] == "-E" || words[i] == "time"))
        ++i;
    if (i >= words.size())
        return {};
    auto w = words[i];
    // A relative path, or an absolute one through a bin directory, names the program by its last part.
    if (auto slash = w.rfind('/'); slash != std::string_view::npos
        && (w.front() != '/' || w.substr(0, slash).find("bin") != std::string_view::npos))
        w = w.substr(slash + 1);
    return w;
}

std::string_view withoutInlineCode(std::string_view t)
{
    if (t.size() > 2 && t.front() == '`' && t.back() == '`' && t[1] != '`'
        && t.substr(1, t.size() - 2).find('`') == std::string_view::npos)
        return trim(t.substr(1, t.size() - 2));
    return t;
}

std::optional<Prompt> parsePrompt(std::string_view t)
{
    if (isBareCommand(t))
        return Prompt { {}, std::string(t) };
    if (auto labelled = labelledPerftestCommand(t))
        return labelled;
    if (startsWith(t, "$ ") || t == "$")
        return Prompt { {}, std::string(trim(t.substr(1))) };
    if (startsWith(t, "# ")) {
        auto rest = trim(t.substr(2));
        // UCX's endpoint dump ("#   lane[0]:  0:rc_verbs/mlx5_0:1.0 md[0] -> md[0]/ib ...") is output, not a
        // root prompt running a path.
        if (startsWith(rest, "lane["))
            return std::nullopt;
        if (isKnownProgram(programOf(rest)) || rest.find('/') != std::string_view::npos)
            return Prompt { {}, std::string(rest) };
        return std::nullopt;
    }
    if (startsWith(t, "PS ") && t.size() > 3 && (t[3] == 'C' || t[3] == 'D' || t[3] == '/' || t[3] == '~')) {
        auto gt = t.find("> ");
        if (gt != std::string_view::npos)
            return Prompt { {}, std::string(trim(t.substr(gt + 2))) };
    }
    // Network devices: "leaf1# show ...", "leaf1> show ...", "sonic# show ...".
    if (auto mark = t.find_first_of("#>"); mark != std::string_view::npos && mark > 0 && mark < 64) {
        auto name = t.substr(0, mark);
        auto rest = trim(t.substr(mark + 1));
        if (looksLikeHostName(name) && (startsWith(rest, "show ") || startsWith(rest, "sonic-cfggen")))
            return Prompt { std::string(name), std::string(rest) };
        // Junos: "user@qfx1> show ..." (operational) or "user@qfx1# show ..." (configuration mode).
        if (auto at = name.find('@'); at != std::string_view::npos && at > 0 && looksLikeHostName(name.substr(at + 1))
            && startsWith(rest, "show "))
            return Prompt { std::string(name.substr(at + 1)), std::string(rest) };
    }
    std::string_view body = t;
    bool bracket = false;
    if (!body.empty() && body.front() == '[') {
        bracket = true;
        body.remove_prefix(1);
    }
    auto at = body.find('@');
    if (at == std::string_view::npos || at == 0 || at > 32)
        return std::nullopt;
    auto user = body.substr(0, at);
    if (!std::all_of(user.begin(), user.end(), isHostChar))
        return std::nullopt;
    std::size_t i = at + 1;
    while (i < body.size() && isHostChar(body[i]))
        ++i;
    auto host = body.substr(at + 1, i - at - 1);
    if (!looksLikeHostName(host))
        return std::nullopt;
    std::size_t end = std::string_view::npos;
    if (bracket) {
        auto close = body.find(']', i);
        if (close == std::string_view::npos || close + 1 >= body.size())
            return std::nullopt;
        end = close + 1;
    } else {
        if (i >= body.size() || body[i] != ':')
            return std::nullopt;
        auto space = body.find_first_of(" \t", i);
        auto stop = space == std::string_view::npos ? body.size() : space;
        if (stop == 0)
            return std::nullopt;
        end = stop - 1;
        if (body[end] != '$' && body[end] != '#')
            return std::nullopt;
        end = stop;
        if (body[stop - 1] == '$' || body[stop - 1] == '#')
            end = stop;
        return Prompt { std::string(host), std::string(trim(body.substr(end))) };
    }
    if (end >= body.size() || (body[end] != '$' && body[end] != '#'))
        return std::nullopt;
    return Prompt { std::string(host), std::string(trim(body.substr(end + 1))) };
}

std::string_view outputHead(std::string_view t)
{
    if (startsWith(t, "CA '") && t.size() > 5 && t.back() == '\'')
        return "ibstat";
    if (startsWith(t, "Infiniband device '"))
        return "ibstatus";
    if (startsWith(t, "hca_id:"))
        return "ibv_devinfo";
    const auto words = splitWords(t);
    if (words.size() >= 2 && words[0].size() > 1 && words[0].back() == ':' && startsWith(words[1], "flags="))
        return "ifconfig";
    if (words.size() >= 3 && words[1] == "Link" && startsWith(words[2], "encap:"))
        return "ifconfig";
    return {};
}

bool isFence(std::string_view t)
{
    return startsWith(t, "```") || startsWith(t, "~~~");
}

bool isEllipsis(std::string_view t)
{
    if (t.empty())
        return false;
    std::string_view s = t;
    if ((s.front() == '[' && s.back() == ']') || (s.front() == '(' && s.back() == ')'))
        s = trim(s.substr(1, s.size() - 2));
    if (s == "snip" || s == "cut" || s == "truncated" || s == "...snip..." || s == "--snip--")
        return true;
    std::size_t i = 0;
    int dots = 0;
    while (i < s.size()) {
        if (s[i] == '.') {
            ++dots;
            ++i;
        } else if (s.substr(i, 3) == "\xe2\x80\xa6") { // U+2026
            dots += 3;
            i += 3;
        } else if (s[i] == ' ') {
            ++i;
        } else {
            return false;
        }
    }
    return dots >= 3;
}

std::optional<std::string> parseHeading(std::string_view raw)
{
    if (raw.empty() || raw.front() == ' ' || raw.front() == '\t')
        return std::nullopt;
    auto t = trim(raw);
    auto firstWord = [](std::string_view s) -> std::string_view {
        s = trim(s);
        auto sp = s.find_first_of(" \t(:,");
        return sp == std::string_view::npos ? s : s.substr(0, sp);
    };
    if (startsWith(t, "#")) {
        std::size_t n = 0;
        while (n < t.size() && t[n] == '#')
            ++n;
        if (n > 6 || n >= t.size() || t[n] != ' ')
            return std::nullopt;
        auto rest = trim(t.substr(n));
        // ucx_info -d prints its listing as "# Memory domain: efa_0", "#      Transport: srd", "#         Device:
        // efa_0:1": output to read, not a markdown heading naming a host "Memory" or "Device".
        for (std::string_view key : { "Memory domain:", "Component:", "Transport:", "Device:", "Connection manager:",
                 "Type:", "bandwidth:", "latency:", "overhead:", "capabilities:", "register:", "peer:", "lane[",
                 "UCP endpoint", "rma_bw:", "tag_send", "am_bw:", "stream_send:", "am_send:", "keepalive:" })
            if (startsWith(rest, key))
                return std::nullopt;
        if (startsWith(rest, "host ") || startsWith(rest, "Host "))
            rest = trim(rest.substr(5));
        auto w = firstWord(rest);
        // "# System device: mlx5_0 (0)", "#   max_qp: 1024": a key of several words before a colon is a listing's
        // line; "# node1: the outputs" names its host right before the colon.
        if (auto colon = rest.find(':'); colon != std::string_view::npos && colon > w.size())
            return std::nullopt;
        // A host heading is the name, perhaps with what follows it set off ("# node1 (10.0.0.1)", "# node1 - after
        // the fix"); a sentence after a '#' ("#   local memory handle is required") is a listing's or a comment's.
        if (const auto after = trim(rest.substr(w.size())); !after.empty() && !startsWith(after, "(")
            && !startsWith(after, ":") && !startsWith(after, "-") && !startsWith(after, "\u2014")
            && !startsWith(after, "\u2013") && !startsWith(after, "["))
            return std::nullopt;
        if (looksLikeHostName(w) && !isKnownProgram(w))
            return std::string(w);
        return std::nullopt;
    }
    for (auto [open, close] : { std::pair { "===", "===" }, std::pair { "---", "---" }, std::pair { "==>", "<==" },
             std::pair { "**", "**" }, std::pair { "***", "***" } }) {
        std::string_view o(open), c(close);
        if (t.size() > o.size() + c.size() && startsWith(t, o) && t.substr(t.size() - c.size()) == c) {
            auto inner = trim(t.substr(o.size(), t.size() - o.size() - c.size()));
            if (inner.find_first_not_of("=-*<> ") == std::string_view::npos)
                return std::nullopt;
            if (startsWith(inner, "host ") || startsWith(inner, "Host "))
                inner = trim(inner.substr(5));
            auto w = firstWord(inner);
            if (w.size() == inner.size() || inner.find('(') != std::string_view::npos || inner.find(':') == w.size())
                if (looksLikeHostName(w))
                    return std::string(w);
            return std::nullopt;
        }
    }
    if (startsWith(t, "Host:") || startsWith(t, "host:") || startsWith(t, "Hostname:")) {
        auto w = trim(t.substr(t.find(':') + 1));
        if (looksLikeHostName(w))
            return std::string(w);
        return std::nullopt;
    }
    if (t.size() > 1 && t.back() == ':' && t.find_first_of(" \t") == std::string_view::npos) {
        auto w = t.substr(0, t.size() - 1);
        // Labels an issue's text puts above its parts ("Cmd:", "Output:", "Configuration:") are not host names.
        static constexpr std::array kKeys = { "port", "hca_id", "NIC statistics", "Port", "GID", "statistics", "output",
            "server", "client", "before", "after", "Before", "After", "Output", "Server", "Client", "Cmd", "cmd",
            "Command", "command", "Commands", "Configuration", "Config", "Environment", "Env", "Log", "log", "Logs",
            "Error", "Errors", "Result", "Results", "Setup", "Steps" };
        if (std::find(kKeys.begin(), kKeys.end(), w) != kKeys.end() || w.find('[') != std::string_view::npos)
            return std::nullopt;
        if (looksLikeHostName(w) && !isKnownProgram(w))
            return std::string(w);
    }
    return std::nullopt;
}

std::string optionValue(std::string_view command, std::initializer_list<std::string_view> names)
{
    auto words = splitWords(command);
    for (std::size_t i = 0; i < words.size(); ++i) {
        for (auto n : names) {
            if (words[i] == n && i + 1 < words.size())
                return std::string(words[i + 1]);
            if (startsWith(n, "--") && startsWith(words[i], n) && words[i].size() > n.size()
                && words[i][n.size()] == '=')
                return std::string(words[i].substr(n.size() + 1));
        }
    }
    return {};
}

bool isTestTool(std::string_view p)
{
    return startsWith(p, "ib_send_") || startsWith(p, "ib_write_") || startsWith(p, "ib_read_")
        || startsWith(p, "ib_atomic_") || p == "ibv_rc_pingpong" || p == "ibv_ud_pingpong" || p == "ibv_uc_pingpong"
        || p == "ibv_srq_pingpong" || p == "qperf" || p == "rping";
}

bool isLauncher(std::string_view p)
{
    return p == "mpirun" || p == "mpiexec" || p == "oshrun" || p == "srun" || p == "torchrun" || p == "ucx_perftest"
        || p == "all_reduce_perf" || p == "fi_pingpong" || p == "fi_rdm_pingpong" || p == "env";
}

std::vector<AppLogEvent> commandEvents(std::string_view command, int line, bool testOptions)
{
    std::vector<AppLogEvent> out;
    for (auto token : splitWords(command)) {
        const auto eq = token.find('=');
        if (eq == std::string_view::npos || eq == 0
            || !std::all_of(token.begin(), token.begin() + static_cast<std::ptrdiff_t>(eq),
                [](char c) { return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'; }))
            continue;
        for (auto& e : scanAppLogLine(token, line).events)
            out.push_back(std::move(e));
    }
    const auto program = programOf(command);
    // Open MPI's launchers take MCA parameters as `-mca NAME VALUE` / `--mca NAME VALUE`: the same setting as
    // OMPI_MCA_NAME in the environment (`-mca pml ucx` says the run's transport is UCX, not the openib BTL).
    if (program == "mpirun" || program == "mpiexec" || program == "oshrun") {
        const auto words = splitWords(command);
        for (std::size_t i = 0; i + 2 < words.size(); ++i) {
            if (words[i] != "-mca" && words[i] != "--mca")
                continue;
            const auto name = words[i + 1];
            if (name.empty() || name.size() > 64 || !std::all_of(name.begin(), name.end(), [](char c) {
                    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
                }))
                continue;
            auto e = applog_detail::settingEvent("OMPI_MCA_" + std::string(name), words[i + 2]);
            e.family = "openmpi";
            e.text = printable(trim(command).substr(0, 400), 197);
            e.line = line;
            out.push_back(std::move(e));
            i += 2;
        }
    }
    // fi_info and fabtests take the provider as -p/--provider: the same choice as FI_PROVIDER in the environment.
    if (program == "fi_info" || startsWith(program, "fi_")) {
        if (auto provider = optionValue(command, { "-p", "--provider" }); !provider.empty()) {
            auto e = applog_detail::settingEvent("FI_PROVIDER", provider);
            e.text = printable(trim(command).substr(0, 400), 197);
            e.line = line;
            out.push_back(std::move(e));
        }
    }
    if (!testOptions || !isTestTool(program))
        return out;
    // perftest's GID index is -x (its -g is multicast and takes no value: `ib_send_bw -g -x 3` is index 3);
    // the ibv_*_pingpong examples' is -g.
    auto index = startsWith(program, "ib_") ? toInt(optionValue(command, { "-x", "--gid-index" }))
                                            : toInt(optionValue(command, { "-g", "--gid-idx" }));
    // A perftest side without -x is a fact too: it runs on the index perftest picks by itself, which the other
    // side's may not be.
    std::string_view server;
    const bool perftest = isPerftestCommand(command, &server);
    if ((!index || *index < 0) && !perftest)
        return out;
    AppLogEvent e;
    e.family = std::string(program);
    e.kind = index && *index >= 0 ? "gid-in-use" : "test-command";
    if (e.kind == "gid-in-use")
        e.gidIndex = index;
    if (perftest) {
        e.peer = std::string(server);
        const auto words = splitWords(command);
        e.rdmaCm = std::find(words.begin(), words.end(), "-R") != words.end()
            || std::find(words.begin(), words.end(), "--rdma_cm") != words.end();
    }
    e.device = optionValue(command, { "-d", "--ib-dev" });
    e.port = toInt(optionValue(command, { "-i", "--ib-port" }));
    e.text = printable(trim(command).substr(0, 400), 197);
    e.line = line;
    out.push_back(std::move(e));
    return out;
}

} // namespace rp::fragment_detail
