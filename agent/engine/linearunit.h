#pragma once

#include "unit.h"

namespace hamgam::engine {

/// Linear layer plus optional activation: one unit of the mlp model.
class LinearUnit final : public Unit
{
public:
    enum class Activation
    {
        None,
        Relu,
        Gelu,
        Tanh,
    };

    LinearUnit(std::string name, std::int64_t in, std::int64_t out, Activation activation, bool flattenInput);

    std::string name() const override { return m_name; }
    const std::vector<ParamSpec> &params() const override { return m_params; }
    at::Tensor forward(const at::Tensor &input, const std::vector<at::Tensor> &params) override;
    std::int64_t activationElementsPerSample() const override;
    std::int64_t inputElementsPerSample() const override
    {
        return UnitFootprint::linear(m_in, m_out, m_activation != Activation::None).inputElements;
    }
    std::string scriptSource() const override;

private:
    std::string m_name;
    std::int64_t m_in;
    std::int64_t m_out;
    Activation m_activation;
    bool m_flatten;
    std::vector<ParamSpec> m_params;
};

} // namespace hamgam::engine
