#pragma once

#include <QListView>

/// The Machines list. A drag that starts on one of a machine's device lines
/// carries only that device; anywhere else on a card it carries the whole
/// machine (or every selected machine).
class MachinesView final : public QListView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MachinesView)

public:
    explicit MachinesView(QWidget *parent = nullptr);

    /// The MIME data a drag from `pos` would carry (also used by tests).
    QMimeData *dragData(const QPoint &pos) const;
    /// The card under `pos` as a drag shows it, sharp at the screen's device
    /// pixel ratio (also used by tests).
    QPixmap dragPixmap(const QPoint &pos) const;

protected:
    void mousePressEvent(QMouseEvent *event) override;
    void startDrag(Qt::DropActions supportedActions) override;

private:
    QPoint m_pressPos;
};
