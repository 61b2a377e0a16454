#include "unitparamsfunction.h"

#include "parameterstore.h"

namespace hamgam::engine {

torch::autograd::variable_list UnitParamsFunction::forward(torch::autograd::AutogradContext *ctx,
                                                           const at::Tensor &anchor, ParameterStore *store,
                                                           std::int64_t unit)
{
    (void)anchor;
    ctx->saved_data["store"] = reinterpret_cast<std::int64_t>(store);
    ctx->saved_data["unit"] = unit;
    ctx->set_materialize_grads(false); // unused parameters: undefined, the store writes zeros
    return store->acquire(static_cast<int>(unit));
}

torch::autograd::variable_list UnitParamsFunction::backward(torch::autograd::AutogradContext *ctx,
                                                            torch::autograd::variable_list grads)
{
    auto *store = reinterpret_cast<ParameterStore *>(ctx->saved_data["store"].toInt());
    store->gradientsReady(static_cast<int>(ctx->saved_data["unit"].toInt()), grads);
    return {at::Tensor(), at::Tensor(), at::Tensor()};
}

} // namespace hamgam::engine
