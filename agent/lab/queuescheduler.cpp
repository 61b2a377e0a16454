#include "queuescheduler.h"

#include <algorithm>

namespace {
// One interval during which a device is not free for somebody.
struct Block
{
    enum Source
    {
        Leased,
        Booked,
        Placed
    };
    Source source;
    qint64 fromMs;
    qint64 toMs;
    QString user;
    int index; ///< into the sorted leases, the sorted reservations, or the placements
};

// Devices a user holds or will hold over [fromMs, toMs) (leases and placed entries).
struct Use
{
    qint64 fromMs;
    qint64 toMs;
    int devices;
};

bool overlaps(const Block &b, qint64 from, qint64 to)
{
    return b.fromMs < to && from < b.toMs;
}

// A booking never keeps its own user off the device.
bool blocksUser(const Block &b, const QString &user)
{
    return b.source != Block::Booked || b.user != user;
}

bool freeOver(const QList<Block> &timeline, const QString &user, qint64 from, qint64 to)
{
    return std::none_of(timeline.cbegin(), timeline.cend(),
                        [&](const Block &b) { return blocksUser(b, user) && overlaps(b, from, to); });
}

// The most devices the uses hold at once within [from, to): the count only rises where a use starts.
int peakUse(const QList<Use> &uses, qint64 from, qint64 to)
{
    QList<qint64> points{from};
    for (const Use &u : uses) {
        if (u.fromMs > from && u.fromMs < to)
            points.append(u.fromMs);
    }
    int peak = 0;
    for (const qint64 p : std::as_const(points)) {
        int held = 0;
        for (const Use &u : uses) {
            if (u.fromMs <= p && p < u.toMs)
                held += u.devices;
        }
        peak = std::max(peak, held);
    }
    return peak;
}

Refusal policyRefusal(const QString &rule, qint64 limit, qint64 amount)
{
    Refusal r;
    r.kind = Refusal::Policy;
    r.detail = rule;
    r.limit = limit;
    r.amount = amount;
    return r;
}
} // namespace

qint64 QueueScheduler::lengthOf(const QueueEntry &entry, const LabPolicy &policy)
{
    return entry.predictedMs > 0 ? entry.predictedMs : policy.assumedRunMs();
}

qint64 QueueScheduler::leaseEnd(const Lease &lease, qint64 nowMs, const LabPolicy &policy)
{
    if (lease.expectedEndMs > nowMs)
        return lease.expectedEndMs;
    if (policy.maxRunSeconds > 0) {
        // A run is stopped at the longest run allowed: that bounds its end from its start.
        const qint64 start = lease.isActive() ? lease.activeSinceMs : lease.createdMs;
        return std::max(start + policy.maxRunSeconds * 1000, nowMs + kLateGraceMs);
    }
    return nowMs + LabPolicy::kAssumedRunMs;
}

QList<QueueEntry> QueueScheduler::order(QList<QueueEntry> entries, const QMap<QString, double> &recentSeconds)
{
    std::stable_sort(entries.begin(), entries.end(), [&](const QueueEntry &a, const QueueEntry &b) {
        const double ua = recentSeconds.value(a.user, 0.0);
        const double ub = recentSeconds.value(b.user, 0.0);
        if (ua != ub)
            return ua < ub;
        if (a.submittedMs != b.submittedMs)
            return a.submittedMs < b.submittedMs;
        return a.runId < b.runId;
    });
    return entries;
}

