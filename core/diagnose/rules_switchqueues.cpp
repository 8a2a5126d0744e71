// SPDX-License-Identifier: GPL-3.0-or-later
// Switch queue rules. From per QoS group queuing state (NX-OS `show queuing interface`): drops in a no-drop group
// (M17) and RoCE's priority in a lossy group (M5); they run after rulesSwitch, whose PFC comparison with the hosts
// says the same as the second rule when both have the data: then only that finding is kept. From the switch's
// log (SONiC syslog): PFC watchdog storms per port and queue (M16) and orchagent's errors on QoS and buffer
// objects.
#include "diagnose/context.h"
#include "util/text.h"

#include <algorithm>
#include <map>

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

/// The watchdog's log per queue: storms detected (restored since, or not), or only a restore seen.
void ruleStormLog(Context& ctx)
{
    const int prio = ctx.opts.profile ? ctx.opts.profile->rocePriority : 3;
    for (const auto& sp : ctx.snap.switchPorts) {
        std::map<int, std::vector<const SwitchLogEvent*>> byQueue;
        for (const auto& e : sp.log)
            if (e.queue && (e.kind == "pfc-storm" || e.kind == "pfc-restored"))
                byQueue[*e.queue].push_back(&e);
        for (const auto& [queue, events] : byQueue) {
            ctx.markEvaluated("M16");
            const auto storms = std::count_if(
                events.begin(), events.end(), [](const SwitchLogEvent* e) { return e->kind == "pfc-storm"; });
            const bool ongoing = events.back()->kind == "pfc-storm";
            const bool roce = queue == prio;
            Finding f;
            f.ruleId = storms ? "switch.pfc-storm-log" : "switch.pfc-storm-restored";
            f.check = "M16";
            f.switchPorts = { sp.switchName + ":" + sp.port };
            const std::string where = sp.port + " queue " + std::to_string(queue)
                + (roce ? " (RoCE's priority " + std::to_string(prio) + ")" : std::string());
            // The first and the last few lines: a storm that flaps all day would otherwise bury the report.
            for (std::size_t i = 0; i < events.size(); ++i) {
                if (i >= 2 && i + 3 < events.size())
                    continue;
                const auto* e = events[i];
                f.evidence.push_back(
                    Evidence { sp.switchName, where + (e->kind == "pfc-storm" ? " storm detected" : " storm restored"),
                        e->text, portWhere(sp, e->line), e->time.empty() ? portWhen(sp) : e->time });
            }
            if (!storms) {
                f.severity = Severity::Info;
                f.title = "PFC watchdog restored " + where;
                f.explanation = "The log shows the PFC watchdog ending a pause storm on this queue, but not the storm "
                                "itself (it happened before the pasted lines). The queue works again; if it repeats, "
                                "find the neighbour on this port that keeps pausing it.";
                ctx.findings.push_back(std::move(f));
                continue;
            }
            f.severity = roce && ongoing ? Severity::Error : Severity::Warning;
            f.title = "PFC storm on " + sp.switchName + " " + where
                + (ongoing ? ", not restored in the log" : ", restored since");
            f.explanation = "The PFC watchdog found " + where + " paused for longer than its detection time "
                + std::to_string(storms) + (storms == 1 ? " time" : " times")
                + " and dropped (or stopped honouring the pauses of) that queue's traffic to break the storm"
                + (ongoing ? "; the log shows no restore after the last one, so it may still be dropping"
                           : "; it was restored after")
                + ". "
                + (roce ? "RoCE traffic on this priority is lost while it lasts. "
                        : "This is not RoCE's priority, but a storm can spread to the ports that feed this one. ")
                + "The pauses come from the neighbour on this port: a host NIC that stopped draining its receive queue "
                  "(a hung driver or application) or a misconfigured peer. Find the host on "
                + sp.port + " (LLDP) and read its pause counters (ethtool -S: tx_prio" + std::to_string(queue)
                + "_pause rising without load).";
            ctx.findings.push_back(std::move(f));
        }
    }
}

/// orchagent could not program a QoS or buffer object: the configuration reads right, the ASIC does not do it.
void ruleQosErrors(Context& ctx)
{
    for (const auto& sp : ctx.snap.switchPorts) {
        std::vector<const SwitchLogEvent*> errors;
        for (const auto& e : sp.log)
            if (e.kind == "qos-error")
                errors.push_back(&e);
        if (errors.empty())
            continue;
        const bool buffer = std::any_of(errors.begin(), errors.end(),
            [](const SwitchLogEvent* e) { return lower(e->text).find("buffer") != std::string::npos; });
        Finding f;
        f.ruleId = "switch.qos-programming";
        f.check = buffer ? "M17" : "M5";
        f.severity = Severity::Warning;
        f.switchPorts = { sp.switchName + ":" + sp.port };
        f.title = "The switch could not program " + std::string(buffer ? "a buffer" : "a QoS") + " object"
            + (sp.port == "*" ? std::string() : " of " + sp.port);
        for (std::size_t i = 0; i < errors.size() && i < 5; ++i)
            f.evidence.push_back(Evidence { sp.switchName, "orchagent error", errors[i]->text,
                portWhere(sp, errors[i]->line), errors[i]->time.empty() ? portWhen(sp) : errors[i]->time });
        f.explanation = "orchagent logged " + std::to_string(errors.size())
            + (errors.size() == 1 ? " error" : " errors")
            + " applying the QoS or buffer configuration to the switch ASIC. The configuration database (what "
              "`show` commands and config_db.json print) may look right while the hardware runs without it: a "
              "lossless profile the ASIC refused leaves the priority without headroom, a map it refused leaves "
              "traffic in the default class. Correct the value the message names (a headroom larger than the pool, "
              "a priority group the port does not have) and read the log again after `config qos reload`.";
        ctx.findings.push_back(std::move(f));
    }
}

} // namespace

void rulesSwitchQueues(Context& ctx)
{
    ruleLosslessDrops(ctx);
    ruleRoceLossy(ctx);
    ruleStormLog(ctx);
    ruleQosErrors(ctx);
}

} // namespace rp::diag::detail
