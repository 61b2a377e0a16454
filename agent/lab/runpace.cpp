#include "runpace.h"

#include <algorithm>

namespace {
// A step count or a total above this is a damaged event, not a run.
constexpr qint64 kMostSteps = qint64(1) << 40;
} // namespace

void RunPace::onReady(qint64 totalSteps, qint64 startStep)
{
    if (totalSteps <= 0 || totalSteps > kMostSteps || startStep < 0 || startStep > totalSteps)
        return;
    m_totalSteps = totalSteps;
}

void RunPace::onStep(qint64 step, qint64 timeMs)
{
    if (step <= 0 || step > kMostSteps || timeMs <= 0)
        return;
    if (m_firstStep < 0) {
        m_firstStep = m_lastStep = step;
        m_firstMs = m_lastMs = timeMs;
        return;
    }
    // Another rank's report of a step already seen, or a clock that went back: nothing new.
    if (step <= m_lastStep || timeMs < m_lastMs)
        return;
    m_lastStep = step;
    m_lastMs = timeMs;
}

qint64 RunPace::remainingMs() const
{
    if (m_totalSteps <= 0 || m_lastStep <= m_firstStep)
        return -1;
    const qint64 left = std::max<qint64>(0, m_totalSteps - m_lastStep);
    const double perStepMs = double(m_lastMs - m_firstMs) / double(m_lastStep - m_firstStep);
    return qint64(std::min(double(kLongestMs), double(left) * perStepMs));
}
