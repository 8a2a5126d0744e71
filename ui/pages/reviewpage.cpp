// SPDX-License-Identifier: GPL-3.0-or-later
#include "pages/reviewpage.h"

#include "itemmodels/discoverymodel.h"
#include "itemmodels/inventorymodel.h"
#include "itemmodels/settingdiffmodel.h"
#include "itemmodels/switchmodel.h"
#include "pages/profilepage.h"
#include "remote/fleet.h"
#include "support/accessibility.h"
#include "support/qtstrings.h"
#include "widgets/planhighlighter.h"
#include "workers/connectprompter.h"

#include <QClipboard>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFontDatabase>
#include <QGroupBox>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QThread>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace rp::ui {

namespace {

const char* kTargetProperty = "rpTarget";

} // namespace

ReviewPage::ReviewPage(InventoryModel* inventory, DiscoveryModel* discovery, ProfilePage* profile, QWidget* parent)
    : QWizardPage(parent)
    , m_inventory(inventory)
    , m_discovery(discovery)
    , m_profile(profile)
    , m_switches(new SwitchModel(this))
{
    setTitle(tr("Review"));
    setSubTitle(tr(
        "The plan for every discovered host and the switches you list: read each step, see what will "
        "change and what already matches, then copy or save the files. Nothing is applied on this page: the next one "
        "applies the plan."));

    m_switchView = new QTableView(this);
    m_switchView->setObjectName(QStringLiteral("switchTable"));
    m_switchView->setModel(m_switches);
    setAccessible(m_switchView, tr("Switches"),
        tr("The switches to generate a configuration for: name, vendor, management address and the ports facing "
           "hosts. F2 edits the current cell."));
    m_switchView->setItemDelegateForColumn(SwitchModel::Vendor, new SwitchVendorDelegate(m_switchView));
    m_switchView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_switchView->setTabKeyNavigation(false); // Tab leaves the table; the arrow keys move between cells
    m_switchView->setEditTriggers(
        QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed | QAbstractItemView::SelectedClicked);
    m_switchView->horizontalHeader()->setStretchLastSection(true);
    m_switchView->verticalHeader()->hide();
    m_switchView->setMaximumHeight(fontMetrics().lineSpacing() * 7);
    m_switchView->setToolTip(tr("Double-click a cell to edit it. Ports are separated by commas."));
    m_addSwitch = new QPushButton(tr("&Add switch"), this);
    m_addSwitch->setObjectName(QStringLiteral("addSwitchButton"));
    m_addSwitch->setAutoDefault(false);
    m_removeSwitch = new QPushButton(tr("Re&move switch"), this);
    m_removeSwitch->setObjectName(QStringLiteral("removeSwitchButton"));
    m_removeSwitch->setAutoDefault(false);
    setAccessible(m_addSwitch, m_addSwitch->text(), tr("Adds a row to the switch table and starts editing its name."));
    setAccessible(m_removeSwitch, m_removeSwitch->text(), tr("Removes the selected switches."));
    auto* switchButtons = new QVBoxLayout;
    switchButtons->addWidget(m_addSwitch);
    switchButtons->addWidget(m_removeSwitch);
    switchButtons->addStretch(1);
    auto* switchBox = new QGroupBox(tr("Switches"), this);
    auto* switchLayout = new QHBoxLayout(switchBox);
    switchLayout->addWidget(m_switchView, 1);
    switchLayout->addLayout(switchButtons);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("reviewStatus"));
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_saveAll = new QPushButton(tr("Save all to fol&der…"), this);
    m_saveAll->setObjectName(QStringLiteral("saveAllButton"));
    m_saveAll->setAutoDefault(false);
    m_saveAll->setToolTip(tr("Write one file per target plus plan.json into an empty folder, all or nothing."));
    setAccessible(m_saveAll, m_saveAll->text(), m_saveAll->toolTip());
    m_saveStatus = new QLabel(this);
    m_saveStatus->setObjectName(QStringLiteral("saveStatus"));
    m_saveStatus->setWordWrap(true);
    m_saveStatus->setTextFormat(Qt::PlainText);
    m_saveStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* saveRow = new QHBoxLayout;
    saveRow->addWidget(m_saveAll);
    saveRow->addWidget(m_saveStatus, 1);

    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("planTabs"));
    m_tabs->setDocumentMode(true);
    setAccessible(m_tabs, tr("Plan targets"), tr("One tab per host and switch with its plan."));
    setAccessible(
        m_tabs->tabBar(), tr("Plan targets"), tr("One tab per host and switch; the arrow keys switch between them."));

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(switchBox);
    layout->addWidget(m_status);
    layout->addLayout(saveRow);
    layout->addWidget(m_tabs, 1);

    connect(m_addSwitch, &QPushButton::clicked, this, [this] {
        const int row = m_switches->addSwitch();
        m_switchView->setCurrentIndex(m_switches->index(row, SwitchModel::Name));
    });
    connect(m_removeSwitch, &QPushButton::clicked, this, [this] {
        QList<int> rows;
        for (const QModelIndex& index : m_switchView->selectionModel()->selectedRows())
            rows << index.row();
        m_switches->removeSwitches(rows);
    });
    connect(m_switchView->selectionModel(), &QItemSelectionModel::selectionChanged, this, &ReviewPage::updateButtons);
    connect(m_saveAll, &QPushButton::clicked, this, &ReviewPage::saveAllDialog);
    connect(&m_saveWatcher, &QFutureWatcher<rp::Result<void>>::finished, this, &ReviewPage::onSaveDone);
    // Every edit of the switch table shows its effect at once (or the reason it cannot be generated).
    connect(m_switches, &QAbstractItemModel::dataChanged, this, &ReviewPage::regenerate);
    connect(m_switches, &QAbstractItemModel::rowsInserted, this, &ReviewPage::regenerate);
    connect(m_switches, &QAbstractItemModel::rowsRemoved, this, &ReviewPage::regenerate);
    connect(m_switches, &QAbstractItemModel::modelReset, this, &ReviewPage::regenerate);

    updateButtons();
}

