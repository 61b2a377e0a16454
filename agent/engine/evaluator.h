#pragma once

#include "result.h"
#include "stopwatch.h"
#include "workerevents.h"

#include <cstdint>

namespace hamgam::engine {

class CommGroup;
class Dataset;
class Model;
class StepPolicy;

/// Held-out evaluation (the `eval` event): the first `samples` held-out
/// samples split equally over the data slots (ranks, or under tensor
/// parallelism nodes), each slot's share in chunks of the global batch. Every
/// rank runs as many forwards as the largest share needs, so sharded
/// parameters are gathered collectively even by a rank whose share is used
/// up; one all-reduce then sums the losses and the correct predictions.
class Evaluator final
{
public:
    Evaluator(const Dataset &dataset, const Model &model, StepPolicy &policy, std::int64_t samples,
              std::int64_t chunk, int dataSlots, int dataSlot);

    /// Whether the dataset holds no held-out split: nothing to evaluate, the same on every rank.
    bool empty() const { return m_samples == 0; }
    /// This rank's forwards. Throws on failure (the store or the tensor-parallel group records it).
    void forwards();
    /// The sums over all ranks (a collective on `control`): the eval event's fields after `step` steps.
    Result<contracts::EvalEvent> agree(std::int64_t step, CommGroup &control);

private:
    const Model &m_model;
    StepPolicy &m_policy;
    std::int64_t m_samples;
    std::int64_t m_chunk;
    std::int64_t m_begin = 0;
    std::int64_t m_end = 0;
    std::int64_t m_chunks = 0;
    Stopwatch m_timer;
    double m_lossSum = 0;
    double m_correct = 0;
};

} // namespace hamgam::engine
