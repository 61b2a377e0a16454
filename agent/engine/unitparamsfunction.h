#pragma once

#include <torch/csrc/autograd/custom_function.h>

namespace hamgam::engine {

class ParameterStore;

/// The autograd node between a unit and its parameters. Forward hands out the
/// unit's parameter tensors from the ParameterStore (gathered if sharded);
/// backward receives their gradients and gives them to the store, which
/// copies them into the unit's flat gradient and starts its reduction. It
/// returns no gradient for its input (a per-unit anchor), so nothing
/// accumulates in .grad and the engine alone decides where gradients live.
class UnitParamsFunction : public torch::autograd::Function<UnitParamsFunction>
{
public:
    static torch::autograd::variable_list forward(torch::autograd::AutogradContext *ctx,
                                                  const at::Tensor &anchor, ParameterStore *store,
                                                  std::int64_t unit);
    static torch::autograd::variable_list backward(torch::autograd::AutogradContext *ctx,
                                                   torch::autograd::variable_list grads);
};

} // namespace hamgam::engine
