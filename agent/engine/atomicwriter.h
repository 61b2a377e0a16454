#pragma once

#include "result.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace hamgam::engine {

/// Writes a file so that readers see the old content or the new, never half:
/// a temporary file in the same directory, fsync, rename, fsync of the
/// directory. Keeps a running CRC32 and size of what was written. An
/// uncommitted writer removes its temporary file.
class AtomicWriter
{
public:
    explicit AtomicWriter(std::string path);
    ~AtomicWriter();
    AtomicWriter(const AtomicWriter &) = delete;
    AtomicWriter &operator=(const AtomicWriter &) = delete;

    Status open();
    Status write(const void *data, std::size_t size);
    Status commit();

    std::uint32_t crc32() const { return m_crc; }
    std::uint64_t size() const { return m_size; }

    /// The whole file in one call.
    static Status writeFile(const std::string &path, const std::string &content);
    /// fsync of a directory, so a rename in it is durable.
    static void syncDirectory(const std::string &dir);

private:
    std::string m_path;
    std::string m_temp;
    int m_fd = -1;
    std::uint32_t m_crc = 0;
    std::uint64_t m_size = 0;
};

} // namespace hamgam::engine
