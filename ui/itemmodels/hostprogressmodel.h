// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "apply/apply.h"
#include "apply/journal.h"

#include <QAbstractTableModel>

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

} // namespace rp::ui
