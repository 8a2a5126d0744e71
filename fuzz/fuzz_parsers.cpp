// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer entry point for the output parsers. One build per parser family (RP_FUZZ_FAMILY_*); the replay test
// builds it with RP_FUZZ_FAMILY_ALL. Every parser must return, never throw, never read out of bounds.
#include "parse/applog.h"
#include "parse/fragments.h"
#include "parse/parsers.h"
#include "parse/switch_show.h"
#include "util/text.h"
#include "util/textdecode.h"

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

[[maybe_unused]] void parseAs(std::initializer_list<rp::OutputKind> kinds, std::string_view text)
{
    for (auto kind : kinds) {
        auto out = rp::parseOutput(kind, text);
        for (auto& netdev : out.netdevs) {
            rp::DcbInfo merged;
            rp::mergeDcb(merged, netdev.dcb);
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    std::string_view text(reinterpret_cast<const char*>(data), size);
    using K [[maybe_unused]] = rp::OutputKind;
    (void)rp::detectKind(text);
#if defined(RP_FUZZ_FAMILY_GIDS) || defined(RP_FUZZ_FAMILY_ALL)
    parseAs({ K::ShowGids, K::IbvDevinfo, K::IbvDevices, K::Ibdev2netdev }, text);
    (void)rp::canonicalGid(text.substr(0, 64));
#endif
#if defined(RP_FUZZ_FAMILY_RDMA) || defined(RP_FUZZ_FAMILY_ALL)
    parseAs({ K::RdmaLink, K::RdmaDev, K::AmdSmiStatic }, text);
#endif
#if defined(RP_FUZZ_FAMILY_IP) || defined(RP_FUZZ_FAMILY_ALL)
    parseAs({ K::IpAddrJson, K::IpLinkJson, K::ProcNetVlan }, text);
#endif
#if defined(RP_FUZZ_FAMILY_DCB) || defined(RP_FUZZ_FAMILY_ALL)
    parseAs({ K::MlnxQos, K::DcbJson, K::Lldptool }, text);
#endif
#if defined(RP_FUZZ_FAMILY_FRAGMENTS) || defined(RP_FUZZ_FAMILY_ALL)
    (void)rp::importFragments(text, "fuzz");
    // What the troubleshooter reads is the decoded paste: UTF-16 (with its mark) must come out as UTF-8, with no
    // CR left alone.
    const std::string decoded = rp::decodeText(text);
    if ((text.starts_with("\xFF\xFE") || text.starts_with("\xFE\xFF")) && !rp::isValidUtf8(decoded))
        __builtin_trap();
    for (std::size_t i = 0; i < decoded.size(); ++i)
        if (decoded[i] == '\r' && (i + 1 == decoded.size() || decoded[i + 1] != '\n'))
            __builtin_trap();
    (void)rp::importFragments(decoded, "fuzz");
    // The switch readers straight, without the prompt a mutation may break: every line a fact cites is one of the
    // input's, every QoS group and CoS is 0..7, a log event's text is short valid UTF-8.
    std::vector<std::pair<int, std::string_view>> lines;
    for (std::size_t start = 0; start <= text.size();) {
        auto end = text.find('\n', start);
        lines.emplace_back(static_cast<int>(lines.size()) + 1,
            text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
        if (end == std::string_view::npos)
            break;
        start = end + 1;
    }
    const int lastLine = static_cast<int>(lines.size());
    std::vector<rp::SwitchPortQos> ports;
    (void)rp::parseSwitchShow("show queuing interface ethernet1/1", lines, "fuzz", ports);
    for (const auto& p : ports)
        for (const auto& q : p.queues) {
            if (q.group < 0 || q.group > 7 || q.dropsLine > lastLine || q.noDropLine > lastLine
                || q.prioritiesLine > lastLine)
                __builtin_trap();
            for (int cos : q.priorities)
                if (cos < 0 || cos > 7)
                    __builtin_trap();
        }
    ports.clear();
    (void)rp::parseSwitchShow("show logging", lines, "fuzz", ports);
    for (const auto& p : ports)
        for (const auto& e : p.log)
            if (e.line < 1 || e.line > lastLine || e.text.size() > 200 || !rp::isValidUtf8(e.text)
                || (e.kind != "qos-error" && !e.queue))
                __builtin_trap();
#endif
#if defined(RP_FUZZ_FAMILY_APPLOG) || defined(RP_FUZZ_FAMILY_ALL)
    // Each line alone, as the importer hands them over, then the whole text through the importer. An event always
    // names its family and kind, and its text is valid UTF-8 of at most 200 bytes.
    int lineNumber = 0;
    for (std::size_t start = 0; start <= text.size();) {
        auto end = text.find('\n', start);
        auto line = text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
        for (const auto& e : rp::scanAppLogLine(line, ++lineNumber).events)
            if (e.family.empty() || e.kind.empty() || e.text.size() > 200 || !rp::isValidUtf8(e.text)
                || e.line != lineNumber || (e.gidIndex && *e.gidIndex < 0))
                __builtin_trap();
        if (end == std::string_view::npos)
            break;
        start = end + 1;
    }
    (void)rp::readAppLogLine(text, 1);
    (void)rp::importFragments(text, "fuzz");
#endif
#if defined(RP_FUZZ_FAMILY_DETECT) || defined(RP_FUZZ_FAMILY_ALL)
    parseAs({ K::Unknown }, text);
#endif
    return 0;
}
