// SPDX-License-Identifier: GPL-3.0-or-later
#include "pages/labpage.h"

#include "support/accessibility.h"

#include "lab/softrocelab.h"
#include "support/qtstrings.h"
#include "workers/connectprompter.h"

#include <QCoreApplication>
#include <QDir>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QThread>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace rp::ui {

namespace {

rp::SoftRoceLab makeLab()
{
    return rp::SoftRoceLab(rp::SoftRoceLab::findScript(toStd(QCoreApplication::applicationFilePath())),
        rp::SoftRoceLab::defaultStateDir());
}

/// What the user can do about a failed start, by the kind of failure.
QString whatToDo(const rp::Error& error, bool readingInventory)
{
    if (readingInventory)
        return LabPage::tr("The lab did not hand over a usable host list. Stop it (File menu, Stop Soft-RoCE lab) "
                           "and press Try again.");
    switch (error.kind) {
    case rp::ErrorKind::Cancelled:
        return LabPage::tr("The start was cancelled and the lab stopped again. Press Try again to start it, or "
                           "Back to choose something else.");
    case rp::ErrorKind::Io:
        return LabPage::tr("The lab files were not found. Reinstall RoCE Pilot (they ship in share/rocepilot/lab) "
                           "or set RP_LAB_SCRIPT to lab/lab.sh of a source tree, then start RoCE "
                           "Pilot again.");
    case rp::ErrorKind::Timeout:
        return LabPage::tr("The guests did not answer in time. Without KVM the first start can be slow; press Try "
                           "again (what was built is reused).");
    case rp::ErrorKind::Protocol:
        return LabPage::tr("The lab script ended without saying it was ready. Stop the lab (File menu, Stop "
                           "Soft-RoCE lab) and press Try again.");
    default:
        return LabPage::tr("Install what the message above names (installer/deps.sh lists everything the lab "
                           "needs: qemu-system-x86, busybox-static, cpio, kmod, OpenSSH), then press Try again. "
                           "Back returns to the Welcome page.");
    }
}

} // namespace

LabPage::LabPage(QWidget* parent)
    : QWizardPage(parent)
{
    setTitle(tr("Built-in Soft-RoCE lab"));
    setSubTitle(tr("RoCE Pilot boots two small virtual machines, lab-a and lab-b (qemu), whose Soft-RoCE devices "
                   "(rdma_rxe) talk RoCE to each other. No RDMA hardware is needed, and nothing on this computer's "
                   "network is changed."));

    m_intro = new QLabel(tr("The first start builds the guests' image (a few minutes); later starts reuse it, and a "
                            "lab that is still running is reused at once. When both guests answer, their hosts are "
                            "added and discovered."),
        this);
    m_intro->setWordWrap(true);
    m_intro->setTextFormat(Qt::PlainText);

    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("labProgress"));
    m_progress->setRange(0, 100);
    m_progress->setValue(0);
    m_progress->setFormat(tr("%p%"));
    setAccessible(m_progress, tr("Lab start progress"),
        tr("How far the start of the two lab guests has come; the line below says what runs now."));
    m_cancel = new QPushButton(tr("Cance&l start"), this);
    m_cancel->setObjectName(QStringLiteral("labCancel"));
    m_cancel->setAutoDefault(false);
    m_cancel->setToolTip(tr("Stop starting the lab; whatever was started is stopped again."));
    m_retry = new QPushButton(tr("&Try again"), this);
    m_retry->setObjectName(QStringLiteral("labRetry"));
    m_retry->setToolTip(tr("Start the lab again."));
    setAccessible(m_cancel, m_cancel->text(), m_cancel->toolTip());
    setAccessible(m_retry, m_retry->text(), m_retry->toolTip());

    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("labMessage"));
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("labError"));
    m_error->setWordWrap(true);
    m_error->setTextFormat(Qt::PlainText);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_error->setFrameShape(QFrame::StyledPanel);
    m_error->setMargin(6);
    m_error->setVisible(false);
    setAccessible(m_error, tr("Why the lab did not start"), tr("The error and what to do about it; select to copy."));

    auto* runRow = new QHBoxLayout;
    runRow->addWidget(m_progress, 1);
    runRow->addWidget(m_cancel);
    runRow->addWidget(m_retry);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addSpacing(8);
    layout->addLayout(runRow);
    layout->addWidget(m_message);
    layout->addWidget(m_error);
    layout->addStretch(1);

    setTabOrder(m_cancel, m_retry);
    setTabOrder(m_retry, m_error);

    connect(m_cancel, &QPushButton::clicked, this, &LabPage::cancelStart);
    connect(m_retry, &QPushButton::clicked, this, &LabPage::startLab);
    connect(
        &m_startWatcher, &QFutureWatcher<StartResult>::finished, this, [this] { onStartFinished(m_runGeneration); });
    connect(&m_stopWatcher, &QFutureWatcher<std::optional<rp::Error>>::finished, this, &LabPage::onStopFinished);
    updateWidgets();
}

