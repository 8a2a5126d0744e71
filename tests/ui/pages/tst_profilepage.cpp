// SPDX-License-Identifier: GPL-3.0-or-later
// The Profile page: presets fill the form, live validation blocks Next on errors only, YAML load and save.
#include "itemmodels/inventorymodel.h"
#include "pages/discoverpage.h"
#include "pages/profilepage.h"
#include "window/wizard.h"

#include "guitestdata.h"
#include "testutil.h"

#include <QAbstractButton>
#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

using rp::ui::ProfileIssueModel;
using rp::ui::ProfilePage;
using rp::ui::Wizard;

namespace {

template <class W> W* child(const QWidget* parent, const QString& name)
{
    auto* w = parent->findChild<W*>(name);
    if (!w)
        qFatal("no child %s", qPrintable(name));
    return w;
}

QSpinBox* spin(const QWidget* page, const char* name)
{
    return child<QSpinBox>(page, QLatin1String(name));
}

QSpinBox* spin(const QWidget* page, const char* name, int i)
{
    return child<QSpinBox>(page, QLatin1String(name) + QString::number(i));
}

QCheckBox* box(const QWidget* page, const char* name)
{
    return child<QCheckBox>(page, QLatin1String(name));
}

QCheckBox* box(const QWidget* page, const char* name, int i)
{
    return child<QCheckBox>(page, QLatin1String(name) + QString::number(i));
}

QString comboId(const QWidget* page, const char* name)
{
    return child<QComboBox>(page, QLatin1String(name))->currentData().toString();
}

bool hasIssue(const ProfileIssueModel* model, const QString& code, bool error)
{
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex i = model->index(row, 0);
        if (i.data(ProfileIssueModel::CodeRole).toString() == code
            && i.data(ProfileIssueModel::ErrorRole).toBool() == error)
            return true;
    }
    return false;
}

void writeFile(const QString& path, const QByteArray& text)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(text);
}

} // namespace

