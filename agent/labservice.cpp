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

QJsonObject toJson(const QCborMap &map)
{
    return QCborValue(map).toJsonValue().toObject();
}

QList<int> devicesOf(const QCborValue &value)
{
    return LabDevices::fromJson(value.toJsonValue()).value_or(QList<int>{});
}

bool validDeviceList(const QCborValue &value)
{
    return LabDevices::fromJson(value.toJsonValue()).has_value();
}
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

bool LabService::handles(Message::Type type)
{
    switch (type) {
    case Message::Type::LeaseAcquire:
    case Message::Type::LeaseRelease:
    case Message::Type::QueueSubmit:
    case Message::Type::QueueList:
    case Message::Type::QueueCancel:
    case Message::Type::Reserve:
    case Message::Type::Unreserve:
    case Message::Type::LabState:
    case Message::Type::Usage:
    case Message::Type::PolicyGet:
    case Message::Type::PolicySet:
        return true;
    default:
        return false;
    }
}

QCborMap LabService::withNow(QCborMap body) const
{
    body[QStringLiteral("now")] = m.clock.nowMs();
    return body;
}

std::optional<qint64> LabService::toLocal(qint64 senderMs, qint64 senderNowMs) const
{
    // Bounded before any arithmetic (issue #29, item 6): a booking is for the lab's next two years at
    // most, and a sender's clock is never taken from further than a year off ours.
    const qint64 now = m.clock.nowMs();
    if (senderNowMs > 0) {
        if (senderNowMs < now - kYearMs || senderNowMs > now + kYearMs || senderMs < senderNowMs - kYearMs ||
            senderMs > senderNowMs + 2 * kYearMs)
            return std::nullopt;
        // The sender's clock may be minutes off ours: what counts is how far from its `now` it meant.
        return senderMs - senderNowMs + now;
    }
    if (senderMs < now - kYearMs || senderMs > now + 2 * kYearMs)
        return std::nullopt;
    return senderMs;
}

qint64 LabService::secondsToMs(qint64 seconds)
{
    // A predicted or expected length from a controller: at most a year, so its milliseconds never wrap.
    return qBound<qint64>(0, seconds, kYearMs / 1000) * 1000;
}

