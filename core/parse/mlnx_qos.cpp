// SPDX-License-Identifier: GPL-3.0-or-later
// mlnx_qos -i IF (MLNX_OFED / mlnx-tools).
#include "parse/parsehelpers.h"
#include "parse/parsers.h"
#include "util/text.h"

#include <array>

namespace rp {

using namespace parse_detail;

namespace {

class MlnxQosParser
{
public:
    DcbParse run(std::string_view text)
    {
        for (const auto& line : prepareLines(text, m_warnings))
            parseLine(line);
        finish();
        markSource(m_result.info, "mlnx_qos");
        m_result.warnings = m_warnings.take();
        return std::move(m_result);
    }

private:
    enum class Section { None, DscpMap, Pfc, Tc };

    void parseLine(const Line& line)
    {
        auto t = trim(line.text);
        if (auto ifname = interfaceFromCommandEcho(t); !ifname.empty())
            noteInterface(m_result, ifname, line.number, m_warnings);
        if (t.empty() || isTranscriptNoise(t))
            return;
        auto& info = m_result.info;
        auto kv = splitKeyValue(t);
        auto lowerKey = kv ? lower(kv->first) : std::string();
        if (kv && lowerKey == "dcbx mode") {
            auto mode = lower(kv->second);
            info.dcbxMode = startsWith(mode, "os") ? "os" : startsWith(mode, "firmware") ? "firmware" : mode;
        } else if (kv && (lowerKey == "priority trust state" || lowerKey == "trust state")) {
            info.trust = lower(kv->second);
        } else if (lowerKey == "dscp2prio mapping") {
            m_section = Section::DscpMap;
        } else if (lowerKey == "pfc configuration") {
            m_section = Section::Pfc;
        } else if (startsWith(t, "prio:") && m_section == Section::DscpMap) {
            parseDscpRow(line.number, t);
        } else if (startsWith(t, "tc:")) {
            parseTcRow(line.number, t);
        } else if (startsWith(t, "priority:") && m_section == Section::Tc) {
            parseTcPriorities(line.number, t);
        } else if (m_section == Section::Pfc && startsWith(t, "enabled")) {
            parsePfcRow(line.number, t);
        } else if (m_section == Section::Pfc && (startsWith(t, "priority") || startsWith(t, "buffer"))) {
            return;
        } else if (t.find("not supported") != std::string_view::npos || startsWith(t, "Error")) {
            if (info.unavailable.empty())
                info.unavailable = "mlnx_qos: " + std::string(t);
        } else if (!isQuietLine(lowerKey, t)) {
            m_warnings.add(line.number, "not mlnx_qos output: " + excerpt(t));
        }
    }

    static bool isQuietLine(const std::string& lowerKey, std::string_view t)
    {
        auto l = lower(t);
        return lowerKey == "cable len" || lowerKey == "default priority" || l.find("buffer") != std::string::npos
            || startsWith(l, "tc ratelimit") || startsWith(l, "rate limit");
    }

    /// "prio:3 dscp:31,30,29,28,27,26,25,24,"
    void parseDscpRow(int number, std::string_view t)
    {
        auto words = splitWords(t);
        auto prio = words.size() == 2 && startsWith(words[1], "dscp:") ? toInt(words[0].substr(5)) : std::nullopt;
        if (!prio || *prio < 0 || *prio > 7) {
            m_warnings.add(number, "unreadable dscp2prio row " + excerpt(t));
            return;
        }
        for (auto d : splitWords(words[1].substr(5), ",")) {
            auto dscp = toInt(d);
            if (!dscp || *dscp < 0 || *dscp > 63) {
                m_warnings.add(number, "unreadable DSCP value " + excerpt(d));
                continue;
            }
            m_result.info.dscpToPrio[*dscp] = *prio;
        }
    }

    /// "enabled     0   0   0   1   0   0   0   0"
    void parsePfcRow(int number, std::string_view t)
    {
        auto words = splitWords(t);
        std::array<bool, 8> enabled {};
        bool ok = words.size() == 9;
        for (std::size_t i = 1; ok && i < words.size(); ++i) {
            ok = words[i] == "0" || words[i] == "1";
            enabled[i - 1] = words[i] == "1";
        }
        if (!ok) {
            m_warnings.add(number, "PFC 'enabled' row does not hold 8 values of 0 or 1");
            return;
        }
        m_result.info.pfcEnabled = enabled;
    }

