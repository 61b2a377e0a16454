#include "queuecoordinator.h"

#include "agentclient.h"
#include "identity.h"
#include "labclock.h"
#include "labdevices.h"
#include "labservice.h"
#include "logging.h"
#include "preflight.h"
#include "rendezvousport.h"
#include "rendezvoussecret.h"
#include "runsupervisor.h"
#include "telemetrysampler.h"

#include <limits>
#include <QCborArray>
#include <QJsonArray>
#include <QScopeGuard>
#include <QTimer>

namespace {
// A refused or failed attempt waits this long before the scheduler may try it again.
constexpr qint64 kRetryMs = 15 * 1000;
// Long enough for the handshakes with every other node and their answers.
constexpr qint64 kAttemptLeaseTtlMs = 60 * 1000;

QString hostPort(const QString &host, quint16 port)
{
    return host.contains(QLatin1Char(':')) ? QStringLiteral("[%1]:%2").arg(host).arg(port)
                                           : QStringLiteral("%1:%2").arg(host).arg(port);
}
} // namespace

QueueCoordinator::QueueCoordinator(LabService &lab, QObject *parent)
    : QObject(parent)
    , m_lab(lab)
{}

QueueCoordinator::~QueueCoordinator()
{
    qDeleteAll(m_attempts);
}

QString QueueCoordinator::coordinatorFingerprint(const QueueEntry &entry)
{
    const QJsonArray nodes = entry.plan.value(QStringLiteral("nodes")).toArray();
    return Identity::normalizeFingerprint(
        nodes.isEmpty() ? QString()
                        : nodes.first().toObject().value(QStringLiteral("fingerprint")).toString());
}

QList<QueueScheduler::Placement> QueueCoordinator::placements(qint64 nowMs, bool coordinatedOnly) const
{
    QueueScheduler::Input in;
    in.nowMs = nowMs;
    in.deviceCount = m_lab.deviceCount();
    in.leases = m_lab.m_leases.leases();
    in.reservations = m_lab.m_reservations.reservations();
    in.entries = m_lab.m_queue.entries();
    if (coordinatedOnly)
        in.entries.removeIf([](const QueueEntry &e) { return !e.coordinator; });
    in.recentSeconds = m_lab.m_usage.recentSecondsByUser(nowMs, in.leases);
    in.policy = m_lab.m_policy;
    for (auto it = m_retryAfter.cbegin(); it != m_retryAfter.cend(); ++it)
        in.retryAfterMs.insert(it.key(), it.value());
    return QueueScheduler::schedule(in);
}

void QueueCoordinator::startDue(qint64 nowMs)
{
    // A start releases leases on its failures, and a release asks for scheduling: entering again
    // from there recursed without end (issue #29, item 1). The running call places again instead.
    if (m_starting) {
        m_placeAgain = true;
        return;
    }
    m_starting = true;
    const auto done = qScopeGuard([this] { m_starting = false; });
    // Each start changes what the next may do (its lease is in the next placement): place again after each,
    // until nothing more may start now. A start across nodes is asynchronous: its lease holds its place.
    m_nextDueMs = nowMs + kLongestIdleMs;
    for (int round = 0; round < 64 && m_lab.m_queue.size() > 0; ++round) {
        m_placeAgain = false;
        bool started = false;
        const QList<QueueScheduler::Placement> placed = placements(nowMs, true);
        ++m_placingRounds;
        for (const QueueScheduler::Placement &p : placed) {
            if (p.placeable && p.startMs > nowMs)
                m_nextDueMs = std::min(m_nextDueMs, std::max(p.startMs, nowMs + 1000));
            if (const qint64 retry = m_retryAfter.value(p.runId, 0); retry > nowMs)
                m_nextDueMs = std::min(m_nextDueMs, std::max(retry, nowMs + 1000));
        }
        for (const QueueScheduler::Placement &p : placed) {
            if (!p.startsNow || m_attempts.contains(p.runId) || m_retryAfter.value(p.runId, 0) > nowMs)
                continue;
            const auto entry = m_lab.m_queue.entry(p.runId);
            if (!entry || !entry->coordinator)
                continue; // another node's agent starts it
            if (const QString why = unstartable(*entry); !why.isEmpty())
                quarantine(*entry, why);
            else if (entry->plan.value(QStringLiteral("nodes")).toArray().size() > 1)
                startAcross(*entry, p);
            else
                startHere(*entry, p);
            started = true;
            break;
        }
        if (!started && !m_placeAgain)
            return;
    }
}

