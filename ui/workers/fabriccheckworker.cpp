// SPDX-License-Identifier: GPL-3.0-or-later
#include "workers/fabriccheckworker.h"

#include "support/qtstrings.h"
#include "workers/connectprompter.h"

#include <QPointer>

#include <QThread>
#include <QtConcurrent/QtConcurrentRun>
#include <map>
#include <optional>
#include <thread>
#include <utility>

namespace rp::ui {

/// The observer the controller calls from its threads. Each event is copied into a queued call, so the
/// controller never waits for the GUI; a generation number drops events of a round that was superseded.
class FabricCheckWorker::Relay final : public rp::fabric::FabricObserver
{
public:
    Relay(FabricCheckWorker* worker, quint64 generation)
        : m_worker(worker)
        , m_generation(generation)
    { }

    void roundStarted(const rp::fabric::RoundInfo& info) override
    {
        post([info](FabricCheckWorker* w) { emit w->roundStarted(info); });
    }
    void cells(const std::vector<rp::fabric::CellResult>& cells) override
    {
        post([cells](FabricCheckWorker* w) { emit w->cellsArrived(cells); });
    }
    void findingRaised(const rp::fabric::FabricFinding& finding) override
    {
        post([finding](FabricCheckWorker* w) { emit w->findingRaised(finding); });
    }
    void findingCleared(const std::string& id) override
    {
        post([id = toQ(id)](FabricCheckWorker* w) { emit w->findingCleared(id); });
    }
    void agentState(const std::string& host, rp::fabric::AgentState state, const std::string& detail) override
    {
        post([host = toQ(host), state, detail = toQ(detail)](
                 FabricCheckWorker* w) { emit w->agentStateChanged(host, state, detail); });
    }
    void roundFinished(const rp::fabric::RoundSummary& summary) override
    {
        post([summary](FabricCheckWorker* w) { emit w->roundFinished(summary); });
    }

private:
    template <typename F> void post(F f)
    {
        QMetaObject::invokeMethod(
            m_worker.data(),
            [worker = m_worker, generation = m_generation, f = std::move(f)] {
                if (worker && worker->m_generation == generation)
                    f(worker.data());
            },
            Qt::QueuedConnection);
    }

    QPointer<FabricCheckWorker> m_worker;
    quint64 m_generation;
};

FabricCheckWorker::FabricCheckWorker(QObject* parent)
    : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<Finished>::finished, this, [this] {
        Q_ASSERT(QThread::currentThread() == thread());
        m_outcome = m_watcher.future().resultCount() > 0
            ? m_watcher.result()
            : Finished(rp::fail(rp::ErrorKind::Internal, "the fabric worker ended without a result"));
        emit finished();
    });
}

FabricCheckWorker::~FabricCheckWorker()
{
    cancelAndWait();
}

FabricCheckWorker::Job FabricCheckWorker::controllerJob(std::shared_ptr<rp::fabric::Controller> controller)
{
    return [controller = std::move(controller)](rp::fabric::FabricObserver* observer, const std::atomic<bool>* cancel) {
        return controller->runRound(observer, cancel);
    };
}

FabricCheckWorker::Job FabricCheckWorker::watchJob(
    std::shared_ptr<rp::fabric::Controller> controller, std::chrono::milliseconds lifetime)
{
    return [this, controller = std::move(controller), lifetime](
               rp::fabric::FabricObserver* observer, const std::atomic<bool>* cancel) -> Outcome {
        if (auto started = controller->start(observer, cancel, lifetime); !started)
            return std::unexpected(started.error());
        std::optional<rp::fabric::FabricRound> last;
        while (!cancel->load()) {
            auto round = controller->nextRound();
            if (!round) {
                if (round.error().kind == rp::ErrorKind::Cancelled)
                    break;
                controller->stop();
                return std::unexpected(round.error());
            }
            postRound(*round);
            last = std::move(*round);
        }
        controller->stop();
        if (!last)
            return rp::fail(rp::ErrorKind::Cancelled, "stopped before the first round ended");
        return std::move(*last);
    };
}

