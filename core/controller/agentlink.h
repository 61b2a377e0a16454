#pragma once

#include "expected.h"
#include "message.h"

#include <functional>
#include <QCborMap>
#include <QObject>

/// What a run needs from one connected agent: requests that get a reply, and
/// the agent's pushes. AgentClientLink is the real one, over an AgentClient;
/// a test puts a fake agent behind this seam (the way ksystemstats replaces its
/// providers through a virtual), so a run's parts are tested without a socket.
class AgentLink : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AgentLink)

public:
    using ReplyHandler = std::function<void(const Expected<QCborMap> &reply)>;

    explicit AgentLink(QObject *parent = nullptr)
        : QObject(parent)
    {}
    ~AgentLink() override;

    /// Sends a request; the handler is called exactly once (reply, error reply,
    /// disconnect or timeout), unless `context` is destroyed first: then never.
    virtual void request(Message::Type type, const QCborMap &body, QObject *context, ReplyHandler handler,
                         int timeoutMs = 15000) = 0;

Q_SIGNALS:
    void pushReceived(const Message &message);
};
