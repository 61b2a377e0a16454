#pragma once

#include "unit.h"

namespace hamgam::engine {

/// A pre-LayerNorm decoder block: causal multi-head self-attention and a
/// 4× GELU MLP, each with a residual connection.
class TransformerBlockUnit final : public Unit
{
public:
    TransformerBlockUnit(std::string name, std::int64_t width, std::int64_t heads, std::int64_t context,
                         std::int64_t layers);

    std::string name() const override { return m_name; }
    const std::vector<ParamSpec> &params() const override { return m_params; }
    at::Tensor forward(const at::Tensor &input, const std::vector<at::Tensor> &params) override;
    std::int64_t activationElementsPerSample() const override;
    std::int64_t inputElementsPerSample() const override
    {
        return UnitFootprint::transformerBlock(m_width, m_heads, m_context).inputElements;
    }
    std::string scriptSource() const override;

private:
    std::string m_name;
    std::int64_t m_width;
    std::int64_t m_heads;
    std::int64_t m_context;
    at::Tensor m_causalMask; // true above the diagonal: positions a token may not see
    std::vector<ParamSpec> m_params;
};

} // namespace hamgam::engine
