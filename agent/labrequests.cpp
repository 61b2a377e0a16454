#include "labrequests.h"

#include "agentaccess.h"
#include "agentsession.h"
#include "cborvalue.h"
#include "identity.h"
#include "labclock.h"
#include "labdevices.h"
#include "labreplies.h"
#include "labservice.h"
#include "labtext.h"
#include "logging.h"
#include "nodestate.h"
#include "pathpolicy.h"
#include "protocol.h"
#include "queuecoordinator.h"
#include "runconfig.h"
#include "runrecord.h"
#include "runsupervisor.h"
#include "telemetrysampler.h"
#include "username.h"

#include <QCborArray>
#include <QDir>
#include <QJsonArray>

namespace {
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

LabRequests::LabRequests(LabService &lab)
    : m_lab(lab)
{}

bool LabRequests::handles(Message::Type type)
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

std::optional<qint64> LabRequests::toLocal(qint64 senderMs, qint64 senderNowMs) const
{
    // Bounded before any arithmetic (issue #29, item 6): a booking is for the lab's next two years at
    // most, and a sender's clock is never taken from further than a year off ours.
    const qint64 now = m_lab.m.clock.nowMs();
    if (senderNowMs > 0) {
        if (senderNowMs < now - LabService::kYearMs || senderNowMs > now + LabService::kYearMs ||
            senderMs < senderNowMs - LabService::kYearMs || senderMs > senderNowMs + 2 * LabService::kYearMs)
            return std::nullopt;
        // The sender's clock may be minutes off ours: what counts is how far from its `now` it meant.
        return senderMs - senderNowMs + now;
    }
    if (senderMs < now - LabService::kYearMs || senderMs > now + 2 * LabService::kYearMs)
        return std::nullopt;
    return senderMs;
}

void LabRequests::handle(AgentSession *session, const Message &request)
{
    const qint64 now = m_lab.m.clock.nowMs();
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
        session->reply(request.id(),
                       m_lab.withNow(LabReplies::queue(m_lab, m_lab.m_coordinator->placements(now), now)));
        return;
    case Message::Type::LabState: {
        const bool series = request.body().value(QStringLiteral("series")).toBool();
        QCborMap body =
            LabReplies::state(m_lab, m_lab.m.sampler.latest(), m_lab.m_reservations, m_lab.m_utilization,
                              m_lab.m_coordinator->placements(now), now, series);
        body[QStringLiteral("node_id")] = m_lab.m.nodeId;
        body[QStringLiteral("name")] = m_lab.m.name;
        body[QStringLiteral("admin")] = session->isAdmin();
        body[QStringLiteral("user")] = session->user();
        // Damaged files found at start: the rules concern everyone, the rest is the admin's to mend.
        QStringList problems =
            session->isAdmin() ? m_lab.m_policyProblems + m_lab.m_fileProblems : m_lab.m_policyProblems;
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
        session->reply(request.id(), m_lab.withNow(body));
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
        session->reply(request.id(), m_lab.withNow(LabReplies::usage(m_lab.m_usage, m_lab.m_leases.leases(),
                                                                     now, weeks, *week)));
        return;
    }
    case Message::Type::PolicyGet:
        session->reply(request.id(), m_lab.withNow(QCborMap{{QStringLiteral("policy"),
                                                             QCborMap::fromJsonObject(m_lab.policyJson())},
                                                            {QStringLiteral("admin"), session->isAdmin()}}));
        return;
    default:
        session->replyError(request.id(), QStringLiteral("unsupported"),
                            tr("this agent does not support \"%1\"").arg(request.typeName()));
    }
}

void LabRequests::replyRefusal(AgentSession *session, qint64 requestId, const Refusal &refusal)
{
    const LabService::Grant g = m_lab.refused(refusal);
    session->replyError(requestId, g.code, g.message, g.details);
}