void LabService::handle(AgentSession *session, const Message &request)
{
    const qint64 now = m.clock.nowMs();
    switch (request.type()) {
    case Message::Type::LeaseAcquire:
        onAcquire(session, request);
        return;
    case Message::Type::LeaseRelease:
        onRelease(session, request);
        return;
    case Message::Type::QueueSubmit:
        onSubmit(session, request);
        return;
    case Message::Type::QueueCancel:
        onCancel(session, request);
        return;
    case Message::Type::Reserve:
        onReserve(session, request);
        return;
    case Message::Type::Unreserve:
        onUnreserve(session, request);
        return;
    case Message::Type::PolicySet:
        onPolicySet(session, request);
        return;
    case Message::Type::QueueList:
        session->reply(request.id(), withNow(LabReplies::queue(*this, m_coordinator->placements(now), now)));
        return;
    case Message::Type::LabState: {
        const bool series = request.body().value(QStringLiteral("series")).toBool();
        QCborMap body = LabReplies::state(*this, m.sampler.latest(), m_reservations, m_utilization,
                                          m_coordinator->placements(now), now, series);
        body[QStringLiteral("node_id")] = m.nodeId;
        body[QStringLiteral("name")] = m.name;
        body[QStringLiteral("admin")] = session->isAdmin();
        body[QStringLiteral("user")] = session->user();
        // Damaged files found at start: the rules concern everyone, the rest is the admin's to mend.
        QStringList problems = session->isAdmin() ? m_policyProblems + m_fileProblems : m_policyProblems;
        // Under the frame limit whatever the books hold, with room for the problems and the envelope.
        const LabReplies::Trimmed trimmed =
            LabReplies::fit(body, Protocol::kMaxFrameBytes - kReplyMarginBytes, now);
        if (trimmed.any())
            problems
                << tr("too much to show at once, left out of this view: bookings %1, queued runs %2; the "
                      "lab admin can lower the per-user caps")
                       .arg(trimmed.bookings)
                       .arg(trimmed.entries);
        if (!problems.isEmpty())
            body[QStringLiteral("problems")] = QCborArray::fromStringList(problems);
        session->reply(request.id(), withNow(body));
        return;
    }
    case Message::Type::Usage: {
        const int weeks = int(qBound(
            qint64(1), CborValue::integer(request.body().value(QStringLiteral("weeks")), 8), qint64(52)));
        // The asker's week (its locale's first day, its time zone); an older controller says neither: ISO
        // weeks.
        const auto week = UsageLedger::WeekDefinition::of(
            CborValue::integer(request.body().value(QStringLiteral("first_day")), 1),
            CborValue::integer(request.body().value(QStringLiteral("utc_offset_min")), 0));
        if (!week) {
            session->replyError(request.id(), QStringLiteral("bad_request"),
                                tr("a week begins on day 1 to 7, in a time zone within 14 hours of UTC"));
            return;
        }
        session->reply(request.id(),
                       withNow(LabReplies::usage(m_usage, m_leases.leases(), now, weeks, *week)));
        return;
    }
    case Message::Type::PolicyGet:
        session->reply(request.id(),
                       withNow(QCborMap{{QStringLiteral("policy"), QCborMap::fromJsonObject(policyJson())},
                                        {QStringLiteral("admin"), session->isAdmin()}}));
        return;
    default:
        session->replyError(request.id(), QStringLiteral("unsupported"),
                            tr("this agent does not support \"%1\"").arg(request.typeName()));
    }
}

void LabService::replyRefusal(AgentSession *session, qint64 requestId, const Refusal &refusal)
{
    const TranslatableText text = LabText::refusal(refusal, m.clock.nowMs());
    session->replyError(
        requestId, refusal.kindName(), text.toString(),
        withNow(QCborMap{{QStringLiteral("holder"), QCborMap::fromJsonObject(refusal.toJson())},
                         {QStringLiteral("text"), text.toCbor()}}));
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
    if (result.refusal) {
        const TranslatableText text = LabText::refusal(*result.refusal, m.clock.nowMs());
        g.code = result.refusal->kindName();
        g.message = text.toString();
        g.details =
            withNow(QCborMap{{QStringLiteral("holder"), QCborMap::fromJsonObject(result.refusal->toJson())},
                             {QStringLiteral("text"), text.toCbor()}});
        return g;
    }
    g.code = QStringLiteral("failed");
    g.message = result.error;
    return g;
}

