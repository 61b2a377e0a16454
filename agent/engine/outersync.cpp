#include "outersync.h"

namespace hamgam::engine {

OuterSync::OuterSync(ParameterStore &store, int firstSlot, Settings settings,
                     std::shared_ptr<GradientHook> wire)
    : m_store(store)
    , m_firstSlot(firstSlot)
    , m_settings(settings)
    , m_wire(std::move(wire))
{}

void OuterSync::anchorHere()
{
    m_store.state()[static_cast<size_t>(m_firstSlot)].copy_(m_store.master());
    m_nodeSamples = 0;
    m_samples = 0;
    m_innerSteps = 0;
}

void OuterSync::count(std::int64_t nodeSamples, std::int64_t stepSamples)
{
    m_nodeSamples += nodeSamples;
    m_samples += stepSamples;
    ++m_innerSteps;
}

Status OuterSync::sync()
{
    at::Tensor &master = m_store.master();
    at::Tensor &anchor = m_store.state()[static_cast<size_t>(m_firstSlot)];
    at::Tensor &momentum = m_store.state()[static_cast<size_t>(m_firstSlot) + 1];
    // Δ weighed by this node's share of the round's samples: summed over the
    // nodes it is the round's average change per sample. With one inner SGD
    // step and an outer SGD step of 1 it is exactly data parallel's update.
    const double weight =
        m_samples > 0 ? static_cast<double>(m_nodeSamples) / static_cast<double>(m_samples) : 0.0;
    // It crosses the link where the gradients do (the device, for NCCL).
    at::Tensor delta = (anchor - master).mul_(weight).to(m_store.gradients().device());
    if (Status s = m_store.sumOverReplicas(delta, *m_wire); !s)
        return s;
    delta = delta.to(master.device());
    if (m_settings.momentum != 0.0) {
        momentum.mul_(m_settings.momentum).add_(delta);
        if (m_settings.nesterov)
            delta.add_(momentum, m_settings.momentum);
        else
            delta = momentum;
    }
    anchor.sub_(delta, m_settings.lr);
    master.copy_(anchor);
    m_store.masterChanged();
    m_nodeSamples = 0;
    m_samples = 0;
    m_innerSteps = 0;
    return {};
}

} // namespace hamgam::engine
