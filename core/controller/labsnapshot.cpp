#include "labsnapshot.h"

#include "cborvalue.h"

#include <algorithm>
#include <QCborArray>
#include <QCoreApplication>
#include <QLocale>
#include <QSet>

namespace {
QList<int> intList(const QCborValue &value)
{
    QList<int> out;
    for (const QCborValue v : value.toArray())
        out.append(int(v.toInteger()));
    return out;
}

LabBooking booking(const QCborMap &b, const QString &nodeId, const QString &nodeName, qint64 offsetMs)
{
    LabBooking r;
    r.id = b.value(QStringLiteral("id")).toString();
    r.nodeId = nodeId;
    r.nodeName = nodeName;
    r.user = b.value(QStringLiteral("user")).toString();
    r.note = b.value(QStringLiteral("note")).toString();
    r.devices = intList(b.value(QStringLiteral("devices")));
    r.fromMs = labBookingEdge(b.value(QStringLiteral("from")).toInteger(), offsetMs);
    r.toMs = labBookingEdge(b.value(QStringLiteral("to")).toInteger(), offsetMs);
    return r;
}

LabSeries series(const QCborMap &m, qint64 offsetMs)
{
    LabSeries s;
    if (m.isEmpty())
        return s;
    s.startMs = m.value(QStringLiteral("start")).toInteger() - offsetMs;
    s.stepMs = m.value(QStringLiteral("step")).toInteger();
    s.util = intList(m.value(QStringLiteral("util")));
    return s;
}

// An agent's time on our clock; 0 stays "unknown".
qint64 local(const QCborValue &v, qint64 offsetMs)
{
    const qint64 t = v.toInteger();
    return t > 0 ? t - offsetMs : 0;
}
} // namespace

QString labDeviceTime(double hours)
{
    if (hours > 0 && hours < 0.05) {
        const int minutes = qMax(1, qRound(hours * 60));
        return QCoreApplication::translate("LabUsage", "%Ln min", nullptr, minutes);
    }
    return QLocale().toString(hours, 'f', 1);
}

qint64 labClockOffset(qint64 sentMs, qint64 receivedMs, qint64 agentNowMs)
{
    // The agent read its clock somewhere between sending and receiving: the middle is the best guess.
    return agentNowMs - (sentMs + receivedMs) / 2;
}

qint64 labBookingEdge(qint64 agentMs, qint64 offsetMs)
{
    constexpr qint64 kMinute = 60 * 1000;
    const qint64 ours = agentMs - offsetMs;
    return (ours >= 0 ? ours + kMinute / 2 : ours - kMinute / 2) / kMinute * kMinute;
}

double LabSeries::mean() const
{
    double sum = 0;
    int n = 0;
    for (int u : util) {
        if (u >= 0) {
            sum += u;
            ++n;
        }
    }
    return n > 0 ? sum / n : -1;
}

QString LabDevice::stateKey(State state)
{
    switch (state) {
    case State::Free:
        return QStringLiteral("free");
    case State::Held:
        return QStringLiteral("held");
    case State::Pending:
        return QStringLiteral("pending");
    case State::Booked:
        return QStringLiteral("booked");
    }
    return {};
}

LabDevice::State LabDevice::stateFromKey(const QString &key)
{
    for (State s : {State::Free, State::Held, State::Pending, State::Booked}) {
        if (stateKey(s) == key)
            return s;
    }
    return State::Free;
}

