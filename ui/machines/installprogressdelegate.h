#pragma once

#include <QStyledItemDelegate>

/// Paints InstallJobsModel's Progress column as the style's progress bar
/// (ProgressRole), mirrored in right-to-left layouts like the rest of the row.
class InstallProgressDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InstallProgressDelegate)

public:
    explicit InstallProgressDelegate(QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
};
