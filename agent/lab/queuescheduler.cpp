#include "queuescheduler.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <vector>

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

// One device's timeline. Leases and placed entries block everybody, so they are also kept as a
// sorted union of disjoint busy intervals: the earliest fit is then a binary search that jumps over
// a whole chain of back-to-back runs at once, not a scan of every block for every candidate time
// (that made each submission cost grow with the cube of the queue; issue #29, item 7).
class DeviceLine
{
public:
    void add(const Block &b)
    {
        m_blocks.append(b);
        if (b.fromMs >= b.toMs)
            return; // empty: blocks nothing
        if (b.source == Block::Booked) {
            m_bookings.append(b);
            return;
        }
        // Merge [from, to) with every interval it overlaps or touches.
        qint64 from = b.fromMs;
        qint64 to = b.toMs;
        auto first = std::lower_bound(m_busy.begin(), m_busy.end(), from,
                                      [](const Interval &i, qint64 t) { return i.second < t; });
        auto last = first;
        while (last != m_busy.end() && last->first <= to) {
            from = std::min(from, last->first);
            to = std::max(to, last->second);
            ++last;
        }
        first = m_busy.erase(first, last);
        m_busy.insert(first, Interval{from, to});
    }

    const QList<Block> &blocks() const { return m_blocks; }

    /// The earliest time at or after `t` from which the device is free for `user` over `length`.
    /// Every jump goes to the end of something in the way, so no free time is ever skipped.
    qint64 earliestFree(const QString &user, qint64 t, qint64 length) const
    {
        length = std::max<qint64>(length, 1);
        for (;;) {
            const qint64 before = t;
            const auto next = std::upper_bound(m_busy.cbegin(), m_busy.cend(), t,
                                               [](qint64 at, const Interval &i) { return at < i.second; });
            if (next != m_busy.cend() && next->first < t + length)
                t = next->second;
            for (const Block &b : m_bookings) {
                if (blocksUser(b, user) && overlaps(b, t, t + length))
                    t = std::max(t, b.toMs);
            }
            if (t == before)
                return t;
        }
    }

    bool freeOver(const QString &user, qint64 from, qint64 to) const
    {
        return earliestFree(user, from, to - from) == from;
    }

private:
    using Interval = std::pair<qint64, qint64>;
    QList<Block> m_blocks;
    QList<Block> m_bookings;
    std::vector<Interval> m_busy; ///< sorted, disjoint, not touching
};

