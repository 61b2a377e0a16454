#include "labreplies.h"

#include "labdevices.h"
#include "labservice.h"
#include "labtext.h"
#include "reservationbook.h"
#include "runqueue.h"
#include "telemetry.h"
#include "usageledger.h"
#include "utilizationhistory.h"

#include <algorithm>
#include <numeric>
#include <QCborArray>
#include <QSet>

namespace {
QCborArray devices(const QList<int> &list)
{
    return QCborArray::fromJsonArray(LabDevices::toJson(list));
}

// One ring as {start, step, util: [percent or -1 where no sample came]}: a day of minutes fits in
// a few kilobytes, so the lab view can draw every device's day and week in one reply.
QCborMap ring(const UtilizationHistory &history, int device, UtilizationHistory::Range range)
{
    const QList<UtilizationHistory::Point> points = history.series(device, range);
    QCborArray util;
    for (const UtilizationHistory::Point &p : points)
        util.append(p.isEmpty() ? -1 : qRound(p.utilization));
    return QCborMap{{QStringLiteral("start"), points.isEmpty() ? 0 : points.first().startMs},
                    {QStringLiteral("step"), UtilizationHistory::bucketMs(range)},
                    {QStringLiteral("util"), util}};
}
} // namespace

QCborMap LabReplies::reservation(const Reservation &r)
{
    return QCborMap{{QStringLiteral("id"), r.id},
                    {QStringLiteral("user"), r.user},
                    {QStringLiteral("devices"), devices(r.devices)},
                    {QStringLiteral("from"), r.fromMs},
                    {QStringLiteral("to"), r.toMs},
                    {QStringLiteral("note"), r.note}};
}

QCborMap LabReplies::lease(const Lease &l)
{
    return QCborMap{{QStringLiteral("id"), l.id},
                    {QStringLiteral("run_id"), l.runId},
                    {QStringLiteral("user"), l.user},
                    {QStringLiteral("devices"), devices(l.devices)},
                    {QStringLiteral("pending"), !l.isActive()},
                    {QStringLiteral("queued"), l.queued},
                    {QStringLiteral("since"), l.isActive() ? l.activeSinceMs : l.createdMs},
                    {QStringLiteral("until"), l.expectedEndMs}};
}

QCborMap LabReplies::queue(const LabService &lab, const QList<QueueScheduler::Placement> &placements,
                           qint64 nowMs)
{
    QCborArray entries;
    for (const QueueScheduler::Placement &p : placements) {
        const auto entry = lab.queue().entry(p.runId);
        if (!entry)
            continue;
        QCborMap e{
            {QStringLiteral("run_id"), p.runId},
            {QStringLiteral("name"), entry->runName},
            {QStringLiteral("user"), entry->user},
            {QStringLiteral("position"), p.position},
            {QStringLiteral("placeable"), p.placeable},
            {QStringLiteral("estimated_start"), p.startMs},
            {QStringLiteral("estimated_end"), p.endMs},
            {QStringLiteral("predicted_s"), entry->predictedMs / 1000},
            {QStringLiteral("submitted"), entry->submittedMs},
            {QStringLiteral("devices"), devices(p.devices.isEmpty() ? entry->devices : p.devices)},
            {QStringLiteral("coordinator"), entry->coordinator},
            {QStringLiteral("coordinator_node"), entry->coordinatorNodeId},
            {QStringLiteral("nodes"), int(entry->plan.value(QStringLiteral("nodes")).toArray().size())}};
        if (p.why) {
            e[QStringLiteral("why")] = QCborMap::fromJsonObject(p.why->toJson());
            e[QStringLiteral("why_text")] = LabText::refusal(*p.why, nowMs).toCbor();
        }
        entries.append(e);
    }
    return QCborMap{{QStringLiteral("entries"), entries}};
}

QCborMap LabReplies::state(const LabService &lab, const TelemetrySnapshot &telemetry,
                           const ReservationBook &reservations, const UtilizationHistory &history,
                           const QList<QueueScheduler::Placement> &placements, qint64 nowMs, bool series)
{
    QCborArray deviceList;
    for (const DeviceSample &d : telemetry.devices) {
        QCborMap dev{{QStringLiteral("index"), d.index},
                     {QStringLiteral("name"), d.name},
                     {QStringLiteral("kind"), DeviceSample::kindName(d.kind)},
                     {QStringLiteral("util"), qRound(d.utilization)},
                     {QStringLiteral("mem_used"), d.memoryUsed},
                     {QStringLiteral("mem_total"), d.memoryTotal}};
        QString state = QStringLiteral("free");
        if (const auto holder = lab.leases().holderOf(d.index)) {
            state = holder->isActive() ? QStringLiteral("held") : QStringLiteral("pending");
            dev[QStringLiteral("lease")] = lease(*holder);
        }
        if (const auto booking = reservations.activeAt(d.index, nowMs)) {
            if (state == QLatin1String("free"))
                state = QStringLiteral("booked");
            dev[QStringLiteral("booking")] = reservation(*booking);
        }
        if (const auto next = reservations.nextStartAfter(d.index, nowMs))
            dev[QStringLiteral("next_booking")] = reservation(*next);
        dev[QStringLiteral("state")] = state;
        if (series) {
            dev[QStringLiteral("day")] = ring(history, d.index, UtilizationHistory::Range::Day);
            dev[QStringLiteral("week")] = ring(history, d.index, UtilizationHistory::Range::Week);
        }
        deviceList.append(dev);
    }
    QCborArray bookings;
    for (const Reservation &r : reservations.reservations()) {
        if (r.toMs > nowMs - 7LL * 24 * 3600 * 1000) // the last week's too: the calendar shows it
            bookings.append(reservation(r));
    }
    QCborMap body = queue(lab, placements, nowMs);
    body[QStringLiteral("devices")] = deviceList;
    body[QStringLiteral("bookings")] = bookings;
    body[QStringLiteral("policy")] = QCborMap::fromJsonObject(lab.policyJson());
    return body;
}

