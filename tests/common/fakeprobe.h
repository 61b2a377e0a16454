#pragma once

#include "deviceprobe.h"

/// A device probe whose readings the test sets.
class FakeProbe final : public DeviceProbe
{
public:
    QList<DeviceSample> devices;
    HostInfo host;
    int samples = 0;

    FakeProbe()
    {
        DeviceSample gpu;
        gpu.kind = DeviceSample::Kind::Gpu;
        gpu.name = QStringLiteral("Fake GPU 3090");
        gpu.utilization = 87;
        gpu.memoryUsed = 10LL << 30;
        gpu.memoryTotal = 24LL << 30;
        gpu.temperature = 71;
        devices = {gpu};
        host.hostname = QStringLiteral("fakehost");
        host.cores = 8;
        host.memoryTotal = 64LL << 30;
    }
    QList<DeviceSample> sampleDevices() override
    {
        ++samples;
        return devices;
    }
    HostInfo sampleHost() override { return host; }
};
