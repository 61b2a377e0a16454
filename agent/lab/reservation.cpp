#include "reservation.h"

#include "jsonnumber.h"
#include "labdevices.h"

QJsonObject Reservation::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("id"), id);
    o.insert(QStringLiteral("user"), user);
    o.insert(QStringLiteral("controller"), controller);
    o.insert(QStringLiteral("devices"), LabDevices::toJson(devices));
    o.insert(QStringLiteral("from_ms"), double(fromMs));
    o.insert(QStringLiteral("to_ms"), double(toMs));
    if (!note.isEmpty())
        o.insert(QStringLiteral("note"), note);
    o.insert(QStringLiteral("created_ms"), double(createdMs));
    if (preempts)
        o.insert(QStringLiteral("preempts"), true);
    return o;
}

std::optional<Reservation> Reservation::fromJson(const QJsonObject &o)
{
    Reservation r;
    r.id = o.value(QStringLiteral("id")).toString();
    r.user = o.value(QStringLiteral("user")).toString();
    r.controller = o.value(QStringLiteral("controller")).toString();
    const auto devices = LabDevices::fromJson(o.value(QStringLiteral("devices")));
    r.fromMs = jsonInt64(o.value(QStringLiteral("from_ms")), -1);
    r.toMs = jsonInt64(o.value(QStringLiteral("to_ms")), -1);
    r.note = o.value(QStringLiteral("note")).toString();
    r.createdMs = jsonInt64(o.value(QStringLiteral("created_ms")), -1);
    r.preempts = o.value(QStringLiteral("preempts")).toBool();
    if (r.id.isEmpty() || r.user.isEmpty() || !devices || devices->isEmpty() || r.fromMs < 0 ||
        r.toMs <= r.fromMs || r.createdMs < 0)
        return std::nullopt;
    r.devices = *devices;
    return r;
}
