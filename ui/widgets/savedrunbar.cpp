// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/savedrunbar.h"

#include "support/accessibility.h"
#include "support/qtstrings.h"

#include "fabric/runrounds.h"

#include <QDateTime>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSlider>
#include <QtConcurrent/QtConcurrentRun>

#include <chrono>
#include <utility>

namespace rp::ui {

namespace {

QString shortTime(rp::fabric::Clock::time_point t)
{
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
    return QLocale().toString(QDateTime::fromMSecsSinceEpoch(static_cast<qint64>(ms)), QLocale::ShortFormat);
}

} // namespace

SavedRunBar::SavedRunBar(QWidget* parent)
    : QWidget(parent)
{
    m_label = new QLabel(this);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setObjectName(QStringLiteral("savedRunSlider"));
    m_slider->setPageStep(10);
    setAccessible(m_slider, tr("Round of the saved run"),
        tr("Steps through the saved run's rounds: the matrix, the findings and the selected pair's GID matrix show "
           "that round; arrow keys step one round, Page Up and Page Down ten."));
    m_close = new QPushButton(tr("Clos&e run"), this);
    setAccessible(m_close, m_close->text(), tr("Puts the saved run away; Check and Watch start a new one."));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_close);
    hide();

    connect(m_slider, &QSlider::valueChanged, this, &SavedRunBar::showIndex);
    connect(m_close, &QPushButton::clicked, this, [this] {
        close();
        emit closed();
    });
    connect(&m_loading, &QFutureWatcher<Loaded>::finished, this, &SavedRunBar::onLoaded);
    connect(&m_building, &QFutureWatcher<rp::Result<std::shared_ptr<const RoundDigest>>>::finished, this,
        &SavedRunBar::onBuilt);
}

SavedRunBar::~SavedRunBar()
{
    *m_cancelRead = true;
    m_loading.waitForFinished();
    m_building.waitForFinished();
}

bool SavedRunBar::open(const QString& path)
{
    if (m_loading.isRunning())
        return false;
    // The run on screen stays until this one is read: a file that cannot be read changes nothing.
    m_loadingPath = path;
    m_cancelRead = std::make_shared<std::atomic<bool>>(false);
    m_readCancelled = false;
    rp::fabric::FabricRunReadControl control;
    control.progress = [this, last = std::make_shared<int>(-1)](std::size_t done, std::size_t total) {
        const int permille = total > 0 ? static_cast<int>(done * 1000 / total) : 1000;
        if (permille == std::exchange(*last, permille))
            return;
        // Queued to this bar, which outlives the read (its destructor waits): dropped if the bar is gone.
        QMetaObject::invokeMethod(
            this, [this, permille] { emit loadProgress(permille); }, Qt::QueuedConnection);
    };
    m_loading.setFuture(QtConcurrent::run([file = toStd(path), control, cancel = m_cancelRead]() mutable {
        control.cancel = cancel.get(); // the flag lives as long as this read, whatever open() comes next
        Loaded loaded;
        auto run = rp::fabric::readFabricRun(file, control);
        if (!run) {
            loaded.cancelled = run.error().kind == rp::ErrorKind::Cancelled;
            loaded.error = toQ(run.error().describe());
            return loaded;
        }
        auto shared = std::make_shared<const rp::fabric::FabricRun>(std::move(*run));
        loaded.rounds = rp::fabric::roundsWithCells(*shared);
        if (loaded.rounds.empty()) {
            loaded.error = tr("%1 has no round with cells to show.").arg(toQ(file));
            return loaded;
        }
        auto last = rp::fabric::roundOfRun(*shared, loaded.rounds.back());
        if (!last) {
            loaded.error = toQ(last.error().describe());
            return loaded;
        }
        loaded.history = rp::fabric::PairHistory::fromRun(*shared);
        loaded.last = RoundDigest::make(std::move(*last), nullptr);
        loaded.run = std::move(shared);
        return loaded;
    }));
    return true;
}

