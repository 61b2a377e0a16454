#include "agentsession.h"

#include "agentaccess.h"
#include "cborvalue.h"
#include "identity.h"
#include "logging.h"
#include "peerconnection.h"
#include "protocol.h"
#include "username.h"
#include "version.h"

#include <QCborArray>
#include <QCoreApplication>
#include <QSslSocket>

namespace {
const QStringList kTopics = {QStringLiteral("telemetry"), QStringLiteral("runs"), QStringLiteral("lab")};
} // namespace

AgentSession::AgentSession(QSslSocket *socket, AgentAccess &access, HelloInfo hello, QObject *parent)
    : QObject(parent)
    , m_connection(new PeerConnection(socket, this))
    , m_access(access)
    , m_hello(std::move(hello))
{
    connect(socket, &QSslSocket::encrypted, this, &AgentSession::onEncrypted);
    connect(socket, &QSslSocket::sslErrors, socket, [socket](const QList<QSslError> &) {
        // Self-signed controller certificates are expected: trust is decided by fingerprint.
        socket->ignoreSslErrors();
    });
    connect(m_connection, &PeerConnection::messageReceived, this, &AgentSession::onMessage);
    connect(m_connection, &PeerConnection::closed, this,
            [this](const QString &reason) { Q_EMIT closed(this, reason); });
    m_handshakeTimer.setSingleShot(true);
    // Until TLS shows a trusted certificate the connection holds an unauthenticated place: a short
    // deadline (Protocol::kTlsHandshakeTimeoutMs), then the usual one for the hello.
    connect(&m_handshakeTimer, &QTimer::timeout, this, [this] {
        const int ms = m_trusted ? Protocol::kHandshakeTimeoutMs : Protocol::kTlsHandshakeTimeoutMs;
        m_connection->close(tr("handshake not completed within %1 s").arg(ms / 1000));
    });
    m_handshakeTimer.start(Protocol::kTlsHandshakeTimeoutMs);
}

Status AgentSession::actAsUser()
{
    if (m_role != Role::Controller)
        return Status::failure(tr("a coordinator acts for no user"));
    // The admin's own certificate binds a name by claiming it (the admin could bind it anyway).
    if (auto s = m_access.users().claim(m_user, m_fingerprint, isAdmin()); !s) {
        qCWarning(lcTrust).noquote() << "refused the user name" << m_user << "from" << peerAddress();
        return s;
    }
    return {};
}

bool AgentSession::isAdmin() const
{
    return m_role == Role::Controller && m_access.isAdmin(m_fingerprint);
}

QString AgentSession::peerAddress() const
{
    return m_connection->peerAddress();
}

void AgentSession::onEncrypted()
{
    m_fingerprint = m_connection->peerFingerprint();
    if (m_fingerprint.isEmpty()) {
        m_connection->closeWithError(
            QStringLiteral("untrusted"),
            tr("the controller presented no certificate; this agent accepts only trusted controllers"));
        return;
    }
    if (m_access.isTrustedController(m_fingerprint)) {
        m_role = Role::Controller;
    } else if (m_access.isCoordinator(m_fingerprint)) {
        // Another agent that a trusted controller named as the coordinator of a queued run here.
        m_role = Role::Coordinator;
    } else {
        qCWarning(lcTrust).noquote() << "refused untrusted controller" << peerAddress()
                                     << Identity::displayFingerprint(m_fingerprint);
        m_connection->closeWithError(
            QStringLiteral("untrusted"),
            tr("this controller (%1) is not in the agent's trust list; on the agent's machine run: "
               "hamgam-agent --trust %2")
                .arg(Identity::displayFingerprint(m_fingerprint), m_fingerprint));
        return;
    }
    m_trusted = true;
    m_handshakeTimer.start(Protocol::kHandshakeTimeoutMs);
    Q_EMIT authenticated();
}

void AgentSession::send(const Message &message)
{
    if (m_ready)
        m_connection->send(message);
}

void AgentSession::reply(qint64 requestId, const QCborMap &body)
{
    m_connection->send(Message::reply(requestId, body));
}

