// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "apply/apply.h"
#include "apply/journal.h"

#include <QAbstractTableModel>

class QTableView;
class QWidget;

#include <map>
#include <string>
#include <vector>

namespace rp::ui {

/// The hosts of one apply run (rp::apply::HostRecord, as the journal keeps them): state, the step running now and
/// the last message. Live from the engine's events while a run goes, then replaced by the journal it wrote.
/// Updates merge in place, so the selection survives a run.
class HostProgressModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HostProgressModel)

public:
    enum Columns { Host, State, CurrentStep, Message, ColumnCount };
    enum Roles {
        HostStateRole = Qt::UserRole, ///< QString: rp::apply::toString(HostState) ("applied", "rolled-back", ...)
        NameRole, ///< QString: the host name
    };

    explicit HostProgressModel(QObject* parent = nullptr);
    ~HostProgressModel() override;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// A new run: these hosts, pending, each with the steps it will go through (known from the plan).
    void setHosts(std::vector<rp::apply::HostRecord> hosts);
    /// The journal's hosts: the authoritative state after (or before) a run. Rows of the same hosts update in place.
    void setJournal(const rp::apply::Journal& journal);
    /// One engine event: the step it names changes state, the host's current step and message follow it.
    void applyEvent(const rp::apply::Event& event);
    void clear();

    const std::vector<rp::apply::HostRecord>& hosts() const { return m_hosts; }
    /// -1 when there is no such host.
    int rowOf(const QString& host) const;
    const rp::apply::HostRecord* host(const QString& name) const;
    /// The journal's mode ("apply", "dry-run", "verify", "rollback"): a dry run's pending steps will run, a
    /// verify's applied host is one that reads back as planned.
    QString mode() const { return m_mode; }
    void setMode(const QString& mode);
    bool isDryRun() const { return m_mode == QLatin1String("dry-run"); }

    QString stateText(rp::apply::HostState state) const;

signals:
    /// The steps of `host` changed (its step view should refresh).
    void stepsChanged(const QString& host);

private:
    void setRecords(std::vector<rp::apply::HostRecord> hosts);

    std::vector<rp::apply::HostRecord> m_hosts;
    std::vector<std::string> m_current; ///< per row: the step running now
    QString m_mode = QStringLiteral("apply");
};

/// The steps of one host: what each does, its state (in a dry run: will run / already so / skipped), the reason
/// and what was read back.
class StepModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StepModel)

public:
    enum Columns { Step, State, Reason, ReadBack, ColumnCount };
    enum Roles {
        StepStateRole = Qt::UserRole, ///< QString: rp::apply::toString(StepState)
        StepIdRole, ///< QString
    };

    explicit StepModel(QObject* parent = nullptr);
    ~StepModel() override;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// Same step ids as now: updated in place; otherwise reset.
    void setSteps(std::vector<rp::apply::StepRecord> steps, bool dryRun);
    /// What each step's read-back must show (Verify::expect, by step id): a step whose read-back matched then says
    /// so in a few words instead of the raw output (which stays in the tooltip).
    void setExpectations(std::map<std::string, std::string> expect);
    const std::vector<rp::apply::StepRecord>& steps() const { return m_steps; }

    /// "will run", "already so", "skipped", "verified", ... (`dryRun`: a pending step is one that will run).
    static QString stateText(rp::apply::StepState state, bool dryRun);

private:
    std::vector<rp::apply::StepRecord> m_steps;
    std::map<std::string, std::string> m_expect;
    bool m_dryRun = false;
};

/// The journals of a directory (rp::apply::listJournals), newest first; a damaged file is a row with its error.
class JournalListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(JournalListModel)

public:
    enum Columns { Id, Created, Mode, Outcome, Hosts, ColumnCount };
    enum Roles {
        PathRole = Qt::UserRole, ///< QString
        UnfinishedRole, ///< bool: the run never ended (the controller died): resume or roll back
        DamagedRole, ///< bool
    };

    explicit JournalListModel(QObject* parent = nullptr);
    ~JournalListModel() override;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void setJournals(std::vector<rp::apply::JournalSummary> journals);
    const std::vector<rp::apply::JournalSummary>& journals() const { return m_journals; }
    int rowOfPath(const QString& path) const;

    /// "applied", "rolled back", "unfinished: resume or roll back", ...
    static QString outcomeText(const rp::apply::JournalSummary& summary);

private:
    std::vector<rp::apply::JournalSummary> m_journals;
};

/// A read-only, row-selecting table over `model` as the Apply page and the Journals view show them; with
/// `fitContents` every column is as wide as its contents (kept across model resets) and the last one fills.
QTableView* makeReadOnlyTable(QAbstractItemModel* model, const QString& objectName, const QString& accessibleName,
    QWidget* parent, bool fitContents = false);

} // namespace rp::ui
