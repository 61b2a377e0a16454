#pragma once

#include "steppolicy.h"

#include <ATen/ATen.h>

namespace hamgam::engine {

class Dataset;
class Model;
class ModelRunner;

/// dp, hdp, lsdp, lshdp, fsdp: the rank's own samples through the whole model
/// (its parameters gathered or streamed by the ModelRunner as placed).
class DataParallelStep final : public StepPolicy
{
public:
    DataParallelStep(Model &model, ModelRunner &runner, const Dataset &dataset, at::Device device);

    void beginStep() override {}
    Losses train(const Batch &batch, std::int64_t stepBatch, std::int64_t passes, double lossScale) override;
    void evaluate(std::int64_t begin, std::int64_t end, double &lossSum, double &correct) override;
    bool measuresMemory() const override { return true; }
    std::optional<double> takeTensorParallelMs() override { return std::nullopt; }
    std::optional<contracts::TensorParallelInfo> readyInfo() const override;

private:
    Model &m_model;
    ModelRunner &m_runner;
    const Dataset &m_dataset;
    at::Device m_device;
};

} // namespace hamgam::engine
