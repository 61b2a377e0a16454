#pragma once

#include "gradienthook.h"

#include <cstdint>
#include <map>
#include <memory>

namespace hamgam::engine {

/// Low-rank gradients with error feedback (comm.compression: powersgd;
/// Vogels et al. 2019, as PyTorch's powerSGD_hook in its batched mode), for
/// links too slow for the whole gradient (docs/engine.md, "Compressed
/// gradients"). Each bucket is laid out as an n×m matrix M (this rank's
/// gradient plus what compression left out before) and only P = M·Q (n×r)
/// and Q = Mᵀ·P (m×r) cross the link:
///   P ← Σ M_i·Q, orthonormalised;  Q ← Σ M_iᵀ·P;  sum ≈ P·Qᵀ
/// Q is kept from step to step (warm start), so one power iteration per step
/// follows the gradient's leading subspace. Each rank keeps its error
/// e_i = M_i − P·Qᵀ / N, so what one step leaves out is sent in later ones
/// and the errors sum to what the approximation missed. A rank r at the
/// matrix's smaller side is exact (up to rounding). The first warm-up steps,
/// and every reduce-scatter inside a node, are exact (the fallback hook).
class PowerSgdHook final : public GradientHook
{
public:
    struct Settings
    {
        int rank = 4;
        std::int64_t warmupSteps = 10;
        std::uint64_t seed = 0; ///< Q's first values, the same on every replica
    };
    PowerSgdHook(Settings settings, std::shared_ptr<GradientHook> exact);

    std::string name() const override { return "powersgd"; }
    bool exact() const override { return false; }
    std::int64_t wireElementBytes() const override { return m_exact->wireElementBytes(); }
    void beginStep() override;
    Result<HookFuture> allReduce(const GradBucket &bucket, CommGroup &replicas) override;
    Result<HookFuture> reduceScatter(const at::Tensor &flat, std::int64_t shard, CommGroup &group) override;

    /// The n×m layout of a bucket of `numel` elements: m = ⌈√numel⌉, n = ⌈numel / m⌉.
    static std::pair<std::int64_t, std::int64_t> matrixShape(std::int64_t numel);

private:
    struct BucketState
    {
        at::Tensor error; ///< this rank's e_i, numel fp32
        at::Tensor q;     ///< m×r, warm-started
    };
    BucketState &stateOf(const GradBucket &bucket, std::int64_t m, std::int64_t r);

    Settings m_s;
    std::shared_ptr<GradientHook> m_exact;
    std::int64_t m_steps = 0;
    std::map<int, BucketState> m_state;
};

} // namespace hamgam::engine