QString QueueCoordinator::unstartable(const QueueEntry &entry) const
{
    const QString state = m_lab.m.runs.stateOf(entry.runId);
    if (state != QLatin1String("queued"))
        return state.isEmpty() ? tr("this agent has no journal of the run")
                               : tr("its journal here says %1, not queued").arg(state);
    const QJsonArray nodes = entry.plan.value(QStringLiteral("nodes")).toArray();
    const QJsonArray configNodes =
        entry.plan.value(QStringLiteral("config")).toObject().value(QStringLiteral("nodes")).toArray();
    if (nodes.isEmpty() || nodes.size() != configNodes.size())
        return tr("its plan does not match its nodes");
    if (nodes.first().toObject().value(QStringLiteral("host")).toString().isEmpty())
        return tr("its plan names no address for this machine, where its workers meet");
    return {};
}

void QueueCoordinator::quarantine(const QueueEntry &entry, const QString &reason)
{
    qCWarning(lcRuns).noquote() << "lab: queued run" << entry.runId << "of" << entry.user
                                << "cannot start and leaves the queue:" << reason;
    m_retryAfter.remove(entry.runId);
    if (auto removed = m_lab.m_queue.remove(entry.runId); !removed) {
        // Its file cannot go: it stays, but is never tried again while this agent runs.
        qCWarning(lcRuns).noquote() << "lab:" << removed.error();
        m_retryAfter.insert(entry.runId, std::numeric_limits<qint64>::max());
        return;
    }
    const TranslatableText why =
        TranslatableText("LabText", QT_TRANSLATE_NOOP("LabText", "could not be started from the queue: %1"))
            .arg(reason);
    if (m_lab.m.runs.stateOf(entry.runId) == QLatin1String("queued"))
        (void)m_lab.m.runs.cancelQueued(entry.runId, why);
    Q_EMIT m_lab.changed(QStringLiteral("queue"));
    m_lab.sendNotice(QStringLiteral("failed"), entry.runId, entry.user, why);
}

void QueueCoordinator::forget(const QString &runId)
{
    if (m_attempts.contains(runId))
        giveUp(runId, false, QString());
    m_retryAfter.remove(runId);
}

QJsonObject QueueCoordinator::startFields(const QueueEntry &entry, int nodeIndex, int firstRank,
                                          const QList<int> &devices, const QString &master,
                                          const QString &secret) const
{
    QJsonObject config = entry.plan.value(QStringLiteral("config")).toObject();
    QJsonArray nodes = config.value(QStringLiteral("nodes")).toArray();
    QJsonObject node = nodes[nodeIndex].toObject();
    node[QStringLiteral("devices")] = LabDevices::toJson(devices);
    nodes[nodeIndex] = node;
    config[QStringLiteral("nodes")] = nodes;
    const TelemetrySnapshot &t = m_lab.m.sampler.latest();
    return QJsonObject{{QStringLiteral("config"), config},
                       {QStringLiteral("node_index"), nodeIndex},
                       {QStringLiteral("first_rank"), firstRank},
                       {QStringLiteral("world_size"), entry.plan.value(QStringLiteral("world_size")).toInt()},
                       {QStringLiteral("master"), master},
                       {QStringLiteral("rendezvous_secret"), secret},
                       {QStringLiteral("device_kind"), t.devices.isEmpty()
                                                           ? QStringLiteral("cpu")
                                                           : DeviceSample::kindName(t.devices.first().kind)}};
}

