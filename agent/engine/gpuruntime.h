#pragma once

#include "devicechoice.h"

#include <ATen/ATen.h>
#include <cstdint>
#include <memory>
#include <string>

namespace hamgam::engine {

/// Every CUDA call the engine makes outside LibTorch's own operators, in one
/// translation unit: the only engine file that tests HAMGAM_WITH_CUDA for the
/// runtime (torchcompat.h absorbs LibTorch's versions). A CPU build compiles
/// the same functions to their CPU answers, so callers have no #if.
namespace gpu {

/// What this process sees: whether it links CUDA, how many GPUs CUDA shows,
/// CUDA_VISIBLE_DEVICES as given.
DeviceFacts facts();

/// Makes `device` the current CUDA device of this thread (LibTorch allocates
/// there when a tensor names no index; NCCL binds a communicator to it).
void use(const at::Device &device);

/// A GPU's identity across processes ("GPU-<uuid>", as nvidia-smi -L prints it);
/// empty on the CPU.
std::string identity(const at::Device &device);

/// Waits until the compute stream (the device's current one) has run what it
/// was given, so a stopwatch around a step measures GPU time, not launch
/// time; copies on a CopyStream and NCCL's collectives on their own streams
/// go on, unless the compute stream was made to wait for them. Nothing on the CPU.
void synchronizeCompute(const at::Device &device);

/// The device's memory as the driver and the caching allocator see it.
GpuMemory memory(const at::Device &device);
void resetPeak(const at::Device &device);

/// A CUDA event: how far a stream had got when the event was last recorded.
/// Created by its first record (without timing) and recorded again every
/// step. Before that, on the CPU and in a CPU build, it is complete.
class Event
{
public:
    Event() = default;
    ~Event();
    Event(Event &&other) noexcept;
    Event &operator=(Event &&other) noexcept;
    Event(const Event &) = delete;
    Event &operator=(const Event &) = delete;

    /// Whether the work before the last record has run (cudaEventQuery); never blocks.
    bool done() const;
    /// Blocks this thread until it has (cudaEventSynchronize): that work
    /// only, not the device and not the whole stream.
    void synchronize() const;

private:
    friend class CopyStream;
    void *m_event = nullptr; ///< cudaEvent_t
};

/// Copies between pinned host memory and one GPU on a stream of their own,
/// beside the compute stream (the device's current stream), ordered by
/// events. Without a GPU (a CPU device, or a CPU build) each copy is done when
/// copy() returns and every event is complete, so callers have one code path.
class CopyStream
{
public:
    explicit CopyStream(const at::Device &device);
    ~CopyStream();
    CopyStream(const CopyStream &) = delete;
    CopyStream &operator=(const CopyStream &) = delete;

    /// True when copies run beside this thread and the compute stream (a GPU).
    bool asynchronous() const { return m_impl != nullptr; }
    /// Queues dst ← src after everything the compute stream has queued so far:
    /// one cudaMemcpyAsync (both contiguous, of one type and size; the host
    /// side pinned, or the copy is not asynchronous). The caching allocator
    /// learns that the device side is in use on this stream, so its memory is
    /// not handed out again before the copy has run.
    void copy(const at::Tensor &dst, const at::Tensor &src);
    /// Records `event` after the copies queued so far.
    void record(Event &event);
    /// What the compute stream is given from now on waits for `event`
    /// (cudaStreamWaitEvent); this thread does not wait.
    void computeWaits(const Event &event);

private:
    struct Impl;
    at::Device m_device;
    std::unique_ptr<Impl> m_impl; ///< null without a GPU
};

} // namespace gpu
} // namespace hamgam::engine
