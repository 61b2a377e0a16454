#pragma once

#include "result.h"

#include <array>
#include <string>
#include <vector>

namespace hamgam::engine {

/// How one node's local ranks form a tensor-parallel group (docs/engine.md,
/// "Tensor parallelism"): tp1d a line of L ranks, tp2d a q×q grid with local
/// rank i·q + j at (i, j), tp3d a q×q×q cube with local rank i·q² + j·q + l at
/// (i, j, l). Pure arithmetic, no LibTorch: the worker and its tests use it.
class TensorParallelLayout
{
public:
    enum class Kind
    {
        OneD,
        TwoD,
        ThreeD,
    };

    /// Group ids: the whole node, the lines along each axis (the ranks that
    /// differ from this one only in that coordinate), the planes (the ranks
    /// that share this one's coordinate on that axis).
    static constexpr int kNode = 0;
    static constexpr int line(int axis) { return 1 + axis; }
    static constexpr int plane(int axis) { return 4 + axis; }
    static constexpr int kGroupIds = 7;

    /// A node-local group: its id, its index among the groups of that kind, its local ranks.
    struct GroupSpec
    {
        int id = kNode;
        int index = 0;
        std::vector<int> localRanks;
    };

    static Result<TensorParallelLayout> create(Kind kind, int size, int localRank);
    /// Empty when every node's device count fits the kind; else the one message
    /// that says why not (the controller's validator words the same rule).
    static std::string checkNodeSizes(Kind kind, const std::vector<int> &nodeSizes);
    static const char *strategyName(Kind kind);

    Kind kind() const { return m_kind; }
    int size() const { return m_size; }
    /// Grid side: L for 1D, q for 2D and 3D.
    int side() const { return m_side; }
    int dims() const { return m_kind == Kind::OneD ? 1 : m_kind == Kind::TwoD ? 2 : 3; }
    int localRank() const { return m_localRank; }
    /// This rank's coordinates (unused axes are 0).
    const std::array<int, 3> &coords() const { return m_coords; }
    int coord(int axis) const { return m_coords[static_cast<size_t>(axis)]; }
    std::array<int, 3> coordsOf(int localRank) const;
    int localRankOf(const std::array<int, 3> &coords) const;
    /// How many equal parts a node's batch is cut into along the rows: 1, q, q².
    int rowParts() const;
    /// Every group of the node, in the one order all members create them:
    /// the node, then lines by axis, then planes by axis (3D only; 2D has lines, 1D only the node).
    std::vector<GroupSpec> groups() const;
    /// The local ranks of the group `id` that contains this rank.
    std::vector<int> groupOf(int id) const;

private:
    Kind m_kind = Kind::OneD;
    int m_size = 1;
    int m_side = 1;
    int m_localRank = 0;
    std::array<int, 3> m_coords{0, 0, 0};
};

} // namespace hamgam::engine
