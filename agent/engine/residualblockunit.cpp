#include "residualblockunit.h"

#include <cmath>

namespace hamgam::engine {

ResidualBlockUnit::ResidualBlockUnit(std::string name, std::int64_t channels, std::int64_t groups,
                                     std::int64_t height, std::int64_t width)
    : m_name(std::move(name))
    , m_channels(channels)
    , m_groups(groups)
    , m_pixels(height * width)
{
    const double bound = 1.0 / std::sqrt(static_cast<double>(channels * 9));
    m_params.push_back({"conv1.weight", {channels, channels, 3, 3}, ParamSpec::Init::Uniform, bound, {}});
    m_params.push_back({"norm1.weight", {channels}, ParamSpec::Init::Ones, 0, {}});
    m_params.push_back({"norm1.bias", {channels}, ParamSpec::Init::Zeros, 0, {}});
    m_params.push_back({"conv2.weight", {channels, channels, 3, 3}, ParamSpec::Init::Uniform, bound, {}});
    m_params.push_back({"norm2.weight", {channels}, ParamSpec::Init::Ones, 0, {}});
    m_params.push_back({"norm2.bias", {channels}, ParamSpec::Init::Zeros, 0, {}});
}

at::Tensor ResidualBlockUnit::forward(const at::Tensor &input, const std::vector<at::Tensor> &params)
{
    at::Tensor h = at::conv2d(input, params[0], {}, 1, 1);
    // Normalized in fp32, as in ConvStemUnit (precision bf16 leaves bf16 convolution outputs).
    h = at::relu(at::group_norm(h.to(params[1].scalar_type()), m_groups, params[1], params[2]));
    h = at::conv2d(h, params[3], {}, 1, 1);
    h = at::group_norm(h.to(params[4].scalar_type()), m_groups, params[4], params[5]);
    return at::relu(input + h);
}

std::string ResidualBlockUnit::scriptSource() const
{
    const std::string g = std::to_string(m_groups);
    return "def forward(self, x):\n"
           "    h = torch.conv2d(x, self.conv1.weight, None, [1, 1], [1, 1])\n"
           "    h = torch.relu(torch.group_norm(h, " +
           g +
           ", self.norm1.weight, self.norm1.bias))\n"
           "    h = torch.conv2d(h, self.conv2.weight, None, [1, 1], [1, 1])\n"
           "    h = torch.group_norm(h, " +
           g +
           ", self.norm2.weight, self.norm2.bias)\n"
           "    return torch.relu(x + h)\n";
}

std::int64_t ResidualBlockUnit::activationElementsPerSample() const
{
    return UnitFootprint::residualBlock(m_channels, m_pixels).activationElements;
}

} // namespace hamgam::engine
