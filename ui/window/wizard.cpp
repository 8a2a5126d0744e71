// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/wizard.h"

#include "dashboard/dashboard.h"
#include "itemmodels/discoverymodel.h"
#include "itemmodels/inventorymodel.h"
#include "itemmodels/switchmodel.h"
#include "pages/applypage.h"
#include "pages/discoverpage.h"
#include "pages/fabricpage.h"
#include "pages/hostspage.h"
#include "pages/labpage.h"
#include "pages/profilepage.h"
#include "pages/reviewpage.h"
#include "pages/testpage.h"
#include "pages/troubleshootpage.h"
#include "pages/welcomepage.h"
#include "support/accessibility.h"
#include "support/qtstrings.h"
#include "workers/connectprompter.h"

#include "profile/profile.h"

#include <QAbstractButton>
#include <QKeyEvent>
#include <QPushButton>

namespace rp::ui {

Wizard::Wizard(QWidget* parent)
    : QWizard(parent)
    , m_inventory(new InventoryModel(this))
    , m_prompter(new ConnectPrompter(this, this))
{
    setWindowTitle(tr("RoCE Pilot"));
    setWizardStyle(QWizard::ModernStyle);
    setOption(QWizard::NoBackButtonOnStartPage, true);
    setOption(QWizard::HaveHelpButton, false);
    // Alt+F belongs to the File menu of the main window; Next is hidden on the last page, so N is free there.
    setButtonText(QWizard::FinishButton, tr("Fi&nish"));
    setButtonText(QWizard::BackButton, tr("< &Back"));
    setButtonText(QWizard::NextButton, tr("&Next >"));
    setButtonText(QWizard::CancelButton, tr("Cancel"));
    // Embedded in the main window, whose window() is no QDialog: an auto-default button that takes and loses
    // focus would clear the default for good, and Enter would stop pressing Next after one Tab round.
    for (auto which : { QWizard::BackButton, QWizard::NextButton, QWizard::CancelButton, QWizard::FinishButton })
        if (auto* b = qobject_cast<QPushButton*>(button(which)))
            b->setAutoDefault(false);
    setAccessible(button(QWizard::BackButton), tr("Back"), tr("Returns to the previous page; nothing is undone."));
    setAccessible(button(QWizard::NextButton), tr("Next"),
        tr("Goes on to the next page once this one is complete; Enter presses it."));
    setAccessible(button(QWizard::CancelButton), tr("Cancel"), tr("Closes RoCE Pilot, asking to save changes first."));
    setAccessible(button(QWizard::FinishButton), tr("Finish"), tr("Closes RoCE Pilot, asking to save changes first."));

    m_welcome = new WelcomePage(this);
    m_lab = new LabPage(this);
    m_hosts = new HostsPage(m_inventory, m_prompter, this);
    m_discover = new DiscoverPage(m_inventory, m_prompter, this);
    m_profile = new ProfilePage(this);
    m_review = new ReviewPage(m_inventory, m_discover->model(), m_profile, this);
    setPage(WelcomePageId, m_welcome);
    setPage(LabPageId, m_lab);
    setPage(HostsPageId, m_hosts);
    setPage(DiscoverPageId, m_discover);
    setPage(ProfilePageId, m_profile);
    setPage(ReviewPageId, m_review);
    m_troubleshoot = new TroubleshootPage(m_inventory, m_prompter, this);
    m_troubleshoot->setUseInventory([this] { return m_welcome->goal() == WelcomePage::Goal::Troubleshoot; });
    m_troubleshoot->setSwitches([this] { return m_review->switchModel()->switches(); });
    setPage(TroubleshootPageId, m_troubleshoot);
    m_fabric = new FabricPage(testSources(), this);
    setPage(FabricPageId, m_fabric);
    m_test = new TestPage(testSources(), this);
    setPage(TestPageId, m_test);
    m_apply = new ApplyPage(m_prompter, this);
    setPage(ApplyPageId, m_apply);
    // Apply takes the plan Review made, for the hosts discovery read, with the profile and the inventory that
    // made it: the engine re-makes it from a fresh read of each host.
    m_apply->setInputSource([this] {
        ApplyPage::Input input;
        input.inventory = inventory();
        input.inventory.switches = m_review->switchModel()->switches();
        if (!m_review->plan()) {
            input.why = tr("the Review page has no plan (see its status).");
            return input;
        }
        input.plan = *m_review->plan();
        input.plan->profileYaml = rp::profileToYaml(m_profile->profile());
        input.plan->inventoryYaml = rp::inventoryToYaml(input.inventory);
        return input;
    });
    setStartId(WelcomePageId);

    connect(m_welcome, &WelcomePage::openProjectRequested, this, &Wizard::openProjectRequested);
    connect(m_lab, &LabPage::labReady, this, &Wizard::onLabReady);
    connect(m_inventory, &InventoryModel::hostsChanged, this, [this] {
        if (!m_loading)
            setModified(true);
    });
}

TestSources Wizard::testSources()
{
    TestSources s;
    s.inventory = [this] { return inventory(); };
    s.discovery = [this] { return m_discover->model()->outcomes(); };
    s.profile = [this] { return std::optional<rp::Profile>(m_profile->profile()); };
    s.prompter = m_prompter;
    return s;
}

Wizard::~Wizard()
{
    shutdown();
}

void Wizard::shutdown()
{
    // Order matters: the prompter must answer at once before the pages wait for their workers, and
    // everything must be idle before the pages and the prompter are destroyed.
    m_prompter->setClosing(true);
    m_hosts->cancelAndWait();
    m_discover->cancelAndWait();
    m_troubleshoot->cancelAndWait();
    // A lab that is up stays up (the next start reuses it); one that is half-started is stopped by core.
    m_lab->cancelAndWait();
    m_review->waitForSave();
    m_fabric->cancelAndWait(); // the controller stops every agent before it returns
    m_test->panel()->cancelAndWait(); // the run file keeps what was measured
    // A running apply is cancelled: the engine finishes its step and rolls back, and that is waited for.
    m_apply->cancelAndWait();
}

int Wizard::nextId() const
{
    switch (currentId()) {
    case WelcomePageId:
        if (m_welcome->goal() == WelcomePage::Goal::ImportOutputs)
            return TroubleshootPageId;
        return m_welcome->goal() == WelcomePage::Goal::SoftRoceLab ? LabPageId : HostsPageId;
    case LabPageId:
        return HostsPageId;
    case HostsPageId:
        return DiscoverPageId;
    case DiscoverPageId:
        if (m_welcome->goal() == WelcomePage::Goal::WatchFabric)
            return FabricPageId; // a running fabric: nothing to plan or apply
        return m_welcome->goal() == WelcomePage::Goal::Troubleshoot ? TroubleshootPageId : ProfilePageId;
    case ProfilePageId:
        return ReviewPageId;
    case ReviewPageId:
        return ApplyPageId;
    case ApplyPageId:
        return FabricPageId;
    case FabricPageId:
        return TestPageId;
    default:
        return -1;
    }
}

bool Wizard::validateCurrentPage()
{
    // The lab brings its own host list: unsaved changes to the current one are offered for saving first.
    if (currentId() == WelcomePageId && m_welcome->goal() == WelcomePage::Goal::SoftRoceLab && m_modified
        && m_discardCheck && !m_discardCheck())
        return false;
    return QWizard::validateCurrentPage();
}

void Wizard::useLabInventory(const rp::Inventory& inventory)
{
    setInventory(inventory);
    if (!m_projectPath.isEmpty()) {
        m_projectPath.clear();
        emit projectPathChanged(m_projectPath);
    }
    setModified(false);
}

void Wizard::onLabReady()
{
    useLabInventory(m_lab->labInventory());
    // Only when the user is still waiting on the lab page: never pull them off a page they went to meanwhile.
    if (currentId() != LabPageId)
        return;
    m_discover->discoverOnEntry();
    advanceTo(DiscoverPageId);
}

rp::Inventory Wizard::inventory() const
{
    rp::Inventory inv;
    inv.hosts = m_inventory->hosts();
    inv.knownHostsFile = toStd(m_knownHostsFile);
    return inv;
}

void Wizard::setInventory(const rp::Inventory& inventory)
{
    m_loading = true;
    m_inventory->setHosts(inventory.hosts);
    m_loading = false;
    m_knownHostsFile = toQ(inventory.knownHostsFile);
    m_prompter->setKnownHostsFile(m_knownHostsFile);
}

bool Wizard::loadProject(const QString& path, QString* error)
{
    auto loaded = rp::loadInventory(toStd(path));
    if (!loaded) {
        if (error)
            *error = toQ(loaded.error().describe());
        return false;
    }
    setInventory(*loaded);
    m_projectPath = path;
    setModified(false);
    emit projectPathChanged(m_projectPath);
    return true;
}

bool Wizard::saveProject(const QString& path, QString* error)
{
    const auto saved = rp::saveInventory(inventory(), toStd(path));
    if (!saved) {
        if (error)
            *error = toQ(saved.error().describe());
        return false;
    }
    if (m_projectPath != path) {
        m_projectPath = path;
        emit projectPathChanged(m_projectPath);
    }
    setModified(false);
    return true;
}

void Wizard::setModified(bool modified)
{
    if (m_modified == modified)
        return;
    m_modified = modified;
    emit modifiedChanged(modified);
}

bool Wizard::advanceTo(PageId id)
{
    if (currentId() == -1)
        restart();
    while (currentId() != id) {
        const int before = currentId();
        if (before > id || !currentPage()->isComplete())
            return false;
        next();
        if (currentId() == before)
            return false;
    }
    return true;
}

void Wizard::done(int result)
{
    // Embedded in the main window: never hide; let the window decide (it may ask to save first).
    if (result == QDialog::Accepted && !validateCurrentPage())
        return;
    emit closeRequested();
}

void Wizard::keyPressEvent(QKeyEvent* event)
{
    // QDialog closes on Escape; inside the main window that would end the app from a filter field.
    if (event->key() == Qt::Key_Escape) {
        event->ignore();
        return;
    }
    QWizard::keyPressEvent(event);
}

} // namespace rp::ui
