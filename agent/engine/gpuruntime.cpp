#include "gpuruntime.h"

#include "torchcompat.h"

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <utility>

#ifdef HAMGAM_WITH_CUDA
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAFunctions.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>
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

void synchronizeCompute(const at::Device &device)
{
#ifdef HAMGAM_WITH_CUDA
    if (device.is_cuda())
        c10::cuda::getCurrentCUDAStream(device.index()).synchronize();
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

Event::~Event()
{
#ifdef HAMGAM_WITH_CUDA
    if (m_event)
        cudaEventDestroy(static_cast<cudaEvent_t>(m_event));
#endif
}

Event::Event(Event &&other) noexcept
    : m_event(std::exchange(other.m_event, nullptr))
{}

Event &Event::operator=(Event &&other) noexcept
{
    std::swap(m_event, other.m_event);
    return *this;
}

bool Event::done() const
{
#ifdef HAMGAM_WITH_CUDA
    if (!m_event)
        return true;
    const cudaError_t e = cudaEventQuery(static_cast<cudaEvent_t>(m_event));
    if (e == cudaErrorNotReady) {
        (void)cudaGetLastError(); // not an error: clear it, as LibTorch's CUDAEvent does
        return false;
    }
    C10_CUDA_CHECK(e);
#endif
    return true;
}

void Event::synchronize() const
{
#ifdef HAMGAM_WITH_CUDA
    if (m_event)
        C10_CUDA_CHECK(cudaEventSynchronize(static_cast<cudaEvent_t>(m_event)));
#endif
}

#ifdef HAMGAM_WITH_CUDA
struct CopyStream::Impl
{
    explicit Impl(c10::DeviceIndex index)
        : side(c10::cuda::getStreamFromPool(/*isHighPriority=*/false, index))
    {
        C10_CUDA_CHECK(cudaEventCreateWithFlags(&computeMark, cudaEventDisableTiming));
    }
    ~Impl() { cudaEventDestroy(computeMark); }
    Impl(const Impl &) = delete;
    Impl &operator=(const Impl &) = delete;

    c10::cuda::CUDAStream side;        ///< LibTorch's pool streams do not wait for the legacy default stream
    cudaEvent_t computeMark = nullptr; ///< where the compute stream was at the last copy
};
#else
struct CopyStream::Impl
{
};
#endif

CopyStream::CopyStream(const at::Device &device)
    : m_device(device)
{
#ifdef HAMGAM_WITH_CUDA
    if (device.is_cuda()) {
        c10::cuda::CUDAGuard guard(device.index());
        m_impl = std::make_unique<Impl>(device.index());
    }
#endif
}

CopyStream::~CopyStream() = default;

void CopyStream::copy(const at::Tensor &dst, const at::Tensor &src)
{
    if (!m_impl) {
        dst.copy_(src);
        return;
    }
    if (!dst.is_contiguous() || !src.is_contiguous() || dst.nbytes() != src.nbytes() ||
        dst.scalar_type() != src.scalar_type())
        throw std::logic_error("CopyStream::copy: tensors must be contiguous, of one type and size");
#ifdef HAMGAM_WITH_CUDA
    c10::cuda::CUDAGuard guard(m_device.index());
    const cudaStream_t side = m_impl->side.stream();
    C10_CUDA_CHECK(
        cudaEventRecord(m_impl->computeMark, c10::cuda::getCurrentCUDAStream(m_device.index()).stream()));
    C10_CUDA_CHECK(cudaStreamWaitEvent(side, m_impl->computeMark, 0));
    const cudaMemcpyKind kind = dst.is_cuda()
                                    ? (src.is_cuda() ? cudaMemcpyDeviceToDevice : cudaMemcpyHostToDevice)
                                    : (src.is_cuda() ? cudaMemcpyDeviceToHost : cudaMemcpyHostToHost);
    C10_CUDA_CHECK(cudaMemcpyAsync(dst.data_ptr(), src.data_ptr(), dst.nbytes(), kind, side));
    for (const at::Tensor *t : {&dst, &src})
        if (t->is_cuda())
            c10::cuda::CUDACachingAllocator::recordStream(t->storage().data_ptr(), m_impl->side);
#endif
}

void CopyStream::record(Event &event)
{
#ifdef HAMGAM_WITH_CUDA
    if (!m_impl)
        return;
    c10::cuda::CUDAGuard guard(m_device.index());
    if (!event.m_event) {
        cudaEvent_t e = nullptr;
        C10_CUDA_CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
        event.m_event = e;
    }
    C10_CUDA_CHECK(cudaEventRecord(static_cast<cudaEvent_t>(event.m_event), m_impl->side.stream()));
#else
    (void)event;
#endif
}

void CopyStream::computeWaits(const Event &event)
{
#ifdef HAMGAM_WITH_CUDA
    if (!m_impl || !event.m_event)
        return;
    c10::cuda::CUDAGuard guard(m_device.index());
    C10_CUDA_CHECK(cudaStreamWaitEvent(c10::cuda::getCurrentCUDAStream(m_device.index()).stream(),
                                       static_cast<cudaEvent_t>(event.m_event), 0));
#else
    (void)event;
#endif
}

} // namespace hamgam::engine::gpu
