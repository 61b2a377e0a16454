#pragma once

#include "unit.h"

namespace hamgam::engine {

/// The gpt's first unit: byte embedding plus learned positions.
class TokenEmbeddingUnit final : public Unit
{
public:
    TokenEmbeddingUnit(std::int64_t vocab, std::int64_t width, std::int64_t context);

    std::string name() const override { return "embedding"; }
    const std::vector<ParamSpec> &params() const override { return m_params; }
    at::Tensor forward(const at::Tensor &input, const std::vector<at::Tensor> &params) override;
    std::string scriptSource() const override;
    std::int64_t activationElementsPerSample() const override
    {
        return UnitFootprint::tokenEmbedding(0, m_width, m_context).activationElements;
    }
    std::int64_t inputElementsPerSample() const override
    {
        return UnitFootprint::tokenEmbedding(0, m_width, m_context).inputElements;
    }

private:
    std::int64_t m_width;
    std::int64_t m_context;
    std::vector<ParamSpec> m_params;
};

} // namespace hamgam::engine
