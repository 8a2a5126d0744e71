// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The fabric page's way back through a saved run (`.rpfabric`: a watch the CLI ran overnight, an earlier check): it
// reads the file off the GUI thread, then steps round by round with a slider. Each round is rebuilt and folded for the
// views on a worker thread too; while the user drags, only the newest round asked for is built next.

#include "workers/rounddigest.h"

#include "fabric/fabricrun.h"
#include "fabric/pairhistory.h"

#include <QFutureWatcher>
#include <QString>
#include <QWidget>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

class QLabel;
class QPushButton;
class QSlider;

namespace rp::ui {

class SavedRunBar final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SavedRunBar)

public:
    explicit SavedRunBar(QWidget* parent = nullptr);
    ~SavedRunBar() override; ///< waits for a read or a round under way

    /// Reads `path` in the background; `opened` says how it went, then `roundShown` brings its last round. False
    /// while a read is under way.
    bool open(const QString& path);
    /// Forgets the run and hides.
    void close();
    bool isLoading() const { return m_loading.isRunning(); }
    /// Stops a read under way: `opened` then comes with readCancelled() true.
    void cancelLoad();
    bool readCancelled() const { return m_readCancelled; }
    bool isOpen() const { return m_run != nullptr; }
    const QString& path() const { return m_path; }
    /// The run's pair history, built with the read: the page's timeline takes it once.
    std::optional<rp::fabric::PairHistory> takeHistory() { return std::exchange(m_history, std::nullopt); }
    /// What the run was and which round shows, for the page's progress line.
    QString describe() const;
    /// Steps to the round at `index` of the run's rounds with cells (the slider's position).
    void showIndex(int index);
    /// The round on screen, 0 before the first.
    std::uint64_t shownRound() const { return m_shown; }
    int rounds() const { return static_cast<int>(m_rounds.size()); }
    QSlider* slider() const { return m_slider; }
    QLabel* label() const { return m_label; }
    QPushButton* closeButton() const { return m_close; }

signals:
    /// The read ended: `error` is empty when the run is open.
    void opened(const QString& path, const QString& error);
    /// How far the read is, in thousandths of the file.
    void loadProgress(int permille);
    /// A round is ready for the views.
    void roundShown(const std::shared_ptr<const rp::ui::RoundDigest>& digest);
    /// The user closed the run.
    void closed();

private:
    struct Loaded
    {
        std::shared_ptr<const rp::fabric::FabricRun> run;
        std::vector<std::uint64_t> rounds;
        std::optional<rp::fabric::PairHistory> history;
        std::shared_ptr<const RoundDigest> last;
        QString error;
        bool cancelled = false;
    };
    void onLoaded();
    void buildNext();
    void onBuilt();
    void updateLabel();

    QSlider* m_slider = nullptr;
    QLabel* m_label = nullptr;
    QPushButton* m_close = nullptr;
    QString m_path;
    QString m_loadingPath;
    std::shared_ptr<const rp::fabric::FabricRun> m_run;
    std::vector<std::uint64_t> m_rounds;
    std::optional<rp::fabric::PairHistory> m_history;
    std::uint64_t m_shown = 0;
    std::optional<std::uint64_t> m_wanted; ///< asked for while another round was being built
    quint64 m_generation = 0; ///< bumped when a run is closed: a round built for it is dropped
    std::shared_ptr<std::atomic<bool>> m_cancelRead = std::make_shared<std::atomic<bool>>(false);
    bool m_readCancelled = false;
    QFutureWatcher<Loaded> m_loading;
    QFutureWatcher<rp::Result<std::shared_ptr<const RoundDigest>>> m_building;
};

} // namespace rp::ui
