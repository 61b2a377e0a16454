#pragma once

#include "partition.h"
#include "unitshards.h"

#include <ATen/ATen.h>

namespace hamgam::engine {

class TensorParallel;

/// One linear layer y = x·Wᵀ + b of a tensor-parallel unit: which part of W
/// and b this rank holds and the communication that computes its part of y
/// (docs/engine.md, "Tensor parallelism").
///   Column (1D): W's rows (outputs) split, input replicated, output split.
///   Row (1D): W's columns (inputs) split, input split, output all-reduced.
///   Grid (2D): W block (out block j, in block i) at (i, j); SUMMA.
///   AToB, BToA (3D): W block (out block coord(p), in block coord(h)) cut
///   into q pieces over axis 0; input width block on axis h and row pieces on
///   axis p, output the other way round (AToB: h = 2, p = 1; BToA: h = 1, p = 2).
class TpLinear
{
public:
    enum class Role
    {
        Column,
        Row,
        Grid,
        AToB,
        BToA,
    };
    /// The role that follows `role` in a chain of layers (Column↔Row, AToB↔BToA).
    static Role next(Role role);

    /// in, out: the input and output dimensions cut into side() blocks (1D
    /// Column uses `in` whole, Row `out` whole).
    TpLinear(TensorParallel &tp, Partition in, Partition out, Role role, bool bias);

    Role role() const { return m_role; }
    ShardSpec weightShard() const;
    ShardSpec biasShard() const;
    const Partition &inPartition() const { return m_in; }
    const Partition &outPartition() const { return m_out; }
    /// The block of `in` the input carries (−1: all of it) and of `out` the output carries.
    int inputBlock() const;
    int outputBlock() const;
    /// The group over which the output's blocks are spread (a final gather); −1 when whole.
    int outputGroup() const;
    /// The row part of the node's batch the output covers.
    int outputRowPart() const { return rowPart(hAxis()); }
    /// After a gather over outputGroup() (or for a whole output), the one rank per row that reports its loss.
    bool reportsLoss() const;

    /// b may be undefined (no bias).
    at::Tensor forward(const at::Tensor &x, const at::Tensor &w, const at::Tensor &b) const;

private:
    int hAxis() const { return m_role == Role::AToB ? 2 : 1; }
    int pAxis() const { return m_role == Role::AToB ? 1 : 2; }
    /// 1D: the whole batch; 2D: the grid row; 3D: the (depth, cubeAxis) pair.
    int rowPart(int cubeAxis) const;

    TensorParallel &m_tp;
    Partition m_in;
    Partition m_out;
    Role m_role;
    bool m_bias;
};

} // namespace hamgam::engine
