// SPDX-License-Identifier: GPL-3.0-or-later
// iproute2 `rdma link` and `rdma dev`, text and -j JSON.
#include "parse/parsehelpers.h"
#include "parse/parsers.h"
#include "util/text.h"

namespace rp {

using namespace parse_detail;

namespace {

bool tracksParent(const RdmaDevice& device)
{
    return device.driver == "rxe" || device.driver == "siw";
}

void applyNodeType(RdmaDevice& device, std::string_view nodeType)
{
    std::string upper;
    for (char c : nodeType)
        upper += static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    device.nodeType = upper;
    if (upper == "RNIC")
        device.transport = Transport::IWarp;
}

// ---------------------------------------------------------------------------------------------- rdma link

void applyLinkField(RdmaDevice& device, RdmaPort& port, std::string_view key, std::string_view value)
{
    if (key == "state") {
        port.state = normalizePortState(value);
    } else if (key == "physical_state") {
        port.physState = normalizePhysState(value);
    } else if (key == "netdev") {
        port.netdev = std::string(value);
        if (tracksParent(device))
            device.parentNetdev = port.netdev;
    } else if (key == "lid" || key == "sm_lid" || key == "subnet_prefix") {
        // Only an InfiniBand port has a LID and a subnet manager; a RoCE link line names its netdev instead.
        device.transport = Transport::InfiniBand;
        port.linkLayer = "InfiniBand";
    }
}

void parseLinkText(const Line& line, std::string_view t, std::vector<RdmaDevice>& devices, Warnings& warnings)
{
    if (startsWith(t, "caps:"))
        return;
    auto words = splitWords(t);
    if (words.size() < 2 || words[0] != "link") {
        warnings.add(line.number, "not an rdma link line: " + excerpt(t));
        return;
    }
    auto slash = words[1].rfind('/');
    auto portNumber = slash == std::string_view::npos ? std::nullopt : toInt(words[1].substr(slash + 1));
    if (!portNumber || slash == 0) {
        warnings.add(line.number, "expected DEVICE/PORT after 'link': " + excerpt(words[1]));
        return;
    }
    auto& device = deviceNamed(devices, words[1].substr(0, slash));
    auto& port = portNumbered(device, *portNumber);
    for (std::size_t i = 2; i + 1 < words.size(); i += 2)
        applyLinkField(device, port, words[i], words[i + 1]);
}

void parseLinkJson(int number, const nlohmann::json& doc, std::vector<RdmaDevice>& devices, Warnings& warnings)
{
    if (!doc.is_array()) {
        warnings.add(number, "expected a JSON array of links");
        return;
    }
    for (const auto& item : doc) {
        auto name = jsonString(item, "ifname");
        auto portNumber = jsonInt(item, "port");
        if (!name || name->empty() || !portNumber) {
            warnings.add(number, "a link without ifname or port was skipped");
            continue;
        }
        auto& device = deviceNamed(devices, *name);
        auto& port = portNumbered(device, *portNumber);
        for (const char* key : { "state", "physical_state", "netdev", "subnet_prefix" }) {
            if (auto value = jsonString(item, key))
                applyLinkField(device, port, key, *value);
        }
        for (const char* key : { "lid", "sm_lid" })
            if (jsonInt(item, key))
                applyLinkField(device, port, key, {});
    }
}

// ---------------------------------------------------------------------------------------------- rdma dev

void applyDevField(RdmaDevice& device, std::string_view key, std::string_view value)
{
    if (key == "node_type")
        applyNodeType(device, value);
    else if (key == "fw")
        device.fwVersion = std::string(value);
    else if (key == "node_guid")
        device.nodeGuid = std::string(value);
}

void parseDevText(const Line& line, std::string_view t, std::vector<RdmaDevice>& devices, Warnings& warnings)
{
    auto words = splitWords(t);
    // "0: rxe0: node_type ca fw 1.0 node_guid ... sys_image_guid ..."; -d adds "caps: <...>" lines.
    if (words.size() >= 2 && words[0].back() == ':' && toInt(words[0].substr(0, words[0].size() - 1))
        && words[1].size() > 1 && words[1].back() == ':') {
        auto& device = deviceNamed(devices, words[1].substr(0, words[1].size() - 1));
        for (std::size_t i = 2; i + 1 < words.size(); i += 2)
            applyDevField(device, words[i], words[i + 1]);
        return;
    }
    if (startsWith(t, "caps:"))
        return;
    warnings.add(line.number, "not an rdma dev line: " + excerpt(t));
}

void parseDevJson(int number, const nlohmann::json& doc, std::vector<RdmaDevice>& devices, Warnings& warnings)
{
    if (!doc.is_array()) {
        warnings.add(number, "expected a JSON array of devices");
        return;
    }
    for (const auto& item : doc) {
        auto name = jsonString(item, "ifname");
        if (!name || name->empty()) {
            warnings.add(number, "a device without ifname was skipped");
            continue;
        }
        auto& device = deviceNamed(devices, *name);
        for (const char* key : { "node_type", "fw", "node_guid" }) {
            if (auto value = jsonString(item, key))
                applyDevField(device, key, *value);
        }
    }
}

using TextHandler = void (*)(const Line&, std::string_view, std::vector<RdmaDevice>&, Warnings&);
using JsonHandler = void (*)(int, const nlohmann::json&, std::vector<RdmaDevice>&, Warnings&);

Parsed<std::vector<RdmaDevice>> parseRdmaTool(std::string_view text, TextHandler onText, JsonHandler onJson)
{
    Warnings warnings;
    std::vector<RdmaDevice> devices;
    auto lines = prepareLines(text, warnings);
    walkJsonAndText(
        lines, warnings, [&](int number, const nlohmann::json& doc) { onJson(number, doc, devices, warnings); },
        [&](const Line& line) {
            if (!isTranscriptNoise(line.text))
                onText(line, line.text, devices, warnings);
        });
    finishDevices(devices);
    return { std::move(devices), warnings.take() };
}

} // namespace

Parsed<std::vector<RdmaDevice>> parseRdmaLink(std::string_view text)
{
    return parseRdmaTool(text, &parseLinkText, &parseLinkJson);
}

Parsed<std::vector<RdmaDevice>> parseRdmaDev(std::string_view text)
{
    return parseRdmaTool(text, &parseDevText, &parseDevJson);
}

} // namespace rp
