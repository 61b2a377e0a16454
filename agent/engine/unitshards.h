#pragma once

#include "paramspec.h"

#include <ATen/ATen.h>
#include <cstdint>
#include <vector>

namespace hamgam::engine {

/// Which elements of one logical parameter a rank holds under tensor
/// parallelism: along each dimension the selected logical indices (a block of
/// the parameter, rows and columns in that order), optionally flattened and cut
/// into `pieces` equal chunks of which the rank holds chunk `piece` (the last
/// chunk zero-padded).
struct ShardSpec
{
    std::vector<std::int64_t> logicalShape;
    std::vector<std::vector<std::int64_t>> select; ///< one list per dimension
    int pieces = 1;
    int piece = 0;
    /// This rank speaks for these elements within its node (checkpoints,
    /// gradient norm, parameter dumps): exactly one holder of each element does.
    bool owner = true;
    /// A node-local group (TensorParallelLayout id) whose members hold the same
    /// elements but compute only part of their gradient: the parts are summed.
    int partialGroup = -1;

    /// Everything: the shard of a parameter held whole.
    static ShardSpec whole(const std::vector<std::int64_t> &shape);
    std::int64_t blockNumel() const;
    std::vector<std::int64_t> localShape() const;
    std::int64_t localNumel() const;
    /// int64 [localNumel]: each local element's index in the logical parameter
    /// (row-major), −1 for padding.
    at::Tensor logicalIndex() const;
};

/// A tensor-parallel unit's logical parameters (as the one-process model has
/// them: same names, shapes and initialisation) and this rank's shard of each.
struct UnitShards
{
    std::vector<ParamSpec> logical;
    std::vector<ShardSpec> shards;

    std::int64_t logicalNumel() const;
    /// The parameters as the unit holds them: each shard's local shape (the
    /// values come from the logical parameters, so the init kind is unused).
    std::vector<ParamSpec> localSpecs() const;
    /// Where each logical parameter starts in the unit's logical flat vector.
    std::vector<std::int64_t> logicalOffsets() const;
};

} // namespace hamgam::engine
