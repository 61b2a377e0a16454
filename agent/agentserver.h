#pragma once

#include <QSslConfiguration>
#include <QTcpServer>

/// Accepts TCP connections and starts the server side of TLS on each; the
/// connection count is capped so one misbehaving client cannot exhaust the agent.
class AgentServer final : public QTcpServer
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AgentServer)

public:
    AgentServer(QSslConfiguration tls, int maxConnections, QObject *parent = nullptr);

    void setOpenConnections(int count) { m_open = count; }

Q_SIGNALS:
    /// A socket whose TLS handshake has started; the receiver takes ownership.
    void socketAccepted(class QSslSocket *socket);

protected:
    void incomingConnection(qintptr descriptor) override;

private:
    QSslConfiguration m_tls;
    int m_maxConnections;
    int m_open = 0;
};
