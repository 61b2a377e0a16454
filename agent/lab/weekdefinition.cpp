#include "weekdefinition.h"

namespace {
constexpr qint64 kDayMs = 24LL * 3600 * 1000;
} // namespace

qint64 WeekDefinition::start(qint64 ms) const
{
    const qint64 offset = qint64(utcOffsetMinutes) * 60 * 1000;
    const qint64 local = ms + offset;
    const qint64 days = local >= 0 ? local / kDayMs : -((-local + kDayMs - 1) / kDayMs);
    // 1970-01-01 was a Thursday (day 4): the days since the week's first day.
    const qint64 sinceFirst = ((days + 4 - firstDay) % 7 + 7) % 7;
    return (days - sinceFirst) * kDayMs - offset;
}

std::optional<WeekDefinition> WeekDefinition::of(qint64 firstDay, qint64 utcOffsetMinutes)
{
    if (firstDay < 1 || firstDay > 7 || utcOffsetMinutes < -14 * 60 || utcOffsetMinutes > 14 * 60)
        return std::nullopt;
    return WeekDefinition{int(firstDay), int(utcOffsetMinutes)};
}
