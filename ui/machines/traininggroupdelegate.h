#pragma once

#include <QStyledItemDelegate>

/// A card for each machine of the training group: its order (1 hosts the
/// rendezvous), name, the devices taken, the measured speed, and its share of
/// the global batch as a bar that follows the plan.
class TrainingGroupDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TrainingGroupDelegate)

public:
    explicit TrainingGroupDelegate(QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
};
