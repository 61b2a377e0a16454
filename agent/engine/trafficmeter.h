#pragma once

#include <atomic>
#include <cstdint>

namespace hamgam::engine {

/// Bytes this rank has sent, split into within its node and across nodes.
/// Counted when a collective is launched, from the algorithm's pattern.
class TrafficMeter
{
public:
    struct Totals
    {
        std::uint64_t withinNode = 0;
        std::uint64_t acrossNodes = 0;
    };

    void add(bool acrossNodes, std::uint64_t bytes)
    {
        (acrossNodes ? m_across : m_within).fetch_add(bytes, std::memory_order_relaxed);
    }
    Totals totals() const { return {m_within.load(), m_across.load()}; }

private:
    std::atomic<std::uint64_t> m_within{0};
    std::atomic<std::uint64_t> m_across{0};
};

} // namespace hamgam::engine
