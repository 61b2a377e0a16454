// The one seam between the engine and LibTorch's versions (issue #16): Debian
// 12's 1.13, Debian 13's 2.6 and later 2.x (a pip wheel's 2.11). Keyed on
// torch/version.h; no other engine file tests a LibTorch version.
#pragma once

#include <ATen/autocast_mode.h>
#include <ATen/Context.h>
#include <cstdint>
#include <torch/version.h>

#if TORCH_VERSION_MAJOR >= 2
#include <torch/csrc/distributed/c10d/Backend.hpp>
#else
#include <torch/csrc/distributed/c10d/ProcessGroup.hpp>
#endif

#ifdef HAMGAM_WITH_CUDA
#include <c10/cuda/CUDACachingAllocator.h>
#endif

/// c10d::Store::clone() (a second, thread-safe handle on the same store) is
/// pure virtual from 2.8 on (pytorch/pytorch#150966, merged after 2.7's
/// branch cut); before 2.8 there is none to override. A store declares its
/// clone() with this in place of `override`.
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 8)
#define HAMGAM_OVERRIDE_FROM_2_8 override
#else
#define HAMGAM_OVERRIDE_FROM_2_8
#endif

namespace hamgam::engine::torchcompat {

/// Major and minor of the LibTorch the engine was built against, e.g. 206 for 2.6.
constexpr int kVersion = TORCH_VERSION_MAJOR * 100 + TORCH_VERSION_MINOR;
constexpr int kMajor = TORCH_VERSION_MAJOR, kMinor = TORCH_VERSION_MINOR, kPatch = TORCH_VERSION_PATCH;

/// CPU autocast runs fp16 from 2.2 on (bf16 only before): precision fp16 on the CPU.
constexpr bool kCpuAutocastHalf = kVersion >= 202;

#if TORCH_VERSION_MAJOR >= 2
/// What ProcessGroupGloo and ProcessGroupNCCL are: from 2.0 on they derive
/// from c10d::Backend (a ProcessGroup only dispatches to backends).
using CollectiveBackend = c10d::Backend;
#else
using CollectiveBackend = c10d::ProcessGroup;
#endif

/// Steps around faults of the libraries a LibTorch version comes with; called
/// once, before the first tensor. Returns what it changed (for the log), or "".
inline const char *avoidKnownLibraryFaults()
{
#if TORCH_VERSION_MAJOR >= 2
    // Debian 13's LibTorch 2.6 with its oneDNN 3.6: CPU convolutions on two or
    // three threads now and then return NaN (a small conv-GroupNorm stack,
    // the same input, run after run; tst_workerequivalence's cnn case caught
    // it). LibTorch's own convolution is exact, at some cost in speed.
    at::globalContext().setUserEnabledMkldnn(false);
    return "oneDNN's CPU convolutions are off (NaN from LibTorch 2.x's oneDNN on 2-3 threads); LibTorch's "
           "own are used";
#else
    return "";
#endif
}

/// Autocast's thread-local switch and lower type for one device type: 2.4 made
/// them per device (set_autocast_enabled(device, on)); 1.13 has one pair per
/// device (set_cpu_enabled, set_enabled for CUDA), deprecated in 2.4.
inline bool autocastEnabled(at::DeviceType device)
{
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 4)
    return at::autocast::is_autocast_enabled(device);
#else
    return device == at::kCUDA ? at::autocast::is_enabled() : at::autocast::is_cpu_enabled();
#endif
}

inline at::ScalarType autocastType(at::DeviceType device)
{
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 4)
    return at::autocast::get_autocast_dtype(device);
#else
    return device == at::kCUDA ? at::autocast::get_autocast_gpu_dtype()
                               : at::autocast::get_autocast_cpu_dtype();
#endif
}

inline void setAutocast(at::DeviceType device, bool enabled, at::ScalarType type)
{
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 4)
    at::autocast::set_autocast_dtype(device, type);
    at::autocast::set_autocast_enabled(device, enabled);
#else
    if (device == at::kCUDA) {
        at::autocast::set_autocast_gpu_dtype(type);
        at::autocast::set_enabled(enabled);
    } else {
        at::autocast::set_autocast_cpu_dtype(type);
        at::autocast::set_cpu_enabled(enabled);
    }
#endif
}

/// Connects a backend's communicator for `device` now instead of at its
/// first collective, as torch.distributed's init_process_group(device_id=)
/// does: Backend::setBoundDeviceId(std::optional<at::Device>) and the virtual
/// Backend::eagerConnectSingleDevice(at::Device), both from 2.3 on (2.6 and
/// 2.14 alike; ProcessGroupNCCL creates its NCCL communicator there, Gloo's
/// is a no-op). 1.13 has neither: its first collective connects. Returns
/// whether it connected.
inline bool connectEagerly(CollectiveBackend &backend, const at::Device &device)
{
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 3)
    backend.setBoundDeviceId(device);
    backend.eagerConnectSingleDevice(device);
    return true;
#else
    (void)backend;
    (void)device;
    return false;
#endif
}

#ifdef HAMGAM_WITH_CUDA
/// The caching allocator's statistics of one device: bytes allocated now and
/// at their peak since the last reset, and bytes reserved from the driver.
struct AllocatorBytes
{
    std::int64_t allocatedNow = 0;
    std::int64_t allocatedPeak = 0;
    std::int64_t reserved = 0;
};

inline AllocatorBytes allocatorBytes(int device)
{
    namespace alloc = c10::cuda::CUDACachingAllocator;
    // StatType::AGGREGATE, the first entry in every version; the enum itself
    // moved (1.13: c10::cuda::CUDACachingAllocator; 2.6: c10::CachingDeviceAllocator).
    constexpr size_t aggregate = 0;
    const auto stats = alloc::getDeviceStats(static_cast<c10::DeviceIndex>(device));
    return {stats.allocated_bytes[aggregate].current, stats.allocated_bytes[aggregate].peak,
            stats.reserved_bytes[aggregate].current};
}

inline void resetAllocatorPeak(int device)
{
    c10::cuda::CUDACachingAllocator::resetPeakStats(static_cast<c10::DeviceIndex>(device));
}
#endif

} // namespace hamgam::engine::torchcompat
