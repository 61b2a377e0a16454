#include "stepreport.h"

#include <cmath>

namespace hamgam::engine {

contracts::StepEvent StepReport::event() const
{
    contracts::StepEvent e;
    e.step = step;
    e.epoch = epoch;
    e.loss = loss;
    e.localBatch = localBatch;
    e.microBatches = microBatches;
    e.globalBatch = globalBatch;
    e.lr = lr;
    e.times = {dataMs, computeMs, waitMs, commMs, optimizerMs};
    e.stepMs = stepMs;
    e.samplesPerS = stepMs > 0 ? 1000.0 * static_cast<double>(globalBatch) / stepMs : 0.0;
    e.deviceBytes = deviceBytes;
    e.hostBytes = hostBytes;
    e.bytesWithinNode = trafficAfter.withinNode - trafficBefore.withinNode;
    e.bytesAcrossNodes = trafficAfter.acrossNodes - trafficBefore.acrossNodes;
    for (int k = 0; k < TrafficMeter::kKinds; ++k)
        e.bytesWithinNodeByKind[TrafficMeter::kindName(static_cast<TrafficMeter::Kind>(k))] =
            trafficAfter.withinByKind[static_cast<size_t>(k)] -
            trafficBefore.withinByKind[static_cast<size_t>(k)];
    e.emulated = emulatedMs > 0;
    e.slowdown = slowdown;
    e.emulatedMs = emulatedMs;
    e.tensorParallelMs = tensorParallelMs;
    if (gradNorm)
        e.gradNorm = std::isfinite(*gradNorm) ? *gradNorm : 0.0;
    if (lossScale) {
        e.lossScale = *lossScale;
        e.skipped = skipped;
    }
    return e;
}

contracts::RebalanceEvent StepReport::rebalance(std::int64_t step, const OnlinePlanner::Decision &decision,
                                                const std::vector<double> &secondsPerSample)
{
    contracts::RebalanceEvent e;
    e.step = step;
    e.oldPlan = decision.oldPlan;
    e.newPlan = decision.newPlan;
    e.reason = decision.reason;
    e.predictedGain = decision.predictedGain;
    e.predictedOldMs = decision.predictedOldSeconds * 1000.0;
    e.predictedNewMs = decision.predictedNewSeconds * 1000.0;
    e.secondsPerSample = secondsPerSample;
    return e;
}

} // namespace hamgam::engine
