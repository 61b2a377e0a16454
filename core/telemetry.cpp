#include "bidi.h"
#include "cborvalue.h"
#include "telemetry.h"

#include <QCborArray>
#include <QCoreApplication>
#include <QLocale>

namespace {
QString key(const char *k)
{
    return QString::fromLatin1(k);
}
} // namespace

QCborMap DeviceSample::toCbor() const
{
    QCborMap m;
    m[key("index")] = index;
    m[key("name")] = name;
    m[key("kind")] = kindName(kind);
    if (!uuid.isEmpty())
        m[key("uuid")] = uuid;
    m[key("util")] = utilization;
    m[key("mem_used")] = memoryUsed;
    m[key("mem_total")] = memoryTotal;
    if (temperature >= 0)
        m[key("temp")] = temperature;
    if (power >= 0)
        m[key("power")] = power;
    // The model alone in "name", its cores apart: the controller words them
    // in its own language (an old controller shows the model only).
    if (cores > 0)
        m[key("cores")] = cores;
    if (coreQuota > 0)
        m[key("core_quota")] = coreQuota;
    if (!processes.isEmpty()) {
        QCborArray procs;
        for (const DeviceProcess &p : processes) {
            QCborMap pm;
            pm[key("pid")] = p.pid;
            pm[key("name")] = p.name;
            pm[key("mem")] = p.memoryBytes;
            procs.append(pm);
        }
        m[key("procs")] = procs;
    }
    return m;
}

QString DeviceSample::label(const QString &name, int cores, double coreQuota)
{
    if (cores <= 0)
        return name; // a GPU, or an older agent's "Model (8 cores)"
    const QLocale locale;
    // The model kept left to right, so in Persian "(۸ هسته)" reads as one piece after it.
    const QString model = Bidi::ltr(name, locale);
    if (coreQuota > 0)
        return QCoreApplication::translate("Telemetry", "%1 (%2 of %Ln core(s))", nullptr, cores)
            .arg(model, locale.toString(coreQuota, 'g', 3));
    return QCoreApplication::translate("Telemetry", "%1 (%Ln core(s))", nullptr, cores).arg(model);
}

Expected<DeviceSample> DeviceSample::fromCbor(const QCborMap &m)
{
    if (!m.value(key("name")).isString() || !m.value(key("kind")).isString())
        return Expected<DeviceSample>::failure(
            QCoreApplication::translate("Telemetry", "device sample without name or kind"));
    DeviceSample s;
    s.index = int(CborValue::integer(m.value(key("index"))));
    s.name = m.value(key("name")).toString();
    s.kind = m.value(key("kind")).toString() == QLatin1String("gpu") ? Kind::Gpu : Kind::Cpu;
    s.uuid = m.value(key("uuid")).toString();
    s.utilization = qBound(0.0, m.value(key("util")).toDouble(), 100.0);
    s.memoryUsed = CborValue::integer(m.value(key("mem_used")));
    s.memoryTotal = CborValue::integer(m.value(key("mem_total")));
    s.temperature = m.value(key("temp")).toDouble(-1);
    s.power = m.value(key("power")).toDouble(-1);
    s.cores = int(qBound(qint64(0), CborValue::integer(m.value(key("cores"))), qint64(1 << 20)));
    s.coreQuota = qBound(0.0, m.value(key("core_quota")).toDouble(), double(1 << 20));
    for (const QCborValue v : m.value(key("procs")).toArray()) {
        const QCborMap pm = v.toMap();
        s.processes.append({CborValue::integer(pm.value(key("pid"))), pm.value(key("name")).toString(),
                            CborValue::integer(pm.value(key("mem")))});
    }
    return s;
}

QCborMap HostInfo::toCbor() const
{
    QCborMap m;
    m[key("hostname")] = hostname;
    m[key("os")] = os;
    m[key("kernel")] = kernel;
    m[key("cpu")] = cpuModel;
    m[key("cores")] = cores;
    m[key("mem_total")] = memoryTotal;
    m[key("mem_avail")] = memoryAvailable;
    m[key("load1")] = load1;
    return m;
}

HostInfo HostInfo::fromCbor(const QCborMap &m)
{
    HostInfo h;
    h.hostname = m.value(key("hostname")).toString();
    h.os = m.value(key("os")).toString();
    h.kernel = m.value(key("kernel")).toString();
    h.cpuModel = m.value(key("cpu")).toString();
    h.cores = int(CborValue::integer(m.value(key("cores"))));
    h.memoryTotal = CborValue::integer(m.value(key("mem_total")));
    h.memoryAvailable = CborValue::integer(m.value(key("mem_avail")));
    h.load1 = m.value(key("load1")).toDouble();
    return h;
}

QCborMap TelemetrySnapshot::toCbor() const
{
    QCborMap m;
    m[key("time")] = timeMs;
    m[key("host")] = host.toCbor();
    QCborArray devs;
    for (const DeviceSample &d : devices)
        devs.append(d.toCbor());
    m[key("devices")] = devs;
    return m;
}

Expected<TelemetrySnapshot> TelemetrySnapshot::fromCbor(const QCborMap &m)
{
    TelemetrySnapshot t;
    t.timeMs = CborValue::integer(m.value(key("time")));
    t.host = HostInfo::fromCbor(m.value(key("host")).toMap());
    for (const QCborValue v : m.value(key("devices")).toArray()) {
        auto d = DeviceSample::fromCbor(v.toMap());
        if (!d)
            return Expected<TelemetrySnapshot>::failure(d.error());
        t.devices.append(*d);
    }
    return t;
}
