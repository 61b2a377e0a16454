#pragma once

#include "lease.h"
#include "queuescheduler.h"
#include "reservation.h"
#include "usageledger.h"

#include <QCborMap>
#include <QList>

class LabService;
class ReservationBook;
class UtilizationHistory;
struct TelemetrySnapshot;

/// The bodies of the lab's replies, as docs/protocol.md ("The shared lab")
/// lists them: built from the books, times in this agent's clock (the reply's
/// `now` lets a controller put them on its own). Pure functions of what they
/// are given.
namespace LabReplies {
QCborMap reservation(const Reservation &r);
QCborMap lease(const Lease &l);
/// queue_list: {entries: [...]} by position.
QCborMap queue(const LabService &lab, const QList<QueueScheduler::Placement> &placements, qint64 nowMs);
/// lab_state: every device with its state, holder, booking and (with `series`) its utilization over
/// the last day and week; the bookings, the queue and the rules.
QCborMap state(const LabService &lab, const TelemetrySnapshot &telemetry, const ReservationBook &reservations,
               const UtilizationHistory &history, const QList<QueueScheduler::Placement> &placements,
               qint64 nowMs, bool series);
/// What fitted() left out of a reply.
struct Trimmed
{
    int bookings = 0;
    int entries = 0; ///< queued runs, from the last place
    bool series = false;
    bool any() const { return bookings > 0 || entries > 0 || series; }
};
/// `body` (a lab_state) within `budget` bytes of CBOR (issue #29, item 7): past the frame limit the
/// reply never arrives and the machine vanishes from every lab view. Past bookings go first (oldest
/// first), then the farthest future ones, then the queue's last places, then the utilization series.
Trimmed fit(QCborMap &body, qsizetype budget, qint64 nowMs);
/// usage: {weeks: [{user, week_start, gpu_hours}], recent: [{user, gpu_hours}]}.
/// Weeks as the asker's locale and time zone begin them (`week`).
QCborMap usage(const UsageLedger &ledger, const QList<Lease> &leases, qint64 nowMs, int weeks,
               const UsageLedger::WeekDefinition &week = {});
} // namespace LabReplies
