#include "leasebook.h"

#include "labclock.h"
#include "labdevices.h"
#include "labpolicy.h"
#include "reservationbook.h"

#include <algorithm>
#include <QJsonArray>

namespace {
constexpr int kFileVersion = 1;

bool isLive(const Lease &l, qint64 now)
{
    return l.isActive() || l.expiresMs > now;
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

Refusal noSuchDevice(int device, int deviceCount, qint64 asked)
{
    Refusal r;
    r.kind = Refusal::NoSuchDevice;
    r.device = device;
    r.limit = deviceCount;
    r.amount = asked;
    return r;
}
} // namespace

LeaseBook::LeaseBook(QString path, const LabClock &clock)
    : m_path(std::move(path))
    , m_clock(clock)
{}

Expected<LabLoad> LeaseBook::load()
{
    m_leases.clear();
    m_blocked.clear();
    bool partly = false;
    auto report = LabFile::loadEntries(
        m_path, kFileVersion, {QStringLiteral("leases")}, m_clock.nowMs(),
        [this](const QString &, const QJsonObject &o) {
            auto l = Lease::fromJson(o);
            // Two leases on one device would be a double grant: keep the first, report the other.
            if (!l || std::any_of(m_leases.cbegin(), m_leases.cend(), [&](const Lease &held) {
                    return held.id == l->id || held.runId == l->runId ||
                           LabDevices::intersects(held.devices, l->devices);
                }))
                return false;
            m_leases.append(*l);
            return true;
        },
        &partly);
    if (!report) {
        m_blocked = report.error();
        return report;
    }
    if (partly) {
        // Write back what was readable, so the next start does not report the same damage again.
        if (const Status saved = save(); !saved)
            report->problems.append(saved.error());
    }
    return report;
}

qint64 LeaseBook::windowEnd(qint64 nowMs, qint64 expectedMs, const LabPolicy &policy)
{
    if (expectedMs > 0)
        return nowMs + expectedMs;
    return nowMs + (policy.maxRunSeconds > 0 ? policy.maxRunSeconds * 1000 : kUnknownRunHorizonMs);
}

LeaseBook::AcquireResult LeaseBook::acquire(const AcquireRequest &request,
                                            const ReservationBook &reservations, const LabPolicy &policy)
{
    AcquireResult result;
    if (request.runId.isEmpty() || request.user.isEmpty()) {
        result.error = tr("a lease needs a run id and a user");
        return result;
    }
    const qint64 now = m_clock.nowMs();
    const QList<Lease> before = m_leases;
    const bool droppedAny = !dropExpired().isEmpty();
    // A refusal still saves what expiry changed; a failure to save restores it.
    const auto finish = [&](AcquireResult r) {
        if (droppedAny && r.error.isEmpty() && !r.lease) {
            if (const Status saved = save(); !saved) {
                m_leases = before;
                r.refusal.reset();
                r.error = saved.error();
            }
        }
        return r;
    };

    const QList<int> explicitDevices = LabDevices::normalized(request.devices);
    const bool byCount = explicitDevices.isEmpty();
    const int wanted = byCount ? request.count : int(explicitDevices.size());
    if (wanted <= 0 || (byCount && wanted > request.deviceCount)) {
        result.refusal = noSuchDevice(-1, request.deviceCount, wanted);
        return finish(result);
    }
    for (const int d : explicitDevices) {
        if (d < 0 || d >= request.deviceCount) {
            result.refusal = noSuchDevice(d, request.deviceCount, wanted);
            return finish(result);
        }
    }

    // Idempotent by run id: a controller that lost the answer asks again and gets the same lease.
    if (const auto held = leaseOfRun(request.runId)) {
        const bool same = held->user == request.user &&
                          (byCount ? held->devices.size() == wanted : held->devices == explicitDevices);
        if (!same) {
            Refusal busy;
            busy.kind = Refusal::Busy;
            busy.runId = held->runId;
            busy.user = held->user;
            busy.device = held->devices.first();
            result.refusal = busy;
            return finish(result);
        }
        const Lease lease = *held;
        // One TTL per pending lease (issue #29, item 5): asking again gives it back as it is, so asking
        // every few seconds no longer holds devices forever; and a booking that began meanwhile wins.
        if (!lease.isActive()) {
            const qint64 end = windowEnd(now, request.expectedMs, policy);
            for (const int d : lease.devices) {
                if (auto booked = reservedFor(d, lease.user, end, reservations)) {
                    result.refusal = booked;
                    return finish(result);
                }
            }
        }
        if (droppedAny) {
            if (const Status saved = save(); !saved) {
                m_leases = before;
                result.error = saved.error();
                return result;
            }
        }
        result.lease = lease;
        result.existing = true;
        return result;
    }

    if (auto rule = ruleRefusal(request, wanted, policy)) {
        result.refusal = rule;
        return finish(result);
    }

    const qint64 end = windowEnd(now, request.expectedMs, policy);
    QList<int> granted;
    if (byCount) {
        // The lowest free indices; when too few are free, the first taken one says why.
        std::optional<Refusal> firstBlocker;
        for (int d = 0; d < request.deviceCount && granted.size() < wanted; ++d) {
            auto blocker = blockerOf(d, request.user, end, reservations);
            if (!blocker)
                granted.append(d);
            else if (!firstBlocker)
                firstBlocker = blocker;
        }
        if (granted.size() < wanted) {
            result.refusal = firstBlocker;
            return finish(result);
        }
    } else {
        if (auto refusal = refusalFor(explicitDevices, request.user, end, reservations)) {
            result.refusal = refusal;
            return finish(result);
        }
        granted = explicitDevices;
    }

    Lease lease;
    lease.id = LabFile::newId(QStringLiteral("lease-"));
    lease.runId = request.runId;
    lease.user = request.user;
    lease.controller = request.controller;
    lease.devices = granted;
    lease.state = Lease::State::Pending;
    lease.createdMs = now;
    lease.expiresMs = now + (request.ttlMs > 0 ? request.ttlMs : kDefaultTtlMs);
    lease.expectedEndMs = request.expectedMs > 0 ? now + request.expectedMs : 0;
    lease.queued = request.queued;
    m_leases.append(lease);
    if (const Status saved = save(); !saved) {
        m_leases = before;
        result.error = saved.error();
        return result;
    }
    result.lease = lease;
    return result;
}

std::optional<Refusal> LeaseBook::ruleRefusal(const AcquireRequest &request, qint64 wanted,
                                              const LabPolicy &policy) const
{
    if (policy.maxRunSeconds > 0 && request.expectedMs > policy.maxRunSeconds * 1000)
        return policyRefusal(QStringLiteral("max_run"), policy.maxRunSeconds,
                             (request.expectedMs + 999) / 1000);
    const qint64 heldByUser = devicesHeldBy(request.user).size();
    if (policy.maxDevicesPerUser > 0 && heldByUser + wanted > policy.maxDevicesPerUser) {
        Refusal r =
            policyRefusal(QStringLiteral("max_devices"), policy.maxDevicesPerUser, heldByUser + wanted);
        r.user = request.user;
        return r;
    }
    return std::nullopt;
}

std::optional<Refusal> LeaseBook::wouldRefuse(const AcquireRequest &request,
                                              const ReservationBook &reservations,
                                              const LabPolicy &policy) const
{
    // The checks acquire makes, in its order, for a run that holds nothing yet.
    const QList<int> devices = LabDevices::normalized(request.devices);
    for (const int d : devices) {
        if (d < 0 || d >= request.deviceCount)
            return noSuchDevice(d, request.deviceCount, int(devices.size()));
    }
    if (auto rule = ruleRefusal(request, int(devices.size()), policy))
        return rule;
    return refusalFor(devices, request.user, windowEnd(m_clock.nowMs(), request.expectedMs, policy),
                      reservations);
}

Expected<Lease> LeaseBook::confirm(const QString &leaseId, qint64 expectedEndMs)
{
    const qint64 now = m_clock.nowMs();
    const qsizetype index = indexOf(leaseId);
    if (index < 0)
        return Expected<Lease>::failure(tr("no lease %1 on this machine").arg(leaseId));
    const QList<Lease> before = m_leases;
    Lease lease = m_leases.at(index);
    if (!isLive(lease, now)) {
        m_leases.removeAt(index);
        if (const Status saved = save(); !saved)
            m_leases = before;
        return Expected<Lease>::failure(
            tr("lease %1 expired before its run started: ask for the devices again").arg(leaseId));
    }
    if (!lease.isActive()) {
        // With no new prediction, the one made at acquire keeps its length from the real start.
        const qint64 predictedLength = lease.expectedEndMs > 0 ? lease.expectedEndMs - lease.createdMs : 0;
        lease.state = Lease::State::Active;
        lease.activeSinceMs = now;
        lease.expiresMs = 0;
        lease.expectedEndMs =
            expectedEndMs > 0 ? expectedEndMs : (predictedLength > 0 ? now + predictedLength : 0);
    } else if (expectedEndMs > 0) {
        lease.expectedEndMs = expectedEndMs;
    }
    if (lease == before.at(index))
        return lease;
    m_leases[index] = lease;
    if (const Status saved = save(); !saved) {
        m_leases = before;
        return Expected<Lease>::failure(saved.error());
    }
    return lease;
}

Expected<Lease> LeaseBook::release(const QString &leaseId)
{
    const qsizetype index = indexOf(leaseId);
    if (index < 0)
        return Expected<Lease>::failure(tr("no lease %1 on this machine").arg(leaseId));
    const QList<Lease> before = m_leases;
    const Lease released = m_leases.takeAt(index);
    if (const Status saved = save(); !saved) {
        m_leases = before;
        return Expected<Lease>::failure(saved.error());
    }
    return released;
}

Expected<Lease> LeaseBook::releaseRun(const QString &runId)
{
    const auto held = leaseOfRun(runId);
    if (!held)
        return Expected<Lease>::failure(tr("run %1 holds no lease on this machine").arg(runId));
    return release(held->id);
}

Expected<QList<Lease>> LeaseBook::expire()
{
    const QList<Lease> before = m_leases;
    const QList<Lease> expired = dropExpired();
    if (expired.isEmpty())
        return expired;
    if (const Status saved = save(); !saved) {
        m_leases = before;
        return Expected<QList<Lease>>::failure(saved.error());
    }
    return expired;
}

std::optional<Lease> LeaseBook::holderOf(int device) const
{
    const qint64 now = m_clock.nowMs();
    for (const Lease &l : m_leases) {
        if (isLive(l, now) && l.devices.contains(device))
            return l;
    }
    return std::nullopt;
}

std::optional<Lease> LeaseBook::lease(const QString &leaseId) const
{
    const qsizetype index = indexOf(leaseId);
    return index < 0 ? std::nullopt : std::optional<Lease>(m_leases.at(index));
}

qsizetype LeaseBook::indexOf(const QString &leaseId) const
{
    for (qsizetype i = 0; i < m_leases.size(); ++i) {
        if (m_leases.at(i).id == leaseId)
            return i;
    }
    return -1;
}

std::optional<Lease> LeaseBook::leaseOfRun(const QString &runId) const
{
    const qint64 now = m_clock.nowMs();
    for (const Lease &l : m_leases) {
        if (l.runId == runId && isLive(l, now))
            return l;
    }
    return std::nullopt;
}

QList<int> LeaseBook::devicesHeldBy(const QString &user) const
{
    const qint64 now = m_clock.nowMs();
    QList<int> devices;
    for (const Lease &l : m_leases) {
        if (l.user == user && isLive(l, now))
            devices.append(l.devices);
    }
    return LabDevices::normalized(devices);
}

Status LeaseBook::save()
{
    if (!m_blocked.isEmpty())
        return Status::failure(m_blocked);
    QJsonArray array;
    for (const Lease &l : std::as_const(m_leases))
        array.append(l.toJson());
    QJsonObject root;
    root.insert(QStringLiteral("leases"), array);
    return LabFile::write(m_path, kFileVersion, root);
}

QList<Lease> LeaseBook::dropExpired()
{
    const qint64 now = m_clock.nowMs();
    QList<Lease> expired;
    m_leases.removeIf([&](const Lease &l) {
        if (isLive(l, now))
            return false;
        expired.append(l);
        return true;
    });
    return expired;
}

std::optional<Refusal> LeaseBook::refusalFor(const QList<int> &devices, const QString &user, qint64 windowEnd,
                                             const ReservationBook &reservations) const
{
    // Held before Reserved: a device in use now is the nearer obstacle.
    for (const int d : devices) {
        if (auto blocker = blockerOf(d, user, windowEnd, reservations);
            blocker && blocker->kind == Refusal::Held)
            return blocker;
    }
    for (const int d : devices) {
        if (auto blocker = blockerOf(d, user, windowEnd, reservations))
            return blocker;
    }
    return std::nullopt;
}

std::optional<Refusal> LeaseBook::blockerOf(int device, const QString &user, qint64 windowEnd,
                                            const ReservationBook &reservations) const
{
    if (const auto holder = holderOf(device)) {
        Refusal r;
        r.kind = Refusal::Held;
        r.device = device;
        r.user = holder->user;
        r.runId = holder->runId;
        r.sinceMs = holder->isActive() ? holder->activeSinceMs : holder->createdMs;
        r.untilMs = holder->expectedEndMs;
        return r;
    }
    return reservedFor(device, user, windowEnd, reservations);
}

std::optional<Refusal> LeaseBook::reservedFor(int device, const QString &user, qint64 windowEnd,
                                              const ReservationBook &reservations) const
{
    // A user's own booking never blocks them.
    for (const Reservation &booking : reservations.overlapping({device}, m_clock.nowMs(), windowEnd)) {
        if (booking.user == user)
            continue;
        Refusal r;
        r.kind = Refusal::Reserved;
        r.device = device;
        r.user = booking.user;
        r.reservationId = booking.id;
        r.sinceMs = booking.fromMs;
        r.untilMs = booking.toMs;
        return r;
    }
    return std::nullopt;
}
