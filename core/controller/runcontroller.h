#pragma once

#include "runconfig.h"
#include "runrecord.h"
#include "translatabletext.h"

#include <QHash>
#include <QMap>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QTimer>

class AgentClient;
class HistoryStore;
class NodeRegistry;
class Message;

/// Drives one run from the controller's side, or follows one started
/// earlier (attach): checks the config, runs pre-flight on every node, picks
/// the master and a free port, assigns ranks, starts the workers through the
/// agents, and from then on keeps the history complete: live events as they
/// come, and after any disconnection everything the agents journaled since the
/// last stored event, for every attempt of an elastic run (a lost node's
/// journal is fetched when its agent is back). When one node fails, the others
/// are aborted and the failure's reason is kept.
class RunController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunController)

public:
    struct NodePreflight
    {
        int nodeIndex = 0;
        QString agentId;
        QString name;
        bool reached = false;
        /// In the language of the moment they arrived (scripts, start failures).
        QStringList errors;
        QStringList warnings;
        /// The same findings in the same order, to translate again when shown:
        /// the agent's own come untranslated, so a language change reaches them.
        QList<TranslatableText> errorTexts;
        QList<TranslatableText> warningTexts;
        void addError(const TranslatableText &text)
        {
            errorTexts << text;
            errors << text.toString();
        }
        void addWarning(const TranslatableText &text)
        {
            warningTexts << text;
            warnings << text.toString();
        }
        quint16 port = 0;
        QString deviceKind;
    };

    RunController(NodeRegistry &registry, HistoryStore *history, QObject *parent = nullptr);
    ~RunController() override;

    /// Fills in each node's agent id from a name or id prefix the user gave; errors for unknown machines.
    QList<ConfigError> resolveNodes(RunConfig &config) const;

    void preflight(const RunConfig &config);
    void start(const RunConfig &config);
    void attach(const QString &runId);
    void stop();
    void abort();
    /// Keeps a note of the controller's in the run's history (the doctor's findings, for one).
    void record(const QString &kind, const QJsonObject &payload) { controllerEvent(kind, payload); }

    QString runId() const { return m_runId; }
    RunStatus status() const { return m_status; }
    QString reason() const { return m_reason; }
    const RunConfig &config() const { return m_config; }
    QList<NodePreflight> preflightResults() const { return m_preflight; }
    bool isAttached() const { return !m_runId.isEmpty(); }
    static QString newRunId();

Q_SIGNALS:
    void preflightFinished(const QList<RunController::NodePreflight> &results, bool ok);
    void started(const QString &runId);
    void startFailed(const QString &message);
    void eventReceived(const RunEvent &event);
    void statusChanged(RunStatus status, const QString &reason);
    void finished(RunStatus status, const QString &reason);
    /// All events the agents had journaled are in the history (after attach or a reconnect);
    /// the journal of an earlier attempt's node whose agent is gone follows when it is back.
    void caughtUp();

private:
    struct NodeState
    {
        int index = 0;
        int attempt = 0; ///< the elastic attempt this node ran in (0: the first)
        QString agentId;
        QString name;
        int firstRank = 0;
        QList<int> devices;
        QString agentRunId;  ///< the run's id on the agent: the run id, plus "-aN" for an elastic attempt N
        QString source;      ///< RunEvent::source of its events: the agent id, plus "#N" for attempt N
        QString state;       ///< as the agent reports it
        QString reason;
        qint64 lastSeq = 0;  ///< highest seq seen from this agent
        bool subscribed = false;
        bool backfilling = false;
        QPointer<AgentClient> client;
        QMetaObject::Connection pushConnection;
    };
    struct Failure
    {
        QString agentId;
        QString node;
        int rank = -1;
        int exitCode = 0;
        bool crashed = false;
        QString description;
        /// Reported after this controller brought the group down: a consequence
        /// (workers killed while they waited for the failed peer), never the cause.
        bool induced = false;
    };

    void runPreflight(std::function<void(bool ok)> done);
    void launch();
    /// Starts the workers of the current attempt (0: the first; later: elastic resumes).
    void startAttempt();
    NodeState nodeState(int attempt, int index, const QString &agentId, const QString &name, int firstRank,
                        const QList<int> &devices) const;
    /// After a lost node: resume from the last checkpoint on the nodes left. Returns whether it did.
    bool tryElastic();
    void hook(NodeState &node);
    void onClientReady(const QString &key);
    void onPush(NodeState &node, const Message &message);
    void backfill(NodeState &node);
    bool allCaughtUp() const;
    void ingest(NodeState &node, const QList<RunEvent> &events);
    void onNodeState(NodeState &node, const QString &state, const QString &reason);
    void evaluate();
    void setStatus(RunStatus status, const QString &reason);
    void finish(RunStatus status, const QString &reason);
    void controllerEvent(const QString &kind, const QJsonObject &payload);
    void onTelemetry(const QString &key);
    NodeState *nodeByAgent(const QString &agentId);
    /// A node of the current or an earlier attempt, by its agent and the run's id there.
    NodeState *nodeFor(const QString &agentId, const QString &agentRunId);

    NodeRegistry &m_registry;
    HistoryStore *m_history;
    RunConfig m_config;
    QString m_runId;
    RunStatus m_status = RunStatus::Preparing;
    QString m_reason;
    QList<NodeState> m_nodes; ///< the current attempt's
    /// Earlier attempts' nodes: nothing of theirs is evaluated any more, but
    /// their journals still come into the history, also from an agent that was
    /// lost and comes back.
    QList<NodeState> m_earlier;
    QList<NodePreflight> m_preflight;
    QList<Failure> m_failures;
    bool m_stopRequested = false;
    bool m_abortRequested = false;
    bool m_aborting = false;
    bool m_finished = false;
    int m_attempt = 0;
    QHash<QString, QMap<qint64, QString>> m_checkpoints; ///< agent id -> step -> checkpoint dir on that node
    qint64 m_controllerSeq = 0;
    bool m_lateEvents = false; ///< events came after the run ended: its summary is computed again
    QTimer m_failureGrace;
    QTimer m_watch;                          ///< notices agents that went away during the run
    QHash<QString, qint64> m_unreachableSince; ///< agent id -> ms since it was last connected
};
