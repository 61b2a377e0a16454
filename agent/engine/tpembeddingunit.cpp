#include "tpembeddingunit.h"

#include "tensorparallel.h"

namespace hamgam::engine {

TpEmbeddingUnit::TpEmbeddingUnit(TensorParallel &tp, std::int64_t vocab, std::int64_t width,
                                 std::int64_t context)
    : m_tp(tp)
    , m_logical(vocab, width, context)
{
    m_shards.logical = m_logical.params();
    for (const auto &p : m_shards.logical)
        m_shards.shards.push_back(tp.residualShard(p.shape, 1));
    m_params = m_shards.localSpecs();
}

at::Tensor TpEmbeddingUnit::forward(const at::Tensor &input, const std::vector<at::Tensor> &params)
{
    const std::int64_t length = input.size(1);
    return at::embedding(params[0], input) + params[1].narrow(0, 0, length);
}

std::int64_t TpEmbeddingUnit::activationElementsPerSample() const
{
    return (m_logical.activationElementsPerSample() + m_tp.layout().size() - 1) / m_tp.layout().size();
}

void TpEmbeddingUnit::reduceGradients(std::vector<at::Tensor> &grads)
{
    m_tp.reducePartialGradients(grads, m_shards);
}

} // namespace hamgam::engine