void LabRequests::onAcquire(AgentSession *session, const Message &request)
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
    want.deviceCount = m_lab.deviceCount();
    want.expectedMs = LabService::secondsToMs(CborValue::integer(b.value(QStringLiteral("expected_s"))));
    if (session->role() == AgentSession::Role::Coordinator) {
        // Another agent starting a queued run: the run's own entry here says whose it is.
        const auto entry = m_lab.m_queue.entry(runId);
        if (!entry || !m_lab.coordinates(session->controllerFingerprint(), runId)) {
            session->replyError(
                request.id(), QStringLiteral("forbidden"),
                said(QT_TR_NOOP("run %1 is not queued here for this coordinator")).ltrArg(runId));
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
    const LeaseBook::AcquireResult result =
        m_lab.m_leases.acquire(want, m_lab.m_reservations, m_lab.m_policy);
    if (!result.ok()) {
        if (result.refusal)
            replyRefusal(session, request.id(), *result.refusal);
        else
            session->replyError(request.id(), QStringLiteral("failed"), result.error);
        return;
    }
    if (!result.existing)
        Q_EMIT m_lab.changed(QStringLiteral("leases"));
    session->reply(request.id(), m_lab.withNow(QCborMap{
                                     {QStringLiteral("lease_id"), result.lease->id},
                                     {QStringLiteral("devices"),
                                      QCborArray::fromJsonArray(LabDevices::toJson(result.lease->devices))},
                                     {QStringLiteral("expires"), result.lease->expiresMs}}));
}

void LabRequests::onRelease(AgentSession *session, const Message &request)
{
    const QString id = request.body().value(QStringLiteral("lease_id")).toString();
    const auto lease = m_lab.m_leases.lease(id);
    // Only whoever took it gives it back (an admin too); anyone else learns nothing about it.
    if (!lease || (lease->controller != session->controllerFingerprint() && !session->isAdmin())) {
        session->replyError(request.id(), QStringLiteral("not_found"),
                            said(QT_TR_NOOP("no lease %1 of yours here")).ltrArg(id.left(40)));
        return;
    }
    if (lease->isActive() &&
        !NodeStates::isFinal(NodeStates::fromString(m_lab.m.runs.stateOf(lease->runId)))) {
        session->replyError(
            request.id(), QStringLiteral("refused"),
            said(QT_TR_NOOP("run %1 is using this lease; stop the run instead")).ltrArg(lease->runId));
        return;
    }
    auto released = m_lab.m_leases.release(id);
    if (!released) {
        session->replyError(request.id(), QStringLiteral("failed"), released.error());
        return;
    }
    m_lab.closed(*released);
    session->reply(request.id(), m_lab.withNow({}));
}

void LabRequests::onSubmit(AgentSession *session, const Message &request)
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
    if (const QList<TranslatableText> refused = m_lab.m.paths.runErrors(config); !refused.isEmpty()) {
        session->replyError(request.id(), QStringLiteral("refused"), refused.first());
        return;
    }
    const QJsonArray peers = plan.value(QStringLiteral("nodes")).toArray();
    if (nodeIndex < 0 || nodeIndex >= config.nodes.size() || peers.size() != config.nodes.size())
        return refuse(tr("the queued run's plan does not match its nodes"));
    if (config.nodes[nodeIndex].agent != m_lab.m.nodeId)
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
    const qint64 predictedMs = LabService::secondsToMs(body.value(QStringLiteral("predicted_s")).toInteger());
    if (m_lab.m_policy.maxRunSeconds > 0 && predictedMs > m_lab.m_policy.maxRunSeconds * 1000) {
        Refusal r;
        r.kind = Refusal::Policy;
        r.detail = QStringLiteral("max_run");
        r.limit = m_lab.m_policy.maxRunSeconds;
        r.amount = predictedMs / 1000;
        replyRefusal(session, request.id(), r);
        return;
    }
    // A run already waiting here keeps its entry and journal as they are: its journal's node and
    // config are what the coordinator's start is checked against, so a second submit may not swap
    // them (devices another node lists would be started on without a lease here).
    if (m_lab.m_queue.contains(runId)) {
        session->replyError(
            request.id(), QStringLiteral("refused"),
            said(QT_TR_NOOP("run %1 is already waiting in this machine's queue; take it out of "
                            "the queue to change it"))
                .ltrArg(runId));
        return;
    }
    if (m_lab.m_queue.countOf(session->user()) >= m_lab.m_policy.maxQueuedPerUser) {
        Refusal r;
        r.kind = Refusal::Policy;
        r.detail = QStringLiteral("max_queued");
        r.limit = m_lab.m_policy.maxQueuedPerUser;
        r.user = session->user();
        replyRefusal(session, request.id(), r);
        return;
    }
    QueueEntry entry;
    entry.runId = runId;
    entry.user = session->user();
    entry.controller = session->controllerFingerprint();
    entry.runName = config.name;
    entry.submittedMs = m_lab.m.clock.nowMs();
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
    if (entry.count > m_lab.deviceCount()) {
        Refusal r;
        r.kind = Refusal::NoSuchDevice;
        replyRefusal(session, request.id(), r);
        return;
    }
    for (int d : std::as_const(entry.devices)) {
        if (d >= m_lab.deviceCount()) {
            Refusal r;
            r.kind = Refusal::NoSuchDevice;
            r.device = d;
            replyRefusal(session, request.id(), r);
            return;
        }
    }
    if (auto s = m_lab.m_queue.add(entry); !s) {
        session->replyError(request.id(), QStringLiteral("refused"), s.error());
        return;
    }
    // The run's journal exists from now on (state "queued"): controllers follow it as any run's.
    const QJsonObject journaled{{QStringLiteral("run_id"), runId},
                                {QStringLiteral("config"), config.toJson()},
                                {QStringLiteral("node_index"), nodeIndex},
                                {QStringLiteral("user"), entry.user},
                                {QStringLiteral("queued"), true}};
    if (auto s = m_lab.m.runs.enqueue(journaled); !s) {
        (void)m_lab.m_queue.remove(runId);
        session->replyError(request.id(), QStringLiteral("refused"), s.error());
        return;
    }
    qCInfo(lcRuns).noquote() << "run" << runId << "queued for" << entry.user;
    Q_EMIT m_lab.changed(QStringLiteral("queue"));
    const qint64 now = m_lab.m.clock.nowMs();
    QCborMap reply;
    for (const QueueScheduler::Placement &p : m_lab.m_coordinator->placements(now)) {
        if (p.runId == runId) {
            reply[QStringLiteral("position")] = p.position;
            reply[QStringLiteral("estimated_start")] = p.startMs;
        }
    }
    session->reply(request.id(), m_lab.withNow(reply));
    m_lab.schedule();
}

