#pragma once

#include "result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hamgam::engine {

/// An open checkpoint folder that is safe to work in when other users share
/// it (docs/security.md): everything below it is reached relative to its file
/// descriptor, no symbolic link is followed, and only entries our user owns
/// are listed, read or removed. A folder another user owns, or one that group
/// or others can write into, is refused unless it has the sticky bit (like
/// /tmp): there nobody else can rename or remove our entries.
class CheckpointFolder final
{
public:
    enum class Access
    {
        Read,  ///< resuming: the folder and what we read must be ours
        Write, ///< saving: also nobody but us can write into it
    };

    CheckpointFolder() = default;
    ~CheckpointFolder();
    CheckpointFolder(CheckpointFolder &&other) noexcept;
    CheckpointFolder &operator=(CheckpointFolder &&other) noexcept;
    CheckpointFolder(const CheckpointFolder &) = delete;
    CheckpointFolder &operator=(const CheckpointFolder &) = delete;

    /// Opens `path` (the run's own choice, so links on the way are followed),
    /// with Access::Write creating it and its missing parents first.
    static Result<CheckpointFolder> open(const std::string &path, Access access);

    /// The sub-folder `name`, never through a link; with Access::Write created
    /// when missing. It must be ours, and for writing not writable by others.
    Result<CheckpointFolder> child(const std::string &name, Access access) const;

    /// Our own real sub-folders and regular files, sorted (links and other users' entries left out).
    std::vector<std::string> ownDirectories() const;
    std::vector<std::string> ownFiles() const;

    /// Size and content of our own regular file `name`; a link is refused.
    Result<std::uint64_t> fileSize(const std::string &name) const;
    Result<std::string> readFile(const std::string &name) const;

    /// Removes our sub-folder `name` with the files of ours in it whose names
    /// `isOurs` accepts; anything else stays (and so does the folder then).
    /// Never follows a link; a missing folder is not an error (another node
    /// sharing the folder may have removed it first).
    void removeChild(const std::string &name, bool (*isOurs)(const std::string &fileName)) const;

    const std::string &path() const { return m_path; }
    int fd() const { return m_fd; }
    /// Other users can create entries here (sticky and writable by them).
    bool shared() const { return m_shared; }

private:
    CheckpointFolder(int fd, std::string path, bool shared);
    std::vector<std::string> ownEntries(bool directories) const;
    std::string pathOf(const std::string &name) const { return m_path + "/" + name; }

    int m_fd = -1;
    std::string m_path;
    bool m_shared = false;
};

} // namespace hamgam::engine
