#pragma once

#include "liveplot.h"

/// Training loss (and the evaluation metric on the second axis) against the
/// step or against wall time.
class LossPlot final : public LivePlot
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LossPlot)

public:
    explicit LossPlot(QWidget *parent = nullptr);
    void setWallTime(bool wallTime);
    bool wallTime() const { return m_wallTime; }

protected:
    quint64 revisionOf(const LiveRunData &data) const override;
    void rebuild(const LiveRunData &data) override;
    void retranslate() override;

private:
    QCPGraph *m_loss;
    QCPGraph *m_eval;
    bool m_wallTime = false;
    QString m_evalMetric;
    QList<double> m_x;
    QList<double> m_y;
};