void LabRequests::onCancel(AgentSession *session, const Message &request)
{
    if (auto bound = session->actAsUser(); !bound) {
        session->replyError(request.id(), QStringLiteral("user"), bound.error());
        return;
    }
    const QString runId = request.body().value(QStringLiteral("run_id")).toString();
    const auto entry = m_lab.m_queue.entry(runId);
    if (!entry) {
        // Started already (or never here): cancelling a run that runs is aborting it, under the same rules.
        if (m_lab.m.runs.stateOf(runId).isEmpty()) {
            session->replyError(request.id(), QStringLiteral("not_found"),
                                tr("no run %1 on this agent").arg(runId));
            return;
        }
        if (auto s = m_lab.mayEnd(session, runId); !s) {
            session->replyError(request.id(), QStringLiteral("forbidden"), s.error());
            return;
        }
        const bool byOther = m_lab.m.runs.userOf(runId) != session->user();
        (void)(byOther ? m_lab.m.runs.abortFor(runId, LabText::endedBy(session->user(), false))
                       : m_lab.m.runs.abort(runId));
        if (byOther)
            m_lab.noteEndedBy(runId, session->user(), false);
        session->reply(request.id(), m_lab.withNow({}));
        return;
    }
    if (entry->user != session->user() && !m_lab.mayEndOthers(session)) {
        session->replyError(
            request.id(), QStringLiteral("forbidden"),
            said(QT_TR_NOOP("run %1 is %2's; only its user, the lab admin and the users the admin names may "
                            "take it out of the queue"))
                .ltrArg(runId)
                .arg(entry->user));
        return;
    }
    m_lab.m_coordinator->forget(runId);
    if (auto removed = m_lab.m_queue.remove(runId); !removed) {
        session->replyError(request.id(), QStringLiteral("failed"), removed.error());
        return;
    }
    const TranslatableText reason =
        entry->user == session->user()
            ? TranslatableText("LabText", QT_TRANSLATE_NOOP("LabText", "taken out of the queue by its user"))
            : TranslatableText("LabText", QT_TRANSLATE_NOOP("LabText", "taken out of the queue by %1"))
                  .arg(session->user());
    (void)m_lab.m.runs.cancelQueued(runId, reason);
    Q_EMIT m_lab.changed(QStringLiteral("queue"));
    session->reply(request.id(), m_lab.withNow({}));
}

