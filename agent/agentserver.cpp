#include "agentserver.h"

#include "logging.h"

#include <QSslSocket>

AgentServer::AgentServer(QSslConfiguration tls, int maxConnections, QObject *parent)
    : QTcpServer(parent), m_tls(std::move(tls)), m_maxConnections(maxConnections)
{
}

void AgentServer::incomingConnection(qintptr descriptor)
{
    auto *socket = new QSslSocket;
    if (!socket->setSocketDescriptor(descriptor)) {
        delete socket;
        return;
    }
    if (m_open >= m_maxConnections) {
        qCWarning(lcProtocol) << "refused connection from" << socket->peerAddress() << "- limit of"
                              << m_maxConnections << "connections reached";
        socket->abort();
        delete socket;
        return;
    }
    socket->setSslConfiguration(m_tls);
    socket->startServerEncryption();
    Q_EMIT socketAccepted(socket);
}
