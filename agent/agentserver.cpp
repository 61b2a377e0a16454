#include "agentserver.h"

#include "logging.h"

#include <QHash>
#include <QSslSocket>

AgentServer::AgentServer(QSslConfiguration tls, int maxConnections, QObject *parent)
    : QTcpServer(parent)
    , m_tls(std::move(tls))
    , m_limiter(ConnectionLimiter::forTotal(maxConnections))
{}

void AgentServer::incomingConnection(qintptr descriptor)
{
    auto *socket = new QSslSocket;
    if (!socket->setSocketDescriptor(descriptor)) {
        delete socket;
        return;
    }
    const QHostAddress peer = socket->peerAddress();
    // At its address's cap, a newcomer takes the place of that address's oldest connection that has not
    // begun TLS: idle sockets from a shared address (a NAT, another user of the same computer, one IPv6
    // /64) give way to a controller, whose handshake in progress is not closed in turn (issue #29, item 9).
    // When the whole unauthenticated pool is full, a newcomer from an address still within its share
    // takes the oldest pending place: sockets from many addresses cannot lock trusted controllers out.
    bool admitted = m_limiter.admit(peer);
    if (!admitted && m_limiter.pendingFrom(peer) >= m_limiter.limits().pendingPerAddress)
        admitted = evictOldestSilent(peer) && m_limiter.admit(peer);
    else if (!admitted)
        admitted = evictOldestPending() && m_limiter.admit(peer);
    if (!admitted) {
        // Refused at once, before any TLS work: a flood costs us an accept and a close,
        // and at most one log line every few seconds.
        ++m_refusedSinceLog;
        if (!m_lastRefusalLog.isValid() || m_lastRefusalLog.elapsed() >= kRefusalLogIntervalMs) {
            qCWarning(lcProtocol) << "refused" << m_refusedSinceLog << "connection(s), the last from"
                                  << socket->peerAddress() << "-"
                                  << m_limiter.pendingFrom(socket->peerAddress())
                                  << "unauthenticated from there," << m_limiter.pending() << "in all,"
                                  << m_limiter.trusted() << "trusted, limit" << m_limiter.limits().total;
            m_refusedSinceLog = 0;
            m_lastRefusalLog.start();
        }
        socket->abort();
        delete socket;
        return;
    }
    m_pending.append({socket, socket, peer});
    // A TLS server never speaks first: its first bytes out answer the client's hello. Only a client that
    // sent one keeps its place against newcomers from its address.
    connect(
        socket, &QSslSocket::encryptedBytesWritten, this,
        [this, socket] {
            for (Pending &p : m_pending) {
                if (p.key == socket)
                    p.spoke = true;
            }
        },
        Qt::SingleShotConnection);
    socket->setSslConfiguration(m_tls);
    socket->startServerEncryption();
    Q_EMIT socketAccepted(socket);
}

bool AgentServer::evictOldestPending()
{
    // The oldest connection of the host holding the most pending places goes: a flood gives way,
    // a controller that just connected once does not (it would lose the race to the next renewal).
    dropGone();
    QHash<QString, int> counts;
    for (const Pending &p : std::as_const(m_pending))
        ++counts[ConnectionLimiter::key(p.peer)];
    QString heaviest;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        if (heaviest.isEmpty() || it.value() > counts.value(heaviest))
            heaviest = it.key();
    }
    for (qsizetype i = 0; i < m_pending.size(); ++i) {
        if (ConnectionLimiter::key(m_pending[i].peer) != heaviest)
            continue;
        const Pending oldest = m_pending.takeAt(i);
        m_limiter.release(oldest.peer, false);
        oldest.socket->abort(); // its session sees the close and reports it; release() then finds nothing
        return true;
    }
    return false;
}

bool AgentServer::evictOldestSilent(const QHostAddress &from)
{
    dropGone();
    const QString key = ConnectionLimiter::key(from);
    for (qsizetype i = 0; i < m_pending.size(); ++i) {
        if (m_pending[i].spoke || ConnectionLimiter::key(m_pending[i].peer) != key)
            continue;
        const Pending oldest = m_pending.takeAt(i);
        m_limiter.release(oldest.peer, false);
        oldest.socket->abort(); // as in evictOldestPending
        return true;
    }
    return false;
}

void AgentServer::dropGone()
{
    m_pending.removeIf([this](const Pending &p) {
        if (!p.socket)
            m_limiter.release(p.peer, false);
        return !p.socket;
    });
}

void AgentServer::promote(const QSslSocket *socket)
{
    for (qsizetype i = 0; i < m_pending.size(); ++i) {
        if (m_pending[i].key == socket) {
            m_limiter.promote(m_pending.takeAt(i).peer);
            return;
        }
    }
}

void AgentServer::release(const QSslSocket *socket, bool trusted)
{
    for (qsizetype i = 0; i < m_pending.size(); ++i) {
        if (m_pending[i].key == socket) {
            m_limiter.release(m_pending.takeAt(i).peer, false);
            return;
        }
    }
    if (trusted)
        m_limiter.release({}, true);
}
