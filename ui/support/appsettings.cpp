// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/appsettings.h"

#include <QFileInfo>
#include <QSettings>

#include <algorithm>

namespace rp::ui::settings {

namespace {

// Named explicitly (not from QCoreApplication): the tests and the CLI-less paths read the same file as the app.
QSettings store()
{
    return QSettings(
        QSettings::NativeFormat, QSettings::UserScope, QStringLiteral("rocepilot"), QStringLiteral("rocepilot"));
}

const QString kRecent = QStringLiteral("projects/recent");
const QString kGeometry = QStringLiteral("window/geometry");
const QString kTheme = QStringLiteral("view/theme");
const QString kProfileYaml = QStringLiteral("profile/yaml");
const QString kProfileFile = QStringLiteral("profile/file");
const QString kLabIntro = QStringLiteral("firstStart/labIntroShown");

QStringList storedRecent()
{
    return store().value(kRecent).toStringList();
}

void storeRecent(const QStringList& list)
{
    QSettings s = store();
    if (list.isEmpty())
        s.remove(kRecent);
    else
        s.setValue(kRecent, list);
}

} // namespace

QStringList recentProjects()
{
    QStringList out;
    for (const QString& path : storedRecent())
        if (QFileInfo(path).isFile())
            out << path;
    return out;
}

void addRecentProject(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList list = storedRecent();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > kMaxRecentProjects)
        list.removeLast();
    storeRecent(list);
}

void removeRecentProject(const QString& path)
{
    QStringList list = storedRecent();
    list.removeAll(QFileInfo(path).absoluteFilePath());
    storeRecent(list);
}

void clearRecentProjects()
{
    storeRecent({});
}

QByteArray windowGeometry()
{
    return store().value(kGeometry).toByteArray();
}

void setWindowGeometry(const QByteArray& geometry)
{
    store().setValue(kGeometry, geometry);
}

QString theme()
{
    return store().value(kTheme).toString();
}

void setTheme(const QString& name)
{
    store().setValue(kTheme, name);
}

std::optional<LastProfile> lastProfile()
{
    QSettings s = store();
    if (!s.contains(kProfileYaml))
        return std::nullopt;
    return LastProfile { s.value(kProfileYaml).toString(), s.value(kProfileFile).toString() };
}

void setLastProfile(const LastProfile& profile)
{
    QSettings s = store();
    s.setValue(kProfileYaml, profile.yaml);
    if (profile.file.isEmpty())
        s.remove(kProfileFile);
    else
        s.setValue(kProfileFile, profile.file);
}

PrometheusSource prometheusSource()
{
    QSettings s = store();
    PrometheusSource p;
    p.url = s.value(QStringLiteral("fabric/prometheusUrl"), p.url).toString();
    p.matchers = s.value(QStringLiteral("fabric/prometheusMatch")).toString();
    p.spine = s.value(QStringLiteral("fabric/prometheusSpine")).toString();
    p.everyS = std::clamp(s.value(QStringLiteral("fabric/prometheusEvery"), p.everyS).toInt(), 1, 3600);
    return p;
}

void setPrometheusSource(const PrometheusSource& source)
{
    QSettings s = store();
    s.setValue(QStringLiteral("fabric/prometheusUrl"), source.url);
    s.setValue(QStringLiteral("fabric/prometheusMatch"), source.matchers);
    s.setValue(QStringLiteral("fabric/prometheusSpine"), source.spine);
    s.setValue(QStringLiteral("fabric/prometheusEvery"), source.everyS);
}

bool labIntroShown()
{
    return store().value(kLabIntro, false).toBool();
}

void setLabIntroShown(bool shown)
{
    store().setValue(kLabIntro, shown);
}

} // namespace rp::ui::settings
