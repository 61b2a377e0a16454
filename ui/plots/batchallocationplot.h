#pragma once

#include "liveplot.h"

/// Each node's share of the global batch over the run's steps, as a stacked
/// area, with every re-plan marked: the planner at work, visible.
class BatchAllocationPlot final : public LivePlot
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BatchAllocationPlot)

public:
    explicit BatchAllocationPlot(QWidget *parent = nullptr);

protected:
    quint64 revisionOf(const LiveRunData &data) const override;
    void rebuild(const LiveRunData &data) override;
    void retranslate() override;

private:
    int m_nodes = -1;
    QList<QCPItemStraightLine *> m_marks;
};
