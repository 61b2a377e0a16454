#include "machinesview.h"

#include "machinedelegate.h"
#include "machinesmodel.h"

#include <QCborArray>
#include <QCborMap>
#include <QCborValue>
#include <QDrag>
#include <QMimeData>
#include <QMouseEvent>
#include <QPainter>

MachinesView::MachinesView(QWidget *parent)
    : QListView(parent)
{
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setDragEnabled(true);
    setDragDropMode(QAbstractItemView::DragOnly);
    setDefaultDropAction(Qt::CopyAction);
    setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setResizeMode(QListView::Adjust); // cards follow the view's width
}

void MachinesView::mousePressEvent(QMouseEvent *event)
{
    m_pressPos = event->position().toPoint();
    QListView::mousePressEvent(event);
}

QMimeData *MachinesView::dragData(const QPoint &pos) const
{
    const QModelIndex at = indexAt(pos);
    if (!at.isValid())
        return nullptr;
    QStyleOptionViewItem option;
    initViewItemOption(&option);
    option.rect = visualRect(at);
    const int device = MachineDelegate::deviceAt(option, at, pos);
    if (device < 0) {
        QModelIndexList rows = selectionModel()->selectedIndexes();
        if (!rows.contains(at))
            rows = {at};
        return model()->mimeData(rows);
    }
    QCborMap item;
    item[QStringLiteral("node")] = at.data(MachinesModel::KeyRole).toString();
    item[QStringLiteral("device")] = device;
    auto *mime = new QMimeData;
    mime->setData(QString::fromLatin1(MachinesModel::kMimeType), QCborArray{item}.toCborValue().toCbor());
    return mime;
}

QPixmap MachinesView::dragPixmap(const QPoint &pos) const
{
    const QRect card = visualRect(indexAt(pos));
    if (card.isEmpty())
        return {};
    // In device pixels, so the card is not blurred on a high-DPI screen.
    const qreal ratio = devicePixelRatioF();
    QPixmap pixmap(card.size() * ratio);
    pixmap.setDevicePixelRatio(ratio);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setOpacity(0.85);
    viewport()->render(&painter, QPoint(), QRegion(card));
    return pixmap;
}

void MachinesView::startDrag(Qt::DropActions)
{
    QMimeData *mime = dragData(m_pressPos);
    if (!mime)
        return;
    auto *drag = new QDrag(this);
    drag->setMimeData(mime);
    drag->setPixmap(dragPixmap(m_pressPos));
    drag->setHotSpot(m_pressPos - visualRect(indexAt(m_pressPos)).topLeft());
    drag->exec(Qt::CopyAction, Qt::CopyAction);
}
