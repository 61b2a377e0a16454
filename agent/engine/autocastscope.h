#pragma once

#include "torchcompat.h"

#include <ATen/ATen.h>

namespace hamgam::engine {

/// `precision: bf16` or `fp16` for the forwards of its lifetime: autocast runs
/// matmuls and convolutions in the lower type (`lowType`) and keeps what needs
/// range (reductions, losses) in fp32. Parameters stay fp32, so their gradients
/// arrive in fp32 and the optimizer updates fp32 master weights. With
/// `lowType` kFloat (fp32) it changes nothing.
class AutocastScope
{
public:
    AutocastScope(at::DeviceType device, at::ScalarType lowType)
        : m_device(device)
        , m_on(lowType != at::kFloat)
    {
        if (!m_on)
            return;
        m_wasEnabled = torchcompat::autocastEnabled(m_device);
        m_wasType = torchcompat::autocastType(m_device);
        torchcompat::setAutocast(m_device, true, lowType);
        at::autocast::increment_nesting();
    }
    ~AutocastScope()
    {
        if (!m_on)
            return;
        // The casts autocast cached for this forward are not wanted in the next one.
        if (at::autocast::decrement_nesting() == 0)
            at::autocast::clear_cache();
        torchcompat::setAutocast(m_device, m_wasEnabled, m_wasType);
    }
    AutocastScope(const AutocastScope &) = delete;
    AutocastScope &operator=(const AutocastScope &) = delete;

private:
    at::DeviceType m_device;
    bool m_on;
    bool m_wasEnabled = false;
    at::ScalarType m_wasType = at::kBFloat16;
};

} // namespace hamgam::engine
