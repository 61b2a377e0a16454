#pragma once

#include "unit.h"

namespace hamgam::engine {

/// A residual block of the cnn: conv-GroupNorm-ReLU-conv-GroupNorm plus the
/// identity, then ReLU. GroupNorm, not BatchNorm, so a sample's output does not
/// depend on the rest of its batch (exact equivalence for any split).
class ResidualBlockUnit final : public Unit
{
public:
    ResidualBlockUnit(std::string name, std::int64_t channels, std::int64_t groups, std::int64_t height,
                      std::int64_t width);

    std::string name() const override { return m_name; }
    const std::vector<ParamSpec> &params() const override { return m_params; }
    at::Tensor forward(const at::Tensor &input, const std::vector<at::Tensor> &params) override;
    std::int64_t activationElementsPerSample() const override;
    std::int64_t inputElementsPerSample() const override
    {
        return UnitFootprint::residualBlock(m_channels, m_pixels).inputElements;
    }
    std::string scriptSource() const override;

private:
    std::string m_name;
    std::int64_t m_channels;
    std::int64_t m_groups;
    std::int64_t m_pixels;
    std::vector<ParamSpec> m_params;
};

} // namespace hamgam::engine
