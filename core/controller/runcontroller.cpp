#include "runcontroller.h"

#include "agentclientlink.h"
#include "eventkind.h"
#include "historystore.h"
#include "journalfollower.h"
#include "logging.h"
#include "noderegistry.h"
#include "nodestate.h"
#include "queuesubmitter.h"
#include "runestimate.h"
#include "runfailuretext.h"
#include "runlauncher.h"
#include "workereventjson.h"

#include <QCborValue>
#include <QDateTime>
#include <QJsonArray>
#include <QLocale>
#include <QRandomGenerator>

namespace {

// RunController::NodeState keeps the agent's word for its state; NodeStates reads it.
bool isFinalState(const QString &state)
{
    return NodeStates::isFinal(NodeStates::fromString(state));
}

bool isState(const QString &state, NodeState want)
{
    return NodeStates::fromString(state) == want;
}
} // namespace

RunController::RunController(NodeRegistry &registry, HistoryStore *history, QObject *parent)
    : QObject(parent)
    , m_registry(registry)
    , m_history(history)
    , m_launcher(new RunLauncher(
          registry, [this](const QString &agentId) { return link(agentId); }, this))
    , m_submitter(new QueueSubmitter(
          registry, [this](const QString &agentId) { return link(agentId); }, this))
{
    connect(&registry, &NodeRegistry::clientReady, this, &RunController::onClientReady);
    connect(&registry, &NodeRegistry::telemetryUpdated, this, &RunController::onTelemetry);
    // A machine that went away is lost: its workers died with its agent (they cannot outlive it).
    // Reported at once in plain words (issue #29, item 13), not after the other ranks' collective
    // timeout with Gloo's words: gone while another machine of the run still answers, it is that
    // machine; gone all at once, it may be this computer's own network, which the run outlives.
    m_watch.setInterval(1000);
    connect(&m_watch, &QTimer::timeout, this, &RunController::watchNodes);
    m_watch.start();
    m_failureGrace.setSingleShot(true);
    m_failureGrace.setInterval(1500);
    connect(&m_failureGrace, &QTimer::timeout, this, [this] {
        // Time for the other nodes to report their side; then bring down whatever still runs.
        m_aborting = true;
        tellNodes(Message::Type::AbortRun);
        evaluate();
    });
}

RunController::~RunController() = default;

QList<RunController::NodePreflight> RunController::preflightResults() const
{
    return m_launcher->results();
}

AgentLink *RunController::link(const QString &agentId) const
{
    return AgentClientLink::of(m_registry.client(agentId));
}

void RunController::tellNodes(Message::Type type)
{
    for (const NodeState &n : std::as_const(m_nodes)) {
        // The agent's link now, not the journal's: a node whose journal is not followed yet (a start
        // that failed on another node) still hears it.
        if (AgentLink *l = link(n.agentId); l && !isFinalState(n.state))
            l->request(type, QCborMap{{QStringLiteral("run_id"), n.agentRunId}}, this,
                       [](const Expected<QCborMap> &) {});
    }
}

QString RunController::newRunId()
{
    return QStringLiteral("%1-%2")
        .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss")))
        .arg(QRandomGenerator::global()->bounded(0x10000), 4, 16, QLatin1Char('0'));
}

QList<ConfigError> RunController::resolveNodes(RunConfig &config) const
{
    return m_launcher->resolveNodes(config);
}

void RunController::preflight(const RunConfig &config)
{
    m_config = config;
    QList<ConfigError> errors = resolveNodes(m_config);
    errors += m_config.validate();
    if (!errors.isEmpty()) {
        NodePreflight all;
        all.name = tr("configuration");
        for (const ConfigError &e : std::as_const(errors))
            all.addError(tr("%1: %2").arg(e.field, e.message));
        m_launcher->setResults({all});
        Q_EMIT preflightFinished(m_launcher->results(), false);
        return;
    }
    m_launcher->preflight(
        m_config, [this](bool ok) { Q_EMIT preflightFinished(m_launcher->results(), ok); },
        expectedSeconds());
}

void RunController::enqueue(const RunConfig &config)
{
    m_queued = true;
    start(config);
}