LabPage::~LabPage()
{
    cancelAndWait();
}

void LabPage::initializePage()
{
    startLab();
}

void LabPage::cleanupPage()
{
    // Back while the lab is starting: the user chose something else, so the half-started lab goes away.
    m_startAfterStop = false;
    if (isStarting())
        cancelStart();
    QWizardPage::cleanupPage();
}

bool LabPage::isComplete() const
{
    return m_ready && !isStarting();
}

bool LabPage::isStarting() const
{
    return m_startWatcher.isRunning();
}

bool LabPage::isStopping() const
{
    return m_stopWatcher.isRunning();
}

void LabPage::startLab()
{
    if (isStarting())
        return;
    if (isStopping()) {
        m_startAfterStop = true;
        m_message->setText(tr("Waiting for the lab to stop before starting it again…"));
        return;
    }
    const quint64 generation = ++m_generation;
    m_runGeneration = generation;
    m_cancelFlag = false;
    m_ready = false;
    m_error->clear();
    m_error->setVisible(false);
    m_progress->setValue(0);
    m_message->setText(tr("Starting the lab…"));
    setStatusText(tr("Starting the Soft-RoCE lab…"));

    m_startWatcher.setFuture(QtConcurrent::run([this, generation]() -> StartResult {
        // Worker thread; `this` outlives the run (the page waits for it before it is destroyed).
        rp::SoftRoceLab lab = makeLab();
        const auto progress = [this, generation](const rp::SoftRoceLab::Progress& p) {
            const int percent = p.percent;
            const QString message = toQ(p.message);
            QMetaObject::invokeMethod(
                this, [this, generation, percent, message] { onProgress(generation, percent, message); },
                Qt::QueuedConnection);
        };
        auto path = lab.start(lab.defaultInventoryPath(), progress, &m_cancelFlag);
        if (!path)
            return { path.error(), false, {}, {} };
        auto inventory = rp::loadInventory(*path);
        if (!inventory)
            return { inventory.error(), true, {}, *path };
        if (inventory->hosts.empty())
            return { rp::Error { rp::ErrorKind::Validation, "the lab's inventory lists no hosts", *path, {}, 0 }, true,
                {}, *path };
        return { std::nullopt, false, std::move(*inventory), *path };
    }));
    updateWidgets();
    m_cancel->setFocus();
    emit completeChanged();
}

void LabPage::onProgress(quint64 generation, int percent, const QString& message)
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (generation != m_generation || m_cancelFlag.load())
        return;
    m_progress->setValue(percent);
    m_message->setText(message);
    emit progressChanged(percent, message);
}

