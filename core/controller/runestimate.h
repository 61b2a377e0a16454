#pragma once

#include "runconfig.h"
#include "runrecord.h"

#include <QList>

/// How long a run will take, as the lab's queue needs to know it (backfill
/// starts a run early only when it ends before the next booking or the run
/// ahead of it). Measured, never guessed from a model size: the wall time per
/// step of the most recent finished run of the same shape (strategy, model,
/// dataset, global batch and the same machines), times this run's steps. A
/// run of a new shape has no estimate (0): the agents then assume the lab's
/// longest run, or an hour, and the user may say it (`hamgamctl run --time`).
namespace RunEstimate {
/// Predicted seconds from start to end; 0 when no finished run of the same shape is in `history`.
qint64 predictSeconds(const RunConfig &config, const QList<RunRecord> &history);
/// Whether two configs describe runs whose time per step is comparable.
bool sameShape(const QJsonObject &a, const QJsonObject &b);
/// Whether two configs run on the same agents with as many devices on each.
bool sameMachines(const QJsonObject &a, const QJsonObject &b);
} // namespace RunEstimate
