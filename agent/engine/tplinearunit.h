#pragma once

#include "linearunit.h"
#include "tplinear.h"
#include "unit.h"
#include "unitshards.h"

namespace hamgam::engine {

class TensorParallel;

/// A layer of the mlp split over a node's tensor-parallel group: the same
/// logical parameters as LinearUnit, this rank's shard of them, and the
/// layer's communication (TpLinear). The first layer takes its block of the
/// input features from the (whole) input; the last gathers the logits of its rows.
class TpLinearUnit final : public Unit
{
public:
    TpLinearUnit(TensorParallel &tp, std::string name, std::int64_t in, std::int64_t out,
                 LinearUnit::Activation activation, bool flattenInput, TpLinear::Role role, bool first,
                 bool last);

    std::string name() const override { return m_name; }
    const std::vector<ParamSpec> &params() const override { return m_params; }
    at::Tensor forward(const at::Tensor &input, const std::vector<at::Tensor> &params) override;
    std::int64_t activationElementsPerSample() const override;
    const UnitShards *shards() const override { return &m_shards; }
    void reduceGradients(std::vector<at::Tensor> &grads) override;
    const TpLinear &linear() const { return m_linear; }

private:
    TensorParallel &m_tp;
    std::string m_name;
    LinearUnit m_logical;
    LinearUnit::Activation m_activation;
    bool m_flatten;
    bool m_first;
    bool m_last;
    TpLinear m_linear;
    UnitShards m_shards;
    std::vector<ParamSpec> m_params;
};

} // namespace hamgam::engine
