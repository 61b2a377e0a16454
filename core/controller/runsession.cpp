#include "runsession.h"

#include "eventkind.h"
#include "historystore.h"
#include "noderegistry.h"
#include "runlauncher.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>

RunSession::RunSession(NodeRegistry &registry, HistoryStore *history, QObject *parent)
    : QObject(parent)
    , m_registry(registry)
    , m_history(history)
    , m_controller(registry, history)
{
    connect(&m_controller, &RunController::eventReceived, this,
            [this](const RunEvent &e) { addEvent(e, true); });
    connect(&registry, &NodeRegistry::telemetryUpdated, this, &RunSession::onTelemetry);
    // The doctor's own clock: findings reach the history whether or not anyone looks.
    m_doctor.setInterval(kDoctorIntervalMs);
    connect(&m_doctor, &QTimer::timeout, this, &RunSession::diagnose);
    m_doctor.start();
}

RunSession::~RunSession() = default;

void RunSession::preflight(const RunConfig &config)
{
    m_controller.preflight(config);
}

void RunSession::start(const RunConfig &config)
{
    prepare(config);
    m_controller.start(config);
}

void RunSession::enqueue(const RunConfig &config)
{
    prepare(config);
    m_controller.enqueue(config);
}

void RunSession::prepare(const RunConfig &config)
{
    // Ranks in config order, as the controller gives them to the agents.
    RunConfig resolved = config;
    m_controller.resolveNodes(resolved);
    QList<LiveRunData::NodeInfo> nodes;
    const QList<int> ranks = RunLauncher::firstRanks(resolved.nodes);
    for (qsizetype i = 0; i < resolved.nodes.size(); ++i)
        nodes.append({resolved.nodes[i].agent, resolved.nodes[i].name, ranks[i], resolved.nodes[i].devices});
    reset(resolved, nodes);
}

bool RunSession::attach(const QString &runId)
{
    if (!m_history)
        return false;
    const auto record = m_history->run(runId);
    if (!record)
        return false;
    QList<ConfigError> ignored;
    const RunConfig config = RunConfig::fromJson(record->config, &ignored);
    QList<LiveRunData::NodeInfo> nodes;
    for (const RunNodeRecord &n : m_history->nodes(runId))
        nodes.append({n.agentId, n.name, n.firstRank, n.devices});
    reset(config, nodes);
    // What the history already has, then the controller backfills the rest.
    for (const RunEvent &e : m_history->events(runId))
        addEvent(e, false);
    m_controller.attach(runId);
    for (auto it = m_speeds.cbegin(); it != m_speeds.cend(); ++it)
        Q_EMIT nodeSpeedChanged(it.key(), it.value());
    if (!m_plan.isEmpty())
        Q_EMIT planChanged(m_plan, m_data.config().globalBatch);
    return true;
}

void RunSession::reset(const RunConfig &config, const QList<LiveRunData::NodeInfo> &nodes)
{
    m_data.reset(config, nodes);
    m_speeds.clear();
    m_plan.clear();
    m_findings.clear();
    m_findingsKey.clear();
    ++m_findingsRevision;
}

void RunSession::addEvent(const RunEvent &event, bool notify)
{
    m_data.addEvent(event);
    const EventKind kind = event.kind.value();
    if (kind == EventKind::Plan || kind == EventKind::Rebalance) {
        updatePlan(notify);
    } else if (kind == EventKind::Step) {
        if (const int node = m_data.nodeOfRank(event.rank); node >= 0)
            updateSpeed(node, notify);
    }
}

double RunSession::etaSeconds() const
{
    if (!RunStatusText::isActive(m_controller.status()) || m_controller.endRequested())
        return -1;
    return m_data.etaSeconds();
}

void RunSession::updateSpeed(int node, bool notify)
{
    // A node's speed: the samples its ranks compute per second of compute time.
    const LiveRunData::NodeInfo &info = m_data.nodes().at(node);
    double speed = 0;
    for (qsizetype d = 0; d < info.devices.size(); ++d) {
        const auto s = m_data.rankSplit(info.firstRank + int(d));
        if (s.computeMs > 0)
            speed += s.localBatch * 1000.0 / s.computeMs;
    }
    const auto known = m_speeds.constFind(info.key);
    if (known != m_speeds.cend() && *known == speed)
        return;
    m_speeds.insert(info.key, speed);
    if (notify)
        Q_EMIT nodeSpeedChanged(info.key, speed);
}

void RunSession::updatePlan(bool notify)
{
    const auto &plan = m_data.plan();
    if (plan.isEmpty())
        return;
    QHash<QString, double> perNode;
    const auto &nodes = m_data.nodes();
    for (qsizetype n = 0; n < nodes.size() && n < plan.last().perNode.size(); ++n)
        perNode.insert(nodes[n].key, plan.last().perNode[n]);
    if (perNode == m_plan)
        return; // every rank reports the same plan
    m_plan = perNode;
    if (notify)
        Q_EMIT planChanged(m_plan, m_data.config().globalBatch);
}

void RunSession::onTelemetry(const QString &key)
{
    // Only while its workers may run: after the end (or while it waits in the queue) the machines'
    // readings are someone else's, and the charts stop where the run did.
    const Node *node = m_registry.node(key);
    const RunStatus status = m_controller.status();
    if (node && node->telemetry && m_controller.isAttached() && RunStatusText::isActive(status) &&
        status != RunStatus::Queued)
        m_data.addTelemetry(key, *node->telemetry);
}

void RunSession::diagnose()
{
    m_findings = m_data.diagnose(QDateTime::currentMSecsSinceEpoch());
    ++m_findingsRevision;
    QString key;
    for (const auto &f : std::as_const(m_findings))
        key += QStringLiteral("%1/%2/%3;").arg(UtilizationDoctor::reasonKey(f.reason), f.node).arg(f.device);
    if (key == m_findingsKey)
        return;
    m_findingsKey = key;
    record(m_findings);
    Q_EMIT findingsChanged(m_findings);
}

void RunSession::record(const QList<UtilizationDoctor::Finding> &findings)
{
    if (!m_controller.isAttached() || !RunStatusText::isActive(m_controller.status()))
        return;
    QJsonArray list;
    for (const auto &f : findings)
        list.append(QJsonObject{{QStringLiteral("reason"), UtilizationDoctor::reasonKey(f.reason)},
                                {QStringLiteral("node"), f.node},
                                {QStringLiteral("device"), f.device},
                                {QStringLiteral("rank"), f.rank},
                                {QStringLiteral("evidence"), f.evidence},
                                {QStringLiteral("action"), f.action}});
    m_controller.record(EventKind::Diagnosis, QJsonObject{{QStringLiteral("findings"), list}});
}
