#include "machinedelegate.h"

#include "bidi.h"
#include "datasize.h"
#include "errorcolor.h"
#include "localeformat.h"
#include "machinesmodel.h"
#include "node.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QHelpEvent>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

namespace {
constexpr int kPadding = 8;
constexpr int kDot = 10;

QColor statusColor(int link, int trust)
{
    if (trust == int(Node::Trust::Changed) || trust == int(Node::Trust::RejectedByAgent))
        return QColor(0xd3, 0x2f, 0x2f);
    switch (Node::Link(link)) {
    case Node::Link::Connected:
        return QColor(0x2e, 0x9d, 0x4f);
    case Node::Link::Connecting:
    case Node::Link::Online:
        return QColor(0xe0, 0xa1, 0x00);
    case Node::Link::Offline:
        break;
    }
    return QColor(0x8a, 0x8a, 0x8a);
}

// A device's lines on the card: its own, and one for who holds it when processes do.
int linesOf(const QVariant &device)
{
    return device.toMap().value(QStringLiteral("holders")).toString().isEmpty() ? 1 : 2;
}

int deviceLines(const QVariantList &devices)
{
    int lines = 0;
    for (const QVariant &d : devices)
        lines += linesOf(d);
    return lines;
}

// Logical rect -> rect on screen, mirrored inside `bounds` for right-to-left.
QRect visual(Qt::LayoutDirection direction, const QRect &bounds, const QRect &logical)
{
    return QStyle::visualRect(direction, bounds, logical);
}
} // namespace

MachineDelegate::MachineDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
{}

QColor MachineDelegate::utilizationColor(double percent)
{
    if (percent >= 70)
        return QColor(0x2e, 0x9d, 0x4f);
    if (percent >= 30)
        return QColor(0xe0, 0xa1, 0x00);
    return QColor(0x4a, 0x86, 0xc8);
}

void MachineDelegate::paintBar(QPainter *painter, const QRect &rect, double fraction, const QColor &fill,
                               const QString &text, const QPalette &palette, Qt::LayoutDirection direction,
                               const QString &shorter)
{
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    QPainterPath outline;
    outline.addRoundedRect(QRectF(rect).adjusted(0.5, 0.5, -0.5, -0.5), 3, 3);
    painter->fillPath(outline, palette.color(QPalette::Base));
    const int filled = int(rect.width() * qBound(0.0, fraction, 1.0));
    if (filled > 0) {
        QRect fillRect(rect.left(), rect.top(), filled, rect.height());
        fillRect = visual(direction, rect, fillRect);
        painter->setClipPath(outline);
        painter->fillRect(fillRect, fill);
        painter->setClipping(false);
    }
    painter->setPen(palette.color(QPalette::Mid));
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(outline);
    painter->setPen(palette.color(QPalette::Text));
    QFont f = painter->font();
    f.setPointSizeF(f.pointSizeF() * 0.85);
    painter->setFont(f);
    const QFontMetrics fm(f);
    QString shown = text;
    if (fm.horizontalAdvance(shown) > rect.width() - 4 && !shorter.isEmpty())
        shown = shorter;
    if (fm.horizontalAdvance(shown) > rect.width() - 4)
        shown = fm.elidedText(shown, Qt::ElideRight, rect.width() - 4);
    painter->drawText(rect, Qt::AlignCenter, shown);
    painter->restore();
}

std::pair<QString, QString> MachineDelegate::memoryTexts(qint64 used, qint64 total, const QLocale &locale)
{
    const QString usedText = LocaleFormat::dataSize(used, 1, locale);
    const QString totalText = LocaleFormat::dataSize(total, 1, locale);
    const QString full = tr("%1 / %2").arg(usedText, totalText);
    if (total <= 0) // no total known: nothing shorter to say
        return {full, full};
    // One unit for both, the total's: "8.0/23.5 GB", and "0.8/23.5 GB" for 783 MB of it.
    const QString compact = tr("%1/%2", "used and total memory in a narrow bar")
                                .arg(DataSize::numberInUnitOf(used, total, 1, locale), totalText);
    return {full, compact};
}

