// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Runs one fabric round (rp::fabric::Controller::runRound, or any job of that shape) on a worker thread and hands
// its live events to the GUI thread as signals. The controller's observer must never block, so each event is
// queued, never waited for. Cancel sets the flag the controller watches: it stops every agent before it returns.

#include "fabric/controller.h"
#include "fabric/fabricrun.h"
#include "metrics/promfabricreader.h"
#include "workers/rounddigest.h"
#include "workers/sharedpairhistory.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>

namespace rp::ui {

class FabricCheckWorker final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FabricCheckWorker)

public:
    using Outcome = rp::Result<rp::fabric::FabricRound>;
    /// What the page gets when a job ends: its last round, digested on the job's thread, or the error that ended it.
    using Finished = rp::Result<std::shared_ptr<const RoundDigest>>;
    /// Runs on the worker thread; gets the observer to report to and the cancel flag to watch.
    using Job = std::function<Outcome(rp::fabric::FabricObserver*, const std::atomic<bool>*)>;

    explicit FabricCheckWorker(QObject* parent = nullptr);
    ~FabricCheckWorker() override;

    /// A job that runs one round of `controller` (moved to the worker thread with the job).
    static Job controllerJob(std::shared_ptr<rp::fabric::Controller> controller);
    /// A watch: the agents started once (living at most `lifetime`), then round after round until cancel, each
    /// round handed to roundDone; every agent stopped at the end. Its outcome is the last round (a stopped watch
    /// is not a failure), or the error that ended it.
    Job watchJob(std::shared_ptr<rp::fabric::Controller> controller, std::chrono::milliseconds lifetime);
    /// Reads a fleet of standalone agents through Prometheus (`reader`) every `every`, each read handed to
    /// roundDone as a watch's round is, until cancel; nothing runs on any host. A first read that fails ends the job
    /// with its error; a later one is said (readFailed) and the next read tried. Its outcome is the last round.
    Job prometheusJob(std::shared_ptr<rp::metrics::PromFabricReader> reader, std::chrono::milliseconds every);
    /// Records a finished round, digests it (matrix, pair history) and hands it to the GUI thread (roundDone),
    /// queued: called from the job's thread.
    void postRound(rp::fabric::FabricRound round);
    /// Every round of the running job goes in, on the job's thread; start() does not empty it (the page does).
    SharedPairHistory& history() { return m_history; }

    /// False while a round runs. With a `recorder`, every round (each of a watch, or the one of a check) goes into
    /// it on the worker thread, and its end line when the job returns ("ok", "stopped" for a watch the user
    /// stopped, "cancelled" or "failed").
    bool start(Job job, std::shared_ptr<rp::fabric::FabricRunWriter> recorder = {});
    /// Why the last job's run file is incomplete (a full disk, a removed folder); empty when it is whole.
    const QString& recordError() const { return m_recordError; }
    bool isRunning() const;
    void cancel();
    bool isCancelling() const { return m_cancel.load(); }
    /// For the ConnectContext of the executors the job opens: the same flag as cancel().
    const std::atomic<bool>* cancelFlag() const { return &m_cancel; }
    /// Cancels and waits, answering GUI-thread hops (prompts) meanwhile. For shutdown.
    void cancelAndWait();
    /// The last round's result (valid from `finished` until the next start).
    const Finished& outcome() const { return m_outcome; }

signals:
    void roundStarted(const rp::fabric::RoundInfo& info);
    void cellsArrived(const std::vector<rp::fabric::CellResult>& cells);
    void findingRaised(const rp::fabric::FabricFinding& finding);
    void findingCleared(const QString& id);
    void agentStateChanged(const QString& host, rp::fabric::AgentState state, const QString& detail);
    void roundFinished(const rp::fabric::RoundSummary& summary);
    /// A watch's round, whole (pinglist and cells) and digested, as it ends.
    void roundDone(const std::shared_ptr<const rp::ui::RoundDigest>& digest);
    /// A read of a Prometheus job failed after its first one worked (the server restarting, a network gap).
    void readFailed(const QString& error);
    /// The job returned; outcome() holds what.
    void finished();

private:
    class Relay;

    QFutureWatcher<Finished> m_watcher;
    std::atomic<bool> m_cancel { false };
    quint64 m_generation = 0;
    /// The job's run file: only the job's thread touches it while the job runs.
    std::shared_ptr<rp::fabric::FabricRunWriter> m_recorder;
    std::atomic<int> m_posted { 0 };
    std::shared_ptr<const RoundDigest> m_lastPosted; ///< the job's thread's, while the job runs
    SharedPairHistory m_history;
    QString m_recordError; ///< set by the job's thread before its future finishes
    Finished m_outcome { rp::fail(rp::ErrorKind::Internal, "no fabric round ran yet") };
};

} // namespace rp::ui
