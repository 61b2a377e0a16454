#pragma once

#include "message.h"

#include <QObject>
#include <QPointer>
#include <QSet>
#include <QTimer>

class FingerprintStore;
class PeerConnection;
class QSslSocket;

/// One controller's connection to this agent. Checks the controller's
/// certificate against the trust list, exchanges hello, keeps its
/// subscriptions and hands every other request to the daemon.
class AgentSession final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AgentSession)

public:
    struct HelloInfo
    {
        QString nodeId;
        QString name;
        QString hostname;
    };

    AgentSession(QSslSocket *socket, const FingerprintStore &trust, HelloInfo hello,
                 QObject *parent = nullptr);

    bool isReady() const { return m_ready; }
    /// TLS showed a certificate on the trust list (hello may still be to come).
    bool isTrusted() const { return m_trusted; }
    bool isSubscribed(const QString &topic) const { return m_topics.contains(topic); }
    QString controllerFingerprint() const { return m_fingerprint; }
    /// The controller's interface language, from its hello ("fa_IR"), for replies.
    QString language() const { return m_language; }
    QString peerAddress() const;

    void send(const Message &message);
    void reply(qint64 requestId, const QCborMap &body);
    void replyError(qint64 requestId, const QString &code, const QString &text);

Q_SIGNALS:
    /// The controller's certificate is on the trust list.
    void authenticated();
    void ready();
    void subscriptionsChanged();
    void requestReceived(AgentSession *session, const Message &request);
    void closed(AgentSession *session, const QString &reason);

private:
    void onEncrypted();
    void onMessage(const Message &message);

    PeerConnection *m_connection;
    const FingerprintStore &m_trust;
    HelloInfo m_hello;
    QString m_fingerprint;
    QString m_language;
    bool m_trusted = false;
    bool m_ready = false;
    QSet<QString> m_topics;
    QTimer m_handshakeTimer;
};
