#include "partition.h"

#include <algorithm>

namespace hamgam::engine {

Partition Partition::whole(std::int64_t n)
{
    return balanced(n, 1);
}

Partition Partition::balanced(std::int64_t n, int blocks)
{
    Partition p;
    p.m_total = n;
    for (int b = 0; b < blocks; ++b) {
        std::vector<std::int64_t> block;
        for (std::int64_t k = b * n / blocks; k < (b + 1) * n / blocks; ++k)
            block.push_back(k);
        p.m_blocks.push_back(std::move(block));
    }
    return p;
}

Partition Partition::heads(std::int64_t width, std::int64_t heads, int blocks, int sections)
{
    Partition p;
    p.m_total = width * sections;
    const std::int64_t headDim = width / heads;
    for (int b = 0; b < blocks; ++b) {
        std::vector<std::int64_t> block;
        const std::int64_t first = b * heads / blocks, last = (b + 1) * heads / blocks;
        for (int s = 0; s < sections; ++s)
            for (std::int64_t k = first * headDim; k < last * headDim; ++k)
                block.push_back(s * width + k);
        p.m_blocks.push_back(std::move(block));
    }
    return p;
}

std::vector<std::int64_t> Partition::indices(int block) const
{
    if (block >= 0)
        return m_blocks[static_cast<size_t>(block)];
    std::vector<std::int64_t> all;
    for (const auto &b : m_blocks)
        all.insert(all.end(), b.begin(), b.end());
    return all;
}

std::int64_t Partition::size(int block) const
{
    return block >= 0 ? static_cast<std::int64_t>(m_blocks[static_cast<size_t>(block)].size()) : m_total;
}

std::int64_t Partition::maxSize() const
{
    std::int64_t m = 0;
    for (const auto &b : m_blocks)
        m = std::max(m, static_cast<std::int64_t>(b.size()));
    return m;
}

std::int64_t Partition::minSize() const
{
    std::int64_t m = m_total;
    for (const auto &b : m_blocks)
        m = std::min(m, static_cast<std::int64_t>(b.size()));
    return m;
}

std::int64_t Partition::offset(int block) const
{
    std::int64_t at = 0;
    for (int b = 0; b < block; ++b)
        at += size(b);
    return at;
}

bool Partition::contiguous(int block) const
{
    const auto &b = block >= 0 ? m_blocks[static_cast<size_t>(block)] : indices(-1);
    for (size_t k = 1; k < b.size(); ++k)
        if (b[k] != b[k - 1] + 1)
            return false;
    return true;
}

} // namespace hamgam::engine
