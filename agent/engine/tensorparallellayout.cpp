#include "tensorparallellayout.h"

namespace hamgam::engine {

namespace {

// The integer k with k^power == n, or 0.
int exactRoot(int n, int power)
{
    for (int k = 1;; ++k) {
        long long p = 1;
        for (int e = 0; e < power; ++e)
            p *= k;
        if (p == n)
            return k;
        if (p > n)
            return 0;
    }
}

} // namespace

const char *TensorParallelLayout::strategyName(Kind kind)
{
    switch (kind) {
    case Kind::OneD:
        return "tp1d";
    case Kind::TwoD:
        return "tp2d";
    case Kind::ThreeD:
        return "tp3d";
    }
    return "tp1d";
}

std::string TensorParallelLayout::checkNodeSizes(Kind kind, const std::vector<int> &nodeSizes)
{
    const std::string name = strategyName(kind);
    for (size_t n = 0; n < nodeSizes.size(); ++n) {
        const int d = nodeSizes[n];
        const std::string which =
            "node " + std::to_string(n) + " has " + std::to_string(d) + (d == 1 ? " device" : " devices");
        if (d < 1)
            return "strategy " + name + ": " + which;
        if (kind == Kind::TwoD && exactRoot(d, 2) == 0)
            return "strategy " + name + " arranges each node's devices in a q×q grid: " + which +
                   ", which is not a square (1, 4, 9, 16, …)";
        if (kind == Kind::ThreeD && exactRoot(d, 3) == 0)
            return "strategy " + name + " arranges each node's devices in a q×q×q cube: " + which +
                   ", which is not a cube (1, 8, 27, 64, …)";
    }
    for (size_t n = 1; n < nodeSizes.size(); ++n)
        if (nodeSizes[n] != nodeSizes[0])
            return "strategy " + name + " needs the same number of devices on every node (node 0 has " +
                   std::to_string(nodeSizes[0]) + ", node " + std::to_string(n) + " has " +
                   std::to_string(nodeSizes[n]) + ")";
    return {};
}

Result<TensorParallelLayout> TensorParallelLayout::create(Kind kind, int size, int localRank)
{
    using R = Result<TensorParallelLayout>;
    if (const std::string problem = checkNodeSizes(kind, {size}); !problem.empty())
        return R::failure(ErrorKind::Config, problem);
    if (localRank < 0 || localRank >= size)
        return R::failure(ErrorKind::Config, "tensor parallel: local rank out of range");
    TensorParallelLayout t;
    t.m_kind = kind;
    t.m_size = size;
    t.m_side = kind == Kind::OneD ? size : exactRoot(size, kind == Kind::TwoD ? 2 : 3);
    t.m_localRank = localRank;
    t.m_coords = t.coordsOf(localRank);
    return t;
}

std::array<int, 3> TensorParallelLayout::coordsOf(int localRank) const
{
    const int q = m_side;
    switch (m_kind) {
    case Kind::OneD:
        return {localRank, 0, 0};
    case Kind::TwoD:
        return {localRank / q, localRank % q, 0};
    case Kind::ThreeD:
        return {localRank / (q * q), (localRank / q) % q, localRank % q};
    }
    return {0, 0, 0};
}

int TensorParallelLayout::localRankOf(const std::array<int, 3> &c) const
{
    const int q = m_side;
    switch (m_kind) {
    case Kind::OneD:
        return c[0];
    case Kind::TwoD:
        return c[0] * q + c[1];
    case Kind::ThreeD:
        return (c[0] * q + c[1]) * q + c[2];
    }
    return 0;
}

int TensorParallelLayout::rowParts() const
{
    switch (m_kind) {
    case Kind::OneD:
        return 1;
    case Kind::TwoD:
        return m_side;
    case Kind::ThreeD:
        return m_side * m_side;
    }
    return 1;
}

std::vector<TensorParallelLayout::GroupSpec> TensorParallelLayout::groups() const
{
    std::vector<GroupSpec> out;
    GroupSpec node{kNode, 0, {}};
    for (int r = 0; r < m_size; ++r)
        node.localRanks.push_back(r);
    out.push_back(node);
    if (m_kind == Kind::OneD)
        return out;
    std::vector<int> ids;
    for (int a = 0; a < dims(); ++a)
        ids.push_back(line(a));
    if (m_kind == Kind::ThreeD)
        for (int a = 0; a < 3; ++a)
            ids.push_back(plane(a));
    // Every distinct group once: the group through each rank, kept where that
    // rank is its first member.
    for (int id : ids) {
        int index = 0;
        for (int r = 0; r < m_size; ++r) {
            TensorParallelLayout other = *this;
            other.m_localRank = r;
            other.m_coords = coordsOf(r);
            auto members = other.groupOf(id);
            if (members.front() != r)
                continue;
            out.push_back({id, index++, std::move(members)});
        }
    }
    return out;
}

std::vector<int> TensorParallelLayout::groupOf(int id) const
{
    std::vector<int> members;
    if (id == kNode || m_kind == Kind::OneD) {
        for (int r = 0; r < m_size; ++r)
            members.push_back(r);
        return members;
    }
    for (int r = 0; r < m_size; ++r) {
        const auto c = coordsOf(r);
        bool in = true;
        for (int a = 0; a < dims(); ++a) {
            const bool same = c[static_cast<size_t>(a)] == m_coords[static_cast<size_t>(a)];
            if (id >= plane(0) ? (a == id - plane(0) && !same) : (a != id - line(0) && !same))
                in = false;
        }
        if (in)
            members.push_back(r);
    }
    return members;
}

} // namespace hamgam::engine
