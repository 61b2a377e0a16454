#include "gpuruntime.h"

#include "torchcompat.h"

#include <cstdio>
#include <cstdlib>

#ifdef HAMGAM_WITH_CUDA
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAFunctions.h>
#include <cuda_runtime_api.h>
#endif

namespace hamgam::engine::gpu {

DeviceFacts facts()
{
    DeviceFacts f;
    if (const char *visible = std::getenv("CUDA_VISIBLE_DEVICES"))
        f.visibleDevices = std::string(visible);
#ifdef HAMGAM_WITH_CUDA
    f.cudaBuilt = true;
    // 0 without a driver or a usable GPU (LibTorch warns once, never throws).
    f.visibleGpus = static_cast<int>(c10::cuda::device_count());
#endif
    return f;
}

void use(const at::Device &device)
{
#ifdef HAMGAM_WITH_CUDA
    if (device.is_cuda())
        c10::cuda::set_device(device.index());
#else
    (void)device;
#endif
}

std::string identity(const at::Device &device)
{
#ifdef HAMGAM_WITH_CUDA
    if (device.is_cuda()) {
        const cudaDeviceProp *p = at::cuda::getDeviceProperties(device.index());
        const auto *b = reinterpret_cast<const unsigned char *>(p->uuid.bytes);
        char text[64];
        std::snprintf(text, sizeof text,
                      "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0], b[1],
                      b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14],
                      b[15]);
        return text;
    }
#else
    (void)device;
#endif
    return {};
}

void synchronize(const at::Device &device)
{
#ifdef HAMGAM_WITH_CUDA
    if (device.is_cuda())
        c10::cuda::device_synchronize();
#else
    (void)device;
#endif
}

GpuMemory memory(const at::Device &device)
{
    GpuMemory m;
#ifdef HAMGAM_WITH_CUDA
    if (device.is_cuda()) {
        size_t free = 0, total = 0;
        if (cudaMemGetInfo(&free, &total) == cudaSuccess) {
            m.free = static_cast<std::int64_t>(free);
            m.total = static_cast<std::int64_t>(total);
        }
        const auto a = torchcompat::allocatorBytes(device.index());
        m.reserved = a.reserved;
        m.allocated = a.allocatedNow;
        m.peak = a.allocatedPeak;
    }
#else
    (void)device;
#endif
    return m;
}

void resetPeak(const at::Device &device)
{
#ifdef HAMGAM_WITH_CUDA
    if (device.is_cuda())
        torchcompat::resetAllocatorPeak(device.index());
#else
    (void)device;
#endif
}

} // namespace hamgam::engine::gpu
