#include "seededrandom.h"

#include <cmath>

namespace hamgam {

namespace {
std::uint64_t splitmix64(std::uint64_t &x)
{
    std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

std::uint64_t rotl(std::uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}
} // namespace

SeededRandom::SeededRandom(std::uint64_t seed)
{
    std::uint64_t x = seed;
    for (auto &s : m_state)
        s = splitmix64(x);
}

SeededRandom SeededRandom::derived(std::uint64_t seed, std::uint64_t stream, std::uint64_t index)
{
    // Mix the three words so that nearby (stream, index) pairs give unrelated states.
    std::uint64_t x = seed;
    std::uint64_t a = splitmix64(x) ^ (stream * 0xd6e8feb86659fd93ULL);
    std::uint64_t b = splitmix64(a) ^ (index * 0xa0761d6478bd642fULL);
    return SeededRandom(splitmix64(b));
}

std::uint64_t SeededRandom::next()
{
    const std::uint64_t result = rotl(m_state[1] * 5, 7) * 9;
    const std::uint64_t t = m_state[1] << 17;
    m_state[2] ^= m_state[0];
    m_state[3] ^= m_state[1];
    m_state[1] ^= m_state[2];
    m_state[0] ^= m_state[3];
    m_state[2] ^= t;
    m_state[3] = rotl(m_state[3], 45);
    return result;
}

std::uint64_t SeededRandom::below(std::uint64_t bound)
{
    if (bound <= 1)
        return 0;
    unsigned __int128 m = static_cast<unsigned __int128>(next()) * bound;
    auto low = static_cast<std::uint64_t>(m);
    if (low < bound) {
        const std::uint64_t threshold = (0 - bound) % bound;
        while (low < threshold) {
            m = static_cast<unsigned __int128>(next()) * bound;
            low = static_cast<std::uint64_t>(m);
        }
    }
    return static_cast<std::uint64_t>(m >> 64);
}

double SeededRandom::uniform()
{
    return static_cast<double>(next() >> 11) * 0x1.0p-53;
}

double SeededRandom::normal()
{
    double u1 = uniform();
    while (u1 <= 0.0)
        u1 = uniform();
    const double u2 = uniform();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
}

} // namespace hamgam
