#include "lossplot.h"

#include "liverundata.h"
#include "localetickers.h"

LossPlot::LossPlot(QWidget *parent)
    : LivePlot(parent)
{
    m_loss = addGraph(xAxis, yAxis);
    m_loss->setPen(QPen(seriesColor(0), 1.6));
    m_loss->setAdaptiveSampling(true);
    m_eval = addGraph(xAxis, yAxis2);
    m_eval->setPen(QPen(seriesColor(1), 1.6));
    m_eval->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 5));
    // Shown, and named, once the first evaluation says what it measures.
    m_eval->setVisible(false);
    m_eval->removeFromLegend();
    yAxis2->setVisible(false);
    // The legend gets a row of its own above the plot: inside, it covered the curves.
    legend->setVisible(true);
    axisRect()->insetLayout()->take(legend);
    plotLayout()->insertRow(0);
    plotLayout()->addElement(0, 0, legend);
    plotLayout()->setRowStretchFactor(0, 0.001);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setMargins(QMargins(4, 2, 4, 2));
    retranslate();
}

void LossPlot::setWallTime(bool wallTime)
{
    m_wallTime = wallTime;
    xAxis->setTicker(wallTime ? LocaleTickers::duration() : LocaleTickers::number());
    retranslate();
}

void LossPlot::retranslate()
{
    m_loss->setName(tr("training loss"));
    if (m_evalMetric == QLatin1String("accuracy")) {
        m_eval->setName(tr("eval accuracy"));
        yAxis2->setLabel(tr("accuracy (%)"));
    } else if (m_evalMetric == QLatin1String("perplexity")) {
        m_eval->setName(tr("eval perplexity"));
        yAxis2->setLabel(tr("perplexity"));
    } else {
        m_eval->setName(tr("eval loss"));
        yAxis2->setLabel(tr("held-out loss"));
    }
    xAxis->setLabel(m_wallTime ? tr("time since start") : tr("step"));
    yAxis->setLabel(tr("loss"));
}

quint64 LossPlot::revisionOf(const LiveRunData &data) const
{
    return data.revision(LiveRunData::Part::Steps) * 2 + (m_wallTime ? 1 : 0);
}

void LossPlot::rebuild(const LiveRunData &data)
{
    (m_wallTime ? data.lossByTime() : data.lossByStep()).copyTo(&m_x, &m_y);
    m_loss->setData(QVector<double>(m_x.cbegin(), m_x.cend()), QVector<double>(m_y.cbegin(), m_y.cend()),
                    true);
    m_loss->rescaleAxes();
    if (data.evalMetric() != m_evalMetric) {
        m_evalMetric = data.evalMetric();
        retranslate();
    }
    // No legend entry for a metric the run does not report (an mlp run without
    // evaluation). Evaluations carry their time too, so both axes draw them.
    const RingSeries &eval = m_wallTime ? data.evalByTime() : data.evalByStep();
    const bool showEval = !m_evalMetric.isEmpty() && !eval.isEmpty();
    yAxis2->setVisible(showEval);
    m_eval->setVisible(showEval);
    if (!showEval)
        m_eval->removeFromLegend();
    if (showEval) {
        m_eval->addToLegend(); // false when it is there already
        eval.copyTo(&m_x, &m_y);
        const bool accuracy = m_evalMetric == QLatin1String("accuracy");
        if (accuracy) {
            for (double &y : m_y)
                y *= 100.0; // a share, shown as a percentage
        }
        m_eval->setData(QVector<double>(m_x.cbegin(), m_x.cend()), QVector<double>(m_y.cbegin(), m_y.cend()),
                        true);
        // Accuracy on its whole scale, 0 to 100 %, with room for a mark at 100 % to show whole.
        if (accuracy)
            yAxis2->setRange(-3, 103);
        else
            m_eval->rescaleValueAxis();
        m_eval->rescaleKeyAxis(true); // an evaluation can come just after the last step shown
    }
    yAxis->setRangeLower(0);
}
