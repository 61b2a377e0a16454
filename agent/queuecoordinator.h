#pragma once

#include "queueentry.h"
#include "queuescheduler.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPointer>

class AgentClient;
class LabService;

/// Starts the queued runs this node coordinates when the scheduler says their
/// turn has come (docs/lab.md). A run on this node alone takes its lease and
/// starts here. A run over several nodes is started the way a controller
/// starts one: this agent connects to each other node as the run's
/// coordinator (its own certificate, which the controller that queued the run
/// named to them; each peer's certificate checked against the one the
/// controller pinned), takes a lease there, all or nothing (a refusal
/// anywhere gives everything back and the run waits for its next turn), then
/// sends start_run with one fresh rendezvous secret to every node.
class QueueCoordinator final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(QueueCoordinator)

public:
    explicit QueueCoordinator(LabService &lab, QObject *parent = nullptr);
    ~QueueCoordinator() override;

    /// The scheduler's view of every entry queued here, by position: with `coordinatedOnly`, only the
    /// runs this agent starts (what it decides with: a run another agent coordinates must not keep
    /// this node's devices idle while it waits for its other nodes); otherwise all of them (what the
    /// queue shows: those runs need this node's devices too).
    QList<QueueScheduler::Placement> placements(qint64 nowMs, bool coordinatedOnly = false) const;
    /// Starts what may start now. Never re-entered: a lease that closes while it starts a run (and
    /// asks for scheduling again) only makes the running call place once more.
    void startDue(qint64 nowMs);
    /// When startDue has something to do again with nothing changed meanwhile: the earliest estimated
    /// start or retry of a run it coordinates, at least a second away and at most kLongestIdleMs
    /// (issue #29, item 7: placing every entry every second cost 67 % of a core at 1,400 entries).
    qint64 nextDueMs() const { return m_nextDueMs; }
    /// How many times startDue placed the queue (tests: it does not while nothing changes).
    qint64 placingRounds() const { return m_placingRounds; }
    static constexpr qint64 kLongestIdleMs = 30'000;
    /// The run left the queue (cancelled): an attempt to start it going on is dropped.
    void forget(const QString &runId);

    /// The certificate of a queued run's coordinator: the first node's, as its controller pinned it.
    static QString coordinatorFingerprint(const QueueEntry &entry);

private:
    struct Peer
    {
        int nodeIndex = 0;
        QString nodeId;
        QString name;
        QString host;
        quint16 port = 0;
        QString fingerprint;
        int firstRank = 0;
        QPointer<AgentClient> client;
        QString leaseId;
        bool started = false;
    };
    struct Attempt
    {
        QString runId;
        QString localLease;
        QList<Peer> peers; ///< the other nodes
        int pending = 0;
        QStringList failures;
        bool refused = false;   ///< a lease was refused: wait for the next turn rather than fail
        QJsonObject localStart; ///< this node's start_run fields, once every lease is held
    };

    /// Why a queued entry can never start here (its plan names no address for this node, its journal is
    /// not waiting in the queue, ...); empty when it may. Checked before any lease is taken.
    QString unstartable(const QueueEntry &entry) const;
    /// Takes an entry that can never start out of the queue, with its reason in its journal and a notice.
    void quarantine(const QueueEntry &entry, const QString &reason);
    void startHere(const QueueEntry &entry, const QueueScheduler::Placement &placement);
    void startAcross(const QueueEntry &entry, const QueueScheduler::Placement &placement);
    void onPeerReady(const QString &runId, int peer);
    void onLeasesDone(const QString &runId);
    void onStartsDone(const QString &runId);
    /// Gives back every lease the attempt holds; `retry`: the run waits on; otherwise it fails with `reason`.
    void giveUp(const QString &runId, bool retry, const QString &reason);
    /// The fields of start_run that only the start can know.
    QJsonObject startFields(const QueueEntry &entry, int nodeIndex, int firstRank, const QList<int> &devices,
                            const QString &master, const QString &secret) const;
    Attempt *attempt(const QString &runId) const { return m_attempts.value(runId); }

    LabService &m_lab;
    QHash<QString, Attempt *> m_attempts;
    QHash<QString, qint64> m_retryAfter; ///< run id -> not before this time (a refused attempt backs off)
    bool m_starting = false;             ///< inside startDue
    bool m_placeAgain = false;           ///< something closed meanwhile: place once more before returning
    qint64 m_nextDueMs = 0;
    qint64 m_placingRounds = 0;
};
