#include "initialplan.h"

#include "batchplanner.h"

#include <algorithm>
#include <string>

namespace hamgam::engine {

MemoryEstimate InitialPlan::estimate(const WorkerConfig &config, const Footprint &footprint)
{
    return MemoryEstimate::of(footprint.residentBytes, footprint.freesAfterUse, footprint.largestUnitNumel,
                              footprint.activationElementsPerSample,
                              config.bf16 || config.fp16 ? MemoryEstimate::Precision::Half
                                                         : MemoryEstimate::Precision::Fp32);
}

Result<std::int64_t> InitialPlan::ownCap(const WorkerConfig &config, const Topology &topo,
                                         const Footprint &footprint, std::int64_t deviceBytes)
{
    std::int64_t ownCap = 0;
    if (!config.nodes.empty()) {
        const auto &n = config.nodes[static_cast<size_t>(topo.node())];
        if (n.maxBatch) {
            const auto split = BatchPlanner::equal(topo.localWorldSize(), *n.maxBatch);
            ownCap = split.batches[static_cast<size_t>(topo.localRank())];
        }
    }
    const MemoryEstimate memory = estimate(config, footprint);
    if (config.memoryBudgetMb > 0) {
        const std::int64_t memoryCap = memory.capSamples(config.memoryBudgetMb * 1024 * 1024);
        if (memoryCap < 1)
            return Result<std::int64_t>::failure(ErrorKind::Config,
                                                 "memory_budget_mb " + std::to_string(config.memoryBudgetMb) +
                                                     " does not hold this rank's parameters (" +
                                                     std::to_string(memory.fixedBytes / (1024 * 1024)) +
                                                     " MB) and one sample's activations");
        ownCap = ownCap > 0 ? std::min(ownCap, memoryCap) : memoryCap;
    } else if (deviceBytes > 0 && !manual(config)) {
        const std::int64_t share = BatchPlanner::equal(topo.worldSize(), config.globalBatch)
                                       .batches[static_cast<size_t>(topo.rank())];
        const std::int64_t memoryCap = memory.capSamples(deviceBytes);
        if (memoryCap >= 1 && memoryCap < share)
            ownCap = ownCap > 0 ? std::min(ownCap, memoryCap) : memoryCap;
    }
    return ownCap;
}

bool InitialPlan::manual(const WorkerConfig &config)
{
    return !config.nodes.empty() && config.nodes.front().batch.has_value();
}

Result<std::vector<std::int64_t>> InitialPlan::batches(const WorkerConfig &config, const Topology &topo,
                                                       const std::vector<std::int64_t> &caps)
{
    std::vector<std::int64_t> plan;
    if (manual(config)) {
        for (int n = 0; n < topo.nodeCount(); ++n) {
            const auto split =
                BatchPlanner::equal(topo.nodeSize(n), *config.nodes[static_cast<size_t>(n)].batch);
            plan.insert(plan.end(), split.batches.begin(), split.batches.end());
        }
        return plan;
    }
    const auto split = BatchPlanner::equal(topo.worldSize(), config.globalBatch, caps);
    if (!split.ok())
        return Result<std::vector<std::int64_t>>::failure(ErrorKind::Config,
                                                          "cannot plan the global batch: " + split.error);
    return split.batches;
}

std::vector<int> InitialPlan::overCap(const std::vector<std::int64_t> &plan,
                                      const std::vector<std::int64_t> &caps)
{
    std::vector<int> ranks;
    for (size_t r = 0; r < plan.size() && r < caps.size(); ++r)
        if (caps[r] > 0 && plan[r] > caps[r])
            ranks.push_back(static_cast<int>(r));
    return ranks;
}

OnlinePlanner::Settings InitialPlan::plannerSettings(const WorkerConfig &config, int dataSlots)
{
    OnlinePlanner::Settings ps;
    ps.profileSteps = config.planner.profileSteps;
    ps.replanInterval = config.planner.replanInterval;
    ps.margin = config.planner.margin;
    ps.ewma = config.planner.ewma;
    // Tensor parallelism plans per node: one node has nothing to balance.
    ps.adaptive = config.heterogeneous() && !manual(config) && dataSlots > 1;
    return ps;
}

} // namespace hamgam::engine
