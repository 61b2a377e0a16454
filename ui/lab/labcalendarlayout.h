#pragma once

#include "labsnapshot.h"

#include <QDate>
#include <QList>
#include <QLocale>

/// Where a booking shows in a week calendar: its day (0 = the week's first
/// day), its minutes within that day, and its lane when bookings overlap on
/// the same day. A booking over midnight is cut into one block a day.
struct LabCalendarBlock
{
    int day = 0;
    int startMinute = 0; ///< 0–1440, on this computer's clock
    int endMinute = 0;
    int lane = 0;
    int lanes = 1;
    int booking = 0;              ///< index into the bookings laid out
    bool continuesBefore = false; ///< began on an earlier day
    bool continuesAfter = false;  ///< goes on into the next day
};

/// Lays bookings out into a week's days and hours (local time of this
/// computer, which LabSnapshot's times are already on). Pure, so the tests
/// check it without painting.
class LabCalendarLayout final
{
public:
    static constexpr int kMinutesPerDay = 24 * 60;

    /// The first day of the week that holds `date`, as `locale` counts weeks (Saturday in Persian).
    static QDate weekStart(QDate date, const QLocale &locale = QLocale());
    /// The blocks of `bookings` that fall in the 7 days from `weekStart`, by day, then start, then lane.
    static QList<LabCalendarBlock> layout(const QList<LabBooking> &bookings, QDate weekStart);
    /// The start of `day` of the week, in ms since the epoch (local midnight).
    static qint64 dayStartMs(QDate weekStart, int day);
};
