#include "cborvalue.h"
#include "runcontroller.h"

#include "agentclient.h"
#include "eventkind.h"
#include "historystore.h"
#include "jsonnumber.h"
#include "logging.h"
#include "message.h"
#include "nodestate.h"
#include "noderegistry.h"
#include "runfailuretext.h"

#include <QCborArray>
#include <QCborValue>
#include <QDateTime>
#include <QHostAddress>
#include <QJsonArray>
#include <QLocale>
#include <QRandomGenerator>

namespace {
constexpr int kJournalPage = 2000;

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
    : QObject(parent), m_registry(registry), m_history(history)
{
    connect(&registry, &NodeRegistry::clientReady, this, &RunController::onClientReady);
    connect(&registry, &NodeRegistry::telemetryUpdated, this, &RunController::onTelemetry);
    // An agent that is gone for longer than a collective may take is lost: its
    // workers died with it (they cannot outlive their agent).
    m_watch.setInterval(1000);
    connect(&m_watch, &QTimer::timeout, this, [this] {
        if (m_finished || m_runId.isEmpty())
            return;
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        for (NodeState &n : m_nodes) {
            if (isFinalState(n.state) || m_registry.client(n.agentId)) {
                m_unreachableSince.remove(n.agentId);
                continue;
            }
            const qint64 since = m_unreachableSince.value(n.agentId, now);
            m_unreachableSince.insert(n.agentId, since);
            if (now - since > qint64(m_config.comm.timeoutS) * 1000 + 5000) {
                const QString reason = tr("the agent on %1 stopped answering").arg(n.name);
                m_failures.append({n.agentId, n.name, -1, 0, true, reason});
                onNodeState(n, NodeStates::name(::NodeState::Failed), reason);
            }
        }
    });
    m_watch.start();
    m_failureGrace.setSingleShot(true);
    m_failureGrace.setInterval(1500);
    connect(&m_failureGrace, &QTimer::timeout, this, [this] {
        // Time for the other nodes to report their side; then bring down whatever still runs.
        m_aborting = true;
        for (NodeState &n : m_nodes) {
            if (!isFinalState(n.state) && n.client)
                n.client->request(Message::Type::AbortRun, QCborMap{{QStringLiteral("run_id"), n.agentRunId}}, this,
                                  [](const Expected<QCborMap> &) {});
        }
        evaluate();
    });
}

RunController::~RunController() = default;

QString RunController::newRunId()
{
    return QStringLiteral("%1-%2")
        .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss")))
        .arg(QRandomGenerator::global()->bounded(0x10000), 4, 16, QLatin1Char('0'));
}

QList<ConfigError> RunController::resolveNodes(RunConfig &config) const
{
    QList<ConfigError> errors;
    for (qsizetype i = 0; i < config.nodes.size(); ++i) {
        RunConfig::Node &entry = config.nodes[i];
        const QString want = entry.agent.isEmpty() ? entry.name : entry.agent;
        const QString field = QStringLiteral("nodes[%1].agent").arg(i);
        if (want.isEmpty())
            continue; // validate() reports it
        // Only pinned machines: a name or id that a beacon claims is not enough.
        const QList<const Node *> matches = m_registry.match(want, NodeRegistry::Scope::Trusted);
        if (matches.isEmpty()) {
            const QList<const Node *> untrusted = m_registry.match(want, NodeRegistry::Scope::Any);
            if (untrusted.size() == 1)
                errors.append({field, tr("%1 is not trusted yet").arg(want)});
            else
                errors.append({field, tr("no machine \"%1\" is known; is its agent running and trusted?").arg(want)});
            continue;
        }
        if (matches.size() > 1) {
            errors.append({field, tr("\"%1\" matches several machines; use the node id").arg(want)});
            continue;
        }
        const Node *match = matches.first();
        entry.agent = match->nodeId;
        if (entry.name.isEmpty())
            entry.name = match->name;
        if (!match->isConnected())
            errors.append({field, tr("%1 is not connected (%2)").arg(match->name, match->message)});
    }
    return errors;
}

void RunController::preflight(const RunConfig &config)
{
    m_config = config;
    QList<ConfigError> errors = resolveNodes(m_config);
    errors += m_config.validate();
    if (!errors.isEmpty()) {
        m_preflight.clear();
        NodePreflight all;
        all.name = tr("configuration");
        for (const ConfigError &e : std::as_const(errors))
            all.addError(tr("%1: %2").arg(e.field, e.message));
        m_preflight.append(all);
        Q_EMIT preflightFinished(m_preflight, false);
        return;
    }
    runPreflight([this](bool ok) { Q_EMIT preflightFinished(m_preflight, ok); });
}

void RunController::runPreflight(std::function<void(bool ok)> done)
{
    m_preflight.clear();
    const int count = int(m_config.nodes.size());
    auto pending = std::make_shared<int>(count);
    auto finishOne = [this, pending, done] {
        if (--*pending > 0)
            return;
        bool ok = true;
        for (const NodePreflight &p : std::as_const(m_preflight))
            ok = ok && p.reached && p.errors.isEmpty();
        // Workers rendezvous at the master's address as the controller sees it:
        // a master on loopback cannot be reached by workers on other machines.
        const Node *master = m_registry.node(m_config.nodes.first().agent);
        bool remote = false;
        for (const RunConfig::Node &n : std::as_const(m_config.nodes)) {
            const Node *node = m_registry.node(n.agent);
            remote = remote || (node && !QHostAddress(node->address).isLoopback());
        }
        if (master && QHostAddress(master->address).isLoopback() && remote) {
            m_preflight.first().addError(
                TranslatableText(staticMetaObject.className(),
                                 QT_TR_NOOP("%1 listens on loopback only, so other machines cannot reach it; run the first "
                                            "node's agent with --bind on its network address, or list another machine first"))
                    .arg(master->name));
            ok = false;
        }
        done(ok);
    };
    for (int i = 0; i < count; ++i) {
        NodePreflight p;
        p.nodeIndex = i;
        p.agentId = m_config.nodes[i].agent;
        p.name = m_config.nodes[i].name;
        m_preflight.append(p);
    }
    for (int i = 0; i < count; ++i) {
        AgentClient *client = m_registry.client(m_config.nodes[i].agent);
        if (!client) {
            m_preflight[i].addError(TranslatableText(staticMetaObject.className(), QT_TR_NOOP("not connected")));
            QMetaObject::invokeMethod(this, finishOne, Qt::QueuedConnection);
            continue;
        }
        QCborMap body;
        body[QStringLiteral("config")] = QCborMap::fromJsonObject(m_config.toJson());
        body[QStringLiteral("node_index")] = i;
        body[QStringLiteral("master")] = i == 0;
        client->request(Message::Type::Preflight, body, this, [this, i, finishOne](const Expected<QCborMap> &reply) {
            NodePreflight &p = m_preflight[i];
            if (!reply) {
                p.addError(reply.error());
            } else {
                p.reached = true;
                // Untranslated findings where the agent sends them (same order
                // as its translated lists), its translated text otherwise.
                auto findings = [&](const QString &key, const QString &textsKey) {
                    const QCborArray plain = reply->value(key).toArray();
                    const QCborArray texts = reply->value(textsKey).toArray();
                    QList<TranslatableText> out;
                    for (qsizetype k = 0; k < plain.size(); ++k)
                        out << (texts.size() == plain.size() ? TranslatableText::fromCbor(texts.at(k))
                                                             : TranslatableText(plain.at(k).toString()));
                    return out;
                };
                for (const TranslatableText &e : findings(QStringLiteral("errors"), QStringLiteral("error_texts")))
                    p.addError(e);
                for (const TranslatableText &w : findings(QStringLiteral("warnings"), QStringLiteral("warning_texts")))
                    p.addWarning(w);
                p.port = quint16(CborValue::integer(reply->value(QStringLiteral("port"))));
                p.deviceKind = reply->value(QStringLiteral("device_kind")).toString();
            }
            finishOne();
        }, 30000);
    }
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
    runPreflight([this](bool ok) {
        Q_EMIT preflightFinished(m_preflight, ok);
        if (!ok) {
            QStringList lines;
            for (const NodePreflight &p : std::as_const(m_preflight)) {
                for (const QString &e : p.errors)
                    lines << tr("%1: %2").arg(p.name, e);
            }
            Q_EMIT startFailed(tr("pre-flight found problems, nothing was started:\n%1").arg(lines.join(QLatin1Char('\n'))));
            return;
        }
        launch();
    });
}

void RunController::launch()
{
    m_runId = newRunId();
    m_attempt = 0;
    m_earlier.clear();
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    if (m_history) {
        QList<RunNodeRecord> records;
        int rank = 0;
        for (qsizetype i = 0; i < m_config.nodes.size(); ++i) {
            const RunConfig::Node &n = m_config.nodes[i];
            const Node *node = m_registry.node(n.agent);
            records.append({int(i), n.agent, n.name, node ? node->address : QString(), rank, n.devices, {}, 0});
            rank += int(n.devices.size());
        }
        RunRecord record;
        record.id = m_runId;
        record.name = m_config.name;
        record.strategy = m_config.strategy;
        record.config = m_config.toJson();
        record.status = RunStatus::Preparing;
        record.createdMs = now;
        m_history->createRun(record, records);
    }
    startAttempt();
}

void RunController::startAttempt()
{
    const Node *master = m_registry.node(m_config.nodes.first().agent);
    const QString masterAddress = QStringLiteral("%1:%2").arg(master ? master->address : QString()).arg(m_preflight.first().port);
    const int world = m_config.deviceCount();
    // An elastic attempt resumes from the newest checkpoint every node left has.
    qint64 resumeStep = -1;
    if (m_attempt > 0) {
        for (const RunConfig::Node &n : std::as_const(m_config.nodes)) {
            const qint64 latest = m_checkpoints.value(n.agent).isEmpty() ? -1 : m_checkpoints.value(n.agent).lastKey();
            resumeStep = resumeStep < 0 ? latest : qMin(resumeStep, latest);
        }
    }
    // The attempt before goes on being backfilled: a lost node's agent may come back with its journal.
    for (NodeState &n : m_nodes) {
        if (n.attempt != m_attempt)
            m_earlier.append(n);
    }
    m_nodes.clear();
    int rank = 0;
    for (qsizetype i = 0; i < m_config.nodes.size(); ++i) {
        const RunConfig::Node &n = m_config.nodes[i];
        NodeState s = nodeState(m_attempt, int(i), n.agent, n.name, rank, n.devices);
        s.state = NodeStates::name(::NodeState::Starting);
        m_nodes.append(s);
        rank += int(n.devices.size());
    }
    QJsonArray preflight;
    for (const NodePreflight &p : std::as_const(m_preflight))
        preflight.append(QJsonObject{{QStringLiteral("node"), p.name},
                                     {QStringLiteral("warnings"), QJsonArray::fromStringList(p.warnings)}});
    controllerEvent(EventKinds::name(EventKind::Launch), QJsonObject{{QStringLiteral("master"), masterAddress},
                                                          {QStringLiteral("world_size"), world},
                                                          {QStringLiteral("attempt"), m_attempt},
                                                          {QStringLiteral("preflight"), preflight}});
    for (NodeState &n : m_nodes)
        hook(n);

    // A fresh 32-byte secret per start, the same for every node: only this
    // attempt's workers can use its rendezvous store (docs/security.md). It
    // travels over the agents' mutual-TLS channel only and is never stored here.
    QByteArray secret(32, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(secret.data()), secret.size() / 4);
    const QString rendezvousSecret = QString::fromLatin1(secret.toHex());
    secret.fill('\0');
    auto pending = std::make_shared<int>(int(m_nodes.size()));
    auto failures = std::make_shared<QStringList>();
    for (int i = 0; i < m_nodes.size(); ++i) {
        QCborMap body;
        body[QStringLiteral("run_id")] = m_nodes[i].agentRunId;
        body[QStringLiteral("config")] = QCborMap::fromJsonObject(m_config.toJson());
        body[QStringLiteral("node_index")] = i;
        body[QStringLiteral("first_rank")] = m_nodes[i].firstRank;
        body[QStringLiteral("world_size")] = world;
        body[QStringLiteral("master")] = masterAddress;
        body[QStringLiteral("rendezvous_secret")] = rendezvousSecret;
        if (resumeStep >= 0)
            body[QStringLiteral("resume")] = m_checkpoints.value(m_nodes[i].agentId).value(resumeStep);
        AgentClient *client = m_registry.client(m_nodes[i].agentId);
        auto onReply = [this, i, pending, failures](const Expected<QCborMap> &reply) {
            if (!reply) {
                failures->append(tr("%1: %2").arg(m_nodes[i].name, reply.error()));
                m_nodes[i].state = NodeStates::name(::NodeState::Failed);
                m_nodes[i].reason = reply.error();
            }
            if (--*pending > 0)
                return;
            if (!failures->isEmpty()) {
                m_abortRequested = true;
                for (NodeState &n : m_nodes) {
                    if (n.client && !isState(n.state, ::NodeState::Failed))
                        n.client->request(Message::Type::AbortRun, QCborMap{{QStringLiteral("run_id"), n.agentRunId}}, this,
                                          [](const Expected<QCborMap> &) {});
                }
                finish(RunStatus::Failed, tr("could not start: %1").arg(QLocale().createSeparatedList(*failures)));
                Q_EMIT startFailed(m_reason);
                return;
            }
            if (m_history)
                m_history->updateRun(m_runId, RunStatus::Running, {}, m_attempt == 0 ? QDateTime::currentMSecsSinceEpoch() : 0);
            setStatus(RunStatus::Running, {});
            if (m_attempt == 0)
                Q_EMIT started(m_runId);
        };
        if (!client) {
            onReply(Expected<QCborMap>::failure(tr("not connected")));
            continue;
        }
        client->request(Message::Type::StartRun, body, this, onReply, 30000);
    }
}

RunController::NodeState RunController::nodeState(int attempt, int index, const QString &agentId,
                                                  const QString &name, int firstRank,
                                                  const QList<int> &devices) const
{
    NodeState s;
    s.index = index;
    s.attempt = attempt;
    s.agentId = agentId;
    s.name = name;
    s.firstRank = firstRank;
    s.devices = devices;
    s.agentRunId = attempt > 0 ? QStringLiteral("%1-a%2").arg(m_runId).arg(attempt) : m_runId;
    s.source = attempt > 0 ? QStringLiteral("%1#%2").arg(agentId).arg(attempt) : agentId;
    return s;
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
        const bool crashed = std::any_of(m_failures.cbegin(), m_failures.cend(),
                                         [&](const Failure &f) { return f.agentId == n.agentId && f.crashed && !f.induced; });
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
    qint64 resumeStep = -1;
    for (const RunConfig::Node &n : std::as_const(remaining)) {
        if (m_checkpoints.value(n.agent).isEmpty())
            return false; // nothing to resume from on that node
        const qint64 latest = m_checkpoints.value(n.agent).lastKey();
        resumeStep = resumeStep < 0 ? latest : qMin(resumeStep, latest);
    }
    RunConfig next = m_config;
    next.nodes = remaining;
    for (RunConfig::Node &n : next.nodes)
        n.batch.reset(); // the planner splits the same global batch over the nodes left
    if (next.globalBatch < next.deviceCount())
        return false;
    const QString reason = tr("lost %1; resuming from the checkpoint of step %2 on %Ln node(s)", nullptr, int(remaining.size()))
                               .arg(QLocale().createSeparatedList(lostNames), QLocale().toString(resumeStep));
    qCInfo(lcRuns).noquote() << "run" << m_runId << reason;
    QJsonArray nodes;
    for (const RunConfig::Node &n : std::as_const(next.nodes))
        nodes.append(QJsonObject{{QStringLiteral("agent"), n.agent}, {QStringLiteral("name"), n.name}});
    ++m_attempt;
    controllerEvent(EventKinds::name(EventKind::Elastic), QJsonObject{{QStringLiteral("attempt"), m_attempt},
                                                           {QStringLiteral("lost"), QJsonArray::fromStringList(lostNames)},
                                                           {QStringLiteral("resume_step"), double(resumeStep)},
                                                           {QStringLiteral("nodes"), nodes},
                                                           {QStringLiteral("reason"), reason}});
    if (m_history)
        m_history->updateRun(m_runId, RunStatus::Running, reason);
    setStatus(RunStatus::Running, reason);
    m_failures.clear();
    m_failureGrace.stop();
    m_aborting = false;
    m_config = next;
    runPreflight([this](bool ok) {
        if (!ok) {
            QStringList lines;
            for (const NodePreflight &p : std::as_const(m_preflight)) {
                for (const QString &e : p.errors)
                    lines << tr("%1: %2").arg(p.name, e);
            }
            finish(RunStatus::Failed, tr("elastic recovery failed its pre-flight: %1").arg(QLocale().createSeparatedList(lines)));
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
    m_reason = record->reason;
    m_nodes.clear();
    m_earlier.clear();
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
        int rank = 0;
        int index = 0;
        for (const RunNodeRecord &r : records) {
            if (!it.value().contains(r.agentId))
                continue;
            NodeState s = nodeState(it.key(), index++, r.agentId, r.name, it.key() == 0 ? r.firstRank : rank,
                                    r.devices);
            s.lastSeq = m_history->lastSeq(runId, s.source);
            rank += int(r.devices.size());
            (it.key() == m_attempt ? m_nodes : m_earlier).append(s);
        }
    }
    for (NodeState &n : m_earlier)
        hook(n);
    for (NodeState &n : m_nodes)
        hook(n);
    Q_EMIT statusChanged(m_status, m_reason);
}

void RunController::stop()
{
    m_stopRequested = true;
    for (NodeState &n : m_nodes) {
        if (n.client && !isFinalState(n.state))
            n.client->request(Message::Type::StopRun, QCborMap{{QStringLiteral("run_id"), n.agentRunId}}, this, [](const Expected<QCborMap> &) {});
    }
    controllerEvent(EventKinds::name(EventKind::StopRequested), {});
}

void RunController::abort()
{
    m_abortRequested = true;
    for (NodeState &n : m_nodes) {
        if (n.client && !isFinalState(n.state))
            n.client->request(Message::Type::AbortRun, QCborMap{{QStringLiteral("run_id"), n.agentRunId}}, this, [](const Expected<QCborMap> &) {});
    }
    controllerEvent(EventKinds::name(EventKind::AbortRequested), {});
}

RunController::NodeState *RunController::nodeByAgent(const QString &agentId)
{
    for (NodeState &n : m_nodes) {
        if (n.agentId == agentId)
            return &n;
    }
    return nullptr;
}

RunController::NodeState *RunController::nodeFor(const QString &agentId, const QString &agentRunId)
{
    for (QList<NodeState> *list : {&m_nodes, &m_earlier}) {
        for (NodeState &n : *list) {
            if (n.agentId == agentId && n.agentRunId == agentRunId)
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
    AgentClient *client = m_registry.client(node.agentId);
    if (!client || client == node.client)
        return;
    QObject::disconnect(node.pushConnection);
    node.client = client;
    node.subscribed = false;
    node.backfilling = false;
    const QString agentId = node.agentId;
    const QString agentRunId = node.agentRunId;
    node.pushConnection =
        connect(client, &AgentClient::pushReceived, this, [this, agentId, agentRunId](const Message &m) {
            if (NodeState *n = nodeFor(agentId, agentRunId))
                onPush(*n, m);
        });
    client->request(Message::Type::Subscribe,
                    QCborMap{{QStringLiteral("topics"), QCborArray{QStringLiteral("runs")}}}, this,
                    [this, agentId, agentRunId](const Expected<QCborMap> &reply) {
                        NodeState *n = nodeFor(agentId, agentRunId);
                        if (!n || !reply)
                            return;
                        n->subscribed = true;
                        if (!m_runId.isEmpty())
                            backfill(*n);
                    });
}

void RunController::onPush(NodeState &node, const Message &message)
{
    const QCborMap &b = message.body();
    if (m_runId.isEmpty() || b.value(QStringLiteral("run_id")).toString() != node.agentRunId)
        return;
    if (message.type() == Message::Type::RunEvent) {
        const QCborMap e = b.value(QStringLiteral("event")).toMap();
        RunEvent ev;
        ev.runId = m_runId;
        ev.source = node.source;
        ev.seq = CborValue::integer(b.value(QStringLiteral("seq")));
        ev.timeMs = CborValue::integer(e.value(QStringLiteral("time")));
        ev.kind = e.value(QStringLiteral("kind")).toString();
        ev.rank = int(CborValue::integer(e.value(QStringLiteral("rank")), -1));
        ev.device = int(CborValue::integer(e.value(QStringLiteral("device")), -1));
        ev.payload = QCborValue(e.value(QStringLiteral("event"))).toJsonValue().toObject();
        // Events past a gap (we were away) wait for the backfill, which fetches them in order.
        if (ev.seq > node.lastSeq + 1) {
            backfill(node);
            return;
        }
        ingest(node, {ev});
    }
}

void RunController::backfill(NodeState &node)
{
    if (node.backfilling || !node.client)
        return;
    node.backfilling = true;
    const QString agentId = node.agentId;
    const QString agentRunId = node.agentRunId;
    node.client->request(
        Message::Type::Journal,
        QCborMap{{QStringLiteral("run_id"), node.agentRunId}, {QStringLiteral("from"), node.lastSeq}}, this,
        [this, agentId, agentRunId](const Expected<QCborMap> &reply) {
            NodeState *n = nodeFor(agentId, agentRunId);
            if (!n)
                return;
            n->backfilling = false;
            if (!reply) {
                qCWarning(lcRuns).noquote()
                    << "journal of" << n->name << "for" << agentRunId << "unavailable:" << reply.error();
                if (n->attempt == m_attempt && n->state.isEmpty()) {
                    n->state = NodeStates::name(::NodeState::Failed);
                    n->reason = reply.error();
                    evaluate();
                }
                return;
            }
            QList<RunEvent> events;
            for (const QCborValue v : reply->value(QStringLiteral("events")).toArray()) {
                const QCborMap e = v.toMap();
                RunEvent ev;
                ev.runId = m_runId;
                ev.source = n->source;
                ev.seq = CborValue::integer(e.value(QStringLiteral("seq")));
                ev.timeMs = CborValue::integer(e.value(QStringLiteral("time")));
                ev.kind = e.value(QStringLiteral("kind")).toString();
                ev.rank = int(CborValue::integer(e.value(QStringLiteral("rank")), -1));
                ev.device = int(CborValue::integer(e.value(QStringLiteral("device")), -1));
                ev.payload = QCborValue(e.value(QStringLiteral("event"))).toJsonValue().toObject();
                events.append(ev);
            }
            ingest(*n, events);
            if (events.size() >= kJournalPage) {
                backfill(*n);
                return;
            }
            if (m_lateEvents && m_history) {
                // Steps that came after the end (a lost node's, say) count in the run's summary too.
                m_lateEvents = false;
                m_history->flush();
                m_history->setSummary(m_runId, m_history->computeSummary(m_runId));
            }
            if (allCaughtUp())
                Q_EMIT caughtUp();
        });
}

bool RunController::allCaughtUp() const
{
    for (const NodeState &s : m_nodes) {
        if (!s.subscribed || s.backfilling)
            return false;
    }
    // An earlier attempt's node whose agent is gone holds nothing up: its journal comes when it is back.
    for (const NodeState &s : m_earlier) {
        if (s.client && (!s.subscribed || s.backfilling))
            return false;
    }
    return true;
}

void RunController::ingest(NodeState &node, const QList<RunEvent> &events)
{
    QList<RunEvent> fresh;
    for (const RunEvent &ev : events) {
        if (ev.seq <= node.lastSeq)
            continue; // seen already (a page and a push overlapping)
        node.lastSeq = ev.seq;
        fresh.append(ev);
    }
    if (fresh.isEmpty())
        return;
    if (m_history)
        m_history->appendEvents(fresh);
    if (m_finished || !RunStatusText::isActive(m_status))
        m_lateEvents = true;
    // Only the current attempt's events decide how the run goes on; an earlier one's are history.
    const bool current = node.attempt == m_attempt;
    for (const RunEvent &ev : std::as_const(fresh)) {
        const EventKind kind = EventKinds::fromString(ev.kind);
        if (kind == EventKind::WorkerExit) {
            const bool crashed = ev.payload.value(QStringLiteral("crashed")).toBool();
            const int code = ev.payload.value(QStringLiteral("exit_code")).toInt();
            if (current && (crashed || code != 0))
                m_failures.append({node.agentId, node.name, ev.rank, code, crashed,
                                   ev.payload.value(QStringLiteral("description")).toString(), m_aborting});
        } else if (kind == EventKind::Checkpoint) {
            m_checkpoints[node.agentId].insert(jsonInt64(ev.payload.value(QStringLiteral("step"))),
                                               ev.payload.value(QStringLiteral("dir")).toString());
        } else if (kind == EventKind::Plan || kind == EventKind::Rebalance) {
            if (m_history && current) {
                const QJsonArray plan = ev.payload.value(kind == EventKind::Plan ? QStringLiteral("batches")
                                                                                          : QStringLiteral("new"))
                                            .toArray();
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
        const QString reason = RunFailureText::stateReasonText(ev.payload);
        if (current) {
            onNodeState(node, state, reason);
        } else {
            node.state = state;
            node.reason = reason;
        }
    }
}

void RunController::onNodeState(NodeState &node, const QString &state, const QString &reason)
{
    node.state = state;
    node.reason = reason;
    if (isState(state, ::NodeState::Running) && m_status == RunStatus::Preparing)
        setStatus(RunStatus::Running, {});
    if (isState(state, ::NodeState::Failed) && !m_aborting && !m_failureGrace.isActive())
        m_failureGrace.start();
    evaluate();
}

void RunController::evaluate()
{
    if (m_finished || m_nodes.isEmpty())
        return;
    bool allFinal = true;
    bool anyFailed = false;
    bool anyStopped = false;
    bool anyAborted = false;
    for (const NodeState &n : std::as_const(m_nodes)) {
        allFinal = allFinal && isFinalState(n.state);
        anyFailed = anyFailed || isState(n.state, ::NodeState::Failed);
        anyStopped = anyStopped || isState(n.state, ::NodeState::Stopped);
        anyAborted = anyAborted || isState(n.state, ::NodeState::Aborted);
    }
    if (!allFinal)
        return;
    if (anyFailed && !m_abortRequested && tryElastic())
        return;
    if (anyFailed && !m_abortRequested) {
        // The root cause: a crash first, then an error of its own, and only then a
        // worker that failed because a peer went away (exit code 3); workers this
        // controller killed while bringing the group down come last.
        QString reason;
        auto pick = [&](auto predicate) {
            for (const Failure &f : std::as_const(m_failures)) {
                if (reason.isEmpty() && predicate(f))
                    reason = tr("%1, rank %2: %3").arg(f.node).arg(f.rank).arg(f.description);
            }
        };
        pick([](const Failure &f) { return f.crashed && !f.induced; });
        pick([](const Failure &f) { return f.exitCode != 3 && !f.induced; });
        pick([](const Failure &f) { return !f.induced; });
        pick([](const Failure &) { return true; });
        for (const NodeState &n : std::as_const(m_nodes)) {
            if (isState(n.state, ::NodeState::Failed) && !n.reason.isEmpty()) {
                if (reason.isEmpty())
                    reason = tr("%1: %2").arg(n.name, n.reason);
                else if (!m_failures.isEmpty() && reason.size() < 400 && n.reason.size() < 400 && !reason.contains(n.reason))
                    reason = tr("%1 (%2: %3)").arg(reason, n.name, n.reason);
                break;
            }
        }
        finish(RunStatus::Failed, reason);
    } else if (m_abortRequested || anyAborted) {
        finish(RunStatus::Aborted, tr("aborted"));
    } else if (m_stopRequested || anyStopped) {
        finish(RunStatus::Stopped, tr("stopped after a checkpoint"));
    } else {
        finish(RunStatus::Finished, {});
    }
}

void RunController::setStatus(RunStatus status, const QString &reason)
{
    if (m_status == status && m_reason == reason)
        return;
    m_status = status;
    m_reason = reason;
    Q_EMIT statusChanged(status, reason);
}

void RunController::finish(RunStatus status, const QString &reason)
{
    if (m_finished)
        return;
    m_finished = true;
    m_failureGrace.stop();
    setStatus(status, reason);
    if (m_history) {
        controllerEvent(EventKinds::name(EventKind::Finished), QJsonObject{{QStringLiteral("status"), RunStatusText::key(status)},
                                                                 {QStringLiteral("reason"), reason}});
        m_history->updateRun(m_runId, status, reason, 0, QDateTime::currentMSecsSinceEpoch());
        m_history->flush();
        m_history->setSummary(m_runId, m_history->computeSummary(m_runId));
        m_history->flush();
    }
    Q_EMIT finished(status, reason);
}

void RunController::controllerEvent(const QString &kind, const QJsonObject &payload)
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

void RunController::onTelemetry(const QString &key)
{
    if (!m_history || m_runId.isEmpty() || m_finished || m_status != RunStatus::Running)
        return;
    NodeState *n = nodeByAgent(key);
    const Node *node = m_registry.node(key);
    if (!n || !node || !node->telemetry)
        return;
    m_history->appendTelemetry(m_runId, key, node->telemetry->timeMs, node->telemetry->devices);
}
