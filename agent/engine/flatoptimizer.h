#pragma once

#include <ATen/ATen.h>
#include <cstdint>
#include <vector>

namespace hamgam::engine {

/// SGD (momentum, Nesterov, weight decay) and AdamW (decoupled weight decay)
/// on flat fp32 tensors: one call updates a whole shard, a chunk at a time so
/// that its temporaries stay one chunk in size. The arithmetic is
/// torch::optim's (1.13) operation for operation, so a flat step equals
/// torch's step over the same parameters (tests/engine/tst_flatoptimizer).
class FlatOptimizer
{
public:
    enum class Kind
    {
        Sgd,
        AdamW,
    };
    struct Settings
    {
        Kind kind = Kind::Sgd;
        double momentum = 0.0;
        double dampening = 0.0;
        double weightDecay = 0.0;
        bool nesterov = false;
        double beta1 = 0.9;
        double beta2 = 0.999;
        double eps = 1e-8;
        /// Elements updated at a time (≤ 0: the whole shard at once); 1 M
        /// elements keep the temporaries at 4 MB each.
        std::int64_t chunkElements = 1 << 20;
    };

    explicit FlatOptimizer(Settings settings)
        : m_settings(settings)
    {}

    const Settings &settings() const { return m_settings; }
    /// State tensors per parameter element: SGD 1 with momentum (else 0), AdamW 2.
    int stateSlots() const;
    /// The most the update of a shard of `numel` elements allocates at once
    /// (two temporaries of one chunk: AdamW's denominator and its square root).
    std::int64_t temporaryBytes(std::int64_t numel) const;
    /// One update. stepNumber counts from 1; state holds stateSlots() tensors
    /// shaped like param (zeros before the first step).
    void step(at::Tensor &param, const at::Tensor &grad, std::vector<at::Tensor> &state, double lr,
              std::int64_t stepNumber) const;

private:
    void stepChunk(at::Tensor &param, const at::Tensor &grad, std::vector<at::Tensor> &state, double lr,
                   std::int64_t stepNumber) const;

    Settings m_settings;
};

} // namespace hamgam::engine
