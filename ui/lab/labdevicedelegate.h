#pragma once

#include <QStyledItemDelegate>

/// Paints LabDevicesModel's State column as a coloured dot and word (the
/// colours of LabFormat) and its Day column as a sparkline of the last 24
/// hours (time runs left to right, as on every plot of the app; minutes with
/// no sample leave gaps). A device held but idle draws its line in the
/// warning colour.
class LabDeviceDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LabDeviceDelegate)

public:
    explicit LabDeviceDelegate(QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    /// `values` (0–100, -1 for none) reduced to `width` columns: the mean of each column's samples, -1 where
    /// a column has none. Public for the tests.
    static QList<double> columns(const QList<int> &values, int width);

private:
    void paintState(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const;
    void paintSparkline(QPainter *painter, const QStyleOptionViewItem &option,
                        const QModelIndex &index) const;
};
