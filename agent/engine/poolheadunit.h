#pragma once

#include "unit.h"

namespace hamgam::engine {

/// The cnn's head: global average pooling and a linear classifier.
class PoolHeadUnit final : public Unit
{
public:
    /// `pixels`: of the feature map it pools (what it keeps under recomputation).
    PoolHeadUnit(std::int64_t channels, std::int64_t classes, std::int64_t pixels);

    std::string name() const override { return "head"; }
    const std::vector<ParamSpec> &params() const override { return m_params; }
    at::Tensor forward(const at::Tensor &input, const std::vector<at::Tensor> &params) override;
    std::string scriptSource() const override;
    std::int64_t activationElementsPerSample() const override { return footprint().activationElements; }
    std::int64_t inputElementsPerSample() const override { return footprint().inputElements; }

private:
    UnitFootprint footprint() const { return UnitFootprint::poolHead(m_channels, m_classes, m_pixels); }

    std::int64_t m_channels;
    std::int64_t m_classes;
    std::int64_t m_pixels;
    std::vector<ParamSpec> m_params;
};

} // namespace hamgam::engine
