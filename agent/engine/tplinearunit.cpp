#include "tplinearunit.h"

#include "tensorparallel.h"

namespace hamgam::engine {

TpLinearUnit::TpLinearUnit(TensorParallel &tp, std::string name, std::int64_t in, std::int64_t out,
                           LinearUnit::Activation activation, bool flattenInput, TpLinear::Role role,
                           bool first, bool last)
    : m_tp(tp)
    , m_name(name)
    , m_logical(name, in, out, activation, flattenInput)
    , m_activation(activation)
    , m_flatten(flattenInput)
    , m_first(first)
    , m_last(last)
    , m_linear(tp, Partition::balanced(in, tp.side()), Partition::balanced(out, tp.side()), role, true)
{
    m_shards.logical = m_logical.params();
    m_shards.shards = {m_linear.weightShard(), m_linear.biasShard()};
    m_params = m_shards.localSpecs();
}

at::Tensor TpLinearUnit::forward(const at::Tensor &input, const std::vector<at::Tensor> &params)
{
    at::Tensor x = m_flatten ? input.flatten(1) : input;
    if (m_first && m_linear.inputBlock() >= 0) {
        // The data is whole on every rank: take this layer's block of the features.
        const Partition &part = m_linear.inPartition();
        const int block = m_linear.inputBlock();
        x = x.narrow(1, part.offset(block), part.size(block));
    }
    at::Tensor y = m_linear.forward(x, params[0], params[1]);
    switch (m_activation) {
    case LinearUnit::Activation::None:
        break;
    case LinearUnit::Activation::Relu:
        y = at::relu(y);
        break;
    case LinearUnit::Activation::Gelu:
        y = at::gelu(y);
        break;
    case LinearUnit::Activation::Tanh:
        y = at::tanh(y);
        break;
    }
    if (m_last && m_linear.outputGroup() >= 0)
        y = m_tp.gatherReplicated(y, m_linear.outputGroup(), m_linear.outPartition());
    return y;
}

std::int64_t TpLinearUnit::activationElementsPerSample() const
{
    return (m_logical.activationElementsPerSample() + m_tp.layout().size() - 1) / m_tp.layout().size();
}

void TpLinearUnit::reduceGradients(std::vector<at::Tensor> &grads)
{
    m_tp.reducePartialGradients(grads, m_shards);
}

} // namespace hamgam::engine
