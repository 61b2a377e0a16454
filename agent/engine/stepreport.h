#pragma once

#include "onlineplanner.h"
#include "trafficmeter.h"
#include "workerevents.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace hamgam::engine {

/// What one optimizer step reports (docs/worker-events.md): the fields of its
/// `step` event, and the `rebalance` event when the planner adopts a new plan
/// after it. The Trainer fills the measurements in; the events' shape is here.
struct StepReport
{
    std::int64_t step = 0; ///< steps done (counted from 1)
    std::int64_t epoch = 0;
    double loss = 0;
    std::int64_t localBatch = 0;
    std::int64_t microBatches = 1; ///< passes the step took (gradient accumulation)
    /// precision fp16: the loss scale the step ran with, and whether it overflowed (skipped).
    std::optional<double> lossScale;
    bool skipped = false;
    std::int64_t globalBatch = 0;
    double lr = 0;
    double dataMs = 0;
    double computeMs = 0;
    double waitMs = 0;
    double commMs = 0;
    double optimizerMs = 0;
    double stepMs = 0;
    std::int64_t deviceBytes = 0;
    std::int64_t hostBytes = 0;
    TrafficMeter::Totals trafficBefore; ///< the meter when the step began
    TrafficMeter::Totals trafficAfter;  ///< and after its optimizer
    double slowdown = 1.0;
    double emulatedMs = 0;
    std::optional<double> tensorParallelMs; ///< tensor parallelism only
    std::optional<double> gradNorm;         ///< with grad_clip > 0 only; not finite is reported as 0

    /// The `step` event.
    contracts::StepEvent event() const;
    /// The `rebalance` event for a plan adopted after `step` steps.
    static contracts::RebalanceEvent rebalance(std::int64_t step, const OnlinePlanner::Decision &decision,
                                               const std::vector<double> &secondsPerSample);
};

} // namespace hamgam::engine