    /// "tc: 3 ratelimit: unlimited, tsa: ets, bw: 50%" (bw only for ETS classes).
    void parseTcRow(int number, std::string_view t)
    {
        m_section = Section::Tc;
        m_tc.reset();
        auto fields = splitWords(t, ",");
        auto tcWords = splitWords(fields[0]);
        auto tc = tcWords.size() >= 2 ? toInt(tcWords[1]) : std::nullopt;
        if (!tc || *tc < 0 || *tc > 7) {
            m_warnings.add(number, "unreadable traffic class row " + excerpt(t));
            return;
        }
        m_tc = tc;
        auto slot = static_cast<std::size_t>(*tc);
        for (auto field : fields) {
            auto kv = splitKeyValue(field);
            if (!kv)
                continue;
            if (kv->first == "tsa") {
                m_tsa[slot] = lower(kv->second);
            } else if (kv->first == "bw") {
                auto value = kv->second;
                if (!value.empty() && value.back() == '%')
                    value.remove_suffix(1);
                auto bw = toInt(value);
                if (!bw || *bw < 0 || *bw > 100) {
                    m_warnings.add(number, "unreadable bandwidth " + excerpt(kv->second));
                    m_bw[slot].reset();
                } else {
                    m_bw[slot] = bw;
                }
            }
        }
        if (m_tsa[slot].empty())
            m_warnings.add(number, "traffic class " + std::to_string(*tc) + " has no tsa");
    }

    void parseTcPriorities(int number, std::string_view t)
    {
        if (!m_tc)
            return;
        for (auto word : splitWords(t.substr(9), " \t,")) {
            auto prio = toInt(word);
            if (!prio || *prio < 0 || *prio > 7) {
                m_warnings.add(number, "unreadable priority " + excerpt(word));
                continue;
            }
            m_prioTc[static_cast<std::size_t>(*prio)] = m_tc;
        }
    }

    void finish()
    {
        auto& info = m_result.info;
        int tcs = 0, prios = 0;
        std::array<std::string, 8> tsa;
        std::array<int, 8> bw {};
        std::array<int, 8> prioTc {};
        bool bwComplete = true;
        for (std::size_t i = 0; i < 8; ++i) {
            tcs += m_tsa[i].empty() ? 0 : 1;
            tsa[i] = m_tsa[i];
            // mlnx_qos prints a bandwidth only for ETS classes; the others get none (0 %).
            bw[i] = m_bw[i].value_or(0);
            if (!m_bw[i] && m_tsa[i] == "ets")
                bwComplete = false;
            prios += m_prioTc[i] ? 1 : 0;
            prioTc[i] = m_prioTc[i].value_or(0);
        }
        if (tcs == 8) {
            info.tcTsa = tsa;
            if (bwComplete)
                info.tcBandwidth = bw;
        } else if (tcs > 0) {
            m_warnings.add(0, "only " + std::to_string(tcs) + " of 8 traffic classes are listed; ETS left unread");
        }
        if (prios == 8)
            info.prioToTc = prioTc;
        else if (tcs > 0)
            m_warnings.add(0,
                "only " + std::to_string(prios)
                    + " of 8 priorities are assigned to a traffic class; priority map left unread");
    }

    Warnings m_warnings;
    DcbParse m_result;
    Section m_section = Section::None;
    std::optional<int> m_tc;
    std::array<std::string, 8> m_tsa;
    std::array<std::optional<int>, 8> m_bw;
    std::array<std::optional<int>, 8> m_prioTc;
};

} // namespace

namespace parse_detail {

DcbParse parseMlnxQosDetailed(std::string_view text)
{
    return MlnxQosParser().run(text);
}

} // namespace parse_detail

Parsed<DcbInfo> parseMlnxQos(std::string_view text)
{
    auto result = parseMlnxQosDetailed(text);
    return { std::move(result.info), std::move(result.warnings) };
}

} // namespace rp
