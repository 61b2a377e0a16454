#pragma once

#include "dataset.h"
#include "steppolicy.h"

#include <ATen/ATen.h>

namespace hamgam::engine {

class Model;
class ModelRunner;
class TensorParallel;

/// tp1d, tp2d, tp3d: every rank of a node takes the node's samples, padded to
/// equal row parts, and computes its rows and its part of every layer with the
/// node's tensor-parallel group (docs/engine.md, "Tensor parallelism").
class TensorParallelStep final : public StepPolicy
{
public:
    /// What one rank computes of its node's samples.
    struct Rows
    {
        at::Tensor input;       ///< the rows of the first unit's input
        at::Tensor target;      ///< the rows of the output
        std::int64_t valid = 0; ///< leading rows of the output that are real samples
    };

    TensorParallelStep(TensorParallel &tp, Model &model, ModelRunner &runner, const Dataset &dataset,
                       at::Device device, int localRank);

    /// The node's `samples` (padded with zero rows to `parts` equal parts of at
    /// least one row), cut to the input's part `inputPart` and the output's part `outputPart`.
    static Rows rows(const at::Tensor &input, const at::Tensor &target, std::int64_t samples,
                     const DatasetInfo &info, std::int64_t parts, std::int64_t inputPart,
                     std::int64_t outputPart);

    void beginStep() override;
    Losses train(const Batch &batch, std::int64_t stepBatch, std::int64_t passes, double lossScale) override;
    void evaluate(std::int64_t begin, std::int64_t end, double &lossSum, double &correct) override;
    /// A node's ranks share its samples: one rank's peak does not scale with its own batch.
    bool measuresMemory() const override { return false; }
    std::optional<double> takeTensorParallelMs() override;
    std::optional<contracts::TensorParallelInfo> readyInfo() const override;

private:
    Rows rowsOf(const at::Tensor &input, const at::Tensor &target, std::int64_t samples) const;

    TensorParallel &m_tp;
    Model &m_model;
    ModelRunner &m_runner;
    const Dataset &m_dataset;
    const DatasetInfo m_info; ///< asked once: a table's carries its columns' names and statistics
    at::Device m_device;
    int m_localRank;
};

} // namespace hamgam::engine
