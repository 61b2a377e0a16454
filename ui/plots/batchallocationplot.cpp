#include "batchallocationplot.h"

#include "liverundata.h"

BatchAllocationPlot::BatchAllocationPlot(QWidget *parent)
    : LivePlot(parent)
{
    // The legend in a row of its own above the areas: inside, it covered the plan.
    axisRect()->insetLayout()->take(legend);
    plotLayout()->insertRow(0);
    plotLayout()->addElement(0, 0, legend);
    plotLayout()->setRowStretchFactor(0, 0.001);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setWrap(6);
    legend->setMargins(QMargins(4, 2, 4, 2));
    retranslate();
}

void BatchAllocationPlot::retranslate()
{
    xAxis->setLabel(tr("step"));
    yAxis->setLabel(tr("samples per step"));
}

quint64 BatchAllocationPlot::revisionOf(const LiveRunData &data) const
{
    // The area extends to the current step.
    return data.revision(LiveRunData::Part::Plan) * 1000003ULL + quint64(data.step());
}

void BatchAllocationPlot::rebuild(const LiveRunData &data)
{
    const auto &nodes = data.nodes();
    if (int(nodes.size()) != m_nodes) {
        m_nodes = int(nodes.size());
        clearGraphs();
        QCPGraph *below = nullptr;
        for (qsizetype n = 0; n < nodes.size(); ++n) {
            QCPGraph *g = addGraph();
            g->setName(nodes[n].name);
            g->setLineStyle(QCPGraph::lsStepLeft);
            QColor c = seriesColor(int(n));
            g->setPen(QPen(c.darker(120), 1));
            c.setAlpha(170);
            g->setBrush(c);
            g->setChannelFillGraph(below);
            below = g;
        }
        legend->setVisible(!nodes.isEmpty() && nodes.size() <= 12);
    }
    const auto &plan = data.plan();
    const double last = qMax<double>(data.step(), plan.isEmpty() ? 1 : plan.last().step + 1);
    for (qsizetype n = 0; n < nodes.size() && n < graphCount(); ++n) {
        QVector<double> x;
        QVector<double> y;
        x.reserve(plan.size() + 1);
        y.reserve(plan.size() + 1);
        for (const LiveRunData::PlanPoint &p : plan) {
            double cumulative = 0;
            for (qsizetype k = 0; k <= n && k < p.perNode.size(); ++k)
                cumulative += p.perNode[k];
            x.append(p.step);
            y.append(cumulative);
        }
        if (!x.isEmpty()) {
            x.append(last);
            y.append(y.last());
        }
        graph(int(n))->setData(x, y, true);
    }
    for (QCPItemStraightLine *m : std::as_const(m_marks))
        removeItem(m);
    m_marks.clear();
    const auto &replans = data.replanSteps();
    for (qsizetype i = qMax<qsizetype>(0, replans.size() - 50); i < replans.size(); ++i) {
        auto *line = new QCPItemStraightLine(this);
        line->point1->setCoords(replans[i], 0);
        line->point2->setCoords(replans[i], 1);
        line->setPen(QPen(palette().color(QPalette::Text), 1, Qt::DashLine));
        m_marks.append(line);
    }
    xAxis->setRange(plan.isEmpty() ? 0 : plan.first().step, last);
    yAxis->setRange(0, qMax(1, data.config().globalBatch) * 1.3);
}
