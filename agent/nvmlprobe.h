#pragma once

#include "deviceprobe.h"

#include <memory>

/// NVIDIA GPUs through NVML, loaded at run time with dlopen("libnvidia-ml.so.1")
/// so the agent needs no CUDA at build time and runs where there is no driver.
/// One NVML session for the probe's lifetime; optional symbols may be missing.
class NvmlProbe final : public DeviceProbe
{
public:
    NvmlProbe();
    ~NvmlProbe() override;

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
