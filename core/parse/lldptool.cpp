// SPDX-License-Identifier: GPL-3.0-or-later
// lldptool -t -i IF -V PFC | ETS-CFG | APP, with or without -c (key=value form).
#include "parse/parsehelpers.h"
#include "parse/parsers.h"
#include "util/text.h"

#include <array>

namespace rp {

using namespace parse_detail;

namespace {

class LldptoolParser
{
public:
    DcbParse run(std::string_view text)
    {
        for (const auto& line : prepareLines(text, m_warnings))
            parseLine(line);
        flushApp();
        markSource(m_result.info, "lldptool");
        m_result.warnings = m_warnings.take();
        return std::move(m_result);
    }

private:
    enum class Section { None, EtsConfig, EtsRecommendation, Pfc, App, Other };

    struct PendingApp
    {
        int line = 0;
        std::optional<int> priority;
        std::optional<int> selector;
        std::optional<int> protocol;
    };

    void parseLine(const Line& line)
    {
        auto t = trim(line.text);
        if (auto ifname = interfaceFromCommandEcho(t); !ifname.empty())
            noteInterface(m_result, ifname, line.number, m_warnings);
        if (t.empty() || isTranscriptNoise(t))
            return;
        if (parseSectionHeader(t))
            return;
        if (m_section == Section::EtsRecommendation || m_section == Section::Other)
            return; // what the host recommends to its peer, chassis/port TLVs: not local DCB state
        if (auto eq = t.find('='); eq != std::string_view::npos && t.find(':') > eq) {
            parseConfigValue(line.number, trim(t.substr(0, eq)), trim(t.substr(eq + 1)));
            return;
        }
        auto kv = splitKeyValue(t);
        if (!kv) {
            noteUnavailableOrWarn(line.number, t);
            return;
        }
        switch (m_section) {
        case Section::EtsConfig:
            parseEtsField(line.number, kv->first, kv->second);
            break;
        case Section::Pfc:
            parsePfcField(line.number, kv->first, kv->second);
            break;
        case Section::App:
            parseAppField(line.number, kv->first, kv->second);
            break;
        case Section::EtsRecommendation:
        case Section::Other:
        case Section::None:
            noteUnavailableOrWarn(line.number, t);
            break;
        }
    }

    bool parseSectionHeader(std::string_view t)
    {
        if (t == "End of LLDPDU TLV" || (t.size() > 4 && t.substr(t.size() - 4) == " TLV")
            || (t.size() > 5 && t.substr(t.size() - 5) == " TLV:")) {
            flushApp();
            if (t.find("ETS Configuration") != std::string_view::npos)
                m_section = Section::EtsConfig;
            else if (t.find("ETS Recommendation") != std::string_view::npos)
                m_section = Section::EtsRecommendation;
            else if (t.find("PFC TLV") != std::string_view::npos)
                m_section = Section::Pfc;
            else if (t.find("APP TLV") != std::string_view::npos)
                m_section = Section::App;
            else
                m_section = Section::Other;
            return true;
        }
        return false;
    }

    void noteUnavailableOrWarn(int number, std::string_view t)
    {
        auto l = lower(t);
        if (l.find("not found") != std::string::npos || l.find("inactive") != std::string::npos
            || l.find("failed") != std::string::npos || l.find("not supported") != std::string::npos) {
            if (m_result.info.unavailable.empty())
                m_result.info.unavailable = "lldptool: " + std::string(t);
            return;
        }
        m_warnings.add(number, "not lldptool output: " + excerpt(t));
    }

    std::optional<bool> yesNo(int number, std::string_view value)
    {
        auto v = lower(value);
        if (v == "yes" || v == "1" || v == "true")
            return true;
        if (v == "no" || v == "0" || v == "false")
            return false;
        m_warnings.add(number, "expected yes or no, got " + excerpt(value));
        return std::nullopt;
    }

    void setWilling(int number, std::string_view value)
    {
        if (auto w = yesNo(number, value); w && !m_result.info.willing)
            m_result.info.willing = w;
    }

    /// "0:0 1:1 ..." or "0:0,1:1,..." -> prio/TC -> value.
    template <class T, class Convert>
    std::optional<std::array<T, 8>> slotMap(int number, std::string_view value, Convert convert, std::string_view what)
    {
        std::array<T, 8> out {};
        std::array<bool, 8> seen {};
        bool ok = true;
        for (auto pair : splitWords(value, " \t,")) {
            auto kv = splitKeyValue(pair);
            auto slot = kv ? toInt(kv->first) : std::nullopt;
            auto converted = kv ? convert(kv->second) : std::nullopt;
            if (!slot || *slot < 0 || *slot > 7 || !converted) {
                ok = false;
                break;
            }
            out[static_cast<std::size_t>(*slot)] = *converted;
            seen[static_cast<std::size_t>(*slot)] = true;
        }
        for (bool s : seen)
            ok = ok && s;
        if (!ok) {
            m_warnings.add(number, std::string(what) + " does not hold 8 readable entries; ignored");
            return std::nullopt;
        }
        return out;
    }

    static std::optional<int> tcNumber(std::string_view s)
    {
        auto v = toInt(s);
        return v && *v >= 0 && *v <= 7 ? v : std::nullopt;
    }