QCborMap LabReplies::usage(const UsageLedger &ledger, const QList<Lease> &leases, qint64 nowMs, int weeks,
                           const UsageLedger::WeekDefinition &week)
{
    QCborArray rows;
    for (const UsageLedger::WeekRow &r : ledger.weeks(nowMs, weeks, leases, week))
        rows.append(QCborMap{{QStringLiteral("user"), r.user},
                             {QStringLiteral("week_start"), r.weekStartMs},
                             {QStringLiteral("gpu_hours"), r.gpuSeconds / 3600.0}});
    QCborArray recent;
    const QMap<QString, double> byUser = ledger.recentSecondsByUser(nowMs, leases);
    for (auto it = byUser.cbegin(); it != byUser.cend(); ++it)
        recent.append(
            QCborMap{{QStringLiteral("user"), it.key()}, {QStringLiteral("gpu_hours"), it.value() / 3600.0}});
    return QCborMap{{QStringLiteral("weeks"), rows}, {QStringLiteral("recent"), recent}};
}

LabReplies::Trimmed LabReplies::fit(QCborMap &body, qsizetype budget, qint64 nowMs)
{
    Trimmed trimmed;
    const auto sizeOf = [](const QCborValue &v) { return qsizetype(v.toCbor().size()); };
    qsizetype total = sizeOf(body);
    if (total <= budget)
        return trimmed;

    // Bookings: each one's size once, then dropped in order until the body fits.
    QCborArray bookings = body.value(QStringLiteral("bookings")).toArray();
    QList<qsizetype> order(bookings.size());
    std::iota(order.begin(), order.end(), 0);
    const auto from = [&](qsizetype i) {
        return bookings.at(i).toMap().value(QStringLiteral("from")).toInteger();
    };
    const auto to = [&](qsizetype i) {
        return bookings.at(i).toMap().value(QStringLiteral("to")).toInteger();
    };
    std::stable_sort(order.begin(), order.end(), [&](qsizetype a, qsizetype b) {
        const bool pastA = to(a) <= nowMs;
        const bool pastB = to(b) <= nowMs;
        if (pastA != pastB)
            return pastA;                                 // the past before the future
        return pastA ? to(a) < to(b) : from(a) > from(b); // the oldest past, the farthest future
    });
    QSet<qsizetype> dropped;
    for (const qsizetype i : std::as_const(order)) {
        if (total <= budget)
            break;
        total -= sizeOf(bookings.at(i));
        dropped.insert(i);
    }
    if (!dropped.isEmpty()) {
        QCborArray kept;
        for (qsizetype i = 0; i < bookings.size(); ++i) {
            if (!dropped.contains(i))
                kept.append(bookings.at(i));
        }
        body[QStringLiteral("bookings")] = kept;
        trimmed.bookings = int(dropped.size());
        total = sizeOf(body);
    }

    // The queue from its last place: the first places are what users wait on.
    QCborArray entries = body.value(QStringLiteral("entries")).toArray();
    while (total > budget && !entries.isEmpty()) {
        total -= sizeOf(entries.last());
        entries.removeLast();
        ++trimmed.entries;
    }
    if (trimmed.entries > 0) {
        body[QStringLiteral("entries")] = entries;
        total = sizeOf(body);
    }

    // Last, the day's and week's utilization of every device.
    if (total > budget) {
        QCborArray devices = body.value(QStringLiteral("devices")).toArray();
        for (qsizetype i = 0; i < devices.size(); ++i) {
            QCborMap d = devices.at(i).toMap();
            trimmed.series = trimmed.series || d.contains(QStringLiteral("day"));
            d.remove(QStringLiteral("day"));
            d.remove(QStringLiteral("week"));
            devices[i] = d;
        }
        body[QStringLiteral("devices")] = devices;
    }
    return trimmed;
}
