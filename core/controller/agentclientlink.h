#pragma once

#include "agentlink.h"

class AgentClient;

/// AgentLink over a controller's connection to one agent. There is one per
/// client, its child: it goes when the connection goes, so a link that is still
/// there still reaches the same agent.
class AgentClientLink final : public AgentLink
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AgentClientLink)

public:
    /// The link over `client`, made on first use.
    static AgentClientLink *of(AgentClient *client);

    void request(Message::Type type, const QCborMap &body, QObject *context, ReplyHandler handler,
                 int timeoutMs = 15000) override;

private:
    explicit AgentClientLink(AgentClient &client);

    AgentClient &m_client;
};
