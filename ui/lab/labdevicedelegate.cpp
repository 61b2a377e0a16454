#include "labdevicedelegate.h"

#include "labdevicesmodel.h"
#include "labformat.h"

#include <QApplication>
#include <QDateTime>
#include <QPainter>
#include <QPainterPath>

namespace {
constexpr int kSparklineWidth = 144; // 10 minutes a pixel over 24 hours

QColor warningColor(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128 ? QColor(0xff, 0xb7, 0x4d)
                                                             : QColor(0xe6, 0x51, 0x00);
}
} // namespace

LabDeviceDelegate::LabDeviceDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
{}

QList<double> LabDeviceDelegate::columns(const QList<int> &values, int width)
{
    QList<double> out;
    if (width <= 0 || values.isEmpty())
        return out;
    out.reserve(width);
    const qsizetype n = values.size();
    for (int x = 0; x < width; ++x) {
        const qsizetype from = n * x / width;
        const qsizetype to = qMax(from + 1, n * (x + 1) / width);
        double sum = 0;
        int count = 0;
        for (qsizetype i = from; i < to && i < n; ++i) {
            if (values[i] >= 0) {
                sum += values[i];
                ++count;
            }
        }
        out.append(count > 0 ? sum / count : -1);
    }
    return out;
}

void LabDeviceDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                              const QModelIndex &index) const
{
    if (index.column() == LabDevicesModel::State)
        paintState(painter, option, index);
    else if (index.column() == LabDevicesModel::Day)
        paintSparkline(painter, option, index);
    else
        QStyledItemDelegate::paint(painter, option, index);
}

void LabDeviceDelegate::paintState(QPainter *painter, const QStyleOptionViewItem &option,
                                   const QModelIndex &index) const
{
    QStyleOptionViewItem item = option;
    initStyleOption(&item, index);
    const QString text = item.text;
    item.text.clear();
    QStyle *style = option.widget ? option.widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &item, painter, option.widget); // background, selection

    const auto state = LabDevice::State(index.data(LabDevicesModel::StateRole).toInt());
    const QColor color = LabFormat::stateColor(state, option.palette);
    const QRect area = option.rect.adjusted(6, 0, -6, 0);
    const int dot = qMax(8, option.fontMetrics.height() / 2);
    // The dot leads: at the left in English, at the right in Persian.
    const QRect dotRect =
        QStyle::visualRect(option.direction, area, QRect(area.left(), area.center().y() - dot / 2, dot, dot));
    const QRect textRect =
        QStyle::visualRect(option.direction, area,
                           QRect(area.left() + dot + 6, area.top(), area.width() - dot - 6, area.height()));
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(Qt::NoPen);
    painter->setBrush(color);
    painter->drawEllipse(dotRect);
    QFont bold = option.font;
    bold.setBold(state != LabDevice::State::Free);
    painter->setFont(bold);
    painter->setPen(option.state & QStyle::State_Selected ? option.palette.color(QPalette::HighlightedText)
                                                          : color);
    painter->drawText(textRect,
                      int(QStyle::visualAlignment(option.direction, Qt::AlignLeft | Qt::AlignVCenter)), text);
    painter->restore();
}

void LabDeviceDelegate::paintSparkline(QPainter *painter, const QStyleOptionViewItem &option,
                                       const QModelIndex &index) const
{
    QStyleOptionViewItem item = option;
    initStyleOption(&item, index);
    QStyle *style = option.widget ? option.widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &item, painter, option.widget);

    const QList<int> values = index.data(LabDevicesModel::SeriesRole).value<QList<int>>();
    const QRect area = option.rect.adjusted(4, 4, -4, -4);
    if (values.isEmpty() || area.width() < 4 || area.height() < 4)
        return;
    const QList<double> cols = columns(values, area.width());
    const bool idle = index.data(LabDevicesModel::IdleHeldRole).toBool();
    QColor line = idle ? warningColor(option.palette) : option.palette.color(QPalette::Highlight);
    if (option.state & QStyle::State_Selected)
        line = option.palette.color(QPalette::HighlightedText);
    QColor fill = line;
    fill.setAlpha(60);

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    // A faint baseline, so an idle day still shows where zero is.
    QColor base = option.palette.color(QPalette::Text);
    base.setAlpha(50);
    painter->setPen(QPen(base, 1));
    painter->drawLine(area.bottomLeft(), area.bottomRight());
    // Where the hours are (issue #29, item 14: a bare line did not say when): a tick at every six
    // hours of this computer's clock, taller at midnight, and a dotted line at half.
    const qint64 startMs = index.data(LabDevicesModel::SeriesStartRole).toLongLong();
    const qint64 stepMs = index.data(LabDevicesModel::SeriesStepRole).toLongLong();
    if (startMs > 0 && stepMs > 0) {
        const qint64 spanMs = stepMs * values.size();
        const QDateTime first = QDateTime::fromMSecsSinceEpoch(startMs);
        QDateTime tick(first.date(), QTime(first.time().hour() / 6 * 6, 0));
        for (; tick.toMSecsSinceEpoch() < startMs + spanMs; tick = tick.addSecs(6 * 3600)) {
            const qint64 at = tick.toMSecsSinceEpoch();
            if (at <= startMs)
                continue;
            // Time runs left to right, as in the line itself, whatever the language.
            const double x = area.left() + double(at - startMs) / double(spanMs) * area.width();
            const bool midnight = tick.time().hour() == 0;
            painter->drawLine(QPointF(x, area.bottom()),
                              QPointF(x, area.bottom() - (midnight ? area.height() : 3)));
        }
    }
    QPen half(base, 1, Qt::DotLine);
    painter->setPen(half);
    painter->drawLine(QPointF(area.left(), area.center().y()), QPointF(area.right(), area.center().y()));
    // One path per stretch of sampled minutes: a gap (agent down) stays a gap.
    auto yOf = [&](double u) { return area.bottom() - (qBound(0.0, u, 100.0) / 100.0) * area.height(); };
    QPainterPath stroke;
    QPainterPath under;
    bool open = false;
    double startX = 0;
    double lastX = 0;
    for (qsizetype x = 0; x < cols.size(); ++x) {
        const double px = area.left() + x + 0.5;
        if (cols[x] < 0) {
            if (open) {
                under.lineTo(lastX, area.bottom());
                under.lineTo(startX, area.bottom());
                under.closeSubpath();
            }
            open = false;
            continue;
        }
        const double py = yOf(cols[x]);
        if (!open) {
            stroke.moveTo(px, py);
            under.moveTo(px, py);
            startX = px;
            open = true;
        } else {
            stroke.lineTo(px, py);
            under.lineTo(px, py);
        }
        lastX = px;
    }
    if (open) {
        under.lineTo(lastX, area.bottom());
        under.lineTo(startX, area.bottom());
        under.closeSubpath();
    }
    painter->fillPath(under, fill);
    painter->setPen(QPen(line, 1.3));
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(stroke);
    painter->restore();
}

QSize LabDeviceDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    if (index.column() == LabDevicesModel::Day)
        size.setWidth(kSparklineWidth + 8);
    if (index.column() == LabDevicesModel::State)
        size.setWidth(size.width() + option.fontMetrics.height() + 8);
    size.setHeight(qMax(size.height(), option.fontMetrics.height() + 12));
    return size;
}
