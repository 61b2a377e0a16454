#pragma once

#include "expected.h"
#include "runrecord.h"

#include <memory>
#include <QCoreApplication>
#include <QFile>
#include <QJsonObject>
#include <QList>
#include <QString>

/// An agent's durable record of one run on its node: the config it was
/// started with, every event of every local worker (numbered by seq, the order
/// the agent saw them), and the run's state. Lines are appended and flushed
/// one by one, so a crash loses nothing already written, and a controller that
/// was away can ask for everything after the last seq it has.
///   <dir>/config.json   the start request (config and topology)
///   <dir>/journal.jsonl one event per line: {"seq","time","kind","rank","device","event"}
///   <dir>/state.json    {"state","reason","started","ended"}
class RunJournal
{
    Q_DECLARE_TR_FUNCTIONS(RunJournal)

public:
    static Expected<std::unique_ptr<RunJournal>>
    create(const QString &dir, const QString &runId, const QString &source, const QJsonObject &startRequest);
    /// Re-opens a journal written earlier (after an agent restart).
    static Expected<std::unique_ptr<RunJournal>> open(const QString &dir, const QString &source);

    QString runId() const { return m_runId; }
    QString dir() const { return m_dir; }
    QJsonObject startRequest() const { return m_startRequest; }
    qint64 lastSeq() const { return m_lastSeq; }

    /// Appends one event and returns it with its seq.
    RunEvent append(const RunEventKind &kind, int rank, int device, const QJsonObject &payload);
    /// Events with seq > after, at most limit of them.
    QList<RunEvent> read(qint64 after, int limit) const;

    QString state() const { return m_state.value(QStringLiteral("state")).toString(); }
    QJsonObject stateObject() const { return m_state; }
    Status setState(const QString &state, const QString &reason);
    /// Rewrites config.json: a queued run learns its ranks, master and devices when it starts.
    Status setStartRequest(const QJsonObject &request);
    /// Makes what was appended durable (fdatasync); called on state changes and periodically.
    void sync();

private:
    RunJournal() = default;
    void index();

    QString m_dir;
    QString m_runId;
    QString m_source;
    QJsonObject m_startRequest;
    QJsonObject m_state;
    std::unique_ptr<QFile> m_file;
    bool m_unsynced = false; ///< appended to since the last sync
    QList<qint64> m_offsets; ///< file offset of each seq (seq = index + 1)
    qint64 m_lastSeq = 0;
};
