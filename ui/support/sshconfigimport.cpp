// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/sshconfigimport.h"

#include "support/qtstrings.h"
#include "util/files.h"

#include <QCoreApplication>
#include <QDir>
#include <QRegularExpression>

#include <optional>

namespace rp::ui {

namespace {

constexpr std::size_t kMaxSshConfigBytes = 4u << 20;

struct Block
{
    QStringList aliases;
    std::optional<QString> hostName;
    std::optional<int> port;
    std::optional<QString> user;
    std::optional<QString> identityFile;
};

QString expandPath(QString path, const QString& homeDir)
{
    if (path == QLatin1String("~"))
        return homeDir;
    if (path.startsWith(QLatin1String("~/")))
        path = homeDir + path.mid(1);
    path.replace(QLatin1String("%d"), homeDir);
    return path;
}

QString unquote(QString value)
{
    if (value.size() >= 2 && value.startsWith(QLatin1Char('"')) && value.endsWith(QLatin1Char('"')))
        return value.mid(1, value.size() - 2);
    return value;
}

void flush(const Block& block, const QString& homeDir, const QString& defaultUser, SshConfigImport& out)
{
    for (const QString& alias : block.aliases) {
        rp::HostSpec spec;
        spec.name = toStd(alias);
        spec.address = toStd(block.hostName.value_or(alias));
        spec.port = block.port.value_or(22);
        spec.user = toStd(block.user.value_or(defaultUser));
        if (block.identityFile) {
            spec.auth = rp::AuthMethod::KeyFile;
            spec.keyFile = toStd(expandPath(*block.identityFile, homeDir));
        }
        out.hosts.push_back(std::move(spec));
    }
}

} // namespace

SshConfigImport parseSshConfig(const QString& text, const QString& homeDir, const QString& defaultUser)
{
    SshConfigImport out;
    std::optional<Block> block;
    static const QRegularExpression keywordSplit(QStringLiteral("^([A-Za-z]+)\\s*(?:=\\s*|\\s+)(.*)$"));

    const QStringList lines = text.split(QLatin1Char('\n'));
    for (const QString& raw : lines) {
        const QString line = raw.trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        const QRegularExpressionMatch m = keywordSplit.match(line);
        if (!m.hasMatch())
            continue;
        const QString keyword = m.captured(1).toLower();
        const QString value = m.captured(2).trimmed();

        if (keyword == QLatin1String("host") || keyword == QLatin1String("match")) {
            if (block)
                flush(*block, homeDir, defaultUser, out);
            block.reset();
            if (keyword == QLatin1String("match"))
                continue; // conditional blocks cannot be turned into fixed hosts
            Block next;
            const QStringList patterns = value.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
            for (const QString& p : patterns) {
                if (p.contains(QLatin1Char('*')) || p.contains(QLatin1Char('?')) || p.startsWith(QLatin1Char('!')))
                    out.skippedPatterns << p;
                else if (!next.aliases.contains(p))
                    next.aliases << p;
            }
            block = next;
            continue;
        }
        if (!block)
            continue; // global defaults before the first Host: not turned into hosts
        const QString v = unquote(value);
        if (keyword == QLatin1String("hostname") && !block->hostName) {
            block->hostName = v;
        } else if (keyword == QLatin1String("port") && !block->port) {
            bool ok = false;
            const int port = v.toInt(&ok);
            if (ok && port >= 1 && port <= 65535)
                block->port = port;
        } else if (keyword == QLatin1String("user") && !block->user) {
            block->user = v;
        } else if (keyword == QLatin1String("identityfile") && !block->identityFile) {
            block->identityFile = v;
        }
    }
    if (block)
        flush(*block, homeDir, defaultUser, out);
    return out;
}

SshConfigImport importSshConfigFile(const QString& path, const QString& homeDir, const QString& defaultUser)
{
    // Bounded like every other input: a config is a few KB; /dev/zero or a 2 GB log picked by mistake must not
    // fill the memory of the GUI.
    auto text = readTextFile(toStd(path), kMaxSshConfigBytes);
    if (!text) {
        SshConfigImport out;
        out.error = QCoreApplication::translate("rp::ui::SshConfigImport", "Cannot read %1: %2")
                        .arg(QDir::toNativeSeparators(path), toQ(text.error().message));
        return out;
    }
    return parseSshConfig(QString::fromUtf8(text->data(), static_cast<qsizetype>(text->size())), homeDir, defaultUser);
}

QString defaultSshConfigPath()
{
    return QDir::home().filePath(QStringLiteral(".ssh/config"));
}

} // namespace rp::ui
