#pragma once

#include <ATen/ATen.h>
#include <torch/csrc/autograd/custom_function.h>

namespace hamgam::engine {

class Model;
class ParameterStore;

/// What a recomputed unit needs again in the backward.
struct RecomputeContext
{
    Model *model = nullptr;
    ParameterStore *store = nullptr;
    at::DeviceType device = at::kCPU;
    at::ScalarType autocast = at::kFloat; ///< the forwards' autocast type (ModelRunner)
};

/// One unit under activation recomputation (memory.recompute). Forward runs
/// the unit without recording anything and keeps only its input; backward
/// runs it again with autograd on (the same parameters: ParameterStore has
/// them gathered for the backward by then, so no collective is added), then
/// back-propagates through that, which hands the parameters' gradients to the
/// store exactly as without recomputation. Units are deterministic (no
/// dropout), so the result is the same to the bit.
class RecomputedUnitFunction : public torch::autograd::Function<RecomputedUnitFunction>
{
public:
    /// `anchor`: the unit's anchor (ModelRunner), which makes the output need a
    /// gradient even when the input (data) does not.
    static at::Tensor forward(torch::autograd::AutogradContext *ctx, const at::Tensor &input,
                              const at::Tensor &anchor, RecomputeContext *context, std::int64_t unit);
    static torch::autograd::variable_list backward(torch::autograd::AutogradContext *ctx,
                                                   torch::autograd::variable_list grads);
};

} // namespace hamgam::engine
