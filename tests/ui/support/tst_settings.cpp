// SPDX-License-Identifier: GPL-3.0-or-later
// What the app remembers between sessions (ui/appsettings): recent projects, window geometry, last profile, theme,
// and the first-start explanation of the built-in lab. QSettings writes into a temporary directory (test mode plus
// an explicit path), never into the user's configuration.
#include "dashboard/dashboardcharts.h"
#include "itemmodels/discoverymodel.h"
#include "itemmodels/inventorymodel.h"
#include "itemmodels/settingdiffmodel.h"
#include "pages/discoverpage.h"
#include "pages/hostspage.h"
#include "pages/labpage.h"
#include "pages/profilepage.h"
#include "pages/reviewpage.h"
#include "pages/welcomepage.h"
#include "support/appsettings.h"
#include "support/theme.h"
#include "window/mainwindow.h"
#include "window/wizard.h"

#include "profile/profile.h"
#include "run/run.h"

#include "guitestdata.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QSyntaxHighlighter>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextLayout>

#include <cmath>
#include <functional>

using rp::ui::MainWindow;
using rp::ui::Wizard;
namespace settings = rp::ui::settings;

namespace {

double luminance(const QColor& c)
{
    auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

/// WCAG 2 contrast ratio: 4.5 is the minimum for normal text (AA), 7 for AAA.
double contrast(const QColor& a, const QColor& b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

/// `over` with its alpha laid on the opaque `base`, as the view paints it.
QColor blend(const QColor& over, const QColor& base)
{
    const double a = over.alphaF();
    return QColor::fromRgbF(static_cast<float>(over.redF() * a + base.redF() * (1 - a)),
        static_cast<float>(over.greenF() * a + base.greenF() * (1 - a)),
        static_cast<float>(over.blueF() * a + base.blueF() * (1 - a)));
}

QString writeProject(const QTemporaryDir& dir, const QString& name)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write("hosts:\n  - name: localhost\n    address: localhost\n    local: true\n");
    return path;
}

} // namespace

class TestSettings final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QStandardPaths::setTestModeEnabled(true);
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
        qputenv("XDG_CONFIG_HOME", m_dir.filePath(QStringLiteral("config")).toUtf8());
        qputenv("RP_JOURNAL_DIR", m_dir.filePath(QStringLiteral("journals")).toUtf8());
        // Anything that starts the lab meets a stand-in that fails at once: no qemu here.
        const QString script = m_dir.filePath(QStringLiteral("lab.sh"));
        QFile f(script);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("echo 'ERROR stand-in lab for tst_settings' >&2\nexit 1\n");
        f.close();
        qputenv("RP_LAB_SCRIPT", script.toUtf8());
    }

    void init()
    {
        QSettings(
            QSettings::NativeFormat, QSettings::UserScope, QStringLiteral("rocepilot"), QStringLiteral("rocepilot"))
            .clear();
        rp::ui::applyTheme(rp::ui::Theme::System);
    }

    void settingsLiveInTheTempDir()
    {
        settings::setTheme(QStringLiteral("dark"));
        const QSettings s(
            QSettings::NativeFormat, QSettings::UserScope, QStringLiteral("rocepilot"), QStringLiteral("rocepilot"));
        QVERIFY2(s.fileName().startsWith(m_dir.path()), qPrintable(s.fileName()));
        QVERIFY(QFile::exists(s.fileName()) || s.contains(QStringLiteral("view/theme")));
    }

    void recentProjects()
    {
        QTemporaryDir dir;
        const QString a = writeProject(dir, QStringLiteral("a.yaml"));
        const QString b = writeProject(dir, QStringLiteral("b.yaml"));
        {
            MainWindow window;
            QVERIFY(window.openProject(a));
            QVERIFY(window.openProject(b));
            QCOMPARE(settings::recentProjects(), (QStringList { b, a }));
            QVERIFY(window.openProject(a)); // opened again: to the top, not twice
            QCOMPARE(settings::recentProjects(), (QStringList { a, b }));

            // File > Open recent lists them, numbered, and an entry opens its project.
            emit window.recentMenu()->aboutToShow();
            QList<QAction*> entries;
            for (QAction* act : window.recentMenu()->actions())
                if (!act->data().toString().isEmpty())
                    entries << act;
            QCOMPARE(entries.size(), 2);
            QVERIFY(entries.at(0)->text().startsWith(QStringLiteral("&1 a.yaml")));
            QCOMPARE(entries.at(1)->data().toString(), b);
            entries.at(1)->trigger();
            QCOMPARE(window.wizard()->projectPath(), b);
            QCOMPARE(settings::recentProjects().first(), b);
        }
        // A file that went away is not offered; at most kMaxRecentProjects are kept.
        QVERIFY(QFile::remove(a));
        QCOMPARE(settings::recentProjects(), QStringList { b });
        for (int i = 0; i < settings::kMaxRecentProjects + 3; ++i)
            settings::addRecentProject(writeProject(dir, QStringLiteral("p%1.yaml").arg(i)));
        QCOMPARE(settings::recentProjects().size(), settings::kMaxRecentProjects);
        QCOMPARE(settings::recentProjects().first(), dir.filePath(QStringLiteral("p10.yaml")));
        settings::clearRecentProjects();
        QVERIFY(settings::recentProjects().isEmpty());
    }

    void geometryAndProfileSurviveARestart()
    {
        QTemporaryDir dir;
        const QString profileFile = dir.filePath(QStringLiteral("pcp-vlan.yaml"));
        rp::Profile edited;
        {
            MainWindow window;
            window.show();
            window.resize(900, 640);
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            rp::ui::ProfilePage* page = window.wizard()->profilePage();
            QVERIFY(page->selectPreset(QStringLiteral("lossless-pcp-vlan")));
            QString error;
            QVERIFY2(page->saveFile(profileFile, &error), qPrintable(error));
            rp::Profile p = page->profile();
            p.hostMtu = 4200; // an edit after the save: the session keeps it, not only the file
            page->setProfile(p);
            edited = page->profile();
            QVERIFY(window.close());
        }
        QVERIFY(!settings::windowGeometry().isEmpty());
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.size(), QSize(900, 640));
        rp::ui::ProfilePage* page = window.wizard()->profilePage();
        QVERIFY(page->profile() == edited);
        QCOMPARE(page->profile().hostMtu, 4200);
        QCOMPARE(page->lastFile(), profileFile);
        QVERIFY(page->fileStatusLabel()->text().contains(QStringLiteral("last session")));
    }

    void damagedStoredProfileIsNotRestored()
    {
        settings::setLastProfile({ QStringLiteral("mtu:\n  host: [\n"), QString() });
        MainWindow window;
        // The form keeps the first preset, and the status bar says why.
        QVERIFY(window.wizard()->profilePage()->profile() == rp::presets().front().profile);
        QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("not restored")),
            qPrintable(window.statusBar()->currentMessage()));
        settings::setLastProfile({ QStringLiteral("mtu:\n  host: 100\n"), QString() }); // out of range for the form
        MainWindow again;
        QVERIFY(again.wizard()->profilePage()->profile() == rp::presets().front().profile);
        QVERIFY(again.statusBar()->currentMessage().contains(QStringLiteral("mtu.host")));
    }

    void themeIsChosenAndRemembered()
    {
        MainWindow window;
        QAction* dark = window.findChild<QAction*>(QStringLiteral("theme-dark"));
        QAction* contrastAction = window.findChild<QAction*>(QStringLiteral("theme-high-contrast"));
        QVERIFY(dark && contrastAction);
        QVERIFY(window.findChild<QAction*>(QStringLiteral("theme-system"))->isChecked());
        dark->trigger();
        QCOMPARE(settings::theme(), QStringLiteral("dark"));
        QVERIFY(rp::ui::isDark(QApplication::palette()));
        QVERIFY(dark->isChecked());
        contrastAction->trigger();
        QCOMPARE(settings::theme(), QStringLiteral("high-contrast"));
        QVERIFY(rp::ui::isHighContrast());
        QCOMPARE(QApplication::palette().color(QPalette::Window), QColor(Qt::black));
        QVERIFY(!dark->isChecked());
        QVERIFY(!rp::ui::themeFromName(QStringLiteral("purple")));
    }

    void paletteContrast_data()
    {
        QTest::addColumn<QString>("theme");
        QTest::newRow("dark") << QStringLiteral("dark");
        QTest::newRow("high-contrast") << QStringLiteral("high-contrast");
    }

    void paletteContrast()
    {
        // Text, selected rows, the recommended GID's row and the diff status cells meet WCAG AA (4.5:1) on the
        // theme; high contrast meets AAA (7:1) for text and selection.
        QFETCH(QString, theme);
        rp::ui::applyTheme(*rp::ui::themeFromName(theme));
        const QPalette p = QApplication::palette();
        const double minimum = rp::ui::isHighContrast() ? 7.0 : 4.5;
        QVERIFY2(contrast(p.color(QPalette::Text), p.color(QPalette::Base)) >= minimum, "text on base");
        QVERIFY2(contrast(p.color(QPalette::WindowText), p.color(QPalette::Window)) >= minimum, "text on window");
        QVERIFY2(contrast(p.color(QPalette::Text), p.color(QPalette::AlternateBase)) >= minimum, "alternate rows");
        QVERIFY2(contrast(p.color(QPalette::ButtonText), p.color(QPalette::Button)) >= minimum, "buttons");
        QVERIFY2(contrast(p.color(QPalette::HighlightedText), p.color(QPalette::Highlight)) >= minimum, "selection");
        QVERIFY2(
            contrast(p.color(QPalette::Disabled, QPalette::Text), p.color(QPalette::Disabled, QPalette::Base)) >= 3.0,
            "disabled text stays legible");

        // The recommended GID row, as the discovery model colours it, unselected.
        Wizard w;
        w.inventoryModel()->addHost(guitest::recordedHost("recorded", "mlx5-dual"));
        QSignalSpy finished(w.discoverPage(), &rp::ui::DiscoverPage::discoveryFinished);
        w.discoverPage()->startDiscovery();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        rp::ui::DiscoveryModel* dm = w.discoverPage()->model();
        QModelIndex rec;
        std::function<void(const QModelIndex&)> walk = [&](const QModelIndex& parent) {
            for (int r = 0; r < dm->rowCount(parent) && !rec.isValid(); ++r) {
                const QModelIndex i = dm->index(r, 0, parent);
                if (i.data(rp::ui::DiscoveryModel::RecommendedRole).toBool())
                    rec = i;
                walk(i);
            }
        };
        walk({});
        QVERIFY(rec.isValid());
        const QColor rowBackground
            = blend(rec.data(Qt::BackgroundRole).value<QBrush>().color(), p.color(QPalette::Base));
        QVERIFY2(contrast(p.color(QPalette::Text), rowBackground) >= 4.5,
            qPrintable(QStringLiteral("recommended row %1").arg(contrast(p.color(QPalette::Text), rowBackground))));

        // The Review page's plan text: headings and comments on the base colour; the diff status cells.
        QVERIFY(w.advanceTo(Wizard::ReviewPageId));
        QPlainTextEdit* text = w.reviewPage()->textView(QStringLiteral("recorded"));
        QVERIFY(text);
        int checked = 0;
        for (QTextBlock b = text->document()->begin(); b.isValid(); b = b.next()) {
            for (const QTextLayout::FormatRange& r : b.layout()->formats()) {
                const QColor fg = r.format.foreground().color();
                const QColor bg = r.format.background().style() == Qt::NoBrush ? p.color(QPalette::Base)
                                                                               : r.format.background().color();
                QVERIFY2(contrast(fg, bg) >= 4.5,
                    qPrintable(QStringLiteral("'%1': %2 on %3 = %4")
                                   .arg(b.text().left(40), fg.name(), bg.name())
                                   .arg(contrast(fg, bg))));
                ++checked;
            }
        }
        QVERIFY(checked > 3);
        rp::ui::SettingDiffModel* diff = w.reviewPage()->diffModel(QStringLiteral("recorded"));
        QVERIFY(diff && diff->rowCount() > 0);
        for (int r = 0; r < diff->rowCount(); ++r) {
            const QModelIndex cell = diff->index(r, rp::ui::SettingDiffModel::Status);
            const QColor bg = cell.data(Qt::BackgroundRole).value<QBrush>().color();
            const QColor fg = cell.data(Qt::ForegroundRole).value<QBrush>().color();
            QVERIFY(contrast(fg, bg) >= 4.5);
        }
        rp::ui::applyTheme(rp::ui::Theme::System);
    }

    void chartsFollowTheTheme()
    {
        // The live charts (ui/dashboard/dashboardcharts) repaint their background, axes and legend from the palette
        // when it changes: the picture's mean lightness follows the theme. RP_THEME_SCREENSHOT_DIR keeps the pictures.
        rp::ui::DashboardCharts view;
        view.resize(900, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        for (int i = 0; i < 2000; ++i) {
            for (auto role : { rp::perf::Role::Client, rp::perf::Role::Server }) {
                rp::run::RunSample s;
                s.runTS = i * 1e-3;
                s.role = role;
                s.sample.size = 64;
                s.sample.tS = s.runTS;
                s.sample.intervalS = 1e-3;
                s.sample.gbps = 10 + std::sin(i * 0.01);
                s.sample.cpuPercent = 50 + 20 * std::cos(i * 0.02);
                if (role == rp::perf::Role::Client) {
                    s.sample.p50Us = 5 + std::fmod(i * 1e-3, 1.0);
                    s.sample.p99Us = 3 * *s.sample.p50Us;
                }
                view.addSample(s);
            }
        }
        const QString dir = qEnvironmentVariable("RP_THEME_SCREENSHOT_DIR");
        auto meanLightness = [&](const QString& name) {
            QTest::qWait(300); // the view repaints on its own timer
            const QImage img = view.grab().toImage();
            if (!dir.isEmpty())
                img.save(QDir(dir).filePath(QStringLiteral("chart-%1.png").arg(name)), "PNG");
            double sum = 0;
            int n = 0;
            for (int y = 0; y < img.height(); y += 4)
                for (int x = 0; x < img.width(); x += 4, ++n)
                    sum += img.pixelColor(x, y).lightnessF();
            return sum / n;
        };
        const double light = meanLightness(QStringLiteral("system"));
        rp::ui::applyTheme(rp::ui::Theme::Dark);
        const double dark = meanLightness(QStringLiteral("dark"));
        rp::ui::applyTheme(rp::ui::Theme::HighContrast);
        const double contrastTheme = meanLightness(QStringLiteral("high-contrast"));
        rp::ui::applyTheme(rp::ui::Theme::System);
        QVERIFY2(light > 0.6 && dark < 0.3 && contrastTheme < 0.2,
            qPrintable(QStringLiteral("mean lightness: system %1, dark %2, high contrast %3")
                           .arg(light)
                           .arg(dark)
                           .arg(contrastTheme)));
    }

    void firstStartExplainsTheLabOnce()
    {
        {
            MainWindow window;
            window.show();
            QVERIFY(window.showFirstStartIntro());
            auto* box = window.findChild<QMessageBox*>(QStringLiteral("labIntro"));
            QVERIFY(box && box->isVisible());
            QVERIFY(!box->isModal()); // the window stays usable behind it
            QVERIFY(box->informativeText().contains(QStringLiteral("lab-a")));
            QVERIFY(box->informativeText().contains(QStringLiteral("Help > The built-in Soft-RoCE lab")));
            // tests/ui/screenshots.sh intro: the box as the user sees it, for the user guide.
            if (const QString shot = qEnvironmentVariable("RP_LAB_INTRO_SCREENSHOT"); !shot.isEmpty())
                QVERIFY(box->grab().save(shot, "PNG"));
            // "Try the lab now" picks the lab on the Welcome page and starts it (here: the failing stand-in).
            auto* tryIt = box->findChild<QPushButton*>(QStringLiteral("tryLabButton"));
            QVERIFY(tryIt);
            QSignalSpy failed(window.wizard()->labPage(), &rp::ui::LabPage::labStartFailed);
            tryIt->click();
            QCOMPARE(window.wizard()->currentId(), int(Wizard::LabPageId));
            QVERIFY(window.wizard()->welcomePage()->goal() == rp::ui::WelcomePage::Goal::SoftRoceLab);
            QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 20000);
        }
        QVERIFY(settings::labIntroShown());
        MainWindow window;
        window.show();
        QVERIFY(!window.showFirstStartIntro()); // once only
        QVERIFY(!window.findChild<QMessageBox*>(QStringLiteral("labIntro")));
        // Help reopens it, and a second request raises the same box.
        auto* action = window.findChild<QAction*>(QStringLiteral("labIntroAction"));
        QVERIFY(action);
        action->trigger();
        QWidget* first = window.findChild<QMessageBox*>(QStringLiteral("labIntro"));
        QVERIFY(first && first->isVisible());
        QCOMPARE(window.showLabIntro(), first);
    }
};

QTEST_MAIN(TestSettings)
#include "tst_settings.moc"
