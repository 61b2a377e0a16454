#include "stepsplitplot.h"

#include "liverundata.h"
#include "localeformat.h"
#include "localetickers.h"

#include <cmath>

StepSplitPlot::StepSplitPlot(QWidget *parent)
    : LivePlot(parent)
{
    const QColor colors[] = {QColor(0xba, 0xb0, 0xac), QColor(0x59, 0xa1, 0x4f), QColor(0xe1, 0x57, 0x59),
                             QColor(0x4e, 0x79, 0xa7), QColor(0xed, 0xc9, 0x48)};
    QCPBars *below = nullptr;
    for (const QColor &c : colors) {
        auto *bars = new QCPBars(xAxis, yAxis);
        bars->setPen(Qt::NoPen);
        bars->setBrush(c);
        bars->setWidth(0.7);
        if (below)
            bars->moveAbove(below);
        below = bars;
        m_bars.append(bars);
    }
    // The legend gets a row of its own above the bars: inside, it would cover them.
    legend->setVisible(true);
    axisRect()->insetLayout()->take(legend);
    plotLayout()->insertRow(0);
    plotLayout()->addElement(0, 0, legend);
    plotLayout()->setRowStretchFactor(0, 0.001);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setWrap(5);
    legend->setMargins(QMargins(4, 2, 4, 2));
    retranslate();
}

void StepSplitPlot::retranslate()
{
    const char *names[] = {QT_TR_NOOP("data"), QT_TR_NOOP("compute"), QT_TR_NOOP("wait"),
                           QT_TR_NOOP("communication"), QT_TR_NOOP("optimizer")};
    for (qsizetype i = 0; i < m_bars.size(); ++i)
        m_bars[i]->setName(tr(names[i]));
    yAxis->setLabel(tr("ms per step"));
}

QString StepSplitPlot::hoverText(const QPoint &pos) const
{
    const LiveRunData *data = shownData();
    if (!data)
        return {};
    const int node = int(std::lround(xAxis->pixelToCoord(pos.x())));
    if (node < 0 || node >= data->nodes().size() || std::abs(xAxis->pixelToCoord(pos.x()) - node) > 0.4)
        return {};
    const LiveRunData::StepSplit s = data->nodeSplit(node);
    const double parts[] = {s.dataMs, s.computeMs, s.waitMs, s.commMs, s.optimizerMs};
    double total = 0;
    for (double p : parts)
        total += p;
    if (total <= 0)
        return {};
    QStringList lines{
        tr("%1: %2 ms per step, the mean of its last %Ln step(s)", nullptr, data->splitWindowSteps())
            .arg(data->nodes()[node].name, LocaleFormat::number(total, 1))};
    for (int k = 0; k < 5; ++k)
        lines << tr("%1: %2 ms (%3)")
                     .arg(m_bars[k]->name(), LocaleFormat::number(parts[k], 1),
                          LocaleFormat::percent(100.0 * parts[k] / total, 0));
    return lines.join(QLatin1Char('\n'));
}

quint64 StepSplitPlot::revisionOf(const LiveRunData &data) const
{
    return data.revision(LiveRunData::Part::Steps);
}

void StepSplitPlot::rebuild(const LiveRunData &data)
{
    const auto &nodes = data.nodes();
    if (int(nodes.size()) != m_nodes) {
        m_nodes = int(nodes.size());
        auto ticker = QSharedPointer<QCPAxisTickerText>::create();
        const int every = qMax(1, int(nodes.size() / 16));
        for (qsizetype n = 0; n < nodes.size(); n += every)
            ticker->addTick(double(n), nodes[n].name);
        xAxis->setTicker(ticker);
        xAxis->setRange(-0.6, qMax<qsizetype>(1, nodes.size()) - 0.4);
    }
    QVector<double> keys;
    QVector<double> values[5];
    double top = 1;
    for (qsizetype n = 0; n < nodes.size(); ++n) {
        const LiveRunData::StepSplit s = data.nodeSplit(int(n));
        keys.append(double(n));
        const double parts[] = {s.dataMs, s.computeMs, s.waitMs, s.commMs, s.optimizerMs};
        double sum = 0;
        for (int k = 0; k < 5; ++k) {
            values[k].append(parts[k]);
            sum += parts[k];
        }
        top = qMax(top, sum);
    }
    for (int k = 0; k < 5; ++k)
        m_bars[k]->setData(keys, values[k], true);
    yAxis->setRange(0, top * 1.05);
}
