#include "placementplan.h"

#include "tensorparallellayout.h"

#include <algorithm>
#include <numeric>

namespace hamgam::engine {

Result<PlacementPlan> PlacementPlan::create(const Settings &settings, const Topology &topo,
                                            const std::vector<std::int64_t> &unitNumel)
{
    const int world = topo.worldSize();
    const int rank = topo.rank();
    PlacementPlan p;

    // Shard groups by strategy.
    std::vector<std::vector<int>> groups;
    std::vector<int> tensorReplicas; // tensor parallelism: the same local rank on every node
    switch (settings.strategy) {
    case Strategy::Dp:
    case Strategy::Hdp:
        for (int r = 0; r < world; ++r)
            groups.push_back({r});
        break;
    case Strategy::Lsdp:
    case Strategy::Lshdp:
        for (int n = 0; n < topo.nodeCount(); ++n)
            groups.push_back(topo.ranksOfNode(n));
        break;
    case Strategy::Fsdp: {
        std::vector<int> all(static_cast<size_t>(world));
        std::iota(all.begin(), all.end(), 0);
        groups.push_back(all);
        break;
    }
    case Strategy::Tp1d:
    case Strategy::Tp2d:
    case Strategy::Tp3d:
        p.m_tensorParallel = true;
        for (int n = 0; n < topo.nodeCount(); ++n)
            tensorReplicas.push_back(topo.ranksOfNode(n)[static_cast<size_t>(topo.localRank())]);
        break;
    }
    auto scheme = p.m_tensorParallel ? ShardingScheme::replicated(world, rank, tensorReplicas)
                                     : ShardingScheme::create(groups, rank);
    if (!scheme)
        return scheme.error();
    p.m_scheme = std::move(*scheme);
    const ShardingScheme &s = p.m_scheme;

    const bool locallySharded = settings.strategy == Strategy::Lsdp || settings.strategy == Strategy::Lshdp;
    // Streamed models keep (and reduce) their gradients in host memory.
    const bool streamed = locallySharded && settings.streamParams && s.shardGroupSize() == 1;
    p.m_parameters = streamed                  ? Parameters::Streamed
                     : s.shardGroupSize() == 1 ? Parameters::Resident
                                               : Parameters::Gathered;
    p.m_hostMaster = locallySharded;
    p.m_orderedCollectives = settings.cuda || settings.orderedCollectives;
    p.m_wire = settings.commDtype == "bf16"   ? Wire::Bf16
               : settings.commDtype == "fp16" ? Wire::Fp16
                                              : Wire::Fp32;
    // Gradients that Gloo sums (on the CPU, or streamed through host memory)
    // cannot travel in a 16-bit type some rank's Gloo refuses ("Invalid scalar
    // type": 1.13's bf16, Debian unstable's 2.14 both): fp32, and the trainer warns.
    if (p.m_wire != Wire::Fp32 && !settings.glooSumsWire && (!settings.cuda || streamed)) {
        p.m_wire = Wire::Fp32;
        p.m_wireFellBack = true;
    }
    p.m_bucketBytes = std::max<std::int64_t>(1, static_cast<std::int64_t>(settings.bucketMb * 1024 * 1024));

    // Groups in one global order (shard groups, then replica segments), each
    // created only by its members: no rank waits on a group another has not reached.
    const auto &sg = s.shardGroups();
    for (size_t gi = 0; gi < sg.size(); ++gi) {
        if (sg[gi].size() < 2 || std::find(sg[gi].begin(), sg[gi].end(), rank) == sg[gi].end())
            continue;
        p.m_shardGather = Group{"shard" + std::to_string(gi) + "-gather", sg[gi], false};
        p.m_shardReduce = Group{"shard" + std::to_string(gi) + "-reduce", sg[gi], false};
    }
    const auto &segments = s.segments();
    for (int si : s.ownSegments()) {
        const auto &seg = segments[static_cast<size_t>(si)];
        // --collectives-alone: a replica group of one rank all-reduces too (through NCCL on a GPU).
        if (seg.ranks.size() < (settings.collectivesAlone ? 1u : 2u)) {
            p.m_replicaGroups.emplace_back();
            continue;
        }
        if (p.m_tensorParallel) // each local rank's shards, all-reduced with its peers on the other nodes
            p.m_replicaGroups.push_back(Group{"tp-dp" + std::to_string(topo.localRank()), seg.ranks, false});
        else
            p.m_replicaGroups.push_back(Group{"replica" + std::to_string(si), seg.ranks, streamed});
    }
    // Tensor parallelism: each rank writes the elements it speaks for.
    p.m_writesCheckpoint = p.m_tensorParallel || s.shardGroupSize() > 1 || topo.localRank() == 0;

    const auto [firstPiece, lastPiece] = s.ownPieces();
    for (const std::int64_t numel : unitNumel) {
        const std::int64_t padded = s.padded(numel);
        p.m_units.push_back({numel, padded, (lastPiece - firstPiece) * (padded / s.pieces())});
    }

    // Tensor parallelism: every rank of a node takes the node's samples.
    p.m_dataSlots = p.m_tensorParallel ? topo.nodeCount() : world;
    p.m_dataSlot = p.m_tensorParallel ? topo.node() : rank;
    if (p.m_tensorParallel)
        for (int r = 0; r < world; ++r)
            p.m_nodeOfRank.push_back(topo.nodeOf(r));
    return p;
}

std::vector<std::int64_t> PlacementPlan::dataShares(const std::vector<std::int64_t> &rankPlan) const
{
    if (!m_tensorParallel)
        return rankPlan;
    // A node's share is the sum of its ranks' entries.
    std::vector<std::int64_t> nodes(static_cast<size_t>(m_dataSlots), 0);
    for (size_t r = 0; r < m_nodeOfRank.size(); ++r)
        nodes[static_cast<size_t>(m_nodeOfRank[r])] += rankPlan[r];
    return nodes;
}

Status PlacementPlan::checkTopology(const WorkerConfig &config, const Topology &topo, int localRank,
                                    int localWorldSize)
{
    const int world = topo.worldSize();
    if (localRank >= 0 && localRank != topo.localRank())
        return Status::failure(ErrorKind::Config, "--local-rank " + std::to_string(localRank) +
                                                      " does not match this rank's position " +
                                                      std::to_string(topo.localRank()) + " on node " +
                                                      std::to_string(topo.node()));
    if (localWorldSize >= 1 && topo.localWorldSize() != localWorldSize)
        return Status::failure(ErrorKind::Config, "--local-world-size " + std::to_string(localWorldSize) +
                                                      " but node " + std::to_string(topo.node()) + " has " +
                                                      std::to_string(topo.localWorldSize()) + " ranks");
    if (!config.nodes.empty()) {
        if (static_cast<int>(config.nodes.size()) != topo.nodeCount() || config.rankCount() != world)
            return Status::failure(ErrorKind::Config,
                                   "the config lists " + std::to_string(config.nodes.size()) +
                                       " nodes with " + std::to_string(config.rankCount()) +
                                       " devices, but " + std::to_string(world) + " ranks on " +
                                       std::to_string(topo.nodeCount()) + " nodes joined");
        for (int n = 0; n < topo.nodeCount(); ++n)
            if (static_cast<int>(config.nodes[static_cast<size_t>(n)].devices.size()) != topo.nodeSize(n))
                return Status::failure(
                    ErrorKind::Config,
                    "node " + std::to_string(n) + " lists " +
                        std::to_string(config.nodes[static_cast<size_t>(n)].devices.size()) +
                        " devices but has " + std::to_string(topo.nodeSize(n)) + " ranks");
    }
    if (const auto kind = config.tensorParallelKind()) {
        std::vector<int> sizes;
        for (int n = 0; n < topo.nodeCount(); ++n)
            sizes.push_back(topo.nodeSize(n));
        if (const std::string problem = TensorParallelLayout::checkNodeSizes(*kind, sizes); !problem.empty())
            return Status::failure(ErrorKind::Config, "run config: " + problem);
    }
    return {};
}

} // namespace hamgam::engine
