#include "lease.h"

#include "jsonnumber.h"
#include "labdevices.h"

QJsonObject Lease::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("id"), id);
    o.insert(QStringLiteral("run_id"), runId);
    o.insert(QStringLiteral("user"), user);
    o.insert(QStringLiteral("controller"), controller);
    o.insert(QStringLiteral("devices"), LabDevices::toJson(devices));
    o.insert(QStringLiteral("state"), isActive() ? QStringLiteral("active") : QStringLiteral("pending"));
    o.insert(QStringLiteral("created_ms"), double(createdMs));
    o.insert(QStringLiteral("expires_ms"), double(expiresMs));
    o.insert(QStringLiteral("active_since_ms"), double(activeSinceMs));
    o.insert(QStringLiteral("expected_end_ms"), double(expectedEndMs));
    o.insert(QStringLiteral("queued"), queued);
    return o;
}

std::optional<Lease> Lease::fromJson(const QJsonObject &o)
{
    Lease l;
    l.id = o.value(QStringLiteral("id")).toString();
    l.runId = o.value(QStringLiteral("run_id")).toString();
    l.user = o.value(QStringLiteral("user")).toString();
    l.controller = o.value(QStringLiteral("controller")).toString();
    const auto devices = LabDevices::fromJson(o.value(QStringLiteral("devices")));
    const QString state = o.value(QStringLiteral("state")).toString();
    l.createdMs = jsonInt64(o.value(QStringLiteral("created_ms")), -1);
    l.expiresMs = jsonInt64(o.value(QStringLiteral("expires_ms")), -1);
    l.activeSinceMs = jsonInt64(o.value(QStringLiteral("active_since_ms")), -1);
    l.expectedEndMs = jsonInt64(o.value(QStringLiteral("expected_end_ms")), -1);
    l.queued = o.value(QStringLiteral("queued")).toBool();
    if (state == QLatin1String("active"))
        l.state = State::Active;
    else if (state != QLatin1String("pending"))
        return std::nullopt;
    if (l.id.isEmpty() || l.runId.isEmpty() || l.user.isEmpty() || !devices || devices->isEmpty() ||
        l.createdMs < 0 || l.expiresMs < 0 || l.activeSinceMs < 0 || l.expectedEndMs < 0)
        return std::nullopt;
    // A pending lease without an expiry would hold its devices forever.
    if (l.isActive() ? l.activeSinceMs == 0 : l.expiresMs == 0)
        return std::nullopt;
    l.devices = *devices;
    return l;
}
