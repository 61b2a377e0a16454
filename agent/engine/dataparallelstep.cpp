#include "dataparallelstep.h"

#include "dataset.h"
#include "model.h"
#include "modelrunner.h"

#include <nlohmann/json.hpp>

namespace hamgam::engine {

DataParallelStep::DataParallelStep(Model &model, ModelRunner &runner, const Dataset &dataset,
                                   at::Device device)
    : m_model(model)
    , m_runner(runner)
    , m_dataset(dataset)
    , m_device(device)
{}

StepPolicy::Losses DataParallelStep::train(const Batch &batch, std::int64_t stepBatch, std::int64_t passes,
                                           double lossScale)
{
    // The rank's samples in `passes` near-equal parts, each within its cap
    // (the plan holds samples ≤ passes · cap); a part without samples runs the
    // collectives only, as a rank without samples does.
    double lossSum = 0;
    for (std::int64_t pass = 0; pass < passes; ++pass) {
        m_runner.beginPass(static_cast<int>(pass), static_cast<int>(passes));
        const Part p = part(batch.samples, pass, passes);
        if (p.count <= 0) {
            m_runner.skeletonStep();
            continue;
        }
        // From pinned memory on a GPU: the copy overlaps, the stream orders it.
        const auto on = at::TensorOptions().device(m_device);
        const at::Tensor input = batch.input.narrow(0, p.begin, p.count).to(on, m_device.is_cuda());
        const at::Tensor target = batch.target.narrow(0, p.begin, p.count).to(on, m_device.is_cuda());
        const at::Tensor sum = m_model.lossSum(m_runner.forward(input), target);
        backwardShare(sum, stepBatch, lossScale);
        lossSum += sum.item<double>();
    }
    return {lossSum, batch.samples};
}

void DataParallelStep::evaluate(std::int64_t begin, std::int64_t end, double &lossSum, double &correct)
{
    if (begin >= end) {
        m_runner.skeletonEvaluate();
        return;
    }
    at::Tensor input, target;
    m_dataset.evalBatch(begin, end, input, target);
    const at::Tensor out = m_runner.evaluate(input.to(m_device));
    const at::Tensor t = target.to(m_device);
    lossSum += m_model.heldOutLossSum(out, t).item<double>();
    correct += static_cast<double>(m_model.correct(out, t));
}

std::optional<contracts::TensorParallelInfo> DataParallelStep::readyInfo() const
{
    return std::nullopt;
}

} // namespace hamgam::engine
