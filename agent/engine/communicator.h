#pragma once

#include "commgroup.h"
#include "result.h"
#include "topology.h"
#include "trafficmeter.h"

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <torch/csrc/distributed/c10d/Store.hpp>
#include <vector>

namespace hamgam::engine {

class Logger;
class RendezvousServer;
class Watchdog;

/// The worker's view of its peers: the run's rendezvous store at the master
/// (rank 0 serves it, RendezvousServer; every rank uses it, RendezvousStore,
/// authenticated with the run's secret), node membership exchanged through
/// it, and process groups (Gloo for CPU tensors; NCCL when built against a
/// CUDA LibTorch and training on a GPU) created on demand, each under its own
/// store prefix.
class Communicator
{
public:
    /// What each rank tells the others at start.
    struct Member
    {
        int node = 0;
        bool dumpsParameters = false;
        bool exportsModel = false;
        std::string host;
        std::string gpu; ///< the rank's GPU identity; empty on the CPU
        /// The 16-bit types ("fp16", "bf16") the rank's Gloo sums and exchanges, tried at start.
        std::vector<std::string> glooSums;
    };

    struct Settings
    {
        int rank = 0;
        int worldSize = 1;
        std::string masterHost;
        int masterPort = 0;
        int nodeIndex = 0;
        bool dumpsParameters = false;
        bool exportsModel = false;
        bool useNccl = false;
        int cudaIndex = 0;       ///< with useNccl: the rank's GPU (cuda:N), which its communicators bind to
        std::string gpuIdentity; ///< this rank's GPU (gpu::identity); empty on the CPU
        /// Groups of one member get a real backend too (--collectives-alone): one
        /// GPU then puts every collective the engine uses through NCCL (scripts/gpu-check).
        bool groupsEvenAlone = false;
        std::string glooInterface;    ///< empty: the interface that reaches the master
        std::string rendezvousSecret; ///< the run's 32-byte secret (--rendezvous-key-file)
        std::chrono::milliseconds timeout{60000};
        /// comm.watchdog_grace_s: the watchdog fires at timeout + grace; NCCL's own abort must come later.
        std::chrono::milliseconds watchdogGrace{10000};
    };

    static Result<std::unique_ptr<Communicator>> connect(const Settings &settings, Logger &logger,
                                                         Watchdog *watchdog);
    ~Communicator();

    const Topology &topology() const { return m_topology; }
    TrafficMeter &traffic() { return m_traffic; }
    const std::vector<Member> &members() const { return m_members; }
    bool anyRankDumpsParameters() const;
    /// Whether every rank's Gloo sums and exchanges dtype ("fp16" or "bf16").
    bool glooSumsEverywhere(const std::string &dtype) const;
    /// Whether rank 0 writes the trained model (every rank then gathers the parameters with it).
    bool rankZeroExportsModel() const;
    /// The world group for small control collectives (stats, eval, barriers).
    CommGroup &control() { return *m_control; }
    /// Creates a group: every member must call this with the same name and ranks,
    /// in the same order relative to other creations. Non-members must not.
    /// hostTensors: its collectives run on host memory (Gloo even on a GPU build).
    /// threads: Gloo worker threads (a group used synchronously needs one).
    Result<CommGroup *> createGroup(const std::string &name, std::vector<int> ranks, bool hostTensors = false,
                                    int threads = 2);
    CommGroup *group(const std::string &name) const;

    /// Small values through the store (checkpoint manifests); get waits up to the timeout.
    Status storeSet(const std::string &key, const std::string &value);
    Result<std::string> storeGet(const std::string &key);
    Status barrier();

private:
    Communicator(Settings settings, Logger &logger, Watchdog *watchdog);
    Result<c10::intrusive_ptr<torchcompat::CollectiveBackend>>
    makeBackend(const std::string &name, int rank, int size, bool nccl, int threads = 2);

    Settings m_settings;
    Logger &m_logger;
    Watchdog *m_watchdog;
    std::unique_ptr<RendezvousServer> m_server; // rank 0 only; outlives the store and the groups using it
    c10::intrusive_ptr<c10d::Store> m_store;
    std::shared_ptr<void>
        m_glooDevice; // ::gloo::transport::Device, type-erased to keep Gloo out of this header
    Topology m_topology;
    TrafficMeter m_traffic;
    std::vector<Member> m_members;
    std::unique_ptr<CommGroup> m_control;
    std::map<std::string, std::unique_ptr<CommGroup>> m_groups;
};

} // namespace hamgam::engine
