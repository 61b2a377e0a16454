#include "labusageplot.h"

#include "labformat.h"
#include "labusagemodel.h"
#include "localeformat.h"
#include "localetickers.h"

LabUsagePlot::LabUsagePlot(const LabUsageModel &model, QWidget *parent)
    : QCustomPlot(parent)
    , m_model(model)
{
    setMinimumHeight(200);
    setPlottingHint(QCP::phCacheLabels, true);
    yAxis->setTicker(LocaleTickers::number());
    // The legend in a row of its own below the bars, so it never hides one.
    auto *below = new QCPLayoutGrid;
    plotLayout()->addElement(1, 0, below);
    below->setMargins(QMargins(4, 0, 4, 4));
    below->addElement(0, 0, legend);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setWrap(8);
    legend->setVisible(true);
    plotLayout()->setRowStretchFactor(1, 0.001);
    connect(&model, &QAbstractItemModel::modelReset, this, &LabUsagePlot::rebuild);
    applyPalette();
    rebuild();
}

void LabUsagePlot::applyPalette()
{
    const QPalette pal = palette();
    setBackground(pal.color(QPalette::Base));
    const QColor text = pal.color(QPalette::Text);
    for (QCPAxis *axis : {xAxis, yAxis}) {
        axis->setBasePen(QPen(text));
        axis->setTickPen(QPen(text));
        axis->setSubTickPen(QPen(text));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->grid()->setPen(QPen(pal.color(QPalette::Mid), 0, Qt::DotLine));
    }
    legend->setBrush(QBrush(pal.color(QPalette::Base)));
    legend->setTextColor(text);
    legend->setBorderPen(Qt::NoPen);
}

void LabUsagePlot::rebuild()
{
    clearPlottables();
    clearItems();
    m_bars.clear();
    m_totals.clear();
    const QList<qint64> &weeks = m_model.weeks();
    QSharedPointer<QCPAxisTickerText> labels(new QCPAxisTickerText);
    for (qsizetype w = 0; w < weeks.size(); ++w)
        labels->addTick(double(w + 1), LabUsageModel::weekLabel(weeks[w]));
    xAxis->setTicker(labels);
    xAxis->setSubTicks(false);
    xAxis->setTickLength(0, 4);
    xAxis->setLabel(tr("week"));
    yAxis->setLabel(tr("device-hours"));

    // Stacked: each user's bars sit on the previous user's.
    QCPBars *below = nullptr;
    for (int u = 0; u < m_model.users().size(); ++u) {
        auto *bars = new QCPBars(xAxis, yAxis);
        const QString user = m_model.users()[u];
        bars->setName(LabFormat::token(user));
        const QColor color = LabFormat::userColor(user, palette());
        bars->setBrush(color);
        bars->setPen(QPen(color.darker(140)));
        bars->setWidth(0.6);
        bars->setStackingGap(0);
        for (qsizetype w = 0; w < weeks.size(); ++w)
            bars->addData(double(w + 1), m_model.hours(u, int(w)));
        if (below)
            bars->moveAbove(below);
        below = bars;
        m_bars.append(bars);
    }
    double highest = 0;
    const QColor text = palette().color(QPalette::Text);
    for (qsizetype w = 0; w < weeks.size(); ++w) {
        const double total = m_model.weekTotal(int(w));
        m_totals.append(total);
        highest = qMax(highest, total);
        auto *label = new QCPItemText(this);
        label->position->setCoords(double(w + 1), total);
        label->setPositionAlignment(Qt::AlignBottom | Qt::AlignHCenter);
        label->setPadding(QMargins(0, 0, 0, 3));
        label->setText(LocaleFormat::number(total, total < 100 ? 1 : 0));
        label->setColor(text);
        label->setFont(font());
    }
    xAxis->setRange(0.4, qMax<double>(1, weeks.size()) + 0.6);
    yAxis->setRange(0, highest > 0 ? highest * 1.18 : 1);
    legend->setVisible(!m_bars.isEmpty());
    replot(QCustomPlot::rpQueuedReplot);
}

void LabUsagePlot::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LocaleChange)
        rebuild(); // week labels, digits and axis titles in the new language
    else if (event->type() == QEvent::PaletteChange)
        applyPalette();
    QCustomPlot::changeEvent(event);
}
