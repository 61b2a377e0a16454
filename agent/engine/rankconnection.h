#pragma once

#include "result.h"
#include "workerconfig.h"
#include "workeroptions.h"

#include <ATen/ATen.h>
#include <memory>

namespace hamgam::engine {

class Communicator;
class Logger;
class Watchdog;

/// How a rank joins its run (docs/engine.md, "Running it"): LibTorch's
/// threads, the rank's node (--node-index, else the config's nodes list, else
/// rank / local world size), its device (the GPU its node lists for its local
/// rank, made current, or the CPU) and the rendezvous with the other ranks.
struct RankConnection
{
    at::Device device = at::kCPU;
    std::unique_ptr<Communicator> communicator;

    static Result<RankConnection> open(const WorkerConfig &config, const WorkerOptions &options, Logger &log,
                                       Watchdog *watchdog);
};

} // namespace hamgam::engine
