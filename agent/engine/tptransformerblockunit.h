#pragma once

#include "tplinear.h"
#include "transformerblockunit.h"
#include "unit.h"
#include "unitshards.h"

namespace hamgam::engine {

class TensorParallel;

/// A gpt decoder block split over a node's tensor-parallel group: the same
/// logical parameters as TransformerBlockUnit; the four linear layers split by
/// TpLinear (1D: q|k|v and the MLP's first layer by output columns, the
/// attention output and the MLP's second layer by input rows; 2D and 3D: both
/// dimensions), heads kept whole on one rank (each rank attends with its
/// heads), layer norms over the width as the residual stream is split.
class TpTransformerBlockUnit final : public Unit
{
public:
    TpTransformerBlockUnit(TensorParallel &tp, std::string name, std::int64_t width, std::int64_t heads,
                           std::int64_t context, std::int64_t layers);

    std::string name() const override { return m_name; }
    const std::vector<ParamSpec> &params() const override { return m_params; }
    at::Tensor forward(const at::Tensor &input, const std::vector<at::Tensor> &params) override;
    std::int64_t activationElementsPerSample() const override;
    const UnitShards *shards() const override { return &m_shards; }
    void reduceGradients(std::vector<at::Tensor> &grads) override;

private:
    TensorParallel &m_tp;
    std::string m_name;
    std::int64_t m_width;
    std::int64_t m_headDim;
    TransformerBlockUnit m_logical;
    TpLinear m_qkv;
    TpLinear m_proj;
    TpLinear m_fc;
    TpLinear m_fcProj;
    at::Tensor m_causalMask;
    UnitShards m_shards;
    std::vector<ParamSpec> m_params;
};

} // namespace hamgam::engine
