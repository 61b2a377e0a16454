#include "queuesubmitter.h"

#include "noderegistry.h"
#include "runlauncher.h"

#include <memory>
#include <QDateTime>
#include <QJsonArray>

QueueSubmitter::QueueSubmitter(const NodeRegistry &registry, LinkFor linkFor, QObject *parent)
    : QObject(parent)
    , m_registry(registry)
    , m_linkFor(std::move(linkFor))
{}

QJsonObject QueueSubmitter::plan(const RunConfig &config) const
{
    QJsonArray peers;
    const QList<int> ranks = RunLauncher::firstRanks(config.nodes);
    for (qsizetype i = 0; i < config.nodes.size(); ++i) {
        const RunConfig::Node &n = config.nodes[i];
        const Node *node = m_registry.node(n.agent);
        QJsonArray devices;
        for (int d : n.devices)
            devices.append(d);
        peers.append(QJsonObject{{QStringLiteral("node_id"), n.agent},
                                 {QStringLiteral("name"), n.name},
                                 {QStringLiteral("host"), node ? node->address : QString()},
                                 {QStringLiteral("port"), node ? int(node->port) : 0},
                                 {QStringLiteral("fingerprint"), node ? node->pinnedFingerprint : QString()},
                                 {QStringLiteral("first_rank"), ranks[i]},
                                 {QStringLiteral("devices"), devices}});
    }
    return QJsonObject{{QStringLiteral("coordinator"), config.nodes.first().agent},
                       {QStringLiteral("world_size"), config.deviceCount()},
                       {QStringLiteral("nodes"), peers}};
}

void QueueSubmitter::submit(const RunConfig &config, const QList<Target> &targets, qint64 expectedSeconds,
                            bool anyDevices, Done done)
{
    struct Submitting
    {
        int pending = 0;
        QStringList failures;
        QList<int> accepted;
        Place place;
    };
    auto state = std::make_shared<Submitting>();
    state->pending = int(targets.size());
    auto finishOne = [this, state, targets, done = std::move(done)] {
        if (--state->pending > 0)
            return;
        if (!state->failures.isEmpty()) {
            // All or nothing: a run queued on some machines only would hold their places for nothing.
            for (int i : std::as_const(state->accepted)) {
                if (AgentLink *l = m_linkFor(targets[i].agentId))
                    l->request(Message::Type::QueueCancel,
                               QCborMap{{QStringLiteral("run_id"), targets[i].agentRunId}}, this,
                               [](const Expected<QCborMap> &) {});
            }
        }
        done(state->failures, state->place);
    };
    const QJsonObject runPlan = plan(config);
    const QCborMap runConfig = QCborMap::fromJsonObject(config.toJson());
    for (qsizetype i = 0; i < targets.size(); ++i) {
        const Target &t = targets[i];
        AgentLink *l = m_linkFor(t.agentId);
        if (!l) {
            state->failures << tr("%1: %2").arg(t.name, tr("not connected"));
            QMetaObject::invokeMethod(this, finishOne, Qt::QueuedConnection);
            continue;
        }
        const qint64 sentMs = QDateTime::currentMSecsSinceEpoch();
        const QCborMap body{{QStringLiteral("run_id"), t.agentRunId},
                            {QStringLiteral("config"), runConfig},
                            {QStringLiteral("node_index"), int(i)},
                            {QStringLiteral("plan"), QCborMap::fromJsonObject(runPlan)},
                            {QStringLiteral("predicted_s"), expectedSeconds},
                            {QStringLiteral("any_devices"), anyDevices},
                            {QStringLiteral("now"), sentMs}};
        l->request(
            Message::Type::QueueSubmit, body, this,
            [state, i, sentMs, name = t.name, finishOne](const Expected<QCborMap> &reply) {
                if (!reply) {
                    state->failures << tr("%1: %2").arg(name, reply.error());
                } else {
                    state->accepted << int(i);
                    if (i == 0) { // the coordinator's view of the queue is the one that counts
                        state->place.position = int(reply->value(QStringLiteral("position")).toInteger());
                        const qint64 start = reply->value(QStringLiteral("estimated_start")).toInteger();
                        const qint64 agentNow = reply->value(QStringLiteral("now")).toInteger();
                        // The agent's clock into ours: its `now` stands for the middle of the exchange.
                        const qint64 mid = (sentMs + QDateTime::currentMSecsSinceEpoch()) / 2;
                        state->place.estimatedStartMs =
                            start > 0 && agentNow > 0 ? start - agentNow + mid : 0;
                    }
                }
                finishOne();
            },
            30000);
    }
}
