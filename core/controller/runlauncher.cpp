#include "runlauncher.h"

#include "cborvalue.h"
#include "noderegistry.h"
#include "rendezvoussecret.h"

#include <memory>
#include <QCborArray>
#include <QCoreApplication>
#include <QDateTime>
#include <QHostAddress>

namespace {
// The launcher's messages are the run controller's, under that catalogue context.
constexpr const char *kContext = "RunController";

QString trRun(const char *text)
{
    return QCoreApplication::translate(kContext, text);
}
} // namespace

RunLauncher::RunLauncher(const NodeRegistry &registry, LinkFor linkFor, QObject *parent)
    : QObject(parent)
    , m_registry(registry)
    , m_linkFor(std::move(linkFor))
{}

RunLauncher::~RunLauncher() = default;

QList<ConfigError> RunLauncher::resolveNodes(RunConfig &config) const
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
                errors.append(
                    {field, QCoreApplication::translate("RunController", "%1 is not trusted yet").arg(want)});
            else
                errors.append({field, QCoreApplication::translate(
                                          "RunController",
                                          "no machine \"%1\" is known; is its agent running and trusted?")
                                          .arg(want)});
            continue;
        }
        if (matches.size() > 1) {
            errors.append({field, QCoreApplication::translate(
                                      "RunController", "\"%1\" matches several machines; use the node id")
                                      .arg(want)});
            continue;
        }
        const Node *match = matches.first();
        entry.agent = match->nodeId;
        if (entry.name.isEmpty())
            entry.name = match->name;
        if (!match->isConnected())
            errors.append({field, QCoreApplication::translate("RunController", "%1 is not connected (%2)")
                                      .arg(match->name, match->message)});
    }
    return errors;
}

void RunLauncher::preflight(const RunConfig &config, std::function<void(bool ok)> done,
                            qint64 expectedSeconds)
{
    m_results.clear();
    const int count = int(config.nodes.size());
    auto pending = std::make_shared<int>(count);
    auto finishOne = [this, pending, done, config] {
        if (--*pending > 0)
            return;
        bool ok = true;
        for (const NodePreflight &p : std::as_const(m_results))
            ok = ok && p.reached && p.errors.isEmpty();
        // Workers rendezvous at the master's address as the controller sees it:
        // a master on loopback cannot be reached by workers on other machines.
        const Node *master = m_registry.node(config.nodes.first().agent);
        bool remote = false;
        for (const RunConfig::Node &n : std::as_const(config.nodes)) {
            const Node *node = m_registry.node(n.agent);
            remote = remote || (node && !QHostAddress(node->address).isLoopback());
        }
        if (master && QHostAddress(master->address).isLoopback() && remote) {
            m_results.first().addError(
                TranslatableText(kContext,
                                 QT_TRANSLATE_NOOP("RunController",
                                                   "%1 listens on loopback only, so other machines cannot "
                                                   "reach it; run the first node's agent with --bind on its "
                                                   "network address, or list another machine first"))
                    .arg(master->name));
            ok = false;
        }
        done(ok);
    };
    for (int i = 0; i < count; ++i) {
        NodePreflight p;
        p.nodeIndex = i;
        p.agentId = config.nodes[i].agent;
        p.name = config.nodes[i].name;
        m_results.append(p);
    }
    for (int i = 0; i < count; ++i) {
        AgentLink *link = m_linkFor(config.nodes[i].agent);
        if (!link) {
            m_results[i].addError(
                TranslatableText(kContext, QT_TRANSLATE_NOOP("RunController", "not connected")));
            QMetaObject::invokeMethod(this, finishOne, Qt::QueuedConnection);
            continue;
        }
        QCborMap body;
        body[QStringLiteral("config")] = QCborMap::fromJsonObject(config.toJson());
        body[QStringLiteral("node_index")] = i;
        body[QStringLiteral("master")] = i == 0;
        if (expectedSeconds > 0)
            body[QStringLiteral("expected_s")] = expectedSeconds;
        link->request(
            Message::Type::Preflight, body, this,
            [this, i, finishOne](const Expected<QCborMap> &reply) {
                NodePreflight &p = m_results[i];
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
                    for (const TranslatableText &e :
                         findings(QStringLiteral("errors"), QStringLiteral("error_texts")))
                        p.addError(e);
                    for (const TranslatableText &w :
                         findings(QStringLiteral("warnings"), QStringLiteral("warning_texts")))
                        p.addWarning(w);
                    p.port = quint16(CborValue::integer(reply->value(QStringLiteral("port"))));
                    p.deviceKind = reply->value(QStringLiteral("device_kind")).toString();
                    p.busy = reply->value(QStringLiteral("busy")).toArray().toJsonArray();
                }
                finishOne();
            },
            30000);
    }
}

QStringList RunLauncher::problems() const
{
    QStringList lines;
    for (const NodePreflight &p : m_results) {
        for (const QString &e : p.errors)
            lines << QCoreApplication::translate(kContext, "%1: %2").arg(p.name, e);
    }
    return lines;
}

QString RunLauncher::masterAddress(const RunConfig &config) const
{
    const Node *master = m_registry.node(config.nodes.first().agent);
    return QStringLiteral("%1:%2").arg(master ? master->address : QString()).arg(m_results.first().port);
}

