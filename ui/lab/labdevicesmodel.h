#pragma once

#include "labsnapshot.h"

#include <QAbstractTableModel>
#include <QJsonObject>
#include <utility>

/// Every device of every machine of the shared lab, one row each, from a
/// LabSnapshot: its state, who holds it for which run since and until when,
/// its utilization now, over the last day (a sparkline, painted by
/// LabDeviceDelegate) and over the week, and the next booking. A device held
/// by a run but idle is flagged (IdleHeldRole, a warning icon and a tooltip):
/// that is the GPU a lab wants to see at once.
class LabDevicesModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LabDevicesModel)

public:
    enum Column
    {
        Machine,
        Device,
        State,
        User,
        Run,
        Since,
        Until,
        UtilNow,
        Day,
        WeekMean,
        NextBooking,
        ColumnCount
    };
    enum Role
    {
        StateRole = Qt::UserRole + 1, ///< LabDevice::State as int
        IdleHeldRole,                 ///< bool: held by a run, yet idle
        SeriesRole,                   ///< QList<int>: the last 24 hours, one value a minute, -1 where none
        SeriesStartRole,              ///< qint64: the time of SeriesRole's first value (ms, this clock)
        SeriesStepRole,               ///< qint64: the time between two of its values (ms)
        UserNameRole,                 ///< the holder's (or booking's) user, as the agent wrote it
        NodeIdRole,
        DeviceIndexRole,
        RunIdRole,
        SortRole, ///< a value that sorts as the column reads
    };

    /// Below this utilization for this long (unless the rules say otherwise) a held device counts as idle.
    static constexpr int kIdlePercent = 5;
    static constexpr int kIdleMinutes = 15;

    explicit LabDevicesModel(QObject *parent = nullptr);

    /// The devices of `snapshot`, as seen at `nowMs` (this computer's clock).
    void setSnapshot(const LabSnapshot &snapshot, qint64 nowMs);
    const LabDevice &device(int row) const { return m_devices.at(row); }
    /// Words again in the interface language (after a language change).
    void retranslate();

    /// Held by a running lease that has had time to start, and below the idle threshold now and for the
    /// last minutes of its day series. `policy`: the machine's rules (idle_util_percent, idle_minutes).
    static bool isIdleHeld(const LabDevice &device, const QJsonObject &policy, qint64 nowMs);
    /// The threshold and the minutes isIdleHeld uses under `policy`.
    static std::pair<int, int> idleRule(const QJsonObject &policy);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant display(const LabDevice &d, int column) const;
    QVariant toolTip(const LabDevice &d, int row, int column) const;
    QVariant sortValue(const LabDevice &d, int column) const;
    QString dayToolTip(const LabSeries &day) const;
    /// Who the row is about: the holder, or the booking's user while booked.
    static QString userOf(const LabDevice &d);

    QList<LabDevice> m_devices;
    QList<bool> m_idle;
    QList<std::pair<int, int>> m_idleRule; ///< per row: percent, minutes
    qint64 m_nowMs = 0;
};
