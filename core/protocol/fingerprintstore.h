#pragma once

#include "expected.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QString>

/// A small persistent list of certificate fingerprints: an agent's trusted
/// controllers, or the agents a controller has pinned (node id -> fingerprint,
/// trust on first use as SSH's known_hosts). Saved atomically with 0600; a file
/// changed by another program (the SSH installer) is re-read before each lookup.
class FingerprintStore
{
    Q_DECLARE_TR_FUNCTIONS(FingerprintStore)

public:
    struct Entry
    {
        QString fingerprint;
        QString nodeId; ///< empty in an agent's list of controllers
        QString label;
        QDateTime added;
    };

    explicit FingerprintStore(QString path);

    Status load();
    Status save() const;

    QList<Entry> entries() const;
    bool containsFingerprint(const QString &fingerprint) const;
    /// The fingerprint pinned for a node, or empty.
    QString fingerprintForNode(const QString &nodeId) const;

    Status add(const QString &fingerprint, const QString &label, const QString &nodeId = {});
    Status removeFingerprint(const QString &fingerprint);
    Status removeNode(const QString &nodeId);

    QString path() const { return m_path; }

private:
    void reloadIfChanged() const;

    QString m_path;
    mutable QList<Entry> m_entries;
    mutable QDateTime m_loadedModified;
    mutable qint64 m_loadedSize = -1;
};
