#pragma once

#include "paramspec.h"
#include "unitfootprint.h"

#include <ATen/ATen.h>
#include <string>
#include <vector>

namespace hamgam::engine {

struct UnitShards;

/// One step of a model: a few layers whose parameters the engine places
/// (resident, gathered from shards, or streamed from host memory). A unit
/// declares its parameters and computes with functional ops on the tensors it
/// is handed, so it owns no parameter storage itself.
class Unit
{
public:
    virtual ~Unit() = default;

    virtual std::string name() const = 0;
    virtual const std::vector<ParamSpec> &params() const = 0;
    /// params[i] has the shape of params()[i].
    virtual at::Tensor forward(const at::Tensor &input, const std::vector<at::Tensor> &params) = 0;
    /// Estimated activation elements kept for the backward pass, per sample.
    virtual std::int64_t activationElementsPerSample() const = 0;
    /// Elements of the unit's input per sample: what it keeps for the backward
    /// under recomputation (memory.recompute). By default all of the above: no
    /// saving is claimed for a unit that does not say.
    virtual std::int64_t inputElementsPerSample() const { return activationElementsPerSample(); }
    /// TorchScript source of `forward(self, x)` computing what forward()
    /// computes, with the parameters as attributes (a dotted name is a path of
    /// submodules: self.attn.qkv.weight). The trained model leaves the run as
    /// this source and the parameters (ModelExporter). Empty: not exportable so.
    virtual std::string scriptSource() const { return {}; }

    /// Tensor-parallel units hold a shard of each logical parameter: params()
    /// then gives the local shapes and this says how they map to the logical
    /// parameters. Null for a unit that holds its parameters whole.
    virtual const UnitShards *shards() const { return nullptr; }
    /// Tensor-parallel units: once per backward, before the gradients leave the
    /// unit, sums the parts of parameters replicated within the node.
    virtual void reduceGradients(std::vector<at::Tensor> &grads) { (void)grads; }
};

} // namespace hamgam::engine
