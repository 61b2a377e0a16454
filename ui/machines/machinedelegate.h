#pragma once

#include <QStyledItemDelegate>
#include <utility>

/// Paints a machine as a card: a status light, its name and address, then one
/// line per device with utilization and memory bars, and under a GPU that
/// processes hold a line saying whose they are ("alice python3 30.1 GB"), as
/// nvitop users expect; the device's tooltip has its readings and every
/// process. Leading/trailing aware, so it mirrors in right-to-left layouts;
/// colours come from the palette.
class MachineDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MachineDelegate)

public:
    explicit MachineDelegate(QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    /// A device's own tooltip over its lines; the machine's elsewhere.
    bool helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option,
                   const QModelIndex &index) override;

    /// Draws a horizontal bar filled to `fraction`, with text centred on it: `shorter` where `text` does
    /// not fit, elided only where neither does.
    static void paintBar(QPainter *painter, const QRect &rect, double fraction, const QColor &fill,
                         const QString &text, const QPalette &palette, Qt::LayoutDirection direction,
                         const QString &shorter = {});
    /// "8.0 GB / 23.5 GB", and for a narrow bar "8.0/23.5 GB": the total is never dropped.
    static std::pair<QString, QString> memoryTexts(qint64 used, qint64 total, const QLocale &locale);
    static QColor utilizationColor(double percent);
    /// The device line under `pos` (index into the DevicesRole list), or -1 for the machine itself.
    static int deviceAt(const QStyleOptionViewItem &option, const QModelIndex &index, const QPoint &pos);
};
