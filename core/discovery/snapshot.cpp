// SPDX-License-Identifier: GPL-3.0-or-later
#include "discovery/snapshot.h"

#include "util/text.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <random>
#include <system_error>

namespace fs = std::filesystem;

namespace rp {

bool Snapshot::hasTool(const std::string& name) const
{
    return std::ranges::find(tools, name) != tools.end();
}

const std::string* Snapshot::file(const std::string& path) const
{
    auto it = files.find(path);
    return it == files.end() ? nullptr : &it->second;
}

const Snapshot::Section* Snapshot::section(const std::string& name) const
{
    auto it = sections.find(name);
    return it == sections.end() ? nullptr : &it->second;
}

const std::string& collectorScript()
{
    // The net files are named one by one: a recursive read of /sys/class/net/X would walk queues/ and
    // statistics/ for nothing. grep -s hides the EINVAL of empty GID slots, which is normal, not an error.
    static const std::string script = R"SH(N="$1"
sec() { printf '\n@@RP %s begin %s\n' "$N" "$1"; }
end() { printf '\n@@RP %s end %s\n' "$N" "$1"; }
sec tools
for t in ip rdma ibv_devinfo dcb mlnx_qos lldptool; do command -v "$t" >/dev/null 2>&1 && printf '%s\n' "$t"; done
end 0
sec files
set -- /proc/sys/kernel/hostname /proc/sys/kernel/osrelease /etc/os-release
for d in /sys/class/infiniband/*; do [ -e "$d" ] && set -- "$@" "$d/"; done
for d in /sys/class/net/*; do
  [ -e "$d" ] || continue
  set -- "$@" "$d/mtu" "$d/operstate" "$d/address" "$d/ifindex" "$d/iflink" "$d/type" "$d/speed"
  [ -d "$d/bonding" ] && set -- "$@" "$d/bonding/slaves" "$d/bonding/mode"
done
[ -d /proc/net/vlan ] && set -- "$@" /proc/net/vlan/
LC_ALL=C grep -a -r -H -s '' "$@"
end 0
sec links
for d in /sys/class/infiniband/*; do
  [ -e "$d" ] || continue
  b=${d##*/}
  [ -L "$d/device/driver" ] && printf 'driver %s %s\n' "$b" "$(readlink "$d/device/driver")"
  for n in "$d"/device/net/*; do [ -e "$n" ] && printf 'net %s %s\n' "$b" "${n##*/}"; done
done
end 0
if command -v ip >/dev/null 2>&1; then
  sec ip-addr
  # A link added or removed during the netlink dump interrupts it ("Dump was interrupted"): read again.
  rc=1
  for try in 1 2 3; do
    if out=$(ip -d -j addr show 2>/dev/null); then rc=0; printf '%s\n' "$out"; break; else rc=$?; sleep 0.2; fi
  done
  end $rc
fi
if command -v rdma >/dev/null 2>&1; then sec rdma-link; rdma -j link show 2>/dev/null; end $?; fi
if command -v ibv_devinfo >/dev/null 2>&1 && [ -d /sys/class/infiniband ]; then sec ibv_devinfo; ibv_devinfo 2>&1; end $?; fi
)SH";
    return script;
}

namespace {

constexpr std::string_view kMarker = "@@RP ";

} // namespace

Snapshot parseCollectorOutput(const std::string& output, const std::string& nonce, std::vector<std::string>& notes)
{
    Snapshot snap;
    const std::string begin = std::string(kMarker) + nonce + " begin ";
    const std::string end = std::string(kMarker) + nonce + " end ";
    std::string current;
    std::string body;
    int lineNo = 0;
    for (auto line : splitLines(output)) {
        ++lineNo;
        if (startsWith(line, begin)) {
            if (!current.empty())
                notes.push_back(
                    "collector: section '" + current + "' was not closed (line " + std::to_string(lineNo) + ")");
            current = std::string(line.substr(begin.size()));
            body.clear();
            continue;
        }
        if (startsWith(line, end)) {
            if (current.empty()) {
                notes.push_back("collector: stray end marker at line " + std::to_string(lineNo));
                continue;
            }
            int rc = -1;
            auto rcText = line.substr(end.size());
            std::from_chars(rcText.data(), rcText.data() + rcText.size(), rc);
            // The script prints a blank line before each marker so a last line without newline stays apart.
            if (!body.empty() && body.back() == '\n')
                body.pop_back();
            if (!body.empty() && body.back() == '\n')
                body.pop_back();
            if (current == "files") {
                for (auto fileLine : splitLines(body)) {
                    if (fileLine.empty())
                        continue;
                    auto colon = fileLine.find(':');
                    if (colon == std::string_view::npos || fileLine.front() != '/') {
                        notes.push_back(
                            "collector: unexpected line in file dump: '" + std::string(fileLine.substr(0, 80)) + "'");
                        continue;
                    }
                    auto path = std::string(fileLine.substr(0, colon));
                    auto value = fileLine.substr(colon + 1);
                    auto [slot, inserted] = snap.files.try_emplace(path);
                    if (!inserted)
                        slot->second += '\n';
                    slot->second += value;
                }
            } else if (current == "links") {
                for (auto linkLine : splitLines(body)) {
                    auto parts = std::string(linkLine);
                    auto s1 = parts.find(' ');
                    auto s2 = s1 == std::string::npos ? std::string::npos : parts.find(' ', s1 + 1);
                    if (s2 == std::string::npos)
                        continue;
                    auto kind = parts.substr(0, s1);
                    auto device = parts.substr(s1 + 1, s2 - s1 - 1);
                    auto value = parts.substr(s2 + 1);
                    if (kind == "driver")
                        snap.driverLinks[device] = value;
                    else if (kind == "net")
                        snap.deviceNetdevs[device].push_back(value);
                }
            } else if (current == "tools") {
                for (auto toolLine : splitLines(body)) {
                    auto tool = trim(toolLine);
                    if (!tool.empty())
                        snap.tools.emplace_back(tool);
                }
            } else {
                snap.sections[current] = Snapshot::Section { rc, body };
            }
            current.clear();
            body.clear();
            continue;
        }
        if (!current.empty()) {
            body.append(line);
            body += '\n';
        }
    }
    if (!current.empty())
        notes.push_back("collector: output ended inside section '" + current + "' (truncated?)");
    return snap;
}

