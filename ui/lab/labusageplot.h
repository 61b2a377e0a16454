#pragma once

#include <qcustomplot.h>

class LabUsageModel;

/// Device-hours per week as stacked bars, one colour per user (the colours of
/// the calendar), the week's total above each stack. It reads a LabUsageModel
/// and redraws when the model is reset; it never asks the agents itself.
class LabUsagePlot final : public QCustomPlot
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LabUsagePlot)

public:
    explicit LabUsagePlot(const LabUsageModel &model, QWidget *parent = nullptr);

    /// The bars, one per user in the model's order (tests sum them).
    const QList<QCPBars *> &bars() const { return m_bars; }
    /// The total shown above each week's stack, in the plot's order.
    const QList<double> &totals() const { return m_totals; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuild();
    void applyPalette();

    const LabUsageModel &m_model;
    QList<QCPBars *> m_bars;
    QList<double> m_totals;
};
