#include "telemetry.h"

#include "bidi.h"
#include "cborvalue.h"

#include <QCborArray>
#include <QCoreApplication>
#include <QLocale>

namespace {
QString key(const char *k)
{
    return QString::fromLatin1(k);
}

// Optional readings travel only when known; an absent one reads back as -1.
void putKnown(QCborMap &m, const char *k, double value)
{
    if (value >= 0)
        m[key(k)] = value;
}

void putKnown(QCborMap &m, const char *k, qint64 value)
{
    if (value >= 0)
        m[key(k)] = value;
}

double knownDouble(const QCborMap &m, const char *k, double max)
{
    const double v = m.value(key(k)).toDouble(-1);
    return v >= 0 && v <= max ? v : -1; // NaN fails both comparisons
}

qint64 knownInteger(const QCborMap &m, const char *k)
{
    return qMax(qint64(-1), CborValue::integer(m.value(key(k)), -1));
}

DeviceProcess::Type processType(const QString &name)
{
    if (name == QLatin1String("G"))
        return DeviceProcess::Type::Graphics;
    if (name == QLatin1String("C+G"))
        return DeviceProcess::Type::ComputeAndGraphics;
    return DeviceProcess::Type::Compute; // absent: an older agent listed compute processes only
}
} // namespace

QString DeviceProcess::typeName(Type type)
{
    switch (type) {
    case Type::Compute:
        return QStringLiteral("C");
    case Type::Graphics:
        return QStringLiteral("G");
    case Type::ComputeAndGraphics:
        return QStringLiteral("C+G");
    }
    return {};
}

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
    putKnown(m, "mem_util", memoryUtilization);
    putKnown(m, "power_limit", powerLimit);
    putKnown(m, "clock_gfx", qint64(clockGraphics));
    putKnown(m, "clock_sm", qint64(clockSm));
    putKnown(m, "clock_mem", qint64(clockMemory));
    putKnown(m, "throttle", throttleReasons);
    putKnown(m, "pcie_tx", pcieTx);
    putKnown(m, "pcie_rx", pcieRx);
    if (lost)
        m[key("lost")] = true;
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
            putKnown(pm, "mem", p.memoryBytes);
            if (!p.user.isEmpty())
                pm[key("user")] = p.user;
            if (!p.command.isEmpty())
                pm[key("cmd")] = p.command;
            if (p.type != DeviceProcess::Type::Compute)
                pm[key("type")] = DeviceProcess::typeName(p.type);
            if (!p.labUser.isEmpty())
                pm[key("lab_user")] = p.labUser;
            if (!p.runId.isEmpty())
                pm[key("run_id")] = p.runId;
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

QStringList DeviceSample::slowdownReasons(qint64 throttleReasons)
{
    static constexpr struct
    {
        qint64 bit;
        const char *text;
    } kReasons[] = {
        {SwPowerCap, QT_TRANSLATE_NOOP("Telemetry", "power cap")},
        {HwSlowdown, QT_TRANSLATE_NOOP("Telemetry", "hardware slowdown")},
        {SwThermalSlowdown, QT_TRANSLATE_NOOP("Telemetry", "too hot (software)")},
        {HwThermalSlowdown, QT_TRANSLATE_NOOP("Telemetry", "too hot (hardware)")},
        {HwPowerBrakeSlowdown, QT_TRANSLATE_NOOP("Telemetry", "power brake")},
        {SyncBoost, QT_TRANSLATE_NOOP("Telemetry", "sync boost group")},
    };
    QStringList out;
    if (throttleReasons <= 0)
        return out;
    for (const auto &r : kReasons) {
        if (throttleReasons & r.bit)
            out << QCoreApplication::translate("Telemetry", r.text);
    }
    return out;
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
    s.memoryUtilization = knownDouble(m, "mem_util", 100);
    s.powerLimit = knownDouble(m, "power_limit", 1e6);
    s.clockGraphics = int(qMin(knownInteger(m, "clock_gfx"), qint64(1 << 20)));
    s.clockSm = int(qMin(knownInteger(m, "clock_sm"), qint64(1 << 20)));
    s.clockMemory = int(qMin(knownInteger(m, "clock_mem"), qint64(1 << 20)));
    s.throttleReasons = knownInteger(m, "throttle");
    s.pcieTx = knownInteger(m, "pcie_tx");
    s.pcieRx = knownInteger(m, "pcie_rx");
    s.lost = m.value(key("lost")).toBool();
    for (const QCborValue v : m.value(key("procs")).toArray()) {
        const QCborMap pm = v.toMap();
        DeviceProcess p;
        p.pid = CborValue::integer(pm.value(key("pid")));
        p.name = pm.value(key("name")).toString();
        // Older agents sent NVML's "not available" as is: 2^64 - 1 read back as -1.
        p.memoryBytes = knownInteger(pm, "mem");
        p.user = pm.value(key("user")).toString();
        p.command = pm.value(key("cmd")).toString();
        p.type = processType(pm.value(key("type")).toString());
        p.labUser = pm.value(key("lab_user")).toString().left(32);
        p.runId = pm.value(key("run_id")).toString().left(80);
        s.processes.append(p);
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
