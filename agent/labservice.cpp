#include "labservice.h"

#include "agentaccess.h"
#include "agentsession.h"
#include "cborvalue.h"
#include "identity.h"
#include "labclock.h"
#include "labdevices.h"
#include "labreplies.h"
#include "labtext.h"
#include "logging.h"
#include "nodestate.h"
#include "pathpolicy.h"
#include "protocol.h"
#include "queuecoordinator.h"
#include "queuescheduler.h"
#include "runconfig.h"
#include "runrecord.h"
#include "runsupervisor.h"
#include "telemetrysampler.h"
#include "username.h"

#include <algorithm>
#include <cstdlib>
#include <QCborArray>
#include <QDir>
#include <QJsonArray>

namespace {
// How often utilization is written into the day and week rings, and the rings saved.
constexpr qint64 kSampleEveryMs = 10 * 1000;
// On the wall clock, not the lab's: how much a crash may lose of the rings, and what it costs the disk.
constexpr int kSaveEveryMs = 10 * 60 * 1000;

} // namespace

LabService::LabService(const Context &context, QObject *parent)
    : QObject(parent)
    , m(context)
    , m_leases(QDir(m.dir).filePath(QStringLiteral("leases.json")), m.clock)
    , m_reservations(QDir(m.dir).filePath(QStringLiteral("reservations.json")), m.clock)
    , m_usage(QDir(m.dir).filePath(QStringLiteral("usage.json")), m.clock)
    , m_utilization(QDir(m.dir).filePath(QStringLiteral("utilization.json")), m.clock)
    , m_queue(QDir(m.dir).filePath(QStringLiteral("queue")), m.clock)
    , m_coordinator(new QueueCoordinator(*this, this))
{}

LabService::~LabService()
{
    (void)m_utilization.save(); // the rings survive a restart (the gap while it is down stays empty)
}

