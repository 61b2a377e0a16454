#include "topology.h"

#include <string>

namespace hamgam::engine {

Result<Topology> Topology::fromNodeIndices(int self, const std::vector<int> &nodeOfRank)
{
    auto fail = [](const std::string &m) { return Result<Topology>::failure(ErrorKind::Config, m); };
    if (nodeOfRank.empty() || self < 0 || static_cast<size_t>(self) >= nodeOfRank.size())
        return fail("topology: rank out of range");
    Topology t;
    t.m_self = self;
    t.m_nodeOf = nodeOfRank;
    for (size_t r = 0; r < nodeOfRank.size(); ++r) {
        const int n = nodeOfRank[r];
        const int expectedNew = static_cast<int>(t.m_firstRank.size());
        if (r == 0 ? n != 0 : (n != nodeOfRank[r - 1] && n != expectedNew))
            return fail("topology: ranks must be numbered node by node (rank " + std::to_string(r) +
                        " is on node " + std::to_string(n) + " after node " +
                        (r ? std::to_string(nodeOfRank[r - 1]) : "-") + ")");
        if (n == expectedNew)
            t.m_firstRank.push_back(static_cast<int>(r));
    }
    return t;
}

int Topology::nodeSize(int node) const
{
    const auto first = m_firstRank[static_cast<size_t>(node)];
    const int next = static_cast<size_t>(node + 1) < m_firstRank.size()
                         ? m_firstRank[static_cast<size_t>(node + 1)]
                         : worldSize();
    return next - first;
}

std::vector<int> Topology::ranksOfNode(int node) const
{
    std::vector<int> ranks;
    for (int r = m_firstRank[static_cast<size_t>(node)], n = nodeSize(node); n > 0; --n, ++r)
        ranks.push_back(r);
    return ranks;
}

bool Topology::uniformNodes() const
{
    for (int n = 1; n < nodeCount(); ++n)
        if (nodeSize(n) != nodeSize(0))
            return false;
    return true;
}

} // namespace hamgam::engine
