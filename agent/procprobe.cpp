#include "procprobe.h"

#include <QFile>
#include <QSysInfo>
#include <QThread>

ProcProbe::ProcProbe(QString procRoot) : m_root(std::move(procRoot))
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
    const quint64 sum = values[0] + values[1] + values[2] + values[3] + values[4] + values[5] + values[6] + values[7];
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
    cpu.name = QStringLiteral("%1 (%2 cores)").arg(m_static.cpuModel).arg(m_static.cores);
    quint64 busy = 0;
    quint64 total = 0;
    if (parseCpuLine(read("stat"), &busy, &total)) {
        const quint64 dTotal = total - m_lastTotal;
        const quint64 dBusy = busy - m_lastBusy;
        cpu.utilization = dTotal > 0 && total >= m_lastTotal ? qBound(0.0, 100.0 * double(dBusy) / double(dTotal), 100.0) : 0;
        m_lastBusy = busy;
        m_lastTotal = total;
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
