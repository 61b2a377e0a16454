#pragma once

// What the shared-lab tests share: a fixed start time, minutes as
// milliseconds, refusal kinds printed by name in a failed QCOMPARE, and
// small builders for leases, bookings and queue entries.
#include "lease.h"
#include "queueentry.h"
#include "refusal.h"
#include "reservation.h"

#include <QByteArray>
#include <QDateTime>
#include <QFile>
#include <QTest>

namespace LabTest {
/// Monday 2024-03-04 09:00 UTC: a fixed "now" for every test.
inline const qint64 kT0 = QDateTime(QDate(2024, 3, 4), QTime(9, 0), Qt::UTC).toMSecsSinceEpoch();
constexpr qint64 kMinute = 60 * 1000;
constexpr qint64 kHour = 60 * kMinute;
constexpr qint64 kDay = 24 * kHour;

inline qint64 at(qint64 minutes)
{
    return kT0 + minutes * kMinute;
}

/// An active lease since `sinceMin`, expected to end at `endMin` (no value: unknown).
inline Lease activeLease(const QString &user, const QString &runId, QList<int> devices, qint64 sinceMin,
                         std::optional<qint64> endMin)
{
    Lease l;
    l.id = QStringLiteral("lease-") + runId;
    l.runId = runId;
    l.user = user;
    l.devices = devices;
    l.state = Lease::State::Active;
    l.createdMs = at(sinceMin) - 1000;
    l.activeSinceMs = at(sinceMin);
    l.expectedEndMs = endMin ? at(*endMin) : 0;
    return l;
}

inline Reservation booking(const QString &id, const QString &user, QList<int> devices, qint64 fromMin,
                           qint64 toMin)
{
    Reservation r;
    r.id = id;
    r.user = user;
    r.devices = devices;
    r.fromMs = at(fromMin);
    r.toMs = at(toMin);
    return r;
}

/// A queued run: explicit devices, or a count when devices is empty; lengthMin 0: unknown.
inline QueueEntry entry(const QString &runId, const QString &user, QList<int> devices, int count,
                        qint64 lengthMin, qint64 submittedMin = -10)
{
    QueueEntry e;
    e.runId = runId;
    e.user = user;
    e.devices = devices;
    e.count = devices.isEmpty() ? count : 0;
    e.predictedMs = lengthMin * kMinute;
    e.submittedMs = at(submittedMin);
    e.coordinator = true;
    return e;
}

inline QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

inline bool writeAll(const QString &path, const QByteArray &content)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(content) == content.size();
}
} // namespace LabTest

inline char *toString(Refusal::Kind kind)
{
    Refusal r;
    r.kind = kind;
    return qstrdup(r.kindName().toUtf8().constData());
}
