#include "queueentry.h"

#include "jsonnumber.h"
#include "labdevices.h"

#include <QRegularExpression>

bool QueueEntry::isValidRunId(const QString &runId)
{
    // The same rule as the run supervisor's, and safe as a file name.
    static const QRegularExpression safeId(QStringLiteral("^[A-Za-z0-9._-]{1,80}$"));
    return safeId.match(runId).hasMatch() && runId != QLatin1String(".") && runId != QLatin1String("..");
}

QJsonObject QueueEntry::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("run_id"), runId);
    o.insert(QStringLiteral("user"), user);
    o.insert(QStringLiteral("controller"), controller);
    o.insert(QStringLiteral("run_name"), runName);
    o.insert(QStringLiteral("submitted_ms"), double(submittedMs));
    o.insert(QStringLiteral("predicted_ms"), double(predictedMs));
    if (devices.isEmpty())
        o.insert(QStringLiteral("count"), count);
    else
        o.insert(QStringLiteral("devices"), LabDevices::toJson(devices));
    o.insert(QStringLiteral("coordinator"), coordinator);
    if (!coordinatorNodeId.isEmpty())
        o.insert(QStringLiteral("coordinator_node_id"), coordinatorNodeId);
    o.insert(QStringLiteral("plan"), plan);
    return o;
}

std::optional<QueueEntry> QueueEntry::fromJson(const QJsonObject &o)
{
    QueueEntry e;
    e.runId = o.value(QStringLiteral("run_id")).toString();
    e.user = o.value(QStringLiteral("user")).toString();
    e.controller = o.value(QStringLiteral("controller")).toString();
    e.runName = o.value(QStringLiteral("run_name")).toString();
    e.submittedMs = jsonInt64(o.value(QStringLiteral("submitted_ms")), -1);
    e.predictedMs = jsonInt64(o.value(QStringLiteral("predicted_ms")), -1);
    e.coordinator = o.value(QStringLiteral("coordinator")).toBool();
    e.coordinatorNodeId = o.value(QStringLiteral("coordinator_node_id")).toString();
    e.plan = o.value(QStringLiteral("plan")).toObject();
    if (!isValidRunId(e.runId) || e.user.isEmpty() || e.submittedMs < 0 || e.predictedMs < 0)
        return std::nullopt;
    if (o.contains(QStringLiteral("devices"))) {
        const auto devices = LabDevices::fromJson(o.value(QStringLiteral("devices")));
        if (!devices || devices->isEmpty())
            return std::nullopt;
        e.devices = *devices;
    } else {
        const qint64 count = jsonInt64(o.value(QStringLiteral("count")), 0);
        if (count <= 0 || count > 1024)
            return std::nullopt;
        e.count = int(count);
    }
    return e;
}
