#include "traininggroupview.h"

#include <QCursor>
#include <QDrag>
#include <QKeyEvent>
#include <QPainter>

TrainingGroupView::TrainingGroupView(QWidget *parent)
    : QListView(parent)
{
    setDragEnabled(true);
    setAcceptDrops(true);
    setDropIndicatorShown(true);
    setDragDropMode(QAbstractItemView::DragDrop);
    setDefaultDropAction(Qt::MoveAction);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setResizeMode(QListView::Adjust); // cards follow the view's width
    setSpacing(2);
}

void TrainingGroupView::removeSelected()
{
    QList<int> rows;
    for (const QModelIndex &i : selectionModel()->selectedIndexes())
        rows.append(i.row());
    std::sort(rows.begin(), rows.end(), std::greater<int>());
    for (int r : rows)
        model()->removeRow(r);
}

void TrainingGroupView::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Delete || event->key() == Qt::Key_Backspace) {
        removeSelected();
        return;
    }
    QListView::keyPressEvent(event);
}

void TrainingGroupView::startDrag(Qt::DropActions supportedActions)
{
    const QModelIndexList indexes = selectionModel()->selectedIndexes();
    if (indexes.isEmpty())
        return;
    auto *drag = new QDrag(this);
    drag->setMimeData(model()->mimeData(indexes));
    drag->exec(supportedActions, Qt::MoveAction);
    // Dropped anywhere outside the group: take the machines out of it.
    if (!viewport()->rect().contains(viewport()->mapFromGlobal(QCursor::pos())))
        removeSelected();
}

void TrainingGroupView::paintEvent(QPaintEvent *event)
{
    QListView::paintEvent(event);
    if (model() && model()->rowCount() > 0)
        return;
    QPainter painter(viewport());
    painter.setPen(palette().color(QPalette::PlaceholderText));
    painter.drawText(
        viewport()->rect().adjusted(16, 16, -16, -16), Qt::AlignCenter | Qt::TextWordWrap,
        tr("Drag machines here from the Machines list, or a single device from a machine's card. "
           "The first machine hosts the workers' rendezvous."));
}
