#include "transformerblockunit.h"

#include <cmath>
#include <iomanip>
#include <limits>
#include <sstream>

namespace hamgam::engine {

TransformerBlockUnit::TransformerBlockUnit(std::string name, std::int64_t width, std::int64_t heads,
                                           std::int64_t context, std::int64_t layers)
    : m_name(std::move(name))
    , m_width(width)
    , m_heads(heads)
    , m_context(context)
{
    // GPT-2's initialisation: N(0, 0.02²), residual projections scaled by 1/√(2·layers).
    const double residual = 0.02 / std::sqrt(2.0 * static_cast<double>(std::max<std::int64_t>(1, layers)));
    using I = ParamSpec::Init;
    m_params = {
        {"ln1.weight", {width}, I::Ones, 0, {}},
        {"ln1.bias", {width}, I::Zeros, 0, {}},
        {"attn.qkv.weight", {3 * width, width}, I::Normal, 0.02, {}},
        {"attn.qkv.bias", {3 * width}, I::Zeros, 0, {}},
        {"attn.proj.weight", {width, width}, I::Normal, residual, {}},
        {"attn.proj.bias", {width}, I::Zeros, 0, {}},
        {"ln2.weight", {width}, I::Ones, 0, {}},
        {"ln2.bias", {width}, I::Zeros, 0, {}},
        {"mlp.fc.weight", {4 * width, width}, I::Normal, 0.02, {}},
        {"mlp.fc.bias", {4 * width}, I::Zeros, 0, {}},
        {"mlp.proj.weight", {width, 4 * width}, I::Normal, residual, {}},
        {"mlp.proj.bias", {width}, I::Zeros, 0, {}},
    };
    m_causalMask = at::ones({context, context}, at::TensorOptions().dtype(at::kBool)).triu(1);
}

at::Tensor TransformerBlockUnit::forward(const at::Tensor &input, const std::vector<at::Tensor> &p)
{
    const std::int64_t batch = input.size(0), length = input.size(1);
    const std::int64_t headDim = m_width / m_heads;
    if (m_causalMask.device() != input.device())
        m_causalMask = m_causalMask.to(input.device());

    at::Tensor h = at::layer_norm(input, {m_width}, p[0], p[1]);
    const auto qkv = at::linear(h, p[2], p[3]).split(m_width, 2);
    auto heads = [&](const at::Tensor &t) {
        return t.view({batch, length, m_heads, headDim}).transpose(1, 2);
    };
    const at::Tensor q = heads(qkv[0]), k = heads(qkv[1]), v = heads(qkv[2]);
    at::Tensor att = at::matmul(q, k.transpose(-2, -1)) * (1.0 / std::sqrt(static_cast<double>(headDim)));
    att = att.masked_fill(m_causalMask.narrow(0, 0, length).narrow(1, 0, length),
                          -std::numeric_limits<float>::infinity());
    att = at::softmax(att, -1);
    at::Tensor y = at::matmul(att, v).transpose(1, 2).contiguous().view({batch, length, m_width});
    at::Tensor x = input + at::linear(y, p[4], p[5]);

    h = at::layer_norm(x, {m_width}, p[6], p[7]);
    h = at::gelu(at::linear(h, p[8], p[9]));
    return x + at::linear(h, p[10], p[11]);
}

std::string TransformerBlockUnit::scriptSource() const
{
    const std::int64_t headDim = m_width / m_heads;
    std::ostringstream scale;
    scale << std::setprecision(17) << 1.0 / std::sqrt(static_cast<double>(headDim));
    const std::string w = std::to_string(m_width), heads = std::to_string(m_heads),
                      dim = std::to_string(headDim);
    return "def forward(self, x):\n"
           "    batch = x.size(0)\n"
           "    length = x.size(1)\n"
           "    h = torch.layer_norm(x, [" +
           w +
           "], self.ln1.weight, self.ln1.bias)\n"
           "    qkv = torch.linear(h, self.attn.qkv.weight, self.attn.qkv.bias).split(" +
           w +
           ", 2)\n"
           "    q = qkv[0].view([batch, length, " +
           heads + ", " + dim +
           "]).transpose(1, 2)\n"
           "    k = qkv[1].view([batch, length, " +
           heads + ", " + dim +
           "]).transpose(1, 2)\n"
           "    v = qkv[2].view([batch, length, " +
           heads + ", " + dim +
           "]).transpose(1, 2)\n"
           "    att = torch.matmul(q, k.transpose(-2, -1)) * " +
           scale.str() +
           "\n"
           "    mask = torch.triu(torch.ones_like(att[0][0]), 1) > 0.5\n"
           "    att = torch.softmax(att.masked_fill(mask, float('-inf')), -1)\n"
           "    y = torch.matmul(att, v).transpose(1, 2).contiguous().view([batch, length, " +
           w +
           "])\n"
           "    x = x + torch.linear(y, self.attn.proj.weight, self.attn.proj.bias)\n"
           "    h = torch.layer_norm(x, [" +
           w +
           "], self.ln2.weight, self.ln2.bias)\n"
           "    h = torch.gelu(torch.linear(h, self.mlp.fc.weight, self.mlp.fc.bias))\n"
           "    return x + torch.linear(h, self.mlp.proj.weight, self.mlp.proj.bias)\n";
}

std::int64_t TransformerBlockUnit::activationElementsPerSample() const
{
    return UnitFootprint::transformerBlock(m_width, m_heads, m_context).activationElements;
}

} // namespace hamgam::engine
