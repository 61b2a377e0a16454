#include "agentclientlink.h"

#include "agentclient.h"

AgentClientLink::AgentClientLink(AgentClient &client)
    : AgentLink(&client)
    , m_client(client)
{
    connect(&client, &AgentClient::pushReceived, this, &AgentLink::pushReceived);
}

AgentClientLink *AgentClientLink::of(AgentClient *client)
{
    if (!client)
        return nullptr;
    if (auto *link = client->findChild<AgentClientLink *>(QString(), Qt::FindDirectChildrenOnly))
        return link;
    return new AgentClientLink(*client);
}

void AgentClientLink::request(Message::Type type, const QCborMap &body, QObject *context,
                              ReplyHandler handler, int timeoutMs)
{
    m_client.request(type, body, context, std::move(handler), timeoutMs);
}
