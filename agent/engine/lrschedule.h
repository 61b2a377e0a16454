#pragma once

#include <cstdint>
#include <string>

namespace hamgam::engine {

/// The learning rate of each step: constant, or linear warm-up followed by a
/// cosine decay to min_lr_ratio × lr at the last step.
class LrSchedule
{
public:
    LrSchedule(std::string kind, double baseLr, std::int64_t warmupSteps, double minLrRatio,
               std::int64_t totalSteps);

    /// The rate for the step with 0-based index `step`.
    double at(std::int64_t step) const;

private:
    std::string m_kind;
    double m_base;
    std::int64_t m_warmup;
    double m_minRatio;
    std::int64_t m_total;
};

} // namespace hamgam::engine
