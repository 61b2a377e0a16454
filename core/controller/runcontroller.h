#pragma once

#include "message.h"
#include "nodepreflight.h"
#include "runconfig.h"
#include "runoutcome.h"
#include "runrecord.h"

#include <QHash>
#include <QMap>
#include <QObject>
#include <QTimer>

class AgentLink;
class HistoryStore;
class JournalFollower;
class NodeRegistry;
class QueueSubmitter;
class RunLauncher;

/// Drives one run from the controller's side, or follows one started
/// earlier (attach): checks the config, runs pre-flight on every node, picks
/// the master and a free port, assigns ranks, starts the workers through the
/// agents, and from then on keeps the history complete: live events as they
/// come, and after any disconnection everything the agents journaled since the
/// last stored event, for every attempt of an elastic run (a lost node's
/// journal is fetched when its agent is back). When one node fails, the others
/// are aborted and the failure's reason is kept. It wires its parts: a
/// RunLauncher starts each attempt, a JournalFollower per node and attempt
/// brings its journal in, and RunOutcome tells how the run ended.
class RunController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunController)

public:
    using NodePreflight = ::NodePreflight;

    RunController(NodeRegistry &registry, HistoryStore *history, QObject *parent = nullptr);
    ~RunController() override;

    /// Fills in each node's agent id from a name or id prefix the user gave; errors for unknown machines.
    QList<ConfigError> resolveNodes(RunConfig &config) const;

    void preflight(const RunConfig &config);
    void start(const RunConfig &config);
    /// As start, but the run waits in the lab's queue on its agents (docs/lab.md) until every device
    /// it needs is free: journaled there, so closing this controller loses nothing. `queued` when the
    /// agents have it; from then on it is followed as any run (status Queued, then Running, ...).
    void enqueue(const RunConfig &config);
    /// The run's predicted length in seconds, for the lab's leases and queue (0: estimate it from the
    /// history, RunEstimate; when none of the same shape finished, the agents assume the longest run).
    void setExpectedSeconds(qint64 seconds) { m_expectedSeconds = seconds; }
    /// A queued run takes any free devices of each machine, as many as the config lists there (the queue
    /// packs better), rather than exactly those.
    void setAnyDevices(bool any) { m_anyDevices = any; }
    /// Takes a queued run out of the queue on every node (a run that already started is aborted).
    void cancel();
    void attach(const QString &runId);
    void stop();
    void abort();
    /// Keeps a note of the controller's in the run's history (the doctor's findings, for one).
    void record(EventKind kind, const QJsonObject &payload) { controllerEvent(kind, payload); }

    QString runId() const { return m_runId; }
    RunStatus status() const { return m_status; }
    /// Why the run is where it is, in the language of the moment.
    QString reason() const { return m_reason.toString(); }
    /// When it went into the lab's queue (0: never queued); the Live view says how long it waits.
    qint64 queuedSinceMs() const { return m_queuedSinceMs; }
    /// Whether the user asked it to stop or abort: it is ending, so nothing is "left" of it.
    bool endRequested() const { return m_stopRequested || m_abortRequested; }
    /// Whether any of its workers ran: a run taken out of the queue before its start never did.
    bool hasRun() const { return m_ran; }
    const RunConfig &config() const { return m_config; }
    QList<NodePreflight> preflightResults() const;
    bool isAttached() const { return !m_runId.isEmpty(); }
    static QString newRunId();