// The most devices the uses hold at once within [from, to): the count only rises where a use starts.
int peakUse(const QList<Use> &uses, qint64 from, qint64 to)
{
    // Only the uses within the window count: a user's long queue costs one pass, not its square.
    QList<Use> within;
    for (const Use &u : uses) {
        if (u.fromMs < to && from < u.toMs)
            within.append(u);
    }
    QList<qint64> points{from};
    for (const Use &u : std::as_const(within)) {
        if (u.fromMs > from)
            points.append(u.fromMs);
    }
    int peak = 0;
    for (const qint64 p : std::as_const(points)) {
        int held = 0;
        for (const Use &u : std::as_const(within)) {
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

// Indices into `entries`, in fair-share order. Indices, not copies: the scheduler runs on every
// submission, and copying a long queue's entries twice was most of its cost.
static QList<int> fairShareOrder(const QList<QueueEntry> &entries, const QMap<QString, double> &recentSeconds)
{
    QList<double> use(entries.size());
    for (qsizetype i = 0; i < entries.size(); ++i)
        use[i] = recentSeconds.value(entries.at(i).user, 0.0);
    QList<int> order(entries.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int ia, int ib) {
        const QueueEntry &a = entries.at(ia);
        const QueueEntry &b = entries.at(ib);
        if (use.at(ia) != use.at(ib))
            return use.at(ia) < use.at(ib);
        if (a.submittedMs != b.submittedMs)
            return a.submittedMs < b.submittedMs;
        return a.runId < b.runId;
    });
    return order;
}

QList<QueueEntry> QueueScheduler::order(QList<QueueEntry> entries, const QMap<QString, double> &recentSeconds)
{
    QList<QueueEntry> ordered;
    ordered.reserve(entries.size());
    for (const int i : fairShareOrder(entries, recentSeconds))
        ordered.append(entries.at(i));
    return ordered;
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

    QList<DeviceLine> timeline(deviceCount);
    QMap<QString, QList<Use>> uses;
    for (int i = 0; i < leases.size(); ++i) {
        const Lease &l = leases.at(i);
        if (!l.isActive() && l.expiresMs <= now)
            continue; // expired before it started: holds nothing
        const qint64 end = leaseEnd(l, now, policy);
        for (const int d : l.devices) {
            if (d >= 0 && d < deviceCount)
                timeline[d].add(Block{Block::Leased, now, end, l.user, i});
        }
        uses[l.user].append(Use{now, end, int(l.devices.size())});
    }
    for (int i = 0; i < bookings.size(); ++i) {
        const Reservation &r = bookings.at(i);
        if (r.toMs <= now)
            continue;
        for (const int d : r.devices) {
            if (d >= 0 && d < deviceCount)
                timeline[d].add(Block{Block::Booked, r.fromMs, r.toMs, r.user, i});
        }
    }

    const QList<int> fairOrder = fairShareOrder(in.entries, in.recentSeconds);
    // Placed in fair-share order, but an entry backing off after a failed attempt after all others.
    const auto backingOff = [&](const QueueEntry &e) { return in.retryAfterMs.value(e.runId, 0) > now; };
    QList<const QueueEntry *> ordered;
    QList<int> positions; // the fair-share position of each entry of `ordered`
    ordered.reserve(fairOrder.size());
    positions.reserve(fairOrder.size());
    for (int pass = 0; pass < 2; ++pass) {
        for (int i = 0; i < fairOrder.size(); ++i) {
            const QueueEntry &e = in.entries.at(fairOrder.at(i));
            if (backingOff(e) == (pass == 1)) {
                ordered.append(&e);
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
            if (!timeline.at(d).freeOver(e.user, now, windowEnd))
                blocked.append(d);
        }
        // A count with enough devices free now waits for the limit alone, whichever devices are taken.
        if (e.devices.isEmpty() && candidates.size() - blocked.size() >= e.deviceCount())
            blocked.clear();
        const auto find = [&](Block::Source source) -> std::optional<std::pair<int, Block>> {
            for (const int d : std::as_const(blocked)) {
                for (const Block &b : timeline.at(d).blocks()) {
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
            // Each earlier placement counted once, however many of these devices it takes.
            std::vector<char> counted(placements.size(), 0);
            int earlier = 0;
            for (const int d : std::as_const(devices)) {
                for (const Block &b : timeline.at(d).blocks()) {
                    if (b.source == Block::Placed && b.fromMs < p.startMs && !counted[size_t(b.index)]) {
                        counted[size_t(b.index)] = 1;
                        ++earlier;
                    }
                }
            }
            const Placement &first = placements.at(ahead->second.index);
            why.kind = Refusal::Behind;
            why.device = ahead->first;
            why.user = first.user;
            why.runId = first.runId;
            why.sinceMs = first.startMs;
            why.untilMs = first.endMs;
            why.amount = earlier;
        } else {
            why = policyRefusal(QStringLiteral("max_devices"), policy.maxDevicesPerUser,
                                peakUse(userUses, now, windowEnd) + e.deviceCount());
            why.user = e.user;
        }
        return why;
    };
    for (int position = 0; position < ordered.size(); ++position) {
        const QueueEntry &e = *ordered.at(position);
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
            placements.append(std::move(p));
            continue;
        }

        // The earliest start: now, or the end of something in the way. Each step jumps to the next
        // time that could work (a device's next free time, a user's next use ending), never past one.
        QList<int> candidates = e.devices;
        if (candidates.isEmpty()) {
            for (int d = 0; d < deviceCount; ++d)
                candidates.append(d);
        }
        const QList<Use> userUses = uses.value(e.user);
        bool placed = false;
        qint64 t = earliest;
        QList<qint64> freeFrom(candidates.size());
        for (;;) {
            for (qsizetype i = 0; i < candidates.size(); ++i)
                freeFrom[i] = timeline.at(candidates.at(i)).earliestFree(e.user, t, length);
            // Explicit devices need all of them; a count, its size-th soonest.
            QList<qint64> soonest = freeFrom;
            std::sort(soonest.begin(), soonest.end());
            const qint64 allFree = e.devices.isEmpty() ? soonest.at(size - 1) : soonest.last();
            if (allFree != t) {
                t = allFree;
                continue;
            }
            if (policy.maxDevicesPerUser > 0 &&
                peakUse(userUses, t, t + length) + size > policy.maxDevicesPerUser) {
                // Over the limit here stays over it until one of the user's own uses ends.
                qint64 nextEnd = std::numeric_limits<qint64>::max();
                for (const Use &u : userUses) {
                    if (u.toMs > t)
                        nextEnd = std::min(nextEnd, u.toMs);
                }
                if (nextEnd == std::numeric_limits<qint64>::max())
                    break;
                t = nextEnd;
                continue;
            }
            QList<int> chosen;
            for (qsizetype i = 0; i < candidates.size() && chosen.size() < size; ++i) {
                if (freeFrom.at(i) == t)
                    chosen.append(candidates.at(i));
            }
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
            placements.append(std::move(p));
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
            timeline[d].add(Block{Block::Placed, p.startMs, p.endMs, e.user, int(placements.size())});
        uses[e.user].append(Use{p.startMs, p.endMs, size});
        placements.append(std::move(p));
    }
    // By position, as the queue shows them.
    std::stable_sort(placements.begin(), placements.end(),
                     [](const Placement &a, const Placement &b) { return a.position < b.position; });
    return placements;
}
