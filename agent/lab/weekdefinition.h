#pragma once

#include <optional>
#include <QtGlobal>

/// Where a week begins for whoever reads the lab's usage (issue #29, item 14:
/// usage counted Monday 00:00 UTC weeks while the calendar began them on
/// Saturday in Persian): a first day (1 Monday ... 7 Sunday, as Qt::DayOfWeek)
/// at 00:00 of a time zone `utcOffsetMinutes` from UTC. The default is the ISO
/// week in UTC.
struct WeekDefinition
{
    int firstDay = 1;
    int utcOffsetMinutes = 0;

    /// 00:00 of the first day of the week holding ms, as UTC milliseconds.
    qint64 start(qint64 ms) const;
    /// firstDay 1 to 7, the offset within ±14 h; otherwise nullopt.
    static std::optional<WeekDefinition> of(qint64 firstDay, qint64 utcOffsetMinutes);
};