QSize MachineDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const QFontMetrics fm(option.font);
    const int lines = qMax(1, deviceLines(index.data(MachinesModel::DevicesRole).toList()));
    const int line = fm.height() + 6;
    // As wide as the list: the card fills the view instead of scrolling sideways.
    const auto *view = qobject_cast<const QAbstractItemView *>(option.widget);
    const int width = view ? view->viewport()->width() - 2 : 260;
    return QSize(qMax(200, width), kPadding * 2 + line * 2 + lines * line);
}

int MachineDelegate::deviceAt(const QStyleOptionViewItem &option, const QModelIndex &index, const QPoint &pos)
{
    // Mirrors the layout of paint(): two header lines, then each device's lines.
    const QRect bounds = option.rect.adjusted(kPadding, kPadding, -kPadding, -kPadding);
    const int line = QFontMetrics(option.font).height() + 6;
    const int y = pos.y() - bounds.top() - 2 * line;
    if (y < 0)
        return -1;
    const QVariantList devices = index.data(MachinesModel::DevicesRole).toList();
    int top = 0;
    for (int d = 0; d < devices.size(); ++d) {
        top += linesOf(devices[d]) * line;
        if (y < top)
            return d;
    }
    return -1;
}

bool MachineDelegate::helpEvent(QHelpEvent *event, QAbstractItemView *view,
                                const QStyleOptionViewItem &option, const QModelIndex &index)
{
    if (event->type() == QEvent::ToolTip && index.isValid()) {
        const int device = deviceAt(option, index, event->pos());
        const QString tip = index.data(MachinesModel::DevicesRole)
                                .toList()
                                .value(device)
                                .toMap()
                                .value(QStringLiteral("tooltip"))
                                .toString();
        // Over a device its details (the card elides its name); elsewhere the machine's own tooltip.
        if (device >= 0 && !tip.isEmpty()) {
            QToolTip::showText(event->globalPos(), tip, view, view->visualRect(index));
            return true;
        }
    }
    return QStyledItemDelegate::helpEvent(event, view, option, index);
}

