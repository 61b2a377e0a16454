#pragma once

#include "result.h"

#include <vector>

namespace hamgam::engine {

/// Which node each rank is on. Every rank publishes its node index in the
/// store and reads all others', so nodes may have different device counts.
/// Ranks are contiguous per node: node i's ranks follow node i−1's, and a
/// rank's local rank is its position on its node.
class Topology
{
public:
    static Result<Topology> fromNodeIndices(int self, const std::vector<int> &nodeOfRank);

    int rank() const { return m_self; }
    int worldSize() const { return static_cast<int>(m_nodeOf.size()); }
    int node() const { return m_nodeOf[static_cast<size_t>(m_self)]; }
    int nodeCount() const { return static_cast<int>(m_firstRank.size()); }
    int nodeOf(int rank) const { return m_nodeOf[static_cast<size_t>(rank)]; }
    int localRank() const { return localRankOf(m_self); }
    int localRankOf(int rank) const { return rank - m_firstRank[static_cast<size_t>(nodeOf(rank))]; }
    int localWorldSize() const { return nodeSize(node()); }
    int nodeSize(int node) const;
    std::vector<int> ranksOfNode(int node) const;
    bool sameNode(int a, int b) const { return nodeOf(a) == nodeOf(b); }
    bool uniformNodes() const;

private:
    int m_self = 0;
    std::vector<int> m_nodeOf;
    std::vector<int> m_firstRank;
};

} // namespace hamgam::engine
