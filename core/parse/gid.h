// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/model.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rp {

/// The sysfs form of a GID (8 groups of 4 lowercase hex digits) from that form or any IPv6 text form
/// ("fe80::1", "::ffff:198.18.0.1"). nullopt when the text is not an IPv6 address.
std::optional<std::string> canonicalGid(std::string_view text);

/// Fill ipv4 / ipv6 / zero / linkLocal of an entry from its gid. An entry whose gid is not readable gets them
/// cleared.
void annotateGid(GidEntry& entry);

/// Sort by index, then mark every entry whose gid+type+netdev already appeared at a lower index.
void flagDuplicates(std::vector<GidEntry>& gids);

} // namespace rp
