#pragma once

#include "devicechoice.h"

#include <ATen/ATen.h>
#include <cstdint>
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

/// Waits until every kernel queued on `device` has run, so a stopwatch around
/// a step measures GPU time, not launch time. Nothing on the CPU.
void synchronize(const at::Device &device);

/// The device's memory as the driver and the caching allocator see it.
GpuMemory memory(const at::Device &device);
void resetPeak(const at::Device &device);

} // namespace gpu
} // namespace hamgam::engine
