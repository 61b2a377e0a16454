#pragma once

#include <cstdint>
#include <vector>

namespace hamgam {

/// The global sampler: one seeded permutation of the dataset per epoch, cut
/// into consecutive global batches of B; rank i takes its slice of each batch
/// by the plan's offsets. The batch of a step does not depend on the plan, so
/// every sample is seen exactly once per epoch whatever the split and however
/// often it changes. The last step of an epoch takes the remaining samples
/// (fewer than B when B does not divide the dataset).
///
/// Not thread-safe (it caches the current permutation): one per thread.
class GlobalSampler
{
public:
    /// Where a global step falls.
    struct Position
    {
        std::int64_t epoch = 0;
        std::int64_t stepInEpoch = 0;
    };

    GlobalSampler(std::int64_t datasetSize, std::int64_t globalBatch, std::uint64_t seed);

    std::int64_t datasetSize() const { return m_size; }
    std::int64_t globalBatch() const { return m_batch; }
    std::int64_t stepsPerEpoch() const;
    Position position(std::int64_t globalStep) const;
    /// B, or what is left for the last step of an epoch.
    std::int64_t stepBatch(const Position &p) const;
    /// The dataset indices of rank `rank`, whose slice is batches[rank] long at
    /// offset Σ_{j<rank} batches[j]; Σ batches must equal stepBatch(p).
    std::vector<std::int64_t> rankIndices(const Position &p, const std::vector<std::int64_t> &batches,
                                          int rank);
    /// The permutation of an epoch (Fisher-Yates driven by SeededRandom(seed, epoch)).
    const std::vector<std::int64_t> &permutation(std::int64_t epoch);

private:
    std::int64_t m_size;
    std::int64_t m_batch;
    std::uint64_t m_seed;
    std::int64_t m_cachedEpoch = -1;
    std::vector<std::int64_t> m_permutation;
};

} // namespace hamgam
