// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Seeded random *valid* profiles for the property tests: every rule of checkProfile is honoured by
// construction, so a validation failure is a bug in either side.

#include "profile/profile.h"

#include <algorithm>
#include <random>
#include <vector>

namespace rp::test {

inline int pick(std::mt19937& rng, int lo, int hi)
{
    return std::uniform_int_distribution<int>(lo, hi)(rng);
}

inline int pickNot(std::mt19937& rng, int lo, int hi, const std::vector<int>& avoid)
{
    for (;;) {
        int v = pick(rng, lo, hi);
        if (std::find(avoid.begin(), avoid.end(), v) == avoid.end())
            return v;
    }
}

inline Profile randomProfile(std::mt19937& rng)
{
    Profile p;
    static const char* names[] = { "custom", "lab", "prod fabric", "x\"y", "ünï" };
    p.name = names[pick(rng, 0, 4)];
    static const char* descriptions[] = { "", "plain", "two\nlines", "quotes ' and \" and: colon", "# hash" };
    p.description = descriptions[pick(rng, 0, 4)];
    p.mode = pick(rng, 0, 4) == 0 ? FlowMode::EcnOnly : FlowMode::Lossless;
    p.trust = pick(rng, 0, 1) ? TrustMode::Pcp : TrustMode::Dscp;
    p.roceMode = p.trust == TrustMode::Pcp && pick(rng, 0, 5) == 0 ? RoceMode::V1 : RoceMode::V2;
    if (p.trust == TrustMode::Pcp)
        p.vlan = pick(rng, 2, 4094);
    else if (pick(rng, 0, 3) == 0)
        p.vlan = pick(rng, 2, 4094);
    const int rp = pick(rng, 0, 7);
    const int cp = pickNot(rng, 0, 7, { rp });
    const int d = pickNot(rng, 0, 7, { rp, cp });
    int q = -1;
    if (p.mode == FlowMode::Lossless && pick(rng, 0, 3) == 0)
        q = pickNot(rng, 0, 7, { rp, cp, d });
    p.rocePriority = rp;
    p.cnpPriority = cp;
    p.roceDscp = pick(rng, 0, 63);
    p.cnpDscp = pickNot(rng, 0, 63, { p.roceDscp });
    const bool cnpOwn = pick(rng, 0, 2) != 0;
    p.cnpStrict = cnpOwn && pick(rng, 0, 2) != 0;
    for (int prio = 0; prio < 8; ++prio)
        p.prioToTc[static_cast<std::size_t>(prio)] = d;
    p.prioToTc[static_cast<std::size_t>(rp)] = rp;
    if (q >= 0)
        p.prioToTc[static_cast<std::size_t>(q)] = q;
    p.prioToTc[static_cast<std::size_t>(cp)] = cnpOwn ? cp : d;
    p.pfcPriorities.clear();
    if (p.mode == FlowMode::Lossless) {
        p.pfcPriorities.push_back(rp);
        if (q >= 0)
            p.pfcPriorities.push_back(q);
    }
    p.strictTcs.clear();
    if (p.cnpStrict)
        p.strictTcs.push_back(cp);
    std::vector<int> ets = { rp, d };
    if (q >= 0)
        ets.push_back(q);
    if (cnpOwn && !p.cnpStrict)
        ets.push_back(cp);
    p.tcBandwidth.fill(0);
    int left = 100;
    for (std::size_t i = 0; i < ets.size(); ++i) {
        int share = i + 1 == ets.size() ? left : pick(rng, 1, left - static_cast<int>(ets.size() - i - 1));
        p.tcBandwidth[static_cast<std::size_t>(ets[i])] = share;
        left -= share;
    }
    if (pick(rng, 0, 2) == 0) {
        int h = pickNot(rng, 0, 7, { rp, cp });
        p.heartbeat = HeartbeatClass { h, pickNot(rng, 0, 63, { p.roceDscp, p.cnpDscp }) };
    }
    p.pfcWatchdog = pick(rng, 0, 1) != 0;
    p.hostMtu = pick(rng, 1280, 9216);
    p.switchMtu = pick(rng, std::max(1500, p.hostMtu), 9216);
    p.ecn.enabled = p.mode == FlowMode::EcnOnly || pick(rng, 0, 4) != 0;
    p.ecn.minKb = pick(rng, 1, 5000);
    p.ecn.maxKb = pick(rng, p.ecn.minKb + 1, 100000);
    p.ecn.probability = pick(rng, 1, 100);
    p.hostWilling = pick(rng, 0, 5) == 0;
    p.lldpAgent = pick(rng, 0, 3) == 0 ? LldpAgent::Firmware : LldpAgent::Os;
    if (pick(rng, 0, 1))
        p.cableLengthM = pick(rng, 1, 300);
    if (pick(rng, 0, 1))
        p.losslessBufferPercent = pick(rng, 1, 99);
    p.rdmaCmMode = p.roceMode;
    p.rdmaCmTos = p.roceDscp * 4 + (pick(rng, 0, 1) ? 2 : 0);
    p.qosOnHostPorts = pick(rng, 0, 4) != 0;
    p.qosOnUplinks = !p.qosOnHostPorts || pick(rng, 0, 1) != 0;
    return p;
}

} // namespace rp::test
