#include "checkpointfolder.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace hamgam::engine {

namespace {

template<typename T> Result<T> failure(const std::string &message)
{
    return Result<T>::failure(ErrorKind::Checkpoint, message);
}

std::string errnoText()
{
    return std::strerror(errno);
}

bool writableByOthers(const struct stat &st)
{
    return (st.st_mode & (S_IWGRP | S_IWOTH)) != 0;
}

bool plainName(const std::string &name)
{
    return !name.empty() && name != "." && name != ".." && name.find('/') == std::string::npos;
}

std::string notOurs(const std::string &path, const struct stat &st)
{
    return path + " belongs to another user (uid " + std::to_string(st.st_uid) +
           "): it is left alone; use a directory of your own";
}

std::string isLink(const std::string &what, const std::string &path)
{
    return what + " " + path + " is a symbolic link: links are never followed inside a checkpoint directory";
}

} // namespace

CheckpointFolder::CheckpointFolder(int fd, std::string path, bool shared)
    : m_fd(fd)
    , m_path(std::move(path))
    , m_shared(shared)
{}

CheckpointFolder::~CheckpointFolder()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

CheckpointFolder::CheckpointFolder(CheckpointFolder &&other) noexcept
    : m_fd(std::exchange(other.m_fd, -1))
    , m_path(std::move(other.m_path))
    , m_shared(other.m_shared)
{}

CheckpointFolder &CheckpointFolder::operator=(CheckpointFolder &&other) noexcept
{
    if (this != &other) {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = std::exchange(other.m_fd, -1);
        m_path = std::move(other.m_path);
        m_shared = other.m_shared;
    }
    return *this;
}

Result<CheckpointFolder> CheckpointFolder::open(const std::string &path, Access access)
{
    using R = Result<CheckpointFolder>;
    if (path.empty())
        return failure<CheckpointFolder>("no checkpoint directory given");
    bool created = false;
    if (access == Access::Write) {
        for (size_t i = 1; i <= path.size(); ++i) {
            if (i != path.size() && path[i] != '/')
                continue;
            const std::string partial = path.substr(0, i);
            // The folder itself is made 0700 and opened up below, so no other
            // rank ever sees it writable by others (a umask of 002).
            if (::mkdir(partial.c_str(), i == path.size() ? 0700 : 0755) == 0)
                created = i == path.size();
            else if (errno != EEXIST)
                return failure<CheckpointFolder>("cannot create checkpoint directory " + path + ": " +
                                                 errnoText());
        }
    }
    const int fd = ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return failure<CheckpointFolder>(errno == ENOENT ? "checkpoint directory " + path + " does not exist"
                                                         : "cannot open checkpoint directory " + path + ": " +
                                                               errnoText());
    CheckpointFolder folder(fd, path, false);
    if (created)
        (void)::fchmod(fd, 0755);
    struct stat st
    {
    };
    if (::fstat(fd, &st) != 0)
        return failure<CheckpointFolder>("cannot open checkpoint directory " + path + ": " + errnoText());
    const bool sticky = (st.st_mode & S_ISVTX) != 0;
    if (st.st_uid != ::geteuid() && !sticky)
        return failure<CheckpointFolder>("the checkpoint directory " + notOurs(path, st) +
                                         " (or a shared one with the sticky bit, like /tmp)");
    if (writableByOthers(st) && !sticky)
        return failure<CheckpointFolder>(
            "the checkpoint directory " + path +
            " can be written by other users and has no sticky bit, so they could "
            "plant or swap its entries: run chmod go-w on it, or chmod +t to share "
            "it like /tmp, or use a directory of your own");
    folder.m_shared = sticky && (writableByOthers(st) || st.st_uid != ::geteuid());
    return R(std::move(folder));
}

Result<CheckpointFolder> CheckpointFolder::child(const std::string &name, Access access) const
{
    using R = Result<CheckpointFolder>;
    const std::string path = pathOf(name);
    if (!plainName(name))
        return failure<CheckpointFolder>("invalid checkpoint directory name " + path);
    bool created = false;
    if (access == Access::Write) {
        if (::mkdirat(m_fd, name.c_str(), 0700) == 0)
            created = true;
        else if (errno != EEXIST)
            return failure<CheckpointFolder>("cannot create checkpoint directory " + path + ": " +
                                             errnoText());
    }
    const int fd = ::openat(m_fd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        const int error = errno;
        struct stat st
        {
        };
        if (::fstatat(m_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode))
            return failure<CheckpointFolder>(isLink("the checkpoint directory", path) +
                                             "; it is left alone: remove it or use a directory of your own");
        if (error == ENOENT)
            return failure<CheckpointFolder>("checkpoint directory " + path + " does not exist");
        if (error == ENOTDIR)
            return failure<CheckpointFolder>("checkpoint directory " + path + " is not a directory");
        return failure<CheckpointFolder>("cannot open checkpoint directory " + path + ": " +
                                         std::strerror(error));
    }
    CheckpointFolder folder(fd, path, false);
    if (created)
        (void)::fchmod(fd, 0755);
    struct stat st
    {
    };
    if (::fstat(fd, &st) != 0)
        return failure<CheckpointFolder>("cannot open checkpoint directory " + path + ": " + errnoText());
    if (st.st_uid != ::geteuid())
        return failure<CheckpointFolder>("the checkpoint directory " + notOurs(path, st));
    if (access == Access::Write && writableByOthers(st))
        return failure<CheckpointFolder>("the checkpoint directory " + path +
                                         " can be written by other users: run chmod go-w on it");
    folder.m_shared = writableByOthers(st);
    return R(std::move(folder));
}

