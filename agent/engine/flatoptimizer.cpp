#include "flatoptimizer.h"

#include "memoryestimate.h"

#include <algorithm>
#include <cmath>

namespace hamgam::engine {

int FlatOptimizer::stateSlots() const
{
    return MemoryEstimate::optimizerStateSlots(m_settings.kind == Kind::AdamW, m_settings.momentum);
}

std::int64_t FlatOptimizer::temporaryBytes(std::int64_t numel) const
{
    const std::int64_t chunk =
        m_settings.chunkElements > 0 ? std::min(m_settings.chunkElements, numel) : numel;
    return 2 * chunk * static_cast<std::int64_t>(sizeof(float));
}

void FlatOptimizer::step(at::Tensor &param, const at::Tensor &grad, std::vector<at::Tensor> &state, double lr,
                         std::int64_t stepNumber) const
{
    // Chunk by chunk: every operation is elementwise, so the result is the
    // same as one pass, but the temporaries (weight-decayed gradient, AdamW's
    // denominator) are one chunk, not a second copy of the whole shard.
    const std::int64_t numel = param.numel();
    const std::int64_t chunk = m_settings.chunkElements > 0 ? m_settings.chunkElements : numel;
    std::vector<at::Tensor> stateChunk(state.size());
    for (std::int64_t begin = 0; begin < numel; begin += chunk) {
        const std::int64_t length = std::min(chunk, numel - begin);
        at::Tensor p = param.narrow(0, begin, length);
        for (size_t k = 0; k < state.size(); ++k)
            stateChunk[k] = state[k].narrow(0, begin, length);
        stepChunk(p, grad.narrow(0, begin, length), stateChunk, lr, stepNumber);
    }
}

void FlatOptimizer::stepChunk(at::Tensor &param, const at::Tensor &grad, std::vector<at::Tensor> &state,
                              double lr, std::int64_t stepNumber) const
{
    const auto &s = m_settings;
    if (s.kind == Kind::Sgd) {
        at::Tensor d = grad;
        if (s.weightDecay != 0)
            d = d.add(param, s.weightDecay);
        if (s.momentum != 0) {
            at::Tensor &buf = state[0];
            if (stepNumber <= 1)
                buf.copy_(d); // torch starts the buffer at the first gradient, undamped
            else
                buf.mul_(s.momentum).add_(d, 1 - s.dampening);
            d = s.nesterov ? d.add(buf, s.momentum) : buf;
        }
        param.add_(d, -lr);
        return;
    }
    // AdamW
    if (s.weightDecay != 0)
        param.mul_(1 - lr * s.weightDecay);
    at::Tensor &expAvg = state[0];
    at::Tensor &expAvgSq = state[1];
    const double biasCorrection1 = 1 - std::pow(s.beta1, static_cast<double>(stepNumber));
    const double biasCorrection2 = 1 - std::pow(s.beta2, static_cast<double>(stepNumber));
    expAvg.mul_(s.beta1).add_(grad, 1 - s.beta1);
    expAvgSq.mul_(s.beta2).addcmul_(grad, grad, 1 - s.beta2);
    const at::Tensor denom = (expAvgSq.sqrt() / std::sqrt(biasCorrection2)).add_(s.eps);
    const double stepSize = lr / biasCorrection1;
    param.addcdiv_(expAvg, denom, -stepSize);
}

} // namespace hamgam::engine
