#include "onlineplanner.h"

#include "batchplanner.h"

#include <algorithm>
#include <cmath>

namespace hamgam {

namespace {
constexpr double kMinSecondsPerSample = 1e-9; // a 0 ms measurement must not mean infinite speed
}

OnlinePlanner::OnlinePlanner(Settings settings, std::int64_t globalBatch,
                             std::vector<std::int64_t> initialPlan, std::vector<std::int64_t> caps)
    : m_settings(settings)
    , m_globalBatch(globalBatch)
    , m_caps(std::move(caps))
{
    m_settings.profileSteps = std::max(1, m_settings.profileSteps);
    m_settings.replanInterval = std::max(1, m_settings.replanInterval);
    m_settings.ewma = std::clamp(m_settings.ewma, 1e-6, 1.0);
    m_state.secondsPerSample.assign(initialPlan.size(), 0.0);
    m_state.plan = std::move(initialPlan);
}

void OnlinePlanner::observe(const std::vector<std::int64_t> &batches,
                            const std::vector<double> &computeSeconds)
{
    ++m_state.observed;
    if (m_settings.profileSteps >= 2 && m_state.observed == 1)
        return; // warm-up step: allocations and thread start-up, not speed
    for (size_t i = 0; i < m_state.secondsPerSample.size() && i < batches.size() && i < computeSeconds.size();
         ++i) {
        if (batches[i] <= 0 || !std::isfinite(computeSeconds[i]) || computeSeconds[i] < 0)
            continue;
        const double s = std::max(kMinSecondsPerSample, computeSeconds[i] / static_cast<double>(batches[i]));
        double &estimate = m_state.secondsPerSample[i];
        estimate = estimate > 0 ? m_settings.ewma * s + (1.0 - m_settings.ewma) * estimate : s;
    }
}

std::vector<double> OnlinePlanner::estimates() const
{
    // A rank never measured (it had no samples) is assumed average.
    double sum = 0;
    int known = 0;
    for (double s : m_state.secondsPerSample) {
        if (s > 0) {
            sum += s;
            ++known;
        }
    }
    if (known == 0)
        return {};
    std::vector<double> e = m_state.secondsPerSample;
    for (double &s : e)
        if (s <= 0)
            s = sum / known;
    return e;
}

std::optional<OnlinePlanner::Decision> OnlinePlanner::decide()
{
    if (!m_settings.adaptive)
        return std::nullopt;
    const std::int64_t n = m_state.observed;
    const std::int64_t profile = m_settings.profileSteps;
    const char *reason = nullptr;
    if (n == profile)
        reason = "profiled";
    else if (n > profile && (n - profile) % m_settings.replanInterval == 0)
        reason = "periodic";
    if (!reason)
        return std::nullopt;
    const auto s = estimates();
    if (s.empty())
        return std::nullopt;
    std::vector<double> throughput(s.size());
    for (size_t i = 0; i < s.size(); ++i)
        throughput[i] = 1.0 / s[i];
    const auto proposal = BatchPlanner::split(throughput, m_globalBatch, m_caps);
    if (!proposal.ok() || proposal.batches == m_state.plan)
        return std::nullopt;
    Decision d;
    d.oldPlan = m_state.plan;
    d.newPlan = proposal.batches;
    d.reason = reason;
    d.predictedOldSeconds = BatchPlanner::predictedStepTime(d.oldPlan, s);
    d.predictedNewSeconds = BatchPlanner::predictedStepTime(d.newPlan, s);
    d.predictedGain = d.predictedOldSeconds > 0
                          ? (d.predictedOldSeconds - d.predictedNewSeconds) / d.predictedOldSeconds
                          : 0.0;
    if (d.predictedGain <= m_settings.margin)
        return std::nullopt;
    m_state.plan = d.newPlan;
    return d;
}

void OnlinePlanner::restore(const State &state)
{
    m_state = state;
}

} // namespace hamgam
