#pragma once

#include <cstdint>

namespace hamgam {

/// xoshiro256** seeded through splitmix64: a small, fast generator whose
/// sequence depends only on the seed, on every platform and in every program
/// (worker, controller, tests), unlike std:: distributions.
class SeededRandom
{
public:
    explicit SeededRandom(std::uint64_t seed);
    /// A generator for one purpose (an epoch, a sample), independent of others.
    static SeededRandom derived(std::uint64_t seed, std::uint64_t stream, std::uint64_t index = 0);

    std::uint64_t next();
    /// Uniform in [0, bound), without modulo bias (Lemire's method).
    std::uint64_t below(std::uint64_t bound);
    /// Uniform in [0, 1) with 53 random bits.
    double uniform();
    /// Standard normal (Box-Muller; one value per call for simplicity).
    double normal();

private:
    std::uint64_t m_state[4];
};

} // namespace hamgam
