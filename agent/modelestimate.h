#pragma once

#include "memoryestimate.h"
#include "runconfig.h"

#include <optional>

/// Pre-flight's reading of a run config in the terms of the shared
/// MemoryEstimate (agent/planner): the model's units on the samples the
/// worker will load, the strategy's placement, the precision and
/// recomputation; the worker plans its first caps with the same figures
/// (InitialPlan). The engine reports measured figures once a run starts.
class ModelEstimate
{
public:
    using Estimate = hamgam::MemoryEstimate;

    /// `sample`: what the dataset check read from the files (an IDX file's
    /// sides, a table's features and classes, an image folder's classes);
    /// without it, the dataset kind's own shape (sampleOf).
    explicit ModelEstimate(const RunConfig &config, const std::optional<Estimate::Sample> &sample = {});

    /// A sample as the worker loads it, from the config alone (a table's
    /// features and an image folder's classes need the files: one feature and
    /// the config's classes stand in).
    static Estimate::Sample sampleOf(const RunConfig &config);

    /// False when the model is known only once loaded (torchscript): nothing is estimated.
    bool known() const { return !m_units.empty(); }
    qint64 parameters() const { return Estimate::parameters(m_units); }
    /// One device's estimate, on a node whose `shards` devices share the parameters (sharded strategies).
    Estimate forDevice(int shards) const;

private:
    RunConfig m_config;
    std::vector<hamgam::UnitFootprint> m_units;
};