void QueueCoordinator::startHere(const QueueEntry &entry, const QueueScheduler::Placement &placement)
{
    const qint64 now = m_lab.m.clock.nowMs();
    LeaseBook::AcquireRequest want;
    want.runId = entry.runId;
    want.user = entry.user;
    want.controller = entry.controller;
    want.devices = placement.devices;
    want.expectedMs = entry.predictedMs;
    want.deviceCount = m_lab.deviceCount();
    want.queued = true;
    const LeaseBook::AcquireResult lease = m_lab.m_leases.acquire(want, m_lab.m_reservations, m_lab.m_policy);
    if (!lease.ok()) {
        // The scheduler and the book disagree only for a moment (a lease that just came): next turn.
        m_retryAfter.insert(entry.runId, now + kRetryMs);
        return;
    }
    const quint16 port = RendezvousPort::pick();
    const QJsonArray nodes = entry.plan.value(QStringLiteral("nodes")).toArray();
    const QString host = nodes.first().toObject().value(QStringLiteral("host")).toString();
    if (port == 0 || host.isEmpty()) {
        // The retry is noted before the release: a release schedules, and must not start this again.
        m_retryAfter.insert(entry.runId, now + kRetryMs);
        m_lab.releaseLease(lease.lease->id);
        return;
    }
    const QJsonObject start =
        startFields(entry, 0, 0, lease.lease->devices, hostPort(host, port), RendezvousSecret::fresh());
    if (auto s = m_lab.confirmLease(lease.lease->id); !s) {
        m_retryAfter.insert(entry.runId, now + kRetryMs);
        return;
    }
    if (auto s = m_lab.m.runs.startQueued(entry.runId, start); !s) {
        qCWarning(lcRuns).noquote() << "lab: queued run" << entry.runId << "could not start:" << s.error();
        // Refused before it started (this agent's --max-runs, say): it waits for its next turn. A start
        // that failed is journaled as failed, and its entry went with that state.
        m_retryAfter.insert(entry.runId, now + kRetryMs);
        m_lab.releaseLease(lease.lease->id);
        return;
    }
    (void)m_lab.m_queue.remove(entry.runId);
    Q_EMIT m_lab.changed(QStringLiteral("queue"));
    qCInfo(lcRuns).noquote() << "lab: started queued run" << entry.runId << "of" << entry.user;
    m_lab.sendNotice(QStringLiteral("started"), entry.runId, entry.user);
}

void QueueCoordinator::startAcross(const QueueEntry &entry, const QueueScheduler::Placement &placement)
{
    const qint64 now = m_lab.m.clock.nowMs();
    LeaseBook::AcquireRequest want;
    want.runId = entry.runId;
    want.user = entry.user;
    want.controller = entry.controller;
    want.devices = placement.devices;
    want.expectedMs = entry.predictedMs;
    want.deviceCount = m_lab.deviceCount();
    want.queued = true;
    want.ttlMs = kAttemptLeaseTtlMs;
    const LeaseBook::AcquireResult lease = m_lab.m_leases.acquire(want, m_lab.m_reservations, m_lab.m_policy);
    if (!lease.ok()) {
        m_retryAfter.insert(entry.runId, now + kRetryMs);
        return;
    }
    auto *a = new Attempt;
    a->runId = entry.runId;
    a->localLease = lease.lease->id;
    const QJsonArray nodes = entry.plan.value(QStringLiteral("nodes")).toArray();
    for (qsizetype i = 1; i < nodes.size(); ++i) {
        const QJsonObject n = nodes[i].toObject();
        Peer p;
        p.nodeIndex = int(i);
        p.nodeId = n.value(QStringLiteral("node_id")).toString();
        p.name = n.value(QStringLiteral("name")).toString();
        p.host = n.value(QStringLiteral("host")).toString();
        p.port = quint16(n.value(QStringLiteral("port")).toInt());
        p.fingerprint = Identity::normalizeFingerprint(n.value(QStringLiteral("fingerprint")).toString());
        p.firstRank = n.value(QStringLiteral("first_rank")).toInt();
        a->peers.append(p);
    }
    m_attempts.insert(entry.runId, a);
    a->pending = int(a->peers.size());
    qCInfo(lcRuns).noquote() << "lab: coordinating queued run" << entry.runId << "over" << nodes.size()
                             << "nodes";
    for (int i = 0; i < a->peers.size(); ++i) {
        Peer &p = a->peers[i];
        auto *client = new AgentClient(m_lab.m.identity, p.host, p.port, this);
        client->setRole(QStringLiteral("coordinator"));
        p.client = client;
        const QString runId = entry.runId;
        connect(client, &AgentClient::handshakeDone, this, [this, runId, i] { onPeerReady(runId, i); });
        connect(client, &AgentClient::disconnected, this,
                [this, runId, i](const QString &reason, const QString &) {
                    Attempt *at = attempt(runId);
                    if (!at || at->peers[i].started || !at->peers[i].leaseId.isEmpty() || at->pending <= 0)
                        return;
                    at->failures << tr("%1: %2").arg(at->peers[i].name, reason);
                    at->refused = true; // an agent away: try again later
                    if (--at->pending == 0)
                        onLeasesDone(runId);
                });
        client->connectToAgent();
    }
}

