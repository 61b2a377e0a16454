#pragma once

#include "message.h"
#include "translatabletext.h"

#include <QObject>
#include <QPointer>
#include <QSet>
#include <QTimer>

class AgentAccess;
class PeerConnection;
class QSslSocket;

/// One controller's connection to this agent. Checks the controller's
/// certificate against the trust list (or, for another agent, against the
/// coordinators of queued runs journaled here), exchanges hello, learns the
/// user the controller speaks for, keeps its subscriptions and hands every
/// other request to the daemon.
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

    enum class Role
    {
        Controller,  ///< a trusted controller: every request, for its user
        Coordinator, ///< another agent starting a queued run it coordinates: only that run's requests
    };

    AgentSession(QSslSocket *socket, AgentAccess &access, HelloInfo hello, QObject *parent = nullptr);

    bool isReady() const { return m_ready; }
    /// TLS showed a certificate on the trust list (hello may still be to come).
    bool isTrusted() const { return m_trusted; }
    bool isSubscribed(const QString &topic) const { return m_topics.contains(topic); }
    QString controllerFingerprint() const { return m_fingerprint; }
    Role role() const { return m_role; }
    /// The lab user this controller says it speaks for; empty for a coordinator.
    QString user() const { return m_user; }
    /// Before anything done in the user's name (a lease, a run, a booking, ending a run): the name
    /// must be this certificate's, or nobody's yet (then it becomes this certificate's: UserBindings).
    Status actAsUser();
    /// On the admin list right now (re-read when the file changes).
    bool isAdmin() const;
    /// The controller's interface language, from its hello ("fa_IR"), for replies.
    QString language() const { return m_language; }
    QString peerAddress() const;

    void send(const Message &message);
    void reply(qint64 requestId, const QCborMap &body);
    /// `text` travels untranslated too, so the controller shows it in its user's language.
    void replyError(qint64 requestId, const QString &code, const TranslatableText &text,
                    const QCborMap &details = {});

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
    AgentAccess &m_access;
    HelloInfo m_hello;
    QString m_fingerprint;
    Role m_role = Role::Controller;
    QString m_user;
    QString m_language;
    bool m_trusted = false;
    bool m_ready = false;
    QSet<QString> m_topics;
    QTimer m_handshakeTimer;
};
