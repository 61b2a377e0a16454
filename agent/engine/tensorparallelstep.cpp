#include "tensorparallelstep.h"

#include "model.h"
#include "modelrunner.h"
#include "tensorparallel.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace hamgam::engine {

TensorParallelStep::TensorParallelStep(TensorParallel &tp, Model &model, ModelRunner &runner,
                                       const Dataset &dataset, at::Device device, int localRank)
    : m_tp(tp)
    , m_model(model)
    , m_runner(runner)
    , m_dataset(dataset)
    , m_info(dataset.info())
    , m_device(device)
    , m_localRank(localRank)
{}

TensorParallelStep::Rows TensorParallelStep::rows(const at::Tensor &input, const at::Tensor &target,
                                                  std::int64_t samples, const DatasetInfo &info,
                                                  std::int64_t parts, std::int64_t inputPart,
                                                  std::int64_t outputPart)
{
    // The node's samples are cut into equal row parts (1, q or q²) with at
    // least one row each; padding rows are zeros, never part of the loss.
    const std::int64_t per = std::max<std::int64_t>(1, (samples + parts - 1) / parts);
    auto padded = [&](const at::Tensor &t, std::vector<std::int64_t> shape, at::ScalarType type) {
        shape.insert(shape.begin(), per * parts - samples);
        const at::Tensor pad = at::zeros(shape, at::TensorOptions().dtype(type));
        if (samples == 0)
            return pad;
        return shape.front() == 0 ? t : at::cat({t, pad.to(t.dtype())});
    };
    const std::vector<std::int64_t> targetShape =
        info.tokens ? std::vector<std::int64_t>{info.sampleShape.front()} : std::vector<std::int64_t>{};
    const at::Tensor in = padded(input, info.sampleShape, info.tokens ? at::kLong : at::kFloat);
    const at::Tensor out = padded(target, targetShape, at::kLong);
    Rows r;
    r.input = in.narrow(0, inputPart * per, per);
    r.target = out.narrow(0, outputPart * per, per);
    r.valid = std::clamp<std::int64_t>(samples - outputPart * per, 0, per);
    return r;
}

TensorParallelStep::Rows TensorParallelStep::rowsOf(const at::Tensor &input, const at::Tensor &target,
                                                    std::int64_t samples) const
{
    return rows(input, target, samples, m_info, m_tp.layout().rowParts(), m_tp.residualRowPart(),
                m_tp.outputRowPart());
}

void TensorParallelStep::beginStep()
{
    m_tp.takeBlockedMs();
}

StepPolicy::Losses TensorParallelStep::train(const Batch &batch, std::int64_t stepBatch, std::int64_t passes,
                                             double lossScale)
{
    // Every rank of the node computes its part of the node's samples, also
    // when there are none (zero gradients), so the node's collectives pair up;
    // under gradient accumulation, pass by pass over the same parts of them.
    double lossSum = 0;
    for (std::int64_t pass = 0; pass < passes; ++pass) {
        m_runner.beginPass(static_cast<int>(pass), static_cast<int>(passes));
        const Part p = part(batch.samples, pass, passes);
        const Rows r = p.count > 0 ? rowsOf(batch.input.narrow(0, p.begin, p.count),
                                            batch.target.narrow(0, p.begin, p.count), p.count)
                                   : rowsOf({}, {}, 0);
        const at::Tensor output = m_runner.forward(r.input.to(m_device));
        const at::Tensor sum =
            m_model.lossSum(output.narrow(0, 0, r.valid), r.target.narrow(0, 0, r.valid).to(m_device));
        // The loss is replicated over the ranks that hold the same rows; each
        // back-propagates its copy (the gathers keep only their own block).
        backwardShare(sum, stepBatch, lossScale);
        lossSum += sum.item<double>();
    }
    // One rank per row reports the loss, local rank 0 the node's samples: the all-reduce counts each once.
    return {m_tp.reportsLoss() ? lossSum : 0.0, m_localRank == 0 ? batch.samples : 0};
}

void TensorParallelStep::evaluate(std::int64_t begin, std::int64_t end, double &lossSum, double &correct)
{
    at::Tensor input, target;
    if (begin < end)
        m_dataset.evalBatch(begin, end, input, target);
    const Rows r = rowsOf(input, target, std::max<std::int64_t>(0, end - begin));
    const at::Tensor out = m_runner.evaluate(r.input.to(m_device)).narrow(0, 0, r.valid);
    const at::Tensor t = r.target.narrow(0, 0, r.valid).to(m_device);
    if (m_tp.reportsLoss()) {
        lossSum += m_model.heldOutLossSum(out, t).item<double>();
        correct += static_cast<double>(m_model.correct(out, t));
    }
}

std::optional<double> TensorParallelStep::takeTensorParallelMs()
{
    return m_tp.takeBlockedMs();
}

std::optional<contracts::TensorParallelInfo> TensorParallelStep::readyInfo() const
{
    const auto &layout = m_tp.layout();
    return contracts::TensorParallelInfo{
        layout.size(), layout.side(), layout.dims(),
        std::vector<std::int64_t>(layout.coords().begin(), layout.coords().begin() + layout.dims()),
        layout.rowParts()};
}

} // namespace hamgam::engine
