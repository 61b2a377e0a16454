#pragma once

#include "result.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hamgam::engine {

/// What --device asks of a worker: the agent says cuda or cpu, a worker
/// started by hand decides from what it finds (auto).
enum class DeviceMode
{
    Auto,
    Cpu,
    Cuda
};

/// What the worker's process sees of the machine (GpuRuntime fills it).
struct DeviceFacts
{
    bool cudaBuilt = false; ///< this worker links a CUDA LibTorch
    int visibleGpus = 0;    ///< the GPUs CUDA shows this process
    /// CUDA_VISIBLE_DEVICES as the process got it; nullopt when unset. The
    /// agent narrows it to the one GPU of each worker (in PCI order), which
    /// the worker then knows as cuda:0: the node's index must not be applied twice.
    std::optional<std::string> visibleDevices;
};

/// The device one rank trains on, and why (said once in the log).
struct DeviceChoice
{
    bool cuda = false;
    int index = -1;    ///< CUDA's index within this process; -1 on the CPU
    int physical = -1; ///< the GPU as the node's devices list (and NVML) number it
    std::string note;
};

/// Maps a node's devices list and this rank's local index to what the worker
/// opens. A GPU that is not there, one listed twice, or a GPU asked of a
/// build without CUDA is a Config error naming it; a CUDA build with no
/// usable GPU trains on the CPU only when nothing asked for a GPU, and says so.
Result<DeviceChoice> chooseDevice(DeviceMode mode, const std::vector<int> &nodeDevices, int localRank,
                                  int nodeIndex, const DeviceFacts &facts);

/// One rank's device as the membership record publishes it.
struct RankDevice
{
    std::string host;
    std::string gpu; ///< the GPU's UUID; empty on the CPU
};

/// The first two ranks that would share one GPU (NCCL refuses that, and
/// without this check it hangs): a message naming both, or nothing.
std::optional<std::string> sharedGpu(const std::vector<RankDevice> &ranks);

/// A GPU's memory as the driver and the caching allocator see it.
struct GpuMemory
{
    std::int64_t total = 0;     ///< the card's memory
    std::int64_t free = 0;      ///< free in the driver: other users' processes and NCCL's buffers are not
    std::int64_t reserved = 0;  ///< held by this process's caching allocator
    std::int64_t allocated = 0; ///< in tensors now
    std::int64_t peak = 0;      ///< in tensors at the peak since the last reset
};

/// The bytes this process's tensors may reach: what the driver has free plus
/// what our allocator holds, less a margin for fragmentation and the CUDA
/// context's growth, and never more than `budgetCap` when that is positive.
std::int64_t usableGpuBytes(const GpuMemory &m, std::int64_t budgetCap);

/// NCCL's timeout for a run whose collectives time out at `engine` and whose
/// watchdog fires `grace` later: NCCL's watchdog aborts the process when it
/// fires, so it must never beat the engine's own (which says which operation
/// hung, in an error event).
std::chrono::milliseconds ncclTimeout(std::chrono::milliseconds engine, std::chrono::milliseconds grace);

/// Parses --device's value.
std::optional<DeviceMode> deviceModeFromString(const std::string &text);

} // namespace hamgam::engine
