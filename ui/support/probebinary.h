// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

/// The rocepilot-probe the GUI copies to hosts (tests, troubleshooter, fabric check): RP_PROBE when set (tests, a
/// build tree), else the one installed beside the app.
QString probeBinaryPath();
