#include "tplmheadunit.h"

#include "tensorparallel.h"

namespace hamgam::engine {

namespace {
TpLinear::Role headRole(const TensorParallel &tp)
{
    switch (tp.layout().kind()) {
    case TensorParallelLayout::Kind::OneD:
        return TpLinear::Role::Column;
    case TensorParallelLayout::Kind::TwoD:
        return TpLinear::Role::Grid;
    case TensorParallelLayout::Kind::ThreeD:
        return TpLinear::Role::AToB;
    }
    return TpLinear::Role::Column;
}
} // namespace

TpLmHeadUnit::TpLmHeadUnit(TensorParallel &tp, std::int64_t width, std::int64_t vocab, std::int64_t context)
    : m_tp(tp)
    , m_width(width)
    , m_logical(width, vocab, context)
    , m_head(tp, Partition::balanced(width, tp.side()), Partition::balanced(vocab, tp.side()), headRole(tp),
             false)
{
    m_shards.logical = m_logical.params();
    m_shards.shards = {tp.residualShard({width}, 0), tp.residualShard({width}, 0), m_head.weightShard()};
    m_params = m_shards.localSpecs();
}

at::Tensor TpLmHeadUnit::forward(const at::Tensor &input, const std::vector<at::Tensor> &params)
{
    const at::Tensor h = m_tp.layerNorm(input, params[0], params[1], m_width, m_tp.residualStatsGroup());
    const at::Tensor logits = m_head.forward(h, params[2], at::Tensor());
    return m_tp.gatherReplicated(logits, m_head.outputGroup(), m_head.outPartition());
}

std::int64_t TpLmHeadUnit::activationElementsPerSample() const
{
    return (m_logical.activationElementsPerSample() + m_tp.layout().size() - 1) / m_tp.layout().size();
}

void TpLmHeadUnit::reduceGradients(std::vector<at::Tensor> &grads)
{
    m_tp.reducePartialGradients(grads, m_shards);
}

} // namespace hamgam::engine
