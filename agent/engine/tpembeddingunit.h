#pragma once

#include "tokenembeddingunit.h"
#include "unit.h"
#include "unitshards.h"

namespace hamgam::engine {

class TensorParallel;

/// The gpt's embeddings under tensor parallelism: token and position tables
/// cut along the width like the residual stream (whole in 1D), each rank
/// looking up its own rows.
class TpEmbeddingUnit final : public Unit
{
public:
    TpEmbeddingUnit(TensorParallel &tp, std::int64_t vocab, std::int64_t width, std::int64_t context);

    std::string name() const override { return "embedding"; }
    const std::vector<ParamSpec> &params() const override { return m_params; }
    at::Tensor forward(const at::Tensor &input, const std::vector<at::Tensor> &params) override;
    std::int64_t activationElementsPerSample() const override;
    const UnitShards *shards() const override { return &m_shards; }
    void reduceGradients(std::vector<at::Tensor> &grads) override;

private:
    TensorParallel &m_tp;
    TokenEmbeddingUnit m_logical;
    UnitShards m_shards;
    std::vector<ParamSpec> m_params;
};

} // namespace hamgam::engine
