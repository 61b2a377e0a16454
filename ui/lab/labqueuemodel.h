#pragma once

#include "labsnapshot.h"

#include <QAbstractTableModel>

/// The lab's queue, each queued run once in the order it will start
/// (LabSnapshot::queue()): position, run, user, machines, devices, estimated
/// start and what it waits for, the reason translated when shown. Runs of
/// this controller's user are marked (OwnRole): only those may be cancelled
/// from here.
class LabQueueModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LabQueueModel)

public:
    enum Column
    {
        Position,
        Run,
        User,
        Machines,
        Devices,
        EstimatedStart,
        WaitsFor,
        ColumnCount
    };
    enum Role
    {
        RunIdRole = Qt::UserRole + 1,
        UserNameRole,
        OwnRole, ///< bool: a run of this controller's user
    };

    explicit LabQueueModel(QObject *parent = nullptr);

    /// The queue of `snapshot` as `me` sees it, at `nowMs`.
    void setSnapshot(const LabSnapshot &snapshot, const QString &me, qint64 nowMs);
    const LabQueueEntry &entry(int row) const { return m_entries.at(row); }
    void retranslate();

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant display(const LabQueueEntry &e, int row, int column) const;

    QList<LabQueueEntry> m_entries;
    QString m_me;
    qint64 m_nowMs = 0;
};
