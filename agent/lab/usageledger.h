#pragma once

#include "expected.h"
#include "labfile.h"
#include "lease.h"
#include "weekdefinition.h"

#include <QList>
#include <QMap>
#include <QPair>
#include <QString>

class LabClock;

/// GPU-seconds per user on this node (lab/usage.json): what fair share orders
/// the queue by, and what the lab view's weekly usage shows. Closed leases are
/// kept as intervals (device count x active time) for 12 weeks, then folded
/// into per-user buckets of ISO weeks (Monday 00:00 UTC); running leases are
/// passed in and count up to now.
class UsageLedger
{
public:
    static constexpr qint64 kDayMs = 24LL * 3600 * 1000;
    static constexpr qint64 kWeekMs = 7 * kDayMs;
    static constexpr qint64 kKeepIntervalsMs = 12 * kWeekMs;

    struct Interval
    {
        QString user;
        int devices = 0;
        qint64 fromMs = 0;
        qint64 toMs = 0;
        friend bool operator==(const Interval &, const Interval &) = default;
    };
    /// Where the asker's weeks begin (weekdefinition.h).
    using WeekDefinition = ::WeekDefinition;
    struct WeekRow
    {
        QString user;
        qint64 weekStartMs = 0;
        double gpuSeconds = 0;
        friend bool operator==(const WeekRow &, const WeekRow &) = default;
    };

    UsageLedger(QString path, const LabClock &clock);

    /// Reads the file (a missing one is an empty ledger); see LabLoad.
    Expected<LabLoad> load();

    /// A released lease: its devices x [activeSince, endMs). A lease that never
    /// became active used nothing.
    Status recordClosed(const Lease &lease, qint64 endMs);
    /// devices x [fromMs, toMs) for user; nothing when the interval is empty.
    Status record(const QString &user, int devices, qint64 fromMs, qint64 toMs);

    /// user's GPU-seconds in [nowMs - windowMs, nowMs): closed intervals clipped
    /// to the window, plus the active leases in running up to now.
    double recentSeconds(const QString &user, qint64 nowMs, const QList<Lease> &running = {},
                         qint64 windowMs = kWeekMs) const;
    /// The same for every user with usage in the window (the scheduler's input).
    QMap<QString, double> recentSecondsByUser(qint64 nowMs, const QList<Lease> &running = {},
                                              qint64 windowMs = kWeekMs) const;
    /// The last n weeks (as `week` defines them) up to the one holding nowMs: one row per user and
    /// week with usage, by week then user. Usage older than 12 weeks is kept by ISO week only and
    /// counts in the week that holds that ISO week's middle.
    QList<WeekRow> weeks(qint64 nowMs, int n, const QList<Lease> &running = {},
                         const WeekDefinition &week = {}) const;

    /// Monday 00:00 UTC of the week holding ms.
    static qint64 weekStart(qint64 ms);

    QList<Interval> intervals() const { return m_intervals; }
    QString path() const { return m_path; }

private:
    Status save();
    void fold();
    /// Adds devices x ([from, to) within each week) to buckets.
    static void addByWeek(QMap<QPair<QString, qint64>, qint64> &buckets, const QString &user, int devices,
                          qint64 from, qint64 to, const WeekDefinition &week = {});

    QString m_path;
    const LabClock &m_clock;
    QList<Interval> m_intervals;
    QMap<QPair<QString, qint64>, qint64> m_folded; ///< (user, week start) -> device-milliseconds
    QString m_blocked;
};