void LabService::onAcquire(AgentSession *session, const Message &request)
{
    const QCborMap &b = request.body();
    const QString runId = b.value(QStringLiteral("run_id")).toString();
    if (!QueueEntry::isValidRunId(runId)) {
        session->replyError(request.id(), QStringLiteral("invalid"), tr("invalid run id"));
        return;
    }
    LeaseBook::AcquireRequest want;
    want.runId = runId;
    want.controller = session->controllerFingerprint();
    want.deviceCount = deviceCount();
    want.expectedMs = secondsToMs(CborValue::integer(b.value(QStringLiteral("expected_s"))));
    if (session->role() == AgentSession::Role::Coordinator) {
        // Another agent starting a queued run: the run's own entry here says whose it is.
        const auto entry = m_queue.entry(runId);
        if (!entry || !coordinates(session->controllerFingerprint(), runId)) {
            session->replyError(request.id(), QStringLiteral("forbidden"),
                                tr("run %1 is not queued here for this coordinator").arg(runId));
            return;
        }
        want.user = entry->user;
        want.queued = true;
        want.devices = entry->devices;
        want.count = entry->count;
        want.expectedMs = entry->predictedMs;
    } else {
        if (auto bound = session->actAsUser(); !bound) {
            session->replyError(request.id(), QStringLiteral("user"), bound.error());
            return;
        }
        want.user = session->user();
    }
    if (b.contains(QStringLiteral("devices")) && session->role() == AgentSession::Role::Controller) {
        if (!validDeviceList(b.value(QStringLiteral("devices")))) {
            session->replyError(request.id(), QStringLiteral("invalid"),
                                tr("\"devices\" is not a list of device numbers"));
            return;
        }
        want.devices = devicesOf(b.value(QStringLiteral("devices")));
    } else if (session->role() == AgentSession::Role::Controller) {
        want.count =
            int(qBound(qint64(0), CborValue::integer(b.value(QStringLiteral("count"))), qint64(1024)));
    }
    const LeaseBook::AcquireResult result = m_leases.acquire(want, m_reservations, m_policy);
    if (!result.ok()) {
        if (result.refusal)
            replyRefusal(session, request.id(), *result.refusal);
        else
            session->replyError(request.id(), QStringLiteral("failed"), result.error);
        return;
    }
    if (!result.existing)
        Q_EMIT changed(QStringLiteral("leases"));
    session->reply(request.id(),
                   withNow(QCborMap{{QStringLiteral("lease_id"), result.lease->id},
                                    {QStringLiteral("devices"),
                                     QCborArray::fromJsonArray(LabDevices::toJson(result.lease->devices))},
                                    {QStringLiteral("expires"), result.lease->expiresMs}}));
}

