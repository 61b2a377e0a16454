#pragma once

#include "dataset.h"
#include "model.h"
#include "result.h"
#include "workerconfig.h"

#include <memory>

namespace hamgam::engine {

class TensorParallel;

/// Builds the configured model for the data it will see.
class ModelFactory
{
public:
    /// With a tensor-parallel group: this rank's shards of the mlp or gpt
    /// (docs/engine.md, "Tensor parallelism"); the group learns which rows the
    /// output covers.
    /// A TorchScript model's buffers load straight onto `device` (the rank's GPU).
    static Result<std::unique_ptr<Model>> build(const ModelConfig &config, const DatasetInfo &data,
                                                TensorParallel *tp = nullptr, at::Device device = at::kCPU);

private:
    static Result<std::unique_ptr<Model>> buildTensorParallel(const ModelConfig &config,
                                                              const DatasetInfo &data, TensorParallel &tp);
};

} // namespace hamgam::engine