void LabRequests::onReserve(AgentSession *session, const Message &request)
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
    if (m_lab.m_reservations.upcomingOf(session->user(), m_lab.m.clock.nowMs()) >=
        m_lab.m_policy.maxBookingsPerUser) {
        Refusal r;
        r.kind = Refusal::Policy;
        r.detail = QStringLiteral("max_bookings");
        r.limit = m_lab.m_policy.maxBookingsPerUser;
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
    r.preempts = m_lab.mayEndOthers(session);
    const ReservationBook::AddResult result = m_lab.m_reservations.add(r, m_lab.deviceCount());
    if (!result.ok()) {
        if (result.refusal)
            replyRefusal(session, request.id(), *result.refusal);
        else
            session->replyError(request.id(), QStringLiteral("failed"), result.error);
        return;
    }
    Q_EMIT m_lab.changed(QStringLiteral("bookings"));
    session->reply(request.id(), m_lab.withNow(LabReplies::reservation(*result.reservation)));
    m_lab.schedule();
}

void LabRequests::onUnreserve(AgentSession *session, const Message &request)
{
    if (auto bound = session->actAsUser(); !bound) {
        session->replyError(request.id(), QStringLiteral("user"), bound.error());
        return;
    }
    const QString id = request.body().value(QStringLiteral("id")).toString();
    auto removed = m_lab.m_reservations.remove(id, session->user(), session->isAdmin());
    if (!removed) {
        session->replyError(request.id(), QStringLiteral("forbidden"), removed.error());
        return;
    }
    Q_EMIT m_lab.changed(QStringLiteral("bookings"));
    session->reply(request.id(), m_lab.withNow({}));
    m_lab.schedule();
}

void LabRequests::onPolicySet(AgentSession *session, const Message &request)
{
    if (!session->isAdmin()) {
        qCWarning(lcTrust).noquote() << "refused a policy change from" << session->user() << "at"
                                     << session->peerAddress();
        session->replyError(request.id(), QStringLiteral("forbidden"),
                            said(QT_TR_NOOP("only the lab admin may change the lab's rules (on each machine: "
                                            "hamgam-agent --trust-admin FINGERPRINT)")));
        return;
    }
    const QJsonObject body = toJson(request.body());
    // Binding user names to controllers is the admin's too: a student's second computer, a name with
    // rights in the rules, a name taken by the wrong certificate (moved in one step: never free between).
    if (const QString unbind = body.value(QStringLiteral("unbind")).toString(); !unbind.isEmpty()) {
        if (auto s = m_lab.m.access.users().unbind(unbind); !s) {
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
        UserBindings &users = m_lab.m.access.users();
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
    const QJsonObject current = m_lab.m_policy.toJson();
    for (const QString &key : LabPolicy::laterFields())
        if (!sent.contains(key))
            sent.insert(key, current.value(key));
    auto policy = LabPolicy::fromJson(sent);
    if (!policy) {
        session->replyError(request.id(), QStringLiteral("invalid"), policy.error());
        return;
    }
    policy->updatedMs = m_lab.m.clock.nowMs();
    policy->updatedBy = session->user();
    if (auto s = policy->save(QDir(m_lab.m.dir).filePath(QStringLiteral("policy.json"))); !s) {
        session->replyError(request.id(), QStringLiteral("failed"), s.error());
        return;
    }
    m_lab.m_policy = *policy;
    m_lab.m_policyProblems.clear(); // the admin's rules now, whatever was damaged before
    m_lab.m.access.users().setNameRules(m_lab.m_policy.mayEndOthers, m_lab.m_policy.namesByAdmin);
    qCInfo(lcRuns).noquote() << "lab rules changed by" << session->user();
    Q_EMIT m_lab.changed(QStringLiteral("policy"));
    session->reply(request.id(), m_lab.withNow(QCborMap{{QStringLiteral("policy"),
                                                         QCborMap::fromJsonObject(m_lab.policyJson())}}));
    m_lab.schedule();
}
