#include "pathpolicy.h"

#include "runconfig.h"

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
    return {QStringLiteral("/usr/share/datasets"), QDir::homePath(), QStringLiteral("/tmp"),
            QStringLiteral("/var/tmp")};
}

Status PathPolicy::check(const QString &path, const QString &what) const
{
    if (path.isEmpty())
        return {};
    if (QDir::isRelativePath(path))
        return Status::failure(tr("the %1 path %2 is relative; give an absolute path").arg(what, path));
    // The kernel takes ".." after resolving a link, QDir::cleanPath before it:
    // "allowed/link/../x" would be judged in one place and opened in another.
    if (path.split(QLatin1Char('/')).contains(QLatin1String("..")))
        return Status::failure(
            tr("the %1 path %2 contains \"..\"; give the path without it").arg(what, path));
    // A path that does not exist yet (a new checkpoint directory) is judged by
    // its nearest existing ancestor, with the rest appended. A link counts as
    // existing even when it dangles: resolving it must stay inside too.
    QString existing = QDir::cleanPath(path);
    QString rest;
    while (!QFileInfo::exists(existing) && !QFileInfo(existing).isSymLink() &&
           existing != QLatin1String("/")) {
        rest = QFileInfo(existing).fileName() + (rest.isEmpty() ? QString() : QLatin1Char('/') + rest);
        existing = QFileInfo(existing).absolutePath();
    }
    QString resolved = QFileInfo(existing).canonicalFilePath(); // empty for a dangling link: refused
    if (!resolved.isEmpty() && !rest.isEmpty())
        resolved = QDir::cleanPath(resolved + QLatin1Char('/') + rest);
    for (const QString &dir : m_dirs) {
        if (!resolved.isEmpty() &&
            (resolved == dir ||
             resolved.startsWith(dir == QLatin1String("/") ? dir : dir + QLatin1Char('/'))))
            return {};
    }
    return Status::failure(
        tr("the %1 path %2 is outside the directories this agent allows (%3); its owner can allow more with "
           "hamgam-agent --allow-dir")
            .arg(what, path, QLocale().createSeparatedList(m_dirs)));
}

QStringList PathPolicy::runErrors(const RunConfig &config, const QString &resume) const
{
    QStringList errors;
    if (config.dataset.kind != QLatin1String("synthetic")) {
        if (auto s = check(config.dataset.path, tr("dataset")); !s)
            errors << s.error();
    }
    if (config.model.kind == QLatin1String("torchscript")) {
        if (auto s = check(config.model.path, tr("model")); !s)
            errors << s.error();
    }
    if (auto s = check(config.checkpoint.dir, tr("checkpoint")); !s)
        errors << s.error();
    if (auto s = check(resume, tr("checkpoint")); !s)
        errors << s.error();
    return errors;
}
