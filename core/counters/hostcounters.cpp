// SPDX-License-Identifier: GPL-3.0-or-later
#include "counters/hostcounters.h"

#include "util/jsonfields.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace rp::counters {

namespace {

bool oneOf(std::string_view name, std::initializer_list<std::string_view> names)
{
    return std::ranges::find(names, name) != names.end();
}

/// `rest` starts with one priority digit 0..7 followed by exactly `tail`.
bool priorityThen(std::string_view rest, std::string_view tail)
{
    return rest.size() == 1 + tail.size() && rest[0] >= '0' && rest[0] <= '7' && rest.substr(1) == tail;
}

/// Per-priority pause frames: mlx5 `rx_prioN_pause`, bnxt_en `rx_pfc_ena_frames_priN`, ice `rx_priority_N_xoff`
/// (and its `.nic` twin), after the direction's "rx_"/"tx_".
bool perPriorityPause(std::string_view rest)
{
    if (rest.starts_with("priority_"))
        return priorityThen(rest.substr(9), "_xoff") || priorityThen(rest.substr(9), "_xoff.nic");
    if (rest.starts_with("prio"))
        return priorityThen(rest.substr(4), "_pause");
    if (rest.starts_with("pfc_ena_frames_pri"))
        return priorityThen(rest.substr(18), "");
    return false;
}

bool perPriorityDiscard(std::string_view name)
{
    if (!name.starts_with("rx_prio"))
        return false;
    const auto rest = name.substr(7);
    return priorityThen(rest, "_discards") || priorityThen(rest, "_buf_discard") || priorityThen(rest, "_cong_discard");
}

} // namespace

CounterRole counterRole(std::string_view name)
{
    if (const auto colon = name.find(':'); colon != std::string_view::npos)
        name.remove_prefix(colon + 1);
    if (name.starts_with("rx_") || name.starts_with("tx_")) {
        const bool rx = name[0] == 'r';
        const auto rest = name.substr(3);
        if (perPriorityPause(rest) || rest == "pause_ctrl_phy" || rest == "global_pause")
            return rx ? CounterRole::PauseRx : CounterRole::PauseTx;
    }
    if (oneOf(name,
            { "out_of_sequence", "out_of_seq_request", "packet_seq_err", "implied_nak_seq_err", "duplicate_request",
                "rcvd_seq_err", "seq_err_naks_rcvd" }))
        return CounterRole::Loss;
    if (oneOf(name,
            { "local_ack_timeout_err", "roce_adp_retrans_to", "to_retransmits", "completer_retry_err",
                "retry_exceeded_err" }))
        return CounterRole::Timeout;
    if (name == "roce_adp_retrans")
        return CounterRole::Retransmit;
    if (name == "rx_discards_phy" || perPriorityDiscard(name))
        return CounterRole::Discard;
    if (oneOf(name, { "np_cnp_sent", "tx_cnp_pkts", "cnpSent" }))
        return CounterRole::CnpSent;
    if (oneOf(name, { "rp_cnp_handled", "rx_cnp_pkts", "cnpHandled" }))
        return CounterRole::CnpHandled;
    return CounterRole::Other;
}

HostCounters summariseHostCounters(const std::map<std::string, double>& rates)
{
    HostCounters out;
    auto add = [](std::optional<double>& into, double rate) { into = into.value_or(0.0) + std::max(0.0, rate); };
    for (const auto& [name, rate] : rates) {
        switch (counterRole(name)) {
        case CounterRole::PauseRx:
            add(out.pauseRxPerS, rate);
            break;
        case CounterRole::PauseTx:
            add(out.pauseTxPerS, rate);
            break;
        case CounterRole::Loss:
        case CounterRole::Timeout:
        case CounterRole::Retransmit:
            add(out.retransmitsPerS, rate);
            break;
        case CounterRole::Discard:
            add(out.discardsPerS, rate);
            break;
        case CounterRole::CnpSent:
            add(out.cnpSentPerS, rate);
            break;
        case CounterRole::CnpHandled:
            add(out.cnpHandledPerS, rate);
            break;
        case CounterRole::Other:
            break;
        }
    }
    return out;
}

nlohmann::json hostCountersJson(const HostCounters& counters)
{
    auto out = nlohmann::json::object();
    for (const auto& field : kHostCounterFields) {
        if (const auto& v = counters.*field.member)
            out[std::string(field.name)] = *v;
    }
    return out;
}

Result<HostCounters> readHostCounters(
    const nlohmann::json& object, ErrorKind kind, const std::string& context, const std::string& where)
{
    if (!object.is_object())
        return fail(kind, context + ": the counters must be an object", where);
    JsonFields f(object, kind, context, where);
    for (const auto& item : object.items()) {
        if (std::ranges::none_of(kHostCounterFields, [&](const auto& field) { return field.name == item.key(); })) {
            const std::string key = item.key().size() > 64 ? item.key().substr(0, 64) + "..." : item.key();
            f.problem("unknown counter '" + key + "'");
        }
    }
    HostCounters out;
    for (const auto& field : kHostCounterFields) {
        if (const auto* v = f.find(field.name, false); v && !v->is_null())
            out.*field.member = f.number(field.name, 0, 1e12);
    }
    if (const auto& bad = f.error(); bad.has_value())
        return std::unexpected(*bad);
    return out;
}

} // namespace rp::counters
