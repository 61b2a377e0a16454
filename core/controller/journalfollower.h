#pragma once

#include "runrecord.h"

#include <QList>
#include <QMetaObject>
#include <QObject>
#include <QPointer>

class AgentLink;
class Message;
class QCborMap;

/// One node's journal of one run (one attempt of it) on its way into the
/// history: the agent's live pushes, and after every (re)connection a backfill
/// from the last seq it has, a page at a time. Each event comes out exactly
/// once and in seq order: a push past a gap waits for the backfill, and what a
/// page and a push both carry is dropped the second time.
class JournalFollower final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(JournalFollower)

public:
    static constexpr int kJournalPage = 2000; ///< events a journal reply carries at most

    /// `runId` is the run's id here, `agentRunId` its id on the agent, `source`
    /// the RunEvent::source its events get; `lastSeq` the newest one stored already.
    JournalFollower(QString runId, QString agentRunId, QString source, qint64 lastSeq,
                    QObject *parent = nullptr);
    ~JournalFollower() override;

    /// Follows the journal over `link`: subscribes, then backfills. Nothing for
    /// no link or the one followed already.
    void follow(AgentLink *link);
    /// Fetches what the agent journaled after lastSeq(), unless a fetch is under way or no agent is linked.
    void backfill();

    AgentLink *link() const { return m_link; }
    qint64 lastSeq() const { return m_lastSeq; }
    bool isSubscribed() const { return m_subscribed; }
    bool isBackfilling() const { return m_backfilling; }

Q_SIGNALS:
    /// New events, in seq order, none seen before.
    void eventsArrived(const QList<RunEvent> &events);
    /// A backfill reached the end of the agent's journal.
    void caughtUp();
    /// The agent could not give the journal (no such run there, say).
    void journalUnavailable(const QString &error);

private:
    void onPush(const Message &message);
    RunEvent event(const QCborMap &event, qint64 seq) const;
    void take(const QList<RunEvent> &events);

    const QString m_runId;
    const QString m_agentRunId;
    const QString m_source;
    qint64 m_lastSeq = 0;
    bool m_subscribed = false;
    bool m_backfilling = false;
    QPointer<AgentLink> m_link;
    QMetaObject::Connection m_pushConnection;
};
