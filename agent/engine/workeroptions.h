#pragma once

#include "devicechoice.h"
#include "result.h"

#include <string>

namespace hamgam::engine {

/// hamgam-worker's command line.
struct WorkerOptions
{
    std::string configPath; ///< "-": the first line of stdin
    int rank = -1;
    int worldSize = -1;
    int localRank = -1;      ///< -1: not given (then not checked)
    int localWorldSize = -1; ///< -1: not given (then not checked)
    std::string masterHost;
    int masterPort = 0;
    int nodeIndex = -1; ///< -1: from the config's nodes list, else rank / local world size
    std::string resumeDir;
    std::string dumpParamsPath;
    /// Where rank 0 writes the trained model (model.pt, model.json); the agent gives its run directory.
    std::string exportDir;
    /// precision fp16: the loss scale of the first step (a test of overflow handling); 0: 65536.
    double initialLossScale = 0;
    int threads = 0; ///< 0: from the config
    /// Network interface (e.g. "eth1") Gloo binds to; empty: the one that reaches the master.
    std::string glooInterface;
    /// The file holding the run's rendezvous secret (the agent writes it, mode 0600).
    std::string rendezvousKeyFile;
    /// The secret itself (32 bytes): read from rendezvousKeyFile by main, never given on the command line.
    std::string rendezvousSecret;
    /// --device: the agent says cuda (with CUDA_VISIBLE_DEVICES narrowed to
    /// the rank's GPU) or cpu; by hand, auto trains on a GPU when one is there.
    DeviceMode device = DeviceMode::Auto;
    /// Every group, even of one rank, gets a real backend (NCCL on a GPU): a
    /// check of the collectives on a machine with one GPU (scripts/gpu-check).
    bool collectivesAlone = false;
    /// The host offload in a GPU's order on the CPU too: each unit's gradient
    /// copied into a host buffer of its own once final, the optimizer and the
    /// copies back unit by unit (a check of that order: tst_workerequivalence).
    bool offloadByUnit = false;
    bool help = false;
    bool version = false;

    static Result<WorkerOptions> parse(int argc, char **argv);
    static const char *usage();
};

} // namespace hamgam::engine
