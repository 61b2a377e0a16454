#pragma once

#include "expected.h"

#include <QCborMap>
#include <QList>
#include <QString>

/// A process using a device, as NVML reports it, with who runs it as the
/// agent's /proc shows it. The strings come from another machine: show them
/// through SafeText.
struct DeviceProcess
{
    enum class Type
    {
        Compute,
        Graphics,
        ComputeAndGraphics
    };

    qint64 pid = 0;
    QString name; ///< the executable's short name (/proc/<pid>/comm); empty when the process is gone
    qint64 memoryBytes = -1; ///< -1 when NVML cannot tell (NVML_VALUE_NOT_AVAILABLE)
    QString user; ///< the account it runs as; empty when unknown, its uid when the agent has no name for it
    QString
        command; ///< the whole command line, arguments separated by spaces, shortened past 1024 characters
    Type type = Type::Compute;
    /// A Hamgam worker's: the lab user whose run it is, and the run (docs/lab.md); empty for any other
    /// process.
    QString labUser;
    QString runId;

    /// The command line, or the name when there is none (a zombie, a kernel thread).
    QString commandOrName() const { return command.isEmpty() ? name : command; }
    static QString typeName(Type type);
};

/// One device of a node at one instant. A CPU-only node reports its CPU as a
/// device, so everything downstream works the same without a GPU.
struct DeviceSample
{
    enum class Kind
    {
        Gpu,
        Cpu
    };

    int index = 0;
    QString name;
    Kind kind = Kind::Cpu;
    QString uuid;
    double utilization = 0;  ///< percent, 0..100
    qint64 memoryUsed = 0;   ///< bytes
    qint64 memoryTotal = 0;  ///< bytes
    double temperature = -1; ///< degrees C, -1 when unknown
    double power = -1;       ///< watts, -1 when unknown
    // A GPU's further readings; -1 when unknown (a CPU, an older agent, a driver that cannot tell).
    double memoryUtilization = -1; ///< percent of time the memory controller was busy
    double powerLimit = -1;        ///< watts: the limit the driver enforces
    int clockGraphics = -1;        ///< MHz
    int clockSm = -1;              ///< MHz
    int clockMemory = -1;          ///< MHz
    qint64 throttleReasons = -1;   ///< NVML's clock event reasons, a bit mask (see ThrottleReason)
    qint64 pcieTx = -1;            ///< bytes per second sent over PCIe
    qint64 pcieRx = -1;            ///< bytes per second received over PCIe
    /// The GPU stopped answering (fell off the bus, needs a reset): the readings are not kept.
    bool lost = false;
    int cores = 0; ///< a CPU: the machine's cores; 0 for a GPU, and from older agents (cores in the name)
    double coreQuota = 0;           ///< a CPU: the cores its cgroup may use, 0 when unlimited
    QList<DeviceProcess> processes; ///< largest memory first

    /// NVML's nvmlClocksEventReason* bits (its ThrottleReason bits of old), as they travel.
    enum ThrottleReason : qint64
    {
        GpuIdle = 0x1,
        ApplicationsClocksSetting = 0x2,
        SwPowerCap = 0x4,
        HwSlowdown = 0x8,
        SyncBoost = 0x10,
        SwThermalSlowdown = 0x20,
        HwThermalSlowdown = 0x40,
        HwPowerBrakeSlowdown = 0x80,
        DisplayClockSetting = 0x100,
    };
    /// The reasons that hold the clocks down against the work (power, heat, a
    /// power brake, a sync boost group), translated; idle and requested clocks are not slowdowns.
    static QStringList slowdownReasons(qint64 throttleReasons);

    /// The name as the interface shows it: a CPU's model with its cores in the
    /// reader's language ("Xeon (8 cores)", "Xeon (0.6 of 8 cores)").
    QString label() const { return label(name, cores, coreQuota); }
    static QString label(const QString &name, int cores, double coreQuota);

    QCborMap toCbor() const;
    static Expected<DeviceSample> fromCbor(const QCborMap &map);
    static QString kindName(Kind kind)
    {
        return kind == Kind::Gpu ? QStringLiteral("gpu") : QStringLiteral("cpu");
    }
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