void SavedRunBar::cancelLoad()
{
    *m_cancelRead = true;
}

void SavedRunBar::close()
{
    ++m_generation;
    m_path.clear();
    m_run.reset();
    m_rounds.clear();
    m_history.reset();
    m_wanted.reset();
    m_shown = 0;
    hide();
}

void SavedRunBar::onLoaded()
{
    Loaded loaded = m_loading.result();
    m_readCancelled = loaded.cancelled;
    if (!loaded.error.isEmpty()) {
        emit opened(m_loadingPath, loaded.error);
        return;
    }
    close();
    m_path = m_loadingPath;
    m_run = std::move(loaded.run);
    m_rounds = std::move(loaded.rounds);
    m_history = std::move(loaded.history);
    m_shown = m_rounds.back();
    {
        const QSignalBlocker quiet(m_slider); // the last round is built already
        m_slider->setRange(0, static_cast<int>(m_rounds.size()) - 1);
        m_slider->setValue(m_slider->maximum());
    }
    m_slider->setEnabled(m_rounds.size() > 1);
    updateLabel();
    show();
    emit opened(m_path, QString());
    emit roundShown(loaded.last);
}

void SavedRunBar::showIndex(int index)
{
    if (!m_run || index < 0 || static_cast<std::size_t>(index) >= m_rounds.size())
        return;
    m_wanted = m_rounds[static_cast<std::size_t>(index)];
    if (!m_building.isRunning())
        buildNext();
}

void SavedRunBar::buildNext()
{
    if (!m_wanted || !m_run)
        return;
    const std::uint64_t round = *std::exchange(m_wanted, std::nullopt);
    m_building.setProperty("generation", QVariant::fromValue(m_generation));
    m_building.setFuture(QtConcurrent::run([run = m_run, round]() -> rp::Result<std::shared_ptr<const RoundDigest>> {
        auto built = rp::fabric::roundOfRun(*run, round);
        if (!built)
            return std::unexpected(built.error());
        return RoundDigest::make(std::move(*built), nullptr);
    }));
}

void SavedRunBar::onBuilt()
{
    // A run closed (or another opened) while its round was built: that round is not this run's.
    if (m_building.property("generation").value<quint64>() == m_generation && m_run) {
        const auto built = m_building.result();
        if (built) {
            m_shown = (*built)->round->summary.round;
            updateLabel();
            emit roundShown(*built);
        } else {
            m_label->setText(toQ(built.error().describe()));
        }
    }
    buildNext();
}

void SavedRunBar::updateLabel()
{
    if (!m_run)
        return;
    const auto at = static_cast<int>(std::ranges::find(m_rounds, m_shown) - m_rounds.begin());
    QString text = tr("Round %1 (%2 of %3)").arg(m_shown).arg(at + 1).arg(m_rounds.size());
    for (const auto& r : m_run->rounds) {
        if (r.round == m_shown)
            text += QStringLiteral(", ") + shortTime(r.started);
    }
    if (rp::fabric::isFoldedRound(*m_run, m_shown))
        text += QStringLiteral("; ") + tr("a minute of rounds folded into one");
    m_label->setText(text);
}

QString SavedRunBar::describe() const
{
    if (!m_run)
        return {};
    const QString name = QFileInfo(m_path).fileName();
    const QString kind = m_run->header.command == "watch"
        ? tr("a watch of %n host(s)", nullptr, static_cast<int>(m_run->header.hosts.size()))
        : tr("a check of %n host(s)", nullptr, static_cast<int>(m_run->header.hosts.size()));
    QString text = tr("Saved run %1: %2 started %3").arg(name, kind, shortTime(m_run->header.started));
    if (!m_run->end)
        text += QStringLiteral(", ") + tr("cut short (no end line: the controller stopped mid-run)");
    else if (m_run->end->status != "ok" && m_run->end->status != "stopped")
        text += QStringLiteral(", ") + tr("ended %1").arg(toQ(m_run->end->status));
    return text;
}

} // namespace rp::ui
