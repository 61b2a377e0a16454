#include "labfeed.h"

#include "agentclient.h"
#include "message.h"
#include "noderegistry.h"

#include <QCborArray>

LabFeed::LabFeed(NodeRegistry &registry, QObject *parent)
    : QObject(parent)
    , m_registry(registry)
{
    for (const QString &key : registry.readyKeys())
        attach(key);
    connect(&registry, &NodeRegistry::clientReady, this, &LabFeed::attach);
}

void LabFeed::attach(const QString &key)
{
    AgentClient *client = m_registry.client(key);
    if (!client)
        return;
    m_clients.removeAll(nullptr);
    if (m_clients.contains(client))
        return;
    m_clients.append(client);
    // Topics add up on the agent: this keeps the registry's telemetry subscription.
    client->request(Message::Type::Subscribe,
                    QCborMap{{QStringLiteral("topics"), QCborArray{QLatin1String(kTopic)}}}, this,
                    [](const Expected<QCborMap> &) {});
    connect(client, &AgentClient::pushReceived, this, [this, key](const Message &message) {
        if (message.type() == Message::Type::LabChanged)
            Q_EMIT changed(key, message.body().value(QStringLiteral("what")).toString());
        else if (message.type() == Message::Type::LabNotice)
            Q_EMIT notice(message.body());
    });
}