void RunController::start(const RunConfig &config)
{
    m_config = config;
    QList<ConfigError> errors = resolveNodes(m_config);
    errors += m_config.validate();
    if (!errors.isEmpty()) {
        QStringList lines;
        for (const ConfigError &e : std::as_const(errors))
            lines << tr("%1: %2").arg(e.field, e.message);
        Q_EMIT startFailed(lines.join(QLatin1Char('\n')));
        return;
    }
    m_launcher->preflight(
        m_config,
        [this](bool ok) {
            Q_EMIT preflightFinished(m_launcher->results(), ok);
            if (!ok) {
                Q_EMIT startFailed(tr("pre-flight found problems, nothing was started:\n%1")
                                       .arg(m_launcher->problems().join(QLatin1Char('\n'))));
                return;
            }
            if (m_queued)
                launchQueued();
            else
                launch();
        },
        expectedSeconds());
}

qint64 RunController::expectedSeconds() const
{
    if (m_expectedSeconds > 0 || !m_history)
        return m_expectedSeconds;
    RunFilter finished;
    finished.statuses = {RunStatusText::key(RunStatus::Finished)};
    finished.limit = 200;
    return RunEstimate::predictSeconds(m_config, m_history->runs(finished));
}

void RunController::createRecord(RunStatus status)
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    if (m_history) {
        QList<RunNodeRecord> records;
        const QList<int> ranks = RunLauncher::firstRanks(m_config.nodes);
        for (qsizetype i = 0; i < m_config.nodes.size(); ++i) {
            const RunConfig::Node &n = m_config.nodes[i];
            const Node *node = m_registry.node(n.agent);
            records.append(
                {int(i), n.agent, n.name, node ? node->address : QString(), ranks[i], n.devices, {}, 0});
        }
        RunRecord record;
        record.id = m_runId;
        record.name = m_config.name;
        record.strategy = m_config.strategy;
        record.config = m_config.toJson();
        record.status = status;
        record.createdMs = now;
        m_history->createRun(record, records);
    }
}

void RunController::launch()
{
    m_runId = newRunId();
    m_attempt = 0;
    dropNodes(m_earlier);
    createRecord(RunStatus::Preparing);
    startAttempt();
}

void RunController::launchQueued()
{
    m_runId = newRunId();
    m_attempt = 0;
    dropNodes(m_earlier);
    dropNodes(m_nodes);
    createRecord(RunStatus::Queued);
    m_queuedSinceMs = QDateTime::currentMSecsSinceEpoch();
    const QList<int> ranks = RunLauncher::firstRanks(m_config.nodes);
    QList<QueueSubmitter::Target> targets;
    for (qsizetype i = 0; i < m_config.nodes.size(); ++i) {
        const RunConfig::Node &n = m_config.nodes[i];
        m_nodes.append(nodeState(0, int(i), n.agent, n.name, ranks[i], n.devices));
        targets.append({n.agent, n.name, m_nodes.last().agentRunId});
    }
    controllerEvent(EventKind::Launch, QJsonObject{{QStringLiteral("queued"), true},
                                                   {QStringLiteral("world_size"), m_config.deviceCount()},
                                                   {QStringLiteral("attempt"), 0}});
    m_submitter->submit(m_config, targets, expectedSeconds(), m_anyDevices,
                        [this](const QStringList &failures, const QueueSubmitter::Place &place) {
                            if (!failures.isEmpty()) {
                                // Refused (a cap, a rule, a machine away): nothing waits and nothing ran.
                                forgetRefused(
                                    tr("could not queue: %1").arg(QLocale().createSeparatedList(failures)));
                                return;
                            }
                            for (NodeState &n : m_nodes)
                                hook(n);
                            setStatus(RunStatus::Queued, {});
                            Q_EMIT queued(m_runId, place.position, place.estimatedStartMs);
                        });
}

void RunController::cancel()
{
    m_abortRequested = true;
    tellNodes(Message::Type::QueueCancel);
    controllerEvent(EventKind::AbortRequested, QJsonObject{{QStringLiteral("cancel"), true}});
}