void MachineDelegate::paint(QPainter *painter, const QStyleOptionViewItem &opt,
                            const QModelIndex &index) const
{
    QStyleOptionViewItem option = opt;
    initStyleOption(&option, index);
    const QStyle *style = option.widget ? option.widget->style() : QApplication::style();
    option.text.clear();
    option.icon = {};
    style->drawControl(QStyle::CE_ItemViewItem, &option, painter, option.widget);

    const Qt::LayoutDirection dir = option.direction;
    const QPalette &pal = option.palette;
    const bool selected = option.state & QStyle::State_Selected;
    const QColor text = pal.color(selected ? QPalette::HighlightedText : QPalette::Text);
    const QColor dim = selected ? text : pal.color(QPalette::PlaceholderText);
    const QRect bounds = option.rect.adjusted(kPadding, kPadding, -kPadding, -kPadding);
    const QFontMetrics fm(option.font);
    const int line = fm.height() + 6;

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);

    // Line 1: status light, name, status text at the trailing edge.
    const int link = index.data(MachinesModel::LinkRole).toInt();
    const int trust = index.data(MachinesModel::TrustRole).toInt();
    QRect dot(bounds.left(), bounds.top() + (line - kDot) / 2, kDot, kDot);
    painter->setPen(Qt::NoPen);
    painter->setBrush(statusColor(link, trust));
    painter->drawEllipse(visual(dir, bounds, dot));

    QFont bold = option.font;
    bold.setBold(true);
    painter->setFont(bold);
    painter->setPen(text);
    const QString status = index.data(MachinesModel::StatusTextRole).toString();
    const int statusWidth = fm.horizontalAdvance(status) + kPadding;
    QRect nameRect(bounds.left() + kDot + kPadding, bounds.top(),
                   bounds.width() - kDot - kPadding - statusWidth, line);
    painter->drawText(visual(dir, bounds, nameRect), Qt::AlignLeading | Qt::AlignVCenter,
                      QFontMetrics(bold).elidedText(index.data(Qt::DisplayRole).toString(), Qt::ElideRight,
                                                    nameRect.width()));
    painter->setFont(option.font);
    painter->setPen(dim);
    QRect statusRect(bounds.right() - statusWidth, bounds.top(), statusWidth, line);
    painter->drawText(visual(dir, bounds, statusRect), Qt::AlignTrailing | Qt::AlignVCenter, status);

    // Line 2: address (always left-to-right digits and colons) or the last problem.
    QRect addrRect(bounds.left() + kDot + kPadding, bounds.top() + line, bounds.width() - kDot - kPadding,
                   line);
    const QString message = index.data(MachinesModel::MessageRole).toString();
    const QString address = Bidi::ltr(index.data(MachinesModel::AddressRole).toString());
    // A trusted machine that others claim to be: the warning in the error colour, in full in the tooltip.
    const QString claims = index.data(MachinesModel::ClaimantWarningRole).toString();
    const QString second = trust != int(Node::Trust::Pinned) && !message.isEmpty() ? message
                           : !claims.isEmpty()                                     ? claims
                                                                                   : address;
    if (second == claims && !claims.isEmpty() && !selected)
        painter->setPen(errorColor(pal));
    painter->drawText(visual(dir, bounds, addrRect), Qt::AlignLeading | Qt::AlignVCenter,
                      fm.elidedText(second, Qt::ElideRight, addrRect.width()));
    painter->setPen(dim);

    // Device lines: name, utilization bar, memory bar.
    const QLocale locale;
    const QVariantList devices = index.data(MachinesModel::DevicesRole).toList();
    int y = bounds.top() + 2 * line;
    const int indent = kDot + kPadding;
    const int barWidth = qMax(60, (bounds.width() - indent) / 4);
    for (const QVariant &v : devices) {
        const QVariantMap d = v.toMap();
        const QRect nameR(bounds.left() + indent, y, bounds.width() - indent - 2 * barWidth - 2 * kPadding,
                          line - 4);
        painter->setPen(text);
        painter->drawText(
            visual(dir, bounds, nameR), Qt::AlignLeading | Qt::AlignVCenter,
            fm.elidedText(d.value(QStringLiteral("name")).toString(), Qt::ElideRight, nameR.width()));
        const QRect barsR(bounds.right() - 2 * barWidth - kPadding, y, 2 * barWidth + kPadding, line - 4);
        if (d.value(QStringLiteral("lost")).toBool()) {
            // Its last readings would be a lie: the bars give way to what happened.
            if (!selected)
                painter->setPen(errorColor(pal));
            painter->drawText(visual(dir, bounds, barsR), Qt::AlignCenter,
                              fm.elidedText(tr("GPU lost"), Qt::ElideRight, barsR.width()));
        } else if (d.value(QStringLiteral("live")).toBool()) {
            const double util = d.value(QStringLiteral("util")).toDouble();
            const qint64 used = d.value(QStringLiteral("mem_used")).toLongLong();
            const qint64 total = d.value(QStringLiteral("mem_total")).toLongLong();
            const QRect utilR(bounds.right() - 2 * barWidth - kPadding, y + 1, barWidth, line - 6);
            const QRect memR(bounds.right() - barWidth, y + 1, barWidth, line - 6);
            paintBar(painter, visual(dir, bounds, utilR), util / 100.0, utilizationColor(util),
                     tr("%1%").arg(locale.toString(util, 'f', 0)), pal, dir);
            const auto [memory, narrowMemory] = memoryTexts(used, total, locale);
            paintBar(painter, visual(dir, bounds, memR), total > 0 ? double(used) / double(total) : 0,
                     QColor(0x7e, 0x57, 0xc2), memory, pal, dir, narrowMemory);
        }
        y += line;
        // Who holds it, under it: "alice python3 30.1 GB · bob sleep 8.0 GB".
        if (const QString holders = d.value(QStringLiteral("holders")).toString(); !holders.isEmpty()) {
            const QRect holdersR(bounds.left() + indent + kPadding, y, bounds.width() - indent - kPadding,
                                 line - 4);
            painter->setPen(dim);
            painter->drawText(visual(dir, bounds, holdersR), Qt::AlignLeading | Qt::AlignVCenter,
                              fm.elidedText(holders, Qt::ElideRight, holdersR.width()));
            y += line;
        }
    }
    if (devices.isEmpty()) {
        painter->setPen(dim);
        const QRect r(bounds.left() + indent, y, bounds.width() - indent, line);
        painter->drawText(visual(dir, bounds, r), Qt::AlignLeading | Qt::AlignVCenter,
                          tr("No device information yet"));
    }
    painter->restore();
}