QList<QueueScheduler::Placement> QueueScheduler::schedule(const Input &in)
{
    const qint64 now = in.nowMs;
    const int deviceCount = std::max(0, in.deviceCount);
    const LabPolicy &policy = in.policy;

    // Sorted copies: the answer must not depend on the order the caller listed things in.
    QList<Lease> leases = in.leases;
    std::sort(leases.begin(), leases.end(), [](const Lease &a, const Lease &b) { return a.id < b.id; });
    QList<Reservation> bookings = in.reservations;
    std::sort(bookings.begin(), bookings.end(), [](const Reservation &a, const Reservation &b) {
        return a.fromMs != b.fromMs ? a.fromMs < b.fromMs : a.id < b.id;
    });

    QList<QList<Block>> timeline(deviceCount);
    QMap<QString, QList<Use>> uses;
    for (int i = 0; i < leases.size(); ++i) {
        const Lease &l = leases.at(i);
        if (!l.isActive() && l.expiresMs <= now)
            continue; // expired before it started: holds nothing
        const qint64 end = leaseEnd(l, now, policy);
        for (const int d : l.devices) {
            if (d >= 0 && d < deviceCount)
                timeline[d].append(Block{Block::Leased, now, end, l.user, i});
        }
        uses[l.user].append(Use{now, end, int(l.devices.size())});
    }
    for (int i = 0; i < bookings.size(); ++i) {
        const Reservation &r = bookings.at(i);
        if (r.toMs <= now)
            continue;
        for (const int d : r.devices) {
            if (d >= 0 && d < deviceCount)
                timeline[d].append(Block{Block::Booked, r.fromMs, r.toMs, r.user, i});
        }
    }

    const QList<QueueEntry> fairOrder = order(in.entries, in.recentSeconds);
    // Placed in fair-share order, but an entry backing off after a failed attempt after all others.
    const auto backingOff = [&](const QueueEntry &e) { return in.retryAfterMs.value(e.runId, 0) > now; };
    QList<QueueEntry> ordered;
    QList<int> positions; // the fair-share position of each entry of `ordered`
    for (int pass = 0; pass < 2; ++pass) {
        for (int i = 0; i < fairOrder.size(); ++i) {
            if (backingOff(fairOrder.at(i)) == (pass == 1)) {
                ordered.append(fairOrder.at(i));
                positions.append(i + 1);
            }
        }
    }
    QList<Placement> placements;
    placements.reserve(ordered.size());

    // Why an entry placed later does not start now: what stands, over [now, now + length), on the
    // devices it could use; nearest kind first. Nothing in the way means the per-user limit.
    const auto whyWaiting = [&](const QueueEntry &e, const Placement &p, const QList<int> &candidates,
                                qint64 length, const QList<Use> &userUses) {
        const qint64 windowEnd = now + length;
        QList<int> blocked;
        for (const int d : candidates) {
            if (!freeOver(timeline.at(d), e.user, now, windowEnd))
                blocked.append(d);
        }
        // A count with enough devices free now waits for the limit alone, whichever devices are taken.
        if (e.devices.isEmpty() && candidates.size() - blocked.size() >= e.deviceCount())
            blocked.clear();
        const auto find = [&](Block::Source source) -> std::optional<std::pair<int, Block>> {
            for (const int d : std::as_const(blocked)) {
                for (const Block &b : timeline.at(d)) {
                    if (b.source == source && blocksUser(b, e.user) && overlaps(b, now, windowEnd))
                        return std::make_pair(d, b);
                }
            }
            return std::nullopt;
        };
        Refusal why;
        if (const auto held = find(Block::Leased)) {
            const Lease &l = leases.at(held->second.index);
            why.kind = Refusal::Held;
            why.device = held->first;
            why.user = l.user;
            why.runId = l.runId;
            why.sinceMs = l.isActive() ? l.activeSinceMs : l.createdMs;
            why.untilMs = held->second.toMs;
        } else if (const auto booked = find(Block::Booked)) {
            const Reservation &r = bookings.at(booked->second.index);
            why.kind = Refusal::Reserved;
            why.device = booked->first;
            why.user = r.user;
            why.reservationId = r.id;
            why.sinceMs = r.fromMs;
            why.untilMs = r.toMs;
        } else if (const auto ahead = find(Block::Placed)) {
            // Every earlier entry that takes one of its devices before it starts.
            QList<int> devices = p.devices;
            devices.append(ahead->first);
            QList<int> earlier;
            for (const int d : std::as_const(devices)) {
                for (const Block &b : timeline.at(d)) {
                    if (b.source == Block::Placed && b.fromMs < p.startMs && !earlier.contains(b.index))
                        earlier.append(b.index);
                }
            }
            const Placement &first = placements.at(ahead->second.index);
            why.kind = Refusal::Behind;
            why.device = ahead->first;
            why.user = first.user;
            why.runId = first.runId;
            why.sinceMs = first.startMs;
            why.untilMs = first.endMs;
            why.amount = earlier.size();
        } else {
            why = policyRefusal(QStringLiteral("max_devices"), policy.maxDevicesPerUser,
                                peakUse(userUses, now, windowEnd) + e.deviceCount());
            why.user = e.user;
        }
        return why;
    };
    for (int position = 0; position < ordered.size(); ++position) {
        const QueueEntry &e = ordered.at(position);
        Placement p;
        p.runId = e.runId;
        p.user = e.user;
        p.position = positions.at(position);
        const int size = e.deviceCount();
        const qint64 earliest = std::max(now, in.retryAfterMs.value(e.runId, 0));
        const qint64 length = lengthOf(e, policy);

        // What can never start here, whatever frees up.
        std::optional<Refusal> never;
        const auto outside = std::find_if(e.devices.cbegin(), e.devices.cend(),
                                          [&](int d) { return d < 0 || d >= deviceCount; });
        if (size <= 0 || size > deviceCount || outside != e.devices.cend()) {
            Refusal r;
            r.kind = Refusal::NoSuchDevice;
            r.device = outside != e.devices.cend() ? *outside : -1;
            r.limit = deviceCount;
            r.amount = size;
            never = r;
        } else if (policy.maxDevicesPerUser > 0 && size > policy.maxDevicesPerUser) {
            never = policyRefusal(QStringLiteral("max_devices"), policy.maxDevicesPerUser, size);
            never->user = e.user;
        } else if (policy.maxRunSeconds > 0 && e.predictedMs > policy.maxRunSeconds * 1000) {
            never =
                policyRefusal(QStringLiteral("max_run"), policy.maxRunSeconds, (e.predictedMs + 999) / 1000);
        }
        if (never) {
            p.placeable = false;
            p.why = never;
            placements.append(p);
            continue;
        }

        // The earliest start is now or the end of something in the way.
        QList<int> candidates = e.devices;
        if (candidates.isEmpty()) {
            for (int d = 0; d < deviceCount; ++d)
                candidates.append(d);
        }
        QList<qint64> times{earliest};
        for (const int d : std::as_const(candidates)) {
            for (const Block &b : std::as_const(timeline.at(d))) {
                if (b.toMs > earliest)
                    times.append(b.toMs);
            }
        }
        const QList<Use> userUses = uses.value(e.user);
        for (const Use &u : userUses) {
            if (u.toMs > earliest)
                times.append(u.toMs);
        }
        std::sort(times.begin(), times.end());
        times.erase(std::unique(times.begin(), times.end()), times.end());

        bool placed = false;
        for (const qint64 t : std::as_const(times)) {
            QList<int> chosen;
            for (const int d : std::as_const(candidates)) {
                if (chosen.size() == size)
                    break;
                if (freeOver(timeline.at(d), e.user, t, t + length))
                    chosen.append(d);
                else if (!e.devices.isEmpty())
                    break; // explicit devices: all of them or not at this time
            }
            if (chosen.size() < size)
                continue;
            if (policy.maxDevicesPerUser > 0 &&
                peakUse(userUses, t, t + length) + size > policy.maxDevicesPerUser)
                continue;
            p.startMs = t;
            p.endMs = t + length;
            p.devices = chosen;
            p.startsNow = t == now;
            placed = true;
            break;
        }
        if (!placed) {
            // Cannot happen (at the last end everything is free), but never report a start we did not find.
            p.placeable = false;
            Refusal r;
            r.kind = Refusal::Busy;
            p.why = r;
            placements.append(p);
            continue;
        }

        if (!p.startsNow && earliest > now) {
            Refusal r;
            r.kind = Refusal::Retrying;
            r.untilMs = earliest;
            p.why = r;
        } else if (!p.startsNow) {
            p.why = whyWaiting(e, p, candidates, length, userUses);
        }

        for (const int d : std::as_const(p.devices))
            timeline[d].append(Block{Block::Placed, p.startMs, p.endMs, e.user, int(placements.size())});
        uses[e.user].append(Use{p.startMs, p.endMs, size});
        placements.append(p);
    }
    // By position, as the queue shows them.
    std::stable_sort(placements.begin(), placements.end(),
                     [](const Placement &a, const Placement &b) { return a.position < b.position; });
    return placements;
}
