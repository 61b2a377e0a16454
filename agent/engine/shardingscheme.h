#pragma once

#include "result.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace hamgam::engine {

/// Who owns which part of every unit's flat parameters.
///
/// The ranks are partitioned into shard groups (dp: every rank alone; lsdp:
/// the ranks of a node; fsdp: all ranks). Each unit is padded to a multiple of
/// P pieces, P the least common multiple of the group sizes, and member k of a
/// group of size L owns pieces [k·P/L, (k+1)·P/L). The ranks holding piece j
/// in every group form its replica set, which all-reduces the gradient of that
/// piece; runs of pieces with the same replica set are segments. For equal
/// groups this gives the textbook picture: dp one segment over all ranks,
/// lsdp one segment per local rank (the cross-node group), fsdp W segments of
/// one rank each (nothing to all-reduce).
class ShardingScheme
{
public:
    /// A run of pieces and the ranks that hold it (sorted).
    struct Segment
    {
        int begin = 0;
        int end = 0;
        std::vector<int> ranks;
    };

    static Result<ShardingScheme> create(std::vector<std::vector<int>> shardGroups, int self);
    /// Tensor parallelism: every rank holds its parameters whole (one piece);
    /// `replicas` (this rank and the ranks at the same place on the other
    /// nodes) hold the same ones and form the one segment.
    static Result<ShardingScheme> replicated(int world, int self, std::vector<int> replicas);

    int pieces() const { return m_pieces; }
    const std::vector<int> &shardGroup() const { return m_groups[static_cast<size_t>(m_ownGroup)]; }
    int shardGroupSize() const { return static_cast<int>(shardGroup().size()); }
    int shardGroupRank() const { return m_ownGroupRank; }
    const std::vector<std::vector<int>> &shardGroups() const { return m_groups; }
    /// The pieces a rank owns, [first, last).
    std::pair<int, int> piecesOf(int rank) const;
    std::pair<int, int> ownPieces() const { return piecesOf(m_self); }
    const std::vector<Segment> &segments() const { return m_segments; }
    /// Indices into segments() of the segments this rank holds, in order.
    std::vector<int> ownSegments() const;

    /// Padded size of a unit of `numel` elements: a multiple of pieces().
    std::int64_t padded(std::int64_t numel) const;

private:
    int m_self = 0;
    int m_pieces = 1;
    int m_ownGroup = 0;
    int m_ownGroupRank = 0;
    std::vector<std::vector<int>> m_groups;
    std::vector<int> m_groupOf;
    std::vector<int> m_rankInGroup;
    std::vector<Segment> m_segments;
};

} // namespace hamgam::engine
