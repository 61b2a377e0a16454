#pragma once

#include "result.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace hamgam::engine {

/// Writes a file so that readers see the old content or the new, never half:
/// a temporary file in the same directory, fsync, rename, fsync of the
/// directory. Keeps a running CRC32 and size of what was written. An
/// uncommitted writer removes its temporary file. Everything happens relative
/// to the directory's descriptor: the temporary file is created new
/// (O_EXCL, O_NOFOLLOW) and the rename replaces a planted link rather than
/// writing through it.
class AtomicWriter
{
public:
    explicit AtomicWriter(std::string path);
    /// `name` in the open directory `dirFd` (borrowed: it must outlive the
    /// writer); `dir` names it in messages.
    AtomicWriter(int dirFd, const std::string &dir, std::string name);
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
    static Status writeFile(int dirFd, const std::string &dir, const std::string &name,
                            const std::string &content);

private:
    std::string m_path; ///< for messages
    std::string m_dir;
    std::string m_name;
    std::string m_tempName;
    int m_dirFd = -1;
    bool m_ownsDirFd = false;
    int m_fd = -1;
    std::uint32_t m_crc = 0;
    std::uint64_t m_size = 0;
};

} // namespace hamgam::engine
