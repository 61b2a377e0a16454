#pragma once

#include "expected.h"
#include "runjournal.h"
#include "telemetry.h"
#include "translatabletext.h"

#include <memory>
#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QObject>
#include <QTimer>

class WorkerProcess;

/// Runs training on this node: for each started run, one hamgam-worker per
/// device, every event they print journaled on disk and forwarded, and the
/// run's state kept. When one worker fails, the others on this node are
/// brought down and the reason (device, exit code or signal, last error) is
/// recorded; the controller brings down the other nodes.
class RunSupervisor final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunSupervisor)

public:
    RunSupervisor(QString runsDir, QString workerProgram, QString nodeId, int maxActiveRuns,
                  QObject *parent = nullptr);
    ~RunSupervisor() override;

    /// The network interface the workers' Gloo traffic is bound to; empty: the one that reaches the master.
    void setWorkerInterface(const QString &name) { m_workerInterface = name; }

    /// Per lab user: the runs that ended without running whose folders are kept.
    /// Each user's ended runs kept on this machine (issue #29, item 7): every run leaves a folder,
    /// and starting and stopping runs in a loop must not fill the disk. Runs that left a trained
    /// model are kept longer than those that left only their journal.
    static constexpr int kKeepWithoutModelPerUser = 20;
    static constexpr int kKeepWithModelPerUser = 100;

    /// Re-opens the journals on disk; runs that were active when the agent stopped are marked failed.
    void restore();

    /// request: run_id, config, node_index, first_rank, world_size, master ("host:port"), user.
    Status start(const QJsonObject &request);
    /// Journals a run that waits in the lab's queue (state "queued"): request as for start, without
    /// ranks, master and secret, which the start brings. Controllers follow its journal as any run's.
    Status enqueue(const QJsonObject &request);
    /// Starts a queued run: `start` holds what the queue could not know (first_rank, world_size,
    /// master, rendezvous_secret, device_kind, and the node's devices when the queue chose them).
    Status startQueued(const QString &runId, const QJsonObject &start);
    /// Ends a queued run before it started (state "aborted" with the reason).
    Status cancelQueued(const QString &runId, const TranslatableText &reason);
    /// Ends a run for the lab's rules (idle reclaim, longest run, a booking that begins): a stop with a
    /// checkpoint, and the reason in the run's state when it has stopped.
    Status stopFor(const QString &runId, const TranslatableText &reason);
    /// An abort whose state says why (another user aborted it).
    Status abortFor(const QString &runId, const TranslatableText &reason);
    Status stop(const QString &runId);
    Status abort(const QString &runId);
    /// Every run this agent knows: id, name, state, reason, last_seq, started, ended.
    QJsonArray list() const;
    /// What anyone may know of a run (another user's, issue #29 item 4): run_id, user, name, state,
    /// started, ended, node_index and the nodes' names; no reason, paths, model or events. Empty for
    /// an unknown run.
    QJsonObject summary(const QString &runId) const;
    Expected<QList<RunEvent>> journal(const QString &runId, qint64 after, int limit) const;
    int activeRuns() const;
    /// The lab user a run was started for (its start request's `user`); empty when unknown.
    QString userOf(const QString &runId) const;
    /// A run's state on this node ("queued", "running", ...); empty for an unknown run.
    QString stateOf(const QString &runId) const;
    /// The trained model's files a run's rank 0 wrote on this node (hamgam-worker --export-dir).
    static QStringList modelFiles();
    /// Where `file` (one of modelFiles()) of a run's trained model is; an error for an unknown run or
    /// file, or a model not written (yet).
    Expected<QString> modelFile(const QString &runId, const QString &file) const;
    QString workerProgram() const { return m_workerProgram; }
    /// Marks this agent's workers among each device's processes with their run and lab user, and lists
    /// them on devices whose probe sees no processes (the CPU): who holds each device, as nvitop shows.
    void annotate(TelemetrySnapshot &snapshot) const;

    static bool isFinal(const QString &state);
    /// A state event's payload: the reason in this agent's language for older
    /// controllers and scripts, untranslated (`reason_text`) for the controller
    /// to word in its own, and the failing worker's engine `cause`.
    static QJsonObject statePayload(const QString &state, const TranslatableText &reason,
                                    const QString &cause = {});

Q_SIGNALS:
    void event(const RunEvent &event);
    void stateChanged(const QString &runId, const QString &state, const QString &reason);

private:
    struct Run
    {
        std::unique_ptr<RunJournal> journal;
        QList<WorkerProcess *> workers;
        int exited = 0;
        bool stopRequested = false;
        bool abortRequested = false;
        TranslatableText endReason; ///< a stop or abort for the lab's rules (or by another user) says why
        TranslatableText failure;
        QString failureCause; ///< the engine's error cause, when the failing worker named one
    };

    void onWorkerEvent(Run *run, WorkerProcess *worker, const QJsonObject &event);
    void onWorkerFinished(Run *run, WorkerProcess *worker, int exitCode, bool crashed,
                          const QString &description);
    void setState(Run *run, const QString &state, const TranslatableText &reason, const QString &cause = {});
    /// Of user's ended runs, keeps the newest kKeepWithoutModelPerUser that left no trained model
    /// (taken out of the queue, refused at the start, stopped or failed before its model) and the
    /// newest kKeepWithModelPerUser that did, and removes the others with their folders (issue #29,
    /// item 7: submitting and cancelling, or starting and aborting, in a loop left a folder each
    /// time). Never `justEnded`, whose end its followers are still to learn.
    void collectEnded(const QString &user, const QString &justEnded = {});
    bool leftAModel(const Run &run) const;
    static Status checkRunId(const QString &runId);
    /// What a start needs: node index, ranks, master, a well-formed rendezvous secret.
    static Status checkStart(const QJsonObject &request);
    /// A run with its journal (the request without its secret).
    Expected<Run *> createRun(const QJsonObject &request);
    /// Starts the workers of a run whose journal exists; a failure is journaled.
    Status launch(Run *run, const QJsonObject &request);
    Run *find(const QString &runId) const;

    QString m_runsDir;
    QString m_workerProgram;
    QString m_nodeId;
    int m_maxActiveRuns;
    QString m_workerInterface;
    QHash<QString, Run *> m_runs;
    QTimer m_syncTimer;
};
