#pragma once

#include "unit.h"

namespace hamgam::engine {

/// The cnn's stem: 3×3 convolution with stride 2, GroupNorm, ReLU.
class ConvStemUnit final : public Unit
{
public:
    ConvStemUnit(std::int64_t inChannels, std::int64_t channels, std::int64_t groups, std::int64_t height,
                 std::int64_t width);

    std::string name() const override { return "stem"; }
    const std::vector<ParamSpec> &params() const override { return m_params; }
    at::Tensor forward(const at::Tensor &input, const std::vector<at::Tensor> &params) override;
    std::int64_t activationElementsPerSample() const override;
    std::int64_t inputElementsPerSample() const override
    {
        return UnitFootprint::convStem(m_in, m_channels, m_height, m_width).inputElements;
    }
    std::string scriptSource() const override;

    static std::int64_t outputSize(std::int64_t size) { return UnitFootprint::strideTwo(size); }

private:
    std::int64_t m_in;
    std::int64_t m_channels;
    std::int64_t m_groups;
    std::int64_t m_height;
    std::int64_t m_width;
    std::vector<ParamSpec> m_params;
};

} // namespace hamgam::engine