FabricCheckWorker::Job FabricCheckWorker::prometheusJob(
    std::shared_ptr<rp::metrics::PromFabricReader> reader, std::chrono::milliseconds every)
{
    return [this, reader = std::move(reader), every](
               rp::fabric::FabricObserver* observer, const std::atomic<bool>* cancel) -> Outcome {
        std::optional<rp::fabric::FabricRound> last;
        std::map<std::string, rp::fabric::AgentState> states;
        while (!cancel->load()) {
            const auto started = std::chrono::steady_clock::now();
            auto round = reader->read(cancel);
            if (!round) {
                if (round.error().kind == rp::ErrorKind::Cancelled)
                    break;
                if (!last)
                    return std::unexpected(round.error());
                QMetaObject::invokeMethod(
                    this, [this, error = toQ(round.error().describe())] { emit readFailed(error); },
                    Qt::QueuedConnection);
            } else {
                // The page counts agents from these, as it does from a watch's controller.
                for (const auto& [host, state] : round->agents) {
                    if (auto was = states.find(host); was == states.end() || was->second != state) {
                        auto why = round->agentDetail.find(host);
                        observer->agentState(
                            host, state, why == round->agentDetail.end() ? std::string() : why->second);
                        states[host] = state;
                    }
                }
                postRound(*round);
                last = std::move(*round);
            }
            while (!cancel->load() && std::chrono::steady_clock::now() - started < every)
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        if (!last)
            return rp::fail(rp::ErrorKind::Cancelled, "stopped before the first read ended");
        return std::move(*last);
    };
}

void FabricCheckWorker::postRound(rp::fabric::FabricRound round)
{
    if (m_recorder)
        m_recorder->addRound(round);
    ++m_posted;
    auto digest = RoundDigest::make(std::move(round), &m_history);
    m_lastPosted = digest;
    // The worker outlives every job (its destructor cancels and waits), so `this` is safe to post to.
    QMetaObject::invokeMethod(
        this, [this, digest = std::move(digest)] { emit roundDone(digest); }, Qt::QueuedConnection);
}

bool FabricCheckWorker::start(Job job, std::shared_ptr<rp::fabric::FabricRunWriter> recorder)
{
    if (isRunning())
        return false;
    m_cancel = false;
    m_recorder = std::move(recorder);
    m_posted = 0;
    m_lastPosted.reset();
    m_recordError.clear();
    const quint64 generation = ++m_generation;
    // The relay lives as long as the job: the controller may call it until runRound returns.
    auto relay = std::make_shared<Relay>(this, generation);
    m_watcher.setFuture(QtConcurrent::run([this, job = std::move(job), relay, cancel = &m_cancel] {
        Outcome outcome = job(relay.get(), cancel);
        if (auto writer = std::exchange(m_recorder, nullptr)) {
            // A check's one round is its outcome; a watch posted each of its rounds already.
            if (outcome && m_posted == 0)
                writer->addRound(*outcome);
            const bool cancelled = !outcome && outcome.error().kind == rp::ErrorKind::Cancelled;
            const auto done = outcome ? writer->finish(cancel->load() ? "stopped" : "ok")
                                      : writer->finish(cancelled ? "cancelled" : "failed",
                                          cancelled ? std::string() : outcome.error().describe());
            if (!done)
                m_recordError = toQ(done.error().describe());
        }
        if (!outcome)
            return Finished(std::unexpected(outcome.error()));
        // A watch's last round went into the history when it was posted; a check's one round goes in here.
        if (m_posted > 0 && m_lastPosted)
            return Finished(m_lastPosted);
        return Finished(RoundDigest::make(std::move(*outcome), &m_history));
    }));
    return true;
}

bool FabricCheckWorker::isRunning() const
{
    return m_watcher.isRunning();
}

void FabricCheckWorker::cancel()
{
    if (isRunning())
        m_cancel = true;
}

void FabricCheckWorker::cancelAndWait()
{
    if (!m_watcher.isRunning())
        return;
    m_cancel = true;
    waitProcessingEvents([this] { return m_watcher.future().isFinished(); });
}

} // namespace rp::ui
