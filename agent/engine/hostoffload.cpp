#include "hostoffload.h"

namespace hamgam::engine {

HostOffload::HostOffload(const at::Device &device, int units)
    : m_stream(device)
    , m_gradientEvents(static_cast<size_t>(units))
    , m_parameterEvents(static_cast<size_t>(units))
    , m_parametersOnTheirWay(static_cast<size_t>(units), false)
{}

void HostOffload::copyToHost(const at::Tensor &host, const at::Tensor &device)
{
    m_stream.copy(host, device);
}

void HostOffload::gradientSent(int unit)
{
    m_stream.record(m_gradientEvents[static_cast<size_t>(unit)]);
}

bool HostOffload::gradientLanded(int unit) const
{
    return m_gradientEvents[static_cast<size_t>(unit)].done();
}

void HostOffload::waitForGradient(int unit) const
{
    m_gradientEvents[static_cast<size_t>(unit)].synchronize();
}

void HostOffload::parametersToDevice(int unit, const at::Tensor &device, const at::Tensor &host)
{
    m_stream.copy(device, host);
    if (!m_stream.asynchronous())
        return;
    m_stream.record(m_parameterEvents[static_cast<size_t>(unit)]);
    m_parametersOnTheirWay[static_cast<size_t>(unit)] = true;
}

void HostOffload::parametersNeeded(int unit)
{
    if (!m_parametersOnTheirWay[static_cast<size_t>(unit)])
        return;
    m_stream.computeWaits(m_parameterEvents[static_cast<size_t>(unit)]);
    m_parametersOnTheirWay[static_cast<size_t>(unit)] = false;
}

void HostOffload::drain()
{
    if (!m_stream.asynchronous())
        return;
    m_stream.record(m_drain);
    m_drain.synchronize();
}

} // namespace hamgam::engine