std::vector<std::string> CheckpointFolder::ownEntries(bool directories) const
{
    std::vector<std::string> names;
    // A descriptor of its own: readdir must not move this folder's offset.
    const int fd = ::openat(m_fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return names;
    DIR *d = ::fdopendir(fd);
    if (!d) {
        ::close(fd);
        return names;
    }
    while (dirent *e = ::readdir(d)) {
        const std::string name = e->d_name;
        struct stat st
        {
        };
        if (!plainName(name) || ::fstatat(m_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0 ||
            st.st_uid != ::geteuid())
            continue;
        if (directories ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode))
            names.push_back(name);
    }
    ::closedir(d);
    std::sort(names.begin(), names.end());
    return names;
}

std::vector<std::string> CheckpointFolder::ownDirectories() const
{
    return ownEntries(true);
}

std::vector<std::string> CheckpointFolder::ownFiles() const
{
    return ownEntries(false);
}

Result<std::uint64_t> CheckpointFolder::fileSize(const std::string &name) const
{
    const std::string path = pathOf(name);
    struct stat st
    {
    };
    if (!plainName(name) || ::fstatat(m_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0)
        return failure<std::uint64_t>("checkpoint file " + path + " cannot be opened: " + errnoText());
    if (S_ISLNK(st.st_mode))
        return failure<std::uint64_t>(isLink("checkpoint file", path));
    if (!S_ISREG(st.st_mode))
        return failure<std::uint64_t>("checkpoint file " + path + " is not a regular file");
    if (st.st_uid != ::geteuid())
        return failure<std::uint64_t>("checkpoint file " + notOurs(path, st));
    return static_cast<std::uint64_t>(st.st_size);
}

Result<std::string> CheckpointFolder::readFile(const std::string &name) const
{
    const std::string path = pathOf(name);
    if (!plainName(name))
        return failure<std::string>("invalid checkpoint file name " + path);
    // O_NONBLOCK: a planted FIFO must not hang the open; it is refused below.
    const int fd = ::openat(m_fd, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ELOOP)
            return failure<std::string>(isLink("checkpoint file", path));
        return failure<std::string>("checkpoint file " + path + " cannot be opened: " + errnoText());
    }
    struct stat st
    {
    };
    std::string data;
    std::string error;
    if (::fstat(fd, &st) != 0)
        error = "checkpoint file " + path + " cannot be opened: " + errnoText();
    else if (!S_ISREG(st.st_mode))
        error = "checkpoint file " + path + " is not a regular file";
    else if (st.st_uid != ::geteuid())
        error = "checkpoint file " + notOurs(path, st);
    char buffer[1 << 16];
    while (error.empty()) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            error = "checkpoint file " + path + ": read error: " + errnoText();
        if (n <= 0)
            break;
        data.append(buffer, static_cast<size_t>(n));
    }
    ::close(fd);
    if (!error.empty())
        return failure<std::string>(error);
    return data;
}

void CheckpointFolder::removeChild(const std::string &name, bool (*isOurs)(const std::string &)) const
{
    if (!plainName(name))
        return;
    const int fd = ::openat(m_fd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return; // gone already, or a link: never followed
    struct stat st
    {
    };
    if (::fstat(fd, &st) != 0 || st.st_uid != ::geteuid()) {
        ::close(fd);
        return;
    }
    DIR *d = ::fdopendir(fd);
    if (!d) {
        ::close(fd);
        return;
    }
    std::vector<std::string> files;
    while (dirent *e = ::readdir(d)) {
        const std::string file = e->d_name;
        struct stat fst
        {
        };
        if (plainName(file) && isOurs(file) && ::fstatat(fd, file.c_str(), &fst, AT_SYMLINK_NOFOLLOW) == 0 &&
            S_ISREG(fst.st_mode) && fst.st_uid == ::geteuid())
            files.push_back(file);
    }
    // Another node sharing the directory may be removing the same files.
    for (const auto &file : files)
        (void)::unlinkat(fd, file.c_str(), 0);
    ::closedir(d);
    (void)::unlinkat(m_fd, name.c_str(), AT_REMOVEDIR); // stays if anything else is in it
}

} // namespace hamgam::engine
