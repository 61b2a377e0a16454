#include "devicechoice.h"

#include "memoryestimate.h"

#include <algorithm>

namespace hamgam::engine {

namespace {
std::string gpuName(int physical, const DeviceFacts &facts)
{
    std::string name = "GPU " + std::to_string(physical);
    if (facts.visibleDevices)
        name += " (CUDA_VISIBLE_DEVICES=" + *facts.visibleDevices + ")";
    return name;
}

int visibleListLength(const std::string &list)
{
    if (list.empty())
        return 0;
    return static_cast<int>(std::count(list.begin(), list.end(), ',')) + 1;
}
} // namespace

Result<DeviceChoice> chooseDevice(DeviceMode mode, const std::vector<int> &nodeDevices, int localRank,
                                  int nodeIndex, const DeviceFacts &facts)
{
    using R = Result<DeviceChoice>;
    const int local = std::max(0, localRank);
    const int physical =
        local < static_cast<int>(nodeDevices.size()) ? nodeDevices[static_cast<size_t>(local)] : local;
    const std::string node = "node " + std::to_string(nodeIndex);

    if (mode == DeviceMode::Cpu)
        return DeviceChoice{false, -1, -1, "training on the CPU, as the agent asked"};
    const bool gpusThere = facts.cudaBuilt && facts.visibleGpus > 0;
    if (mode == DeviceMode::Auto && !gpusThere) {
        DeviceChoice cpu{false, -1, -1, "training on the CPU"};
        if (facts.cudaBuilt)
            cpu.note = "this CUDA build sees no usable GPU: training on the CPU";
        return cpu;
    }
    if (!facts.cudaBuilt)
        return R::failure(ErrorKind::Config, node + " is to train on " + gpuName(physical, facts) +
                                                 ", but this hamgam-worker was built without CUDA "
                                                 "(README: \"GPUs\")");
    if (std::count(nodeDevices.begin(), nodeDevices.end(), physical) > 1)
        return R::failure(ErrorKind::Config, node + " lists GPU " + std::to_string(physical) +
                                                 " twice: NCCL cannot put two ranks on one GPU");
    if (facts.visibleGpus <= 0)
        return R::failure(ErrorKind::Config, node + " is to train on " + gpuName(physical, facts) +
                                                 ", which is not there: CUDA shows no GPU");
    // The agent narrowed CUDA's view to this rank's GPU: it is cuda:0 here.
    if (facts.visibleDevices && visibleListLength(*facts.visibleDevices) == 1)
        return DeviceChoice{true, 0, physical,
                            "training on " + gpuName(physical, facts) + ", cuda:0 in this process"};
    if (physical < 0 || physical >= facts.visibleGpus)
        return R::failure(ErrorKind::Config, node + " is to train on " + gpuName(physical, facts) +
                                                 ", which is not there: CUDA shows " +
                                                 std::to_string(facts.visibleGpus) +
                                                 " GPU(s) to this worker");
    return DeviceChoice{true, physical, physical, "training on " + gpuName(physical, facts)};
}

std::optional<std::string> sharedGpu(const std::vector<RankDevice> &ranks)
{
    for (size_t a = 0; a < ranks.size(); ++a) {
        if (ranks[a].gpu.empty())
            continue;
        for (size_t b = a + 1; b < ranks.size(); ++b) {
            if (ranks[b].gpu == ranks[a].gpu && ranks[b].host == ranks[a].host)
                return "ranks " + std::to_string(a) + " and " + std::to_string(b) + " would share GPU " +
                       ranks[a].gpu + " on " + ranks[a].host + ": NCCL cannot put two ranks on one GPU";
        }
    }
    return std::nullopt;
}

std::int64_t usableGpuBytes(const GpuMemory &m, std::int64_t budgetCap)
{
    // The margin is the shared estimate's, so pre-flight leaves the same.
    return MemoryEstimate::usableDeviceBytes(m.total, m.free + m.reserved, budgetCap);
}

std::chrono::milliseconds ncclTimeout(std::chrono::milliseconds engine, std::chrono::milliseconds grace)
{
    // 30 s past the watchdog: it polls every 200 ms, and its event must be written before NCCL aborts.
    return std::max(2 * engine, engine + grace + std::chrono::milliseconds(30000));
}

std::optional<DeviceMode> deviceModeFromString(const std::string &text)
{
    if (text == "auto")
        return DeviceMode::Auto;
    if (text == "cpu")
        return DeviceMode::Cpu;
    if (text == "cuda")
        return DeviceMode::Cuda;
    return std::nullopt;
}

} // namespace hamgam::engine
