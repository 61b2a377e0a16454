#include "memorycap.h"

namespace hamgam {

std::int64_t MemoryCap::fromMeasurement(std::int64_t baselineBytes, std::int64_t peakBytes,
                                        std::int64_t samples) const
{
    if (samples <= 0 || peakBytes <= baselineBytes || budgetBytes <= 0)
        return 0;
    // Round the per-sample cost up: a cap one sample too large is an out-of-memory error.
    const std::int64_t perSample = (peakBytes - baselineBytes + samples - 1) / samples;
    const std::int64_t room = budgetBytes - reserveBytes - baselineBytes;
    if (room < perSample)
        return -1;
    return room / perSample;
}

} // namespace hamgam
