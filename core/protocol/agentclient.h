#pragma once

#include "expected.h"
#include "message.h"
#include "telemetry.h"

#include <functional>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QTimer>

class Identity;
class PeerConnection;

/// A controller's authenticated connection to one agent. It does the TLS
/// handshake and the hello exchange, then reports the agent's fingerprint and
/// node id; the caller decides whether that fingerprint is acceptable (pinning)
/// before anything but the hello is sent. Requests get their reply through a
/// callback, with a timeout. An agent uses it too, in the role "coordinator",
/// to start a queued run it coordinates on the other nodes (docs/lab.md); it
/// lives in the protocol layer for that reason.
class AgentClient final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AgentClient)

public:
    enum class State
    {
        Disconnected,
        Connecting,
        Handshaking,
        Ready
    };
    using ReplyHandler = std::function<void(const Expected<QCborMap> &reply)>;

    AgentClient(const Identity &identity, QString host, quint16 port, QObject *parent = nullptr);
    ~AgentClient() override;

    /// The user this controller acts for (ControllerProfile::userName), sent in hello: agents record it
    /// with every lease, booking and run. Takes effect at the next connection.
    void setUser(const QString &user) { m_user = user; }
    QString user() const { return m_user; }
    /// "controller" (the default) or "coordinator" (an agent starting a queued run elsewhere).
    void setRole(const QString &role) { m_role = role; }

    void connectToAgent();
    void disconnectFromAgent();

    State state() const { return m_state; }
    QString host() const { return m_host; }
    quint16 port() const { return m_port; }
    QString peerFingerprint() const { return m_peerFingerprint; }
    QString nodeId() const { return m_nodeId; }
    QString agentName() const { return m_agentName; }
    QString agentVersion() const { return m_agentVersion; }

    /// Sends a request; the handler is called exactly once (reply, error reply,
    /// disconnect or timeout), unless `context` is destroyed first: then never,
    /// as with a connection's context object.
    void request(Message::Type type, const QCborMap &body, QObject *context, ReplyHandler handler,
                 int timeoutMs = 15000);

Q_SIGNALS:
    /// The agent answered hello: its identity is known, nothing else was exchanged.
    void handshakeDone();
    void disconnected(const QString &reason, const QString &code);
    void telemetryReceived(const TelemetrySnapshot &snapshot);
    void pushReceived(const Message &message);

private:
    struct Pending
    {
        ReplyHandler handler;
        QTimer *timer;
        QPointer<QObject> context;
        bool hasContext;
        void call(const Expected<QCborMap> &result) const
        {
            if (!hasContext || context)
                handler(result);
        }
    };

    void onMessage(const Message &message);
    void onClosed(const QString &reason);
    void failAll(const QString &reason);

    const Identity &m_identity;
    QString m_host;
    quint16 m_port;
    QString m_user;
    QString m_role = QStringLiteral("controller");
    State m_state = State::Disconnected;
    QPointer<PeerConnection> m_connection;
    QString m_peerFingerprint;
    QString m_nodeId;
    QString m_agentName;
    QString m_agentVersion;
    QString m_lastErrorCode;
    qint64 m_nextId = 1;
    QHash<qint64, Pending> m_pending;
    QTimer m_handshakeTimer;
};
