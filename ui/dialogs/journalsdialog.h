// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "apply/apply.h"
#include "apply/journal.h"
#include "error.h"

#include <QDialog>
#include <QFutureWatcher>

#include <optional>
#include <vector>

class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTableView;

namespace rp::ui {

class ApplyRunner;
class ConnectPrompter;
class HostProgressModel;
class JournalListModel;
class StepModel;

/// File > Journals…: every apply run of a journal directory, newest first, with its outcome (damaged files with
/// their error); the selected run's hosts and steps; Roll back any run, Resume an unfinished one (the app was
/// killed during it). Reading and rolling back run on workers, with a live log.
class JournalsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(JournalsDialog)

public:
    JournalsDialog(ConnectPrompter* prompter, const QString& dir, QWidget* parent = nullptr);
    ~JournalsDialog() override;

    QString directory() const { return m_dir; }
    /// Reads the directory again (on a worker); `refreshed` follows.
    void refresh();
    /// Selects the journal with this path once the list has it.
    void selectJournal(const QString& path);
    /// Without a confirmation (the caller asked the user): undo every step the journal shows as run.
    bool startRollback(const QString& path);
    /// Without a confirmation: continue an unfinished journal.
    bool startResume(const QString& path);
    bool isRunning() const;
    void cancelAndWait();

    JournalListModel* journalModel() const { return m_list; }
    HostProgressModel* hostModel() const { return m_hosts; }
    StepModel* stepModel() const { return m_steps; }
    QTableView* journalView() const { return m_listView; }
    QPlainTextEdit* log() const { return m_log; }
    QPushButton* rollbackButton() const { return m_rollback; }
    QPushButton* resumeButton() const { return m_resume; }
    QLabel* statusLabel() const { return m_status; }
    /// The switch targets of the shown journal, one line each (empty when it has none).
    QLabel* switchLabel() const { return m_switches; }
    /// The journal shown (loaded for the selected row), if any.
    const std::optional<rp::apply::Journal>& shownJournal() const { return m_shown; }

    /// The unfinished journals (the run never ended) of `summaries`.
    static std::vector<rp::apply::JournalSummary> unfinished(const std::vector<rp::apply::JournalSummary>& summaries);

signals:
    void refreshed();
    /// The selected journal was read (or failed to be; the status says why).
    void journalShown();
    void runFinished(bool ok);

protected:
    void closeEvent(QCloseEvent* event) override;
    void reject() override;

private:
    bool start(const QString& path, bool resume);
    void onListed();
    void onSelected();
    void onLoaded(quint64 generation);
    void onEvent(const rp::apply::Event& event);
    void updateButtons();
    void updateSteps();
    void showSwitches();
    void confirmAndStart(bool resume);
    QString selectedPath() const;

    ConnectPrompter* m_prompter = nullptr;
    QString m_dir;
    JournalListModel* m_list = nullptr;
    HostProgressModel* m_hosts = nullptr;
    StepModel* m_steps = nullptr;
    ApplyRunner* m_runner = nullptr;

    QLabel* m_status = nullptr;
    QLabel* m_switches = nullptr;
    QTableView* m_listView = nullptr;
    QTableView* m_hostView = nullptr;
    QTableView* m_stepView = nullptr;
    QPlainTextEdit* m_log = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_refresh = nullptr;
    QPushButton* m_rollback = nullptr;
    QPushButton* m_resume = nullptr;
    QPushButton* m_close = nullptr;

    QFutureWatcher<std::vector<rp::apply::JournalSummary>> m_listWatcher;
    QFutureWatcher<rp::Result<rp::apply::Journal>> m_loadWatcher;
    quint64 m_loadGeneration = 0;
    quint64 m_loadWatcherGeneration = 0; ///< the generation of the load the watcher follows
    QString m_pendingSelect;
    std::optional<rp::apply::Journal> m_shown;
    QString m_runningPath;
};

} // namespace rp::ui
