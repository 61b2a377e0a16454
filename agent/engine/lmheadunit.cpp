#include "lmheadunit.h"

namespace hamgam::engine {

LmHeadUnit::LmHeadUnit(std::int64_t width, std::int64_t vocab, std::int64_t context)
    : m_width(width)
    , m_vocab(vocab)
    , m_context(context)
{
    m_params.push_back({"ln_f.weight", {width}, ParamSpec::Init::Ones, 0, {}});
    m_params.push_back({"ln_f.bias", {width}, ParamSpec::Init::Zeros, 0, {}});
    m_params.push_back({"lm_head.weight", {vocab, width}, ParamSpec::Init::Normal, 0.02, {}});
}

at::Tensor LmHeadUnit::forward(const at::Tensor &input, const std::vector<at::Tensor> &params)
{
    return at::linear(at::layer_norm(input, {m_width}, params[0], params[1]), params[2]);
}

std::string LmHeadUnit::scriptSource() const
{
    return "def forward(self, x):\n"
           "    h = torch.layer_norm(x, [" +
           std::to_string(m_width) +
           "], self.ln_f.weight, self.ln_f.bias)\n"
           "    return torch.linear(h, self.lm_head.weight)\n";
}

} // namespace hamgam::engine