class TestProfilePage final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_config;

    /// A wizard on the Profile page, reached the way a user does: a recorded host, discovery, Next.
    static bool openProfilePage(Wizard& w)
    {
        w.inventoryModel()->addHost(guitest::recordedHost("recorded", "mlx5-dual"));
        QSignalSpy finished(w.discoverPage(), &rp::ui::DiscoverPage::discoveryFinished);
        if (!w.advanceTo(Wizard::DiscoverPageId))
            return false;
        if (finished.isEmpty() && !finished.wait(60000))
            return false;
        return w.advanceTo(Wizard::ProfilePageId);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_config.isValid());
        qputenv("XDG_CONFIG_HOME", m_config.path().toUtf8());
    }

    void presetsShowTheirValues()
    {
        ProfilePage page;
        QAbstractItemModelTester tester(page.issueModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        page.show();
        // The first preset is shown from the start.
        QCOMPARE(page.presetId().toStdString(), rp::presets().front().id);
        for (const rp::Preset& preset : rp::presets()) {
            const rp::Profile& p = preset.profile;
            QVERIFY(page.selectPreset(QString::fromStdString(preset.id)));
            QCOMPARE(page.presetId().toStdString(), preset.id);
            QVERIFY2(page.profile() == p, preset.id.c_str());
            QVERIFY(!page.isModifiedFromPreset());
            QCOMPARE(page.explanationLabel()->text().toStdString(), preset.explanation);

            QCOMPARE(child<QLineEdit>(&page, QStringLiteral("profileName"))->text().toStdString(), p.name);
            QCOMPARE(comboId(&page, "mode").toStdString(), rp::toString(p.mode));
            QCOMPARE(comboId(&page, "roceMode").toStdString(), rp::toString(p.roceMode));
            QCOMPARE(comboId(&page, "trust").toStdString(), rp::toString(p.trust));
            QCOMPARE(spin(&page, "vlan")->value(), p.vlan.value_or(0));
            QCOMPARE(spin(&page, "roceDscp")->value(), p.roceDscp);
            QCOMPARE(spin(&page, "rocePriority")->value(), p.rocePriority);
            QCOMPARE(spin(&page, "cnpDscp")->value(), p.cnpDscp);
            QCOMPARE(spin(&page, "cnpPriority")->value(), p.cnpPriority);
            QCOMPARE(box(&page, "cnpStrict")->isChecked(), p.cnpStrict);
            QCOMPARE(box(&page, "heartbeat")->isChecked(), p.heartbeat.has_value());
            for (int i = 0; i < 8; ++i) {
                const auto k = static_cast<std::size_t>(i);
                QCOMPARE(box(&page, "pfc", i)->isChecked(), p.pfcOn(i));
                QCOMPARE(spin(&page, "prioTc", i)->value(), p.prioToTc[k]);
                QCOMPARE(spin(&page, "bandwidth", i)->value(), p.tcBandwidth[k]);
                QCOMPARE(box(&page, "strict", i)->isChecked(), p.strictTc(i));
            }
            QCOMPARE(spin(&page, "hostMtu")->value(), p.hostMtu);
            QCOMPARE(spin(&page, "switchMtu")->value(), p.switchMtu);
            QCOMPARE(box(&page, "ecnEnabled")->isChecked(), p.ecn.enabled);
            QCOMPARE(spin(&page, "ecnMin")->value(), p.ecn.minKb);
            QCOMPARE(spin(&page, "ecnMax")->value(), p.ecn.maxKb);
            QCOMPARE(spin(&page, "ecnProbability")->value(), p.ecn.probability);
            QCOMPARE(box(&page, "hostWilling")->isChecked(), p.hostWilling);
            QCOMPARE(comboId(&page, "lldpAgent").toStdString(), rp::toString(p.lldpAgent));
            QCOMPARE(comboId(&page, "rdmaCmMode").toStdString(), rp::toString(p.rdmaCmMode));
            QCOMPARE(spin(&page, "rdmaCmTos")->value(), p.rdmaCmTos);
            QCOMPARE(
                child<QLabel>(&page, QStringLiteral("tosExplanation"))->text().toStdString(), rp::tosExplanation(p));
            // Every preset is valid: only warnings, and Next stays possible.
            QVERIFY(page.isComplete());
            QCOMPARE(page.issueModel()->errorCount(), 0);
        }
        // Editing marks the profile as changed from its preset; picking the preset again resets it.
        spin(&page, "hostMtu")->setValue(4200);
        QVERIFY(page.isModifiedFromPreset());
        QCOMPARE(page.profile().hostMtu, 4200);
        QVERIFY(!child<QLabel>(&page, QStringLiteral("presetState"))->text().isEmpty());
        QVERIFY(page.selectPreset(page.presetId()));
        QVERIFY(!page.isModifiedFromPreset());
        QVERIFY(!page.selectPreset(QStringLiteral("no-such-preset")));
    }

    /// At the wizard's first window size (1000 x 700: about 980 px for the page) the form's columns stack and it
    /// scrolls down only, the PFC and ETS groups within reach; a wide window puts them side by side again.
    void fitsTheFirstWindowSize()
    {
        ProfilePage page;
        page.resize(980, 560);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QTRY_VERIFY(!page.twoColumns());
        QScrollArea* area = page.formArea();
        QVERIFY(!area->horizontalScrollBar()->isVisible());
        auto* form = area->widget();
        QVERIFY2(form->width() <= area->viewport()->width(),
            qPrintable(QStringLiteral("form %1 px in a %2 px view").arg(form->width()).arg(area->viewport()->width())));
        for (const char* name : { "pfc0", "bandwidth7", "strict7" }) {
            auto* w = form->findChild<QWidget*>(QString::fromLatin1(name));
            QVERIFY2(w, name);
            const QRect r(w->mapTo(form, QPoint(0, 0)), w->size());
            QVERIFY2(r.right() <= area->viewport()->width(), name);
        }
        if (const QByteArray shot = qgetenv("RP_SCREENSHOT_PROFILE"); !shot.isEmpty())
            QVERIFY(page.grab().save(QString::fromLocal8Bit(shot)));
        page.resize(1700, 700);
        QTRY_VERIFY(page.twoColumns());
        QVERIFY(!area->horizontalScrollBar()->isVisible());
    }

    void etsSumErrorBlocksNext()
    {
        Wizard w;
        w.resize(1200, 800);
        w.show();
        QVERIFY(openProfilePage(w));
        ProfilePage* page = w.profilePage();
        QVERIFY(page->selectPreset(QStringLiteral("lossless-dscp")));
        QVERIFY(w.button(QWizard::NextButton)->isEnabled());
        QSignalSpy complete(page, &QWizardPage::completeChanged);

        spin(page, "bandwidth", 0)->setValue(40); // 40 + 50 = 90
        QVERIFY(!page->isComplete());
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        QVERIFY(!complete.isEmpty());
        QVERIFY(hasIssue(page->issueModel(), QStringLiteral("ets.sum"), true));
        const QString summary = child<QLabel>(page, QStringLiteral("issueSummary"))->text();
        QVERIFY2(summary.contains(QStringLiteral("error")), qPrintable(summary));
        QVERIFY(child<QLabel>(page, QStringLiteral("etsSum"))->text().contains(QStringLiteral("90")));
        const QModelIndex first = page->issueModel()->index(0, 0);
        QVERIFY2(first.data().toString().contains(QStringLiteral("sum to 100")), qPrintable(first.data().toString()));

        spin(page, "bandwidth", 0)->setValue(50);
        QVERIFY(page->isComplete());
        QVERIFY(w.button(QWizard::NextButton)->isEnabled());
        // Warnings stay visible without blocking.
        QVERIFY(hasIssue(page->issueModel(), QStringLiteral("vendor.fcoe-priority"), false));
        w.next();
        QCOMPARE(w.currentId(), int(Wizard::ReviewPageId));
    }

    void pcpTrustNeedsVlan()
    {
        Wizard w;
        w.show();
        QVERIFY(openProfilePage(w));
        ProfilePage* page = w.profilePage();
        QVERIFY(page->selectPreset(QStringLiteral("lossless-dscp")));
        auto* trust = child<QComboBox>(page, QStringLiteral("trust"));
        trust->setCurrentIndex(trust->findData(QStringLiteral("pcp")));
        QCOMPARE(spin(page, "vlan")->value(), 0);
        QVERIFY(page->profile().trust == rp::TrustMode::Pcp);
        QVERIFY(hasIssue(page->issueModel(), QStringLiteral("trust.vlan"), true));
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());

        spin(page, "vlan")->setValue(2);
        QVERIFY(!hasIssue(page->issueModel(), QStringLiteral("trust.vlan"), true));
        QVERIFY(page->isComplete());
        QVERIFY(w.button(QWizard::NextButton)->isEnabled());
        QCOMPARE(page->profile().vlan.value_or(0), 2);
    }

    void rdmaCmFollowsTheRoceClass()
    {
        ProfilePage page;
        QVERIFY(page.selectPreset(QStringLiteral("lossless-dscp")));
        QCOMPARE(page.profile().rdmaCmTos, 104);
        spin(&page, "roceDscp")->setValue(24);
        QCOMPARE(page.profile().rdmaCmTos, 96);
        QVERIFY(page.isComplete());
        QVERIFY(child<QLabel>(&page, QStringLiteral("tosExplanation"))->text().contains(QStringLiteral("96")));
        // With ECT(0) the ECN bits are kept.
        spin(&page, "rdmaCmTos")->setValue(98);
        spin(&page, "roceDscp")->setValue(26);
        QCOMPARE(page.profile().rdmaCmTos, 106);
        // A ToS set apart from the DSCP stays apart, and the check says so.
        spin(&page, "rdmaCmTos")->setValue(40);
        spin(&page, "roceDscp")->setValue(24);
        QCOMPARE(page.profile().rdmaCmTos, 40);
        QVERIFY(hasIssue(page.issueModel(), QStringLiteral("rdma_cm.tos"), true));
    }

    void saveAndLoad()
    {
        QTemporaryDir dir;
        ProfilePage page;
        QVERIFY(page.selectPreset(QStringLiteral("windows-smb")));
        spin(&page, "hostMtu")->setValue(4200);
        const rp::Profile edited = page.profile();
        const QString path = dir.filePath(QStringLiteral("smb.yaml"));
        QString error;
        QVERIFY2(page.saveFile(path, &error), qPrintable(error));

        ProfilePage other;
        QVERIFY2(other.loadFile(path, &error), qPrintable(error));
        QVERIFY(other.profile() == edited);
        QVERIFY(other.presetId().isEmpty()); // equals no preset
        QVERIFY(other.fileStatusLabel()->text().contains(QStringLiteral("smb.yaml")));
        QCOMPARE(spin(&other, "hostMtu")->value(), 4200);
        QVERIFY(other.isComplete());

        // Malformed YAML: refused with file:line:col, the form keeps what it had.
        const QString broken = dir.filePath(QStringLiteral("broken.yaml"));
        writeFile(broken, "version: 1\nroce: [dscp: 26\n");
        QVERIFY(!other.loadFile(broken, &error));
        QVERIFY2(error.contains(QStringLiteral("broken.yaml:")), qPrintable(error));
        QVERIFY2(error.contains(QRegularExpression(QStringLiteral("broken\\.yaml:\\d+:\\d+"))), qPrintable(error));
        QVERIFY(other.profile() == edited);
        QVERIFY(other.fileStatusLabel()->text().contains(QStringLiteral("broken.yaml:")));

        // Unknown key: refused with its line.
        const QString unknown = dir.filePath(QStringLiteral("unknown.yaml"));
        writeFile(unknown, "version: 1\nroce:\n  dscpp: 26\n");
        QVERIFY(!other.loadFile(unknown, &error));
        QVERIFY2(error.contains(QStringLiteral("unknown.yaml:3")), qPrintable(error));

        // Out of range: refused, since the form cannot show the value.
        const QString range = dir.filePath(QStringLiteral("range.yaml"));
        writeFile(range, "version: 1\ntrust: pcp\nvlan: 5000\n");
        QVERIFY(!other.loadFile(range, &error));
        QVERIFY2(error.contains(QStringLiteral("range.yaml:3:")), qPrintable(error));
        QVERIFY(other.profile() == edited);

        // A rule error loads, is located in the status, and blocks Next.
        const QString rule = dir.filePath(QStringLiteral("rule.yaml"));
        writeFile(rule, "version: 1\nname: short\nets:\n  bandwidth: [40, 0, 0, 50, 0, 0, 0, 0]\n");
        QVERIFY2(other.loadFile(rule, &error), qPrintable(error));
        QCOMPARE(other.profile().tcBandwidth[0], 40);
        QVERIFY(!other.isComplete());
        QVERIFY(hasIssue(other.issueModel(), QStringLiteral("ets.sum"), true));
        const QString status = other.fileStatusLabel()->text();
        QVERIFY2(status.contains(QStringLiteral("rule.yaml:4:")), qPrintable(status));

        // A missing file names the path.
        QVERIFY(!other.loadFile(dir.filePath(QStringLiteral("missing.yaml")), &error));
        QVERIFY2(error.contains(QStringLiteral("missing.yaml")), qPrintable(error));
        // Saving where it cannot write says why and changes nothing.
        QVERIFY(!other.saveFile(dir.filePath(QStringLiteral("no/such/dir/p.yaml")), &error));
        QVERIFY(!error.isEmpty());
    }
};

QTEST_MAIN(TestProfilePage)
#include "tst_profilepage.moc"
