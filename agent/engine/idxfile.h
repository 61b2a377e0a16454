#pragma once

#include "result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hamgam::engine {

/// An IDX file (the MNIST format) of unsigned bytes, read whole from a gzip
/// or raw file (zlib reads both). Truncated, corrupt or foreign files are
/// refused with a message that names the file and what is wrong.
class IdxFile
{
public:
    static Result<IdxFile> read(const std::string &path);

    const std::vector<std::int64_t> &dims() const { return m_dims; }
    std::int64_t count() const { return m_dims.empty() ? 0 : m_dims.front(); }
    /// Bytes per item (the product of all dimensions but the first).
    std::int64_t itemSize() const;
    const std::vector<std::uint8_t> &data() const { return m_data; }
    std::vector<std::uint8_t> takeData() { return std::move(m_data); }

private:
    std::vector<std::int64_t> m_dims;
    std::vector<std::uint8_t> m_data;
};

} // namespace hamgam::engine
