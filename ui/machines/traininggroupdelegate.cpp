#include "traininggroupdelegate.h"

#include "machinedelegate.h"
#include "traininggroupmodel.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>

namespace {
constexpr int kPadding = 8;
}

TrainingGroupDelegate::TrainingGroupDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
{}

QSize TrainingGroupDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &) const
{
    const int line = QFontMetrics(option.font).height() + 6;
    const auto *view = qobject_cast<const QAbstractItemView *>(option.widget);
    const int width = view ? view->viewport()->width() - 6 : 260;
    return QSize(qMax(200, width), 2 * kPadding + 3 * line + 4);
}

void TrainingGroupDelegate::paint(QPainter *painter, const QStyleOptionViewItem &opt,
                                  const QModelIndex &index) const
{
    QStyleOptionViewItem option = opt;
    initStyleOption(&option, index);
    option.text.clear();
    const QStyle *style = option.widget ? option.widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &option, painter, option.widget);

    const Qt::LayoutDirection dir = option.direction;
    const QPalette &pal = option.palette;
    const bool selected = option.state & QStyle::State_Selected;
    const QColor text = pal.color(selected ? QPalette::HighlightedText : QPalette::Text);
    const QColor dim = selected ? text : pal.color(QPalette::PlaceholderText);
    const QRect bounds = option.rect.adjusted(kPadding, kPadding / 2, -kPadding, -kPadding / 2);
    const QFontMetrics fm(option.font);
    const int line = fm.height() + 6;
    const QLocale locale;
    auto visual = [&](const QRect &r) { return QStyle::visualRect(dir, bounds, r); };

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    // Card outline.
    QPainterPath card;
    card.addRoundedRect(QRectF(bounds).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6);
    painter->setPen(pal.color(QPalette::Mid));
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(card);

    const QRect inner = bounds.adjusted(kPadding, kPadding / 2, -kPadding, -kPadding / 2);
    auto visualInner = [&](const QRect &r) { return QStyle::visualRect(dir, inner, r); };
    // Order badge.
    const QRect badge(inner.left(), inner.top() + 3, line - 6, line - 6);
    painter->setPen(Qt::NoPen);
    painter->setBrush(index.data(TrainingGroupModel::OnlineRole).toBool() ? QColor(0x2e, 0x9d, 0x4f)
                                                                          : QColor(0x8a, 0x8a, 0x8a));
    painter->drawEllipse(visualInner(badge));
    painter->setPen(Qt::white);
    QFont small = option.font;
    small.setPointSizeF(small.pointSizeF() * 0.85);
    small.setBold(true);
    painter->setFont(small);
    painter->drawText(visualInner(badge), Qt::AlignCenter, locale.toString(index.row() + 1));

    QFont bold = option.font;
    bold.setBold(true);
    painter->setFont(bold);
    painter->setPen(text);
    const QRect nameRect(badge.right() + kPadding, inner.top(), inner.width() - badge.width() - kPadding,
                         line);
    painter->drawText(visualInner(nameRect), Qt::AlignLeading | Qt::AlignVCenter,
                      QFontMetrics(bold).elidedText(index.data(Qt::DisplayRole).toString(), Qt::ElideRight,
                                                    nameRect.width()));

    painter->setFont(option.font);
    painter->setPen(dim);
    const double speed = index.data(TrainingGroupModel::SpeedRole).toDouble();
    const QString second = speed > 0 ? tr("%1 · %2 samples/s")
                                           .arg(index.data(TrainingGroupModel::DevicesTextRole).toString(),
                                                locale.toString(speed, 'f', 0))
                                     : tr("%1 · speed not measured yet")
                                           .arg(index.data(TrainingGroupModel::DevicesTextRole).toString());
    const QRect devRect(nameRect.left(), inner.top() + line, nameRect.width(), line);
    painter->drawText(visualInner(devRect), Qt::AlignLeading | Qt::AlignVCenter,
                      fm.elidedText(second, Qt::ElideRight, devRect.width()));

    const double share = index.data(TrainingGroupModel::ShareRole).toDouble();
    const double batch = index.data(TrainingGroupModel::BatchRole).toDouble();
    const QRect barRect(nameRect.left(), inner.top() + 2 * line + 2, nameRect.width(), line - 6);
    if (share >= 0 && batch >= 0) {
        MachineDelegate::paintBar(
            painter, visualInner(barRect), share, QColor(0x4a, 0x86, 0xc8),
            tr("%1 % of the global batch (%2 samples)")
                .arg(locale.toString(100 * share, 'f', 0), locale.toString(batch, 'f', 0)),
            pal, dir);
    } else {
        painter->drawText(visualInner(barRect), Qt::AlignLeading | Qt::AlignVCenter,
                          fm.elidedText(tr("Share of the batch: set by the planner when the run starts"),
                                        Qt::ElideRight, barRect.width()));
    }
    painter->restore();
}
