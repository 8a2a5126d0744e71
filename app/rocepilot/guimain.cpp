// SPDX-License-Identifier: GPL-3.0-or-later
// rocepilot: the GUI entry point. Builds the window, applies command-line options, nothing else.

#include "itemmodels/inventorymodel.h"
#include "lab/softrocelab.h"
#include "pages/discoverpage.h"
#include "pages/labpage.h"
#include "pages/welcomepage.h"
#include "support/appsettings.h"
#include "support/theme.h"
#include "window/mainwindow.h"
#include "window/wizard.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QIcon>
#include <QLibraryInfo>
#include <QLocale>
#include <QPixmap>
#include <QTimer>
#include <QTranslator>

#include <cstdio>
#include <memory>

namespace {

void loadTranslations(QApplication& app, const QLocale& locale)
{
    // Parented to the app so they live as long as it does.
    auto* own = new QTranslator(&app);
    if (own->load(locale, QStringLiteral("rocepilot"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QApplication::installTranslator(own);
    auto* qt = new QTranslator(&app);
    if (qt->load(
            locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(qt);
}

void fail(const QString& message)
{
    std::fprintf(stderr, "rocepilot: %s\n", qPrintable(message));
}

/// --self-test: what an install check needs to know, from the paths this binary runs at. 0 when the window
/// came up, the lab script was found beside it (share/rocepilot/lab) and answers, and the icon can be drawn.
int selfTest(QWidget& window)
{
    QCoreApplication::processEvents();
    int failures = 0;
    std::printf("rocepilot %s\n", RP_VERSION);
    std::printf("window: %s, %dx%d\n", window.isVisible() ? "shown" : "NOT SHOWN", window.width(), window.height());
    failures += window.isVisible() ? 0 : 1;
    const std::string script = rp::SoftRoceLab::findScript(QCoreApplication::applicationFilePath().toStdString());
    if (script.empty()) {
        std::printf("lab script: NOT FOUND (looked in ../share/rocepilot/lab beside this program)\n");
        ++failures;
    } else {
        auto status = rp::SoftRoceLab(script, rp::SoftRoceLab::defaultStateDir()).status();
        std::printf("lab script: %s (status: %s)\n", script.c_str(),
            status ? (status->running ? "running" : "not running") : status.error().describe().c_str());
        failures += status ? 0 : 1;
    }
    const bool icon = !QApplication::windowIcon().pixmap(64, 64).isNull();
    std::printf("icon: %s\n", icon ? "drawn at 64x64" : "CANNOT BE DRAWN (SVG support: libqt6svg6)");
    failures += icon ? 0 : 1;
    return failures == 0 ? 0 : 1;
}

} // namespace

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("rocepilot"));
    QApplication::setApplicationDisplayName(QStringLiteral("RoCE Pilot"));
    QApplication::setApplicationVersion(QStringLiteral(RP_VERSION));
    QApplication::setOrganizationName(QStringLiteral("rocepilot"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/rocepilot/rocepilot.svg")));
    // Wayland compositors match the window to its desktop entry (and icon) by this name.
    QGuiApplication::setDesktopFileName(QStringLiteral("invalid.rocepilot.RocePilot"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("RoCE deployment wizard"));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption inventoryOption(QStringList { QStringLiteral("inventory") },
        QStringLiteral("Open this project/inventory YAML file."), QStringLiteral("FILE"));
    const QCommandLineOption sysfsOption(QStringList { QStringLiteral("sysfs-root") },
        QStringLiteral("Add a host \"recorded\" that reads a recorded sysfs tree instead of a live system."),
        QStringLiteral("DIR"));
    const QCommandLineOption langOption(QStringList { QStringLiteral("lang") },
        QStringLiteral("User interface language (e.g. de, zh_CN); default: the system locale."),
        QStringLiteral("LOCALE"));
    const QCommandLineOption screenshotOption(QStringList { QStringLiteral("screenshot") },
        QStringLiteral("Render the window to FILE (PNG) and quit; for documentation."), QStringLiteral("FILE"));
    const QCommandLineOption pageOption(QStringList { QStringLiteral("page") },
        QStringLiteral("Page to show: welcome, hosts, discover, profile or review (the last three run discovery "
                       "first)."),
        QStringLiteral("PAGE"), QStringLiteral("welcome"));
    const QCommandLineOption labOption(QStringList { QStringLiteral("lab") },
        QStringLiteral("Start the built-in Soft-RoCE lab (two qemu guests with Soft-RoCE, no RDMA hardware "
                       "needed) and discover its hosts."));
    const QCommandLineOption selfTestOption(QStringList { QStringLiteral("self-test") },
        QStringLiteral("Show the window, check that the installed files it needs are found (the Soft-RoCE lab, the "
                       "icon), print them and quit: 0 when all are there."));
    const QCommandLineOption themeOption(QStringList { QStringLiteral("theme") },
        QStringLiteral("Colours: system, dark or high-contrast (also View > Theme, which is remembered); this option "
                       "applies to this run only."),
        QStringLiteral("THEME"));
    parser.addOptions({ inventoryOption, sysfsOption, langOption, screenshotOption, pageOption, labOption,
        selfTestOption, themeOption });
    parser.process(app);

    // The command line wins for this run; otherwise the theme chosen last time.
    const QString themeText = parser.isSet(themeOption) ? parser.value(themeOption) : rp::ui::settings::theme();
    const auto theme = rp::ui::themeFromName(themeText);
    if (parser.isSet(themeOption) && !theme) {
        fail(QStringLiteral("--theme: unknown theme %1 (%2)")
                 .arg(themeText, rp::ui::themeNames().join(QStringLiteral(", "))));
        return 2;
    }
    if (theme && *theme != rp::ui::Theme::System)
        rp::ui::applyTheme(*theme);

    const QLocale locale = parser.isSet(langOption) ? QLocale(parser.value(langOption)) : QLocale::system();
    QLocale::setDefault(locale);
    loadTranslations(app, locale);

    rp::ui::MainWindow window;
    rp::ui::Wizard* wizard = window.wizard();

    if (parser.isSet(inventoryOption)) {
        if (parser.isSet(screenshotOption)) {
            // No message box in screenshot mode: nobody is there to close it.
            QString error;
            if (!wizard->loadProject(parser.value(inventoryOption), &error)) {
                fail(error);
                return 1;
            }
        } else {
            window.openProject(parser.value(inventoryOption));
        }
    }
    if (parser.isSet(sysfsOption)) {
        const QString dir = parser.value(sysfsOption);
        if (!QFileInfo(dir).isDir()) {
            fail(QStringLiteral("--sysfs-root: %1 is not a directory").arg(dir));
            return 2;
        }
        rp::HostSpec spec;
        spec.name = "recorded";
        spec.address = "localhost";
        spec.local = true;
        spec.sysfsRoot = QDir(dir).absolutePath().toStdString();
        if (!wizard->inventoryModel()->contains(QStringLiteral("recorded")))
            wizard->inventoryModel()->addHost(spec);
    }

    const QString page = parser.value(pageOption);
    rp::ui::Wizard::PageId pageId = rp::ui::Wizard::WelcomePageId;
    if (page == QLatin1String("hosts"))
        pageId = rp::ui::Wizard::HostsPageId;
    else if (page == QLatin1String("discover"))
        pageId = rp::ui::Wizard::DiscoverPageId;
    else if (page == QLatin1String("profile"))
        pageId = rp::ui::Wizard::ProfilePageId;
    else if (page == QLatin1String("review"))
        pageId = rp::ui::Wizard::ReviewPageId;
    else if (page != QLatin1String("welcome")) {
        fail(QStringLiteral("--page: unknown page %1 (welcome, hosts, discover, profile, review)").arg(page));
        return 2;
    }

    const bool lab = parser.isSet(labOption);
    if (lab && (pageId != rp::ui::Wizard::WelcomePageId || parser.isSet(inventoryOption))) {
        fail(QStringLiteral("--lab brings its own hosts and pages: leave out --page and --inventory"));
        return 2;
    }

    window.show();
    if (parser.isSet(selfTestOption))
        return selfTest(window);
    // The first start explains the built-in lab, once; a screenshot or an explicit --lab needs no explanation.
    if (!parser.isSet(screenshotOption) && !lab && pageId == rp::ui::Wizard::WelcomePageId)
        window.showFirstStartIntro();
    if (lab) {
        wizard->welcomePage()->setGoal(rp::ui::WelcomePage::Goal::SoftRoceLab);
        wizard->advanceTo(rp::ui::Wizard::LabPageId); // entering the page starts the lab
    } else if (pageId > rp::ui::Wizard::DiscoverPageId) {
        // The pages after Discover need its results: go on once the run that entering Discover starts is over.
        QObject::connect(
            wizard->discoverPage(), &rp::ui::DiscoverPage::discoveryFinished, &window, [wizard, pageId, page] {
                if (!wizard->advanceTo(pageId))
                    fail(QStringLiteral("cannot go to page %1: the profile or discovery did not allow it").arg(page));
            });
        if (!wizard->advanceTo(rp::ui::Wizard::DiscoverPageId)) {
            fail(QStringLiteral("cannot go to page %1: add a host first (--inventory or --sysfs-root)").arg(page));
            if (parser.isSet(screenshotOption))
                return 1;
        }
    } else if (pageId != rp::ui::Wizard::WelcomePageId && !wizard->advanceTo(pageId)) {
        fail(QStringLiteral("cannot go to page %1: add a host first (--inventory or --sysfs-root)").arg(page));
        if (parser.isSet(screenshotOption))
            return 1;
    }

    if (parser.isSet(screenshotOption)) {
        const QString file = parser.value(screenshotOption);
        window.resize(1280, 760);
        auto shoot = [&window, wizard, file] {
            wizard->discoverPage()->selectFirstRecommended();
            // Let layouts and the spans settle before grabbing.
            QTimer::singleShot(300, &window, [&window, file] {
                const bool ok = window.grab().save(file, "PNG");
                if (!ok)
                    fail(QStringLiteral("cannot write %1").arg(file));
                QApplication::exit(ok ? 0 : 1);
            });
        };
        if (lab) {
            // The lab page mid-start (or its error): shot once the progress passed a third.
            rp::ui::LabPage* labPage = wizard->labPage();
            auto shot = std::make_shared<bool>(false);
            auto once = [shoot, shot] {
                if (!*shot) {
                    *shot = true;
                    shoot();
                }
            };
            QObject::connect(labPage, &rp::ui::LabPage::progressChanged, &window, [once](int percent) {
                if (percent >= 35)
                    once();
            });
            QObject::connect(labPage, &rp::ui::LabPage::labStartFailed, &window, once);
            QObject::connect(labPage, &rp::ui::LabPage::labReady, &window, once);
        } else if (pageId >= rp::ui::Wizard::DiscoverPageId) {
            rp::ui::DiscoverPage* discover = wizard->discoverPage();
            // Connected after the page change above, so the shot shows the page asked for.
            QObject::connect(discover, &rp::ui::DiscoverPage::discoveryFinished, &window, shoot);
            if (!discover->isRunning())
                QTimer::singleShot(0, discover, &rp::ui::DiscoverPage::startDiscovery);
        } else {
            shoot();
        }
        QTimer::singleShot(120000, &window, [] {
            fail(QStringLiteral("screenshot: timed out"));
            QApplication::exit(1);
        });
    }
    const int status = app.exec();
    if (wizard->labPage()->isLabRunning())
        std::fprintf(stderr,
            "rocepilot: the Soft-RoCE lab keeps running and is reused next time; stop it with File > Stop "
            "Soft-RoCE lab or 'rocepilot-cli lab stop'.\n");
    return status;
}
