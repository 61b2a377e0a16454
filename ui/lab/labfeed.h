#pragma once

#include <QCborMap>
#include <QList>
#include <QObject>
#include <QPointer>

class AgentClient;
class NodeRegistry;

/// The agents' `lab` topic for the app: subscribes every connection the
/// registry makes (again after each reconnect) and passes on what the agents
/// push: that leases, the queue, bookings or the rules changed, and notices
/// about runs (started from the queue, ended, reclaimed).
class LabFeed final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LabFeed)

public:
    explicit LabFeed(NodeRegistry &registry, QObject *parent = nullptr);

    static constexpr const char *kTopic = "lab";

Q_SIGNALS:
    /// `what`: "leases", "queue", "bookings", "policy", as the agent says.
    void changed(const QString &nodeId, const QString &what);
    void notice(const QCborMap &body);

private:
    void attach(const QString &key);

    NodeRegistry &m_registry;
    QList<QPointer<AgentClient>> m_clients;
};
