#pragma once

#include <QListView>

/// The training group's list: accepts machines and devices dropped from the
/// Machines list, reorders by drag, and removes with Delete or by dragging a
/// card out of the list. Shows a hint while empty.
class TrainingGroupView final : public QListView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TrainingGroupView)

public:
    explicit TrainingGroupView(QWidget *parent = nullptr);

    void removeSelected();

protected:
    void keyPressEvent(QKeyEvent *event) override;
    void startDrag(Qt::DropActions supportedActions) override;
    void paintEvent(QPaintEvent *event) override;
};
