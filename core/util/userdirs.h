// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace rp {

/// Where RoCE Pilot keeps what it writes for the user, the same for the GUI and the CLI:
/// $XDG_DATA_HOME/rocepilot, else ~/.local/share/rocepilot (journals/ and runs/ below it); empty when neither
/// variable is set (the caller picks a place beside the working directory).
std::string userDataDir();

} // namespace rp
