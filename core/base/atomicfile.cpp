#include "atomicfile.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRandomGenerator>
#include <sys/stat.h>
#include <unistd.h>

namespace {
mode_t toMode(QFileDevice::Permissions p)
{
    mode_t mode = 0;
    if (p & QFileDevice::ReadOwner)
        mode |= S_IRUSR;
    if (p & QFileDevice::WriteOwner)
        mode |= S_IWUSR;
    if (p & QFileDevice::ExeOwner)
        mode |= S_IXUSR;
    if (p & QFileDevice::ReadGroup)
        mode |= S_IRGRP;
    if (p & QFileDevice::WriteGroup)
        mode |= S_IWGRP;
    if (p & QFileDevice::ExeGroup)
        mode |= S_IXGRP;
    if (p & QFileDevice::ReadOther)
        mode |= S_IROTH;
    if (p & QFileDevice::WriteOther)
        mode |= S_IWOTH;
    if (p & QFileDevice::ExeOther)
        mode |= S_IXOTH;
    return mode;
}
} // namespace

Status AtomicFile::write(const QString &path, const QByteArray &content, QFileDevice::Permissions permissions)
{
    const QFileInfo info(path);
    const QString dir = info.absolutePath();
    if (!QDir().mkpath(dir))
        return Status::failure(
            QCoreApplication::translate("AtomicFile", "cannot create directory %1").arg(dir));
    const QString temp = QStringLiteral("%1/.%2.%3.tmp")
                             .arg(dir, info.fileName())
                             .arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
    const QByteArray tempPath = QFile::encodeName(temp);
    const int fd = ::open(tempPath.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, toMode(permissions));
    if (fd < 0)
        return Status::failure(QCoreApplication::translate("AtomicFile", "cannot create %1: %2")
                                   .arg(temp, QString::fromLocal8Bit(std::strerror(errno))));
    ::fchmod(fd, toMode(permissions)); // the umask must not widen or narrow what was asked
    qsizetype written = 0;
    while (written < content.size()) {
        const ssize_t n = ::write(fd, content.constData() + written, size_t(content.size() - written));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            const QString reason = QString::fromLocal8Bit(std::strerror(errno));
            ::close(fd);
            ::unlink(tempPath.constData());
            return Status::failure(
                QCoreApplication::translate("AtomicFile", "cannot write %1: %2").arg(path, reason));
        }
        written += n;
    }
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        const QString reason = QString::fromLocal8Bit(std::strerror(errno));
        ::unlink(tempPath.constData());
        return Status::failure(
            QCoreApplication::translate("AtomicFile", "cannot write %1: %2").arg(path, reason));
    }
    if (::rename(tempPath.constData(), QFile::encodeName(path).constData()) != 0) {
        const QString reason = QString::fromLocal8Bit(std::strerror(errno));
        ::unlink(tempPath.constData());
        return Status::failure(
            QCoreApplication::translate("AtomicFile", "cannot replace %1: %2").arg(path, reason));
    }
    const int dirFd = ::open(QFile::encodeName(dir).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirFd >= 0) {
        ::fsync(dirFd);
        ::close(dirFd);
    }
    return {};
}
