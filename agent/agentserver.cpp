#include "agentserver.h"

#include "logging.h"

#include <QSslSocket>

AgentServer::AgentServer(QSslConfiguration tls, int maxConnections, QObject *parent)
    : QTcpServer(parent), m_tls(std::move(tls)), m_limiter(ConnectionLimiter::forTotal(maxConnections))
{
}

void AgentServer::incomingConnection(qintptr descriptor)
{
    auto *socket = new QSslSocket;
    if (!socket->setSocketDescriptor(descriptor)) {
        delete socket;
        return;
    }
    if (!m_limiter.admit(socket->peerAddress())) {
        // Refused at once, before any TLS work: a flood costs us an accept and a close,
        // and at most one log line every few seconds.
        ++m_refusedSinceLog;
        if (!m_lastRefusalLog.isValid() || m_lastRefusalLog.elapsed() >= kRefusalLogIntervalMs) {
            qCWarning(lcProtocol) << "refused" << m_refusedSinceLog << "connection(s), the last from"
                                  << socket->peerAddress() << "-" << m_limiter.pendingFrom(socket->peerAddress())
                                  << "unauthenticated from there," << m_limiter.pending() << "in all,"
                                  << m_limiter.trusted() << "trusted, limit" << m_limiter.limits().total;
            m_refusedSinceLog = 0;
            m_lastRefusalLog.start();
        }
        socket->abort();
        delete socket;
        return;
    }
    socket->setSslConfiguration(m_tls);
    socket->startServerEncryption();
    Q_EMIT socketAccepted(socket);
}
