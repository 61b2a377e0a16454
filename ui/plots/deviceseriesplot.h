#pragma once

#include "liveplot.h"

#include <QElapsedTimer>

/// Utilization (or memory) of every device of the run over time: one line per
/// device up to 16 devices, each named in the legend; beyond that a time x device heat map (one row per
/// device, node names on the side), readable at 64 nodes x 8 GPUs.
class DeviceSeriesPlot final : public LivePlot
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DeviceSeriesPlot)

public:
    enum class Metric
    {
        Utilization,
        Memory
    };
    static constexpr int kMaxLines = 16;
    /// Legends up to this many lines are one column; larger ones are a compact grid.
    static constexpr int kOneColumn = 8;

    explicit DeviceSeriesPlot(Metric metric, QWidget *parent = nullptr);
    bool isHeatMap() const { return m_heatMap != nullptr; }
    /// Scrolls the time window with the wall clock between data samples, so
    /// the plot moves smoothly at frame rate instead of jumping at 10 Hz.
    /// Returns whether a redraw was queued.
    bool advance();
    /// A device's value at the time under the pointer; memory also as used of total.
    QString hoverText(const QPoint &pos) const override;

protected:
    quint64 revisionOf(const LiveRunData &data) const override;
    void rebuild(const LiveRunData &data) override;
    void retranslate() override;
    void changeEvent(QEvent *event) override;

private:
    void arrangeLegend();
    void setupLines(const LiveRunData &data);
    void setupHeatMap(const LiveRunData &data);

    Metric m_metric;
    QCPColorMap *m_heatMap = nullptr;
    QCPColorScale *m_scale = nullptr;
    int m_devices = -1;
    QElapsedTimer m_sinceData;
    double m_latest = 0;
    double m_shownRight = -1;
    QList<double> m_x;
    QList<double> m_y;
};