void RunController::startAttempt()
{
    const QString masterAddress = m_launcher->masterAddress(m_config);
    const int world = m_config.deviceCount();
    // An elastic attempt resumes from the newest checkpoint every node left has.
    const qint64 resumeStep = m_attempt > 0 ? RunLauncher::resumeStep(m_config.nodes, m_checkpoints) : -1;
    // The attempt before goes on being backfilled: a lost node's agent may come back with its journal.
    for (NodeState &n : m_nodes) {
        if (n.attempt != m_attempt) {
            m_earlier.append(n);
            n.journal = nullptr;
        }
    }
    dropNodes(m_nodes);
    const QList<int> ranks = RunLauncher::firstRanks(m_config.nodes);
    for (qsizetype i = 0; i < m_config.nodes.size(); ++i) {
        const RunConfig::Node &n = m_config.nodes[i];
        NodeState s = nodeState(m_attempt, int(i), n.agent, n.name, ranks[i], n.devices);
        s.state = NodeStates::name(::NodeState::Starting);
        m_nodes.append(s);
    }
    QJsonArray preflight;
    for (const NodePreflight &p : m_launcher->results())
        preflight.append(QJsonObject{{QStringLiteral("node"), p.name},
                                     {QStringLiteral("warnings"), QJsonArray::fromStringList(p.warnings)},
                                     {QStringLiteral("busy"), p.busy}});
    controllerEvent(EventKind::Launch, QJsonObject{{QStringLiteral("master"), masterAddress},
                                                   {QStringLiteral("world_size"), world},
                                                   {QStringLiteral("attempt"), m_attempt},
                                                   {QStringLiteral("preflight"), preflight}});

    QList<RunLauncher::Workers> workers;
    for (const NodeState &n : std::as_const(m_nodes)) {
        RunLauncher::Workers w{n.agentRunId, n.agentId, n.name, n.firstRank, std::nullopt};
        if (resumeStep >= 0)
            w.resume = m_checkpoints.value(n.agentId).value(resumeStep);
        workers.append(w);
    }
    auto nodeFailed = [this](int i, const QString &error) {
        m_nodes[i].state = NodeStates::name(::NodeState::Failed);
        m_nodes[i].reason = error;
    };
    auto done = [this](const QStringList &failures, bool refused) {
        if (!failures.isEmpty() && refused && m_attempt == 0) {
            // Refused before any worker ran (a held or booked device, the rules).
            forgetRefused(tr("nothing was started: %1").arg(QLocale().createSeparatedList(failures)));
            return;
        }
        if (!failures.isEmpty()) {
            m_abortRequested = true;
            tellNodes(Message::Type::AbortRun);
            finish(RunStatus::Failed, text(QT_TR_NOOP("could not start: %1")).listArg(failures));
            Q_EMIT startFailed(reason());
            return;
        }
        // Every node's journal exists now (the leases came first): follow them from their first event.
        for (NodeState &n : m_nodes)
            hook(n);
        if (m_history)
            m_history->updateRun(m_runId, RunStatus::Running, {},
                                 m_attempt == 0 ? QDateTime::currentMSecsSinceEpoch() : 0);
        m_ran = true;
        setStatus(RunStatus::Running, {});
        if (m_attempt == 0)
            Q_EMIT started(m_runId);
    };
    m_launcher->start(m_config, workers, masterAddress, expectedSeconds(), nodeFailed, done);
}

RunController::NodeState RunController::nodeState(int attempt, int index, const QString &agentId,
                                                  const QString &name, int firstRank,
                                                  const QList<int> &devices, qint64 lastSeq)
{
    NodeState s;
    s.index = index;
    s.attempt = attempt;
    s.agentId = agentId;
    s.name = name;
    s.firstRank = firstRank;
    s.devices = devices;
    s.agentRunId = RunLauncher::agentRunId(m_runId, attempt);
    s.source = RunLauncher::source(agentId, attempt);
    auto *journal = new JournalFollower(m_runId, s.agentRunId, s.source, lastSeq, this);
    s.journal = journal;
    connect(journal, &JournalFollower::eventsArrived, this, [this, journal](const QList<RunEvent> &events) {
        if (NodeState *n = nodeOf(journal))
            ingest(*n, events);
    });
    connect(journal, &JournalFollower::caughtUp, this, [this, journal] {
        if (NodeState *n = nodeOf(journal))
            onCaughtUp(*n);
    });
    connect(journal, &JournalFollower::journalUnavailable, this, [this, journal](const QString &error) {
        if (NodeState *n = nodeOf(journal))
            onJournalUnavailable(*n, error);
    });
    return s;
}