void LabPage::onStartFinished(quint64 generation)
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (generation != m_generation)
        return;
    StartResult result;
    if (m_startWatcher.future().resultCount() > 0)
        result = m_startWatcher.result();
    else
        result.error = rp::Error { rp::ErrorKind::Internal, "the lab start ended without a result", {}, {}, 0 };

    if (result.error) {
        // A cancelled start is stopped again by core; otherwise the script cleans up after itself.
        m_running = false;
        showError(*result.error, result.readingInventory);
    } else {
        m_ready = true;
        m_running = true;
        m_inventory = std::move(result.inventory);
        m_inventoryPath = toQ(result.path);
        m_progress->setValue(100);
        QStringList names;
        for (const rp::HostSpec& h : m_inventory.hosts)
            names << toQ(h.name);
        m_message->setText(tr("The lab is running: %1.").arg(names.join(QStringLiteral(", "))));
        setStatusText(tr("Soft-RoCE lab running (%1). It keeps running when RoCE Pilot quits and is reused next "
                         "time; File > Stop Soft-RoCE lab stops it.")
                          .arg(names.join(QStringLiteral(", "))));
    }
    updateWidgets();
    emit completeChanged();
    if (result.error) {
        m_retry->setFocus();
        emit labStartFailed(m_error->text());
    } else {
        emit labReady();
    }
}

void LabPage::showError(const rp::Error& error, bool readingInventory)
{
    const bool cancelled = error.kind == rp::ErrorKind::Cancelled;
    m_progress->setValue(0);
    m_message->setText(cancelled ? tr("Cancelled.") : tr("The lab did not start."));
    m_error->setText(cancelled
            ? whatToDo(error, false)
            : tr("%1\n\nWhat to do: %2").arg(toQ(error.describe()), whatToDo(error, readingInventory)));
    m_error->setVisible(true);
    setStatusText(
        cancelled ? tr("Soft-RoCE lab start cancelled; the lab was stopped.") : tr("The Soft-RoCE lab did not start."));
}

void LabPage::cancelStart()
{
    if (!isStarting())
        return;
    m_cancelFlag = true;
    m_cancel->setEnabled(false);
    m_message->setText(tr("Cancelling: stopping what was started…"));
    setStatusText(tr("Cancelling the Soft-RoCE lab start…"));
}

void LabPage::stopLab()
{
    if (isStarting()) {
        cancelStart();
        return;
    }
    if (isStopping())
        return;
    m_startAfterStop = false;
    setStatusText(tr("Stopping the Soft-RoCE lab…"));
    m_stopWatcher.setFuture(QtConcurrent::run([]() -> std::optional<rp::Error> {
        rp::SoftRoceLab lab = makeLab();
        auto stopped = lab.stop();
        if (!stopped)
            return stopped.error();
        return std::nullopt;
    }));
    updateWidgets();
}

void LabPage::onStopFinished()
{
    Q_ASSERT(QThread::currentThread() == thread());
    std::optional<rp::Error> error;
    if (m_stopWatcher.future().resultCount() > 0)
        error = m_stopWatcher.result();
    if (error) {
        setStatusText(tr("Could not stop the Soft-RoCE lab: %1").arg(toQ(error->describe())));
    } else {
        m_running = false;
        m_ready = false;
        m_message->setText(tr("The lab was stopped."));
        m_progress->setValue(0);
        setStatusText(tr("Soft-RoCE lab stopped."));
    }
    updateWidgets();
    emit completeChanged();
    if (m_startAfterStop) {
        m_startAfterStop = false;
        startLab();
    }
}

void LabPage::setStatusText(const QString& text)
{
    m_statusText = text;
    emit labStatusChanged(text);
}

void LabPage::updateWidgets()
{
    const bool starting = isStarting();
    m_cancel->setVisible(starting);
    m_cancel->setEnabled(starting && !m_cancelFlag.load());
    m_retry->setVisible(!starting && !m_ready);
    m_retry->setEnabled(!starting && !isStopping());
}

void LabPage::cancelAndWait()
{
    m_startAfterStop = false;
    if (m_startWatcher.isRunning()) {
        m_cancelFlag = true;
        ++m_generation; // drop late progress and the result
        waitProcessingEvents([this] { return m_startWatcher.future().isFinished(); });
    }
    if (m_stopWatcher.isRunning())
        waitProcessingEvents([this] { return m_stopWatcher.future().isFinished(); });
}

} // namespace rp::ui
