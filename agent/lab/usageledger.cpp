#include "usageledger.h"

#include "jsonnumber.h"
#include "labclock.h"

#include <algorithm>
#include <QJsonArray>

namespace {
constexpr int kFileVersion = 1;

// [from, to) clipped to [low, high), in milliseconds.
qint64 clipped(qint64 from, qint64 to, qint64 low, qint64 high)
{
    return std::max<qint64>(0, std::min(to, high) - std::max(from, low));
}
} // namespace

UsageLedger::UsageLedger(QString path, const LabClock &clock)
    : m_path(std::move(path))
    , m_clock(clock)
{}

qint64 UsageLedger::weekStart(qint64 ms)
{
    // 1970-01-01 was a Thursday: three days after a Monday.
    const qint64 days = ms >= 0 ? ms / kDayMs : -((-ms + kDayMs - 1) / kDayMs);
    const qint64 sinceMonday = ((days + 3) % 7 + 7) % 7;
    return (days - sinceMonday) * kDayMs;
}

Expected<LabLoad> UsageLedger::load()
{
    m_intervals.clear();
    m_folded.clear();
    m_blocked.clear();
    bool partly = false;
    auto report = LabFile::loadEntries(
        m_path, kFileVersion, {QStringLiteral("intervals"), QStringLiteral("weeks")}, m_clock.nowMs(),
        [this](const QString &key, const QJsonObject &o) {
            const QString user = o.value(QStringLiteral("user")).toString();
            if (user.isEmpty())
                return false;
            if (key == QLatin1String("weeks")) {
                const qint64 week = jsonInt64(o.value(QStringLiteral("week_start_ms")), -1);
                const qint64 ms = jsonInt64(o.value(QStringLiteral("device_ms")), -1);
                if (week < 0 || week != weekStart(week) || ms < 0)
                    return false;
                m_folded[{user, week}] += ms;
                return true;
            }
            Interval i;
            i.user = user;
            const qint64 devices = jsonInt64(o.value(QStringLiteral("devices")), 0);
            i.fromMs = jsonInt64(o.value(QStringLiteral("from_ms")), -1);
            i.toMs = jsonInt64(o.value(QStringLiteral("to_ms")), -1);
            if (devices <= 0 || devices > 1024 || i.fromMs < 0 || i.toMs <= i.fromMs)
                return false;
            i.devices = int(devices);
            m_intervals.append(i);
            return true;
        },
        &partly);
    if (!report) {
        m_blocked = report.error();
        return report;
    }
    if (partly) {
        if (const Status saved = save(); !saved)
            report->problems.append(saved.error());
    }
    return report;
}

Status UsageLedger::recordClosed(const Lease &lease, qint64 endMs)
{
    // A pending lease keeps its devices from everyone too: its time counts, up to its expiry (issue #29,
    // item 5). An active one counts from its start (its pending time was its own lease's, confirmed).
    if (!lease.isActive())
        return record(lease.user, int(lease.devices.size()), lease.createdMs, qMin(endMs, lease.expiresMs));
    return record(lease.user, int(lease.devices.size()), lease.activeSinceMs, endMs);
}

Status UsageLedger::record(const QString &user, int devices, qint64 fromMs, qint64 toMs)
{
    if (user.isEmpty() || devices <= 0 || toMs <= fromMs)
        return {};
    const QList<Interval> intervals = m_intervals;
    const auto folded = m_folded;
    m_intervals.append(Interval{user, devices, fromMs, toMs});
    if (const Status saved = save(); !saved) {
        m_intervals = intervals;
        m_folded = folded;
        return saved;
    }
    return {};
}

double UsageLedger::recentSeconds(const QString &user, qint64 nowMs, const QList<Lease> &running,
                                  qint64 windowMs) const
{
    return recentSecondsByUser(nowMs, running, windowMs).value(user, 0.0);
}

