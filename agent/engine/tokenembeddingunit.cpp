#include "tokenembeddingunit.h"

namespace hamgam::engine {

TokenEmbeddingUnit::TokenEmbeddingUnit(std::int64_t vocab, std::int64_t width, std::int64_t context)
    : m_width(width)
    , m_context(context)
{
    m_params.push_back({"token.weight", {vocab, width}, ParamSpec::Init::Normal, 0.02, {}});
    m_params.push_back({"position.weight", {context, width}, ParamSpec::Init::Normal, 0.02, {}});
}

at::Tensor TokenEmbeddingUnit::forward(const at::Tensor &input, const std::vector<at::Tensor> &params)
{
    const std::int64_t length = input.size(1);
    return at::embedding(params[0], input) + params[1].narrow(0, 0, length);
}

std::string TokenEmbeddingUnit::scriptSource() const
{
    return "def forward(self, x):\n"
           "    return torch.embedding(self.token.weight, x) + self.position.weight.narrow(0, 0, "
           "x.size(1))\n";
}

} // namespace hamgam::engine
