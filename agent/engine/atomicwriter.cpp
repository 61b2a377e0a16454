#include "atomicwriter.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <random>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

namespace hamgam::engine {

namespace {
std::string directoryOf(const std::string &path)
{
    const auto slash = path.rfind('/');
    if (slash == std::string::npos)
        return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

std::string fileNameOf(const std::string &path)
{
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

Status ioError(const std::string &what, const std::string &path)
{
    return Status::failure(ErrorKind::Checkpoint,
                           "cannot " + what + " " + path + ": " + std::strerror(errno));
}
} // namespace

AtomicWriter::AtomicWriter(std::string path)
    : m_path(std::move(path))
    , m_dir(directoryOf(m_path))
    , m_name(fileNameOf(m_path))
{}

AtomicWriter::AtomicWriter(int dirFd, const std::string &dir, std::string name)
    : m_path(dir + "/" + name)
    , m_dir(dir)
    , m_name(std::move(name))
    , m_dirFd(dirFd)
{}

AtomicWriter::~AtomicWriter()
{
    if (m_fd >= 0) {
        ::close(m_fd);
        ::unlinkat(m_dirFd, m_tempName.c_str(), 0);
    }
    if (m_ownsDirFd)
        ::close(m_dirFd);
}

Status AtomicWriter::open()
{
    if (m_dirFd < 0) {
        m_dirFd = ::open(m_dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (m_dirFd < 0)
            return ioError("open the directory of", m_path);
        m_ownsDirFd = true;
    }
    std::random_device rd;
    char suffix[32];
    std::snprintf(suffix, sizeof suffix, ".%08x.tmp", static_cast<unsigned>(rd()));
    m_tempName = "." + m_name + suffix;
    m_fd = ::openat(m_dirFd, m_tempName.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (m_fd < 0)
        return ioError("create", m_dir + "/" + m_tempName);
    m_crc = static_cast<std::uint32_t>(::crc32(0L, Z_NULL, 0));
    m_size = 0;
    return {};
}

Status AtomicWriter::write(const void *data, std::size_t size)
{
    const auto *p = static_cast<const unsigned char *>(data);
    std::size_t left = size;
    // zlib's crc32 takes a uInt length: feed it in chunks.
    for (std::size_t done = 0; done < size;) {
        const auto chunk = static_cast<uInt>(std::min<std::size_t>(size - done, 1u << 30));
        m_crc = static_cast<std::uint32_t>(::crc32(m_crc, p + done, chunk));
        done += chunk;
    }
    while (left > 0) {
        const ssize_t n = ::write(m_fd, p, left);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return ioError("write", m_path);
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    m_size += size;
    return {};
}

Status AtomicWriter::commit()
{
    if (::fsync(m_fd) != 0)
        return ioError("sync", m_path);
    if (::close(m_fd) != 0) {
        m_fd = -1;
        ::unlinkat(m_dirFd, m_tempName.c_str(), 0);
        return ioError("close", m_path);
    }
    m_fd = -1;
    if (::renameat(m_dirFd, m_tempName.c_str(), m_dirFd, m_name.c_str()) != 0) {
        const Status s = ioError("rename into", m_path);
        ::unlinkat(m_dirFd, m_tempName.c_str(), 0);
        return s;
    }
    ::fsync(m_dirFd);
    return {};
}

Status AtomicWriter::writeFile(const std::string &path, const std::string &content)
{
    AtomicWriter w(path);
    if (Status s = w.open(); !s)
        return s;
    if (Status s = w.write(content.data(), content.size()); !s)
        return s;
    return w.commit();
}

Status AtomicWriter::writeFile(int dirFd, const std::string &dir, const std::string &name,
                               const std::string &content)
{
    AtomicWriter w(dirFd, dir, name);
    if (Status s = w.open(); !s)
        return s;
    if (Status s = w.write(content.data(), content.size()); !s)
        return s;
    return w.commit();
}

} // namespace hamgam::engine