ReviewPage::~ReviewPage()
{
    waitForSave();
}

void ReviewPage::initializePage()
{
    regenerate();
}

void ReviewPage::changeEvent(QEvent* event)
{
    QWizardPage::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_plan)
        rebuildTabs();
}

bool ReviewPage::isComplete() const
{
    return !isSaving();
}

bool ReviewPage::isSaving() const
{
    return m_saveWatcher.isRunning();
}

void ReviewPage::updateButtons()
{
    m_saveAll->setEnabled(m_plan.has_value() && !isSaving());
    m_removeSwitch->setEnabled(m_switchView->selectionModel()->hasSelection());
}

void ReviewPage::regenerate()
{
    Q_ASSERT(QThread::currentThread() == thread());
    const rp::Profile profile = m_profile->profile();
    rp::PlanInventory inventory;
    rp::HostFactsMap facts;
    QStringList skipped;
    for (const rp::HostSpec& spec : m_inventory->hosts()) {
        const QString name = toQ(spec.name);
        const rp::HostOutcome* outcome = m_discovery->outcome(name);
        if (!outcome || !outcome->facts) {
            QString why = outcome ? toQ(std::string(rp::toString(outcome->state))) : tr("not discovered");
            if (outcome && outcome->error)
                why += QStringLiteral(": ") + toQ(outcome->error->message);
            skipped << QStringLiteral("%1 (%2)").arg(name, why);
            continue;
        }
        rp::PlanHost host = rp::planHostFromFacts(spec, *outcome->facts);
        if (host.interfaces.empty()) {
            skipped << tr("%1 (no RoCE port found)").arg(name);
            continue;
        }
        facts.emplace(spec.name, *outcome->facts);
        inventory.hosts.push_back(std::move(host));
    }
    inventory.switches = m_switches->switches();

    QStringList status;
    m_plan.reset();
    m_facts.clear();
    if (inventory.hosts.empty() && inventory.switches.empty()) {
        status << tr("No plan: no discovered host has a RoCE port and no switch is listed. Add a switch above, or "
                     "go back and discover hosts.");
    } else if (auto plan = rp::generatePlan(profile, inventory, facts); !plan) {
        status << tr("No plan: %1").arg(toQ(plan.error().describe()));
    } else {
        m_plan = std::move(*plan);
        m_facts = std::move(facts);
        status << tr("Profile '%1': %2 host(s) and %3 switch(es).")
                      .arg(toQ(m_plan->profileName))
                      .arg(inventory.hosts.size())
                      .arg(inventory.switches.size());
        if (!m_plan->warnings.empty())
            status << tr("%n profile warning(s), repeated at the top of every file.", nullptr,
                static_cast<int>(m_plan->warnings.size()));
    }
    if (!skipped.isEmpty())
        status << tr("Left out: %1.").arg(skipped.join(QStringLiteral("; ")));
    m_status->setText(status.join(QLatin1Char('\n')));
    rebuildTabs();
    updateButtons();
    emit planGenerated();
}

