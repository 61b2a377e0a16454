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

namespace {
// One sentence per use: a translator words "the dataset path" as a whole, never
// a translated "dataset" put into a translated "the %1 path".
const char *const kRelative[] = {
    QT_TRANSLATE_NOOP("PathPolicy", "the dataset path %1 is relative; give an absolute path"),
    QT_TRANSLATE_NOOP("PathPolicy", "the model path %1 is relative; give an absolute path"),
    QT_TRANSLATE_NOOP("PathPolicy", "the checkpoint path %1 is relative; give an absolute path"),
};
const char *const kDotDot[] = {
    QT_TRANSLATE_NOOP("PathPolicy", "the dataset path %1 contains \"..\"; give the path without it"),
    QT_TRANSLATE_NOOP("PathPolicy", "the model path %1 contains \"..\"; give the path without it"),
    QT_TRANSLATE_NOOP("PathPolicy", "the checkpoint path %1 contains \"..\"; give the path without it"),
};
const char *const kOutside[] = {
    QT_TRANSLATE_NOOP("PathPolicy",
                      "the dataset path %1 is outside the directories this agent allows (%2); its "
                      "owner can allow more with hamgam-agent --allow-dir"),
    QT_TRANSLATE_NOOP("PathPolicy",
                      "the model path %1 is outside the directories this agent allows (%2); its "
                      "owner can allow more with hamgam-agent --allow-dir"),
    QT_TRANSLATE_NOOP("PathPolicy",
                      "the checkpoint path %1 is outside the directories this agent allows (%2); "
                      "its owner can allow more with hamgam-agent --allow-dir"),
};
} // namespace

TranslatableText PathPolicy::refusal(const QString &path, Use use) const
{
    const int u = int(use);
    if (path.isEmpty())
        return {};
    if (QDir::isRelativePath(path))
        return TranslatableText("PathPolicy", kRelative[u]).ltrArg(path);
    // The kernel takes ".." after resolving a link, QDir::cleanPath before it:
    // "allowed/link/../x" would be judged in one place and opened in another.
    if (path.split(QLatin1Char('/')).contains(QLatin1String("..")))
        return TranslatableText("PathPolicy", kDotDot[u]).ltrArg(path);
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
    return TranslatableText("PathPolicy", kOutside[u]).ltrArg(path).ltrListArg(m_dirs);
}

QList<TranslatableText> PathPolicy::runErrors(const RunConfig &config, const QString &resume) const
{
    QList<TranslatableText> errors;
    auto add = [&errors](const TranslatableText &t) {
        if (!t.isEmpty())
            errors << t;
    };
    if (config.dataset.kind != QLatin1String("synthetic"))
        add(refusal(config.dataset.path, Use::Dataset));
    if (config.model.kind == QLatin1String("torchscript"))
        add(refusal(config.model.path, Use::Model));
    add(refusal(config.checkpoint.dir, Use::Checkpoint));
    add(refusal(resume, Use::Checkpoint));
    return errors;
}
