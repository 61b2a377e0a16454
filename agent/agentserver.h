#pragma once

#include "connectionlimiter.h"

#include <QElapsedTimer>
#include <QList>
#include <QPointer>
#include <QSslConfiguration>
#include <QSslSocket>
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

    /// The session on `socket` showed a trusted controller: its place leaves the unauthenticated pool.
    void promote(const QSslSocket *socket);
    /// The session on `socket` ended (`trusted` as it was promoted). Only compares the pointer.
    void release(const QSslSocket *socket, bool trusted);
    const ConnectionLimiter &limiter() const { return m_limiter; }

Q_SIGNALS:
    /// A socket whose TLS handshake has started; the receiver takes ownership.
    void socketAccepted(class QSslSocket *socket);

protected:
    void incomingConnection(qintptr descriptor) override;

private:
    /// A full pool of unauthenticated connections gives way to a newcomer: the oldest is closed.
    bool evictOldestPending();
    /// An address at its cap gives way to a newcomer from it: its oldest connection that has not begun
    /// TLS is closed; false when every one of them has.
    bool evictOldestSilent(const QHostAddress &from);
    /// Forgets the places of sockets already gone.
    void dropGone();

    struct Pending
    {
        QPointer<QSslSocket> socket;
        const QSslSocket *key; ///< compared only, never dereferenced
        QHostAddress peer;
        bool spoke = false; ///< sent a ClientHello: the agent has answered it
    };
    static constexpr int kRefusalLogIntervalMs = 5000;
    QSslConfiguration m_tls;
    ConnectionLimiter m_limiter;
    QList<Pending> m_pending; ///< unauthenticated connections, oldest first
    QElapsedTimer m_lastRefusalLog;
    int m_refusedSinceLog = 0;
};
