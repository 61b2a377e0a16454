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

bool OnlinePlanner::planTakesExtraPasses() const
{
    const auto fewest =
        BatchPlanner::split(std::vector<double>(m_state.plan.size(), 1.0), m_globalBatch, m_caps);
    return fewest.ok() && BatchPlanner::microBatches(m_state.plan, m_caps) > fewest.microBatches;
}

void OnlinePlanner::limitCaps(const std::vector<std::int64_t> &caps)
{
    if (m_caps.size() < caps.size())
        m_caps.resize(caps.size(), 0);
    for (size_t i = 0; i < caps.size(); ++i)
        if (caps[i] > 0 && (m_caps[i] <= 0 || caps[i] < m_caps[i]))
            m_caps[i] = caps[i];
}

std::optional<OnlinePlanner::Decision> OnlinePlanner::decide()
{
    // A share above its cap is computed in passes (gradient accumulation), so
    // every plan fits. One that takes more passes than the caps need (a cap
    // measured on the device fell below a share) is changed now, whatever the
    // margin: each pass costs a gather of every unit on the sharded strategies.
    // A fixed plan (manual, or not adaptive) keeps its shares and its passes.
    const bool mustFit = m_settings.adaptive && planTakesExtraPasses();
    if (!m_settings.adaptive && !mustFit)
        return std::nullopt;
    const std::int64_t n = m_state.observed;
    const std::int64_t profile = m_settings.profileSteps;
    const char *reason = nullptr;
    if (mustFit)
        reason = "memory";
    else if (n == profile)
        reason = "profiled";
    else if (n > profile && (n - profile) % m_settings.replanInterval == 0)
        reason = "periodic";
    if (!reason)
        return std::nullopt;
    auto s = estimates();
    const bool measured = !s.empty() && m_settings.adaptive;
    if (!measured) {
        if (!mustFit)
            return std::nullopt;
        s.assign(m_state.plan.size(),
                 1.0); // nothing measured (or a fixed plan): keep it as even as the caps allow
    }
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
    if (!mustFit && d.predictedGain <= m_settings.margin)
        return std::nullopt;
    m_state.plan = d.newPlan;
    return d;
}

void OnlinePlanner::restore(const State &state)
{
    m_state = state;
}

} // namespace hamgam
