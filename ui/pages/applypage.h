// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "apply/apply.h"
#include "generate/plan.h"
#include "inventory/inventory.h"

#include <QElapsedTimer>
#include <QMap>
#include <QWizardPage>

#include <functional>
#include <optional>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableView;
class QTimer;

namespace rp::ui {

class ApplyRunner;
class ConnectPrompter;
class HostProgressModel;
class StepModel;

/// After Review: applies the plan Review made to the hosts it was made for, through the journaled apply engine
/// (core/apply). Dry run (what will change, from a fresh read), Apply (after a confirmation naming the hosts),
/// Verify (read every step back), Rollback of the last run, Cancel (the engine finishes the step and rolls back).
/// Per-host progress, the steps of the selected host, a live log, the dead-man countdown, the journal afterwards.
class ApplyPage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApplyPage)

public:
    /// What the page applies: the plan (with its profile and inventory as YAML, so the engine can re-make it from
    /// a fresh read) and the inventory that says how to reach each host. No plan: `why` says what is missing.
    struct Input
    {
        std::optional<rp::Plan> plan;
        rp::Inventory inventory;
        QString why;
    };
    enum class Operation { None, DryRun, Apply, Verify, Rollback };

    ApplyPage(ConnectPrompter* prompter, QWidget* parent = nullptr);
    ~ApplyPage() override;

    /// Called on every entry to the page (initializePage) to take the current plan.
    void setInputSource(std::function<Input()> source) { m_source = std::move(source); }
    /// Takes a plan directly (tests; the source is not asked again until the page is entered anew).
    void setInput(Input input);

    void initializePage() override;
    bool isComplete() const override;

    bool startDryRun();
    /// Asks for confirmation (naming the hosts), then applies. False when refused or not possible now.
    bool startApply();
    bool startVerify();
    /// Rolls back the last run's journal, after a confirmation naming the hosts.
    bool startRollback();
    void cancelRun();
    bool isRunning() const;
    /// Cancels a run (it rolls back) and waits, answering prompts meanwhile. For shutdown.
    void cancelAndWait();

    HostProgressModel* hostModel() const { return m_hosts; }
    StepModel* stepModel() const { return m_steps; }
    QTableView* hostView() const { return m_hostView; }
    QPlainTextEdit* log() const { return m_log; }
    QLabel* statusLabel() const { return m_status; }
    QLabel* outcomeLabel() const { return m_outcome; }
    QLabel* deadmanLabel() const { return m_deadman; }
    QProgressBar* progressBar() const { return m_progress; }
    /// The journal of the last finished run, if any.
    const std::optional<rp::apply::Journal>& lastJournal() const { return m_lastJournal; }
    /// The journal Rollback would undo: the last apply, unless rolled back since.
    const std::optional<rp::apply::Journal>& rollbackJournal() const { return m_applyJournal; }
    Operation lastOperation() const { return m_lastOperation; }
    /// Selects a host row (its steps show below).
    void selectHost(const QString& host);

signals:
    void runStarted();
    /// The run ended; `ok` as the engine says (every host applied / verified / rolled back as asked).
    void runFinished(bool ok);
    /// The user asked for the Journals view.
    void journalsRequested();
    /// A dead-man was armed on `host` (the countdown shows), and when the next event of that host stopped it.
    void deadmanArmed(const QString& host, int seconds);
    void deadmanSettled(const QString& host);

private:
    bool start(Operation operation);
    bool confirm(const QString& title, const QString& text, const QString& go);
    QStringList hostNames() const;
    /// Switch targets the engine drives (an address and a vendor session RoCE Pilot speaks), and the others with
    /// the reason they are left to the admin.
    QStringList drivenSwitches() const;
    QStringList manualSwitches() const;
    void onEvent(const rp::apply::Event& event);
    void onFinished(const rp::Result<rp::apply::RunResult>& outcome);
    void updateButtons();
    void updateStatus();
    void updateSteps();
    void tickDeadman();
    void appendLog(const QString& host, const QString& step, const QString& text);
    rp::apply::Options baseOptions() const;

    ConnectPrompter* m_prompter = nullptr;
    std::function<Input()> m_source;
    Input m_input;
    ApplyRunner* m_runner = nullptr;
    HostProgressModel* m_hosts = nullptr;
    StepModel* m_steps = nullptr;

    QLabel* m_status = nullptr;
    QPushButton* m_dryRun = nullptr;
    QPushButton* m_apply = nullptr;
    QPushButton* m_verify = nullptr;
    QPushButton* m_rollback = nullptr;
    QPushButton* m_cancel = nullptr;
    QComboBox* m_policy = nullptr;
    QSpinBox* m_timeout = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_deadman = nullptr;
    QTableView* m_hostView = nullptr;
    QLabel* m_stepsTitle = nullptr;
    QTableView* m_stepView = nullptr;
    QPlainTextEdit* m_log = nullptr;
    QLabel* m_outcome = nullptr;
    QPushButton* m_journals = nullptr;
    QTimer* m_deadmanTimer = nullptr;

    Operation m_operation = Operation::None;
    Operation m_lastOperation = Operation::None;
    std::optional<rp::apply::Journal> m_lastJournal;
    std::optional<rp::apply::Journal> m_applyJournal; ///< the last apply that was not rolled back since
    QMap<QString, qint64> m_deadmanDeadlines; ///< host -> ms on m_clock when its dead-man fires
    QElapsedTimer m_clock;
};

} // namespace rp::ui
