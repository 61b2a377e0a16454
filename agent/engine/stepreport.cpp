#include "stepreport.h"

#include <cmath>
#include <nlohmann/json.hpp>

namespace hamgam::engine {

using nlohmann::json;

json StepReport::event() const
{
    json e = {{"step", step},
              {"epoch", epoch},
              {"loss", loss},
              {"local_batch", localBatch},
              {"micro_batches", microBatches},
              {"global_batch", globalBatch},
              {"lr", lr},
              {"data_ms", dataMs},
              {"compute_ms", computeMs},
              {"wait_ms", waitMs},
              {"comm_ms", commMs},
              {"optimizer_ms", optimizerMs},
              {"step_ms", stepMs},
              {"samples_per_s", stepMs > 0 ? 1000.0 * static_cast<double>(globalBatch) / stepMs : 0.0},
              {"device_bytes", deviceBytes},
              {"host_bytes", hostBytes},
              {"bytes_within_node", trafficAfter.withinNode - trafficBefore.withinNode},
              {"bytes_across_nodes", trafficAfter.acrossNodes - trafficBefore.acrossNodes},
              {"emulated", emulatedMs > 0},
              {"slowdown", slowdown},
              {"emulated_ms", emulatedMs}};
    json byKind = json::object();
    for (int k = 0; k < TrafficMeter::kKinds; ++k)
        byKind[TrafficMeter::kindName(static_cast<TrafficMeter::Kind>(k))] =
            trafficAfter.withinByKind[static_cast<size_t>(k)] -
            trafficBefore.withinByKind[static_cast<size_t>(k)];
    e["bytes_within_node_by_kind"] = byKind;
    if (tensorParallelMs)
        e["tensor_parallel_ms"] = *tensorParallelMs;
    if (gradNorm)
        e["grad_norm"] = std::isfinite(*gradNorm) ? *gradNorm : 0.0;
    if (lossScale) {
        e["loss_scale"] = *lossScale;
        e["skipped"] = skipped;
    }
    return e;
}

json StepReport::rebalance(std::int64_t step, const OnlinePlanner::Decision &decision,
                           const std::vector<double> &secondsPerSample)
{
    return {{"step", step},
            {"old", decision.oldPlan},
            {"new", decision.newPlan},
            {"reason", decision.reason},
            {"predicted_gain", decision.predictedGain},
            {"predicted_old_ms", decision.predictedOldSeconds * 1000.0},
            {"predicted_new_ms", decision.predictedNewSeconds * 1000.0},
            {"seconds_per_sample", secondsPerSample}};
}

} // namespace hamgam::engine
