#pragma once

#include "expected.h"
#include "labpolicy.h"
#include "leasebook.h"
#include "message.h"
#include "reservationbook.h"
#include "runpace.h"
#include "runqueue.h"
#include "translatabletext.h"
#include "usageledger.h"
#include "utilizationhistory.h"

#include <optional>
#include <QCborMap>
#include <QHash>
#include <QObject>
#include <QTimer>

class AgentAccess;
class AgentSession;
class Identity;
class LabClock;
class PathPolicy;
class QueueCoordinator;
class RunSupervisor;
class TelemetrySampler;
struct RunEvent;
struct TelemetrySnapshot;

/// The shared lab on this node (docs/lab.md): the agent is the authority over
/// its own devices. It keeps who holds which device (leases, all or nothing),
/// the runs waiting for them (the queue, journaled here), the bookings, the
/// admin's rules, each user's device-hours and every device's utilization over
/// the last day and week, all on disk under <config-dir>/lab. It answers the
/// lab's requests, starts queued runs this node coordinates when their turn
/// comes (QueueCoordinator), and enforces the rules: the longest run, a booking
/// that begins, idle reclaim. Everything time-related reads its LabClock. The
/// requests that reach it from the network are read and answered by its wire
/// adapter, LabRequests.
class LabService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LabService)

public:
    struct Context
    {
        QString dir; ///< <config-dir>/lab
        QString nodeId;
        QString name;
        const Identity &identity;
        RunSupervisor &runs;
        TelemetrySampler &sampler;
        AgentAccess &access;
        const LabClock &clock;
        const PathPolicy &paths;
    };
    /// A lease for a start: its id, or the refusal (error code, worded message, details).
    struct Grant
    {
        QString leaseId;
        QString code;
        TranslatableText message;
        QCborMap details;
        bool ok() const { return !leaseId.isEmpty(); }
    };

    explicit LabService(const Context &context, QObject *parent = nullptr);
    ~LabService() override;

    /// Reads the books (a damaged file is kept aside and reported in the log) and starts the timers.
    Status start();

    /// A controller's start_run: the lease it names (pending, this run's, this controller's), or
    /// one taken now for the node's devices. Not confirmed until confirmLease().
    Grant leaseForStart(AgentSession *session, const QJsonObject &startRequest);
    /// Pending -> active, right before the workers start (so it cannot expire under a starting run);
    /// a lease that expired meanwhile is refused: the start must not go ahead. releaseLease() when
    /// the start then fails.
    Status confirmLease(const QString &leaseId);
    void releaseLease(const QString &leaseId);
    /// What Check (pre-flight) says of the lab for a run of `user` on `devices` here, `expectedSeconds`
    /// long (0 unknown; bounded as every length a controller sends): the refusal a start now would
    /// get, worded, and what it means; empty when the lease would be granted (issue #29, item 12).
    QList<TranslatableText> startWarnings(const QString &user, const QList<int> &devices,
                                          qint64 expectedSeconds) const;
    /// A coordinator's start_run for a queued run journaled here (replied on the session).
    void startFromCoordinator(AgentSession *session, qint64 requestId, const QJsonObject &startRequest);

    /// Whether the session's user may stop or abort the run: their own, or the rules let them.
    Status mayEnd(AgentSession *session, const QString &runId) const;
    /// Tells the run's owner when someone else ended it.
    void noteEndedBy(const QString &runId, const QString &user, bool stop);

    /// A fingerprint that a trusted controller named as the coordinator of a run queued here.
    bool isCoordinator(const QString &fingerprint) const;
    bool coordinates(const QString &fingerprint, const QString &runId) const;

    const LabPolicy &policy() const { return m_policy; }
    /// The rules as controllers see them: with `may_end_unbound`, the names of may_end_others that the
    /// admin has bound to no certificate here (they have no rights until then).
    QJsonObject policyJson() const;
    /// The rules let this session end or preempt other users' runs: an admin, or a name of
    /// may_end_others that the admin bound to this very certificate (issue #29, item 3).
    bool mayEndOthers(AgentSession *session) const;
    const LeaseBook &leases() const { return m_leases; }
    const RunQueue &queue() const { return m_queue; }
    const QueueCoordinator &coordinator() const { return *m_coordinator; }
    const ReservationBook &reservations() const { return m_reservations; }
    int deviceCount() const;

    /// Runs the scheduler now (the timer does it every second too): starts what may start.
    void schedule();

    /// The farthest a controller's time may lie from this agent's clock, and the longest run.
    static constexpr qint64 kYearMs = 366LL * 24 * 3600 * 1000;
    /// A predicted or expected length from a controller, in ms: at most a year.
    static qint64 secondsToMs(qint64 seconds);

Q_SIGNALS:
    /// Leases, queue, bookings or rules changed: "leases", "queue", "bookings", "policy".
    void changed(const QString &what);
    /// For the lab_notice push: kind (started, finished, failed, stopped, reclaimed, ended_by),
    /// run_id, user, name, state, reason_text.
    void notice(const QCborMap &body);

private:
    friend class QueueCoordinator;
    /// The wire adapter: it reads and answers the requests, and changes the books as they ask.
    friend class LabRequests;

    /// A refusal as the lab words it: its kind as the code, the message in this agent's language,
    /// the figures and the untranslated text as details (a start's refusal and a request's alike).
    Grant refused(const Refusal &refusal) const;
    Grant grantFrom(const LeaseBook::AcquireResult &result);
    /// A lease ended: its device-hours go to the ledger; listeners learn it.
    void closed(const Lease &lease);
    void onRunState(const QString &runId, const QString &state, const QString &reason);
    void onSampled(const TelemetrySnapshot &snapshot);
    /// A run's steps move its lease's expected end (what queued runs wait for) to its pace.
    void onRunEvent(const RunEvent &event);
    void tick();
    void enforce();
    void sendNotice(const QString &kind, const QString &runId, const QString &user,
                    const TranslatableText &reason = {});
    QCborMap withNow(QCborMap body) const;

    Context m;
    LeaseBook m_leases;
    ReservationBook m_reservations;
    LabPolicy m_policy;
    /// What loading the lab's files found damaged at start (issue #29, item 10):
    /// the rules' to every controller, the rest to the lab admin, in lab_state.
    QStringList m_policyProblems;
    QStringList m_fileProblems;
    UsageLedger m_usage;
    UtilizationHistory m_utilization;
    RunQueue m_queue;
    QueueCoordinator *m_coordinator;
    QTimer m_tick;
    bool m_scheduleDirty = true; ///< something changed since the queue was last placed
    qint64 m_lastSampleMs = 0;
    QTimer m_saveTimer;                  ///< writes the utilization rings now and then (and at exit)
    QHash<QString, qint64> m_idleSince;  ///< lease id -> since when all its devices are under the idle line
    QHash<QString, QString> m_endedBy;   ///< run id -> the user who ended it (not its owner)
    QHash<int, double> m_utilizationNow; ///< device -> the last sample's utilization
    QHash<QString, RunPace> m_paces; ///< run id -> its steps so far (runs with a lease; dropped at the end)
};
