// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What RoCE Pilot remembers between sessions (QSettings, ~/.config/rocepilot/rocepilot.conf): recent projects, the
// window's geometry, the theme, the last profile, the last Prometheus the fabric page read, and whether the first-start
// explanation of the lab was shown. Never a password or anything read from a host.

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

namespace rp::ui::settings {

/// At most this many recent projects are kept, newest first.
inline constexpr int kMaxRecentProjects = 8;

/// Newest first, absolute paths; files that no longer exist are left out.
QStringList recentProjects();
/// Puts `path` (made absolute) first, drops an older entry of it and anything past kMaxRecentProjects.
void addRecentProject(const QString& path);
void removeRecentProject(const QString& path);
void clearRecentProjects();

QByteArray windowGeometry();
void setWindowGeometry(const QByteArray& geometry);

/// "system", "dark" or "high-contrast"; empty when never chosen.
QString theme();
void setTheme(const QString& name);

struct LastProfile
{
    QString yaml; ///< the profile as the Profile page last had it
    QString file; ///< the file it was last loaded from or saved to; empty when none
};
std::optional<LastProfile> lastProfile();
void setLastProfile(const LastProfile& profile);

/// The fabric page's last "Read from Prometheus" answers (PrometheusDialog).
struct PrometheusSource
{
    QString url = QStringLiteral("http://127.0.0.1:9090");
    QString matchers;
    QString spine;
    int everyS = 5;
};
PrometheusSource prometheusSource();
void setPrometheusSource(const PrometheusSource& source);

/// The first start explains the built-in lab once; Help > The built-in lab shows it again.
bool labIntroShown();
void setLabIntroShown(bool shown);

} // namespace rp::ui::settings
