#pragma once

#include "liveplot.h"

/// Per node, one step split into data, compute, wait, communication and
/// optimizer time, as stacked bars: who waits, who computes, who talks. Each
/// is the mean of the last LiveRunData::kSplitWindow steps, the window the
/// doctor reads too; a hover gives a node's figures and shares.
class StepSplitPlot final : public LivePlot
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StepSplitPlot)

public:
    explicit StepSplitPlot(QWidget *parent = nullptr);
    QString hoverText(const QPoint &pos) const override;

protected:
    quint64 revisionOf(const LiveRunData &data) const override;
    void rebuild(const LiveRunData &data) override;
    void retranslate() override;

private:
    QList<QCPBars *> m_bars; ///< data, compute, wait, comm, optimizer
    int m_nodes = -1;
};
