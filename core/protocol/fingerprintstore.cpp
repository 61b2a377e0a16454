#include "fingerprintstore.h"

#include "atomicfile.h"
#include "identity.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

FingerprintStore::FingerprintStore(QString path)
    : m_path(std::move(path))
{}

Status FingerprintStore::load()
{
    m_entries.clear();
    const QFileInfo info(m_path);
    m_loadedModified = info.lastModified();
    m_loadedSize = info.exists() ? info.size() : -1;
    if (!info.exists())
        return {};
    QFile file(m_path);
    if (!file.open(QIODevice::ReadOnly))
        return Status::failure(tr("cannot read %1").arg(m_path));
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return Status::failure(tr("%1 is not a valid fingerprint list: %2").arg(m_path, error.errorString()));
    for (const QJsonValue value : doc.object().value(QStringLiteral("entries")).toArray()) {
        const QJsonObject o = value.toObject();
        Entry entry;
        entry.fingerprint = Identity::normalizeFingerprint(o.value(QStringLiteral("fingerprint")).toString());
        entry.nodeId = o.value(QStringLiteral("node_id")).toString();
        entry.label = o.value(QStringLiteral("label")).toString();
        entry.added = QDateTime::fromString(o.value(QStringLiteral("added")).toString(), Qt::ISODate);
        if (!entry.fingerprint.isEmpty())
            m_entries.append(entry);
    }
    return {};
}

Status FingerprintStore::save() const
{
    QJsonArray array;
    for (const Entry &e : m_entries) {
        QJsonObject o;
        o[QStringLiteral("fingerprint")] = e.fingerprint;
        if (!e.nodeId.isEmpty())
            o[QStringLiteral("node_id")] = e.nodeId;
        o[QStringLiteral("label")] = e.label;
        o[QStringLiteral("added")] = e.added.toUTC().toString(Qt::ISODate);
        array.append(o);
    }
    QJsonObject root;
    root[QStringLiteral("version")] = 1;
    root[QStringLiteral("entries")] = array;
    auto status = AtomicFile::write(m_path, QJsonDocument(root).toJson());
    const QFileInfo info(m_path);
    m_loadedModified = info.lastModified();
    m_loadedSize = info.size();
    return status;
}

void FingerprintStore::reloadIfChanged() const
{
    const QFileInfo info(m_path);
    const qint64 size = info.exists() ? info.size() : -1;
    if (size == m_loadedSize && info.lastModified() == m_loadedModified)
        return;
    (void)const_cast<FingerprintStore *>(this)->load();
}

QList<FingerprintStore::Entry> FingerprintStore::entries() const
{
    reloadIfChanged();
    return m_entries;
}

bool FingerprintStore::containsFingerprint(const QString &fingerprint) const
{
    reloadIfChanged();
    const QString fp = Identity::normalizeFingerprint(fingerprint);
    return !fp.isEmpty() && std::any_of(m_entries.cbegin(), m_entries.cend(),
                                        [&](const Entry &e) { return e.fingerprint == fp; });
}

QString FingerprintStore::fingerprintForNode(const QString &nodeId) const
{
    reloadIfChanged();
    for (const Entry &e : std::as_const(m_entries)) {
        if (e.nodeId == nodeId)
            return e.fingerprint;
    }
    return {};
}

Status FingerprintStore::add(const QString &fingerprint, const QString &label, const QString &nodeId)
{
    const QString fp = Identity::normalizeFingerprint(fingerprint);
    if (fp.isEmpty())
        return Status::failure(tr("\"%1\" is not a SHA-256 fingerprint (64 hex digits)").arg(fingerprint));
    reloadIfChanged();
    m_entries.removeIf(
        [&](const Entry &e) { return e.fingerprint == fp || (!nodeId.isEmpty() && e.nodeId == nodeId); });
    m_entries.append(Entry{fp, nodeId, label, QDateTime::currentDateTimeUtc()});
    return save();
}

Status FingerprintStore::removeFingerprint(const QString &fingerprint)
{
    const QString fp = Identity::normalizeFingerprint(fingerprint);
    reloadIfChanged();
    if (m_entries.removeIf([&](const Entry &e) { return e.fingerprint == fp; }) == 0)
        return Status::failure(tr("%1 is not in the list").arg(fingerprint));
    return save();
}

Status FingerprintStore::removeNode(const QString &nodeId)
{
    reloadIfChanged();
    if (m_entries.removeIf([&](const Entry &e) { return e.nodeId == nodeId; }) == 0)
        return {};
    return save();
}
