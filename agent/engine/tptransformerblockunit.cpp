#include "tptransformerblockunit.h"

#include "tensorparallel.h"

#include <cmath>
#include <limits>

namespace hamgam::engine {

namespace {

// The role of the first and third linear layers (q|k|v, the MLP's first);
// the other two take the next role, so that each pair returns to the layout
// of the residual stream.
TpLinear::Role openingRole(const TensorParallel &tp)
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

TpTransformerBlockUnit::TpTransformerBlockUnit(TensorParallel &tp, std::string name, std::int64_t width,
                                               std::int64_t heads, std::int64_t context, std::int64_t layers)
    : m_tp(tp)
    , m_name(name)
    , m_width(width)
    , m_headDim(width / heads)
    , m_logical(name, width, heads, context, layers)
    , m_qkv(tp, Partition::balanced(width, tp.side()), Partition::heads(width, heads, tp.side(), 3),
            openingRole(tp), true)
    , m_proj(tp, Partition::heads(width, heads, tp.side(), 1), Partition::balanced(width, tp.side()),
             TpLinear::next(openingRole(tp)), true)
    , m_fc(tp, Partition::balanced(width, tp.side()), Partition::balanced(4 * width, tp.side()),
           openingRole(tp), true)
    , m_fcProj(tp, Partition::balanced(4 * width, tp.side()), Partition::balanced(width, tp.side()),
               TpLinear::next(openingRole(tp)), true)
{
    m_shards.logical = m_logical.params();
    m_shards.shards = {tp.residualShard({width}, 0), tp.residualShard({width}, 0),
                       m_qkv.weightShard(),          m_qkv.biasShard(),
                       m_proj.weightShard(),         m_proj.biasShard(),
                       tp.residualShard({width}, 0), tp.residualShard({width}, 0),
                       m_fc.weightShard(),           m_fc.biasShard(),
                       m_fcProj.weightShard(),       m_fcProj.biasShard()};
    m_params = m_shards.localSpecs();
    m_causalMask = at::ones({context, context}, at::TensorOptions().dtype(at::kBool)).triu(1);
}

at::Tensor TpTransformerBlockUnit::forward(const at::Tensor &input, const std::vector<at::Tensor> &p)
{
    const std::int64_t batch = input.size(0), length = input.size(1);
    if (m_causalMask.device() != input.device())
        m_causalMask = m_causalMask.to(input.device());
    const int stats = m_tp.residualStatsGroup();

    at::Tensor h = m_tp.layerNorm(input, p[0], p[1], m_width, stats);
    // This rank's heads: q, k and v of each, side by side.
    const at::Tensor qkv = m_qkv.forward(h, p[2], p[3]);
    const std::int64_t local = qkv.size(2) / 3, heads = local / m_headDim;
    auto split = [&](int section) {
        return qkv.narrow(2, section * local, local).view({batch, length, heads, m_headDim}).transpose(1, 2);
    };
    const at::Tensor q = split(0), k = split(1), v = split(2);
    at::Tensor att = at::matmul(q, k.transpose(-2, -1)) * (1.0 / std::sqrt(static_cast<double>(m_headDim)));
    att = att.masked_fill(m_causalMask.narrow(0, 0, length).narrow(1, 0, length),
                          -std::numeric_limits<float>::infinity());
    att = at::softmax(att, -1);
    const at::Tensor y = at::matmul(att, v).transpose(1, 2).contiguous().view({batch, length, local});
    const at::Tensor x = input + m_proj.forward(y, p[4], p[5]);

    h = m_tp.layerNorm(x, p[6], p[7], m_width, stats);
    h = at::gelu(m_fc.forward(h, p[8], p[9]));
    return x + m_fcProj.forward(h, p[10], p[11]);
}

std::int64_t TpTransformerBlockUnit::activationElementsPerSample() const
{
    return (m_logical.activationElementsPerSample() + m_tp.layout().size() - 1) / m_tp.layout().size();
}

void TpTransformerBlockUnit::reduceGradients(std::vector<at::Tensor> &grads)
{
    m_tp.reducePartialGradients(grads, m_shards);
}

} // namespace hamgam::engine