void AgentSession::replyError(qint64 requestId, const QString &code, const TranslatableText &text,
                              const QCborMap &details)
{
    QCborMap body = details;
    if (!text.isPlain())
        body[QStringLiteral("text")] = text.toCbor();
    // "message": the words in this agent's language, for a controller that reads no "text".
    m_connection->send(Message::error(requestId, code, text.toString(), body));
}

void AgentSession::onMessage(const Message &message)
{
    if (!m_trusted)
        return; // the close is on its way
    if (!m_ready) {
        if (message.type() != Message::Type::Hello) {
            m_connection->closeWithError(QStringLiteral("protocol"),
                                         tr("expected hello, got %1").arg(message.typeName()));
            return;
        }
        const qint64 version = CborValue::integer(message.body().value(QStringLiteral("protocol")));
        if (version != Protocol::kVersion) {
            m_connection->closeWithError(
                QStringLiteral("version"),
                tr("this agent speaks protocol %1, the controller speaks %2; install the same "
                   "Hamgam version on both")
                    .arg(Protocol::kVersion)
                    .arg(version));
            return;
        }
        const QString role = message.body().value(QStringLiteral("role")).toString();
        const QLatin1String expected(m_role == Role::Controller ? "controller" : "coordinator");
        if (role != expected) {
            m_connection->closeWithError(
                QStringLiteral("protocol"),
                m_role == Role::Controller ? tr("only controllers connect to agents")
                                           : tr("this certificate may connect only as a run's coordinator"));
            return;
        }
        if (m_role == Role::Controller) {
            const QString user = message.body().value(QStringLiteral("user")).toString();
            if (!UserName::isValid(user)) {
                m_connection->closeWithError(QStringLiteral("user"),
                                             tr("the controller sent no valid user name (1 to 32 letters, "
                                                "digits, \".\", \"_\" or \"-\"); "
                                                "set one with: hamgamctl user NAME"));
                return;
            }
            // Only a claim so far: bound to this certificate when it first acts (AgentSession::actAsUser).
            m_user = user;
        }
        m_language = message.body().value(QStringLiteral("language")).toString().left(16);
        QCborMap hello;
        hello[QStringLiteral("protocol")] = Protocol::kVersion;
        hello[QStringLiteral("software")] = QString::fromLatin1(Hamgam::kVersion);
        hello[QStringLiteral("node_id")] = m_hello.nodeId;
        hello[QStringLiteral("role")] = QStringLiteral("agent");
        hello[QStringLiteral("name")] = m_hello.name;
        hello[QStringLiteral("hostname")] = m_hello.hostname;
        m_ready = true;
        m_handshakeTimer.stop();
        m_connection->send(Message(Message::Type::Hello, hello));
        Q_EMIT ready();
        return;
    }

    switch (message.type()) {
    case Message::Type::Hello:
        m_connection->closeWithError(QStringLiteral("protocol"), tr("hello sent twice"));
        return;
    case Message::Type::Subscribe:
    case Message::Type::Unsubscribe: {
        if (m_role != Role::Controller) {
            replyError(message.id(), QStringLiteral("forbidden"), tr("a coordinator does not subscribe"));
            return;
        }
        const bool add = message.type() == Message::Type::Subscribe;
        for (const QCborValue topic : message.body().value(QStringLiteral("topics")).toArray()) {
            if (!kTopics.contains(topic.toString())) {
                replyError(message.id(), QStringLiteral("invalid"),
                           tr("unknown topic \"%1\"").arg(topic.toString()));
                return;
            }
            if (add)
                m_topics.insert(topic.toString());
            else
                m_topics.remove(topic.toString());
        }
        reply(message.id(), {});
        Q_EMIT subscriptionsChanged();
        return;
    }
    default:
        if (!message.isRequest()) {
            m_connection->closeWithError(
                QStringLiteral("protocol"),
                tr("controllers send requests only, not %1").arg(message.typeName()));
            return;
        }
        Q_EMIT requestReceived(this, message);
    }
}
