#pragma once

#include "lmheadunit.h"
#include "tplinear.h"
#include "unit.h"
#include "unitshards.h"

namespace hamgam::engine {

class TensorParallel;

/// The gpt's final layer norm and byte projection under tensor parallelism:
/// the projection split by TpLinear, then the logits of this rank's rows
/// gathered whole (vocabulary blocks) so the loss is computed as in one process.
class TpLmHeadUnit final : public Unit
{
public:
    TpLmHeadUnit(TensorParallel &tp, std::int64_t width, std::int64_t vocab, std::int64_t context);

    std::string name() const override { return "head"; }
    const std::vector<ParamSpec> &params() const override { return m_params; }
    at::Tensor forward(const at::Tensor &input, const std::vector<at::Tensor> &params) override;
    std::int64_t activationElementsPerSample() const override;
    const UnitShards *shards() const override { return &m_shards; }
    void reduceGradients(std::vector<at::Tensor> &grads) override;
    const TpLinear &linear() const { return m_head; }

private:
    TensorParallel &m_tp;
    std::int64_t m_width;
    LmHeadUnit m_logical;
    TpLinear m_head;
    UnitShards m_shards;
    std::vector<ParamSpec> m_params;
};

} // namespace hamgam::engine
