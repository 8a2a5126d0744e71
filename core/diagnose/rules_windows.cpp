// SPDX-License-Identifier: GPL-3.0-or-later
// Windows hosts from their PowerShell outputs: NetAdapterQos or RDMA off (M19), PFC configured but not
// operational (M6), the SMB Direct priority without PFC (M5), DCBX willing (M7), the SMB class's bandwidth (M15).
// Fixes come from the Windows generator.
#include "diagnose/context.h"
#include "util/text.h"

#include <algorithm>
#include <cctype>

namespace rp::diag::detail {

namespace {

std::string where(const DiagHost& h, const std::string& cmdlet)
{
    auto it = h.windows.lines.find(cmdlet);
    return h.origin + (it != h.windows.lines.end() ? ":" + std::to_string(it->second) : std::string()) + " (" + cmdlet
        + ")";
}

std::vector<Fix> windowsFix(const Context& ctx, const DiagHost& h, const std::string& adapter,
    const std::vector<std::string>& keys, const std::function<void(Profile&)>& adjust = {})
{
    Profile p = ctx.fixBase;
    if (adjust)
        adjust(p);
    return hostFix(h, adapter, {}, 1, p, keys, ctx.fixWhy);
}

Finding make(const DiagHost& h, const char* rule, const char* check, std::string title, Severity s)
{
    Finding f;
    f.ruleId = rule;
    f.check = check;
    f.title = std::move(title);
    f.severity = s;
    f.hosts = { h.name };
    return f;
}

void ruleWinQosDisabled(Context& ctx, const DiagHost& h)
{
    const auto& w = h.windows;
    for (const auto& [name, on] : w.adapterQos) {
        if (on)
            continue;
        auto f = make(h, "win.qos-disabled", "M19", "DCB/QoS is disabled on adapter " + name, Severity::Error);
        f.ports = { h.name + ":" + name };
        f.evidence.push_back(
            Evidence { h.name, name + " NetAdapterQos Enabled", "False", where(h, "get-netadapterqos"), h.readAt });
        f.explanation = "With NetAdapterQos off the adapter ignores the host's priorities and PFC: SMB Direct "
                        "traffic leaves untagged and lossy.";
        f.fixes = windowsFix(ctx, h, name, { "step:" + name + ".qos" });
        ctx.findings.push_back(std::move(f));
    }
}

void ruleWinRdmaDisabled(Context& ctx, const DiagHost& h)
{
    const auto& w = h.windows;
    for (const auto& [name, on] : w.adapterRdma) {
        if (on)
            continue;
        auto f = make(
            h, "win.rdma-disabled", "M19", "RDMA (NetworkDirect) is disabled on adapter " + name, Severity::Warning);
        f.ports = { h.name + ":" + name };
        f.evidence.push_back(
            Evidence { h.name, name + " NetAdapterRdma Enabled", "False", where(h, "get-netadapterrdma"), h.readAt });
        f.explanation = "SMB Direct and other NetworkDirect traffic cannot use this adapter; SMB falls back to "
                        "TCP silently. If the adapter is meant for RDMA, enable it (Enable-NetAdapterRdma); the "
                        "plan generator has no step for it, as it is a driver setting.";
        ctx.findings.push_back(std::move(f));
    }
}

void ruleWinSmbNotRdma(Context& ctx, const DiagHost& h)
{
    const auto& w = h.windows;
    for (const auto& [name, capable] : w.smbRdmaCapable) {
        if (capable)
            continue;
        auto f = make(
            h, "win.smb-not-rdma", "M19", "SMB sees interface " + name + " as not RDMA capable", Severity::Warning);
        f.evidence.push_back(
            Evidence { h.name, name + " RDMA Capable", "False", where(h, "get-smbclientnetworkinterface"), h.readAt });
        f.explanation = "SMB multichannel will not use RDMA on this interface (RDMA disabled on the adapter or "
                        "its vNIC, or the driver does not offer NetworkDirect).";
        ctx.findings.push_back(std::move(f));
    }
}

// M6: PFC configured (Get-NetQosFlowControl) but the adapter's OperationalFlowControl lacks it.
void ruleWinPfcNotOperational(Context& ctx, const DiagHost& h)
{
    const auto& w = h.windows;
    if (w.pfcEnabled && !w.operationalPfc.empty()) {
        ctx.markEvaluated("M6");
        for (const auto& [name, oper] : w.operationalPfc) {
            std::vector<int> missing;
            for (int p : *w.pfcEnabled)
                if (std::find(oper.begin(), oper.end(), p) == oper.end())
                    missing.push_back(p);
            if (missing.empty())
                continue;
            auto f = make(h, "win.pfc-not-operational", "M6",
                "PFC configured on priority " + joinInts(missing) + " but not operational on " + name, Severity::Error);
            f.ports = { h.name + ":" + name };
            f.evidence.push_back(Evidence { h.name, "NetQosFlowControl enabled priorities", joinInts(*w.pfcEnabled),
                where(h, "get-netqosflowcontrol"), h.readAt });
            f.evidence.push_back(Evidence { h.name, name + " OperationalFlowControl",
                oper.empty() ? "all priorities disabled" : "priorities " + joinInts(oper),
                where(h, "get-netadapterqos"), h.readAt });
            f.explanation = "PFC is configured but the adapter does not run it: usually DCBX took the switch's "
                            "settings (Willing on) or negotiation failed, or NetAdapterQos is off. Until it is "
                            "operational, RoCE traffic on that priority is lossy.";
            f.fixes = windowsFix(ctx, h, name, { "step:dcbx-willing", "pfc", "step:" + name + ".qos" });
            ctx.findings.push_back(std::move(f));
        }
    }
}

// M5: the SMB Direct policy's priority must have PFC.
void ruleWinPfcPriority(Context& ctx, const DiagHost& h, const std::string& adapter)
{
    const auto& w = h.windows;
    if (w.smbPriority && w.pfcEnabled) {
        ctx.markEvaluated("M5");
        if (std::find(w.pfcEnabled->begin(), w.pfcEnabled->end(), *w.smbPriority) == w.pfcEnabled->end()) {
            auto f = make(h, "win.pfc-priority", "M5",
                "SMB Direct traffic is tagged " + std::to_string(*w.smbPriority) + ", which has no PFC",
                Severity::Error);
            f.evidence.push_back(Evidence { h.name, "SMB QoS policy PriorityValue", std::to_string(*w.smbPriority),
                where(h, "get-netqospolicy"), h.readAt });
            f.evidence.push_back(Evidence { h.name, "NetQosFlowControl enabled priorities", joinInts(*w.pfcEnabled),
                where(h, "get-netqosflowcontrol"), h.readAt });
            f.explanation = "The SMB policy tags RDMA traffic with a priority PFC does not protect: it is lossy.";
            int prio = *w.smbPriority;
            f.fixes = windowsFix(ctx, h, adapter, { "pfc" }, [prio](Profile& p) {
                p.pfcPriorities = { prio };
                p.rocePriority = prio;
            });
            ctx.findings.push_back(std::move(f));
        }
    }
}

void ruleWinWilling(Context& ctx, const DiagHost& h, const std::string& adapter)
{
    const auto& w = h.windows;
    if (w.willing) {
        ctx.markEvaluated("M7");
        bool wanted = ctx.opts.profile && ctx.opts.profile->hostWilling;
        if (*w.willing != wanted) {
            auto f = make(h, "dcbx.willing", "M7",
                *w.willing ? "Host accepts the switch's DCB settings (DCBX willing)"
                           : "Host DCBX not willing against the profile",
                Severity::Warning);
            f.evidence.push_back(Evidence { h.name, "NetQosDcbxSetting Willing", *w.willing ? "True" : "False",
                where(h, "get-netqosdcbxsetting"), h.readAt });
            f.explanation = "With Willing on, the switch's DCBX advertisement replaces the host's PFC and ETS "
                            "settings; Microsoft's guidance for RoCE is Willing off with matching settings on both "
                            "ends.";
            f.fixes = windowsFix(ctx, h, adapter, { "step:dcbx-willing" });
            ctx.findings.push_back(std::move(f));
        }
    }
}

// M15: the class that carries the SMB (RoCE) priority should get a real share (storage >= 50 %).
void ruleWinTrafficClass(Context& ctx, const DiagHost& h, const std::string& adapter, int roce)
{
    const auto& w = h.windows;
    if (!w.classes.empty()) {
        ctx.markEvaluated("M14");
        ctx.markEvaluated("M15");
        int prio = w.smbPriority.value_or(roce);
        for (const auto& tc : w.classes) {
            if (std::find(tc.priorities.begin(), tc.priorities.end(), prio) == tc.priorities.end() || !tc.bandwidth)
                continue;
            if (lower(tc.algorithm) == "ets" && *tc.bandwidth < 50) {
                auto f = make(h, "win.traffic-class", "M15",
                    "The class of priority " + std::to_string(prio) + " gets " + std::to_string(*tc.bandwidth) + " %",
                    Severity::Warning);
                f.evidence.push_back(Evidence { h.name, "traffic class " + tc.name + " bandwidth",
                    std::to_string(*tc.bandwidth) + " % (" + tc.algorithm + ")", where(h, "get-netqostrafficclass"),
                    h.readAt });
                f.explanation = "Storage (SMB Direct) traffic shares the link by ETS; with less than half of it, "
                                "storage slows down whenever other traffic is busy (Microsoft's and ODIN's guidance: "
                                "50 % or more for storage).";
                f.fixes = windowsFix(ctx, h, adapter, { "ets", "tc:" });
                ctx.findings.push_back(std::move(f));
            }
        }
    }
}

} // namespace

void rulesWindows(Context& ctx)
{
    const int roce = ctx.opts.profile ? ctx.opts.profile->rocePriority : 3;
    for (const auto& h : ctx.snap.hosts) {
        const auto& w = h.windows;
        if (!w.any())
            continue;
        // A name for fixes that need an adapter: the RDMA adapter that is enabled, else the first one.
        std::string adapter;
        for (const auto& [name, on] : w.adapterQos)
            if (adapter.empty() || on)
                adapter = name;
        for (const auto& [name, on] : w.adapterRdma)
            if (adapter.empty() && on)
                adapter = name;

        if (!w.adapterQos.empty() || !w.adapterRdma.empty() || !w.smbRdmaCapable.empty())
            ctx.markEvaluated("M19");
        ruleWinQosDisabled(ctx, h);
        ruleWinRdmaDisabled(ctx, h);
        ruleWinSmbNotRdma(ctx, h);
        ruleWinPfcNotOperational(ctx, h);
        ruleWinPfcPriority(ctx, h, adapter);
        ruleWinWilling(ctx, h, adapter);
        ruleWinTrafficClass(ctx, h, adapter, roce);
    }
}

} // namespace rp::diag::detail