void RunController::dropNodes(QList<NodeState> &nodes)
{
    // Later: one of them may be emitting right now.
    for (const NodeState &n : std::as_const(nodes)) {
        if (n.journal)
            n.journal->deleteLater();
    }
    nodes.clear();
}

bool RunController::tryElastic()
{
    if (!m_config.elastic || m_abortRequested || m_stopRequested || m_attempt >= 3)
        return false;
    // Lost: a node whose agent is gone, or whose workers died by a signal (the machine, not the maths).
    QStringList lostNames;
    QList<RunConfig::Node> remaining;
    for (const NodeState &n : std::as_const(m_nodes)) {
        const bool disconnected = !m_registry.client(n.agentId);
        const bool crashed = std::any_of(m_failures.cbegin(), m_failures.cend(), [&](const Failure &f) {
            return f.agentId == n.agentId && f.crashed && !f.induced;
        });
        if (disconnected || crashed) {
            lostNames << n.name;
            continue;
        }
        for (const RunConfig::Node &c : std::as_const(m_config.nodes)) {
            if (c.agent == n.agentId)
                remaining.append(c);
        }
    }
    if (lostNames.isEmpty() || remaining.isEmpty())
        return false;
    for (const RunConfig::Node &n : std::as_const(remaining)) {
        if (m_checkpoints.value(n.agent).isEmpty())
            return false; // nothing to resume from on that node
    }
    const qint64 resumeStep = RunLauncher::resumeStep(remaining, m_checkpoints);
    RunConfig next = m_config;
    next.nodes = remaining;
    for (RunConfig::Node &n : next.nodes)
        n.batch.reset(); // the planner splits the same global batch over the nodes left
    if (next.globalBatch < next.deviceCount())
        return false;
    TranslatableText reason =
        text(QT_TR_N_NOOP("lost %1; resuming from the checkpoint of step %2 on %Ln node(s)"),
             int(remaining.size()))
            .listArg(lostNames)
            .arg(resumeStep);
    qCInfo(lcRuns).noquote() << "run" << m_runId << reason.toString();
    QJsonArray nodes;
    for (const RunConfig::Node &n : std::as_const(next.nodes))
        nodes.append(QJsonObject{{QStringLiteral("agent"), n.agent}, {QStringLiteral("name"), n.name}});
    ++m_attempt;
    controllerEvent(EventKind::Elastic,
                    QJsonObject{{QStringLiteral("attempt"), m_attempt},
                                {QStringLiteral("lost"), QJsonArray::fromStringList(lostNames)},
                                {QStringLiteral("resume_step"), double(resumeStep)},
                                {QStringLiteral("nodes"), nodes},
                                {QStringLiteral("reason"), reason.toString()},
                                {QStringLiteral("reason_text"), QCborValue(reason.toCbor()).toJsonValue()}});
    if (m_history)
        m_history->updateRun(m_runId, RunStatus::Running, reason);
    setStatus(RunStatus::Running, reason);
    m_failures.clear();
    m_failureGrace.stop();
    m_aborting = false;
    m_config = next;
    m_launcher->preflight(m_config, [this](bool ok) {
        if (!ok) {
            finish(RunStatus::Failed, text(QT_TR_NOOP("elastic recovery failed its pre-flight: %1"))
                                          .listArg(m_launcher->problems()));
            return;
        }
        startAttempt();
    });
    return true;
}

