#pragma once

#include "batch.h"
#include "workerevents.h"

#include <algorithm>
#include <cstdint>
#include <optional>

namespace hamgam::engine {

/// How a step computes on this rank: what differs between the data-parallel
/// strategies (each rank its own samples through the whole model) and the
/// tensor-parallel ones (a node's ranks take the node's samples together and
/// each computes its part of every layer). The Trainer runs everything else of
/// a step, its collectives in the same order, for both.
class StepPolicy
{
public:
    /// What this rank adds to the step's control record.
    struct Losses
    {
        double lossSum = 0;              ///< Σ of the per-sample losses this rank reports
        std::int64_t countedSamples = 0; ///< the samples it accounts for (a node's once)
    };

    virtual ~StepPolicy() = default;

    /// After the store's beginStep(): the policy's own blocked time counts from here.
    virtual void beginStep() = 0;
    /// Forward and backward of this rank's share of a step, the loss divided by
    /// the step's global batch (summed over ranks: the exact global mean), in
    /// `passes` micro-batches whose gradients add up (gradient accumulation;
    /// every rank takes the same number). A rank or pass without samples still
    /// runs every collective. `lossScale` multiplies the loss that is
    /// back-propagated (precision fp16: LossScaler), never the one reported.
    /// Throws on failure.
    virtual Losses train(const Batch &batch, std::int64_t stepBatch, std::int64_t passes,
                         double lossScale) = 0;
    /// An evaluation forward of held-out samples [begin, end) of this rank's data
    /// slot (empty: the collectives only), added to the sums. Throws on failure.
    virtual void evaluate(std::int64_t begin, std::int64_t end, double &lossSum, double &correct) = 0;
    /// Whether a step's measured device peak may set this rank's batch cap.
    virtual bool measuresMemory() const = 0;
    /// Milliseconds blocked in tensor-parallel collectives since beginStep(); nothing for data parallelism.
    virtual std::optional<double> takeTensorParallelMs() = 0;
    /// The ready event's `tensor_parallel` field (none for data parallelism).
    virtual std::optional<contracts::TensorParallelInfo> readyInfo() const = 0;

protected:
    /// Gradient accumulation's pass `pass` of `passes` over `samples`: samples
    /// [begin, begin + count), near-equal parts, the same on every rank of a node.
    struct Part
    {
        std::int64_t begin = 0;
        std::int64_t count = 0;
    };
    static Part part(std::int64_t samples, std::int64_t pass, std::int64_t passes)
    {
        const std::int64_t n = std::max<std::int64_t>(0, samples);
        const std::int64_t begin = n * pass / passes;
        return {begin, n * (pass + 1) / passes - begin};
    }
    /// Back-propagates a pass's Σ of per-sample losses as its share of the
    /// step's global mean (summed over ranks and passes: the exact global-batch
    /// gradient), times the fp16 loss scale (a power of two; fp32 and bf16
    /// divide by the batch alone, to the bit as before).
    static void backwardShare(const at::Tensor &lossSum, std::int64_t stepBatch, double lossScale)
    {
        const auto batch = static_cast<double>(stepBatch);
        (lossScale == 1.0 ? lossSum / batch : lossSum * (lossScale / batch)).backward();
    }
};

} // namespace hamgam::engine
