#include "losscaler.h"

#include <algorithm>

namespace hamgam::engine {

LossScaler::LossScaler(bool enabled, double initialScale, std::int64_t growthInterval)
    : m_enabled(enabled)
    , m_scale(enabled ? initialScale : 1.0)
    , m_growthInterval(std::max<std::int64_t>(1, growthInterval))
{}

bool LossScaler::update(bool finite)
{
    if (!m_enabled)
        return true;
    if (!finite) {
        // The smallest normal double keeps the scale a power of two, never zero.
        m_scale = std::max(m_scale * 0.5, 0x1p-1022);
        m_goodSteps = 0;
        return false;
    }
    if (++m_goodSteps >= m_growthInterval) {
        m_scale = std::min(m_scale * 2.0, 0x1p+1023);
        m_goodSteps = 0;
    }
    return true;
}

} // namespace hamgam::engine
