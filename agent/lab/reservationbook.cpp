#include "reservationbook.h"

#include "labclock.h"
#include "labdevices.h"

#include <algorithm>
#include <QHash>
#include <QJsonArray>
#include <QSet>

namespace {
constexpr int kFileVersion = 1;

void sortByStart(QList<Reservation> &list)
{
    std::sort(list.begin(), list.end(), [](const Reservation &a, const Reservation &b) {
        return a.fromMs != b.fromMs ? a.fromMs < b.fromMs : a.id < b.id;
    });
}

Refusal invalid(const QString &rule)
{
    Refusal r;
    r.kind = Refusal::Invalid;
    r.detail = rule;
    return r;
}
} // namespace

ReservationBook::ReservationBook(QString path, const LabClock &clock)
    : m_path(std::move(path))
    , m_clock(clock)
{}

Expected<LabLoad> ReservationBook::load()
{
    m_reservations.clear();
    m_blocked.clear();
    bool partly = false;
    auto report = LabFile::loadEntries(
        m_path, kFileVersion, {QStringLiteral("reservations")}, m_clock.nowMs(),
        [this](const QString &, const QJsonObject &o) {
            auto r = Reservation::fromJson(o);
            if (r)
                m_reservations.append(*r);
            return r.has_value();
        },
        &partly);
    if (!report) {
        m_blocked = report.error();
        return report;
    }
    prune();
    sortByStart(m_reservations);
    if (partly) {
        // Write back what was readable, so the next start does not report the same damage again.
        if (const Status saved = save(); !saved)
            report->problems.append(saved.error());
    }
    return report;
}

ReservationBook::AddResult ReservationBook::add(Reservation r, int deviceCount)
{
    AddResult result;
    const qint64 now = m_clock.nowMs();
    r.devices = LabDevices::normalized(r.devices);
    if (r.devices.isEmpty()) {
        result.refusal = invalid(QStringLiteral("no_devices"));
        return result;
    }
    if (r.fromMs >= r.toMs) {
        result.refusal = invalid(QStringLiteral("empty_window"));
        return result;
    }
    if (r.toMs <= now) {
        result.refusal = invalid(QStringLiteral("in_past"));
        return result;
    }
    if (r.toMs - r.fromMs > kLongestMs) {
        result.refusal = invalid(QStringLiteral("too_long"));
        result.refusal->limit = kLongestMs / (24LL * 3600 * 1000);
        return result;
    }
    for (const int d : std::as_const(r.devices)) {
        if (d < 0 || d >= deviceCount) {
            Refusal refusal;
            refusal.kind = Refusal::NoSuchDevice;
            refusal.device = d;
            refusal.limit = deviceCount;
            result.refusal = refusal;
            return result;
        }
    }
    // Any overlap is refused, the same user's too: two bookings of one device never stand at once.
    const QList<Reservation> clashes = overlapping(r.devices, r.fromMs, r.toMs);
    if (!clashes.isEmpty()) {
        const Reservation &other = clashes.first();
        Refusal refusal;
        refusal.kind = Refusal::Reserved;
        for (const int d : std::as_const(r.devices)) {
            if (other.devices.contains(d)) {
                refusal.device = d;
                break;
            }
        }
        refusal.user = other.user;
        refusal.reservationId = other.id;
        refusal.sinceMs = other.fromMs;
        refusal.untilMs = other.toMs;
        result.refusal = refusal;
        return result;
    }
    r.id = LabFile::newId(QStringLiteral("resv-"));
    r.createdMs = now;
    const QList<Reservation> before = m_reservations;
    m_reservations.append(r);
    sortByStart(m_reservations);
    if (const Status saved = save(); !saved) {
        m_reservations = before;
        result.error = saved.error();
        return result;
    }
    result.reservation = r;
    return result;
}

Expected<Reservation> ReservationBook::remove(const QString &id, const QString &user, bool isAdmin)
{
    qsizetype index = 0;
    while (index < m_reservations.size() && m_reservations.at(index).id != id)
        ++index;
    if (index == m_reservations.size())
        return Expected<Reservation>::failure(tr("no reservation %1 on this machine").arg(id));
    const QList<Reservation> before = m_reservations;
    const Reservation removed = m_reservations.at(index);
    if (removed.user != user && !isAdmin)
        return Expected<Reservation>::failure(
            tr("reservation %1 is %2's: only they or a lab admin may remove it").arg(id, removed.user));
    m_reservations.removeAt(index);
    if (const Status saved = save(); !saved) {
        m_reservations = before;
        return Expected<Reservation>::failure(saved.error());
    }
    return removed;
}

std::optional<Reservation> ReservationBook::reservation(const QString &id) const
{
    for (const Reservation &r : m_reservations) {
        if (r.id == id)
            return r;
    }
    return std::nullopt;
}

QList<Reservation> ReservationBook::overlapping(const QList<int> &devices, qint64 fromMs, qint64 toMs) const
{
    const QList<int> wanted = LabDevices::normalized(devices);
    QList<Reservation> found;
    for (const Reservation &r : m_reservations) {
        if (r.overlaps(fromMs, toMs) && LabDevices::intersects(r.devices, wanted))
            found.append(r);
    }
    return found;
}

std::optional<Reservation> ReservationBook::activeAt(int device, qint64 t) const
{
    for (const Reservation &r : m_reservations) {
        if (r.activeAt(t) && r.devices.contains(device))
            return r;
    }
    return std::nullopt;
}

std::optional<Reservation> ReservationBook::nextStartAfter(int device, qint64 t) const
{
    // The list is sorted by start, so the first match is the earliest.
    for (const Reservation &r : m_reservations) {
        if (r.fromMs > t && r.devices.contains(device))
            return r;
    }
    return std::nullopt;
}

Status ReservationBook::save()
{
    if (!m_blocked.isEmpty())
        return Status::failure(m_blocked);
    prune();
    QJsonArray array;
    for (const Reservation &r : std::as_const(m_reservations))
        array.append(r.toJson());
    QJsonObject root;
    root.insert(QStringLiteral("reservations"), array);
    return LabFile::write(m_path, kFileVersion, root);
}

int ReservationBook::upcomingOf(const QString &user, qint64 nowMs) const
{
    return int(std::count_if(m_reservations.cbegin(), m_reservations.cend(),
                             [&](const Reservation &r) { return r.user == user && r.toMs > nowMs; }));
}

void ReservationBook::prune()
{
    const qint64 now = m_clock.nowMs();
    const qint64 horizon = now - kKeepEndedMs;
    m_reservations.removeIf([horizon](const Reservation &r) { return r.toMs < horizon; });
    // Newest ended first, so the count keeps each user's latest.
    QList<Reservation> ended;
    for (const Reservation &r : std::as_const(m_reservations))
        if (r.toMs <= now)
            ended.append(r);
    std::sort(ended.begin(), ended.end(),
              [](const Reservation &a, const Reservation &b) { return a.toMs > b.toMs; });
    QHash<QString, int> kept;
    QSet<QString> dropped;
    for (const Reservation &r : std::as_const(ended))
        if (++kept[r.user] > kKeepEndedPerUser)
            dropped.insert(r.id);
    if (!dropped.isEmpty())
        m_reservations.removeIf([&dropped](const Reservation &r) { return dropped.contains(r.id); });
}
