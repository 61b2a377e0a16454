#pragma once

#include "model.h"
#include "parameterstore.h"
#include "recomputedunitfunction.h"

#include <ATen/ATen.h>
#include <vector>

namespace hamgam::engine {

/// Runs a model's units with their parameters from the ParameterStore. Every
/// rank issues the same parameter collectives in the same order, including a
/// rank with no samples in a step, which walks the same sequence without
/// computing ("skeleton" steps).
class ModelRunner
{
public:
    /// `autocast`: the lower type the forwards run in under autocast on `device`'s
    /// type (kBFloat16, kHalf; kFloat: none); their outputs come back as fp32
    /// either way, for the loss. `recompute`:
    /// each unit keeps only its input and runs again in the backward
    /// (memory.recompute, RecomputedUnitFunction).
    ModelRunner(Model &model, ParameterStore &store, at::DeviceType device = at::kCPU,
                at::ScalarType autocast = at::kFloat, bool recompute = false);

    /// Training forward: autograd reaches the store through one UnitParamsFunction per unit.
    at::Tensor forward(const at::Tensor &input);
    /// Forward without autograd (evaluation).
    at::Tensor evaluate(const at::Tensor &input);
    /// Gradient accumulation: the step's pass `pass` of `passes` starts (ParameterStore::beginPass).
    void beginPass(int pass, int passes) { m_store.beginPass(pass, passes); }
    /// A training step's collectives for a rank without samples (zero gradients).
    void skeletonStep();
    /// An evaluation forward's collectives for a rank without samples.
    void skeletonEvaluate();

private:
    Model &m_model;
    ParameterStore &m_store;
    at::DeviceType m_device;
    at::ScalarType m_autocast;
    bool m_recompute;
    RecomputeContext m_context;
    std::vector<at::Tensor> m_anchors;
};

} // namespace hamgam::engine
