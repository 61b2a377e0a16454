#include "checkpointowners.h"

#include <algorithm>
#include <optional>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <unistd.h>

namespace {

// A manifest lists files and ranges: far below this even for thousands of ranks.
constexpr qint64 kMaxManifestBytes = 64 << 20;
// Rotation keeps a few steps; a folder of more is read newest first up to here.
constexpr int kMaxSteps = 256;

const char *const kAnotherUsers = QT_TRANSLATE_NOOP(
    "CheckpointOwners", "the checkpoint %1 was written by %2's run: only %2 or the lab admin may resume it");
const char *const kNobodys = QT_TRANSLATE_NOOP(
    "CheckpointOwners", "the checkpoint %1 does not record which lab user wrote it (it is "
                        "older than this version of Hamgam): only the lab admin may resume it");

/// Our own real files and folders only, as the workers' CheckpointFolder reads them.
QFileInfoList ownEntries(const QString &dir, QDir::Filters filters)
{
    QFileInfoList out;
    const QFileInfoList entries = QDir(dir).entryInfoList(filters | QDir::NoSymLinks | QDir::NoDotAndDotDot,
                                                          QDir::Name | QDir::Reversed);
    for (const QFileInfo &e : entries)
        if (e.ownerId() == ::geteuid())
            out << e;
    return out;
}

/// The lab user the step folder's first readable manifest names; nullopt when it has none.
/// A manifest that cannot be read is the workers' to report, with its name.
std::optional<QString> ownerOf(const QString &stepDir)
{
    for (const QFileInfo &f : ownEntries(stepDir, QDir::Files)) {
        if (!CheckpointOwners::isManifest(f.fileName()) || f.size() > kMaxManifestBytes)
            continue;
        QFile file(f.filePath());
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QJsonObject m = QJsonDocument::fromJson(file.read(kMaxManifestBytes)).object();
        if (m.value(QStringLiteral("format")).toString() != QLatin1String("hamgam-checkpoint"))
            continue;
        const QJsonValue user = m.value(QStringLiteral("user"));
        if (!user.isUndefined() && !user.isString())
            continue;
        return user.toString();
    }
    return std::nullopt;
}

} // namespace

bool CheckpointOwners::isManifest(const QString &fileName)
{
    return fileName.startsWith(QLatin1String("manifest-node-")) && fileName.size() > 5 &&
           fileName.endsWith(QLatin1String(".json"));
}

QList<CheckpointOwners::Checkpoint> CheckpointOwners::read(const QString &path)
{
    if (path.isEmpty() || !QFileInfo(path).isDir())
        return {};
    if (const auto owner = ownerOf(path))
        return {{path, *owner}};
    QList<Checkpoint> out;
    const QFileInfoList steps = ownEntries(path, QDir::Dirs);
    for (qsizetype i = 0; i < steps.size() && i < kMaxSteps; ++i)
        if (const auto owner = ownerOf(steps[i].filePath()))
            out.append({steps[i].filePath(), *owner});
    return out;
}

CheckpointOwners::Decision CheckpointOwners::decide(const QString &path, const QString &user, bool admin)
{
    if (admin)
        return {};
    Decision d;
    d.resumeUser = user;
    const QList<Checkpoint> found = read(path);
    if (found.isEmpty() ||
        std::any_of(found.cbegin(), found.cend(), [&](const Checkpoint &c) { return c.user == user; }))
        return d;
    const auto other =
        std::find_if(found.cbegin(), found.cend(), [](const Checkpoint &c) { return !c.user.isEmpty(); });
    if (other != found.cend())
        d.refusal =
            TranslatableText("CheckpointOwners", kAnotherUsers).ltrArg(other->stepDir).arg(other->user);
    else
        d.refusal = TranslatableText("CheckpointOwners", kNobodys).ltrArg(found.first().stepDir);
    return d;
}
