#pragma once

#include "syncforecast.h"
#include "workerevents.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace hamgam::engine {

/// Measures the link a run trains over (issue #32, item 4), from what each
/// step already times: the rank's communication, the bytes it sent across
/// machines and the rest of the step. After a window of steps the trainer sums
/// the ranks' figures in one small all-reduce (at the same step on every
/// rank, so every rank forecasts alike) and the meter turns the sums into
/// SyncForecast's measurement. No LibTorch here: the trainer does the collective.
class LinkMeter
{
public:
    /// Steps per window; the first step of a run (caches, allocator) is never in one.
    static constexpr std::int64_t kWindow = 5;
    static constexpr size_t kSums = 5;
    using Sums = std::array<double, kSums>;

    /// Starts a window with the step after `step`.
    void restart(std::int64_t step);
    bool measuring() const { return m_measuring; }
    bool measuredOnce() const { return m_measuredOnce; }

    /// One step's figures. True when the window is complete: kWindow steps and,
    /// with local steps, at least one outer step (the only one that crosses the link).
    bool add(std::int64_t step, double commMs, std::int64_t bytesAcrossNodes, double otherMs, bool outerStep,
             bool localRounds);
    /// This rank's sums over the window, to be summed over the ranks.
    const Sums &sums() const { return m_sums; }

    /// From the sums over every rank: the link's rate, what an exact step sends, and the speeds.
    /// `secondsPerSample` is the planner's, by rank; `nodeOfRank` maps a rank to its machine.
    static SyncForecast::Measurement measurement(const Sums &allRanks, bool localRounds,
                                                 const std::vector<double> &secondsPerSample,
                                                 const std::vector<int> &nodeOfRank,
                                                 const std::vector<std::string> &nodeNames);

    /// The link event of a measurement and its forecast; `localEvery` 0: the run takes exact steps.
    static contracts::LinkEvent event(std::int64_t step, const SyncForecast::Measurement &measured,
                                      const SyncForecast::Forecast &forecast, std::int64_t localEvery,
                                      bool chosen);

private:
    enum Sum : size_t
    {
        CommMs,
        Bytes,
        OtherMs,
        Steps,
        OuterSteps
    };
    Sums m_sums{};
    std::int64_t m_from = 1;
    bool m_measuring = false;
    bool m_measuredOnce = false;
};

} // namespace hamgam::engine