void LabService::onRelease(AgentSession *session, const Message &request)
{
    const QString id = request.body().value(QStringLiteral("lease_id")).toString();
    const auto lease = m_leases.lease(id);
    // Only whoever took it gives it back (an admin too); anyone else learns nothing about it.
    if (!lease || (lease->controller != session->controllerFingerprint() && !session->isAdmin())) {
        session->replyError(request.id(), QStringLiteral("not_found"),
                            tr("no lease %1 of yours here").arg(id.left(40)));
        return;
    }
    if (lease->isActive() && !NodeStates::isFinal(NodeStates::fromString(m.runs.stateOf(lease->runId)))) {
        session->replyError(request.id(), QStringLiteral("refused"),
                            tr("run %1 is using this lease; stop the run instead").arg(lease->runId));
        return;
    }
    auto released = m_leases.release(id);
    if (!released) {
        session->replyError(request.id(), QStringLiteral("failed"), released.error());
        return;
    }
    closed(*released);
    session->reply(request.id(), withNow({}));
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
            g.message = tr("no lease %1 for run %2 here (it may have expired); start the run again")
                            .arg(leaseId.left(40), runId);
            return g;
        }
        if (lease->devices != devices) {
            g.code = QStringLiteral("refused");
            g.message = tr("lease %1 holds other devices than the run names").arg(leaseId.left(40));
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

void LabService::onSubmit(AgentSession *session, const Message &request)
{
    const QJsonObject body = toJson(request.body());
    const QString runId = body.value(QStringLiteral("run_id")).toString();
    const int nodeIndex = body.value(QStringLiteral("node_index")).toInt(-1);
    const QJsonObject plan = body.value(QStringLiteral("plan")).toObject();
    auto refuse = [&](const QString &why) {
        session->replyError(request.id(), QStringLiteral("invalid"), why);
    };
    if (session->role() != AgentSession::Role::Controller) {
        session->replyError(request.id(), QStringLiteral("forbidden"), tr("only a controller queues runs"));
        return;
    }
    if (auto bound = session->actAsUser(); !bound) {
        session->replyError(request.id(), QStringLiteral("user"), bound.error());
        return;
    }
    if (!QueueEntry::isValidRunId(runId))
        return refuse(tr("invalid run id"));
    QList<ConfigError> errors;
    const RunConfig config = RunConfig::fromJson(body.value(QStringLiteral("config")).toObject(), &errors);
    errors += config.validate();
    if (!errors.isEmpty())
        return refuse(tr("%1: %2").arg(errors.first().field, errors.first().message));
    if (const QList<TranslatableText> refused = m.paths.runErrors(config); !refused.isEmpty()) {
        session->replyError(request.id(), QStringLiteral("refused"), refused.first().toString());
        return;
    }
    const QJsonArray peers = plan.value(QStringLiteral("nodes")).toArray();
    if (nodeIndex < 0 || nodeIndex >= config.nodes.size() || peers.size() != config.nodes.size())
        return refuse(tr("the queued run's plan does not match its nodes"));
    if (config.nodes[nodeIndex].agent != m.nodeId)
        return refuse(tr("node %1 of this run is %2, not this machine")
                          .arg(nodeIndex)
                          .arg(config.nodes[nodeIndex].agent));
    for (qsizetype i = 0; i < peers.size(); ++i) {
        const QJsonObject p = peers[i].toObject();
        const bool self = i == nodeIndex;
        if (p.value(QStringLiteral("node_id")).toString() != config.nodes[i].agent ||
            (!self &&
             (Identity::normalizeFingerprint(p.value(QStringLiteral("fingerprint")).toString()).size() !=
                  64 ||
              p.value(QStringLiteral("host")).toString().isEmpty() ||
              p.value(QStringLiteral("port")).toInt() <= 0 ||
              p.value(QStringLiteral("port")).toInt() > 65535)))
            return refuse(
                tr("the queued run's plan names node %1 without its address or certificate").arg(i));
    }
    // The coordinator's own address is where every worker of the run meets (its rendezvous).
    if (nodeIndex == 0 && peers.first().toObject().value(QStringLiteral("host")).toString().isEmpty())
        return refuse(tr("the queued run's plan names no address for this machine, where its workers meet"));
    const qint64 predictedMs = secondsToMs(body.value(QStringLiteral("predicted_s")).toInteger());
    if (m_policy.maxRunSeconds > 0 && predictedMs > m_policy.maxRunSeconds * 1000) {
        Refusal r;
        r.kind = Refusal::Policy;
        r.detail = QStringLiteral("max_run");
        r.limit = m_policy.maxRunSeconds;
        r.amount = predictedMs / 1000;
        replyRefusal(session, request.id(), r);
        return;
    }
    // A run already waiting here keeps its entry and journal as they are: its journal's node and
    // config are what the coordinator's start is checked against, so a second submit may not swap
    // them (devices another node lists would be started on without a lease here).
    if (m_queue.contains(runId)) {
        session->replyError(request.id(), QStringLiteral("refused"),
                            tr("run %1 is already waiting in this machine's queue; take it out of the queue "
                               "to change it")
                                .arg(runId));
        return;
    }
    if (m_queue.countOf(session->user()) >= m_policy.maxQueuedPerUser) {
        Refusal r;
        r.kind = Refusal::Policy;
        r.detail = QStringLiteral("max_queued");
        r.limit = m_policy.maxQueuedPerUser;
        r.user = session->user();
        replyRefusal(session, request.id(), r);
        return;
    }
    QueueEntry entry;
    entry.runId = runId;
    entry.user = session->user();
    entry.controller = session->controllerFingerprint();
    entry.runName = config.name;
    entry.submittedMs = m.clock.nowMs();
    entry.predictedMs = predictedMs;
    // "Any N devices of this machine": the queue chooses them when the run starts (better packing).
    if (body.value(QStringLiteral("any_devices")).toBool())
        entry.count = int(config.nodes[nodeIndex].devices.size());
    else
        entry.devices = LabDevices::normalized(config.nodes[nodeIndex].devices);
    entry.coordinator = nodeIndex == 0;
    entry.coordinatorNodeId = config.nodes.first().agent;
    // Only the plan's known fields are kept, each bounded (issue #29, item 7): a request cannot make
    // the agent store a megabyte per entry.
    QJsonArray keptNodes;
    for (const QJsonValue &v : peers) {
        const QJsonObject p = v.toObject();
        const QJsonValue devices = p.value(QStringLiteral("devices"));
        keptNodes.append(QJsonObject{
            {QStringLiteral("node_id"), p.value(QStringLiteral("node_id")).toString().left(128)},
            {QStringLiteral("name"), p.value(QStringLiteral("name")).toString().left(128)},
            {QStringLiteral("host"), p.value(QStringLiteral("host")).toString().left(255)},
            {QStringLiteral("port"), qBound(0, p.value(QStringLiteral("port")).toInt(), 65535)},
            {QStringLiteral("fingerprint"),
             Identity::normalizeFingerprint(p.value(QStringLiteral("fingerprint")).toString().left(128))},
            {QStringLiteral("first_rank"), qBound(0, p.value(QStringLiteral("first_rank")).toInt(), 1 << 20)},
            {QStringLiteral("devices"),
             LabDevices::toJson(LabDevices::fromJson(devices).value_or(QList<int>{}).mid(0, 1024))}});
    }
    QJsonObject stored{
        {QStringLiteral("coordinator"), plan.value(QStringLiteral("coordinator")).toString().left(128)},
        {QStringLiteral("world_size"), qBound(0, plan.value(QStringLiteral("world_size")).toInt(), 1 << 20)},
        {QStringLiteral("nodes"), keptNodes}};
    stored[QStringLiteral("config")] = config.toJson();
    stored[QStringLiteral("node_index")] = nodeIndex;
    entry.plan = stored;
    if (entry.count > deviceCount()) {
        Refusal r;
        r.kind = Refusal::NoSuchDevice;
        replyRefusal(session, request.id(), r);
        return;
    }
    for (int d : std::as_const(entry.devices)) {
        if (d >= deviceCount()) {
            Refusal r;
            r.kind = Refusal::NoSuchDevice;
            r.device = d;
            replyRefusal(session, request.id(), r);
            return;
        }
    }
    if (auto s = m_queue.add(entry); !s) {
        session->replyError(request.id(), QStringLiteral("refused"), s.error());
        return;
    }
    // The run's journal exists from now on (state "queued"): controllers follow it as any run's.
    const QJsonObject journaled{{QStringLiteral("run_id"), runId},
                                {QStringLiteral("config"), config.toJson()},
                                {QStringLiteral("node_index"), nodeIndex},
                                {QStringLiteral("user"), entry.user},
                                {QStringLiteral("queued"), true}};
    if (auto s = m.runs.enqueue(journaled); !s) {
        (void)m_queue.remove(runId);
        session->replyError(request.id(), QStringLiteral("refused"), s.error());
        return;
    }
    qCInfo(lcRuns).noquote() << "run" << runId << "queued for" << entry.user;
    Q_EMIT changed(QStringLiteral("queue"));
    const qint64 now = m.clock.nowMs();
    QCborMap reply;
    for (const QueueScheduler::Placement &p : m_coordinator->placements(now)) {
        if (p.runId == runId) {
            reply[QStringLiteral("position")] = p.position;
            reply[QStringLiteral("estimated_start")] = p.startMs;
        }
    }
    session->reply(request.id(), withNow(reply));
    schedule();
}

void LabService::onCancel(AgentSession *session, const Message &request)
{
    if (auto bound = session->actAsUser(); !bound) {
        session->replyError(request.id(), QStringLiteral("user"), bound.error());
        return;
    }
    const QString runId = request.body().value(QStringLiteral("run_id")).toString();
    const auto entry = m_queue.entry(runId);
    if (!entry) {
        // Started already (or never here): cancelling a run that runs is aborting it, under the same rules.
        if (m.runs.stateOf(runId).isEmpty()) {
            session->replyError(request.id(), QStringLiteral("not_found"),
                                tr("no run %1 on this agent").arg(runId));
            return;
        }
        if (auto s = mayEnd(session, runId); !s) {
            session->replyError(request.id(), QStringLiteral("forbidden"), s.error());
            return;
        }
        const bool byOther = m.runs.userOf(runId) != session->user();
        (void)(byOther ? m.runs.abortFor(runId, LabText::endedBy(session->user(), false))
                       : m.runs.abort(runId));
        if (byOther)
            noteEndedBy(runId, session->user(), false);
        session->reply(request.id(), withNow({}));
        return;
    }
    if (entry->user != session->user() && !mayEndOthers(session)) {
        session->replyError(
            request.id(), QStringLiteral("forbidden"),
            tr("run %1 is %2's; only its user, the lab admin and the users the admin names may "
               "take it out of the queue")
                .arg(runId, entry->user));
        return;
    }
    m_coordinator->forget(runId);
    if (auto removed = m_queue.remove(runId); !removed) {
        session->replyError(request.id(), QStringLiteral("failed"), removed.error());
        return;
    }
    const TranslatableText reason =
        entry->user == session->user()
            ? TranslatableText("LabText", QT_TRANSLATE_NOOP("LabText", "taken out of the queue by its user"))
            : TranslatableText("LabText", QT_TRANSLATE_NOOP("LabText", "taken out of the queue by %1"))
                  .arg(session->user());
    (void)m.runs.cancelQueued(runId, reason);
    Q_EMIT changed(QStringLiteral("queue"));
    session->reply(request.id(), withNow({}));
}

void LabService::onReserve(AgentSession *session, const Message &request)
{
    if (auto bound = session->actAsUser(); !bound) {
        session->replyError(request.id(), QStringLiteral("user"), bound.error());
        return;
    }
    const QCborMap &b = request.body();
    if (!validDeviceList(b.value(QStringLiteral("devices")))) {
        session->replyError(request.id(), QStringLiteral("invalid"),
                            tr("\"devices\" is not a list of device numbers"));
        return;
    }
    if (m_reservations.upcomingOf(session->user(), m.clock.nowMs()) >= m_policy.maxBookingsPerUser) {
        Refusal r;
        r.kind = Refusal::Policy;
        r.detail = QStringLiteral("max_bookings");
        r.limit = m_policy.maxBookingsPerUser;
        r.user = session->user();
        replyRefusal(session, request.id(), r);
        return;
    }
    const qint64 senderNow = b.value(QStringLiteral("now")).toInteger();
    Reservation r;
    r.user = session->user();
    r.controller = session->controllerFingerprint();
    r.devices = devicesOf(b.value(QStringLiteral("devices")));
    // To the minute: the exchange's latency moves a converted time by milliseconds, and two bookings
    // meant to meet edge to edge must still meet, not overlap by a few of them.
    constexpr qint64 kMinute = 60 * 1000;
    auto toMinute = [](qint64 ms) { return (ms + kMinute / 2) / kMinute * kMinute; };
    const auto from = toLocal(b.value(QStringLiteral("from")).toInteger(), senderNow);
    const auto to = toLocal(b.value(QStringLiteral("to")).toInteger(), senderNow);
    if (!from || !to) {
        session->replyError(request.id(), QStringLiteral("invalid"),
                            tr("a booking must lie within the next two years, from a clock less than a year "
                               "off this machine's"));
        return;
    }
    r.fromMs = toMinute(*from);
    r.toMs = toMinute(*to);
    r.note = b.value(QStringLiteral("note")).toString().left(200);
    r.preempts = mayEndOthers(session);
    const ReservationBook::AddResult result = m_reservations.add(r, deviceCount());
    if (!result.ok()) {
        if (result.refusal)
            replyRefusal(session, request.id(), *result.refusal);
        else
            session->replyError(request.id(), QStringLiteral("failed"), result.error);
        return;
    }
    Q_EMIT changed(QStringLiteral("bookings"));
    session->reply(request.id(), withNow(LabReplies::reservation(*result.reservation)));
    schedule();
}

void LabService::onUnreserve(AgentSession *session, const Message &request)
{
    if (auto bound = session->actAsUser(); !bound) {
        session->replyError(request.id(), QStringLiteral("user"), bound.error());
        return;
    }
    const QString id = request.body().value(QStringLiteral("id")).toString();
    auto removed = m_reservations.remove(id, session->user(), session->isAdmin());
    if (!removed) {
        session->replyError(request.id(), QStringLiteral("forbidden"), removed.error());
        return;
    }
    Q_EMIT changed(QStringLiteral("bookings"));
    session->reply(request.id(), withNow({}));
    schedule();
}

void LabService::onPolicySet(AgentSession *session, const Message &request)
{
    if (!session->isAdmin()) {
        qCWarning(lcTrust).noquote() << "refused a policy change from" << session->user() << "at"
                                     << session->peerAddress();
        session->replyError(request.id(), QStringLiteral("forbidden"),
                            tr("only the lab admin may change the lab's rules (on each machine: hamgam-agent "
                               "--trust-admin FINGERPRINT)"));
        return;
    }
    const QJsonObject body = toJson(request.body());
    // Binding user names to controllers is the admin's too: a student's second computer, a name with
    // rights in the rules, a name taken by the wrong certificate (moved in one step: never free between).
    if (const QString unbind = body.value(QStringLiteral("unbind")).toString(); !unbind.isEmpty()) {
        if (auto s = m.access.users().unbind(unbind); !s) {
            session->replyError(request.id(), QStringLiteral("invalid"), s.error());
            return;
        }
    }
    for (const QString &key : {QStringLiteral("bind"), QStringLiteral("move")}) {
        const QJsonObject bind = body.value(key).toObject();
        if (bind.isEmpty())
            continue;
        const QString user = bind.value(QStringLiteral("user")).toString();
        const QString fingerprint = bind.value(QStringLiteral("fingerprint")).toString();
        UserBindings &users = m.access.users();
        if (auto s =
                key == QLatin1String("move") ? users.move(user, fingerprint) : users.bind(user, fingerprint);
            !s) {
            session->replyError(request.id(), QStringLiteral("invalid"), s.error());
            return;
        }
        qCInfo(lcTrust).noquote() << "lab admin" << session->user()
                                  << (key == QLatin1String("move") ? "moved" : "bound") << "the user name"
                                  << user << "to" << Identity::displayFingerprint(fingerprint);
    }
    // A controller from before a field existed sends none: that field keeps its value here rather than
    // going back to its default (the admin's caps would silently become 20 and 10 again).
    QJsonObject sent = body.value(QStringLiteral("policy")).toObject();
    const QJsonObject current = m_policy.toJson();
    for (const QString &key : LabPolicy::laterFields())
        if (!sent.contains(key))
            sent.insert(key, current.value(key));
    auto policy = LabPolicy::fromJson(sent);
    if (!policy) {
        session->replyError(request.id(), QStringLiteral("invalid"), policy.error());
        return;
    }
    policy->updatedMs = m.clock.nowMs();
    policy->updatedBy = session->user();
    if (auto s = policy->save(QDir(m.dir).filePath(QStringLiteral("policy.json"))); !s) {
        session->replyError(request.id(), QStringLiteral("failed"), s.error());
        return;
    }
    m_policy = *policy;
    m_policyProblems.clear(); // the admin's rules now, whatever was damaged before
    m.access.users().setNameRules(m_policy.mayEndOthers, m_policy.namesByAdmin);
    qCInfo(lcRuns).noquote() << "lab rules changed by" << session->user();
    Q_EMIT changed(QStringLiteral("policy"));
    session->reply(request.id(),
                   withNow(QCborMap{{QStringLiteral("policy"), QCborMap::fromJsonObject(policyJson())}}));
    schedule();
}

void LabService::onRunEvent(const RunEvent &event)
{
    const bool ready = event.kind == QLatin1String("ready");
    if (!ready && event.kind != QLatin1String("step"))
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
