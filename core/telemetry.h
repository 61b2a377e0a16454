#pragma once

#include "expected.h"

#include <QCborMap>
#include <QList>
#include <QString>

/// A process using a device, as NVML reports it.
struct DeviceProcess
{
    qint64 pid = 0;
    QString name;
    qint64 memoryBytes = 0;
};

/// One device of a node at one instant. A CPU-only node reports its CPU as a
/// device, so everything downstream works the same without a GPU.
struct DeviceSample
{
    enum class Kind { Gpu, Cpu };

    int index = 0;
    QString name;
    Kind kind = Kind::Cpu;
    QString uuid;
    double utilization = 0;   ///< percent, 0..100
    qint64 memoryUsed = 0;    ///< bytes
    qint64 memoryTotal = 0;   ///< bytes
    double temperature = -1;  ///< degrees C, -1 when unknown
    double power = -1;        ///< watts, -1 when unknown
    int cores = 0;            ///< a CPU: the machine's cores; 0 for a GPU, and from older agents (cores in the name)
    double coreQuota = 0;     ///< a CPU: the cores its cgroup may use, 0 when unlimited
    QList<DeviceProcess> processes;

    /// The name as the interface shows it: a CPU's model with its cores in the
    /// reader's language ("Xeon (8 cores)", "Xeon (0.6 of 8 cores)").
    QString label() const { return label(name, cores, coreQuota); }
    static QString label(const QString &name, int cores, double coreQuota);

    QCborMap toCbor() const;
    static Expected<DeviceSample> fromCbor(const QCborMap &map);
    static QString kindName(Kind kind) { return kind == Kind::Gpu ? QStringLiteral("gpu") : QStringLiteral("cpu"); }
};

/// Static and slowly changing facts about a node.
struct HostInfo
{
    QString hostname;
    QString os;
    QString kernel;
    QString cpuModel;
    int cores = 0;
    qint64 memoryTotal = 0;
    qint64 memoryAvailable = 0;
    double load1 = 0;

    QCborMap toCbor() const;
    static HostInfo fromCbor(const QCborMap &map);
};

/// What an agent pushes at each telemetry tick.
struct TelemetrySnapshot
{
    qint64 timeMs = 0; ///< ms since the epoch, agent clock
    HostInfo host;
    QList<DeviceSample> devices;

    QCborMap toCbor() const;
    static Expected<TelemetrySnapshot> fromCbor(const QCborMap &map);
};