void QueueCoordinator::onPeerReady(const QString &runId, int index)
{
    Attempt *a = attempt(runId);
    if (!a)
        return;
    Peer &p = a->peers[index];
    // The controller that queued the run pinned this certificate: anything else is not that node.
    if (p.client->peerFingerprint() != p.fingerprint) {
        qCWarning(lcTrust).noquote() << "lab: node" << p.name << "at" << p.host
                                     << "showed another certificate";
        a->failures << tr("%1 showed another certificate than the one its controller pinned").arg(p.name);
        p.client->disconnectFromAgent();
        if (--a->pending == 0)
            onLeasesDone(runId);
        return;
    }
    p.client->request(
        Message::Type::LeaseAcquire,
        QCborMap{{QStringLiteral("run_id"), runId}, {QStringLiteral("now"), m_lab.m.clock.nowMs()}}, this,
        [this, runId, index](const Expected<QCborMap> &reply) {
            Attempt *at = attempt(runId);
            if (!at)
                return;
            if (reply) {
                at->peers[index].leaseId = reply->value(QStringLiteral("lease_id")).toString();
            } else {
                at->failures << tr("%1: %2").arg(at->peers[index].name, reply.error());
                at->refused = true;
            }
            if (--at->pending == 0)
                onLeasesDone(runId);
        });
}

void QueueCoordinator::onLeasesDone(const QString &runId)
{
    Attempt *a = attempt(runId);
    const auto entry = m_lab.m_queue.entry(runId);
    if (!a || !entry)
        return;
    if (!a->failures.isEmpty()) {
        qCInfo(lcRuns).noquote() << "lab: queued run" << runId
                                 << "waits on:" << a->failures.join(QStringLiteral("; "));
        giveUp(runId, a->refused, a->failures.join(QStringLiteral("; ")));
        return;
    }
    // Every node holds its devices: start them all with one secret at the coordinator's address.
    const quint16 port = RendezvousPort::pick();
    const QString host = entry->plan.value(QStringLiteral("nodes"))
                             .toArray()
                             .first()
                             .toObject()
                             .value(QStringLiteral("host"))
                             .toString();
    if (port == 0) {
        giveUp(runId, true, tr("no free TCP port for the workers' rendezvous"));
        return;
    }
    const QString master = hostPort(host, port);
    const QString secret = RendezvousSecret::fresh();
    a->localStart = startFields(*entry, 0, 0, m_lab.m_leases.lease(a->localLease).value_or(Lease{}).devices,
                                master, secret);
    a->pending = int(a->peers.size());
    const QJsonArray nodes = entry->plan.value(QStringLiteral("nodes")).toArray();
    for (int i = 0; i < a->peers.size(); ++i) {
        Peer &p = a->peers[i];
        const auto devices =
            LabDevices::fromJson(nodes[p.nodeIndex].toObject().value(QStringLiteral("devices")));
        QCborMap body = QCborMap::fromJsonObject(
            startFields(*entry, p.nodeIndex, p.firstRank, devices.value_or(QList<int>{}), master, secret));
        body[QStringLiteral("run_id")] = runId;
        body[QStringLiteral("lease_id")] = p.leaseId;
        p.client->request(Message::Type::StartRun, body, this,
                          [this, runId, i](const Expected<QCborMap> &reply) {
                              Attempt *at = attempt(runId);
                              if (!at)
                                  return;
                              if (reply)
                                  at->peers[i].started = true;
                              else
                                  at->failures << tr("%1: %2").arg(at->peers[i].name, reply.error());
                              if (--at->pending == 0)
                                  onStartsDone(runId);
                          });
    }
}