void RunController::attach(const QString &runId)
{
    if (!m_history)
        return;
    const auto record = m_history->run(runId);
    if (!record) {
        Q_EMIT startFailed(tr("no run %1 in the history").arg(runId));
        return;
    }
    m_runId = runId;
    QList<ConfigError> ignored;
    m_config = RunConfig::fromJson(record->config, &ignored);
    m_status = record->status;
    m_queuedSinceMs = record->status == RunStatus::Queued ? record->createdMs : 0;
    m_ran = record->startedMs > 0 || record->status == RunStatus::Running;
    m_reason = record->reason;
    dropNodes(m_nodes);
    dropNodes(m_earlier);
    // Attempt 0 ran on every node of the run; each elastic event names the nodes of the next one.
    // The last attempt is followed; the journals of the ones before are only backfilled (a node lost
    // before any controller followed it still has its steps up to the failure there).
    const QList<RunNodeRecord> records = m_history->nodes(runId);
    QMap<int, QStringList> attempts{{0, {}}};
    for (const RunNodeRecord &r : records)
        attempts[0] << r.agentId;
    for (const RunEvent &e : m_history->events(runId, {EventKinds::name(EventKind::Elastic)})) {
        QStringList agents;
        for (const QJsonValue v : e.payload.value(QStringLiteral("nodes")).toArray())
            agents << v.toObject().value(QStringLiteral("agent")).toString();
        attempts.insert(e.payload.value(QStringLiteral("attempt")).toInt(), agents);
    }
    m_attempt = attempts.lastKey();
    for (auto it = attempts.cbegin(); it != attempts.cend(); ++it) {
        // A resumed attempt numbers the ranks of the nodes it kept afresh, in order.
        QList<const RunNodeRecord *> kept;
        QList<RunConfig::Node> keptNodes;
        for (const RunNodeRecord &r : records) {
            if (it.value().contains(r.agentId)) {
                kept << &r;
                keptNodes.append({r.agentId, r.name, r.devices});
            }
        }
        const QList<int> ranks = RunLauncher::firstRanks(keptNodes);
        for (qsizetype i = 0; i < kept.size(); ++i) {
            const RunNodeRecord &r = *kept[i];
            NodeState s =
                nodeState(it.key(), int(i), r.agentId, r.name, it.key() == 0 ? r.firstRank : ranks[i],
                          r.devices, m_history->lastSeq(runId, RunLauncher::source(r.agentId, it.key())));
            (it.key() == m_attempt ? m_nodes : m_earlier).append(s);
        }
    }
    for (NodeState &n : m_earlier)
        hook(n);
    for (NodeState &n : m_nodes)
        hook(n);
    Q_EMIT statusChanged(m_status, m_reason.toString());
}

void RunController::stop()
{
    m_stopRequested = true;
    tellNodes(Message::Type::StopRun);
    controllerEvent(EventKind::StopRequested, {});
}

void RunController::abort()
{
    m_abortRequested = true;
    tellNodes(Message::Type::AbortRun);
    controllerEvent(EventKind::AbortRequested, {});
}

RunController::NodeState *RunController::nodeByAgent(const QString &agentId)
{
    for (NodeState &n : m_nodes) {
        if (n.agentId == agentId)
            return &n;
    }
    return nullptr;
}

RunController::NodeState *RunController::nodeOf(const JournalFollower *follower)
{
    for (QList<NodeState> *list : {&m_nodes, &m_earlier}) {
        for (NodeState &n : *list) {
            if (n.journal == follower)
                return &n;
        }
    }
    return nullptr;
}

void RunController::onClientReady(const QString &key)
{
    if (m_runId.isEmpty())
        return;
    // Also an earlier attempt's node: a lost agent that is back still has that attempt's journal.
    for (QList<NodeState> *list : {&m_nodes, &m_earlier}) {
        for (NodeState &n : *list) {
            if (n.agentId == key)
                hook(n);
        }
    }
}

void RunController::hook(NodeState &node)
{
    node.journal->follow(link(node.agentId));
}

void RunController::onJournalUnavailable(NodeState &node, const QString &error)
{
    qCWarning(lcRuns).noquote() << "journal of" << node.name << "for" << node.agentRunId
                                << "unavailable:" << error;
    if (node.attempt == m_attempt && node.state.isEmpty()) {
        node.state = NodeStates::name(::NodeState::Failed);
        node.reason = error;
        evaluate();
    }
}

void RunController::onCaughtUp(NodeState &)
{
    if (m_lateEvents && m_history) {
        // Steps that came after the end (a lost node's, say) count in the run's summary too.
        m_lateEvents = false;
        m_history->flush();
        m_history->setSummary(m_runId, m_history->computeSummary(m_runId));
    }
    if (allCaughtUp())
        Q_EMIT caughtUp();
}

bool RunController::allCaughtUp() const
{
    for (const NodeState &s : m_nodes) {
        if (!s.journal->isSubscribed() || s.journal->isBackfilling())
            return false;
    }
    // An earlier attempt's node whose agent is gone holds nothing up: its journal comes when it is back.
    for (const NodeState &s : m_earlier) {
        if (s.journal->link() && (!s.journal->isSubscribed() || s.journal->isBackfilling()))
            return false;
    }
    return true;
}

