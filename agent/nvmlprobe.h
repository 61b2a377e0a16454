#pragma once

#include "deviceprobe.h"

#include <memory>

/// NVIDIA GPUs through NVML, loaded at run time with dlopen("libnvidia-ml.so.1")
/// so the agent needs no CUDA at build time and runs where there is no driver.
/// One NVML session for the probe's lifetime; optional symbols may be missing.
/// Per GPU: utilization of the SMs and of the memory controller, memory as
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
    struct Api;
    std::unique_ptr<Api> m_api;
    QString m_status;
};
