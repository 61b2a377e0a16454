#include "modelrunner.h"

#include "autocastscope.h"
#include "unitparamsfunction.h"

namespace hamgam::engine {

ModelRunner::ModelRunner(Model &model, ParameterStore &store, at::DeviceType device, at::ScalarType autocast,
                         bool recompute)
    : m_model(model)
    , m_store(store)
    , m_device(device)
    , m_autocast(autocast)
    , m_recompute(recompute)
    , m_context{&model, &store, device, autocast}
{
    for (int i = 0; i < m_model.unitCount(); ++i)
        m_anchors.push_back(at::zeros({}, at::TensorOptions().dtype(at::kFloat)).set_requires_grad(true));
}

at::Tensor ModelRunner::forward(const at::Tensor &input)
{
    const AutocastScope autocast(m_device, m_autocast);
    at::Tensor x = input;
    for (int i = 0; i < m_model.unitCount(); ++i) {
        const at::Tensor &anchor = m_anchors[static_cast<size_t>(i)];
        if (m_recompute) {
            x = RecomputedUnitFunction::apply(x, anchor, &m_context, static_cast<std::int64_t>(i));
        } else {
            const auto params = UnitParamsFunction::apply(anchor, &m_store, static_cast<std::int64_t>(i));
            m_store.prefetch(i + 1);
            x = m_model.unit(i).forward(x, params);
        }
        if (m_store.freesAfterUse()) {
            m_store.release(i);
            // Runs when x's gradient is complete, before any of this unit's backward.
            ParameterStore *store = &m_store;
            x.register_hook([store, i](const at::Tensor &) { store->acquireForBackward(i); });
        }
    }
    return x.to(at::kFloat); // the loss in fp32; a no-op in fp32 runs
}

at::Tensor ModelRunner::evaluate(const at::Tensor &input)
{
    at::NoGradGuard noGrad;
    const AutocastScope autocast(m_device, m_autocast);
    at::Tensor x = input;
    for (int i = 0; i < m_model.unitCount(); ++i) {
        const auto params = m_store.acquire(i);
        m_store.prefetch(i + 1);
        x = m_model.unit(i).forward(x, params);
        m_store.release(i);
    }
    return x.to(at::kFloat);
}

void ModelRunner::skeletonStep()
{
    for (int i = 0; i < m_model.unitCount(); ++i) {
        m_store.acquire(i);
        m_store.prefetch(i + 1);
        m_store.release(i);
    }
    for (int i = m_model.unitCount() - 1; i >= 0; --i) {
        if (m_store.freesAfterUse())
            m_store.acquireForBackward(i);
        m_store.gradientsReady(i, {});
    }
}

void ModelRunner::skeletonEvaluate()
{
    for (int i = 0; i < m_model.unitCount(); ++i) {
        m_store.acquire(i);
        m_store.prefetch(i + 1);
        m_store.release(i);
    }
}

} // namespace hamgam::engine
