// SPDX-License-Identifier: GPL-3.0-or-later
#include "workers/applyrunner.h"

#include "workers/connectprompter.h"

#include <QPointer>
#include <QThread>
#include <QtConcurrent/QtConcurrentRun>

namespace rp::ui {

ApplyRunner::ApplyRunner(QObject* parent)
    : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, [this] {
        Q_ASSERT(QThread::currentThread() == thread());
        m_outcome = m_watcher.future().resultCount() > 0
            ? m_watcher.result()
            : Outcome(rp::fail(rp::ErrorKind::Internal, "the apply worker ended without a result"));
        emit finished();
    });
}

ApplyRunner::~ApplyRunner()
{
    cancelAndWait();
}

bool ApplyRunner::start(Job job, rp::apply::Options options)
{
    if (isRunning())
        return false;
    m_cancel = false;
    m_abort = false;
    const quint64 generation = ++m_generation;
    options.cancel = &m_cancel;
    // Worker threads: hop to the GUI thread, queued, so events arrive in order and never block the engine long.
    options.onEvent = [this, generation](const rp::apply::Event& event) {
        QMetaObject::invokeMethod(
            this,
            [this, generation, event] {
                if (generation == m_generation)
                    emit eventArrived(event);
            },
            Qt::QueuedConnection);
    };
    m_watcher.setFuture(QtConcurrent::run([job = std::move(job), options] { return job(options); }));
    return true;
}

bool ApplyRunner::isRunning() const
{
    return m_watcher.isRunning();
}

void ApplyRunner::cancel()
{
    if (isRunning())
        m_cancel = true;
}

void ApplyRunner::cancelAndWait()
{
    if (!m_watcher.isRunning())
        return;
    m_cancel = true;
    m_abort = true;
    waitProcessingEvents([this] { return m_watcher.future().isFinished(); });
}

} // namespace rp::ui
