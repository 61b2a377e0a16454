#include "memoryprobe.h"

#include "memorycap.h"

#include <utility>

namespace hamgam::engine {

MemoryProbe::MemoryProbe(bool cuda, bool measuresCaps, std::int64_t budgetMb, std::int64_t reserveBytes,
                         Device device)
    : m_cuda(cuda)
    , m_measuresCaps(measuresCaps)
    , m_budgetMb(budgetMb)
    , m_reserveBytes(reserveBytes)
    , m_device(std::move(device))
{}

std::int64_t MemoryProbe::begin(std::int64_t samples)
{
    if (samples > 0 && m_cuda && !m_measured && m_measuresCaps) {
        m_device.resetPeak();
        return m_device.read().allocated;
    }
    return -1;
}

std::int64_t MemoryProbe::finish(std::int64_t baseline, std::int64_t samples)
{
    if (baseline < 0 || samples <= 0)
        return 0;
    const GpuMemory memory = m_device.read();
    MemoryCap model;
    // What the driver has free (another user's process on this GPU and NCCL's
    // buffers are not) plus what our allocator holds, within the configured budget.
    model.budgetBytes = usableGpuBytes(memory, m_budgetMb * 1024 * 1024);
    model.reserveBytes = m_reserveBytes;
    m_measured = true;
    return model.fromMeasurement(baseline, memory.peak, samples);
}

std::int64_t MemoryProbe::stepBytes(std::int64_t estimate)
{
    if (!m_cuda)
        return estimate;
    // The allocator's own peak of this step, not an estimate.
    const std::int64_t peak = m_device.read().peak;
    m_device.resetPeak();
    return peak;
}

} // namespace hamgam::engine
