#pragma once

#include "telemetry.h"

/// Where an agent's telemetry comes from. The seam tests use to give a fake
/// source ("virtual for autotest to override", as ksystemstats does).
class DeviceProbe
{
public:
    virtual ~DeviceProbe() = default;
    /// One sample of every device. Called at the telemetry rate.
    virtual QList<DeviceSample> sampleDevices() = 0;
    /// Host facts; the slowly changing fields (load, free memory) are current.
    virtual HostInfo sampleHost() = 0;
};
