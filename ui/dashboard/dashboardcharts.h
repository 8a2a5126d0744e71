// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The live charts of a test, on one shared time axis: throughput of both sides, one-way latency (p50 line in a
// p50..p99 band drawn as one vertical segment per pixel column, the cheap way), CPU of both sides, and the hosts'
// counters as rates. Samples go into SeriesBuffers (the decimation tier) as they arrive; a ~35 Hz timer hands
// QCustomPlot at most two points per pixel column and replots only when something changed. Below them: the PFC
// view and the alarms. A saved run is shown whole the same way.

#include "counters/alarms.h"
#include "dashboard/seriesbuffer.h"
#include "run/run.h"

#include <QElapsedTimer>
#include <QWidget>

#include <map>
#include <memory>

class QCustomPlot;
class QCPGraph;
class QCheckBox;
class QScrollArea;
class QTimer;

namespace rp::ui {

class ColumnBand;
class PfcView;

class DashboardCharts final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DashboardCharts)

public:
    enum Chart { Throughput, Latency, Cpu, Counters, ChartCount };

    explicit DashboardCharts(QWidget* parent = nullptr);
    ~DashboardCharts() override;

    void clear();
    void addSample(const rp::run::RunSample& sample);
    void addCounters(const rp::run::CounterSample& counters);
    /// The profile's PFC set and RoCE priority for the alarm rules and the PFC view (clear() keeps it).
    void setAlarmContext(const rp::counters::AlarmContext& context);
    /// Shows a saved run whole (replaces what is shown).
    void showRun(const rp::run::Run& run);
    /// Draws another run over what is shown (dashed, its own time from 0): before/after a change, RDMA vs TCP.
    void overlayRun(const rp::run::Run& run, const QString& name);

    /// Live view: the last `seconds` of the run, following new samples.
    void setWindow(double seconds);
    void setFollow(bool follow);
    bool follow() const { return m_follow; }

    QCustomPlot* plot(Chart chart) const { return m_plots[chart]; }
    /// Samples that reached a chart since clear() (a test checks that every chart got data).
    std::size_t samplesIn(Chart chart) const { return m_received[chart]; }
    /// Frames drawn since clear(), and the last replot's cost (QCustomPlot's own measurement, ms).
    std::size_t frames() const { return m_frames; }
    double lastReplotMs() const;
    /// Alarm markers drawn on the latency chart: an alarm rule of core/counters/alarms fired (a lost packet, a
    /// retransmission timeout, a pause storm, pauses on the wrong priority). At most one per rule, host and
    /// counter per second, 100 in all. Every alarm (with or without a marker) is listed in the PFC view.
    std::size_t alarmMarkers() const { return m_markers; }
    const std::vector<rp::counters::Alarm>& alarms() const { return m_alarms; }
    /// Marker labels left out at the last frame because every label row was taken there (their lines stay).
    int hiddenMarkerLabels() const { return m_hiddenLabels; }
    /// The latency axis follows the bulk of the data: non-empty when a p99 above it is clipped (shown in the title).
    QString clipNote() const { return m_clipNote; }
    /// The area the charts scroll in when the window is too short for their minimum heights.
    QScrollArea* scrollArea() const { return m_scroll; }
    static constexpr int kChartMinHeight = 150;
    static constexpr int kLatencyMinHeight = 200; ///< its title takes two lines when the axis clips
    static constexpr int kCountersMinHeight = 210; ///< plus the legend's rows
    PfcView* pfcView() const { return m_pfc; }
    /// Memory the decimation tier holds (flat: allocated once per series).
    std::size_t bufferBytes() const;
    /// PNG, SVG or PDF by the file's suffix (vector for SVG and PDF).
    bool exportChart(Chart chart, const QString& path, QString* error) const;

protected:
    /// A palette change (dark mode, high contrast) recolours the charts: background, axes, grid, text.
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

public slots:
    /// Pushes the buffers into the charts (the 30 Hz timer calls it; tests may too).
    void refresh();

private:
    struct Line
    {
        SeriesBuffer buffer;
        QCPGraph* graph = nullptr;
        explicit Line(std::size_t raw = 1u << 16, std::size_t buckets = 1u << 19)
            : buffer(raw, buckets)
        { }
    };
    void beginFrame();
    void refreshChart(int chart);
    Line* line(const std::string& key) const;
    Line* counterLine(const std::string& key);
    void syncRanges(double t0, double t1);
    void applyPalette();
    void fitCountersLegend();

    QCustomPlot* m_plots[ChartCount] = {};
    QString m_titles[ChartCount];
    QString m_clipNote;
    int m_hiddenLabels = 0;
    QScrollArea* m_scroll = nullptr;
    std::map<std::string, std::unique_ptr<Line>> m_lines;
    SeriesBuffer m_p50, m_p99; ///< the band's edges
    Line* m_gbps[2] = {}; ///< client, server (looked up once: samples arrive at 10 kHz)
    Line* m_cpu[2] = {};
    Line* m_p50Line = nullptr;
    ColumnBand* m_band = nullptr;
    QTimer* m_timer = nullptr;
    QCheckBox* m_followBox = nullptr;
    bool m_dirty = false;
    bool m_follow = true;
    bool m_syncing = false;
    double m_window = 60;
    double m_viewT0 = 0, m_viewT1 = 1;
    double m_frameT0 = 0, m_frameT1 = 1; ///< the range of the frame being drawn
    std::size_t m_received[ChartCount] = {};
    std::size_t m_frames = 0;
    std::size_t m_markers = 0;
    rp::counters::AlarmEngine m_engine;
    std::vector<rp::counters::Alarm> m_alarms;
    PfcView* m_pfc = nullptr;
    QElapsedTimer m_pfcRefreshed;
    int m_colorIndex = 0;
};

} // namespace rp::ui