void RunController::ingest(NodeState &node, const QList<RunEvent> &fresh)
{
    if (m_history)
        m_history->appendEvents(fresh);
    if (m_finished || !RunStatusText::isActive(m_status))
        m_lateEvents = true;
    // Only the current attempt's events decide how the run goes on; an earlier one's are history.
    const bool current = node.attempt == m_attempt;
    for (const RunEvent &ev : std::as_const(fresh)) {
        const EventKind kind = ev.kind.value();
        if (kind == EventKind::WorkerExit) {
            const bool crashed = ev.payload.value(QStringLiteral("crashed")).toBool();
            const int code = ev.payload.value(QStringLiteral("exit_code")).toInt();
            if (current && (crashed || code != 0))
                m_failures.append({node.agentId, node.name, ev.rank, code, crashed,
                                   ev.payload.value(QStringLiteral("description")).toString(), m_aborting});
        } else if (kind == EventKind::Checkpoint) {
            const auto checkpoint = WorkerEventJson::read<hamgam::contracts::CheckpointEvent>(ev.payload);
            m_checkpoints[node.agentId].insert(checkpoint.step, QString::fromStdString(checkpoint.dir));
        } else if (kind == EventKind::Plan || kind == EventKind::Rebalance) {
            if (m_history && current) {
                const WorkerEventJson::PlanChange change = WorkerEventJson::planChange(ev);
                // The plan names every rank's batch; the node keeps its own ranks' shares.
                QJsonArray plan;
                for (qsizetype d = 0; d < node.devices.size(); ++d) {
                    const size_t rank = size_t(node.firstRank + d);
                    if (rank < change.batches.size())
                        plan.append(qint64(change.batches[rank]));
                }
                if (!plan.isEmpty())
                    m_history->setFinalPlan(m_runId, node.index, plan);
            }
        }
        Q_EMIT eventReceived(ev);
        if (kind != EventKind::State)
            continue;
        const QString state = ev.payload.value(QStringLiteral("state")).toString();
        // In the controller's language: the agent sends its reason as a
        // catalogue entry as well as in English.
        const TranslatableText reason = RunFailureText::stateReasonText(ev.payload);
        if (current) {
            onNodeState(node, state, reason);
        } else {
            node.state = state;
            node.reason = reason;
        }
    }
}

void RunController::onNodeState(NodeState &node, const QString &state, const TranslatableText &reason)
{
    node.state = state;
    node.reason = reason;
    if (isState(state, ::NodeState::Running) &&
        (m_status == RunStatus::Preparing || m_status == RunStatus::Queued)) {
        if (m_status == RunStatus::Queued && m_history) // the agents started it from their queue
            m_history->updateRun(m_runId, RunStatus::Running, {}, QDateTime::currentMSecsSinceEpoch());
        m_ran = true;
        setStatus(RunStatus::Running, {});
    }
    if (isState(state, ::NodeState::Failed) && !m_aborting && !m_failureGrace.isActive())
        m_failureGrace.start();
    evaluate();
}

void RunController::evaluate()
{
    if (m_finished)
        return;
    QList<RunOutcome::Node> nodes;
    for (const NodeState &n : std::as_const(m_nodes))
        nodes.append({n.name, n.state, n.reason});
    RunOutcome outcome(nodes, m_failures, m_stopRequested, m_abortRequested);
    outcome.setCheckpoints(!m_config.checkpoint.dir.trimmed().isEmpty(),
                           RunLauncher::resumeStep(m_config.nodes, m_checkpoints));
    if (!outcome.isSettled())
        return;
    if (outcome.mayRecover() && tryElastic())
        return;
    finish(outcome.status(), outcome.reason());
}

void RunController::setStatus(RunStatus status, const TranslatableText &reason)
{
    if (m_status == status && m_reason == reason)
        return;
    m_status = status;
    m_reason = reason;
    Q_EMIT statusChanged(status, reason.toString());
}

void RunController::finish(RunStatus status, const TranslatableText &reason)
{
    if (m_finished)
        return;
    m_finished = true;
    m_failureGrace.stop();
    setStatus(status, reason);
    if (m_history) {
        controllerEvent(
            EventKind::Finished,
            QJsonObject{{QStringLiteral("status"), RunStatusText::key(status)},
                        {QStringLiteral("reason"), reason.toString()},
                        {QStringLiteral("reason_text"), QCborValue(reason.toCbor()).toJsonValue()}});
        m_history->updateRun(m_runId, status, reason, 0, QDateTime::currentMSecsSinceEpoch());
        m_history->flush();
        m_history->setSummary(m_runId, m_history->computeSummary(m_runId));
        m_history->flush();
    }
    Q_EMIT finished(status, reason.toString());
}

