#pragma once

#include <cstdint>

namespace hamgam {

/// The largest local batch that fits a device's memory, from one measured
/// step: what the device held before the forward pass (parameters, gradient
/// and optimizer buffers) and its peak during forward and backward with
/// `samples` samples. The difference is taken as linear in the batch, which
/// overstates the per-sample cost when part of it is batch-independent
/// (gathered parameters, workspaces): the cap errs on the safe side.
struct MemoryCap
{
    std::int64_t budgetBytes =
        0; ///< what the rank may use (configured, or the device's memory less headroom)
    std::int64_t reserveBytes = 0; ///< kept free beyond the measured peak (optimizer temporaries)

    /// ≥ 1 when at least one sample fits, 0 when the measurement says nothing
    /// (no samples, or a peak not above the baseline), −1 when not even one
    /// sample fits.
    std::int64_t fromMeasurement(std::int64_t baselineBytes, std::int64_t peakBytes,
                                 std::int64_t samples) const;
};

} // namespace hamgam
