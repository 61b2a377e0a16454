#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hamgam {

/// Online re-planning from measured speeds. Every rank feeds it the same
/// all-gathered measurements each step and so reaches the same decisions
/// without a coordinator.
///
/// Per-sample compute time is smoothed by an EWMA. After the profiling steps
/// (the first of which is a warm-up and not measured when there are two or
/// more) and then every `replanInterval` steps, the planner proposes b ∝ 1/s
/// and adopts it only if the predicted step time max_i b_i·s_i improves by
/// more than `margin` (hysteresis against noise).
class OnlinePlanner
{
public:
    struct Settings
    {
        int profileSteps = 3;
        int replanInterval = 20;
        double margin = 0.05;
        double ewma = 0.3;    ///< weight of the newest measurement
        bool adaptive = true; ///< false: the initial plan is kept (dp, manual plans)
    };

    /// A change of plan, with what the planner expects from it.
    struct Decision
    {
        std::vector<std::int64_t> oldPlan;
        std::vector<std::int64_t> newPlan;
        std::string reason; ///< "profiled" or "periodic"
        double predictedOldSeconds = 0;
        double predictedNewSeconds = 0;
        double predictedGain = 0; ///< (old − new) / old
    };

    /// Everything needed to continue exactly after a restart.
    struct State
    {
        std::vector<std::int64_t> plan;
        std::vector<double> secondsPerSample; ///< ≤ 0: not measured yet
        std::int64_t observed = 0;
    };

    OnlinePlanner(Settings settings, std::int64_t globalBatch, std::vector<std::int64_t> initialPlan,
                  std::vector<std::int64_t> caps = {});

    /// One step's measurements of every rank: the batch each used and its
    /// compute seconds. Ranks that had no samples keep their estimate.
    void observe(const std::vector<std::int64_t> &batches, const std::vector<double> &computeSeconds);
    /// Called once per step after observe(): a new plan if one is due and better,
    /// or, after limitCaps() made the plan too large for a rank, the nearest plan
    /// that fits (reason "memory"), whatever the margin.
    std::optional<Decision> decide();
    /// Lowers the caps (one per rank, ≤ 0: unchanged) to what a measurement
    /// found; a cap is never raised.
    void limitCaps(const std::vector<std::int64_t> &caps);
    const std::vector<std::int64_t> &caps() const { return m_caps; }

    const std::vector<std::int64_t> &plan() const { return m_state.plan; }
    const std::vector<double> &secondsPerSample() const { return m_state.secondsPerSample; }
    const Settings &settings() const { return m_settings; }
    State state() const { return m_state; }
    void restore(const State &state);

private:
    std::vector<double> estimates() const;
    /// Whether the plan takes more passes (gradient accumulation) than the caps need.
    bool planTakesExtraPasses() const;

    Settings m_settings;
    std::int64_t m_globalBatch;
    std::vector<std::int64_t> m_caps;
    State m_state;
};

} // namespace hamgam
