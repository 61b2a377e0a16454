#pragma once

#include "error.h"
#include "partition.h"
#include "pendingop.h"
#include "result.h"
#include "tensorparallellayout.h"
#include "unitshards.h"

#include <array>
#include <ATen/ATen.h>
#include <optional>
#include <vector>

namespace hamgam::engine {

class CommGroup;
class Communicator;

/// One node's tensor-parallel group at run time (docs/engine.md, "Tensor
/// parallelism"): its process groups (the node, and for 2D/3D the lines and
/// planes of the grid), the layout of activations between layers, and the
/// communication of the layers as autograd functions, so that forward and
/// backward exchange exactly what the algorithm says. Collectives are
/// synchronous and run on the main thread (also inside the backward pass);
/// a failure is recorded here and thrown.
///
/// Activations are [rows, ..., width] with rows = the node's samples cut into
/// layout().rowParts() equal parts. The residual stream (and an mlp's input):
/// 1D every row and the whole width on every rank; 2D rows part i and width
/// block j at (i, j); 3D rows part i·q + j and width block l at (i, j, l).
class TensorParallel
{
public:
    explicit TensorParallel(TensorParallelLayout layout);
    ~TensorParallel();
    TensorParallel(const TensorParallel &) = delete;
    TensorParallel &operator=(const TensorParallel &) = delete;

    /// Creates the node's groups, every member in the same order; nodeRanks
    /// are the node's global ranks by local rank.
    Status connect(Communicator &comm, int node, const std::vector<int> &nodeRanks);

    const TensorParallelLayout &layout() const { return m_layout; }
    int side() const { return m_layout.side(); }
    int coord(int axis) const { return m_layout.coord(axis); }
    CommGroup &group(int id) const;

    // The residual stream.
    Partition residualPartition(std::int64_t width) const;
    /// The block of residualPartition() this rank holds; −1: the whole width.
    int residualBlock() const;
    /// The group over which a row's width is spread (layer-norm statistics); −1: none.
    int residualStatsGroup() const;
    /// The row part this rank's residual stream (and first input) covers.
    int residualRowPart() const;
    /// The shard of a parameter indexed by the width along `dim` (layer norms,
    /// embeddings): the residual block, replicated over the ranks that hold the
    /// same block, each summing its rows' part of the gradient.
    ShardSpec residualShard(const std::vector<std::int64_t> &shape, int dim) const;

    /// The rows the model's output covers and whether this rank reports their
    /// loss (one rank per row); set by the model built for this group.
    void setOutputRows(int rowPart, bool reportsLoss);
    int outputRowPart() const { return m_outputRowPart; }
    bool reportsLoss() const { return m_reportsLoss; }

    // Megatron's conjugate pair and their kin (x's gradient in brackets):
    /// f: identity [all-reduce] — a replicated input used by each rank's shard.
    at::Tensor copyToGroup(const at::Tensor &x, int group);
    /// g: all-reduce [identity] — partial sums into a replicated output.
    at::Tensor reduceFromGroup(const at::Tensor &x, int group);
    /// all-reduce [all-reduce] — a sum each member then uses differently.
    at::Tensor allReduceSum(const at::Tensor &x, int group);
    /// All-gather along the last dimension of blocks of `part` [own block]: the
    /// result is replicated over the group and its gradient complete on each.
    at::Tensor gatherReplicated(const at::Tensor &x, int group, const Partition &part);
    /// 2D: SUMMA over the grid. x is block (i, j) of X ([rows, …, K_j]), w block
    /// (j, i) of W ([N_j, K_i]); returns block (i, j) of X·Wᵀ.
    at::Tensor summa(const at::Tensor &x, const at::Tensor &w, const Partition &kPart);
    /// 3D (Bian et al.): x is this rank's piece of X's block (rows along
    /// pAxis, width block = coord(hAxis)), wPiece its chunk of the [n, k] block
    /// of W; all-gather X along pAxis and W along axis 0, multiply, reduce-scatter
    /// the rows along hAxis. The backward pass mirrors it.
    at::Tensor linear3d(const at::Tensor &x, const at::Tensor &wPiece, std::int64_t n, std::int64_t k,
                        int hAxis, int pAxis);
    /// Layer norm over a width spread over `statsGroup` (−1: all of it is here).
    at::Tensor layerNorm(const at::Tensor &x, const at::Tensor &weight, const at::Tensor &bias,
                         std::int64_t width, int statsGroup);
    /// Sums the partial gradients of a unit's replicated parameters, one
    /// all-reduce per group.
    void reducePartialGradients(std::vector<at::Tensor> &grads, const UnitShards &shards);

    // Plain synchronous collectives (record a failure and throw on error).
    void allReduceInPlace(at::Tensor &t, int group);
    /// Members' tensors concatenated along dim 0, in member order.
    at::Tensor allGatherRows(const at::Tensor &t, int group);
    /// The sum over members, cut into equal parts along dim 0; this member's part.
    at::Tensor reduceScatterRows(const at::Tensor &t, int group);

    /// Milliseconds blocked in tensor-parallel collectives since the last call.
    double takeBlockedMs();
    const std::optional<Error> &failure() const { return m_failure; }
    [[noreturn]] void fail(const Error &error);

    /// Waits for a launched collective, counting the time blocked; a failure is recorded and thrown.
    void await(Result<PendingOp> op);

private:
    TensorParallelLayout m_layout;
    std::array<CommGroup *, TensorParallelLayout::kGroupIds> m_groups{};
    int m_outputRowPart = 0;
    bool m_reportsLoss = true;
    double m_blockedMs = 0;
    std::optional<Error> m_failure;
};

} // namespace hamgam::engine
