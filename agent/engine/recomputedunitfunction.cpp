#include "recomputedunitfunction.h"

#include "autocastscope.h"
#include "model.h"
#include "parameterstore.h"
#include "unitparamsfunction.h"

#include <torch/csrc/autograd/autograd.h>

namespace hamgam::engine {

at::Tensor RecomputedUnitFunction::forward(torch::autograd::AutogradContext *ctx, const at::Tensor &input,
                                           const at::Tensor &anchor, RecomputeContext *context,
                                           std::int64_t unit)
{
    ctx->saved_data["context"] = reinterpret_cast<std::int64_t>(context);
    ctx->saved_data["unit"] = unit;
    ctx->save_for_backward({input, anchor});
    const int i = static_cast<int>(unit);
    const auto params = context->store->acquire(i);
    context->store->prefetch(i + 1);
    // Autograd is off in here: none of the unit's inner activations is kept.
    return context->model->unit(i).forward(input, params);
}

torch::autograd::variable_list RecomputedUnitFunction::backward(torch::autograd::AutogradContext *ctx,
                                                                torch::autograd::variable_list grads)
{
    auto *context = reinterpret_cast<RecomputeContext *>(ctx->saved_data["context"].toInt());
    const auto unit = ctx->saved_data["unit"].toInt();
    const auto saved = ctx->get_saved_variables();
    // The input as a leaf of its own; token ids (integers) take no gradient.
    at::Tensor input = saved[0].detach();
    const bool inputGrad = input.is_floating_point() && ctx->needs_input_grad(0);
    if (inputGrad)
        input.requires_grad_(true);
    at::Tensor output;
    {
        at::AutoGradMode enabled(true);
        // The backward may run on autograd's own thread: the forward's autocast again.
        const AutocastScope autocast(context->device, context->autocast);
        const auto params = UnitParamsFunction::apply(saved[1], context->store, unit);
        output = context->model->unit(static_cast<int>(unit)).forward(input, params);
    }
    if (!grads[0].defined())
        return {at::Tensor(), at::Tensor(), at::Tensor(), at::Tensor()};
    // Through the unit again: its parameters' gradients reach the store (UnitParamsFunction).
    torch::autograd::backward({output}, {grads[0].to(output.scalar_type())});
    return {inputGrad ? input.grad() : at::Tensor(), at::Tensor(), at::Tensor(), at::Tensor()};
}

} // namespace hamgam::engine
