#pragma once

#include "unitfootprint.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hamgam {

/// The memory one device needs to train a local batch, from the run's
/// settings alone: what it holds besides activations (weights, gradients,
/// optimizer state, the units gathered in flight) and one sample's
/// activations, with precision and recomputation, and so how many samples a
/// budget holds in one pass and how many passes a batch takes. The one
/// estimate both sides use: pre-flight (agent/preflight.cpp, before any worker
/// starts) and the worker's first plan (InitialPlan::ownCap), which then
/// measures its real peak on a GPU (MemoryCap). Units come from UnitFootprint,
/// the figures the engine's own units return.
class MemoryEstimate
{
public:
    /// One sample as the model sees it: an image [channels, height, width], a
    /// row of features [n], or a text window [context] of tokens.
    struct Sample
    {
        std::vector<std::int64_t> dims;
        std::int64_t classes = 0; ///< classes, or the vocabulary for tokens
        bool tokens = false;
    };
    /// The model's settings (RunConfig::Model, WorkerConfig::ModelConfig).
    struct ModelSpec
    {
        std::string kind;
        std::vector<std::int64_t> hidden;
        bool activated = true; ///< mlp: a nonlinearity after each hidden layer (always, today)
        std::int64_t channels = 0, blocks = 0;
        std::int64_t layers = 0, width = 0, heads = 0, context = 0;
    };
    /// How the device keeps the parameters (the strategy's placement).
    struct Residency
    {
        std::int64_t parameters = 0;
        int shards = 1;       ///< the parameters are cut over this many devices
        bool sharded = false; ///< lsdp, lshdp, fsdp: a device holds its shard and gathers units in turn
        bool optimizerOnHost = false; ///< lsdp, lshdp: the optimizer's state lives in host memory
        int stateSlots = 0;           ///< optimizer state per parameter (adamw 2, momentum 1)
    };
    enum class Precision
    {
        Fp32,
        Half ///< bf16 or fp16: activations kept in 16 bits
    };

    /// The units the engine builds for `model` on `sample` (ModelFactory::build, without tensor
    /// parallelism); empty when the model is known only once loaded (torchscript) or does not take
    /// such samples.
    static std::vector<UnitFootprint> units(const ModelSpec &model, const Sample &sample);
    /// The engine's rule (Model::activationElementsPerSample): every unit keeps its activations;
    /// recomputing, only its input, plus the largest unit's activations made again in its backward.
    static std::int64_t activationElementsPerSample(const std::vector<UnitFootprint> &units, bool recompute);
    static std::int64_t parameters(const std::vector<UnitFootprint> &units);
    static std::int64_t largestUnitParameters(const std::vector<UnitFootprint> &units);
    /// Optimizer state per parameter: AdamW's two moments, SGD's momentum buffer when it has momentum
    /// (FlatOptimizer keeps exactly these).
    static int optimizerStateSlots(bool adamw, double momentum)
    {
        return adamw ? 2 : (momentum != 0.0 ? 1 : 0);
    }
    /// sync.mode local: the outer step's anchor and momentum, beside the optimizer's state (OuterSync).
    static constexpr int kOuterStateSlots = 2;
    static int bytesPerElement(Precision precision) { return precision == Precision::Fp32 ? 4 : 2; }
    /// Weights, gradients and optimizer state a device holds (fp32 master copies whatever the
    /// precision), before the units gathered in flight.
    static std::int64_t residentBytes(const Residency &residency);

    /// What a device's tensors may reach: `freeBytes` (the driver's free memory, plus what this
    /// process's allocator holds) less 5 % of the card (at least 256 MiB), which fragmentation,
    /// library workspaces and the context take after any estimate; never above `budgetCap` when set.
    static std::int64_t usableDeviceBytes(std::int64_t totalBytes, std::int64_t freeBytes,
                                          std::int64_t budgetCap);

    /// `residentBytes` measured or estimated; `freesAfterUse`: units are gathered or streamed, so two
    /// of the largest are in flight at once.
    static MemoryEstimate of(std::int64_t residentBytes, bool freesAfterUse,
                             std::int64_t largestUnitParameters, std::int64_t activationElementsPerSample,
                             Precision precision);

    std::int64_t fixedBytes = 0;     ///< held whatever the batch
    std::int64_t perSampleBytes = 1; ///< one sample's activations

    /// The samples one pass may hold within `budgetBytes`; 0 when not even one fits.
    std::int64_t capSamples(std::int64_t budgetBytes) const;
    /// The passes a local batch takes within `budgetBytes` (1 when it fits whole); 0 when not even one
    /// sample fits.
    std::int64_t passes(std::int64_t localBatch, std::int64_t budgetBytes) const;
    /// The bytes a pass of `samples` needs at its peak.
    std::int64_t bytes(std::int64_t samples) const;
};

} // namespace hamgam
