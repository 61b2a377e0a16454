#pragma once

#include "deviceprobe.h"
#include "nvmlprobe.h"
#include "procprobe.h"

/// The probe an agent uses for real: NVIDIA GPUs when NVML finds any, otherwise
/// the CPU as the node's one device. Host facts always come from /proc.
class SystemProbe final : public DeviceProbe
{
public:
    SystemProbe() = default;

    QList<DeviceSample> sampleDevices() override
    {
        return m_nvml.available() ? m_nvml.sampleDevices() : m_proc.sampleDevices();
    }
    HostInfo sampleHost() override { return m_proc.sampleHost(); }
    QString status() const { return m_nvml.status(); }

private:
    NvmlProbe m_nvml;
    ProcProbe m_proc;
};
