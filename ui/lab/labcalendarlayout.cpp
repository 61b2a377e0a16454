#include "labcalendarlayout.h"

#include <algorithm>
#include <QDateTime>
#include <QTime>
#include <tuple>

QDate LabCalendarLayout::weekStart(QDate date, const QLocale &locale)
{
    const int first = int(locale.firstDayOfWeek());
    const int back = (date.dayOfWeek() - first + 7) % 7;
    return date.addDays(-back);
}

qint64 LabCalendarLayout::dayStartMs(QDate weekStart, int day)
{
    return QDateTime(weekStart.addDays(day), QTime(0, 0)).toMSecsSinceEpoch();
}

QList<LabCalendarBlock> LabCalendarLayout::layout(const QList<LabBooking> &bookings, QDate weekStart)
{
    QList<LabCalendarBlock> blocks;
    for (int day = 0; day < 7; ++day) {
        const qint64 dayStart = dayStartMs(weekStart, day);
        const qint64 dayEnd = dayStartMs(weekStart, day + 1); // 23 or 25 hours on a clock change
        QList<LabCalendarBlock> today;
        for (qsizetype i = 0; i < bookings.size(); ++i) {
            const LabBooking &b = bookings[i];
            if (b.toMs <= dayStart || b.fromMs >= dayEnd || b.toMs <= b.fromMs)
                continue;
            LabCalendarBlock block;
            block.day = day;
            block.booking = int(i);
            block.continuesBefore = b.fromMs < dayStart;
            block.continuesAfter = b.toMs > dayEnd;
            const qint64 from = qMax(b.fromMs, dayStart);
            const qint64 to = qMin(b.toMs, dayEnd);
            block.startMinute = int(qBound(qint64(0), (from - dayStart) / 60000, qint64(kMinutesPerDay)));
            block.endMinute = int(qBound(qint64(0), (to - dayStart + 59999) / 60000, qint64(kMinutesPerDay)));
            if (block.endMinute <= block.startMinute) // under a minute: still a visible sliver
                block.endMinute = qMin(kMinutesPerDay, block.startMinute + 1);
            today.append(block);
        }
        std::stable_sort(
            today.begin(), today.end(), [](const LabCalendarBlock &a, const LabCalendarBlock &b) {
                return std::tie(a.startMinute, b.endMinute) < std::tie(b.startMinute, a.endMinute);
            });
        // Lanes: each block takes the first lane free at its start; blocks that overlap one another, directly
        // or through others, share a lane count, so they sit side by side at the same widths.
        qsizetype clusterBegin = 0;
        int clusterEnd = -1;
        QList<int> laneEnds;
        auto closeCluster = [&](qsizetype end) {
            for (qsizetype k = clusterBegin; k < end; ++k)
                today[k].lanes = int(laneEnds.size());
        };
        for (qsizetype k = 0; k < today.size(); ++k) {
            LabCalendarBlock &block = today[k];
            if (block.startMinute >= clusterEnd) {
                closeCluster(k);
                clusterBegin = k;
                laneEnds.clear();
            }
            int lane = 0;
            while (lane < laneEnds.size() && laneEnds[lane] > block.startMinute)
                ++lane;
            if (lane == laneEnds.size())
                laneEnds.append(block.endMinute);
            else
                laneEnds[lane] = block.endMinute;
            block.lane = lane;
            clusterEnd = qMax(clusterEnd, block.endMinute);
        }
        closeCluster(today.size());
        blocks += today;
    }
    return blocks;
}