    static std::optional<std::string> tsa(std::string_view s)
    {
        if (s == "ets" || s == "strict" || s == "vendor")
            return std::string(s);
        if (s == "cbshaper" || s == "cbs")
            return std::string("cbs");
        return std::nullopt;
    }

    std::optional<std::array<int, 8>> bandwidths(int number, std::string_view value)
    {
        std::array<int, 8> out {};
        auto words = splitWords(value, " \t,");
        bool ok = words.size() == 8;
        for (std::size_t i = 0; ok && i < words.size(); ++i) {
            auto w = words[i];
            if (!w.empty() && w.back() == '%')
                w.remove_suffix(1);
            auto v = toInt(w);
            ok = v && *v >= 0 && *v <= 100;
            out[i] = v.value_or(0);
        }
        if (!ok) {
            m_warnings.add(number, "TC bandwidth does not hold 8 percentages; ignored");
            return std::nullopt;
        }
        return out;
    }

    std::optional<std::array<bool, 8>> pfcPriorities(int number, std::string_view value)
    {
        std::array<bool, 8> out {};
        if (lower(value) == "none")
            return out;
        for (auto w : splitWords(value, " \t,")) {
            auto p = toInt(w);
            if (!p || *p < 0 || *p > 7) {
                m_warnings.add(number, "unreadable PFC priority list " + excerpt(value));
                return std::nullopt;
            }
            out[static_cast<std::size_t>(*p)] = true;
        }
        return out;
    }

    void parseEtsField(int number, std::string_view key, std::string_view value)
    {
        auto& info = m_result.info;
        if (key == "Willing")
            setWilling(number, value);
        else if (key == "PRIO_MAP")
            info.prioToTc = slotMap<int>(number, value, tcNumber, key);
        else if (key == "TC Bandwidth")
            info.tcBandwidth = bandwidths(number, value);
        else if (key == "TSA_MAP")
            info.tcTsa = slotMap<std::string>(number, value, tsa, key);
    }

    void parsePfcField(int number, std::string_view key, std::string_view value)
    {
        if (key == "Willing")
            setWilling(number, value);
        else if (key == "PFC enabled")
            m_result.info.pfcEnabled = pfcPriorities(number, value);
    }

    /// "App#0:" then "Priority: 3", "Sel: 5", "<protocol label>: 26".
    void parseAppField(int number, std::string_view key, std::string_view value)
    {
        if (startsWith(lower(key), "app#")) {
            flushApp();
            m_app = PendingApp { number, {}, {}, {} };
            return;
        }
        if (!m_app) {
            m_warnings.add(number, "APP field outside an App# entry");
            return;
        }
        if (key == "Priority")
            m_app->priority = toInt(value);
        else if (key == "Sel")
            m_app->selector = toInt(value);
        else
            m_app->protocol = toInt(value, startsWith(value, "0x") ? 16 : 10);
    }

    void addApp(int number, std::optional<int> priority, std::optional<int> selector, std::optional<int> protocol)
    {
        if (!priority || !selector || !protocol || *priority < 0 || *priority > 7) {
            m_warnings.add(number, "unreadable APP entry");
            return;
        }
        if (*selector != 5)
            return; // ethertype / port entries do not map DSCP
        if (*protocol < 0 || *protocol > 63) {
            m_warnings.add(number, "DSCP " + std::to_string(*protocol) + " is out of range");
            return;
        }
        m_result.info.dscpToPrio[*protocol] = *priority;
    }

    void flushApp()
    {
        if (m_app)
            addApp(m_app->line, m_app->priority, m_app->selector, m_app->protocol);
        m_app.reset();
    }

    /// -c form: "willing=yes", "enabled=3,4", "up2tc=0:0,1:0,...", "tcbw=...", "tsa=0:ets,...", "app=3,5,26".
    void parseConfigValue(int number, std::string_view key, std::string_view value)
    {
        auto& info = m_result.info;
        if (key == "willing") {
            setWilling(number, value);
        } else if (key == "enabled") {
            info.pfcEnabled = pfcPriorities(number, value);
        } else if (key == "up2tc") {
            info.prioToTc = slotMap<int>(number, value, tcNumber, key);
        } else if (key == "tcbw") {
            info.tcBandwidth = bandwidths(number, value);
        } else if (key == "tsa") {
            info.tcTsa = slotMap<std::string>(number, value, tsa, key);
        } else if (key == "app") {
            auto fields = splitWords(value, " \t,()");
            if (fields.size() != 3) {
                m_warnings.add(number, "app entry is not prio,sel,protocol: " + excerpt(value));
                return;
            }
            addApp(number, toInt(fields[0]), toInt(fields[1]), toInt(fields[2]));
        }
        // enableTx, numtcs, delay, ...: nothing the model keeps
    }

    Warnings m_warnings;
    DcbParse m_result;
    Section m_section = Section::None;
    std::optional<PendingApp> m_app;
};

} // namespace

namespace parse_detail {

DcbParse parseLldptoolDetailed(std::string_view text)
{
    return LldptoolParser().run(text);
}

} // namespace parse_detail

Parsed<DcbInfo> parseLldptool(std::string_view text)
{
    auto result = parseLldptoolDetailed(text);
    return { std::move(result.info), std::move(result.warnings) };
}

} // namespace rp
