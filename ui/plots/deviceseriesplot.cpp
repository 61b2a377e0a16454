#include "deviceseriesplot.h"

#include "liverundata.h"
#include "localeformat.h"
#include "localetickers.h"

#include <cmath>
#include <QEvent>

namespace {
constexpr double kWindowSeconds = 60;
constexpr int kBins = 240; // a quarter of a second per column
} // namespace

DeviceSeriesPlot::DeviceSeriesPlot(Metric metric, QWidget *parent)
    : LivePlot(parent)
    , m_metric(metric)
{
    xAxis->setTicker(LocaleTickers::duration());
    yAxis->setRange(0, 100);
    retranslate();
}

void DeviceSeriesPlot::retranslate()
{
    xAxis->setLabel(tr("time since start"));
    yAxis->setLabel(m_metric == Metric::Utilization ? tr("utilization %") : tr("memory used %"));
    if (m_scale)
        m_scale->axis()->setLabel(yAxis->label());
}

quint64 DeviceSeriesPlot::revisionOf(const LiveRunData &data) const
{
    return data.revision(LiveRunData::Part::Devices);
}

void DeviceSeriesPlot::setupLines(const LiveRunData &data)
{
    clearPlottables();
    if (m_scale) {
        plotLayout()->remove(m_scale);
        m_scale = nullptr;
    }
    m_heatMap = nullptr;
    yAxis->setTicker(LocaleTickers::number());
    yAxis->setRange(0, 100);
    const auto &devs = data.deviceSlots();
    for (qsizetype i = 0; i < devs.size(); ++i) {
        QCPGraph *g = addGraph();
        g->setName(devs[i].label);
        // Devices often read alike (idle, or all at 100 %): each line is drawn thinner than the one
        // before it and every other one dashed, so a line on top of another leaves it showing.
        const double width = qMax(1.4, 4.6 - 1.0 * double(i));
        g->setPen(QPen(seriesColor(int(i)), width, i % 2 == 0 ? Qt::SolidLine : Qt::DashLine));
        g->setAdaptiveSampling(true);
    }
    arrangeLegend();
    legend->setVisible(!devs.isEmpty());
    placeLegend();
}

void DeviceSeriesPlot::arrangeLegend()
{
    // Every line named. Up to kOneColumn names stack in one column; more (up to
    // kMaxLines) fill columns of at most four rows, the first column at the
    // leading side, in a smaller font over a see-through background, so the
    // legend stays about as tall as four names and the lines show through it.
    const int lines = m_heatMap ? 0 : graphCount();
    const bool compact = lines > kOneColumn;
    QList<QCPAbstractLegendItem *> items;
    for (int i = 0; i < lines; ++i) {
        if (QCPAbstractLegendItem *item = legend->itemWithPlottable(graph(i)))
            items.append(item);
    }
    for (QCPAbstractLegendItem *item : std::as_const(items))
        legend->take(item);
    legend->simplify();
    const int columns = compact ? (lines + 3) / 4 : 1;
    const int rows = qMax(1, (int(items.size()) + columns - 1) / columns);
    const bool rightToLeft = layoutDirection() == Qt::RightToLeft;
    for (qsizetype i = 0; i < items.size(); ++i) {
        const int column = int(i) / rows;
        legend->addElement(int(i) % rows, rightToLeft ? columns - 1 - column : column, items[i]);
    }
    QFont f = font();
    if (compact)
        f.setPointSizeF(f.pointSizeF() * 0.85);
    legend->setFont(f);
    legend->setIconSize(compact ? QSize(16, 10) : QSize(32, 18));
    legend->setColumnSpacing(compact ? 6 : 8);
    legend->setRowSpacing(0);
    QColor background = palette().color(QPalette::Base);
    background.setAlpha(compact ? 190 : 255);
    legend->setBrush(background);
}

void DeviceSeriesPlot::changeEvent(QEvent *event)
{
    LivePlot::changeEvent(event);
    // The columns follow the reading direction; the base plot repaints the legend opaque.
    if (event->type() == QEvent::LayoutDirectionChange || event->type() == QEvent::PaletteChange) {
        arrangeLegend();
        replot(QCustomPlot::rpQueuedReplot);
    }
}

void DeviceSeriesPlot::setupHeatMap(const LiveRunData &data)
{
    clearPlottables();
    legend->setVisible(false);
    const auto &devs = data.deviceSlots();
    m_heatMap = new QCPColorMap(xAxis, yAxis);
    m_heatMap->data()->setSize(kBins, int(devs.size()));
    m_heatMap->setInterpolate(false);
    m_heatMap->setTightBoundary(true);
    m_scale = new QCPColorScale(this);
    plotLayout()->addElement(0, 1, m_scale);
    m_scale->setType(QCPAxis::atRight);
    m_scale->axis()->setTicker(LocaleTickers::number());
    m_scale->axis()->setTickLabelColor(palette().color(QPalette::Text));
    m_heatMap->setColorScale(m_scale);
    m_heatMap->setGradient(QCPColorGradient(QCPColorGradient::gpThermal));
    m_heatMap->setDataRange(QCPRange(0, 100));
    m_scale->axis()->setLabel(yAxis->label());
    // Device rows, labelled by node: every node once if they fit, else every k-th.
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const auto &nodes = data.nodes();
    const int every = qMax(1, int(std::ceil(nodes.size() / 24.0)));
    int row = 0;
    for (qsizetype n = 0; n < nodes.size(); ++n) {
        if (n % every == 0)
            ticker->addTick(row + (nodes[n].devices.size() - 1) / 2.0, nodes[n].name);
        row += int(nodes[n].devices.size());
    }
    yAxis->setTicker(ticker);
    yAxis->setRange(-0.5, devs.size() - 0.5);
    yAxis->setLabel(tr("device"));
}

