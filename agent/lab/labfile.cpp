#include "labfile.h"

#include "atomicfile.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QRandomGenerator>

LabFile::Contents LabFile::read(const QString &path, int maxVersion)
{
    Contents c;
    QFile file(path);
    if (!file.exists())
        return c;
    c.exists = true;
    if (!file.open(QIODevice::ReadOnly)) {
        c.problem = tr("cannot read it: %1").arg(file.errorString());
        return c;
    }
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &error);
    if (error.error != QJsonParseError::NoError) {
        c.problem = tr("not valid JSON: %1 at offset %2").arg(error.errorString()).arg(error.offset);
        return c;
    }
    if (!doc.isObject()) {
        c.problem = tr("not a JSON object");
        return c;
    }
    const QJsonValue version = doc.object().value(QStringLiteral("version"));
    if (!version.isDouble() || version.toDouble() < 1) {
        c.problem = tr("no valid \"version\"");
        return c;
    }
    if (version.toDouble() > maxVersion) {
        // Written by a newer agent: reading it as ours could drop what we do not know.
        c.problem = tr("written by a newer version (format %1, this agent reads up to %2)")
                        .arg(version.toDouble())
                        .arg(maxVersion);
        return c;
    }
    c.root = doc.object();
    return c;
}

Expected<LabLoad>
LabFile::loadEntries(const QString &path, int maxVersion, const QStringList &keys, qint64 nowMs,
                     const std::function<bool(const QString &, const QJsonObject &)> &accept,
                     bool *partlyDamaged)
{
    if (partlyDamaged)
        *partlyDamaged = false;
    LabLoad report;
    const Contents contents = read(path, maxVersion);
    if (!contents.exists)
        return report;
    QString problem = contents.problem;
    for (const QString &key : keys) {
        const QJsonValue v = contents.root.value(key);
        if (problem.isEmpty() && !v.isUndefined() && !v.isArray())
            problem = tr("\"%1\" is not a list").arg(key);
    }
    if (!problem.isEmpty()) {
        auto kept = keepDamaged(path, nowMs, true);
        if (!kept)
            return Expected<LabLoad>::failure(blockedMessage(path, kept.error()));
        report.problems.append(unusableMessage(path, problem, *kept));
        report.keptAs.append(*kept);
        return report;
    }
    int bad = 0;
    int firstBad = 0;
    int number = 0;
    for (const QString &key : keys) {
        for (const QJsonValue v : contents.root.value(key).toArray()) {
            ++number;
            if (!v.isObject() || !accept(key, v.toObject())) {
                if (bad++ == 0)
                    firstBad = number;
            }
        }
    }
    if (bad == 0)
        return report;
    auto kept = keepDamaged(path, nowMs, false);
    if (!kept)
        return Expected<LabLoad>::failure(blockedMessage(path, kept.error()));
    report.problems.append(partlyUsableMessage(path, bad, firstBad, *kept));
    report.keptAs.append(*kept);
    if (partlyDamaged)
        *partlyDamaged = true;
    return report;
}

Status LabFile::write(const QString &path, int version, QJsonObject root)
{
    root.insert(QStringLiteral("version"), version);
    return AtomicFile::write(path, QJsonDocument(root).toJson(QJsonDocument::Indented));
}

Expected<QString> LabFile::keepDamaged(const QString &path, qint64 nowMs, bool move)
{
    const QString stamp =
        QDateTime::fromMSecsSinceEpoch(nowMs, Qt::UTC).toString(QStringLiteral("yyyyMMdd-HHmmss"));
    QString target = path + QStringLiteral(".damaged-") + stamp;
    // Never overwrite an earlier damaged copy: each one is somebody's lost state.
    for (int n = 2; QFileInfo::exists(target); ++n)
        target = path + QStringLiteral(".damaged-") + stamp + QLatin1Char('-') + QString::number(n);
    QFile file(path);
    const bool done = move ? file.rename(target) : file.copy(target);
    if (!done)
        return Expected<QString>::failure(
            tr("cannot keep %1 as %2: %3").arg(path, target, file.errorString()));
    return target;
}

QString LabFile::unusableMessage(const QString &path, const QString &problem, const QString &keptAs)
{
    return tr("%1 is damaged (%2): it was kept as %3 and nothing in it is used").arg(path, problem, keptAs);
}

QString LabFile::partlyUsableMessage(const QString &path, int badEntries, int firstBad, const QString &keptAs)
{
    return tr("%n entries of %1 are not valid (the first is number %2): the file was kept as %3 and its "
              "other entries are used",
              nullptr, badEntries)
        .arg(path, QString::number(firstBad), keptAs);
}

QString LabFile::blockedMessage(const QString &path, const QString &reason)
{
    return tr("not saving %1: its damaged content could not be kept aside (%2)").arg(path, reason);
}

QString LabFile::newId(const QString &prefix)
{
    return prefix +
           QStringLiteral("%1").arg(QRandomGenerator::system()->generate64(), 16, 16, QLatin1Char('0'));
}
