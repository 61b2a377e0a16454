#include "evaluator.h"

#include "batchplanner.h"
#include "commgroup.h"
#include "dataset.h"
#include "model.h"
#include "steppolicy.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <numeric>

namespace hamgam::engine {

Evaluator::Evaluator(const Dataset &dataset, const Model &model, StepPolicy &policy, std::int64_t samples,
                     std::int64_t chunk, int dataSlots, int dataSlot)
    : m_model(model)
    , m_policy(policy)
    , m_samples(std::min(samples, dataset.evalSize()))
    , m_chunk(std::max<std::int64_t>(1, chunk))
{
    const auto split = BatchPlanner::equal(dataSlots, m_samples);
    std::vector<std::int64_t> offsets(split.batches.size() + 1, 0);
    std::partial_sum(split.batches.begin(), split.batches.end(), offsets.begin() + 1);
    m_begin = offsets[static_cast<size_t>(dataSlot)];
    m_end = offsets[static_cast<size_t>(dataSlot + 1)];
    const std::int64_t largest = *std::max_element(split.batches.begin(), split.batches.end());
    m_chunks = (largest + m_chunk - 1) / m_chunk;
}

void Evaluator::forwards()
{
    m_timer.restart();
    m_lossSum = 0;
    m_correct = 0;
    for (std::int64_t k = 0; k < m_chunks; ++k) {
        const std::int64_t lo = m_begin + k * m_chunk, hi = std::min(m_end, lo + m_chunk);
        m_policy.evaluate(lo, hi, m_lossSum, m_correct);
    }
}

Result<contracts::EvalEvent> Evaluator::agree(std::int64_t step, CommGroup &control)
{
    at::Tensor totals = at::tensor({m_lossSum, m_correct}, at::kDouble);
    if (Status s = control.allreduceSumNow(totals); !s)
        return s.error();
    const std::int64_t n = m_samples;
    const double loss = n > 0 ? totals[0].item<double>() / static_cast<double>(n) : 0.0;
    contracts::EvalEvent event;
    event.step = step;
    event.loss = loss;
    event.samples = n;
    event.ms = m_timer.ms();
    if (m_model.task() == Model::Task::Classification)
        event.accuracy = n > 0 ? totals[1].item<double>() / static_cast<double>(n) : 0.0;
    else
        event.perplexity = std::exp(loss);
    return event;
}

} // namespace hamgam::engine
