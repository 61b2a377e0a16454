#pragma once

#include "unit.h"

#include <ATen/ATen.h>
#include <memory>
#include <string>
#include <vector>

namespace hamgam::engine {

/// A model as the engine sees it: a sequence of units and how to score its output.
class Model
{
public:
    enum class Task
    {
        Classification, ///< logits [n, classes] against labels [n]
        LanguageModel,  ///< logits [n, T, vocab] against next tokens [n, T]
    };

    Model(std::vector<std::unique_ptr<Unit>> units, Task task, std::string description);

    const std::vector<std::unique_ptr<Unit>> &units() const { return m_units; }
    Unit &unit(int i) { return *m_units[static_cast<size_t>(i)]; }
    int unitCount() const { return static_cast<int>(m_units.size()); }
    Task task() const { return m_task; }
    const std::string &description() const { return m_description; }
    /// Logical parameters of the whole model (what one process would hold).
    std::int64_t parameterCount() const;
    /// Elements this rank holds for unit i (its shard under tensor parallelism).
    std::int64_t unitNumel(int i) const;
    /// Elements of unit i's logical parameters: checkpoints and dumps use this order.
    std::int64_t logicalUnitNumel(int i) const;
    /// Activation elements kept per sample for the backward. `recompute`: each
    /// unit keeps only its input, and one unit at a time computes its inside
    /// again (the largest of them).
    std::int64_t activationElementsPerSample(bool recompute = false) const;

    /// Σ over the batch of each sample's loss (cross-entropy; for a language
    /// model a sample's loss is the mean over its tokens). Dividing by the
    /// global batch gives each rank's share of the exact global mean.
    /// Training's loss uses the targets smoothed by setLabelSmoothing; the held-out loss never does,
    /// so runs with and without smoothing compare.
    at::Tensor lossSum(const at::Tensor &output, const at::Tensor &target) const;
    at::Tensor heldOutLossSum(const at::Tensor &output, const at::Tensor &target) const;
    /// loss.label_smoothing: 1 − ε on the true class, ε spread over all classes (0: off).
    void setLabelSmoothing(double epsilon) { m_labelSmoothing = epsilon; }
    /// Correct predictions (classification) or 0.
    std::int64_t correct(const at::Tensor &output, const at::Tensor &target) const;

private:
    std::vector<std::unique_ptr<Unit>> m_units;
    Task m_task;
    std::string m_description;
    double m_labelSmoothing = 0.0;
};

} // namespace hamgam::engine
