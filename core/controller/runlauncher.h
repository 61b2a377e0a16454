#pragma once

#include "agentlink.h"
#include "nodepreflight.h"
#include "runconfig.h"

#include <functional>
#include <optional>
#include <QHash>
#include <QMap>
#include <QObject>

class NodeRegistry;

/// Starts one attempt of a run on its nodes: pre-flight on every node (the
/// master's port comes from it), the master's address, each node's first rank,
/// and a start_run to every agent with one fresh rendezvous secret. The naming
/// and arithmetic of an attempt are pure and static, for a table test.
class RunLauncher final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunLauncher)

public:
    /// The link to a connected agent; nullptr when it is not connected.
    using LinkFor = std::function<AgentLink *(const QString &agentId)>;
    /// One node's workers to start.
    struct Workers
    {
        QString agentRunId;
        QString agentId;
        QString name;
        int firstRank = 0;
        std::optional<QString> resume; ///< the checkpoint directory to resume from; none for a fresh start
    };

    RunLauncher(const NodeRegistry &registry, LinkFor linkFor, QObject *parent = nullptr);
    ~RunLauncher() override;

    /// Fills in each node's agent id from a name or id prefix the user gave; errors for unknown machines.
    QList<ConfigError> resolveNodes(RunConfig &config) const;
    /// Pre-flight on every node of `config`; `done` once all answered (or could not be asked).
    /// `expectedSeconds` (0 unknown): the run's predicted length, so an agent can say a booking that
    /// begins before its end will refuse the start.
    void preflight(const RunConfig &config, std::function<void(bool ok)> done, qint64 expectedSeconds = 0);
    const QList<NodePreflight> &results() const { return m_results; }
    void setResults(QList<NodePreflight> results) { m_results = std::move(results); }
    /// Every node's pre-flight errors, one line each: "node: error".
    QStringList problems() const;
    /// Where the workers rendezvous: the first node's address as this controller sees it, and its pre-flight
    /// port.
    QString masterAddress(const RunConfig &config) const;

    /// Leases every node's devices for the run, all or nothing (docs/lab.md:
    /// a refusal anywhere gives back the leases already taken, and a lease
    /// nobody confirms expires on its agent), then sends start_run with its
    /// lease to every node. `nodeFailed` as soon as one could not start,
    /// `done` with every such failure (worded) once all answered, and whether
    /// the start was refused (a lease was not granted, so no worker ran
    /// anywhere: issue #29, item 12, such a run is not a Failed one).
    /// `expectedSeconds`: the run's predicted length (0 unknown), which the
    /// agents weigh against bookings and the longest run allowed.
    void start(const RunConfig &config, const QList<Workers> &workers, const QString &masterAddress,
               qint64 expectedSeconds, std::function<void(int index, const QString &error)> nodeFailed,
               std::function<void(const QStringList &failures, bool refused)> done);

    /// Each node's first rank: the devices of the nodes before it.
    static QList<int> firstRanks(const QList<RunConfig::Node> &nodes);
    /// The run's id on the agents for an attempt: the run id, plus "-aN" for an elastic attempt N.
    static QString agentRunId(const QString &runId, int attempt);
    /// RunEvent::source of a node's events in an attempt: the agent id, plus "#N" for attempt N.
    static QString source(const QString &agentId, int attempt);
    /// The newest step every one of `nodes` has a checkpoint of; -1 when none has one.
    static qint64 resumeStep(const QList<RunConfig::Node> &nodes,
                             const QHash<QString, QMap<qint64, QString>> &checkpoints);

private:
    /// start_run on every node, each under its lease.
    void sendStarts(const RunConfig &config, const QList<Workers> &workers, const QString &masterAddress,
                    const QStringList &leases,
                    std::function<void(int index, const QString &error)> nodeFailed,
                    std::function<void(const QStringList &failures, bool refused)> done);

    const NodeRegistry &m_registry;
    LinkFor m_linkFor;
    QList<NodePreflight> m_results;
};
