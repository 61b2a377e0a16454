#include "liveplot.h"

#include "localeformat.h"
#include "localetickers.h"

#include <cmath>
#include <QEvent>
#include <QMouseEvent>
#include <QToolTip>

LivePlot::LivePlot(QWidget *parent)
    : QCustomPlot(parent)
{
    setNoAntialiasingOnDrag(true);
    setPlottingHint(QCP::phCacheLabels, true);
    setMouseTracking(true); // values on hover
    setMinimumHeight(140);  // three rows of plots and the header fit a 1366x768 screen
    legend->setVisible(false);
    xAxis->setTicker(LocaleTickers::number());
    yAxis->setTicker(LocaleTickers::number());
    yAxis2->setTicker(LocaleTickers::number());
    applyPalette();
}

QColor LivePlot::seriesColor(int index)
{
    // Tableau-like hues that read on white and on dark grey.
    static const QColor colors[] = {
        QColor(0x4e, 0x79, 0xa7), QColor(0xf2, 0x8e, 0x2b), QColor(0xe1, 0x57, 0x59),
        QColor(0x76, 0xb7, 0xb2), QColor(0x59, 0xa1, 0x4f), QColor(0xed, 0xc9, 0x48),
        QColor(0xb0, 0x7a, 0xa1), QColor(0xff, 0x9d, 0xa7), QColor(0x9c, 0x75, 0x5f),
        QColor(0xba, 0xb0, 0xac), QColor(0x1f, 0x77, 0xb4), QColor(0x2c, 0xa0, 0x2c),
        QColor(0xd6, 0x27, 0x28), QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b),
        QColor(0x17, 0xbe, 0xcf)};
    return colors[qAbs(index) % std::size(colors)];
}

void LivePlot::applyPalette()
{
    const QPalette pal = palette();
    setBackground(pal.color(QPalette::Base));
    const QColor text = pal.color(QPalette::Text);
    const QColor grid = pal.color(QPalette::Mid);
    for (QCPAxis *axis : {xAxis, yAxis, xAxis2, yAxis2}) {
        axis->setBasePen(QPen(text));
        axis->setTickPen(QPen(text));
        axis->setSubTickPen(QPen(text));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->grid()->setPen(QPen(grid, 0, Qt::DotLine));
    }
    legend->setBrush(QBrush(pal.color(QPalette::Base)));
    legend->setTextColor(text);
    legend->setBorderPen(QPen(grid));
}

void LivePlot::placeLegend()
{
    QCPLayoutInset *inset = axisRect()->insetLayout();
    if (inset->elementCount() == 0 || inset->elementAt(0) != legend)
        return; // a plot that keeps its legend outside the axis rect
    const Qt::Alignment horizontal = layoutDirection() == Qt::RightToLeft ? Qt::AlignRight : Qt::AlignLeft;
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | horizontal);
}

QString LivePlot::valueText(double value)
{
    const double a = std::abs(value);
    return LocaleFormat::number(value, a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 4);
}

QString LivePlot::hoverText(const QPoint &pos) const
{
    // The nearest point of a visible line within a few pixels, or the bar under the pointer.
    constexpr double kReach = 12;
    QString best;
    double nearest = kReach;
    for (int i = 0; i < plottableCount(); ++i) {
        QCPAbstractPlottable *p = const_cast<LivePlot *>(this)->plottable(i); // QCustomPlot has no const one
        if (!p->visible() || !p->realVisibility())
            continue;
        QVariant details;
        const double distance = p->selectTest(pos, false, &details);
        if (distance < 0 || distance > nearest)
            continue;
        const QCPDataSelection hit = details.value<QCPDataSelection>();
        if (hit.isEmpty())
            continue;
        const int index = hit.dataRange().begin();
        double key = 0, value = 0;
        if (auto *g = qobject_cast<QCPGraph *>(p)) {
            key = (g->data()->constBegin() + index)->key;
            value = (g->data()->constBegin() + index)->value;
        } else if (auto *b = qobject_cast<QCPBars *>(p)) {
            key = (b->data()->constBegin() + index)->key;
            value = (b->data()->constBegin() + index)->value;
        } else {
            continue;
        }
        nearest = distance;
        const QString axis = p->keyAxis()->label();
        best = axis.isEmpty() ? tr("%1: %2").arg(p->name(), valueText(value))
                              : tr("%1: %2 (%3 %4)").arg(p->name(), valueText(value), axis, valueText(key));
    }
    return best;
}

void LivePlot::mouseMoveEvent(QMouseEvent *event)
{
    QCustomPlot::mouseMoveEvent(event);
    const QString text = hoverText(event->pos());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), LocaleFormat::paragraph(text), this);
}

bool LivePlot::refresh(const LiveRunData &data, bool force)
{
    m_shown = &data;
    const quint64 revision = revisionOf(data);
    if (!force && revision == m_revision)
        return false;
    m_revision = revision;
    rebuild(data);
    replot(QCustomPlot::rpQueuedReplot);
    return true;
}

void LivePlot::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LocaleChange) {
        xAxis->setTicker(xAxis->ticker()); // tick labels are cached: drop them
        retranslate();
        m_revision = ~quint64(0);
    } else if (event->type() == QEvent::PaletteChange) {
        applyPalette();
    } else if (event->type() == QEvent::LayoutDirectionChange) {
        placeLegend();
    }
    QCustomPlot::changeEvent(event);
}
