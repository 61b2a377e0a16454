#pragma once

#include <cstdint>
#include <string>
#include <vector>

/// What each way of synchronizing would cost on this lab's link (issue #32,
/// item 4). From one measurement (the link's effective rate, what an exact
/// step sends across nodes, each node's speed) it predicts the step time of
/// exact training and of local steps every H, the share of each step spent on
/// the network, and the step time of the fastest node alone. The worker
/// forecasts from its first steps (its `link` event) and sync.mode auto picks
/// from it; the controller forecasts a new run from the measurement the
/// history holds for the same machines and model. Pure C++: both sides share it.
///
/// The model is deliberately plain: a step is the speed-proportional
/// computation, the rest of the step (data, optimizer), and the bytes that
/// cross the link at the measured rate, divided by H for local steps. It
/// assumes every mode needs the same samples to a target; bench/slowlink
/// measures how far that holds (docs/engine.md, "Choosing a mode").
namespace hamgam::SyncForecast {

struct Measurement
{
    double linkBytesPerS = 0;            ///< bytes across nodes per second of a node's communication
    double exactBytesPerStep = 0;        ///< bytes one node sends across nodes in an exact step
    double otherMs = 0;                  ///< a step's time that is neither computation nor network
    std::vector<double> nodeSamplesPerS; ///< each machine's speed (its devices together)
    std::vector<std::string> nodeNames;

    /// Whether it can forecast anything: a measured link and every node's speed.
    bool usable() const;
};

struct Mode
{
    std::string mode;       ///< "exact" or "local"
    std::int64_t every = 1; ///< local: inner steps per outer step
    double stepMs = 0;
    double networkShare = 0; ///< of stepMs
};

struct Forecast
{
    std::vector<Mode> modes; ///< exact first, then local every H, H ascending
    size_t fastest = 0;      ///< index of the fastest mode
    int fastestNode = -1;
    double fastestAloneMs = 0; ///< the fastest node alone taking the whole global batch
    /// Whether the group's fastest mode is slower than its fastest node alone (item 5).
    bool slowerThanAlone() const;
    const Mode &exact() const { return modes.front(); }
    /// How many times sooner than exact a mode finishes a step.
    double speedup(const Mode &m) const;
};

/// The local rounds a forecast shows besides exact.
const std::vector<std::int64_t> &shownRounds();

/// A forecast of `globalBatch` samples per step; `rounds` are the local H to weigh.
Forecast forecast(const Measurement &m, std::int64_t globalBatch,
                  const std::vector<std::int64_t> &rounds = shownRounds());

/// A mode must be this much faster than exact for auto to give up exactness.
constexpr double kAutoMinimumGain = 1.10;

/// sync.mode auto's choice: the fastest of exact and local every H ≤ `longestRound`,
/// local only when it is at least kAutoMinimumGain times exact's speed.
Mode pickAuto(const Forecast &f, std::int64_t longestRound);

} // namespace hamgam::SyncForecast
