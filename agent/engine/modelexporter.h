#pragma once

#include "dataset.h"
#include "result.h"
#include "workerconfig.h"

#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <torch/script.h>
#include <vector>

namespace hamgam::engine {

class Model;

/// The trained model as files PyTorch and LibTorch users load without
/// Hamgam: `model.pt`, a TorchScript archive (torch.jit.load), and
/// `model.json` beside it, saying what goes in and what comes out.
///
/// A built-in model becomes one submodule per unit, each unit's
/// scriptSource() over its logical parameters, whatever the strategy sharded
/// (tensor-parallel runs export the model one process would hold). A
/// TorchScript model is the user's own module with its trained parameters. A
/// table's standardization is part of the module, so it takes raw columns; an
/// image model takes [N, C, H, W] floats in 0..1, as torchvision's ToTensor()
/// makes them.
class ModelExporter
{
public:
    /// `model`: the run's model (its units, or their logical twins when
    /// tensor-parallel); `config` rebuilds those twins; `data` says what the
    /// model's input is.
    ModelExporter(const Model &model, ModelConfig config, DatasetInfo data);
    ~ModelExporter();
    ModelExporter(const ModelExporter &) = delete;
    ModelExporter &operator=(const ModelExporter &) = delete;

    /// The module for every unit's logical parameters (flat, in the unit's
    /// params() order, as ParameterStore::fullParameters gives them).
    Result<torch::jit::Module> module(const std::vector<at::Tensor> &unitParameters);
    /// What model.json says: `about` (step, evaluation, dataset) with the
    /// input, the output and the classes added.
    nlohmann::json description(const nlohmann::json &about) const;
    /// Writes model.pt and model.json into `dir` (created when missing), each
    /// replaced whole (AtomicWriter); the size of model.pt.
    Result<std::int64_t> write(const std::string &dir, const std::vector<at::Tensor> &unitParameters,
                               const nlohmann::json &about);

private:
    /// The units to export: the run's own, or a logical model built once.
    Result<const Model *> logicalModel();

    const Model &m_model;
    ModelConfig m_config;
    DatasetInfo m_data;
    std::unique_ptr<Model> m_logical; ///< tensor-parallel runs: the model one process would hold
};

} // namespace hamgam::engine
