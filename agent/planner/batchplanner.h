#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hamgam {

/// Splits a global batch B over N ranks in proportion to their throughput:
/// b_i ∝ t_i, integers by largest remainder, Σ b_i = B, b_i ≤ cap_i (the excess
/// water-filled to the others), at least one sample per rank when B ≥ N.
///
/// Exactly: find λ with Σ clamp(λ·t_i, lo_i, hi_i) = B, where lo_i = 1 (0 when
/// B < N) and hi_i = cap_i (1 when B < N), then round by largest remainder.
/// When B < N the B fastest ranks get one sample each and the others none.
/// Ranks with zero throughput get only their minimum unless the capped others
/// cannot hold B, in which case they share the rest equally.
/// Ties (equal remainders) go to the faster rank, then to the lower rank index,
/// so every rank computes the same plan from the same measurements.
class BatchPlanner
{
public:
    /// A plan or the reason there is none.
    struct Split
    {
        std::vector<std::int64_t> batches;
        /// Passes a step takes (gradient accumulation): 1 when every share fits
        /// its cap; otherwise the fewest M with which Σ M·cap_i holds the batch.
        std::int64_t microBatches = 1;
        std::string error; ///< empty when batches is valid
        bool ok() const { return error.empty(); }
    };

    /// caps: empty, or one per rank; a cap ≤ 0 means "no cap". A cap bounds
    /// the samples of one forward and backward: when the caps cannot hold the
    /// global batch, every rank takes M passes (micro-batches) and sums their
    /// gradients, and the split is made as if each cap were M times larger,
    /// with M the fewest that fit (each pass costs a parameter gather on the
    /// sharded strategies and its fixed overhead on all).
    static Split split(const std::vector<double> &throughput, std::int64_t globalBatch,
                       const std::vector<std::int64_t> &caps = {});
    /// The equal split (as DDP uses), still respecting caps.
    static Split equal(int ranks, std::int64_t globalBatch, const std::vector<std::int64_t> &caps = {});
    /// A plan scaled to another total (the short last step of an epoch): the
    /// same proportions, never more than a rank had in the full plan.
    static Split scaled(const std::vector<std::int64_t> &plan, std::int64_t total);
    /// The passes a plan takes under caps: max_i ⌈b_i / cap_i⌉ (1 without caps).
    /// Every rank computes it from the same plan and caps, so all take the same
    /// number of passes, and the sharded strategies' collectives pair up.
    static std::int64_t microBatches(const std::vector<std::int64_t> &batches,
                                     const std::vector<std::int64_t> &caps);
    /// Predicted step time max_i b_i·s_i for per-sample seconds s_i.
    static double predictedStepTime(const std::vector<std::int64_t> &batches,
                                    const std::vector<double> &secondsPerSample);
};

} // namespace hamgam
