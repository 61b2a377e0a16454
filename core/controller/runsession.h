#pragma once

#include "liverundata.h"
#include "runcontroller.h"
#include "utilizationdoctor.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QTimer>

class HistoryStore;
class NodeRegistry;

/// One run as a controller follows it: the RunController that drives or
/// follows it, the LiveRunData its events and telemetry feed, and the
/// utilization doctor, which a timer of the session's own evaluates once a
/// second whatever is on screen (or with no screen: hamgamctl), recording each
/// new set of findings in the run's history. The node list and the nodes'
/// speeds are worked out here, once, for every view; the app's window and
/// hamgamctl only connect to a session.
class RunSession final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunSession)

public:
    RunSession(NodeRegistry &registry, HistoryStore *history, QObject *parent = nullptr);
    ~RunSession() override;

    RunController &controller() { return m_controller; }
    const RunController &controller() const { return m_controller; }
    const LiveRunData &data() const { return m_data; }
    /// Seconds left from the pace so far, only while the run goes on: < 0 once it ended or the user
    /// asked it to stop, and while nothing is known.
    double etaSeconds() const;
    /// The live data, to feed by hand with a made-up run (tests, benchmarks);
    /// a real run's is fed by the session from its controller and the registry.
    LiveRunData &data() { return m_data; }

    /// Checks a config on every node; starts nothing.
    void preflight(const RunConfig &config);
    /// Starts a run from a clean slate: its machines, ranks and devices as the config names them.
    void start(const RunConfig &config);
    /// As start, but the run waits in the lab's queue on its agents until its devices are free.
    void enqueue(const RunConfig &config);
    /// Follows a run started earlier: its machines as the history has them, and
    /// what the history already holds replayed before the controller catches up.
    /// False when the history has no such run (or there is no history).
    bool attach(const QString &runId);

    /// The run's machines, each with its first rank and devices: the list every view shows.
    const QList<LiveRunData::NodeInfo> &nodes() const { return m_data.nodes(); }
    /// Node key -> samples its ranks compute per second of compute time.
    const QHash<QString, double> &nodeSpeeds() const { return m_speeds; }
    /// Node key -> samples per step in the latest plan.
    const QHash<QString, double> &plannedBatches() const { return m_plan; }
    /// The doctor's findings at its latest evaluation.
    const QList<UtilizationDoctor::Finding> &findings() const { return m_findings; }
    /// Counts the doctor's evaluations, so a view shows new findings (and new numbers in them) only when
    /// there are.
    quint64 findingsRevision() const { return m_findingsRevision; }
    /// Evaluates the doctor now; the session's timer does so every kDoctorIntervalMs.
    void diagnose();

    static constexpr int kDoctorIntervalMs = 1000;

Q_SIGNALS:
    void nodeSpeedChanged(const QString &nodeKey, double samplesPerSecond);
    /// The plan changed: node key -> samples per step, out of `globalBatch`.
    void planChanged(const QHash<QString, double> &samplesPerNode, int globalBatch);
    /// A finding came or went (a reason, a node or a device); while the run
    /// goes, the new set is recorded in its history as a `diagnosis` event.
    void findingsChanged(const QList<UtilizationDoctor::Finding> &findings);

private:
    /// The views' node list for a run about to start or queue.
    void prepare(const RunConfig &config);
    void reset(const RunConfig &config, const QList<LiveRunData::NodeInfo> &nodes);
    /// `notify`: signal what changed (not while the history is replayed: once after it).
    void addEvent(const RunEvent &event, bool notify);
    void updateSpeed(int node, bool notify);
    void updatePlan(bool notify);
    void onTelemetry(const QString &key);
    void record(const QList<UtilizationDoctor::Finding> &findings);

    NodeRegistry &m_registry;
    HistoryStore *m_history;
    RunController m_controller;
    LiveRunData m_data;
    QHash<QString, double> m_speeds;
    QHash<QString, double> m_plan;
    QList<UtilizationDoctor::Finding> m_findings;
    QString m_findingsKey; ///< reason/node/device of each finding: what changes the set
    quint64 m_findingsRevision = 0;
    QTimer m_doctor;
};
