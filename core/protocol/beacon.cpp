#include "beacon.h"

#include "cborvalue.h"
#include "identity.h"
#include "protocol.h"
#include "telemetry.h"

#include <QCborArray>
#include <QCborMap>
#include <QCborValue>
#include <QCoreApplication>

namespace {
QString key(const char *k)
{
    return QString::fromLatin1(k);
}
const QString kMagic = QStringLiteral("hamgam");
} // namespace

Beacon Beacon::query()
{
    Beacon b;
    b.kind = Kind::Query;
    return b;
}

QByteArray Beacon::encode() const
{
    QCborMap m;
    m[key("magic")] = kMagic;
    m[key("v")] = Protocol::kVersion;
    m[key("kind")] = kind == Kind::Query ? key("query") : key("announce");
    if (kind == Kind::Announce) {
        m[key("node_id")] = nodeId;
        m[key("hostname")] = hostname;
        m[key("name")] = name;
        m[key("port")] = controlPort;
        m[key("version")] = agentVersion;
        m[key("fingerprint")] = fingerprint;
        m[key("interval_ms")] = intervalMs;
        QCborArray devs;
        for (const Device &d : devices) {
            QCborMap dm;
            dm[key("name")] = d.name;
            dm[key("kind")] = d.kind;
            if (d.cores > 0)
                dm[key("cores")] = d.cores;
            if (d.coreQuota > 0)
                dm[key("core_quota")] = d.coreQuota;
            devs.append(dm);
        }
        m[key("devices")] = devs;
    }
    return m.toCborValue().toCbor();
}

QString Beacon::Device::label() const
{
    return DeviceSample::label(name, cores, coreQuota);
}

Expected<Beacon> Beacon::decode(const QByteArray &datagram)
{
    using Result = Expected<Beacon>;
    if (datagram.size() > kMaxDatagramBytes)
        return Result::failure(tr("beacon too large"));
    QCborParserError err;
    const QCborValue root = QCborValue::fromCbor(datagram, &err);
    if (err.error != QCborError::NoError || !root.isMap())
        return Result::failure(tr("not a Hamgam beacon"));
    const QCborMap m = root.toMap();
    if (m.value(key("magic")).toString() != kMagic)
        return Result::failure(tr("not a Hamgam beacon"));
    if (CborValue::integer(m.value(key("v"))) != Protocol::kVersion)
        return Result::failure(tr("beacon of protocol version %1, this program speaks %2")
                                   .arg(CborValue::integer(m.value(key("v"))))
                                   .arg(Protocol::kVersion));
    Beacon b;
    const QString kind = m.value(key("kind")).toString();
    if (kind == QLatin1String("query")) {
        b.kind = Kind::Query;
        return b;
    }
    if (kind != QLatin1String("announce"))
        return Result::failure(tr("unknown beacon kind"));
    b.nodeId = m.value(key("node_id")).toString();
    b.hostname = m.value(key("hostname")).toString();
    b.name = m.value(key("name")).toString();
    const qint64 port = CborValue::integer(m.value(key("port")));
    b.agentVersion = m.value(key("version")).toString();
    b.fingerprint = Identity::normalizeFingerprint(m.value(key("fingerprint")).toString());
    b.intervalMs =
        int(qBound(qint64(100), CborValue::integer(m.value(key("interval_ms")), Protocol::kBeaconIntervalMs),
                   qint64(600000)));
    if (b.nodeId.isEmpty() || port <= 0 || port > 65535 || b.fingerprint.isEmpty())
        return Result::failure(tr("beacon lacks node id, port or fingerprint"));
    if (!Protocol::isNodeId(b.nodeId))
        return Result::failure(tr("beacon with a malformed node id"));
    b.controlPort = quint16(port);
    for (const QCborValue v : m.value(key("devices")).toArray()) {
        const QCborMap dm = v.toMap();
        b.devices.append({dm.value(key("name")).toString(), dm.value(key("kind")).toString(),
                          int(qBound(qint64(0), CborValue::integer(dm.value(key("cores"))), qint64(1 << 20))),
                          qBound(0.0, dm.value(key("core_quota")).toDouble(), double(1 << 20))});
        if (b.devices.size() >= 64)
            break;
    }
    return b;
}
