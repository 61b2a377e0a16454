#include "convstemunit.h"

#include <cmath>

namespace hamgam::engine {

ConvStemUnit::ConvStemUnit(std::int64_t inChannels, std::int64_t channels, std::int64_t groups,
                           std::int64_t height, std::int64_t width)
    : m_in(inChannels)
    , m_channels(channels)
    , m_groups(groups)
    , m_height(height)
    , m_width(width)
{
    const double bound = 1.0 / std::sqrt(static_cast<double>(inChannels * 9));
    m_params.push_back({"conv.weight", {channels, inChannels, 3, 3}, ParamSpec::Init::Uniform, bound, {}});
    m_params.push_back({"norm.weight", {channels}, ParamSpec::Init::Ones, 0, {}});
    m_params.push_back({"norm.bias", {channels}, ParamSpec::Init::Zeros, 0, {}});
}

at::Tensor ConvStemUnit::forward(const at::Tensor &input, const std::vector<at::Tensor> &params)
{
    at::Tensor y = at::conv2d(input, params[0], {}, /*stride=*/2, /*padding=*/1);
    // Normalized in the parameters' fp32: under precision bf16 the convolution's
    // output is bf16, and CPU autocast leaves group_norm's types to the caller.
    y = at::group_norm(y.to(params[1].scalar_type()), m_groups, params[1], params[2]);
    return at::relu(y);
}

std::string ConvStemUnit::scriptSource() const
{
    const std::string g = std::to_string(m_groups);
    return "def forward(self, x):\n"
           "    y = torch.conv2d(x, self.conv.weight, None, [2, 2], [1, 1])\n"
           "    return torch.relu(torch.group_norm(y, " +
           g + ", self.norm.weight, self.norm.bias))\n";
}

std::int64_t ConvStemUnit::activationElementsPerSample() const
{
    return UnitFootprint::convStem(m_in, m_channels, m_height, m_width).activationElements;
}

} // namespace hamgam::engine
