// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "inventory/inventory.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace rp::ui {

struct SshConfigImport
{
    std::vector<rp::HostSpec> hosts; ///< in file order, one per concrete Host alias
    QStringList skippedPatterns; ///< wildcard/negated Host patterns that were not imported
    QString error; ///< set when the file could not be read
};

/// Parses OpenSSH client config text: Host blocks with HostName, Port, User and IdentityFile. Wildcard
/// patterns (*, ?, !) are skipped, Match blocks and lines before the first Host are ignored, the first value
/// of a keyword in a block wins (as ssh does). "~" and "%d" in IdentityFile become `homeDir`; a host without
/// User gets `defaultUser`.
SshConfigImport parseSshConfig(const QString& text, const QString& homeDir, const QString& defaultUser);

/// Reads and parses a file (normally ~/.ssh/config).
SshConfigImport importSshConfigFile(const QString& path, const QString& homeDir, const QString& defaultUser);

/// ~/.ssh/config of the current user.
QString defaultSshConfigPath();

} // namespace rp::ui