Q_SIGNALS:
    void preflightFinished(const QList<RunController::NodePreflight> &results, bool ok);
    void started(const QString &runId);
    /// The run is in the queue of every node: its position and estimated start (this computer's clock;
    /// 0 when its coordinator could not tell) as its coordinator sees them.
    void queued(const QString &runId, int position, qint64 estimatedStartMs);
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
        QString agentRunId; ///< the run's id on the agent: the run id, plus "-aN" for an elastic attempt N
        QString source;     ///< RunEvent::source of its events: the agent id, plus "#N" for attempt N
        QString state;      ///< as the agent reports it
        TranslatableText reason;
        JournalFollower *journal = nullptr; ///< this controller's child, shared by the copies of this node
    };
    using Failure = RunOutcome::Failure;

    void launch();
    /// A start or queueing refused before any worker ran: its record and id go, startFailed says why.
    void forgetRefused(const QString &message);
    /// Once a second: marks lost a machine of the run that went away (see m_watch).
    void watchNodes();
    /// Creates the run in the history (RunStatus::Preparing or Queued) with its nodes.
    void createRecord(RunStatus status);
    /// Journals the run in the queue of every node; cancels it everywhere when one refuses.
    void launchQueued();
    qint64 expectedSeconds() const;
    /// Starts the workers of the current attempt (0: the first; later: elastic resumes).
    void startAttempt();
    /// A node of an attempt, with the follower of its journal from `lastSeq` on.
    NodeState nodeState(int attempt, int index, const QString &agentId, const QString &name, int firstRank,
                        const QList<int> &devices, qint64 lastSeq = 0);
    /// Forgets nodes; their followers go with them.
    void dropNodes(QList<NodeState> &nodes);
    /// The link to a connected agent, nullptr when it is not.
    AgentLink *link(const QString &agentId) const;
    /// Asks every node of this attempt that has not ended to stop, abort or leave the queue (`type`);
    /// the replies do not matter: the nodes' journals say what came of it.
    void tellNodes(Message::Type type);
    /// After a lost node: resume from the last checkpoint on the nodes left. Returns whether it did.
    bool tryElastic();
    void hook(NodeState &node);
    void onClientReady(const QString &key);
    void onCaughtUp(NodeState &node);
    void onJournalUnavailable(NodeState &node, const QString &error);
    bool allCaughtUp() const;
    void ingest(NodeState &node, const QList<RunEvent> &events);
    void onNodeState(NodeState &node, const QString &state, const TranslatableText &reason);
    void evaluate();
    void setStatus(RunStatus status, const TranslatableText &reason);
    void finish(RunStatus status, const TranslatableText &reason);
    /// A message of this class's catalogue, kept untranslated (the history reads it in any language).
    static TranslatableText text(const char *source, int n = -1)
    {
        return TranslatableText("RunController", source, n);
    }
    void controllerEvent(EventKind kind, const QJsonObject &payload);
    void onTelemetry(const QString &key);
    NodeState *nodeByAgent(const QString &agentId);
    /// The node of the current or an earlier attempt whose journal `follower` follows.
    NodeState *nodeOf(const JournalFollower *follower);

    NodeRegistry &m_registry;
    HistoryStore *m_history;
    RunLauncher *m_launcher;
    QueueSubmitter *m_submitter;
    RunConfig m_config;
    QString m_runId;
    RunStatus m_status = RunStatus::Preparing;
    TranslatableText m_reason;
    QList<NodeState> m_nodes; ///< the current attempt's
    /// Earlier attempts' nodes: nothing of theirs is evaluated any more, but
    /// their journals still come into the history, also from an agent that was
    /// lost and comes back.
    QList<NodeState> m_earlier;
    QList<Failure> m_failures;
    bool m_stopRequested = false;
    bool m_queued = false; ///< enqueue()d: the agents start it
    qint64 m_queuedSinceMs = 0;
    bool m_ran = false;
    qint64 m_expectedSeconds = 0;
    bool m_anyDevices = false;
    bool m_abortRequested = false;
    bool m_aborting = false;
    bool m_finished = false;
    int m_attempt = 0;
    QHash<QString, QMap<qint64, QString>> m_checkpoints; ///< agent id -> step -> checkpoint dir on that node
    qint64 m_controllerSeq = 0;
    bool m_lateEvents = false; ///< events came after the run ended: its summary is computed again
    QTimer m_failureGrace;
    QTimer m_watch;                             ///< notices agents that went away during the run
    QHash<QString, qint64> m_unreachableSince;  ///< agent id -> ms since it was last connected
    QHash<QString, qint64> m_lastTelemetryMs;   ///< agent id -> when its telemetry last came
    QHash<QString, qint64> m_telemetryPeriodMs; ///< agent id -> the time between its last two
    /// Gone this long while another machine of the run answers: lost (issue #29, item 13).
    static constexpr qint64 kLostAfterMs = 5000;
    /// Connected, yet no telemetry for this long (or four of its periods, if longer): gone.
    static constexpr qint64 kSilentAfterMs = 6000;
};
