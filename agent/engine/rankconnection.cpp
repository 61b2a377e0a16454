#include "rankconnection.h"

#include "communicator.h"
#include "devicechoice.h"
#include "gpuruntime.h"
#include "logger.h"
#include "torchcompat.h"

#include <algorithm>
#include <ATen/Parallel.h>

namespace hamgam::engine {

Result<RankConnection> RankConnection::open(const WorkerConfig &config, const WorkerOptions &options,
                                            Logger &log, Watchdog *watchdog)
{
    const int rank = options.rank;
    const int threads = options.threads > 0 ? options.threads : config.threads;
    if (const std::string changed = torchcompat::avoidKnownLibraryFaults(); !changed.empty())
        log.info(changed);
    if (threads > 0)
        at::set_num_threads(threads);
    try {
        at::set_num_interop_threads(1);
    } catch (const std::exception &) {
        // already set: harmless
    }

    int node = options.nodeIndex;
    if (node < 0) {
        if (!config.nodes.empty()) {
            node = config.nodeOfRank(rank);
            if (node < 0)
                return Result<RankConnection>::failure(ErrorKind::Config,
                                                       "rank " + std::to_string(rank) + " is beyond the " +
                                                           std::to_string(config.rankCount()) +
                                                           " ranks the nodes list describes");
        } else {
            node = rank / std::max(1, options.localWorldSize);
        }
    }

    // The GPU the node lists for this local rank, mapped once (the agent has
    // already narrowed CUDA_VISIBLE_DEVICES to it); a GPU that is not there is
    // a config error naming it, and a CPU run never touches a GPU.
    RankConnection c;
    {
        std::vector<int> nodeDevices;
        if (!config.nodes.empty() && node >= 0 && node < static_cast<int>(config.nodes.size()))
            nodeDevices = config.nodes[static_cast<size_t>(node)].devices;
        auto choice = chooseDevice(options.device, nodeDevices, options.localRank, node, gpu::facts());
        if (!choice)
            return choice.error();
        log.info(choice->note);
        if (!choice->cuda && !torchcompat::kCpuAutocastHalf && config.fp16)
            return Result<RankConnection>::failure(
                ErrorKind::Config,
                "precision fp16 needs a GPU, or LibTorch 2.2 or later on the CPU: this worker's LibTorch " +
                    std::to_string(torchcompat::kMajor) + "." + std::to_string(torchcompat::kMinor) +
                    " runs only bf16 under CPU autocast (use bf16)");
        if (choice->cuda) {
            c.device = at::Device(at::kCUDA, static_cast<c10::DeviceIndex>(choice->index));
            // LibTorch and NCCL allocate on the current device: make it the rank's.
            gpu::use(c.device);
        }
    }

    Communicator::Settings cs;
    cs.rank = rank;
    cs.worldSize = options.worldSize;
    cs.masterHost = options.masterHost;
    cs.masterPort = options.masterPort;
    cs.nodeIndex = node;
    cs.dumpsParameters = !options.dumpParamsPath.empty();
    cs.exportsModel = !options.exportDir.empty();
    cs.useNccl = c.device.is_cuda();
    cs.cudaIndex = c.device.is_cuda() ? c.device.index() : 0;
    cs.gpuIdentity =
        options.gpuIdentityForTest.empty() ? gpu::identity(c.device) : options.gpuIdentityForTest;
    cs.groupsEvenAlone = options.collectivesAlone;
    cs.glooInterface = options.glooInterface;
    cs.rendezvousSecret = options.rendezvousSecret;
    cs.timeout = std::chrono::milliseconds(static_cast<std::int64_t>(config.comm.timeoutS * 1000));
    cs.watchdogGrace =
        std::chrono::milliseconds(static_cast<std::int64_t>(config.comm.watchdogGraceS * 1000));
    auto comm = Communicator::connect(cs, log, watchdog);
    if (!comm)
        return comm.error();
    c.communicator = std::move(*comm);
    return c;
}

} // namespace hamgam::engine
