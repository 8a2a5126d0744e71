// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Hand-built discovery results shaped like a dual-port mlx5 host, an iWARP host and an unreachable host.

#include "discovery/discover.h"

#include <QAbstractItemModel>
#include <QModelIndex>
#include <QVariant>

#include <string>
#include <vector>

namespace guitest {

inline rp::GidEntry gid(
    int index, std::string value, rp::GidType type, std::string netdev, std::string ipv4 = {}, std::string ipv6 = {})
{
    rp::GidEntry g;
    g.index = index;
    g.gid = std::move(value);
    g.type = type;
    g.netdev = std::move(netdev);
    g.ipv4 = std::move(ipv4);
    g.ipv6 = std::move(ipv6);
    g.linkLocal = g.gid.starts_with("fe80");
    return g;
}

/// A local host whose sysfs is the recorded tree tests/fixtures/sysfs/TREE: discovery reads it like a machine's.
inline rp::HostSpec recordedHost(const std::string& name, const std::string& tree)
{
    rp::HostSpec spec;
    spec.name = name;
    spec.address = "localhost";
    spec.local = true;
    spec.sysfsRoot = std::string(RP_FIXTURES_DIR "/sysfs/") + tree;
    return spec;
}

inline rp::HostOutcome mlxHost(const std::string& name = "node-a")
{
    rp::HostOutcome o;
    o.spec.name = name;
    o.spec.address = "198.18.0.11";
    o.state = rp::HostState::Ok;
    o.seconds = 0.4;

    rp::HostFacts f;
    f.hostname = name;
    f.os = "Debian GNU/Linux 12 (bookworm)";
    f.kernel = "6.1.0-28-amd64";

    rp::RdmaDevice dev;
    dev.name = "mlx5_0";
    dev.driver = "mlx5_core";
    dev.fwVersion = "22.39.1002";
    dev.nodeGuid = "b8ce:f603:00fe:0102";
    dev.nodeType = "CA";
    dev.transport = rp::Transport::RoCE;
    rp::RdmaPort port;
    port.number = 1;
    port.state = "ACTIVE";
    port.physState = "LinkUp";
    port.linkLayer = "Ethernet";
    port.rate = "100 Gb/sec (2X HDR)";
    port.netdev = "ens1f0np0";
    port.gidTableSize = 16;
    port.gids = {
        gid(0, "fe80:0000:0000:0000:bace:f6ff:fe01:0203", rp::GidType::IbRoceV1, "ens1f0np0", {},
            "fe80::bace:f6ff:fe01:203"),
        gid(1, "fe80:0000:0000:0000:bace:f6ff:fe01:0203", rp::GidType::RoceV2, "ens1f0np0", {},
            "fe80::bace:f6ff:fe01:203"),
        gid(2, "0000:0000:0000:0000:0000:ffff:c612:000b", rp::GidType::IbRoceV1, "ens1f0np0", "198.18.0.11"),
        gid(3, "0000:0000:0000:0000:0000:ffff:c612:000b", rp::GidType::RoceV2, "ens1f0np0", "198.18.0.11"),
        gid(4, "0000:0000:0000:0000:0000:ffff:c612:050b", rp::GidType::IbRoceV1, "ens1f0np0.5", "198.18.5.11"),
        gid(5, "0000:0000:0000:0000:0000:ffff:c612:050b", rp::GidType::RoceV2, "ens1f0np0.5", "198.18.5.11"),
    };
    port.gids[4].vlanId = 5;
    port.gids[5].vlanId = 5;
    dev.ports.push_back(port);

    rp::RdmaPort port2 = port;
    port2.number = 2;
    port2.state = "DOWN";
    port2.physState = "Disabled";
    port2.netdev = "ens1f1np1";
    port2.gids = { gid(0, "fe80:0000:0000:0000:bace:f6ff:fe01:0204", rp::GidType::RoceV2, "ens1f1np1") };
    dev.ports.push_back(port2);
    f.devices.push_back(dev);

    f.notes.push_back(
        { rp::HostNote::Severity::Warning, "port.down", "mlx5_0 port 2 is DOWN: RDMA traffic cannot use it" });

    rp::GidRecommendation rec;
    rec.device = "mlx5_0";
    rec.port = 1;
    rec.gidIndex = 3;
    rec.gid = "0000:0000:0000:0000:0000:ffff:c612:000b";
    rec.type = rp::GidType::RoceV2;
    rec.netdev = "ens1f0np0";
    rec.address = "198.18.0.11";
    rec.reason = "RoCE v2 with IPv4 198.18.0.11 on ens1f0np0";
    f.recommendations.push_back(rec);
    o.facts = f;
    return o;
}

inline rp::HostOutcome iwarpHost()
{
    rp::HostOutcome o;
    o.spec.name = "node-iw";
    o.spec.address = "198.18.0.21";
    o.state = rp::HostState::Ok;
    rp::HostFacts f;
    f.hostname = "node-iw";
    rp::RdmaDevice dev;
    dev.name = "irdma0";
    dev.driver = "irdma";
    dev.transport = rp::Transport::IWarp;
    dev.nodeType = "RNIC";
    rp::RdmaPort port;
    port.number = 1;
    port.state = "ACTIVE";
    port.linkLayer = "Ethernet";
    port.netdev = "ens2f0";
    port.gids = { gid(0, "0000:0000:0000:0000:0000:0000:0000:0000", rp::GidType::Unknown, "ens2f0") };
    port.gids[0].zero = true;
    dev.ports.push_back(port);
    f.devices.push_back(dev);
    f.notes.push_back({ rp::HostNote::Severity::Info, "iwarp.no-dcb", "irdma0 is iWARP: it runs over TCP" });
    o.facts = f;
    return o;
}

inline rp::HostOutcome unreachableHost()
{
    rp::HostOutcome o;
    o.spec.name = "node-dead";
    o.spec.address = "198.18.0.99";
    o.state = rp::HostState::Unreachable;
    o.error = rp::Error { rp::ErrorKind::Unreachable, "connect: No route to host", "198.18.0.99:22", "node-dead", 113 };
    o.seconds = 3.0;
    return o;
}

/// First index below `parent` (recursively) whose `role` equals `value`.
inline QModelIndex find(
    const QAbstractItemModel* model, int role, const QVariant& value, const QModelIndex& parent = {})
{
    for (int row = 0; row < model->rowCount(parent); ++row) {
        const QModelIndex i = model->index(row, 0, parent);
        if (i.data(role) == value)
            return i;
        if (const QModelIndex below = find(model, role, value, i); below.isValid())
            return below;
    }
    return {};
}

/// Counts rows below `parent` (recursively) whose `role` equals `value`.
inline int count(const QAbstractItemModel* model, int role, const QVariant& value, const QModelIndex& parent = {})
{
    int n = 0;
    for (int row = 0; row < model->rowCount(parent); ++row) {
        const QModelIndex i = model->index(row, 0, parent);
        n += i.data(role) == value ? 1 : 0;
        n += count(model, role, value, i);
    }
    return n;
}

} // namespace guitest
