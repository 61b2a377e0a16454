#include "flatoptimizer.h"

#include <cmath>

namespace hamgam::engine {

int FlatOptimizer::stateSlots() const
{
    if (m_settings.kind == Kind::AdamW)
        return 2;
    return m_settings.momentum != 0.0 ? 1 : 0;
}

void FlatOptimizer::step(at::Tensor &param, const at::Tensor &grad, std::vector<at::Tensor> &state, double lr,
                         std::int64_t stepNumber) const
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
