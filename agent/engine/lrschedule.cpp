#include "lrschedule.h"

#include <algorithm>
#include <cmath>

namespace hamgam::engine {

LrSchedule::LrSchedule(std::string kind, double baseLr, std::int64_t warmupSteps, double minLrRatio,
                       std::int64_t totalSteps)
    : m_kind(std::move(kind))
    , m_base(baseLr)
    , m_warmup(std::max<std::int64_t>(0, warmupSteps))
    , m_minRatio(minLrRatio)
    , m_total(std::max<std::int64_t>(1, totalSteps))
{}

double LrSchedule::at(std::int64_t step) const
{
    if (m_warmup > 0 && step < m_warmup)
        return m_base * static_cast<double>(step + 1) / static_cast<double>(m_warmup);
    if (m_kind != "cosine")
        return m_base;
    const double span = static_cast<double>(std::max<std::int64_t>(1, m_total - m_warmup - 1));
    const double progress = std::clamp(static_cast<double>(step - m_warmup) / span, 0.0, 1.0);
    const double cosine = 0.5 * (1.0 + std::cos(M_PI * progress));
    return m_base * (m_minRatio + (1.0 - m_minRatio) * cosine);
}

} // namespace hamgam::engine
