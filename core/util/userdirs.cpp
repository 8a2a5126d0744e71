// SPDX-License-Identifier: GPL-3.0-or-later
#include "util/userdirs.h"

#include <cstdlib>

namespace rp {

std::string userDataDir()
{
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg)
        return std::string(xdg) + "/rocepilot";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::string(home) + "/.local/share/rocepilot";
    return {};
}

} // namespace rp
