#include "journalfollower.h"

#include "agentlink.h"
#include "cborvalue.h"
#include "message.h"

#include <QCborArray>
#include <QCborValue>

JournalFollower::JournalFollower(QString runId, QString agentRunId, QString source, qint64 lastSeq,
                                 QObject *parent)
    : QObject(parent)
    , m_runId(std::move(runId))
    , m_agentRunId(std::move(agentRunId))
    , m_source(std::move(source))
    , m_lastSeq(lastSeq)
{}

JournalFollower::~JournalFollower() = default;

void JournalFollower::follow(AgentLink *link)
{
    if (!link || link == m_link)
        return;
    QObject::disconnect(m_pushConnection);
    m_link = link;
    m_subscribed = false;
    m_backfilling = false;
    m_pushConnection = connect(link, &AgentLink::pushReceived, this, &JournalFollower::onPush);
    link->request(Message::Type::Subscribe,
                  QCborMap{{QStringLiteral("topics"), QCborArray{QStringLiteral("runs")}}}, this,
                  [this](const Expected<QCborMap> &reply) {
                      if (!reply)
                          return;
                      m_subscribed = true;
                      backfill();
                  });
}

void JournalFollower::onPush(const Message &message)
{
    const QCborMap &b = message.body();
    if (message.type() != Message::Type::RunEvent ||
        b.value(QStringLiteral("run_id")).toString() != m_agentRunId)
        return;
    const RunEvent ev =
        event(b.value(QStringLiteral("event")).toMap(), CborValue::integer(b.value(QStringLiteral("seq"))));
    // Events past a gap (we were away) wait for the backfill, which fetches them in order.
    if (ev.seq > m_lastSeq + 1) {
        backfill();
        return;
    }
    take({ev});
}

void JournalFollower::backfill()
{
    if (m_backfilling || !m_link)
        return;
    m_backfilling = true;
    m_link->request(Message::Type::Journal,
                    QCborMap{{QStringLiteral("run_id"), m_agentRunId}, {QStringLiteral("from"), m_lastSeq}},
                    this, [this](const Expected<QCborMap> &reply) {
                        m_backfilling = false;
                        if (!reply) {
                            Q_EMIT journalUnavailable(reply.error());
                            return;
                        }
                        if (!reply->contains(QStringLiteral("events"))) {
                            // Another user's run: the agent gives its summary only.
                            Q_EMIT journalUnavailable(
                                tr("run %1 on this machine is another user's: only its summary can be read")
                                    .arg(m_agentRunId));
                            return;
                        }
                        QList<RunEvent> events;
                        for (const QCborValue v : reply->value(QStringLiteral("events")).toArray()) {
                            const QCborMap e = v.toMap();
                            events.append(event(e, CborValue::integer(e.value(QStringLiteral("seq")))));
                        }
                        take(events);
                        if (events.size() >= kJournalPage) {
                            backfill();
                            return;
                        }
                        Q_EMIT caughtUp();
                    });
}

RunEvent JournalFollower::event(const QCborMap &e, qint64 seq) const
{
    RunEvent ev;
    ev.runId = m_runId;
    ev.source = m_source;
    ev.seq = seq;
    ev.timeMs = CborValue::integer(e.value(QStringLiteral("time")));
    ev.kind = e.value(QStringLiteral("kind")).toString();
    ev.rank = int(CborValue::integer(e.value(QStringLiteral("rank")), -1));
    ev.device = int(CborValue::integer(e.value(QStringLiteral("device")), -1));
    ev.payload = QCborValue(e.value(QStringLiteral("event"))).toJsonValue().toObject();
    return ev;
}

void JournalFollower::take(const QList<RunEvent> &events)
{
    QList<RunEvent> fresh;
    for (const RunEvent &ev : events) {
        if (ev.seq <= m_lastSeq)
            continue; // seen already (a page and a push overlapping)
        m_lastSeq = ev.seq;
        fresh.append(ev);
    }
    if (!fresh.isEmpty())
        Q_EMIT eventsArrived(fresh);
}
