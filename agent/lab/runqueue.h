#pragma once

#include "expected.h"
#include "labfile.h"
#include "queueentry.h"

#include <optional>
#include <QCoreApplication>
#include <QList>
#include <QMap>
#include <QSet>
#include <QString>

class LabClock;

/// The runs queued on this node, journaled where their devices are: one file
/// per entry (<dir>/<run id>.json, written atomically), so closing the app
/// loses nothing and an agent restart finds them again. An entry's file goes
/// when the run starts or is cancelled.
class RunQueue
{
    Q_DECLARE_TR_FUNCTIONS(RunQueue)

public:
    RunQueue(QString dir, const LabClock &clock);

    /// Reads every entry (a missing directory is an empty queue). A damaged
    /// entry's file is moved aside (see LabLoad) and the others are used.
    Expected<LabLoad> load();

    /// Journals entry. Submitting the same run again (the same user) replaces
    /// its entry; another user's run of that id is refused.
    Status add(const QueueEntry &entry);
    /// Takes the entry out (it starts, or is cancelled) and deletes its file.
    Expected<QueueEntry> remove(const QString &runId);

    /// By submission, then run id.
    QList<QueueEntry> entries() const;
    std::optional<QueueEntry> entry(const QString &runId) const;
    bool contains(const QString &runId) const { return m_entries.contains(runId); }
    qsizetype size() const { return m_entries.size(); }
    /// How many runs user has waiting here (the per-user cap counts these).
    int countOf(const QString &user) const;

    QString dir() const { return m_dir; }
    QString fileOf(const QString &runId) const;

private:
    QString m_dir;
    const LabClock &m_clock;
    QMap<QString, QueueEntry> m_entries;
    QMap<QString, QString> m_blocked; ///< run id -> why its damaged file could not be kept aside
};
