#pragma once

#include "memoryestimate.h"
#include "onlineplanner.h"
#include "result.h"
#include "topology.h"
#include "workerconfig.h"

#include <cstdint>
#include <vector>

namespace hamgam::engine {

/// The plan a run starts from, before anything is measured (docs/engine.md,
/// "Planner"): this rank's cap, the first split of the global batch and the
/// planner's settings. Pure arithmetic on the config, the topology and what
/// the rank's memory already holds; the Trainer all-reduces the caps.
class InitialPlan final
{
public:
    /// What a rank's device holds besides activations (from its ParameterStore and model).
    struct Footprint
    {
        std::int64_t residentBytes = 0; ///< parameters, gradients, optimizer state, gathered units
        bool freesAfterUse = false;     ///< units are gathered or streamed: two of them in flight
        std::int64_t largestUnitNumel = 0;
        std::int64_t activationElementsPerSample = 0;
    };

    /// This rank's cap in samples, 0 for none: its node's max_batch split over
    /// the node's devices, and what memory_budget_mb leaves for activations by
    /// the shared MemoryEstimate (a config error when not even one sample fits).
    /// `deviceBytes`: what the device may hold when the config sets no budget
    /// (a GPU's usable memory; 0 on the CPU): when the estimate says the rank's
    /// equal share of the batch would not fit there, the rank starts in passes
    /// rather than run out of memory before its first measurement (MemoryProbe
    /// may lower the cap further; pre-flight says "in N passes" by the same estimate).
    static Result<std::int64_t> ownCap(const WorkerConfig &config, const Topology &topology,
                                       const Footprint &footprint, std::int64_t deviceBytes = 0);
    /// The estimate for this rank's footprint at the run's precision.
    static MemoryEstimate estimate(const WorkerConfig &config, const Footprint &footprint);
    /// nodes[].batch is given: the plan is the config's and never changes.
    static bool manual(const WorkerConfig &config);
    /// The first plan, per rank: each node's manual batch split equally over its
    /// devices, else the global batch split equally within the caps.
    static Result<std::vector<std::int64_t>> batches(const WorkerConfig &config, const Topology &topology,
                                                     const std::vector<std::int64_t> &caps);
    /// The ranks a plan gives more samples than their cap (0: none).
    static std::vector<int> overCap(const std::vector<std::int64_t> &plan,
                                    const std::vector<std::int64_t> &caps);
    /// The planner adapts for hdp, lshdp and tensor parallelism with more than
    /// one data slot (rank, or node) to balance and no manual plan.
    static OnlinePlanner::Settings plannerSettings(const WorkerConfig &config, int dataSlots);
};

} // namespace hamgam::engine
