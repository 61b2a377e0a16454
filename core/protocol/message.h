#pragma once

#include "expected.h"

#include <QCborMap>
#include <QCoreApplication>
#include <QString>

/// One message of the wire protocol: a type, an optional request id (requests),
/// an optional id it answers (replies and errors) and a CBOR map body. Decoding
/// checks the body against the schema of its type, so code that handles a
/// message can trust the fields it reads.
class Message
{
    Q_DECLARE_TR_FUNCTIONS(Message)

public:
    enum class Type
    {
        Hello,       ///< first message on a connection, both directions
        Reply,       ///< success answer to a request (re = request id)
        Error,       ///< failure answer to a request, or a reason before a close
        Subscribe,   ///< request: start streaming topics (telemetry, runs)
        Unsubscribe, ///< request: stop streaming topics
        HostInfo,    ///< request: static host information and devices
        Telemetry,   ///< push: one sample of every device of the node
        // Run commands (requests) and pushes.
        Preflight,
        StartRun,
        StopRun,
        AbortRun,
        ListRuns,
        Journal,
        RunEvent,
        RunState,
        // The shared lab (docs/lab.md): leases, the queue, reservations, policy, usage.
        LeaseAcquire, ///< request: hold devices of this node for a run, all or none
        LeaseRelease, ///< request: give a lease back
        QueueSubmit,  ///< request: journal a run that starts when its devices are free
        QueueList,    ///< request: the queue with positions and estimated starts
        QueueCancel,  ///< request: take a run out of the queue
        Reserve,      ///< request: book devices for a time window
        Unreserve,    ///< request: cancel a booking
        LabState,     ///< request: every device's holder, bookings, queue, policy, utilization history
        Usage,        ///< request: device-hours per user and week
        PolicyGet,    ///< request: the lab's rules as this agent enforces them
        PolicySet,    ///< request (admins only): change the rules
        LabChanged,   ///< push: leases, queue, bookings or policy changed
        LabNotice,    ///< push: a run started from the queue, ended, or its lease was reclaimed
        ModelFetch,   ///< request: a piece of the trained model a run wrote on this node (its user's)
        Count
    };

    Message() = default;
    Message(Type type, QCborMap body = {}, qint64 id = 0, qint64 replyTo = 0);

    static Message reply(qint64 requestId, QCborMap body = {});
    static Message error(qint64 requestId, const QString &code, const QString &text,
                         const QCborMap &details = {});

    Type type() const { return m_type; }
    qint64 id() const { return m_id; }
    qint64 replyTo() const { return m_replyTo; }
    const QCborMap &body() const { return m_body; }
    void setId(qint64 id) { m_id = id; }

    bool isRequest() const;
    QString typeName() const { return typeName(m_type); }
    static QString typeName(Type type);

    QByteArray encode() const;
    static Expected<Message> decode(const QByteArray &payload);

private:
    Type m_type = Type::Hello;
    qint64 m_id = 0;
    qint64 m_replyTo = 0;
    QCborMap m_body;
};