Status LabService::start()
{
    if (!QDir().mkpath(m.dir))
        return Status::failure(tr("cannot create %1").arg(m.dir));
    QFile::setPermissions(m.dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    // A damaged book is kept aside and reported; the agent goes on with what it could read.
    QStringList problems;
    auto take = [&problems](const Expected<LabLoad> &load) -> Status {
        if (!load)
            return Status::failure(load.error());
        problems += load->problems;
        return {};
    };
    LabLoad policyLoad;
    auto policy =
        LabPolicy::load(QDir(m.dir).filePath(QStringLiteral("policy.json")), m.clock.nowMs(), &policyLoad);
    if (!policy)
        return Status::failure(policy.error());
    m_policy = *policy;
    m.access.users().setNameRules(m_policy.mayEndOthers, m_policy.namesByAdmin);
    m_policyProblems = policyLoad.problems;
    for (const Expected<LabLoad> &load :
         {m_leases.load(), m_reservations.load(), m_usage.load(), m_utilization.load(), m_queue.load()}) {
        if (auto s = take(load); !s)
            return s;
    }
    m_fileProblems = problems;
    for (const QString &p : m_policyProblems + problems)
        qCWarning(lcRuns).noquote() << "lab:" << p;

    // A lease whose run is not going on here any more (the agent stopped meanwhile, and its
    // workers with it) holds nothing: the run was marked failed when its journal was re-opened.
    for (const Lease &l : m_leases.leases()) {
        const NodeState state = NodeStates::fromString(m.runs.stateOf(l.runId));
        if (l.isActive() && (state == NodeState::Unknown || NodeStates::isFinal(state))) {
            if (auto released = m_leases.release(l.id))
                closed(*released);
        }
    }
    connect(&m.runs, &RunSupervisor::stateChanged, this, &LabService::onRunState);
    connect(&m.runs, &RunSupervisor::event, this, &LabService::onRunEvent);
    connect(&m.sampler, &TelemetrySampler::sampled, this, &LabService::onSampled);
    connect(&m_tick, &QTimer::timeout, this, &LabService::tick);
    connect(this, &LabService::changed, this, [this] { m_scheduleDirty = true; });
    m_tick.start(1000);
    connect(&m_saveTimer, &QTimer::timeout, this, [this] {
        if (auto s = m_utilization.save(); !s)
            qCWarning(lcRuns).noquote() << "lab:" << s.error();
    });
    m_saveTimer.start(kSaveEveryMs);
    return {};
}

int LabService::deviceCount() const
{
    return qMax(1, int(m.sampler.latest().devices.size()));
}

QCborMap LabService::withNow(QCborMap body) const
{
    body[QStringLiteral("now")] = m.clock.nowMs();
    return body;
}

qint64 LabService::secondsToMs(qint64 seconds)
{
    // A predicted or expected length from a controller: at most a year, so its milliseconds never wrap.
    return qBound<qint64>(0, seconds, kYearMs / 1000) * 1000;
}

LabService::Grant LabService::refused(const Refusal &refusal) const
{
    const TranslatableText text = LabText::refusal(refusal, m.clock.nowMs());
    Grant g;
    g.code = refusal.kindName();
    g.message = text;
    g.details = withNow(QCborMap{{QStringLiteral("holder"), QCborMap::fromJsonObject(refusal.toJson())}});
    return g;
}

LabService::Grant LabService::grantFrom(const LeaseBook::AcquireResult &result)
{
    Grant g;
    if (result.ok()) {
        g.leaseId = result.lease->id;
        if (!result.existing)
            Q_EMIT changed(QStringLiteral("leases"));
        return g;
    }
    if (result.refusal)
        return refused(*result.refusal);
    g.code = QStringLiteral("failed");
    g.message = result.error;
    return g;
}

LabService::Grant LabService::leaseForStart(AgentSession *session, const QJsonObject &startRequest)
{
    const QString runId = startRequest.value(QStringLiteral("run_id")).toString();
    const QString leaseId = startRequest.value(QStringLiteral("lease_id")).toString();
    const int nodeIndex = startRequest.value(QStringLiteral("node_index")).toInt(-1);
    const QJsonArray nodes =
        startRequest.value(QStringLiteral("config")).toObject().value(QStringLiteral("nodes")).toArray();
    const QList<int> devices =
        LabDevices::fromJson(nodes.at(nodeIndex).toObject().value(QStringLiteral("devices")))
            .value_or(QList<int>{});
    if (auto bound = session->actAsUser(); !bound) {
        Grant g;
        g.code = QStringLiteral("user");
        g.message = bound.error();
        return g;
    }
    if (!leaseId.isEmpty()) {
        const auto lease = m_leases.lease(leaseId);
        Grant g;
        if (!lease || lease->runId != runId || lease->controller != session->controllerFingerprint()) {
            g.code = QStringLiteral("refused");
            g.message = TranslatableText("LabService", QT_TR_NOOP("no lease %1 for run %2 here (it may have "
                                                                  "expired); start the run again"))
                            .ltrArg(leaseId.left(40))
                            .ltrArg(runId);
            return g;
        }
        if (lease->devices != devices) {
            g.code = QStringLiteral("refused");
            g.message =
                TranslatableText("LabService", QT_TR_NOOP("lease %1 holds other devices than the run names"))
                    .ltrArg(leaseId.left(40));
            return g;
        }
        g.leaseId = leaseId;
        return g;
    }
    LeaseBook::AcquireRequest want;
    want.runId = runId;
    want.user = session->user();
    want.controller = session->controllerFingerprint();
    want.devices = devices;
    want.deviceCount = deviceCount();
    return grantFrom(m_leases.acquire(want, m_reservations, m_policy));
}

Status LabService::confirmLease(const QString &leaseId)
{
    // 0: the book keeps the predicted length it was given, from now (the workers' start) on.
    auto confirmed = m_leases.confirm(leaseId, 0);
    if (!confirmed)
        return Status::failure(confirmed.error());
    Q_EMIT changed(QStringLiteral("leases"));
    return {};
}

QList<TranslatableText> LabService::startWarnings(const QString &user, const QList<int> &devices,
                                                  qint64 expectedSeconds) const
{
    if (devices.isEmpty())
        return {};
    LeaseBook::AcquireRequest want;
    want.user = user;
    want.devices = devices;
    want.deviceCount = deviceCount();
    want.expectedMs = secondsToMs(expectedSeconds);
    const auto refusal = m_leases.wouldRefuse(want, m_reservations, m_policy);
    if (!refusal)
        return {};
    return {LabText::refusal(*refusal, m.clock.nowMs()), LabText::startWouldBeRefused()};
}

void LabService::releaseLease(const QString &leaseId)
{
    if (auto released = m_leases.release(leaseId))
        closed(*released);
}

void LabService::closed(const Lease &lease)
{
    const qint64 now = m.clock.nowMs();
    if (auto s = m_usage.recordClosed(lease, now); !s)
        qCWarning(lcRuns).noquote() << "lab: usage not recorded:" << s.error();
    m_idleSince.remove(lease.id);
    Q_EMIT changed(QStringLiteral("leases"));
    schedule(); // its devices may be what the queue waits for
}

void LabService::startFromCoordinator(AgentSession *session, qint64 requestId,
                                      const QJsonObject &startRequest)
{
    const QString runId = startRequest.value(QStringLiteral("run_id")).toString();
    const QString fp = session->controllerFingerprint();
    const auto entry = m_queue.entry(runId);
    const auto lease = m_leases.lease(startRequest.value(QStringLiteral("lease_id")).toString());
    if (!entry || !coordinates(fp, runId) || !lease || lease->runId != runId || lease->controller != fp) {
        session->replyError(requestId, QStringLiteral("forbidden"),
                            tr("run %1 is not queued here under a lease of this coordinator").arg(runId));
        return;
    }
    // Only what the queue could not know comes from the coordinator: ranks, master, secret, devices.
    const int nodeIndex = entry->plan.value(QStringLiteral("node_index")).toInt(-1);
    QJsonObject config = entry->plan.value(QStringLiteral("config")).toObject();
    QJsonArray nodes = config.value(QStringLiteral("nodes")).toArray();
    if (nodeIndex < 0 || nodeIndex >= nodes.size()) {
        session->replyError(requestId, QStringLiteral("invalid"),
                            tr("run %1's entry here is damaged").arg(runId));
        return;
    }
    QJsonObject node = nodes[nodeIndex].toObject();
    node[QStringLiteral("devices")] = LabDevices::toJson(lease->devices);
    nodes[nodeIndex] = node;
    config[QStringLiteral("nodes")] = nodes;
    QJsonObject start;
    for (const char *key : {"first_rank", "world_size", "master", "rendezvous_secret", "device_kind"})
        start[QLatin1String(key)] = startRequest.value(QLatin1String(key));
    start[QStringLiteral("config")] = config;
    if (auto s = confirmLease(lease->id); !s) {
        session->replyError(requestId, QStringLiteral("refused"), s.error());
        return;
    }
    if (auto s = m.runs.startQueued(runId, start); !s) {
        releaseLease(lease->id);
        session->replyError(requestId, QStringLiteral("refused"), s.error());
        return;
    }
    if (auto removed = m_queue.remove(runId); !removed)
        qCWarning(lcRuns).noquote() << "lab: queue entry" << runId << "not removed:" << removed.error();
    Q_EMIT changed(QStringLiteral("queue"));
    session->reply(requestId, withNow({}));
}

bool LabService::coordinates(const QString &fingerprint, const QString &runId) const
{
    if (fingerprint.isEmpty())
        return false;
    if (const auto entry = m_queue.entry(runId); entry && !entry->coordinator)
        return QueueCoordinator::coordinatorFingerprint(*entry) == fingerprint;
    // After the start: the lease it took here says who coordinates it (to abort it).
    const auto lease = m_leases.leaseOfRun(runId);
    return lease && lease->queued && lease->controller == fingerprint;
}

bool LabService::isCoordinator(const QString &fingerprint) const
{
    for (const QueueEntry &e : m_queue.entries()) {
        if (!e.coordinator && QueueCoordinator::coordinatorFingerprint(e) == fingerprint)
            return true;
    }
    for (const Lease &l : m_leases.leases()) {
        if (l.queued && l.controller == fingerprint)
            return true;
    }
    return false;
}

Status LabService::mayEnd(AgentSession *session, const QString &runId) const
{
    // Ending a run in a user's name needs the name to be this controller's (UserBindings).
    if (auto bound = session->actAsUser(); !bound)
        return bound;
    const QString owner = m.runs.userOf(runId);
    if (owner.isEmpty() || owner == session->user() || mayEndOthers(session))
        return {};
    return Status::failure(
        tr("run %1 belongs to %2; the lab's rules let only its user, the lab admin and the "
           "users the admin names end it")
            .arg(runId, owner));
}

bool LabService::mayEndOthers(AgentSession *session) const
{
    // The rules' rights go to the people the admin bound, never to whoever claimed a name first.
    if (session->isAdmin())
        return true;
    return m_policy.mayEndOthers.contains(session->user()) &&
           m.access.users().boundByAdmin(session->user(), session->controllerFingerprint());
}

QJsonObject LabService::policyJson() const
{
    QJsonObject o = m_policy.toJson();
    // Names the rules give rights to that no certificate holds by the admin's binding here: they have
    // none yet (LabPolicy::fromJson ignores the field when a controller sends the rules back).
    QStringList unbound;
    for (const QString &user : m_policy.mayEndOthers) {
        if (!m.access.users().boundByAdmin(user))
            unbound << user;
    }
    o.insert(QStringLiteral("may_end_unbound"), QJsonArray::fromStringList(unbound));
    return o;
}

void LabService::noteEndedBy(const QString &runId, const QString &user, bool stop)
{
    const QString owner = m.runs.userOf(runId);
    if (owner.isEmpty() || owner == user)
        return;
    m_endedBy.insert(runId, user);
    sendNotice(QStringLiteral("ended_by"), runId, owner, LabText::endedBy(user, stop));
}

void LabService::onRunEvent(const RunEvent &event)
{
    const bool ready = event.kind == EventKind::Ready;
    if (!ready && event.kind != EventKind::Step)
        return;
    const auto lease = m_leases.leaseOfRun(event.runId);
    if (!lease || !lease->isActive())
        return; // a run outside the lab's leases holds nothing a queued run waits for
    RunPace &pace = m_paces[event.runId];
    if (ready) {
        pace.onReady(qint64(event.payload.value(QStringLiteral("steps")).toDouble()),
                     qint64(event.payload.value(QStringLiteral("start_step")).toDouble()));
        return;
    }
    // The worker's own clock when it says (a burst of lines read at once keeps its spacing).
    const qint64 workerMs = qint64(event.payload.value(QStringLiteral("time")).toDouble());
    pace.onStep(qint64(event.payload.value(QStringLiteral("step")).toDouble()),
                workerMs > 0 ? workerMs : event.timeMs);
    const qint64 left = pace.remainingMs();
    if (left < 0)
        return;
    // Written when it moved by more than 10 s or a tenth of what is left: a steady run rewrites
    // its lease a few times, not at every step.
    const qint64 end = m.clock.nowMs() + left;
    const qint64 moved = std::abs(end - lease->expectedEndMs);
    if (lease->expectedEndMs > 0 && moved <= std::max<qint64>(10'000, left / 10))
        return;
    if (auto s = m_leases.confirm(lease->id, end); !s) {
        qCWarning(lcRuns).noquote() << "lab: the run's expected end not kept:" << s.error();
        return;
    }
    Q_EMIT changed(QStringLiteral("leases")); // the queue's estimated starts follow the holder's end
}

void LabService::onRunState(const QString &runId, const QString &state, const QString &)
{
    const NodeState s = NodeStates::fromString(state);
    if (!NodeStates::isFinal(s))
        return;
    m_paces.remove(runId);
    if (m_queue.contains(runId)) { // cancelled by a stop or abort before it started
        m_coordinator->forget(runId);
        (void)m_queue.remove(runId);
        Q_EMIT changed(QStringLiteral("queue"));
    }
    const auto lease = m_leases.leaseOfRun(runId);
    const QString user = m.runs.userOf(runId);
    if (lease) {
        if (auto released = m_leases.release(lease->id))
            closed(*released);
    }
    if (s == NodeState::Finished)
        sendNotice(QStringLiteral("finished"), runId, user);
    else if (s == NodeState::Failed)
        sendNotice(QStringLiteral("failed"), runId, user);
    else
        sendNotice(QStringLiteral("stopped"), runId, user);
    m_endedBy.remove(runId);
}

void LabService::sendNotice(const QString &kind, const QString &runId, const QString &user,
                            const TranslatableText &reason)
{
    QCborMap body{{QStringLiteral("kind"), kind},
                  {QStringLiteral("run_id"), runId},
                  {QStringLiteral("user"), user},
                  {QStringLiteral("node_id"), m.nodeId},
                  {QStringLiteral("state"), m.runs.stateOf(runId)}};
    if (!reason.isEmpty())
        body[QStringLiteral("reason_text")] = reason.toCbor();
    Q_EMIT notice(withNow(body));
}

void LabService::onSampled(const TelemetrySnapshot &snapshot)
{
    const qint64 now = m.clock.nowMs();
    for (const DeviceSample &d : snapshot.devices)
        m_utilizationNow.insert(d.index, d.utilization);
    if (now - m_lastSampleMs < kSampleEveryMs)
        return;
    m_lastSampleMs = now;
    for (const DeviceSample &d : snapshot.devices)
        m_utilization.add(d.index, now, d.utilization, d.memoryUsed);
}

void LabService::tick()
{
    const qint64 now = m.clock.nowMs();
    // The lab view needs utilization whether or not anyone watches: sample at least every 10 s.
    if (!m.sampler.isActive() && now - m_lastSampleMs >= kSampleEveryMs)
        m.sampler.sampleNow();
    if (auto expired = m_leases.expire(); expired && !expired->isEmpty()) {
        for (const Lease &l : *expired) {
            qCInfo(lcRuns).noquote() << "lab: lease of run" << l.runId << "expired unconfirmed";
            // Its devices were kept from everyone meanwhile: the time counts (issue #29, item 5).
            if (auto s = m_usage.recordClosed(l, l.expiresMs); !s)
                qCWarning(lcRuns).noquote() << "lab: usage not recorded:" << s.error();
        }
        Q_EMIT changed(QStringLiteral("leases"));
    }
    enforce();
    // Placed again when something changed (every change is announced), or when a run's estimated start
    // or retry comes; not every second whatever happened (issue #29, item 7).
    if (m_scheduleDirty || now >= m_coordinator->nextDueMs()) {
        m_scheduleDirty = false;
        schedule();
    }
}

void LabService::enforce()
{
    const qint64 now = m.clock.nowMs();
    for (const Lease &l : m_leases.leases()) {
        if (!l.isActive())
            continue;
        const NodeState state = NodeStates::fromString(m.runs.stateOf(l.runId));
        if (state != NodeState::Running && state != NodeState::Starting)
            continue; // already stopping, or gone
        // The longest run the rules allow.
        if (m_policy.maxRunSeconds > 0 && now - l.activeSinceMs >= m_policy.maxRunSeconds * 1000) {
            sendNotice(QStringLiteral("stopped"), l.runId, l.user,
                       LabText::longestRunReached(m_policy.maxRunSeconds));
            (void)m.runs.stopFor(l.runId, LabText::longestRunReached(m_policy.maxRunSeconds));
            continue;
        }
        // A booking of another user that begins on one of its devices: once the holder had notice of it,
        // or at once when its user may preempt (issue #29, item 2).
        bool stopped = false;
        const qint64 noticeMs = qint64(m_policy.bookingNoticeMinutes) * 60 * 1000;
        for (int d : l.devices) {
            const auto booking = m_reservations.activeAt(d, now);
            if (booking && booking->user != l.user &&
                (booking->preempts || now >= booking->createdMs + noticeMs)) {
                const TranslatableText why = LabText::bookingBegins(booking->user, d);
                sendNotice(QStringLiteral("stopped"), l.runId, l.user, why);
                (void)m.runs.stopFor(l.runId, why);
                stopped = true;
                break;
            }
        }
        if (stopped || !m_policy.idleReclaimOn())
            continue;
        // Idle reclaim: every device of the lease under the line for the whole time.
        bool idle = true;
        for (int d : l.devices)
            idle =
                idle && m_utilizationNow.contains(d) && m_utilizationNow.value(d) < m_policy.idleUtilPercent;
        if (!idle) {
            m_idleSince.remove(l.id);
            continue;
        }
        const qint64 since = m_idleSince.value(l.id, now);
        m_idleSince.insert(l.id, since);
        if (now - since >= qint64(m_policy.idleMinutes) * 60 * 1000) {
            const TranslatableText why =
                LabText::idleReclaimed(m_policy.idleUtilPercent, m_policy.idleMinutes);
            qCInfo(lcRuns).noquote() << "lab: reclaiming the idle devices of run" << l.runId << "of"
                                     << l.user;
            sendNotice(QStringLiteral("reclaimed"), l.runId, l.user, why);
            (void)m.runs.stopFor(l.runId, why);
            m_idleSince.remove(l.id);
        }
    }
}

void LabService::schedule()
{
    m_coordinator->startDue(m.clock.nowMs());
}