QMap<QString, double> UsageLedger::recentSecondsByUser(qint64 nowMs, const QList<Lease> &running,
                                                       qint64 windowMs) const
{
    const qint64 low = nowMs - windowMs;
    QMap<QString, qint64> deviceMs;
    for (const Interval &i : m_intervals) {
        if (const qint64 ms = clipped(i.fromMs, i.toMs, low, nowMs))
            deviceMs[i.user] += ms * i.devices;
    }
    for (const Lease &l : running) {
        const qint64 from = l.isActive() ? l.activeSinceMs : l.createdMs;
        const qint64 to = l.isActive() ? nowMs : qMin(nowMs, l.expiresMs);
        if (const qint64 ms = clipped(from, to, low, nowMs))
            deviceMs[l.user] += ms * l.devices.size();
    }
    QMap<QString, double> seconds;
    for (auto it = deviceMs.cbegin(); it != deviceMs.cend(); ++it)
        seconds.insert(it.key(), double(it.value()) / 1000.0);
    return seconds;
}

QList<UsageLedger::WeekRow> UsageLedger::weeks(qint64 nowMs, int n, const QList<Lease> &running,
                                               const WeekDefinition &week) const
{
    if (n <= 0)
        return {};
    const qint64 last = week.start(nowMs);
    const qint64 first = last - (n - 1) * kWeekMs;
    QMap<QPair<QString, qint64>, qint64> buckets;
    for (auto it = m_folded.cbegin(); it != m_folded.cend(); ++it) {
        const qint64 into = week.start(it.key().second + kWeekMs / 2);
        if (into >= first && into <= last)
            buckets[{it.key().first, into}] += it.value();
    }
    for (const Interval &i : m_intervals)
        addByWeek(buckets, i.user, i.devices, std::max(i.fromMs, first), std::min(i.toMs, last + kWeekMs),
                  week);
    for (const Lease &l : running) {
        if (l.isActive())
            addByWeek(buckets, l.user, int(l.devices.size()), std::max(l.activeSinceMs, first), nowMs, week);
    }
    QList<WeekRow> rows;
    for (auto it = buckets.cbegin(); it != buckets.cend(); ++it) {
        if (it.value() > 0)
            rows.append(WeekRow{it.key().first, it.key().second, double(it.value()) / 1000.0});
    }
    std::sort(rows.begin(), rows.end(), [](const WeekRow &a, const WeekRow &b) {
        return a.weekStartMs != b.weekStartMs ? a.weekStartMs < b.weekStartMs : a.user < b.user;
    });
    return rows;
}

void UsageLedger::addByWeek(QMap<QPair<QString, qint64>, qint64> &buckets, const QString &user, int devices,
                            qint64 from, qint64 to, const WeekDefinition &definition)
{
    for (qint64 week = definition.start(from); week < to; week += kWeekMs) {
        if (const qint64 ms = clipped(from, to, week, week + kWeekMs))
            buckets[{user, week}] += ms * devices;
    }
}

void UsageLedger::fold()
{
    // Old intervals only ever feed the weekly figures: keep those, not the intervals.
    const qint64 horizon = m_clock.nowMs() - kKeepIntervalsMs;
    m_intervals.removeIf([&](const Interval &i) {
        if (i.toMs >= horizon)
            return false;
        addByWeek(m_folded, i.user, i.devices, i.fromMs, i.toMs);
        return true;
    });
}

Status UsageLedger::save()
{
    if (!m_blocked.isEmpty())
        return Status::failure(m_blocked);
    fold();
    QJsonArray intervals;
    for (const Interval &i : std::as_const(m_intervals)) {
        QJsonObject o;
        o.insert(QStringLiteral("user"), i.user);
        o.insert(QStringLiteral("devices"), i.devices);
        o.insert(QStringLiteral("from_ms"), double(i.fromMs));
        o.insert(QStringLiteral("to_ms"), double(i.toMs));
        intervals.append(o);
    }
    QJsonArray weeks;
    for (auto it = m_folded.cbegin(); it != m_folded.cend(); ++it) {
        QJsonObject o;
        o.insert(QStringLiteral("user"), it.key().first);
        o.insert(QStringLiteral("week_start_ms"), double(it.key().second));
        o.insert(QStringLiteral("device_ms"), double(it.value()));
        weeks.append(o);
    }
    QJsonObject root;
    root.insert(QStringLiteral("intervals"), intervals);
    root.insert(QStringLiteral("weeks"), weeks);
    return LabFile::write(m_path, kFileVersion, root);
}
