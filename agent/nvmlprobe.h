#pragma once

#include "deviceprobe.h"

#include <memory>

class NvmlReader;

/// NVIDIA GPUs for the agent's telemetry: NvmlReader's readings (NVML through
/// dlopen("libnvidia-ml.so.1"), plain C++, agent/nvml) as DeviceSamples. Per
/// GPU: utilization of the SMs and of the memory controller, memory as
/// nvidia-smi shows it, temperature, power and its limit, clocks and what
/// holds them down, PCIe throughput, and each process with its user, command
/// line and memory. A GPU that stops answering is reported as lost, in its place.
class NvmlProbe final : public DeviceProbe
{
public:
    /// `library` is what dlopen() is given. The agent always uses the default,
    /// which the dynamic loader resolves in the system's library paths; tests
    /// give the path of a test double. Never taken from configuration or the
    /// environment, so nobody can make an agent load another library.
    explicit NvmlProbe(const QString &library = QStringLiteral("libnvidia-ml.so.1"));
    ~NvmlProbe() override;
    Q_DISABLE_COPY_MOVE(NvmlProbe)

    /// True when the library loaded, initialised and found at least one GPU.
    bool available() const;
    QString status() const { return m_status; }

    QList<DeviceSample> sampleDevices() override;
    HostInfo sampleHost() override { return {}; }

private:
    std::unique_ptr<NvmlReader> m_reader;
    QString m_status;
};
