#include "procprobe.h"

#include <QDateTime>
#include <QFile>
#include <QSysInfo>
#include <QThread>

ProcProbe::ProcProbe(QString procRoot, QString cgroupRoot)
    : m_root(std::move(procRoot))
    , m_cgroupRoot(std::move(cgroupRoot))
{
    m_static.hostname = QSysInfo::machineHostName();
    m_static.os = QSysInfo::prettyProductName();
    m_static.kernel = QSysInfo::kernelVersion();
    m_static.cores = QThread::idealThreadCount();
    const QByteArray cpuinfo = read("cpuinfo");
    for (const QByteArray &line : cpuinfo.split('\n')) {
        if (line.startsWith("model name")) {
            m_static.cpuModel = QString::fromUtf8(line.mid(line.indexOf(':') + 1).trimmed());
            break;
        }
    }
    if (m_static.cpuModel.isEmpty())
        m_static.cpuModel = QStringLiteral("CPU");
    // Prime the counters so the first sample is a real interval, not "since boot".
    parseCpuLine(read("stat"), &m_lastBusy, &m_lastTotal);
    detectCgroup();
    if (m_quotaCores > 0) {
        readCgroupUsage(&m_lastUsageNs);
        m_lastUsageAtNs = QDateTime::currentMSecsSinceEpoch() * 1000000;
    }
}

void ProcProbe::detectCgroup()
{
    // /proc/self/cgroup: "0::/path" (v2) or "N:cpu,cpuacct:/path" / "N:cpu:/path" (v1).
    for (const QByteArray &line : read("self/cgroup").split('\n')) {
        const QList<QByteArray> f = line.split(':');
        if (f.size() < 3)
            continue;
        const QString path = QString::fromUtf8(f[2]);
        const QList<QByteArray> controllers = f[1].split(',');
        auto readFile = [](const QString &p) {
            QFile file(p);
            return file.open(QIODevice::ReadOnly) ? file.readAll().trimmed() : QByteArray();
        };
        if (f[0] == "0" && f[1].isEmpty()) {
            const QList<QByteArray> max =
                readFile(m_cgroupRoot + path + QStringLiteral("/cpu.max")).split(' ');
            if (max.size() == 2 && max[0] != "max" && max[1].toDouble() > 0) {
                m_quotaCores = max[0].toDouble() / max[1].toDouble();
                m_usageFile = m_cgroupRoot + path + QStringLiteral("/cpu.stat");
                m_usageV2 = true;
                return;
            }
        } else if (controllers.contains("cpu")) {
            const QString dir = m_cgroupRoot + QStringLiteral("/cpu") + path;
            const double quota = readFile(dir + QStringLiteral("/cpu.cfs_quota_us")).toDouble();
            const double period = readFile(dir + QStringLiteral("/cpu.cfs_period_us")).toDouble();
            if (quota > 0 && period > 0) {
                m_quotaCores = quota / period;
                const QString combined = dir + QStringLiteral("/cpuacct.usage");
                const QString separate =
                    m_cgroupRoot + QStringLiteral("/cpuacct") + path + QStringLiteral("/cpuacct.usage");
                m_usageFile = QFile::exists(combined) ? combined : separate;
                m_usageV2 = false;
            }
        }
    }
}

bool ProcProbe::readCgroupUsage(quint64 *usageNs) const
{
    QFile file(m_usageFile);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const QByteArray content = file.readAll();
    if (!m_usageV2) {
        *usageNs = content.trimmed().toULongLong();
        return true;
    }
    for (const QByteArray &line : content.split('\n')) {
        if (line.startsWith("usage_usec ")) {
            *usageNs = line.mid(11).trimmed().toULongLong() * 1000;
            return true;
        }
    }
    return false;
}

QByteArray ProcProbe::read(const char *name) const
{
    QFile file(m_root + QLatin1Char('/') + QLatin1String(name));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    // /proc files report size 0: read until the end.
    return file.readAll();
}

bool ProcProbe::parseCpuLine(const QByteArray &statContent, quint64 *busy, quint64 *total)
{
    const qsizetype end = statContent.indexOf('\n');
    const QByteArray line = statContent.left(end < 0 ? statContent.size() : end);
    if (!line.startsWith("cpu "))
        return false;
    const QList<QByteArray> fields = line.simplified().split(' ');
    if (fields.size() < 5)
        return false;
    // user nice system idle iowait irq softirq steal guest guest_nice
    quint64 values[10] = {};
    for (qsizetype i = 1; i < fields.size() && i <= 10; ++i)
        values[i - 1] = fields[i].toULongLong();
    const quint64 idle = values[3] + values[4];
    // guest time is already counted in user/nice
    const quint64 sum =
        values[0] + values[1] + values[2] + values[3] + values[4] + values[5] + values[6] + values[7];
    *total = sum;
    *busy = sum - idle;
    return true;
}

bool ProcProbe::parseMemInfo(const QByteArray &content, qint64 *total, qint64 *available)
{
    bool haveTotal = false;
    bool haveAvail = false;
    for (const QByteArray &line : content.split('\n')) {
        const QList<QByteArray> f = line.simplified().split(' ');
        if (f.size() < 2)
            continue;
        const qint64 kib = f[1].toLongLong();
        if (f[0] == "MemTotal:") {
            *total = kib * 1024;
            haveTotal = true;
        } else if (f[0] == "MemAvailable:") {
            *available = kib * 1024;
            haveAvail = true;
        }
    }
    return haveTotal && haveAvail;
}

QList<DeviceSample> ProcProbe::sampleDevices()
{
    DeviceSample cpu;
    cpu.index = 0;
    cpu.kind = DeviceSample::Kind::Cpu;
    // The model alone: the controller words the cores in its user's language (DeviceSample::label).
    cpu.name = m_static.cpuModel;
    cpu.cores = qMax(1, m_static.cores);
    cpu.coreQuota = m_quotaCores;
    quint64 busy = 0;
    quint64 total = 0;
    if (parseCpuLine(read("stat"), &busy, &total)) {
        const quint64 dTotal = total - m_lastTotal;
        const quint64 dBusy = busy - m_lastBusy;
        cpu.utilization = dTotal > 0 && total >= m_lastTotal
                              ? qBound(0.0, 100.0 * double(dBusy) / double(dTotal), 100.0)
                              : 0;
        m_lastBusy = busy;
        m_lastTotal = total;
    }
    quint64 usage = 0;
    if (m_quotaCores > 0 && readCgroupUsage(&usage)) {
        const qint64 now = QDateTime::currentMSecsSinceEpoch() * 1000000;
        const double elapsed = double(now - m_lastUsageAtNs);
        if (elapsed > 0 && usage >= m_lastUsageNs)
            cpu.utilization =
                qBound(0.0, 100.0 * double(usage - m_lastUsageNs) / (elapsed * m_quotaCores), 100.0);
        m_lastUsageNs = usage;
        m_lastUsageAtNs = now;
    }
    qint64 memTotal = 0;
    qint64 memAvail = 0;
    if (parseMemInfo(read("meminfo"), &memTotal, &memAvail)) {
        cpu.memoryTotal = memTotal;
        cpu.memoryUsed = memTotal - memAvail;
    }
    return {cpu};
}

HostInfo ProcProbe::sampleHost()
{
    HostInfo host = m_static;
    parseMemInfo(read("meminfo"), &host.memoryTotal, &host.memoryAvailable);
    const QByteArray loadavg = read("loadavg");
    host.load1 = loadavg.left(loadavg.indexOf(' ')).toDouble();
    return host;
}
