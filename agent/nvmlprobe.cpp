#include "nvmlprobe.h"

#include "nvmlreader.h"

#include <QFile>

namespace {
constexpr qsizetype kMaxCommand = 1024; // characters of a command line

DeviceProcess::Type typeOf(NvmlReader::Process::Type type)
{
    switch (type) {
    case NvmlReader::Process::Type::Compute:
        return DeviceProcess::Type::Compute;
    case NvmlReader::Process::Type::Graphics:
        return DeviceProcess::Type::Graphics;
    case NvmlReader::Process::Type::ComputeAndGraphics:
        return DeviceProcess::Type::ComputeAndGraphics;
    }
    return DeviceProcess::Type::Compute;
}

DeviceProcess processOf(const NvmlReader::Process &p)
{
    DeviceProcess d;
    d.pid = p.pid;
    d.memoryBytes = p.memoryBytes;
    d.type = typeOf(p.type);
    d.name = QString::fromUtf8(p.name);
    d.user = QString::fromLocal8Bit(p.user);
    d.command = QString::fromUtf8(p.command);
    if (d.command.size() > kMaxCommand)
        d.command = d.command.left(kMaxCommand - 1) + QChar(0x2026);
    return d;
}

DeviceSample sampleOf(const NvmlReader::Gpu &g)
{
    DeviceSample s;
    s.index = g.index;
    s.kind = DeviceSample::Kind::Gpu;
    s.name = QString::fromUtf8(g.name);
    s.uuid = QString::fromUtf8(g.uuid);
    s.lost = g.lost;
    if (g.lost) // half a reading from a GPU that fell off the bus is not shown as if it were one
        return s;
    s.utilization = g.utilization;
    s.memoryUtilization = g.memoryUtilization;
    s.memoryUsed = g.memoryUsed;
    s.memoryTotal = g.memoryTotal;
    s.temperature = g.temperature;
    s.power = g.power;
    s.powerLimit = g.powerLimit;
    s.clockGraphics = g.clockGraphics;
    s.clockSm = g.clockSm;
    s.clockMemory = g.clockMemory;
    s.throttleReasons = g.throttleReasons;
    s.pcieTx = g.pcieTx;
    s.pcieRx = g.pcieRx;
    for (const NvmlReader::Process &p : g.processes)
        s.processes.append(processOf(p));
    return s;
}
} // namespace

NvmlProbe::NvmlProbe(const QString &library)
    : m_reader(std::make_unique<NvmlReader>(QFile::encodeName(library).toStdString()))
    , m_status(QString::fromStdString(m_reader->status()))
{}

NvmlProbe::~NvmlProbe() = default;

bool NvmlProbe::available() const
{
    return m_reader->available();
}

QList<DeviceSample> NvmlProbe::sampleDevices()
{
    QList<DeviceSample> out;
    for (const NvmlReader::Gpu &g : m_reader->sample())
        out.append(sampleOf(g));
    return out;
}
