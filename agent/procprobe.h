#pragma once

#include "deviceprobe.h"

/// The CPU as a device, and host facts, read from /proc (root configurable so
/// tests can feed fixture files). Utilization is the busy share of all cores
/// between two samples, as top computes it.
class ProcProbe final : public DeviceProbe
{
public:
    /// cgroupRoot: where cgroup file systems are mounted (tests pass fixtures).
    explicit ProcProbe(QString procRoot = QStringLiteral("/proc"),
                       QString cgroupRoot = QStringLiteral("/sys/fs/cgroup"));

    QList<DeviceSample> sampleDevices() override;
    HostInfo sampleHost() override;

    /// Parses the "cpu" line of /proc/stat into (busy, total) jiffies.
    static bool parseCpuLine(const QByteArray &statContent, quint64 *busy, quint64 *total);
    /// Parses MemTotal and MemAvailable (bytes) from /proc/meminfo.
    static bool parseMemInfo(const QByteArray &content, qint64 *total, qint64 *available);
    /// The CPU quota of this process's cgroup in cores (v2 cpu.max or v1 cfs quota), or 0 when unlimited.
    double cpuQuotaCores() const { return m_quotaCores; }

private:
    QByteArray read(const char *name) const;

    // A node limited to part of the machine (a container, or labsim's cgroups):
    // its utilization is its own CPU time against its quota, not the host's.
    void detectCgroup();
    bool readCgroupUsage(quint64 *usageNs) const;

    QString m_root;
    QString m_cgroupRoot;
    QString m_usageFile; ///< cpuacct.usage (v1, ns) or cpu.stat (v2, usage_usec)
    bool m_usageV2 = false;
    double m_quotaCores = 0;
    quint64 m_lastUsageNs = 0;
    qint64 m_lastUsageAtNs = 0;
    quint64 m_lastBusy = 0;
    quint64 m_lastTotal = 0;
    HostInfo m_static;
};
