#include "linearunit.h"

#include <cmath>

namespace hamgam::engine {

LinearUnit::LinearUnit(std::string name, std::int64_t in, std::int64_t out, Activation activation,
                       bool flattenInput)
    : m_name(std::move(name))
    , m_in(in)
    , m_out(out)
    , m_activation(activation)
    , m_flatten(flattenInput)
{
    // torch.nn.Linear's default: U(±1/√in) for weight and bias.
    const double bound = 1.0 / std::sqrt(static_cast<double>(in));
    m_params.push_back({"weight", {out, in}, ParamSpec::Init::Uniform, bound, {}});
    m_params.push_back({"bias", {out}, ParamSpec::Init::Uniform, bound, {}});
}

at::Tensor LinearUnit::forward(const at::Tensor &input, const std::vector<at::Tensor> &params)
{
    const at::Tensor x = m_flatten ? input.flatten(1) : input;
    at::Tensor y = at::linear(x, params[0], params[1]);
    switch (m_activation) {
    case Activation::None:
        return y;
    case Activation::Relu:
        return at::relu(y);
    case Activation::Gelu:
        return at::gelu(y);
    case Activation::Tanh:
        return at::tanh(y);
    }
    return y;
}

std::string LinearUnit::scriptSource() const
{
    std::string s = "def forward(self, x):\n";
    if (m_flatten)
        s += "    x = torch.flatten(x, 1)\n";
    s += "    y = torch.linear(x, self.weight, self.bias)\n";
    switch (m_activation) {
    case Activation::None:
        return s + "    return y\n";
    case Activation::Relu:
        return s + "    return torch.relu(y)\n";
    case Activation::Gelu:
        return s + "    return torch.gelu(y)\n";
    case Activation::Tanh:
        return s + "    return torch.tanh(y)\n";
    }
    return s + "    return y\n";
}

std::int64_t LinearUnit::activationElementsPerSample() const
{
    return UnitFootprint::linear(m_in, m_out, m_activation != Activation::None).activationElements;
}

} // namespace hamgam::engine
