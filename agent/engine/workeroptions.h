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
    /// --lab-user: the lab user the agent runs this for, recorded in each checkpoint's manifest.
    std::string labUser;
    /// --resume-user: only a checkpoint whose manifest names this lab user is resumed (the agent
    /// checked it may be); empty: the newest, whoever wrote it (a lab admin, or by hand).
    std::string resumeUser;
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
    /// --ordered-collectives: a shard group's reduce-scatter is waited for
    /// before the buckets it readies launch, as on NCCL, on Gloo too (a check
    /// of that branch without a GPU: tst_workerequivalence).
    bool orderedCollectives = false;
    /// --check-collectives: no training; the engine's own collectives through
    /// a group of this one rank with a real backend, one collectives_check event.
    bool checkCollectives = false;
    /// The GPU identity this rank tells its peers, whatever it trains on (a
    /// test's seam: CPU ranks that claim one GPU meet the shared-GPU check).
    std::string gpuIdentityForTest;
    bool help = false;
    bool version = false;

    static Result<WorkerOptions> parse(int argc, char **argv);
    static const char *usage();
};

} // namespace hamgam::engine
