// SPDX-License-Identifier: GPL-3.0-or-later
#include "generate/diff.h"

#include "util/text.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <map>

namespace rp {
namespace {

std::string n(int v)
{
    return std::to_string(v);
}

/// "<target>.<interface>.<what>": `what` never holds a dot, interface names may ("eth0.2"), so the interface
/// is everything between the target prefix and the last dot. Host-wide steps ("<target>.<what>") give "".
std::string interfaceOf(const PlanTarget& t, const Step& s)
{
    const std::string prefix = t.name + ".";
    if (t.kind == TargetKind::Switch || !s.id.starts_with(prefix))
        return {};
    const std::string_view rest = std::string_view(s.id).substr(prefix.size());
    const auto dot = rest.rfind('.');
    return dot == std::string_view::npos ? std::string() : std::string(rest.substr(0, dot));
}

struct Group
{
    std::string interface;
    std::vector<std::string> order; ///< keys in the order the plan first sets them
    std::map<std::string, std::string> values; ///< the last value set wins, as in PlanTarget::effective()
};

std::vector<Group> settingGroups(const PlanTarget& t)
{
    std::vector<Group> out;
    for (const auto& step : t.steps) {
        if (step.artifact || step.sets.empty())
            continue;
        const std::string itf = interfaceOf(t, step);
        auto group = std::ranges::find(out, itf, &Group::interface);
        if (group == out.end()) {
            out.push_back({ itf, {}, {} });
            group = out.end() - 1;
        }
        for (const auto& s : step.sets) {
            if (!group->values.contains(s.key))
                group->order.push_back(s.key);
            group->values[s.key] = s.value;
        }
    }
    return out;
}

const Netdev* findVlan(const HostFacts& f, const std::string& parent, int vlan)
{
    for (const auto& nd : f.netdevs) {
        if (nd.vlanParent == parent && nd.vlanId == vlan)
            return &nd;
    }
    return nullptr;
}

/// One value read from the facts: `known` false means the host could not tell, and `note` says why.
struct Reading
{
    bool known = false;
    std::string value;
    std::string note;
};

Reading unknown(std::string why)
{
    return { false, {}, std::move(why) };
}

Reading known(std::string value, std::string note = {})
{
    return { true, std::move(value), std::move(note) };
}

std::string etsFromFacts(const DcbInfo& dcb)
{
    // The same shape as the plan's "ets" value: used TCs only, "tc:percent" or "tc:strict". The caller has
    // checked that all three tables were read; without them there is nothing to say.
    if (!dcb.tcTsa || !dcb.tcBandwidth || !dcb.prioToTc)
        return {};
    const auto& tsas = *dcb.tcTsa;
    const auto& bandwidths = *dcb.tcBandwidth;
    const auto& prioToTc = *dcb.prioToTc;
    std::string out;
    for (std::size_t tc = 0; tc < 8; ++tc) {
        const auto& tsa = tsas[tc];
        const int bw = bandwidths[tc];
        const bool carries = std::ranges::find(prioToTc, static_cast<int>(tc)) != prioToTc.end();
        if (!carries && bw == 0 && tsa != "strict")
            continue;
        std::string value = tsa == "strict" ? tsa : tsa == "ets" || tsa.empty() ? n(bw) : tsa + "/" + n(bw);
        out += (out.empty() ? "" : " ") + n(static_cast<int>(tc)) + ":" + value;
    }
    return out;
}

/// A DCB key as one netdev reports it.
Reading readDcb(const Netdev& nd, const std::string& key)
{
    const DcbInfo& dcb = nd.dcb;
    if (dcb.source.empty())
        return unknown(nd.name + ": DCB state " + (dcb.unavailable.empty() ? "was not read" : dcb.unavailable));
    const std::string from = " not reported by " + dcb.source;
    if (key == "pfc") {
        if (!dcb.pfcEnabled)
            return unknown(nd.name + ": PFC state" + from);
        std::string on;
        for (std::size_t prio = 0; prio < 8; ++prio) {
            if ((*dcb.pfcEnabled)[prio])
                on += (on.empty() ? "" : ",") + n(static_cast<int>(prio));
        }
        return known(on);
    }
    if (key == "trust") {
        if (!dcb.trust)
            return unknown(nd.name + ": trust" + from);
        return known(*dcb.trust);
    }
    if (key.starts_with("dscp:")) {
        const auto dscp = toInt(std::string_view(key).substr(5));
        if (!dscp)
            return unknown("not a DSCP key: " + key);
        // An empty map is "not told", not "no entries": mlnx_qos always lists all 64, dcb lists what is set.
        if (dcb.dscpToPrio.empty())
            return unknown(nd.name + ": DSCP map" + from);
        auto it = dcb.dscpToPrio.find(*dscp);
        if (it == dcb.dscpToPrio.end())
            return known({}, "DSCP " + n(*dscp) + " is not in the DSCP map of " + nd.name);
        return known(n(it->second));
    }
    if (key.starts_with("tc:")) {
        const auto prio = toInt(std::string_view(key).substr(3));
        if (!prio || *prio < 0 || *prio > 7)
            return unknown("not a priority key: " + key);
        if (!dcb.prioToTc)
            return unknown(nd.name + ": priority to traffic class map" + from);
        return known(n((*dcb.prioToTc)[static_cast<std::size_t>(*prio)]));
    }
    if (key == "ets") {
        if (!dcb.prioToTc || !dcb.tcBandwidth || !dcb.tcTsa)
            return unknown(nd.name + ": ETS (priority map, bandwidth and selection per TC)" + from);
        return known(etsFromFacts(dcb));
    }
    return unknown("discovery has no source for " + key);
}

bool isDcbKey(const std::string& key)
{
    return key == "pfc" || key == "trust" || key == "ets" || key.starts_with("dscp:") || key.starts_with("tc:");
}

/// DCB lives on the physical ports: a VLAN reads its parent's, a bond its slaves' (as discovery reads them).
Reading readDcbOf(const HostFacts& f, const Netdev& nd, const std::string& key)
{
    std::vector<std::string> holders;
    if (!nd.bondSlaves.empty())
        holders = nd.bondSlaves;
    else if (!nd.vlanParent.empty())
        holders = { nd.vlanParent };
    else
        return readDcb(nd, key);
    std::vector<std::pair<std::string, Reading>> readings;
    for (const auto& name : holders) {
        const Netdev* holder = f.netdev(name);
        if (!holder)
            return unknown(nd.name + ": its port " + name + " was not reported by discovery");
        Reading r = readDcb(*holder, key);
        if (!r.known)
            return r;
        readings.emplace_back(name, std::move(r));
    }
    std::string list;
    for (const auto& name : holders)
        list += (list.empty() ? "" : ", ") + name;
    const bool same
        = std::ranges::all_of(readings, [&](const auto& r) { return r.second.value == readings.front().second.value; });
    if (same)
        return known(readings.front().second.value, "read from " + list);
    std::string values;
    for (const auto& [name, r] : readings)
        values += (values.empty() ? "" : "; ") + name + " " + (r.value.empty() ? "-" : r.value);
    return known(values, "the ports of " + nd.name + " (" + list + ") differ");
}

std::string egressText(const Netdev& vlan)
{
    // The kernel lists only the non-zero entries: an skb priority that is not listed leaves with PCP 0.
    std::array<int, 8> pcp {};
    for (const auto& e : vlan.egressQos) {
        if (e.from >= 0 && e.from < 8)
            pcp[static_cast<std::size_t>(e.from)] = e.to;
    }
    if (std::ranges::all_of(pcp, [&](int v) { return v == pcp[0]; }))
        return n(pcp[0]);
    std::string out;
    for (std::size_t skb = 0; skb < 8; ++skb)
        out += (skb ? " " : "") + n(static_cast<int>(skb)) + ":" + n(pcp[skb]);
    return out;
}

Reading readSetting(const HostFacts& f, const Group& g, const std::string& key)
{
    const Netdev* nd = f.netdev(g.interface);
    if (!nd)
        return unknown("discovery did not report the interface " + g.interface);
    if (isDcbKey(key))
        return readDcbOf(f, *nd, key);
    if (key == "mtu") {
        if (!nd->mtu)
            return unknown("the MTU of " + nd->name + " was not reported");
        return known(n(*nd->mtu));
    }
    if (key == "vlan" || key == "pcp.egress") {
        auto vlanText = g.values.find("vlan");
        if (vlanText == g.values.end())
            return unknown("the plan sets no VLAN on " + nd->name + "; an egress map belongs to a VLAN netdev");
        const auto id = toInt(vlanText->second);
        if (!id)
            return unknown("not a VLAN id: " + vlanText->second);
        const Netdev* vlan = findVlan(f, nd->name, *id);
        if (!vlan) {
            std::string others;
            for (const auto& other : f.netdevs) {
                if (other.vlanParent == nd->name && other.vlanId)
                    others += (others.empty() ? "" : ", ") + n(*other.vlanId);
            }
            return known({},
                "VLAN " + n(*id) + " does not exist on " + nd->name + " yet"
                    + (others.empty() ? std::string() : " (VLANs there: " + others + ")"));
        }
        if (key == "vlan")
            return known(n(*id), vlan->name);
        if (vlan->egressQos.empty())
            return unknown(vlan->name + ": no egress priority map was reported");
        return known(egressText(*vlan), vlan->name);
    }
    if (key == "cnp.priority" || key == "cnp.dscp")
        return unknown("discovery does not read the NIC's CNP settings (/sys/class/net/" + nd->name + "/ecn/roce_np)");
    if (key == "rdma_cm.mode" || key == "rdma_cm.tos")
        return unknown("discovery does not read the rdma_cm configfs defaults (/sys/kernel/config/rdma_cm)");
    return unknown("discovery has no source for " + key);
}

} // namespace

std::vector<std::string> targetInterfaces(const PlanTarget& target)
{
    std::vector<std::string> out;
    for (const auto& step : target.steps) {
        if (step.artifact)
            continue;
        std::string itf = interfaceOf(target, step);
        if (!itf.empty() && std::ranges::find(out, itf) == out.end())
            out.push_back(std::move(itf));
    }
    return out;
}

std::vector<SettingDiff> diffTarget(
    const PlanTarget& target, const HostFacts& facts, const std::optional<std::string>& interface)
{
    std::vector<SettingDiff> out;
    for (const auto& g : settingGroups(target)) {
        if (interface && g.interface != *interface)
            continue;
        for (const auto& key : g.order) {
            SettingDiff d;
            d.interface = g.interface;
            d.key = key;
            d.wanted = g.values.at(key);
            Reading r;
            if (target.kind == TargetKind::Switch)
                r = unknown("switches are not discovered: RoCE Pilot cannot read a switch's configuration");
            else if (target.kind == TargetKind::Windows)
                r = unknown("Windows hosts are not discovered: discovery reads Linux hosts only");
            else if (g.interface.empty())
                r = unknown("a host-wide setting: discovery reads settings per interface");
            else
                r = readSetting(facts, g, key);
            d.status = !r.known ? DiffStatus::Unknown : r.value == d.wanted ? DiffStatus::Match : DiffStatus::Change;
            d.current = r.value;
            d.reason = r.note;
            out.push_back(std::move(d));
        }
    }
    return out;
}

std::string toString(DiffStatus status)
{
    switch (status) {
    case DiffStatus::Change:
        return "change";
    case DiffStatus::Match:
        return "match";
    case DiffStatus::Unknown:
        return "unknown";
    }
    return "unknown";
}

} // namespace rp