void ReviewPage::rebuildTabs()
{
    const QString current
        = m_tabs->currentWidget() ? m_tabs->currentWidget()->property(kTargetProperty).toString() : QString();
    while (m_tabs->count() > 0) {
        QWidget* tab = m_tabs->widget(0);
        m_tabs->removeTab(0);
        delete tab;
    }
    if (!m_plan)
        return;
    for (const rp::PlanTarget& target : m_plan->targets) {
        const int index = m_tabs->addTab(makeTab(target), toQ(target.name));
        m_tabs->setTabToolTip(index, toQ(target.title));
        if (toQ(target.name) == current)
            m_tabs->setCurrentIndex(index);
    }
}

QWidget* ReviewPage::makeTab(const rp::PlanTarget& target)
{
    const QString name = toQ(target.name);
    auto* tab = new QWidget;
    tab->setProperty(kTargetProperty, name);

    auto* title = new QLabel(toQ(target.title), tab);
    title->setTextFormat(Qt::PlainText);
    auto* copy = new QPushButton(tr("&Copy"), tab);
    copy->setObjectName(QStringLiteral("copyButton"));
    copy->setAutoDefault(false);
    copy->setToolTip(tr("Copy this target's plan to the clipboard."));
    setAccessible(copy, tr("Copy the plan for %1").arg(name), copy->toolTip());
    auto* header = new QHBoxLayout;
    header->addWidget(title, 1);
    header->addWidget(copy);

    auto* text = new QPlainTextEdit(tab);
    text->setObjectName(QStringLiteral("planText"));
    text->setReadOnly(true);
    text->setLineWrapMode(QPlainTextEdit::NoWrap);
    text->setTabChangesFocus(true); // read-only: Tab leaves it, so a keyboard user is never stuck
    text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setAccessible(text, tr("Plan for %1").arg(name),
        tr("Every step for %1 in order, with its check and its undo; read-only, select to copy.").arg(name));
    // Highlighter first: it then formats the text as it is set, not later from the event loop.
    new PlanHighlighter(text->document(), toQ(target.comment));
    text->setPlainText(toQ(rp::renderTarget(*m_plan, target)));
    connect(copy, &QPushButton::clicked, this, [this, name] { copyTarget(name); });

    auto* layout = new QVBoxLayout(tab);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addLayout(header);
    auto facts = m_facts.find(target.name);
    if (target.kind == rp::TargetKind::Switch || facts == m_facts.end()) {
        layout->addWidget(text, 1);
        return tab;
    }

    auto* model = new SettingDiffModel(tab);
    model->setDiffs(rp::diffTarget(target, facts->second));
    auto* summary = new QLabel(tab);
    summary->setObjectName(QStringLiteral("diffSummary"));
    summary->setWordWrap(true);
    summary->setText(tr("What will change, what already matches: %1 to change, %2 already so, %3 unknown (the "
                        "host could not tell; see the note).")
                         .arg(model->count(rp::DiffStatus::Change))
                         .arg(model->count(rp::DiffStatus::Match))
                         .arg(model->count(rp::DiffStatus::Unknown)));
    // Changes first (then matches, then unknown), each in plan order: what needs a look comes first.
    auto* sorted = new QSortFilterProxyModel(tab);
    sorted->setSourceModel(model);
    sorted->setSortRole(SettingDiffModel::SortRole);
    auto* view = new QTableView(tab);
    view->setObjectName(QStringLiteral("diffTable"));
    view->setModel(sorted);
    // Indicator first: enabling sorting sorts once, by it, from the source (plan) order.
    view->horizontalHeader()->setSortIndicator(SettingDiffModel::Status, Qt::AscendingOrder);
    view->setSortingEnabled(true);
    setAccessible(view, tr("Changes on %1").arg(name),
        tr("Each setting the plan sets on %1: what the host has now, what the plan wants, and whether it will "
           "change, already matches or is unknown.")
            .arg(name));
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setTabKeyNavigation(false);
    view->setAlternatingRowColors(true);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setStretchLastSection(true);
    view->resizeColumnsToContents();
    const int maxWidth = fontMetrics().horizontalAdvance(QLatin1Char('M')) * 22;
    for (int column = 0; column < SettingDiffModel::Note; ++column)
        view->setColumnWidth(column, std::min(view->columnWidth(column), maxWidth));

    auto* diffPane = new QWidget(tab);
    auto* diffLayout = new QVBoxLayout(diffPane);
    diffLayout->setContentsMargins(0, 0, 0, 0);
    diffLayout->addWidget(summary);
    diffLayout->addWidget(view, 1);
    auto* split = new QSplitter(Qt::Vertical, tab);
    split->addWidget(text);
    split->addWidget(diffPane);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);
    return tab;
}