void DeviceSeriesPlot::rebuild(const LiveRunData &data)
{
    const auto &devs = data.deviceSlots();
    if (int(devs.size()) != m_devices) {
        m_devices = int(devs.size());
        retranslate();
        if (devs.size() > kMaxLines)
            setupHeatMap(data);
        else
            setupLines(data);
    }
    double latest = 0;
    for (const auto &s : devs)
        latest = qMax(latest, (m_metric == Metric::Utilization ? s.utilization : s.memory).lastX());
    m_latest = latest;
    m_sinceData.restart();
    const double from = qMax(0.0, latest - kWindowSeconds);
    xAxis->setRange(from, qMax(from + kWindowSeconds, latest));
    m_shownRight = xAxis->range().upper;
    if (m_heatMap) {
        QCPColorMapData *cells = m_heatMap->data();
        cells->setRange(QCPRange(from, from + kWindowSeconds), QCPRange(0, devs.size() - 1));
        cells->fill(std::nan(""));
        for (qsizetype i = 0; i < devs.size(); ++i) {
            const RingSeries &series = m_metric == Metric::Utilization ? devs[i].utilization : devs[i].memory;
            series.copyTo(&m_x, &m_y);
            for (qsizetype p = 0; p < m_x.size(); ++p) {
                const int bin = int((m_x[p] - from) / kWindowSeconds * kBins);
                if (bin >= 0 && bin < kBins)
                    cells->setCell(bin, int(i), m_y[p]);
            }
        }
        return;
    }
    for (qsizetype i = 0; i < devs.size() && i < graphCount(); ++i) {
        const RingSeries &series = m_metric == Metric::Utilization ? devs[i].utilization : devs[i].memory;
        series.copyTo(&m_x, &m_y);
        graph(int(i))->setData(QVector<double>(m_x.cbegin(), m_x.cend()),
                               QVector<double>(m_y.cbegin(), m_y.cend()), true);
    }
}

QString DeviceSeriesPlot::hoverText(const QPoint &pos) const
{
    const LiveRunData *data = shownData();
    if (!data)
        return {};
    const auto &devs = data->deviceSlots();
    int device = -1;
    double value = 0;
    double time = xAxis->pixelToCoord(pos.x());
    if (m_heatMap) {
        int cellX = 0, cellY = 0;
        m_heatMap->data()->coordToCell(time, yAxis->pixelToCoord(pos.y()), &cellX, &cellY);
        if (cellX < 0 || cellX >= kBins || cellY < 0 || cellY >= devs.size())
            return {};
        value = m_heatMap->data()->cell(cellX, cellY);
        if (std::isnan(value))
            return {};
        device = cellY;
    } else {
        // The nearest line's point.
        double nearest = 12;
        auto *self = const_cast<DeviceSeriesPlot *>(this); // QCustomPlot::graph() has no const overload
        for (int i = 0; i < graphCount() && i < devs.size(); ++i) {
            QVariant details;
            const double distance = self->graph(i)->selectTest(pos, false, &details);
            const QCPDataSelection hit = details.value<QCPDataSelection>();
            if (distance < 0 || distance > nearest || hit.isEmpty())
                continue;
            nearest = distance;
            device = i;
            const auto point = self->graph(i)->data()->constBegin() + hit.dataRange().begin();
            value = point->value;
            time = point->key;
        }
        if (device < 0)
            return {};
    }
    const LiveRunData::DeviceSlot &slot = devs[device];
    const QString node = data->nodes().value(slot.node).name;
    const QString at = LocaleFormat::duration(qint64(time * 1000));
    if (m_metric == Metric::Utilization)
        return tr("%1 (%2): %3 busy, %4 after the start")
            .arg(slot.label, node, LocaleFormat::percent(value, 0), at);
    // Memory as the share shown and as bytes: used of the device's total.
    return tr("%1 (%2): %3 of %4 in use (%5), %6 after the start")
        .arg(slot.label, node, LocaleFormat::dataSize(qint64(value / 100.0 * double(slot.memoryTotal))),
             LocaleFormat::dataSize(slot.memoryTotal), LocaleFormat::percent(value, 0), at);
}

bool DeviceSeriesPlot::advance()
{
    if (m_devices <= 0 || !m_sinceData.isValid())
        return false;
    // Follow the clock for at most one sampling period past the last sample.
    const double right = qMax(kWindowSeconds, m_latest + qMin(1.0, m_sinceData.elapsed() / 1000.0));
    if (right - m_shownRight < 0.005)
        return false;
    m_shownRight = right;
    xAxis->setRange(right - kWindowSeconds, right);
    replot(QCustomPlot::rpQueuedReplot);
    return true;
}
