#pragma once

#include "connectionlimiter.h"

#include <QElapsedTimer>
#include <QSslConfiguration>
#include <QTcpServer>

/// Accepts TCP connections and starts the server side of TLS on each. Who
/// gets a place is ConnectionLimiter's rule: unauthenticated connections are
/// capped per address and in all, and places are kept for trusted sessions.
class AgentServer final : public QTcpServer
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AgentServer)

public:
    AgentServer(QSslConfiguration tls, int maxConnections, QObject *parent = nullptr);

    /// A session's TLS showed a trusted controller: its place leaves the unauthenticated pool.
    void promote(const QHostAddress &peer) { m_limiter.promote(peer); }
    /// A session from `peer` ended.
    void release(const QHostAddress &peer, bool trusted) { m_limiter.release(peer, trusted); }
    const ConnectionLimiter &limiter() const { return m_limiter; }

Q_SIGNALS:
    /// A socket whose TLS handshake has started; the receiver takes ownership.
    void socketAccepted(class QSslSocket *socket);

protected:
    void incomingConnection(qintptr descriptor) override;

private:
    static constexpr int kRefusalLogIntervalMs = 5000;
    QSslConfiguration m_tls;
    ConnectionLimiter m_limiter;
    QElapsedTimer m_lastRefusalLog;
    int m_refusedSinceLog = 0;
};
