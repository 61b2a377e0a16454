#include "shardingscheme.h"

#include <algorithm>
#include <numeric>
#include <string>

namespace hamgam::engine {

namespace {
constexpr int kMaxPieces = 4096; // padding every unit to more pieces would waste memory
}

Result<ShardingScheme> ShardingScheme::create(std::vector<std::vector<int>> shardGroups, int self)
{
    auto fail = [](const std::string &m) { return Result<ShardingScheme>::failure(ErrorKind::Config, m); };
    ShardingScheme s;
    s.m_self = self;
    int world = 0;
    for (auto &g : shardGroups) {
        if (g.empty())
            return fail("sharding: empty shard group");
        std::sort(g.begin(), g.end());
        world += static_cast<int>(g.size());
    }
    s.m_groupOf.assign(static_cast<size_t>(world), -1);
    s.m_rankInGroup.assign(static_cast<size_t>(world), -1);
    long long lcm = 1;
    for (size_t gi = 0; gi < shardGroups.size(); ++gi) {
        const auto &g = shardGroups[gi];
        lcm = std::lcm(lcm, static_cast<long long>(g.size()));
        if (lcm > kMaxPieces)
            return fail("sharding: the nodes' device counts have a least common multiple above " +
                        std::to_string(kMaxPieces) + "; use equal device counts per node");
        for (size_t k = 0; k < g.size(); ++k) {
            const int r = g[k];
            if (r < 0 || r >= world || s.m_groupOf[static_cast<size_t>(r)] != -1)
                return fail("sharding: shard groups must partition the ranks");
            s.m_groupOf[static_cast<size_t>(r)] = static_cast<int>(gi);
            s.m_rankInGroup[static_cast<size_t>(r)] = static_cast<int>(k);
        }
    }
    if (self < 0 || self >= world)
        return fail("sharding: rank out of range");
    s.m_pieces = static_cast<int>(lcm);
    s.m_groups = std::move(shardGroups);
    s.m_ownGroup = s.m_groupOf[static_cast<size_t>(self)];
    s.m_ownGroupRank = s.m_rankInGroup[static_cast<size_t>(self)];

    // Replica set of each piece, then runs of equal sets.
    for (int j = 0; j < s.m_pieces; ++j) {
        std::vector<int> owners;
        for (const auto &g : s.m_groups) {
            const int per = s.m_pieces / static_cast<int>(g.size());
            owners.push_back(g[static_cast<size_t>(j / per)]);
        }
        std::sort(owners.begin(), owners.end());
        if (!s.m_segments.empty() && s.m_segments.back().ranks == owners)
            s.m_segments.back().end = j + 1;
        else
            s.m_segments.push_back({j, j + 1, owners});
    }
    return s;
}

Result<ShardingScheme> ShardingScheme::replicated(int world, int self, std::vector<int> replicas)
{
    auto fail = [](const std::string &m) { return Result<ShardingScheme>::failure(ErrorKind::Config, m); };
    std::sort(replicas.begin(), replicas.end());
    if (self < 0 || self >= world || !std::binary_search(replicas.begin(), replicas.end(), self))
        return fail("sharding: rank out of range");
    ShardingScheme s;
    s.m_self = self;
    s.m_pieces = 1;
    for (int r = 0; r < world; ++r) {
        s.m_groups.push_back({r});
        s.m_groupOf.push_back(r);
        s.m_rankInGroup.push_back(0);
    }
    s.m_ownGroup = self;
    s.m_ownGroupRank = 0;
    s.m_segments.push_back({0, 1, std::move(replicas)});
    return s;
}

std::pair<int, int> ShardingScheme::piecesOf(int rank) const
{
    const auto &g = m_groups[static_cast<size_t>(m_groupOf[static_cast<size_t>(rank)])];
    const int per = m_pieces / static_cast<int>(g.size());
    const int k = m_rankInGroup[static_cast<size_t>(rank)];
    return {k * per, (k + 1) * per};
}

std::vector<int> ShardingScheme::ownSegments() const
{
    std::vector<int> out;
    for (size_t i = 0; i < m_segments.size(); ++i)
        if (std::binary_search(m_segments[i].ranks.begin(), m_segments[i].ranks.end(), m_self))
            out.push_back(static_cast<int>(i));
    return out;
}

std::int64_t ShardingScheme::padded(std::int64_t numel) const
{
    return (numel + m_pieces - 1) / m_pieces * m_pieces;
}

} // namespace hamgam::engine
