// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "perf/protocol.h"

#include <string>

namespace rp::perf {

/// What this host can run, for the probe's hello: TCP always; every RDMA device that opens, with its ports and
/// the largest inline payload an RC QP on it accepts (found by creating QPs, since no device attribute says
/// it); the perftest tools in PATH and whether they know --out_json.
Capabilities scanCapabilities();

/// "0.1.0": the probe and the controller that deploys it are built from the same tree.
std::string probeVersion();

} // namespace rp::perf
