#pragma once

#include "expected.h"
#include "labfile.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>
#include <QStringList>

/// The lab admin's rules, which every agent enforces on its own devices.
/// Stored as lab/policy.json; only an admin session may change it (the agent
/// checks that). Zero means "no limit" or "off" throughout, but for the
/// per-user caps on bookings and queued runs, which always hold.
struct LabPolicy
{
    Q_DECLARE_TR_FUNCTIONS(LabPolicy)

public:
    int maxDevicesPerUser = 0; ///< per machine: each agent counts its own devices
    qint64 maxRunSeconds = 0;  ///< longer predicted runs refused, running ones stopped at the limit
    QStringList mayEndOthers;  ///< users who may end or preempt another user's run (admins always may)
    int idleUtilPercent = 0;   ///< idle reclaim: a lease whose devices all stay below this...
    int idleMinutes = 0;       ///< ...for this long is released (0: off)
    /// A booking stops another user's run on its devices only when it was made at least this long
    /// before (the holder had notice), or when its user may preempt (may_end_others, an admin).
    /// Otherwise it waits this long from when it was made (issue #29, item 2).
    int bookingNoticeMinutes = kDefaultBookingNoticeMinutes;
    /// Per user and machine, so that one user cannot grow an agent's state or its lab view without
    /// bound (issue #29, item 7): bookings not yet over, and runs waiting in the queue. Never zero:
    /// from 1 to kMaxPerUser, so that with names bound one per certificate a machine's bookings and
    /// queue stay within the lab view's frame.
    int maxBookingsPerUser = kDefaultMaxBookingsPerUser;
    int maxQueuedPerUser = kDefaultMaxQueuedPerUser;
    /// Only the lab admin gives user names (`hamgamctl policy bind`, which reaches every connected
    /// machine): a first use binds nothing, and a name someone took by first use before counts no
    /// more. Off, a free name is bound by its first use on each machine (UserBindings; issue #29, item 3).
    bool namesByAdmin = false;
    qint64 updatedMs = 0;
    QString updatedBy;

    /// What the scheduler assumes for a run of unknown length, and for a running
    /// lease without a predicted end: the longest run allowed, or one hour.
    static constexpr qint64 kAssumedRunMs = 3600 * 1000;
    static constexpr int kDefaultBookingNoticeMinutes = 60;
    static constexpr int kMaxBookingNoticeMinutes = 7 * 24 * 60;
    static constexpr int kDefaultMaxBookingsPerUser = 20;
    static constexpr int kDefaultMaxQueuedPerUser = 10;
    static constexpr int kMaxPerUser = 200;
    qint64 assumedRunMs() const { return maxRunSeconds > 0 ? maxRunSeconds * 1000 : kAssumedRunMs; }
    bool idleReclaimOn() const { return idleMinutes > 0 && idleUtilPercent > 0; }
    /// By name only: the agent also needs the name bound by the admin (LabService::mayEndOthers).
    bool mayEnd(const QString &user, bool isAdmin) const { return isAdmin || mayEndOthers.contains(user); }

    /// 1 to 32 of [A-Za-z0-9._-], as the hello's `user`.
    static bool isValidUserName(const QString &user);

    QJsonObject toJson() const;
    /// The fields added after the first controllers: a policy change that leaves one out keeps its
    /// current value (LabService::onPolicySet), where the older fields take their defaults.
    static QStringList laterFields();
    /// Missing fields take their defaults; a wrong type or a figure out of
    /// range is refused with a message naming the field.
    static Expected<LabPolicy> fromJson(const QJsonObject &o);

    /// The policy stored at path, the default one when there is none. A damaged
    /// file is kept aside (LabFile), reported in `report`, and the last rules
    /// saved whole (lastGoodPath) are put back and used; only without them the
    /// defaults. A failure only when it could not be kept aside (then do not
    /// save over it).
    static Expected<LabPolicy> load(const QString &path, qint64 nowMs, LabLoad *report = nullptr);
    /// The copy of the last rules saved whole, beside `path`.
    static QString lastGoodPath(const QString &path);
    Status save(const QString &path) const;

    friend bool operator==(const LabPolicy &, const LabPolicy &) = default;
};
