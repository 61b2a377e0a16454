#include "pathpolicy.h"

#include <QDir>
#include <QFileInfo>
#include <QLocale>

PathPolicy::PathPolicy(QStringList allowedDirs)
{
    for (const QString &d : allowedDirs) {
        const QString canonical = QFileInfo(d).canonicalFilePath();
        if (!canonical.isEmpty())
            m_dirs.append(canonical);
    }
}

QStringList PathPolicy::defaultDirs()
{
    return {QStringLiteral("/usr/share/datasets"), QDir::homePath(), QStringLiteral("/tmp"), QStringLiteral("/var/tmp")};
}

Status PathPolicy::check(const QString &path, const QString &what) const
{
    if (path.isEmpty())
        return {};
    if (QDir::isRelativePath(path))
        return Status::failure(tr("the %1 path %2 is relative; give an absolute path").arg(what, path));
    // A path that does not exist yet (a new checkpoint directory) is judged by
    // its nearest existing ancestor, with the rest appended: ".." cannot climb out.
    QString existing = QDir::cleanPath(path);
    QString rest;
    while (!QFileInfo::exists(existing) && existing != QLatin1String("/")) {
        rest = QFileInfo(existing).fileName() + (rest.isEmpty() ? QString() : QLatin1Char('/') + rest);
        existing = QFileInfo(existing).absolutePath();
    }
    QString resolved = QFileInfo(existing).canonicalFilePath();
    if (!rest.isEmpty())
        resolved = QDir::cleanPath(resolved + QLatin1Char('/') + rest);
    for (const QString &dir : m_dirs) {
        if (resolved == dir || resolved.startsWith(dir == QLatin1String("/") ? dir : dir + QLatin1Char('/')))
            return {};
    }
    return Status::failure(tr("the %1 path %2 is outside the directories this agent allows (%3); its owner can allow more with "
                              "hamgam-agent --allow-dir")
                               .arg(what, path, QLocale().createSeparatedList(m_dirs)));
}
