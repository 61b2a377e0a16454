#pragma once

#include "devicechoice.h"

#include <cstdint>
#include <functional>

namespace hamgam::engine {

/// CUDA: what a step's device memory says (docs/engine.md, "Planner", measured
/// caps). The first step with samples resets the caching allocator's peak
/// before its forward pass and reads it after the backward pass, which gives
/// the largest local batch that fits (MemoryCap); every step reports the
/// allocator's peak. On the CPU, or when the rank's own samples do not decide
/// its memory (tensor parallelism), nothing is measured. The device is reached
/// through two calls, so tests give it numbers of their own.
class MemoryProbe final
{
public:
    struct Device
    {
        std::function<GpuMemory()> read;
        std::function<void()> resetPeak;
    };

    /// budgetMb: memory_budget_mb (0: the device's); reserveBytes: kept free
    /// beyond the measured peak (the optimizer's temporaries on the device).
    MemoryProbe(bool cuda, bool measuresCaps, std::int64_t budgetMb, std::int64_t reserveBytes,
                Device device);

    /// Before a step's forward pass: the bytes in use, with the peak reset, or
    /// −1 when this step is not measured.
    std::int64_t begin(std::int64_t samples);
    /// After its backward pass: the local batch cap the peak allows (MemoryCap:
    /// ≥ 1, or −1 when not one sample fits), 0 when nothing was measured.
    std::int64_t finish(std::int64_t baseline, std::int64_t samples);
    /// After the optimizer: the step's device bytes, the allocator's peak (then
    /// reset) on a GPU, else `estimate`.
    std::int64_t stepBytes(std::int64_t estimate);
    /// The caps were measured (once per run).
    bool measured() const { return m_measured; }

private:
    bool m_cuda;
    bool m_measuresCaps;
    std::int64_t m_budgetMb;
    std::int64_t m_reserveBytes;
    Device m_device;
    bool m_measured = false;
};

} // namespace hamgam::engine
