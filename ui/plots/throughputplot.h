#pragma once

#include "liveplot.h"

/// The run's throughput (samples per second over the whole group) by step.
class ThroughputPlot final : public LivePlot
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ThroughputPlot)

public:
    explicit ThroughputPlot(QWidget *parent = nullptr);

protected:
    quint64 revisionOf(const LiveRunData &data) const override;
    void rebuild(const LiveRunData &data) override;
    void retranslate() override;

private:
    QCPGraph *m_graph;
    QList<double> m_x;
    QList<double> m_y;
};
