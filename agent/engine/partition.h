#pragma once

#include <cstdint>
#include <vector>

namespace hamgam::engine {

/// How one dimension of a layer is cut into blocks for tensor parallelism:
/// block b holds the listed logical indices, in order. Balanced blocks are
/// contiguous ranges whose sizes differ by at most one; head blocks keep whole
/// attention heads together (for the fused q|k|v projection, the block's heads
/// in each of the three sections).
class Partition
{
public:
    static Partition whole(std::int64_t n);
    static Partition balanced(std::int64_t n, int blocks);
    /// `heads` heads of width/heads each, balanced over the blocks, in each of `sections` sections of
    /// `width`.
    static Partition heads(std::int64_t width, std::int64_t heads, int blocks, int sections);

    int blocks() const { return static_cast<int>(m_blocks.size()); }
    std::int64_t total() const { return m_total; }
    /// The logical indices of a block; block −1 means all of them, in order.
    std::vector<std::int64_t> indices(int block) const;
    std::int64_t size(int block) const;
    std::int64_t maxSize() const;
    /// Where block b starts when the blocks are concatenated in order.
    std::int64_t offset(int block) const;
    /// The block's indices are one contiguous range (then narrow() suffices).
    bool contiguous(int block) const;
    /// The smallest block's size (0 when some block is empty).
    std::int64_t minSize() const;

private:
    std::vector<std::vector<std::int64_t>> m_blocks;
    std::int64_t m_total = 0;
};

} // namespace hamgam::engine
