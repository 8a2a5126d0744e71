// SPDX-License-Identifier: GPL-3.0-or-later
// iproute2 `dcb` (JSON and plain text), and merging DCB facts from several sources.
#include "parse/parsehelpers.h"
#include "parse/parsers.h"
#include "util/text.h"

#include <array>

namespace rp {

using namespace parse_detail;

namespace parse_detail {

std::optional<int> dscpValue(std::string_view text)
{
    auto upper = std::string(text);
    for (auto& c : upper)
        c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    std::optional<int> value = toInt(text);
    if (!value && upper.size() == 3 && startsWith(upper, "CS") && upper[2] >= '0' && upper[2] <= '7')
        value = (upper[2] - '0') * 8;
    else if (!value && upper.size() == 4 && startsWith(upper, "AF") && upper[2] >= '1' && upper[2] <= '4'
        && upper[3] >= '1' && upper[3] <= '3')
        value = (upper[2] - '0') * 8 + (upper[3] - '0') * 2;
    else if (!value && upper == "EF")
        value = 46;
    else if (!value && upper == "VA")
        value = 44;
    else if (!value && upper == "LE")
        value = 1;
    if (!value || *value < 0 || *value > 63)
        return std::nullopt;
    return value;
}

void noteInterface(DcbParse& result, std::string_view ifname, int line, Warnings& warnings)
{
    if (ifname.empty())
        return;
    if (result.ifname.empty()) {
        result.ifname = std::string(ifname);
    } else if (result.ifname != ifname) {
        warnings.add(line,
            "this text covers more than one interface (" + result.ifname + ", " + std::string(ifname)
                + "); everything was read as " + result.ifname);
    }
}

void markSource(DcbInfo& info, std::string_view source)
{
    bool any = info.pfcEnabled || info.prioToTc || info.tcBandwidth || info.tcTsa || info.trust
        || !info.dscpToPrio.empty() || info.dcbxMode || info.willing;
    if (any && info.source.empty())
        info.source = std::string(source);
}

} // namespace parse_detail

namespace {

// ---------------------------------------------------------------------------------------------- JSON

/// An 8-slot array from a JSON list or a {"0": ...} object; nullopt (with a warning) when a slot is missing or bad.
template <class T, class Convert>
std::optional<std::array<T, 8>> eightOf(
    const nlohmann::json& value, Convert convert, const char* what, int number, Warnings& warnings)
{
    std::array<T, 8> out {};
    std::array<bool, 8> seen {};
    auto put = [&](std::size_t slot, const nlohmann::json& item) {
        if (slot >= 8)
            return false;
        auto converted = convert(item);
        if (!converted)
            return false;
        out[slot] = *converted;
        seen[slot] = true;
        return true;
    };
    bool ok = true;
    if (value.is_array()) {
        ok = value.size() == 8;
        for (std::size_t i = 0; ok && i < value.size(); ++i)
            ok = put(i, value[i]);
    } else if (value.is_object()) {
        for (auto it = value.begin(); ok && it != value.end(); ++it) {
            auto slot = toInt(it.key());
            ok = slot && *slot >= 0 && put(static_cast<std::size_t>(*slot), it.value());
        }
    } else {
        ok = false;
    }
    for (bool s : seen)
        ok = ok && s;
    if (!ok) {
        warnings.add(number, std::string(what) + " does not hold 8 readable values; ignored");
        return std::nullopt;
    }
    return out;
}

std::optional<bool> onOff(const nlohmann::json& v)
{
    if (v.is_boolean())
        return v.get<bool>();
    if (v.is_string()) {
        const auto& s = v.get_ref<const std::string&>();
        if (s == "on" || s == "true")
            return true;
        if (s == "off" || s == "false")
            return false;
    }
    if (auto i = jsonIntValue(v); i && (*i == 0 || *i == 1))
        return *i == 1;
    return std::nullopt;
}

std::optional<int> rangedInt(const nlohmann::json& v, int low, int high)
{
    auto i = jsonIntValue(v);
    if (!i || *i < low || *i > high)
        return std::nullopt;
    return i;
}

std::optional<std::string> tsaWord(std::string_view s)
{
    if (s == "strict" || s == "ets" || s == "vendor" || s == "cbs")
        return std::string(s);
    return std::nullopt;
}

std::optional<std::string> tsaName(const nlohmann::json& v)
{
    if (!v.is_string())
        return std::nullopt;
    return tsaWord(v.get_ref<const std::string&>());
}

void readDscpPrio(const nlohmann::json& list, DcbInfo& info, int number, Warnings& warnings)
{
    if (!list.is_array()) {
        warnings.add(number, "dscp_prio is not a list");
        return;
    }
    for (const auto& pair : list) {
        std::optional<int> dscp, prio;
        if (pair.is_array() && pair.size() >= 2) {
            dscp = pair[0].is_string() ? dscpValue(pair[0].get_ref<const std::string&>()) : rangedInt(pair[0], 0, 63);
            prio = rangedInt(pair[1], 0, 7);
        }
        if (!dscp || !prio) {
            warnings.add(number, "unreadable dscp_prio entry");
            continue;
        }
        info.dscpToPrio[*dscp] = *prio;
    }
}

void readTrustOrder(const nlohmann::json& order, DcbInfo& info, int number, Warnings& warnings)
{
    if (!order.is_array()) {
        warnings.add(number, "apptrust order is not a list");
        return;
    }
    for (const auto& item : order) {
        if (item.is_string() && (item == "dscp" || item == "pcp")) {
            info.trust = item.get<std::string>();
            return;
        }
    }
}

void readDcbObject(int number, const nlohmann::json& object, DcbInfo& info, Warnings& warnings)
{
    if (!object.is_object()) {
        warnings.add(number, "expected a JSON object from dcb");
        return;
    }
    if (auto it = object.find("prio_pfc"); it != object.end())
        info.pfcEnabled = eightOf<bool>(*it, onOff, "prio_pfc", number, warnings);
    if (auto it = object.find("prio_tc"); it != object.end())
        info.prioToTc = eightOf<int>(
            *it, [](const nlohmann::json& v) { return rangedInt(v, 0, 7); }, "prio_tc", number, warnings);
    if (auto it = object.find("tc_bw"); it != object.end())
        info.tcBandwidth = eightOf<int>(
            *it, [](const nlohmann::json& v) { return rangedInt(v, 0, 100); }, "tc_bw", number, warnings);
    if (auto it = object.find("tc_tsa"); it != object.end())
        info.tcTsa = eightOf<std::string>(*it, tsaName, "tc_tsa", number, warnings);
    if (auto it = object.find("dscp_prio"); it != object.end())
        readDscpPrio(*it, info, number, warnings);
    if (auto it = object.find("order"); it != object.end())
        readTrustOrder(*it, info, number, warnings);
    if (auto willing = jsonBool(object, "willing"))
        info.willing = willing;
    // `dcb dcbx show`: one true flag per mode bit.
    if (jsonBool(object, "host").value_or(false))
        info.dcbxMode = "host";
    else if (jsonBool(object, "lld_managed").value_or(false))
        info.dcbxMode = "lld-managed";
}

// ---------------------------------------------------------------------------------------------- text

/// "0:on 1:off ..." words after a key, as an 8-slot array.
template <class T, class Convert>
std::optional<std::array<T, 8>> eightFromWords(const std::vector<std::string_view>& words, std::size_t from,
    Convert convert, std::string_view what, int number, Warnings& warnings)
{
    std::array<T, 8> out {};
    std::array<bool, 8> seen {};
    bool ok = true;
    for (std::size_t i = from; i < words.size() && words[i].find(':') != std::string_view::npos; ++i) {
        auto kv = splitKeyValue(words[i]);
        if (!kv) {
            ok = false;
            break;
        }
        auto slot = toInt(kv->first);
        auto value = convert(kv->second);
        if (!slot || *slot < 0 || *slot > 7 || !value) {
            ok = false;
            break;
        }
        out[static_cast<std::size_t>(*slot)] = *value;
        seen[static_cast<std::size_t>(*slot)] = true;
    }
    for (bool s : seen)
        ok = ok && s;
    if (!ok) {
        warnings.add(number, std::string(what) + " does not hold 8 readable values; ignored");
        return std::nullopt;
    }
    return out;
}

std::optional<int> intIn(std::string_view s, int low, int high)
{
    auto v = toInt(s);
    if (!v || *v < low || *v > high)
        return std::nullopt;
    return v;
}

bool readDcbTextLine(int number, std::string_view t, DcbInfo& info, Warnings& warnings)
{
    auto words = splitWords(t);
    auto key = words.front();
    auto onOffWord = [](std::string_view s) -> std::optional<bool> {
        if (s == "on")
            return true;
        if (s == "off")
            return false;
        return std::nullopt;
    };
    bool known = false;
    for (std::size_t i = 0; i < words.size(); ++i) {
        auto w = words[i];
        if (w == "prio-pfc") {
            info.pfcEnabled = eightFromWords<bool>(words, i + 1, onOffWord, w, number, warnings);
        } else if (w == "prio-tc") {
            info.prioToTc = eightFromWords<int>(
                words, i + 1, [](std::string_view s) { return intIn(s, 0, 7); }, w, number, warnings);
        } else if (w == "tc-bw") {
            info.tcBandwidth = eightFromWords<int>(
                words, i + 1, [](std::string_view s) { return intIn(s, 0, 100); }, w, number, warnings);
        } else if (w == "tc-tsa") {
            info.tcTsa = eightFromWords<std::string>(words, i + 1, tsaWord, w, number, warnings);
        } else if (w == "willing" && i + 1 < words.size()) {
            info.willing = onOffWord(words[i + 1]);
        } else if (w == "dscp-prio") {
            for (std::size_t j = i + 1; j < words.size() && words[j].find(':') != std::string_view::npos; ++j) {
                auto kv = splitKeyValue(words[j]);
                auto dscp = dscpValue(kv->first);
                auto prio = intIn(kv->second, 0, 7);
                if (dscp && prio)
                    info.dscpToPrio[*dscp] = *prio;
                else
                    warnings.add(number, "unreadable dscp-prio entry " + excerpt(words[j]));
            }
        } else if (w == "order:") {
            for (std::size_t j = i + 1; j < words.size(); ++j) {
                if (words[j] == "dscp" || words[j] == "pcp") {
                    info.trust = std::string(words[j]);
                    break;
                }
            }
        } else {
            continue;
        }
        known = true;
    }
    if (key == "host" || key == "lld-managed") {
        info.dcbxMode = std::string(key);
        known = true;
    }
    static constexpr std::string_view quiet[] = { "pfc-cap", "pg-bw", "reco-tc-bw", "reco-tc-tsa", "reco-prio-tc",
        "default-prio", "pcp-prio", "ethtype-prio", "stream-port-prio", "dgram-port-prio", "port-prio", "requests",
        "indications", "ieee", "cee", "static", "delay", "macsec-bypass", "ets-cap", "cbs" };
    for (auto q : quiet)
        known = known || key == q;
    return known;
}

} // namespace

namespace parse_detail {

DcbParse parseDcbDetailed(std::string_view text)
{
    Warnings warnings;
    DcbParse result;
    auto lines = prepareLines(text, warnings);
    walkJsonAndText(
        lines, warnings,
        [&](int number, const nlohmann::json& doc) {
            if (doc.is_array()) {
                for (const auto& item : doc)
                    readDcbObject(number, item, result.info, warnings);
            } else {
                readDcbObject(number, doc, result.info, warnings);
            }
        },
        [&](const Line& line) {
            auto t = line.text;
            if (auto ifname = interfaceFromCommandEcho(t); !ifname.empty())
                noteInterface(result, ifname, line.number, warnings);
            if (isTranscriptNoise(t))
                return;
            // perror() lines from dcb: the driver has no DCB ops, or the device does not exist.
            if (startsWith(t, "Attribute read:") || startsWith(t, "Attribute not found:")
                || startsWith(t, "Cannot find device")) {
                if (result.info.unavailable.empty())
                    result.info.unavailable = "dcb: " + std::string(t);
                return;
            }
            if (!readDcbTextLine(line.number, t, result.info, warnings))
                warnings.add(line.number, "not dcb output: " + excerpt(t));
        });
    markSource(result.info, "dcb");
    result.warnings = warnings.take();
    return result;
}

} // namespace parse_detail

Parsed<DcbInfo> parseDcbJson(std::string_view text)
{
    auto result = parseDcbDetailed(text);
    return { std::move(result.info), std::move(result.warnings) };
}

void mergeDcb(DcbInfo& into, const DcbInfo& from)
{
    if (into.source.empty())
        into.source = from.source;
    if (!into.pfcEnabled)
        into.pfcEnabled = from.pfcEnabled;
    if (!into.prioToTc)
        into.prioToTc = from.prioToTc;
    if (!into.tcBandwidth)
        into.tcBandwidth = from.tcBandwidth;
    if (!into.tcTsa)
        into.tcTsa = from.tcTsa;
    if (!into.trust)
        into.trust = from.trust;
    if (into.dscpToPrio.empty())
        into.dscpToPrio = from.dscpToPrio;
    if (!into.dcbxMode)
        into.dcbxMode = from.dcbxMode;
    if (!into.willing)
        into.willing = from.willing;
    if (!into.cnpDscp)
        into.cnpDscp = from.cnpDscp;
    if (!into.cnpPriority)
        into.cnpPriority = from.cnpPriority;
    if (into.unavailable.empty())
        into.unavailable = from.unavailable;
}

} // namespace rp
