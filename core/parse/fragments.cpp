// SPDX-License-Identifier: GPL-3.0-or-later
// Fragment-tolerant import of pasted text (see fragments.h). The work is FragmentImporter's
// (fragmentimporter.h).
#include "parse/fragments.h"

#include "parse/fragmentimporter.h"

namespace rp {

PastedFabric importFragments(std::string_view text, std::string_view defaultHost)
{
    return fragment_detail::FragmentImporter(defaultHost).run(text);
}

bool holdsAnything(const PastedFabric& fabric)
{
    return !fabric.hosts.empty() || !fabric.switchPorts.empty() || !fabric.lldp.empty();
}

} // namespace rp
