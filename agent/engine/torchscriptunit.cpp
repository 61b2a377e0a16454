#include "torchscriptunit.h"

#include "error.h"

#include <torch/csrc/jit/runtime/graph_executor.h>

namespace hamgam::engine {

TorchScriptUnit::TorchScriptUnit(torch::jit::Module module)
    : m_module(std::move(module))
{
    std::int64_t total = 0;
    for (const auto &p : m_module.named_parameters(/*recurse=*/true)) {
        ParamSpec spec;
        spec.name = p.name;
        spec.shape = p.value.sizes().vec();
        spec.init = ParamSpec::Init::Given;
        spec.given = p.value.detach().clone();
        total += spec.numel();
        m_params.push_back(std::move(spec));

        // "a.b.weight": attribute "weight" of submodule a.b.
        torch::jit::Module owner = m_module;
        std::string rest = p.name;
        for (auto dot = rest.find('.'); dot != std::string::npos; dot = rest.find('.')) {
            owner = owner.attr(rest.substr(0, dot)).toModule();
            rest = rest.substr(dot + 1);
        }
        m_slots.emplace_back(owner, rest);
    }
    // Unknown architecture: assume activations of the order of a few times the parameters per sample, capped.
    m_activationEstimate = std::min<std::int64_t>(total, 1 << 20);
}

Result<std::unique_ptr<TorchScriptUnit>> TorchScriptUnit::load(const std::string &path, at::Device device)
{
    using R = Result<std::unique_ptr<TorchScriptUnit>>;
    try {
        // Straight onto the rank's device: buffers (running statistics) live there.
        torch::jit::Module module = torch::jit::load(path, device);
        module.train(true);
        // The profiling executor may fuse differently from run to run; plain
        // execution keeps every rank's arithmetic identical.
        torch::jit::getExecutorMode() = false;
        torch::jit::getProfilingMode() = false;
        torch::jit::setGraphExecutorOptimize(false);
        std::unique_ptr<TorchScriptUnit> unit(new TorchScriptUnit(std::move(module)));
        if (unit->m_params.empty())
            return R::failure(ErrorKind::Config, "TorchScript model " + path + " has no parameters to train");
        return R(std::move(unit));
    } catch (const std::exception &e) {
        return R::failure(ErrorKind::Config, "cannot load TorchScript model " + path + ": " + firstLine(e));
    }
}

torch::jit::Module TorchScriptUnit::trainedModule(const std::vector<at::Tensor> &params) const
{
    // The module's parameter slots still hold the last forward's tensors, whose
    // storage the ParameterStore may have freed since (a gathered unit): the
    // trained values go in first, then the module (and its buffers) is copied.
    for (size_t i = 0; i < m_slots.size(); ++i)
        m_slots[i].first._ivalue()->setAttr(m_slots[i].second, params.at(i).detach().to(at::kCPU).clone());
    torch::jit::Module copy = m_module.deepcopy();
    copy.to(at::kCPU);
    for (const auto &p : copy.named_parameters(/*recurse=*/true))
        p.value.requires_grad_(true);
    copy.eval();
    return copy;
}

at::Tensor TorchScriptUnit::forward(const at::Tensor &input, const std::vector<at::Tensor> &params)
{
    for (size_t i = 0; i < m_slots.size(); ++i)
        m_slots[i].first._ivalue()->setAttr(m_slots[i].second, params[i]);
    const auto out = m_module.forward({input});
    if (!out.isTensor())
        throw std::runtime_error("the TorchScript model's forward must return a tensor of logits");
    return out.toTensor();
}

} // namespace hamgam::engine