LabNode LabNode::fromReply(const QCborMap &reply, qint64 offsetMs)
{
    LabNode n;
    n.nodeId = reply.value(QStringLiteral("node_id")).toString();
    n.name = reply.value(QStringLiteral("name")).toString();
    n.user = reply.value(QStringLiteral("user")).toString();
    n.admin = reply.value(QStringLiteral("admin")).toBool();
    n.policy = reply.value(QStringLiteral("policy")).toMap().toJsonObject();
    for (const QCborValue v : reply.value(QStringLiteral("problems")).toArray())
        n.problems << v.toString();
    n.offsetMs = offsetMs;
    for (const QCborValue v : reply.value(QStringLiteral("devices")).toArray()) {
        const QCborMap m = v.toMap();
        LabDevice d;
        d.nodeId = n.nodeId;
        d.nodeName = n.name;
        d.index = int(m.value(QStringLiteral("index")).toInteger());
        d.name = m.value(QStringLiteral("name")).toString();
        d.kind = m.value(QStringLiteral("kind")).toString();
        d.util = int(m.value(QStringLiteral("util")).toInteger());
        d.memUsed = m.value(QStringLiteral("mem_used")).toInteger();
        d.memTotal = m.value(QStringLiteral("mem_total")).toInteger();
        d.state = LabDevice::stateFromKey(m.value(QStringLiteral("state")).toString());
        if (const QCborMap l = m.value(QStringLiteral("lease")).toMap(); !l.isEmpty()) {
            LabHold h;
            h.leaseId = l.value(QStringLiteral("id")).toString();
            h.runId = l.value(QStringLiteral("run_id")).toString();
            h.user = l.value(QStringLiteral("user")).toString();
            h.sinceMs = local(l.value(QStringLiteral("since")), offsetMs);
            h.untilMs = local(l.value(QStringLiteral("until")), offsetMs);
            h.pending = l.value(QStringLiteral("pending")).toBool();
            h.queued = l.value(QStringLiteral("queued")).toBool();
            d.hold = h;
        }
        if (const QCborMap b = m.value(QStringLiteral("booking")).toMap(); !b.isEmpty())
            d.booking = booking(b, n.nodeId, n.name, offsetMs);
        if (const QCborMap b = m.value(QStringLiteral("next_booking")).toMap(); !b.isEmpty())
            d.nextBooking = booking(b, n.nodeId, n.name, offsetMs);
        d.day = series(m.value(QStringLiteral("day")).toMap(), offsetMs);
        d.week = series(m.value(QStringLiteral("week")).toMap(), offsetMs);
        n.devices.append(d);
    }
    for (const QCborValue v : reply.value(QStringLiteral("bookings")).toArray())
        n.bookings.append(booking(v.toMap(), n.nodeId, n.name, offsetMs));
    for (const QCborValue v : reply.value(QStringLiteral("entries")).toArray()) {
        const QCborMap m = v.toMap();
        LabQueueEntry e;
        e.runId = m.value(QStringLiteral("run_id")).toString();
        e.name = m.value(QStringLiteral("name")).toString();
        e.user = m.value(QStringLiteral("user")).toString();
        e.nodeId = n.nodeId;
        e.nodeName = n.name;
        e.position = int(m.value(QStringLiteral("position")).toInteger());
        e.placeable = m.value(QStringLiteral("placeable")).toBool(true);
        e.estimatedStartMs = local(m.value(QStringLiteral("estimated_start")), offsetMs);
        e.estimatedEndMs = local(m.value(QStringLiteral("estimated_end")), offsetMs);
        e.submittedMs = local(m.value(QStringLiteral("submitted")), offsetMs);
        e.predictedS = m.value(QStringLiteral("predicted_s")).toInteger();
        e.devices = intList(m.value(QStringLiteral("devices")));
        e.coordinator = m.value(QStringLiteral("coordinator")).toBool();
        e.nodes = int(m.value(QStringLiteral("nodes")).toInteger(1));
        if (m.contains(QStringLiteral("why_text")))
            e.why = TranslatableText::fromCbor(m.value(QStringLiteral("why_text")));
        n.queue.append(e);
    }
    return n;
}

QList<LabDevice> LabSnapshot::devices() const
{
    QList<LabDevice> out;
    for (const LabNode &n : nodes)
        out += n.devices;
    return out;
}

QStringList LabSnapshot::problems() const
{
    QStringList out;
    for (const LabNode &n : nodes)
        for (const QString &p : n.problems)
            out << QStringLiteral("%1: %2").arg(n.name, p);
    return out;
}

QList<LabBooking> LabSnapshot::bookings() const
{
    QList<LabBooking> out;
    for (const LabNode &n : nodes)
        out += n.bookings;
    std::sort(out.begin(), out.end(), [](const LabBooking &a, const LabBooking &b) {
        return std::tie(a.fromMs, a.nodeName, a.id) < std::tie(b.fromMs, b.nodeName, b.id);
    });
    return out;
}

QList<LabQueueEntry> LabSnapshot::queue() const
{
    QList<LabQueueEntry> out;
    QSet<QString> seen;
    for (const LabNode &n : nodes) {
        for (const LabQueueEntry &e : n.queue) {
            if (e.coordinator) {
                out.append(e);
                seen.insert(e.runId);
            }
        }
    }
    // A run whose coordinator could not be asked still shows, as one of its other nodes sees it.
    for (const LabNode &n : nodes) {
        for (const LabQueueEntry &e : n.queue) {
            if (!seen.contains(e.runId)) {
                out.append(e);
                seen.insert(e.runId);
            }
        }
    }
    std::stable_sort(out.begin(), out.end(), [](const LabQueueEntry &a, const LabQueueEntry &b) {
        const qint64 sa =
            a.placeable && a.estimatedStartMs > 0 ? a.estimatedStartMs : std::numeric_limits<qint64>::max();
        const qint64 sb =
            b.placeable && b.estimatedStartMs > 0 ? b.estimatedStartMs : std::numeric_limits<qint64>::max();
        return std::tie(sa, a.submittedMs, a.runId) < std::tie(sb, b.submittedMs, b.runId);
    });
    return out;
}
