#pragma once

#include <array>
#include <atomic>
#include <cstdint>

namespace hamgam::engine {

/// Bytes this rank has sent, split into within its node and across nodes, and
/// within the node by the kind of collective. Counted when a collective is
/// launched, from the algorithm's pattern (docs/engine.md, "Bytes sent per step").
class TrafficMeter
{
public:
    enum class Kind
    {
        AllReduce,
        AllGather,
        ReduceScatter,
        Broadcast,
        Reduce,
        AllToAll,
    };
    static constexpr int kKinds = 6;
    /// The name of a kind in step events: all_reduce, all_gather, reduce_scatter, broadcast, reduce,
    /// all_to_all.
    static const char *kindName(Kind kind)
    {
        constexpr const char *names[kKinds] = {"all_reduce", "all_gather", "reduce_scatter",
                                               "broadcast",  "reduce",     "all_to_all"};
        return names[static_cast<int>(kind)];
    }

    struct Totals
    {
        std::uint64_t withinNode = 0;
        std::uint64_t acrossNodes = 0;
        std::array<std::uint64_t, kKinds> withinByKind{};
    };

    void add(bool acrossNodes, std::uint64_t bytes, Kind kind = Kind::AllReduce)
    {
        (acrossNodes ? m_across : m_within).fetch_add(bytes, std::memory_order_relaxed);
        if (!acrossNodes)
            m_withinByKind[static_cast<size_t>(kind)].fetch_add(bytes, std::memory_order_relaxed);
    }
    Totals totals() const
    {
        Totals t{m_within.load(), m_across.load(), {}};
        for (size_t k = 0; k < kKinds; ++k)
            t.withinByKind[k] = m_withinByKind[k].load();
        return t;
    }

private:
    std::atomic<std::uint64_t> m_within{0};
    std::atomic<std::uint64_t> m_across{0};
    std::array<std::atomic<std::uint64_t>, kKinds> m_withinByKind{};
};

} // namespace hamgam::engine