namespace {

void readFileInto(Snapshot& snap, const fs::path& real, const std::string& hostPath)
{
    std::error_code ec;
    if (!fs::is_regular_file(real, ec))
        return;
    std::ifstream in(real, std::ios::binary);
    if (!in)
        return;
    std::string data;
    char buf[4096];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
        data.append(buf, static_cast<std::size_t>(in.gcount()));
        if (data.size() > (1u << 20))
            break; // no sysfs attribute is this large; a fixture that is, is not one
    }
    // sysfs attributes that fail to read (EINVAL for empty GID slots) leave the stream bad: treat as absent.
    if (in.bad())
        return;
    while (!data.empty() && (data.back() == '\n' || data.back() == '\r'))
        data.pop_back();
    // Match grep's view: empty files print nothing.
    if (data.empty())
        return;
    snap.files[hostPath] = std::move(data);
}

void readTreeInto(Snapshot& snap, const fs::path& realDir, const std::string& hostDir, int depth)
{
    if (depth > 8)
        return;
    std::error_code ec;
    for (fs::directory_iterator it(realDir, ec), endIt; !ec && it != endIt; it.increment(ec)) {
        const auto& entry = *it;
        auto name = entry.path().filename().string();
        auto hostPath = hostDir + "/" + name;
        std::error_code sec;
        if (entry.is_symlink(sec))
            continue; // grep -r does not follow symlinks below its arguments either
        if (entry.is_directory(sec))
            readTreeInto(snap, entry.path(), hostPath, depth + 1);
        else
            readFileInto(snap, entry.path(), hostPath);
    }
}

std::vector<fs::path> listDir(const fs::path& dir)
{
    std::vector<fs::path> out;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), endIt; !ec && it != endIt; it.increment(ec))
        out.push_back(it->path());
    std::ranges::sort(out);
    return out;
}

} // namespace

Result<Snapshot> readTreeSnapshot(const std::string& root)
{
    std::error_code ec;
    fs::path base(root.empty() ? "/" : root);
    if (!fs::is_directory(base, ec))
        return fail(ErrorKind::Io, "not a directory", root);
    auto real = [&](const std::string& hostPath) { return base / hostPath.substr(1); };
    Snapshot snap;
    for (const char* f : { "/proc/sys/kernel/hostname", "/proc/sys/kernel/osrelease", "/etc/os-release" })
        readFileInto(snap, real(f), f);
    for (const auto& dev : listDir(real("/sys/class/infiniband"))) {
        auto name = dev.filename().string();
        auto hostDir = "/sys/class/infiniband/" + name;
        readTreeInto(snap, dev, hostDir, 0);
        std::error_code lec;
        auto driver = fs::read_symlink(dev / "device" / "driver", lec);
        if (!lec)
            snap.driverLinks[name] = driver.string();
        for (const auto& net : listDir(dev / "device" / "net"))
            snap.deviceNetdevs[name].push_back(net.filename().string());
    }
    for (const auto& dev : listDir(real("/sys/class/net"))) {
        auto hostDir = "/sys/class/net/" + dev.filename().string();
        for (const char* f :
            { "mtu", "operstate", "address", "ifindex", "iflink", "type", "speed", "bonding/slaves", "bonding/mode" })
            readFileInto(snap, dev / f, hostDir + "/" + f);
    }
    readTreeInto(snap, real("/proc/net/vlan"), "/proc/net/vlan", 0);
    if (snap.files.empty() && snap.driverLinks.empty())
        return fail(ErrorKind::Io, "no sysfs, proc or etc files found below this root", root);
    return snap;
}

std::string makeNonce()
{
    std::random_device rd;
    static constexpr char hex[] = "0123456789abcdef";
    std::string nonce;
    for (int i = 0; i < 16; ++i)
        nonce += hex[rd() & 0xf];
    return nonce;
}

} // namespace rp
