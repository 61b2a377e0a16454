#include "poolheadunit.h"

#include <cmath>

namespace hamgam::engine {

PoolHeadUnit::PoolHeadUnit(std::int64_t channels, std::int64_t classes, std::int64_t pixels)
    : m_channels(channels)
    , m_classes(classes)
    , m_pixels(pixels)
{
    const double bound = 1.0 / std::sqrt(static_cast<double>(channels));
    m_params.push_back({"fc.weight", {classes, channels}, ParamSpec::Init::Uniform, bound, {}});
    m_params.push_back({"fc.bias", {classes}, ParamSpec::Init::Uniform, bound, {}});
}

at::Tensor PoolHeadUnit::forward(const at::Tensor &input, const std::vector<at::Tensor> &params)
{
    return at::linear(input.mean({2, 3}), params[0], params[1]);
}

std::string PoolHeadUnit::scriptSource() const
{
    return "def forward(self, x):\n"
           "    return torch.linear(x.mean([2, 3]), self.fc.weight, self.fc.bias)\n";
}

} // namespace hamgam::engine
