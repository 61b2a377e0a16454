#include "throughputplot.h"

#include "liverundata.h"

ThroughputPlot::ThroughputPlot(QWidget *parent)
    : LivePlot(parent)
{
    m_graph = addGraph();
    m_graph->setPen(QPen(seriesColor(4), 1.6));
    QColor fill = seriesColor(4);
    fill.setAlpha(50);
    m_graph->setBrush(fill);
    m_graph->setAdaptiveSampling(true);
    retranslate();
}

void ThroughputPlot::retranslate()
{
    xAxis->setLabel(tr("step"));
    yAxis->setLabel(tr("samples/s"));
}

quint64 ThroughputPlot::revisionOf(const LiveRunData &data) const
{
    return data.revision(LiveRunData::Part::Steps);
}

void ThroughputPlot::rebuild(const LiveRunData &data)
{
    data.throughput().copyTo(&m_x, &m_y);
    m_graph->setData(QVector<double>(m_x.cbegin(), m_x.cend()), QVector<double>(m_y.cbegin(), m_y.cend()),
                     true);
    m_graph->rescaleAxes();
    yAxis->setRangeLower(0);
    yAxis->setRangeUpper(yAxis->range().upper * 1.1 + 1e-9);
}
