#pragma once

#include "gpuruntime.h"

#include <ATen/ATen.h>
#include <vector>

namespace hamgam::engine {

/// LSDP's host offload (docs/engine.md, "GPUs"): the master weights and the
/// optimizer live in host memory, so each unit's gradient goes there and its
/// updated parameters come back. On a GPU every such copy runs on a stream of
/// its own (gpu::CopyStream) between persistent pinned buffers and the
/// device, and each unit's copy in either direction has an event of its own:
/// the optimizer waits on the host for the event of the gradient it steps
/// (cudaEventSynchronize), the compute stream for the event of the parameters
/// it is about to use (cudaStreamWaitEvent), and nothing waits for the whole
/// device or stream. Without a GPU the copies are done when they are queued
/// and every wait returns at once.
class HostOffload
{
public:
    HostOffload(const at::Device &device, int units);

    /// True where the copies run beside the compute (a GPU).
    bool asynchronous() const { return m_stream.asynchronous(); }

    /// Queues host ← device (a part of `unit`'s gradient) after the compute
    /// stream's work so far; gradientSent() closes the unit's copies.
    void copyToHost(const at::Tensor &host, const at::Tensor &device);
    void gradientSent(int unit);
    /// Whether `unit`'s gradient has landed in host memory, without waiting.
    bool gradientLanded(int unit) const;
    /// Blocks this thread until it has (that copy's event only).
    void waitForGradient(int unit) const;

    /// Queues device ← host (`unit`'s parameters) after the compute stream's
    /// work so far; the compute stream waits for it at parametersNeeded().
    void parametersToDevice(int unit, const at::Tensor &device, const at::Tensor &host);
    /// Before the compute stream uses `unit`'s parameters on the device: it
    /// waits for their last copy there (once; later calls add nothing).
    void parametersNeeded(int unit);

    /// Blocks until every copy queued so far has run: before this thread
    /// writes host memory that a queued copy may still read.
    void drain();

private:
    gpu::CopyStream m_stream;
    std::vector<gpu::Event> m_gradientEvents;
    std::vector<gpu::Event> m_parameterEvents;
    std::vector<bool> m_parametersOnTheirWay;
    gpu::Event m_drain;
};

} // namespace hamgam::engine
