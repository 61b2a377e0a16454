#pragma once

#include "deviceprobe.h"

/// The CPU as a device, and host facts, read from /proc (root configurable so
/// tests can feed fixture files). Utilization is the busy share of all cores
/// between two samples, as top computes it.
class ProcProbe final : public DeviceProbe
{
public:
    explicit ProcProbe(QString procRoot = QStringLiteral("/proc"));

    QList<DeviceSample> sampleDevices() override;
    HostInfo sampleHost() override;

    /// Parses the "cpu" line of /proc/stat into (busy, total) jiffies.
    static bool parseCpuLine(const QByteArray &statContent, quint64 *busy, quint64 *total);
    /// Parses MemTotal and MemAvailable (bytes) from /proc/meminfo.
    static bool parseMemInfo(const QByteArray &content, qint64 *total, qint64 *available);

private:
    QByteArray read(const char *name) const;

    QString m_root;
    quint64 m_lastBusy = 0;
    quint64 m_lastTotal = 0;
    HostInfo m_static;
};
