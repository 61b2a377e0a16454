#include "globalsampler.h"

#include "seededrandom.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace hamgam {

namespace {
constexpr std::uint64_t kPermutationStream = 0x5045524d; // "PERM"
}

GlobalSampler::GlobalSampler(std::int64_t datasetSize, std::int64_t globalBatch, std::uint64_t seed)
    : m_size(std::max<std::int64_t>(0, datasetSize))
    , m_batch(std::max<std::int64_t>(1, globalBatch))
    , m_seed(seed)
{}

std::int64_t GlobalSampler::stepsPerEpoch() const
{
    return (m_size + m_batch - 1) / m_batch;
}

GlobalSampler::Position GlobalSampler::position(std::int64_t globalStep) const
{
    const std::int64_t spe = std::max<std::int64_t>(1, stepsPerEpoch());
    return {globalStep / spe, globalStep % spe};
}

std::int64_t GlobalSampler::stepBatch(const Position &p) const
{
    const std::int64_t begin = p.stepInEpoch * m_batch;
    return std::clamp<std::int64_t>(m_size - begin, 0, m_batch);
}

const std::vector<std::int64_t> &GlobalSampler::permutation(std::int64_t epoch)
{
    if (epoch != m_cachedEpoch) {
        m_permutation.resize(static_cast<size_t>(m_size));
        std::iota(m_permutation.begin(), m_permutation.end(), 0);
        SeededRandom rng =
            SeededRandom::derived(m_seed, kPermutationStream, static_cast<std::uint64_t>(epoch));
        for (std::int64_t i = m_size - 1; i > 0; --i) {
            const auto j = static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(i + 1)));
            std::swap(m_permutation[static_cast<size_t>(i)], m_permutation[static_cast<size_t>(j)]);
        }
        m_cachedEpoch = epoch;
    }
    return m_permutation;
}

std::vector<std::int64_t> GlobalSampler::rankIndices(const Position &p,
                                                     const std::vector<std::int64_t> &batches, int rank)
{
    if (rank < 0 || static_cast<size_t>(rank) >= batches.size())
        return {};
    std::int64_t offset = 0;
    for (int j = 0; j < rank; ++j)
        offset += batches[static_cast<size_t>(j)];
    const std::int64_t begin = p.stepInEpoch * m_batch + offset;
    const std::int64_t end =
        std::min(begin + batches[static_cast<size_t>(rank)], p.stepInEpoch * m_batch + stepBatch(p));
    const auto &perm = permutation(p.epoch);
    std::vector<std::int64_t> out;
    for (std::int64_t k = begin; k < end; ++k)
        out.push_back(perm[static_cast<size_t>(k)]);
    return out;
}

} // namespace hamgam
