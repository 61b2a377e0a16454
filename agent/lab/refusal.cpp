#include "refusal.h"

#include "jsonnumber.h"

#include <array>

namespace {
// Indexed by Refusal::Kind; these names travel on the wire as error codes.
constexpr std::array<const char *, 8> kKindNames = {"held", "reserved", "policy",  "no_such_device",
                                                    "busy", "behind",   "invalid", "retrying"};
} // namespace

QString Refusal::kindName() const
{
    return QString::fromLatin1(kKindNames.at(size_t(kind)));
}

QJsonObject Refusal::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("kind"), kindName());
    o.insert(QStringLiteral("device"), device);
    if (!user.isEmpty())
        o.insert(QStringLiteral("user"), user);
    if (!runId.isEmpty())
        o.insert(QStringLiteral("run_id"), runId);
    if (!reservationId.isEmpty())
        o.insert(QStringLiteral("reservation_id"), reservationId);
    if (sinceMs != 0)
        o.insert(QStringLiteral("since"), double(sinceMs));
    if (untilMs != 0)
        o.insert(QStringLiteral("until"), double(untilMs));
    if (!detail.isEmpty())
        o.insert(QStringLiteral("detail"), detail);
    if (limit != 0)
        o.insert(QStringLiteral("limit"), double(limit));
    if (amount != 0)
        o.insert(QStringLiteral("amount"), double(amount));
    return o;
}

std::optional<Refusal> Refusal::fromJson(const QJsonObject &o)
{
    Refusal r;
    const QString kind = o.value(QStringLiteral("kind")).toString();
    size_t index = 0;
    while (index < kKindNames.size() && kind != QLatin1String(kKindNames[index]))
        ++index;
    if (index == kKindNames.size())
        return std::nullopt;
    r.kind = Kind(index);
    r.device = int(jsonInt64(o.value(QStringLiteral("device")), -1));
    r.user = o.value(QStringLiteral("user")).toString();
    r.runId = o.value(QStringLiteral("run_id")).toString();
    r.reservationId = o.value(QStringLiteral("reservation_id")).toString();
    r.sinceMs = jsonInt64(o.value(QStringLiteral("since")));
    r.untilMs = jsonInt64(o.value(QStringLiteral("until")));
    r.detail = o.value(QStringLiteral("detail")).toString();
    r.limit = jsonInt64(o.value(QStringLiteral("limit")));
    r.amount = jsonInt64(o.value(QStringLiteral("amount")));
    return r;
}
