#pragma once

#include "expected.h"

#include <functional>
#include <QCoreApplication>
#include <QJsonObject>
#include <QString>
#include <QStringList>

/// What loading the lab's files found. A damaged file never stops the agent and
/// is never lost: it is kept beside the original as <name>.damaged-<time>, the
/// problem is reported here, and what could be read is used.
struct LabLoad
{
    QStringList problems; ///< translated, one per damaged file
    QStringList keptAs;   ///< the damaged copies
    bool clean() const { return problems.isEmpty(); }
};

/// The one way the lab's books read and write their JSON files:
/// {"version": N, ...} written atomically (AtomicFile), read back with the
/// version checked, and damaged files kept aside rather than overwritten.
class LabFile
{
    Q_DECLARE_TR_FUNCTIONS(LabFile)

public:
    struct Contents
    {
        bool exists = false;
        QJsonObject root; ///< valid when exists and problem is empty
        QString problem;  ///< translated: why the file is not a usable document
    };

    /// Reads path; a missing file is not a problem (exists = false).
    static Contents read(const QString &path, int maxVersion);
    /// Reads path and hands every object of the arrays named by keys to accept
    /// (key, object), which returns false for one it cannot use. A file nothing
    /// can be read from is moved aside; one with unusable entries is copied
    /// aside and *partlyDamaged set (the caller saves what it kept). A failure
    /// only when the damaged file could not be kept aside.
    static Expected<LabLoad>
    loadEntries(const QString &path, int maxVersion, const QStringList &keys, qint64 nowMs,
                const std::function<bool(const QString &, const QJsonObject &)> &accept, bool *partlyDamaged);
    /// Writes root with "version" added, atomically (0600).
    static Status write(const QString &path, int version, QJsonObject root);

    /// Keeps a damaged file as <path>.damaged-<time of nowMs, UTC>: moved away
    /// when nothing in it is used, copied when the readable part stays in use.
    /// Returns the copy's path.
    static Expected<QString> keepDamaged(const QString &path, qint64 nowMs, bool move);

    /// The report for a file nothing could be used from.
    static QString unusableMessage(const QString &path, const QString &problem, const QString &keptAs);
    /// The report for a file some entries of which were not valid.
    static QString partlyUsableMessage(const QString &path, int badEntries, int firstBad,
                                       const QString &keptAs);
    /// Why a book refuses to save after a damaged file could not be kept aside.
    static QString blockedMessage(const QString &path, const QString &reason);

    /// prefix + 16 random hex digits: ids of leases and bookings.
    static QString newId(const QString &prefix);
};