void RunController::controllerEvent(EventKind kind, const QJsonObject &payload)
{
    if (!m_history || m_runId.isEmpty())
        return;
    RunEvent e;
    e.runId = m_runId;
    e.source = QStringLiteral("controller");
    // Unique across controllers following the same run: time in µs plus a counter.
    e.seq = QDateTime::currentMSecsSinceEpoch() * 1000 + (++m_controllerSeq % 1000);
    e.timeMs = QDateTime::currentMSecsSinceEpoch();
    e.kind = kind;
    e.payload = payload;
    m_history->appendEvents({e});
}

void RunController::forgetRefused(const QString &message)
{
    // Nothing ran, so nothing is recorded as a Failed run (issue #29, item 12): like a pre-flight
    // refusal, it leaves no row and no run id behind; the form says why.
    m_abortRequested = true;
    m_finished = true;
    if (m_history) {
        m_history->removeRun(m_runId);
        m_history->flush();
    }
    m_runId.clear();
    dropNodes(m_nodes);
    Q_EMIT startFailed(message);
}

void RunController::watchNodes()
{
    if (m_finished || m_runId.isEmpty())
        return;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    // Connected but silent: an agent sends telemetry at its own pace; several of its periods without
    // any is a machine that went down (a link to it closes only when TCP gives up, minutes later).
    auto silentSince = [&](const QString &agentId) -> qint64 {
        const qint64 last = m_lastTelemetryMs.value(agentId, 0);
        // Its pace is known from two samples on: an agent at 0.1 Hz is not silent after 6 s.
        if (last <= 0 || !m_telemetryPeriodMs.contains(agentId))
            return 0;
        const qint64 limit = std::max<qint64>(kSilentAfterMs, 4 * m_telemetryPeriodMs.value(agentId, 1000));
        return now - last > limit ? last : 0;
    };
    QList<NodeState *> away;
    bool anyAnswers = false;
    for (NodeState &n : m_nodes) {
        // A queued run waits on its agents, whoever is connected: an agent away is not a failure.
        if (isFinalState(n.state) || isState(n.state, ::NodeState::Queued))
            continue;
        const bool connected = m_registry.client(n.agentId) != nullptr;
        const qint64 silent = connected ? silentSince(n.agentId) : 0;
        if (connected && silent == 0) {
            m_unreachableSince.remove(n.agentId);
            anyAnswers = true;
            continue;
        }
        if (!m_unreachableSince.contains(n.agentId))
            m_unreachableSince.insert(n.agentId, connected ? silent : now);
        away.append(&n);
    }
    for (NodeState *n : std::as_const(away)) {
        const qint64 since = m_unreachableSince.value(n->agentId, now);
        const qint64 limit = anyAnswers ? kLostAfterMs : qint64(m_config.comm.timeoutS) * 1000 + 5000;
        if (now - since <= limit)
            continue;
        TranslatableText reason =
            m_registry.client(n->agentId)
                ? text(QT_TR_NOOP("%1 stopped answering: the machine went down or its network failed"))
                : text(QT_TR_NOOP("%1's agent stopped: the machine went down or the agent was killed"));
        reason.arg(n->name);
        Failure lost{n->agentId, n->name, -1, 0, true, reason};
        lost.lost = true;
        m_failures.append(lost);
        onNodeState(*n, NodeStates::name(::NodeState::Failed), reason);
    }
}

void RunController::onTelemetry(const QString &key)
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    if (const qint64 last = m_lastTelemetryMs.value(key, 0); last > 0)
        m_telemetryPeriodMs.insert(key, std::clamp<qint64>(now - last, 100, 60000));
    m_lastTelemetryMs.insert(key, now);
    if (!m_history || m_runId.isEmpty() || m_finished || m_status != RunStatus::Running)
        return;
    NodeState *n = nodeByAgent(key);
    const Node *node = m_registry.node(key);
    if (!n || !node || !node->telemetry)
        return;
    m_history->appendTelemetry(m_runId, key, node->telemetry->timeMs, node->telemetry->devices);
}
