#pragma once

#include "labpolicy.h"
#include "lease.h"
#include "queueentry.h"
#include "refusal.h"
#include "reservation.h"

#include <optional>
#include <QList>
#include <QMap>
#include <QString>

/// Decides when each queued run of this node starts, and on which devices.
/// Pure and deterministic: the same input gives the same answer, with no
/// clock read and no I/O, so it is tested as tables and re-run whenever
/// anything changes (a lease ends, a run is submitted, time passes).
///
/// Order (fair share): fewer recent GPU-seconds first, then earlier
/// submission, then run id. Conservative backfilling: each entry in that order
/// is placed at the earliest time all its devices are free for its predicted
/// length, given the running leases, other users' reservations and the entries
/// placed before it; so a later entry starts early only when it ends before
/// anything earlier in the order (or a reservation) needs its devices.
class QueueScheduler
{
public:
    struct Input
    {
        qint64 nowMs = 0;
        int deviceCount = 0;
        QList<Lease> leases; ///< pending (not expired) and active
        QList<Reservation> reservations;
        QList<QueueEntry> entries;           ///< the entries this agent coordinates
        QMap<QString, double> recentSeconds; ///< GPU-seconds per user (UsageLedger::recentSecondsByUser)
        LabPolicy policy;
        /// Entries whose last attempt failed (a node across the network refused): not before this time,
        /// and placed after every other entry, so a run that cannot start keeps no device idle for the
        /// runs behind it (issue #29, item 8). Their positions stay as the order gives them.
        QMap<QString, qint64> retryAfterMs;
    };

    struct Placement
    {
        QString runId;
        QString user;
        int position = 0;       ///< 1-based, in fair-share order
        bool placeable = true;  ///< false: it can never start here as asked (why says which rule)
        bool startsNow = false; ///< its leases can be granted now
        qint64 startMs = 0;     ///< estimated start (nowMs when startsNow); 0 when not placeable
        qint64 endMs = 0;       ///< estimated end: start + the length assumed
        QList<int> devices;     ///< the devices it would use
        /// Why it waits (Held, Reserved, Behind, or Policy "max_devices"), or why
        /// it can never start (NoSuchDevice, Policy "max_devices"/"max_run").
        std::optional<Refusal> why;

        friend bool operator==(const Placement &, const Placement &) = default;
    };

    /// One placement per entry, by position.
    static QList<Placement> schedule(const Input &input);

    /// The entries in fair-share order.
    static QList<QueueEntry> order(QList<QueueEntry> entries, const QMap<QString, double> &recentSeconds);
    /// How long an entry is assumed to run: its prediction, or the policy's assumption.
    static qint64 lengthOf(const QueueEntry &entry, const LabPolicy &policy);
    /// When a lease's devices are assumed free again: its expected end while that
    /// is ahead; otherwise (unknown, or running late) the policy's longest run
    /// from its start (at least a minute ahead), or an hour from now without one.
    /// Re-evaluated on every call, so an estimate moves as time passes.
    static qint64 leaseEnd(const Lease &lease, qint64 nowMs, const LabPolicy &policy);

    static constexpr qint64 kLateGraceMs = 60 * 1000;
};
