// SPDX-License-Identifier: GPL-3.0-or-later
// Switch QoS group rules, from per QoS group queuing state (NX-OS `show queuing interface`): drops in a no-drop
// group (M17) and RoCE's priority in a lossy group (M5). They run after rulesSwitch, whose PFC comparison with the
// hosts says the same as the second rule when both have the data: then only that finding is kept.
#include "diagnose/context.h"

#include <algorithm>

namespace rp::diag::detail {

namespace {

std::string groupName(const SwitchPortQos& sp, const SwitchQueueQos& q)
{
    return sp.port + " QoS group " + std::to_string(q.group);
}

void ruleLosslessDrops(Context& ctx)
{
    for (const auto& sp : ctx.snap.switchPorts) {
        for (const auto& q : sp.queues) {
            if (!q.noDrop || !*q.noDrop || !q.drops)
                continue;
            ctx.markEvaluated("M17");
            if (*q.drops == 0)
                continue;
            Finding f;
            f.ruleId = "switch.lossless-drops";
            f.check = "M17";
            f.title = "No-drop QoS group " + std::to_string(q.group) + " dropped packets on a switch port";
            f.severity = Severity::Error;
            f.switchPorts = { sp.switchName + ":" + sp.port };
            f.evidence.push_back(Evidence { sp.switchName, groupName(sp, q) + " dropped packets",
                std::to_string(*q.drops), portWhere(sp, q.dropsLine), portWhen(sp) });
            f.evidence.push_back(Evidence { sp.switchName, groupName(sp, q), "no-drop (pause buffer configured)",
                portWhere(sp, q.noDropLine), portWhen(sp) });
            if (!q.priorities.empty())
                f.evidence.push_back(Evidence { sp.switchName, groupName(sp, q) + " CoS values", joinInts(q.priorities),
                    portWhere(sp, q.prioritiesLine), portWhen(sp) });
            f.explanation = "QoS group " + std::to_string(q.group)
                + " is no-drop: PFC pauses the sender before its buffer fills, so it should never drop, yet it "
                  "dropped "
                + std::to_string(*q.drops)
                + " packets since the counters were last cleared. Either its headroom is too small for the link's "
                  "speed and cable length (frames already in flight when the pause goes out overflow it), or the "
                  "neighbour does not honour the pause (PFC off, or on another priority, on the host or the next "
                  "switch), or the PFC watchdog dropped the class to break a pause storm. Compare the neighbour's PFC "
                  "priorities with this group's CoS values, read the counters again to see whether they still "
                  "rise, and look for PFC watchdog messages in the switch's log.";
            ctx.findings.push_back(std::move(f));
        }
    }
}

void ruleRoceLossy(Context& ctx)
{
    const int prio = ctx.opts.profile ? ctx.opts.profile->rocePriority : 3;
    for (const auto& sp : ctx.snap.switchPorts) {
        const auto label = sp.switchName + ":" + sp.port;
        const SwitchQueueQos* roce = nullptr;
        const SwitchQueueQos* firstKnown = nullptr;
        bool anyNoDrop = false;
        for (const auto& q : sp.queues) {
            if (std::find(q.priorities.begin(), q.priorities.end(), prio) != q.priorities.end())
                roce = &q;
            if (q.noDrop && !firstKnown)
                firstKnown = &q;
            anyNoDrop = anyNoDrop || q.noDrop.value_or(false);
        }
        // Judged when the output says RoCE's group is lossy, or that every group it lists is.
        const bool roceLossy = roce && roce->noDrop && !*roce->noDrop;
        const bool allLossy = firstKnown && !anyNoDrop;
        if (!firstKnown || (roce && !roce->noDrop))
            continue;
        ctx.markEvaluated("M5");
        if (!roceLossy && !allLossy)
            continue;
        const bool saidAlready = std::any_of(ctx.findings.begin(), ctx.findings.end(), [&](const Finding& x) {
            return x.ruleId == "switch.pfc-priority" && x.switchPorts == std::vector<std::string> { label };
        });
        if (saidAlready)
            continue;
        Finding f;
        f.ruleId = "switch.roce-lossy";
        f.check = "M5";
        f.title = "RoCE's priority " + std::to_string(prio) + " is not no-drop on a switch port";
        f.severity = Severity::Error;
        f.switchPorts = { label };
        if (roceLossy) {
            f.evidence.push_back(Evidence { sp.switchName, sp.port + " CoS " + std::to_string(prio) + " -> QoS group",
                std::to_string(roce->group), portWhere(sp, roce->prioritiesLine), portWhen(sp) });
            f.evidence.push_back(Evidence { sp.switchName, groupName(sp, *roce), "lossy (no pause buffer)",
                portWhere(sp, roce->noDropLine), portWhen(sp) });
            if (roce->bandwidthPercent)
                f.evidence.push_back(Evidence { sp.switchName, groupName(sp, *roce) + " ETS share",
                    std::to_string(*roce->bandwidthPercent) + "%", portWhere(sp), portWhen(sp) });
        } else {
            f.evidence.push_back(Evidence { sp.switchName, sp.port + " no-drop QoS groups", "none",
                portWhere(sp, firstKnown->noDropLine), portWhen(sp) });
        }
        f.explanation = "RoCE needs its priority (" + std::to_string(prio) + ") lossless on every hop. "
            + (roceLossy ? "This port puts CoS " + std::to_string(prio) + " in QoS group " + std::to_string(roce->group)
                        + ", which has no pause buffer"
                         : std::string("No QoS group of this port has a pause buffer"))
            + ": under congestion the switch drops RoCE packets instead of pausing the sender, and every drop "
              "costs a go-back-N retransmission. The network-qos policy must pause this CoS (pause pfc-cos) and "
              "the port must run PFC.";
        if (auto vendor = switchVendorFromString(sp.vendor); vendor && !sp.port.empty())
            f.fixes = switchFix(sp.switchName, *vendor, sp.port, ctx.fixBase, { "pfc" }, ctx.fixWhy);
        ctx.findings.push_back(std::move(f));
    }
}

} // namespace

void rulesSwitchQueues(Context& ctx)
{
    ruleLosslessDrops(ctx);
    ruleRoceLossy(ctx);
}

} // namespace rp::diag::detail
