// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Fixes for findings, taken from the plan generators (core/generate): a one-target plan is generated for the
// host or switch port a finding names, and the steps that set the finding's setting keys are kept. Nothing is
// retyped here.

#include "diagnose/diagnose.h"
#include "generate/targets.h"

#include <string>
#include <vector>

namespace rp::diag {

/// The profile fixes are generated from: the one given, else the lossless-dscp preset. `why` is filled with
/// a sentence saying which.
Profile fixProfile(const DiagnoseOptions& options, std::string& why);

/// Steps of the host's plan that set any of `keys` ("mtu", "pfc", "trust", "dscp:", "rdma_cm.tos", ...; a key
/// ending in ':' matches every key with that prefix), rendered as the commands to run. `netdev` is the
/// interface the plan configures (a physical netdev; the profile's VLAN is created on it), `rdmaDevice` may
/// be empty. Empty when the generator refuses the target (its reason goes into `note`).
std::vector<Fix> hostFix(const DiagHost& host, const std::string& netdev, const std::string& rdmaDevice, int port,
    const Profile& profile, const std::vector<std::string>& keys, const std::string& profileWhy,
    std::string* note = nullptr);

/// The same for one switch port of a vendor the generators know.
std::vector<Fix> switchFix(const std::string& switchName, SwitchVendor vendor, const std::string& port,
    const Profile& profile, const std::vector<std::string>& keys, const std::string& profileWhy,
    std::string* note = nullptr);

} // namespace rp::diag
