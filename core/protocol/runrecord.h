#pragma once

#include "eventkind.h"
#include "translatabletext.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

/// A run's status, as the history keeps it.
enum class RunStatus
{
    Preparing,
    Running,
    Finished,
    Failed,
    Stopped,
    Aborted,
    Queued ///< waiting in the lab's queue on its agents (docs/lab.md)
};

namespace RunStatusText {
QString key(RunStatus status); ///< "running", ... (stored, machine-readable)
RunStatus fromKey(const QString &key);
QString display(RunStatus status); ///< translated
bool isActive(RunStatus status);
} // namespace RunStatusText

/// One row of the runs table.
struct RunRecord
{
    QString id;
    QString name;
    QString strategy;
    QJsonObject config;
    RunStatus status = RunStatus::Preparing;
    /// Why it ended (or resumed), untranslated: each reader shows it in its own language.
    TranslatableText reason;
    qint64 createdMs = 0;
    qint64 startedMs = 0;
    qint64 endedMs = 0;
    QJsonObject summary; ///< final_loss, final_metric, samples_per_s, mean_wait_pct, steps, nodes
    QStringList tags;    ///< the user's labels, searched with the name
    QString note;        ///< the user's note on the run, searched too

    /// How long it ran: from start to end, or to `nowMs` while it is still going; -1 when it
    /// never started (or ended without an end time). The app and hamgamctl show the same figure.
    qint64 durationMs(qint64 nowMs) const;
};

/// One event of a run as an agent journaled it: a worker event tagged with the
/// node and device it came from, or an agent/controller event (state changes,
/// warnings, diagnoses). (source, seq) is unique within a run, so replaying a
/// journal twice stores each event once.
struct RunEvent
{
    QString runId;
    QString source; ///< agent node id, or "controller"
    qint64 seq = 0;
    qint64 timeMs = 0;
    /// The worker's kinds (step, plan, ...) or the agent's and the controller's (state, warning,
    /// diagnosis); compare `kind == EventKind::Step`, switch on `kind.value()`.
    RunEventKind kind;
    int rank = -1;
    int device = -1;
    QJsonObject payload;
};
