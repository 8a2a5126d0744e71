// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "apply/apply.h"

#include <QFutureWatcher>
#include <QObject>

#include <atomic>
#include <functional>

namespace rp::ui {

/// Runs one apply-engine call (run, rollback, resume) on a worker thread and hands its events and its result to
/// the GUI thread. Cancel sets the engine's cancel flag: it finishes the current step, then rolls back.
class ApplyRunner final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApplyRunner)

public:
    using Outcome = rp::Result<rp::apply::RunResult>;
    using Job = std::function<Outcome(const rp::apply::Options&)>;

    explicit ApplyRunner(QObject* parent = nullptr);
    ~ApplyRunner() override;

    /// Starts `job` with `options` (its cancel and onEvent are set here). False while a job runs.
    bool start(Job job, rp::apply::Options options);
    bool isRunning() const;
    /// Asks the engine to stop after the current step and roll back.
    void cancel();
    bool isCancelling() const { return m_cancel.load(); }
    /// For a ConnectContext: set only by cancelAndWait, so a user's Cancel still lets the rollback reconnect.
    const std::atomic<bool>* abortFlag() const { return &m_abort; }
    /// Cancels and waits, answering GUI-thread hops (prompts) meanwhile. For shutdown.
    void cancelAndWait();
    /// The last job's result (valid from `finished` until the next start).
    const Outcome& outcome() const { return m_outcome; }

signals:
    /// An engine event, on the GUI thread, in the order the engine sent them.
    void eventArrived(const rp::apply::Event& event);
    /// The job ended; outcome() holds what it returned.
    void finished();

private:
    QFutureWatcher<Outcome> m_watcher;
    std::atomic<bool> m_cancel { false };
    std::atomic<bool> m_abort { false };
    quint64 m_generation = 0;
    Outcome m_outcome { rp::fail(rp::ErrorKind::Internal, "nothing ran yet") };
};

} // namespace rp::ui
