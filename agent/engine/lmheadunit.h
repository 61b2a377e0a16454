#pragma once

#include "unit.h"

namespace hamgam::engine {

/// The gpt's last unit: final LayerNorm and the projection to byte logits.
class LmHeadUnit final : public Unit
{
public:
    LmHeadUnit(std::int64_t width, std::int64_t vocab, std::int64_t context);

    std::string name() const override { return "head"; }
    const std::vector<ParamSpec> &params() const override { return m_params; }
    at::Tensor forward(const at::Tensor &input, const std::vector<at::Tensor> &params) override;
    std::string scriptSource() const override;
    std::int64_t activationElementsPerSample() const override
    {
        return UnitFootprint::lmHead(m_width, m_vocab, m_context).activationElements;
    }
    std::int64_t inputElementsPerSample() const override
    {
        return UnitFootprint::lmHead(m_width, m_vocab, m_context).inputElements;
    }

private:
    std::int64_t m_width;
    std::int64_t m_vocab;
    std::int64_t m_context;
    std::vector<ParamSpec> m_params;
};

} // namespace hamgam::engine
