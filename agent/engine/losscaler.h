#pragma once

#include <cstdint>

namespace hamgam::engine {

/// Dynamic loss scaling for `precision: fp16`, as PyTorch's GradScaler does
/// it. fp16 gradients below about 6e-8 round to zero, so the loss is
/// multiplied by a scale before the backward and the summed gradients are
/// divided by it before the optimizer (a power of two: both exact). A step
/// whose gradients overflowed (a non-finite norm, the same on every rank) is
/// skipped and the scale halves; after `growthInterval` steps in a row without
/// overflow it doubles. Off (fp32, bf16) the scale stays 1.
class LossScaler
{
public:
    explicit LossScaler(bool enabled, double initialScale = 65536.0, std::int64_t growthInterval = 2000);

    bool enabled() const { return m_enabled; }
    double scale() const { return m_scale; }
    /// After a step's gradients are summed over the ranks: whether the step
    /// applies (its gradients are finite), with the scale adjusted for the next one.
    bool update(bool finite);

private:
    bool m_enabled;
    double m_scale;
    std::int64_t m_growthInterval;
    std::int64_t m_goodSteps = 0;
};

} // namespace hamgam::engine