void RunLauncher::start(const RunConfig &config, const QList<Workers> &workers, const QString &masterAddress,
                        qint64 expectedSeconds,
                        std::function<void(int index, const QString &error)> nodeFailed,
                        std::function<void(const QStringList &failures, bool refused)> done)
{
    // Phase one: a pending lease on every node. Nothing starts until all are held.
    struct Acquiring
    {
        int pending = 0;
        QStringList leases; ///< by node index; empty where none was granted
        QStringList failures;
        QList<int> failed;
    };
    auto state = std::make_shared<Acquiring>();
    state->pending = int(workers.size());
    state->leases = QStringList(workers.size(), QString());
    auto finishOne = [=, this] {
        if (--state->pending > 0)
            return;
        if (state->failures.isEmpty()) {
            sendStarts(config, workers, masterAddress, state->leases, nodeFailed, done);
            return;
        }
        // All or nothing: give back what was granted (an unreachable agent's lease expires by itself).
        for (int i = 0; i < workers.size(); ++i) {
            if (state->leases[i].isEmpty())
                continue;
            if (AgentLink *link = m_linkFor(workers[i].agentId))
                link->request(Message::Type::LeaseRelease,
                              QCborMap{{QStringLiteral("lease_id"), state->leases[i]}}, this,
                              [](const Expected<QCborMap> &) {});
        }
        for (int i : std::as_const(state->failed))
            nodeFailed(i, state->failures.value(state->failed.indexOf(i)));
        done(state->failures, true);
    };
    for (int i = 0; i < workers.size(); ++i) {
        const Workers &w = workers[i];
        auto onReply = [=](const Expected<QCborMap> &reply) {
            if (reply) {
                state->leases[i] = reply->value(QStringLiteral("lease_id")).toString();
            } else {
                state->failed.append(i);
                state->failures.append(
                    QCoreApplication::translate(kContext, "%1: %2").arg(w.name, reply.error()));
            }
            finishOne();
        };
        AgentLink *link = m_linkFor(w.agentId);
        if (!link) {
            onReply(Expected<QCborMap>::failure(trRun("not connected")));
            continue;
        }
        QCborArray devices;
        for (int d : config.nodes.value(i).devices)
            devices.append(d);
        link->request(Message::Type::LeaseAcquire,
                      QCborMap{{QStringLiteral("run_id"), w.agentRunId},
                               {QStringLiteral("devices"), devices},
                               {QStringLiteral("expected_s"), expectedSeconds},
                               {QStringLiteral("now"), QDateTime::currentMSecsSinceEpoch()}},
                      this, onReply, 30000);
    }
}

void RunLauncher::sendStarts(const RunConfig &config, const QList<Workers> &workers,
                             const QString &masterAddress, const QStringList &leases,
                             std::function<void(int index, const QString &error)> nodeFailed,
                             std::function<void(const QStringList &failures, bool refused)> done)
{
    // A fresh secret per start, the same for every node: only this attempt's
    // workers can use its rendezvous store (docs/security.md). It travels over
    // the agents' mutual-TLS channel only and is never stored here.
    const QString rendezvousSecret = RendezvousSecret::fresh();
    const int world = config.deviceCount();
    auto pending = std::make_shared<int>(int(workers.size()));
    auto failures = std::make_shared<QStringList>();
    for (int i = 0; i < workers.size(); ++i) {
        const Workers &w = workers[i];
        QCborMap body;
        body[QStringLiteral("run_id")] = w.agentRunId;
        body[QStringLiteral("config")] = QCborMap::fromJsonObject(config.toJson());
        body[QStringLiteral("node_index")] = i;
        body[QStringLiteral("first_rank")] = w.firstRank;
        body[QStringLiteral("world_size")] = world;
        body[QStringLiteral("master")] = masterAddress;
        body[QStringLiteral("rendezvous_secret")] = rendezvousSecret;
        if (!leases.value(i).isEmpty())
            body[QStringLiteral("lease_id")] = leases.value(i);
        if (w.resume)
            body[QStringLiteral("resume")] = *w.resume;
        auto onReply = [i, name = w.name, pending, failures, nodeFailed,
                        done](const Expected<QCborMap> &reply) {
            if (!reply) {
                failures->append(QCoreApplication::translate(kContext, "%1: %2").arg(name, reply.error()));
                nodeFailed(i, reply.error());
            }
            if (--*pending > 0)
                return;
            done(*failures, false); // the leases were granted: a failure here is the start's
        };
        AgentLink *link = m_linkFor(w.agentId);
        if (!link) {
            onReply(Expected<QCborMap>::failure(trRun("not connected")));
            continue;
        }
        link->request(Message::Type::StartRun, body, this, onReply, 30000);
    }
}

QList<int> RunLauncher::firstRanks(const QList<RunConfig::Node> &nodes)
{
    QList<int> ranks;
    int rank = 0;
    for (const RunConfig::Node &n : nodes) {
        ranks << rank;
        rank += int(n.devices.size());
    }
    return ranks;
}

QString RunLauncher::agentRunId(const QString &runId, int attempt)
{
    return attempt > 0 ? QStringLiteral("%1-a%2").arg(runId).arg(attempt) : runId;
}

QString RunLauncher::source(const QString &agentId, int attempt)
{
    return attempt > 0 ? QStringLiteral("%1#%2").arg(agentId).arg(attempt) : agentId;
}

qint64 RunLauncher::resumeStep(const QList<RunConfig::Node> &nodes,
                               const QHash<QString, QMap<qint64, QString>> &checkpoints)
{
    qint64 step = -1;
    for (const RunConfig::Node &n : nodes) {
        const qint64 latest =
            checkpoints.value(n.agent).isEmpty() ? -1 : checkpoints.value(n.agent).lastKey();
        step = step < 0 ? latest : qMin(step, latest);
    }
    return step;
}
