// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/ansible.h"

#include "util/files.h"

namespace rp {

Result<void> writeAnsibleProject(const AnsibleProject& project, const std::string& dir)
{
    return writeDirectoryAtomically(dir, { project.files.begin(), project.files.end() }, "project");
}

} // namespace rp