QPlainTextEdit* ReviewPage::textView(const QString& target) const
{
    for (int i = 0; i < m_tabs->count(); ++i) {
        if (m_tabs->widget(i)->property(kTargetProperty).toString() == target)
            return m_tabs->widget(i)->findChild<QPlainTextEdit*>(QStringLiteral("planText"));
    }
    return nullptr;
}

SettingDiffModel* ReviewPage::diffModel(const QString& target) const
{
    for (int i = 0; i < m_tabs->count(); ++i) {
        if (m_tabs->widget(i)->property(kTargetProperty).toString() == target)
            return m_tabs->widget(i)->findChild<SettingDiffModel*>();
    }
    return nullptr;
}

void ReviewPage::copyTarget(const QString& target)
{
    if (const QPlainTextEdit* text = textView(target)) {
        QGuiApplication::clipboard()->setText(text->toPlainText());
        m_saveStatus->setText(tr("Copied the plan for %1.").arg(target));
    }
}

void ReviewPage::saveAllDialog()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Save all plan files to an empty folder"));
    if (!dir.isEmpty())
        startSaveAll(dir);
}

bool ReviewPage::startSaveAll(const QString& dir)
{
    if (!m_plan || isSaving())
        return false;
    m_saveDir = dir;
    m_saveFiles = static_cast<int>(m_plan->targets.size()) + 1; // plus plan.json
    m_saveStatus->setText(tr("Saving to %1…").arg(QDir::toNativeSeparators(dir)));
    // A copy: the user may regenerate while the worker writes.
    m_saveWatcher.setFuture(
        QtConcurrent::run([plan = *m_plan, path = toStd(dir)] { return rp::writePlanDirectory(plan, path); }));
    updateButtons();
    emit completeChanged();
    return true;
}

void ReviewPage::onSaveDone()
{
    Q_ASSERT(QThread::currentThread() == thread());
    const rp::Result<void> result = m_saveWatcher.result();
    QString message;
    if (result)
        message = tr("Saved %n file(s) to %1.", nullptr, m_saveFiles).arg(QDir::toNativeSeparators(m_saveDir));
    else
        message = tr("Nothing was saved: %1").arg(toQ(result.error().describe()));
    m_saveStatus->setText(message);
    updateButtons();
    emit completeChanged();
    emit saveFinished(result.has_value(), message);
}

void ReviewPage::waitForSave()
{
    if (isSaving())
        waitProcessingEvents([this] { return m_saveWatcher.future().isFinished(); });
}

} // namespace rp::ui