void QueueCoordinator::onStartsDone(const QString &runId)
{
    Attempt *a = attempt(runId);
    const auto entry = m_lab.m_queue.entry(runId);
    if (!a || !entry)
        return;
    if (!a->failures.isEmpty()) {
        // A node could not start: the others must not wait for it at the rendezvous.
        giveUp(runId, false, a->failures.join(QStringLiteral("; ")));
        return;
    }
    // The other nodes' workers wait at the rendezvous; this node's rank 0 hosts it.
    if (auto s = m_lab.confirmLease(a->localLease); !s) {
        giveUp(runId, false, s.error());
        return;
    }
    if (auto s = m_lab.m.runs.startQueued(runId, a->localStart); !s) {
        qCWarning(lcRuns).noquote() << "lab: queued run" << runId << "could not start here:" << s.error();
        giveUp(runId, false, s.error());
        return;
    }
    (void)m_lab.m_queue.remove(runId);
    Q_EMIT m_lab.changed(QStringLiteral("queue"));
    for (Peer &p : a->peers) {
        if (p.client)
            p.client->deleteLater();
    }
    qCInfo(lcRuns).noquote() << "lab: started queued run" << runId << "of" << entry->user << "on"
                             << a->peers.size() + 1 << "nodes";
    m_lab.sendNotice(QStringLiteral("started"), runId, entry->user);
    delete m_attempts.take(runId);
}

void QueueCoordinator::giveUp(const QString &runId, bool retry, const QString &reason)
{
    Attempt *a = m_attempts.take(runId);
    if (!a)
        return;
    for (Peer &p : a->peers) {
        if (!p.client)
            continue;
        if (p.started)
            p.client->request(Message::Type::AbortRun, QCborMap{{QStringLiteral("run_id"), runId}}, this,
                              [](const Expected<QCborMap> &) {});
        else if (!p.leaseId.isEmpty())
            p.client->request(Message::Type::LeaseRelease, QCborMap{{QStringLiteral("lease_id"), p.leaseId}},
                              this, [](const Expected<QCborMap> &) {});
        // Closed once the requests are on their way; a lease not released expires on its agent anyway.
        AgentClient *client = p.client;
        QTimer::singleShot(2000, client, [client] { client->deleteLater(); });
    }
    if (retry)
        m_retryAfter.insert(runId, m_lab.m.clock.nowMs() + kRetryMs);
    m_lab.releaseLease(a->localLease);
    if (!retry && !reason.isEmpty() && m_lab.m_queue.contains(runId)) {
        (void)m_lab.m_queue.remove(runId);
        (void)m_lab.m.runs.cancelQueued(
            runId, TranslatableText("LabText",
                                    QT_TRANSLATE_NOOP("LabText", "could not be started from the queue: %1"))
                       .arg(reason));
        Q_EMIT m_lab.changed(QStringLiteral("queue"));
    }
    delete a;
}
