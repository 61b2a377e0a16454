#pragma once

#include "result.h"
#include "unit.h"

#include <torch/script.h>

namespace hamgam::engine {

/// A user's TorchScript module as one unit: its parameters become the unit's,
/// with the module's own values as the initial state, and every forward binds
/// the engine's tensors to the module's parameter attributes before calling
/// forward(input), which must return logits.
class TorchScriptUnit final : public Unit
{
public:
    static Result<std::unique_ptr<TorchScriptUnit>> load(const std::string &path,
                                                         at::Device device = at::kCPU);

    std::string name() const override { return "torchscript"; }
    const std::vector<ParamSpec> &params() const override { return m_params; }
    at::Tensor forward(const at::Tensor &input, const std::vector<at::Tensor> &params) override;
    std::int64_t activationElementsPerSample() const override { return m_activationEstimate; }
    /// A copy of the user's module on the CPU, in eval mode, with `params`
    /// (shaped as params()) as its parameters and its buffers as trained: what
    /// the export saves (ModelExporter).
    torch::jit::Module trainedModule(const std::vector<at::Tensor> &params) const;

private:
    TorchScriptUnit(torch::jit::Module module);

    torch::jit::Module m_module;
    std::vector<ParamSpec> m_params;
    std::vector<std::pair<torch::jit::Module, std::string>> m_slots; // owner module and attribute name
    std::int64_t m_activationEstimate = 0;
};

} // namespace hamgam::engine
