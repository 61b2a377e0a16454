#pragma once

#include "expected.h"
#include "labfile.h"
#include "lease.h"
#include "refusal.h"

#include <optional>
#include <QCoreApplication>
#include <QList>
#include <QString>

class LabClock;
struct LabPolicy;
class ReservationBook;

/// Who holds which device of this node (lab/leases.json). The agent is the
/// authority over its devices: a lease is granted for all the devices asked
/// or for none, and every change is on disk before the call returns, so an
/// agent restart keeps every hold and a crash never grants a device twice.
class LeaseBook
{
    Q_DECLARE_TR_FUNCTIONS(LeaseBook)

public:
    static constexpr qint64 kDefaultTtlMs = 20 * 1000;
    /// How far ahead a booking blocks a run of unknown length when there is no
    /// longest-run policy.
    static constexpr qint64 kUnknownRunHorizonMs = 24LL * 3600 * 1000;

    struct AcquireRequest
    {
        QString runId;
        QString user;
        QString controller;
        QList<int> devices;    ///< explicit devices, or empty and...
        int count = 0;         ///< ...any `count` free ones (the lowest free indices)
        qint64 expectedMs = 0; ///< predicted duration; 0 unknown
        qint64 ttlMs = kDefaultTtlMs;
        int deviceCount = 0; ///< devices on this node
        bool queued = false; ///< started from the queue
    };

    /// The lease, or why not (refusal), or why it could not be saved (error:
    /// nothing is held then).
    struct AcquireResult
    {
        std::optional<Lease> lease;
        std::optional<Refusal> refusal;
        QString error;
        bool existing = false; ///< the run already held this lease (a repeated request)
        bool ok() const { return lease.has_value(); }
    };

    LeaseBook(QString path, const LabClock &clock);

    /// Reads the file (a missing one is an empty book). See LabLoad for a
    /// damaged file; a failure means it could not even be kept aside, and the
    /// book then refuses to save over it (and so grants nothing).
    Expected<LabLoad> load();

    /// All the devices or none. Checked in this order: devices on the node
    /// (NoSuchDevice), the policy's longest run and devices per user (Policy),
    /// devices held by other leases (Held), devices reserved by another user
    /// for the run's window (Reserved). A run that already holds a lease gets
    /// it back (a pending one's expiry refreshed), unless it asks for other
    /// devices (Busy). Pending leases past their expiry are dropped first.
    AcquireResult acquire(const AcquireRequest &request, const ReservationBook &reservations,
                          const LabPolicy &policy);
    /// Why acquire would refuse these explicit devices now, taking nothing: Check (pre-flight) says
    /// a held or booked device, or a rule, refuses the start before the user presses Start
    /// (issue #29, item 12). nullopt: it would be granted as far as the book knows.
    std::optional<Refusal> wouldRefuse(const AcquireRequest &request, const ReservationBook &reservations,
                                       const LabPolicy &policy) const;
    /// Pending -> active (the workers start); expectedEndMs 0: unknown. An
    /// active lease is returned as it is (its expected end updated if given).
    Expected<Lease> confirm(const QString &leaseId, qint64 expectedEndMs);
    /// Ends a lease; returns it (for the usage ledger).
    Expected<Lease> release(const QString &leaseId);
    Expected<Lease> releaseRun(const QString &runId);
    /// Drops pending leases past their expiry and returns them.
    Expected<QList<Lease>> expire();

    /// The lease holding device, if any.
    std::optional<Lease> holderOf(int device) const;
    /// Every lease, by creation then id.
    QList<Lease> leases() const { return m_leases; }
    std::optional<Lease> lease(const QString &leaseId) const;
    std::optional<Lease> leaseOfRun(const QString &runId) const;
    /// The devices user holds here (pending and active), sorted.
    QList<int> devicesHeldBy(const QString &user) const;

    /// The window [now, end) a run of expectedMs (0 unknown) is checked against bookings for.
    static qint64 windowEnd(qint64 nowMs, qint64 expectedMs, const LabPolicy &policy);

    QString path() const { return m_path; }

private:
    Status save();
    qsizetype indexOf(const QString &leaseId) const;
    /// Removes expired pending leases from memory and returns them (not saved).
    QList<Lease> dropExpired();
    /// The rules' refusal of `wanted` devices for the request (the longest run, devices per user).
    std::optional<Refusal> ruleRefusal(const AcquireRequest &request, qint64 wanted,
                                       const LabPolicy &policy) const;
    std::optional<Refusal> refusalFor(const QList<int> &devices, const QString &user, qint64 windowEnd,
                                      const ReservationBook &reservations) const;
    /// Another user's booking of `device` over [now, windowEnd), as the refusal it makes.
    std::optional<Refusal> reservedFor(int device, const QString &user, qint64 windowEnd,
                                       const ReservationBook &reservations) const;
    std::optional<Refusal> blockerOf(int device, const QString &user, qint64 windowEnd,
                                     const ReservationBook &reservations) const;

    QString m_path;
    const LabClock &m_clock;
    QList<Lease> m_leases;
    QString m_blocked; ///< why saving is refused (a damaged file that could not be kept aside)
};
