#include "runestimate.h"

#include <algorithm>
#include <QJsonArray>
#include <QSet>

namespace {
QSet<QString> agentsOf(const QJsonObject &config)
{
    QSet<QString> agents;
    for (const QJsonValue n : config.value(QStringLiteral("nodes")).toArray()) {
        const QJsonObject node = n.toObject();
        agents.insert(node.value(QStringLiteral("agent")).toString() + QLatin1Char('/') +
                      QString::number(node.value(QStringLiteral("devices")).toArray().size()));
    }
    return agents;
}
} // namespace

bool RunEstimate::sameShape(const QJsonObject &a, const QJsonObject &b)
{
    for (const char *key : {"strategy", "model", "dataset", "global_batch", "comm"}) {
        if (a.value(QLatin1String(key)) != b.value(QLatin1String(key)))
            return false;
    }
    return sameMachines(a, b);
}

bool RunEstimate::sameMachines(const QJsonObject &a, const QJsonObject &b)
{
    return agentsOf(a) == agentsOf(b);
}

qint64 RunEstimate::predictSeconds(const RunConfig &config, const QList<RunRecord> &history)
{
    const QJsonObject want = config.toJson();
    const RunRecord *best = nullptr;
    for (const RunRecord &r : history) {
        if (r.status != RunStatus::Finished || r.startedMs <= 0 || r.endedMs <= r.startedMs)
            continue;
        const qint64 steps = r.summary.value(QStringLiteral("steps")).toInteger();
        if (steps <= 0 || !sameShape(want, r.config))
            continue;
        if (!best || r.endedMs > best->endedMs)
            best = &r;
    }
    if (!best || config.steps <= 0 || config.epochs > 0)
        return 0; // epochs: the step count depends on the dataset, which this side does not read
    const double msPerStep = double(best->endedMs - best->startedMs) /
                             double(best->summary.value(QStringLiteral("steps")).toInteger());
    return std::max<qint64>(1, qint64(msPerStep * double(config.steps) / 1000.0 + 0.5));
}
