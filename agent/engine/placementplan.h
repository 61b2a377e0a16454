#pragma once

#include "result.h"
#include "shardingscheme.h"
#include "topology.h"
#include "workerconfig.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hamgam::engine {

/// Where a strategy puts each unit's parameters, gradients and optimizer state
/// on this rank, which process groups carry them, and which samples the rank
/// takes (docs/engine.md, "Strategies"). A pure function of the strategy, the
/// ranks that joined, the units' sizes and the memory settings: it allocates
/// nothing, so every strategy's placement is checked without a process group.
/// The Trainer creates the groups it names, in its order, and gives the
/// ParameterStore the rest.
class PlacementPlan final
{
public:
    /// Where a unit's parameters are between its uses.
    enum class Parameters
    {
        Resident, ///< whole on the device (dp, hdp, lsdp with one device per node, a tensor-parallel shard)
        Gathered, ///< a shard on the device, all-gathered in the shard group for forward and backward
        Streamed, ///< nothing on the device: copied from the host master for forward and backward
    };
    enum class Memory
    {
        Device,
        Host,
    };
    /// How gradients travel (comm.dtype).
    enum class Wire
    {
        Fp32,
        Fp16,
        Bf16,
    };

    struct Settings
    {
        Strategy strategy = Strategy::Dp;
        bool streamParams = false;     ///< lsdp.stream_params
        bool collectivesAlone = false; ///< --collectives-alone: a replica group of one rank all-reduces too
        bool cuda = false;             ///< the rank computes on a GPU
        /// --ordered-collectives: collectives in one order on every rank on Gloo
        /// too, as a GPU's NCCL needs them (a check of that branch on the CPU).
        bool orderedCollectives = false;
        std::string commDtype = "fp32";
        /// Every rank's Gloo sums commDtype (Communicator::glooSumsEverywhere):
        /// where it does not and Gloo sums the gradients, they travel as fp32.
        bool glooSumsWire = true;
        double bucketMb = 25.0;
    };

    /// A process group to create, by every member under the same name.
    struct Group
    {
        std::string name;
        std::vector<int> ranks;
        bool hostTensors = false; ///< its collectives run on host memory (streamed gradients)
    };

    /// One unit on this rank.
    struct Unit
    {
        std::int64_t numel = 0;  ///< the unit's elements (under tensor parallelism: this rank's shard's)
        std::int64_t padded = 0; ///< padded to a multiple of the scheme's pieces
        std::int64_t held = 0;   ///< elements this rank keeps of them
    };

    static Result<PlacementPlan> create(const Settings &settings, const Topology &topology,
                                        const std::vector<std::int64_t> &unitNumel);
    /// Whether the ranks that joined fit the config's nodes list, the command
    /// line's --local-rank and --local-world-size (negative: not given) and the
    /// strategy's tensor-parallel layout; the one config error that says why not.
    static Status checkTopology(const WorkerConfig &config, const Topology &topology, int localRank,
                                int localWorldSize);

    const ShardingScheme &scheme() const { return m_scheme; }
    bool tensorParallel() const { return m_tensorParallel; }
    Parameters parameters() const { return m_parameters; }
    /// Where gradients are kept and reduced.
    Memory gradients() const { return m_parameters == Parameters::Streamed ? Memory::Host : Memory::Device; }
    /// Where the master weights and the optimizer state are, and the optimizer steps.
    Memory optimizerState() const { return m_hostMaster ? Memory::Host : Memory::Device; }
    bool hostMaster() const { return m_hostMaster; }
    bool stream() const { return m_parameters == Parameters::Streamed; }
    /// Collectives on different communicators launch in one order on every rank (NCCL).
    bool orderedCollectives() const { return m_orderedCollectives; }
    Wire wire() const { return m_wire; }
    /// comm.dtype asked for 16 bits that a rank's Gloo cannot sum: the wire is fp32 instead.
    bool wireFellBack() const { return m_wireFellBack; }
    std::int64_t bucketBytes() const { return m_bucketBytes; }

    /// The groups of this rank's shard group (all-gathers, reduce-scatters) when it has more than one rank.
    const std::optional<Group> &shardGather() const { return m_shardGather; }
    const std::optional<Group> &shardReduce() const { return m_shardReduce; }
    /// Per segment this rank holds (scheme().ownSegments(), in order): the
    /// group that all-reduces its gradients, nothing where one rank holds it.
    const std::vector<std::optional<Group>> &replicaGroups() const { return m_replicaGroups; }
    /// This rank writes checkpoint entries: every holder of a shard, every
    /// tensor-parallel rank, and of a replicated model one rank per node.
    bool writesCheckpoint() const { return m_writesCheckpoint; }
    const std::vector<Unit> &units() const { return m_units; }

    /// What the global batch is cut into: ranks, or under tensor parallelism nodes.
    int dataSlots() const { return m_dataSlots; }
    /// This rank's slot: its rank, or its node.
    int dataSlot() const { return m_dataSlot; }
    /// A per-rank plan as the prefetcher cuts it: the same, or each node's sum.
    std::vector<std::int64_t> dataShares(const std::vector<std::int64_t> &rankPlan) const;

private:
    ShardingScheme m_scheme;
    bool m_tensorParallel = false;
    Parameters m_parameters = Parameters::Resident;
    bool m_hostMaster = false;
    bool m_orderedCollectives = false;
    Wire m_wire = Wire::Fp32;
    bool m_wireFellBack = false;
    std::int64_t m_bucketBytes = 25 << 20;
    std::optional<Group> m_shardGather;
    std::optional<Group> m_shardReduce;
    std::vector<std::optional<Group>> m_replicaGroups;
    bool m_writesCheckpoint = false;
    std::vector<Unit> m_units;
    int m_dataSlots = 1;
    int m_dataSlot = 0;
    std::vector<int> m_nodeOfRank; ///< tensor parallelism: to sum a plan by node
};

} // namespace hamgam::engine
