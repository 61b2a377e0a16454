#include "agentclient.h"

#include "cborvalue.h"
#include "identity.h"
#include "logging.h"
#include "peerconnection.h"
#include "protocol.h"
#include "tlsconfiguration.h"
#include "translatabletext.h"
#include "username.h"
#include "version.h"

#include <QCoreApplication>
#include <QLocale>
#include <QSslSocket>

namespace {
/// An agent's refusal in this user's language: its untranslated "text" where it sent one (bounded as
/// any peer's message is), else the words it wrote in its own language.
QString errorText(const QCborMap &body)
{
    const QCborValue text = body.value(QStringLiteral("text"));
    if (text.isMap())
        return TranslatableText::fromCbor(text).toString();
    return body.value(QStringLiteral("message")).toString();
}
} // namespace

AgentClient::AgentClient(const Identity &identity, QString host, quint16 port, QObject *parent)
    : QObject(parent)
    , m_identity(identity)
    , m_host(std::move(host))
    , m_port(port)
    , m_user(UserName::fromSystem())
{
    m_handshakeTimer.setSingleShot(true);
    connect(&m_handshakeTimer, &QTimer::timeout, this, [this] {
        if (m_connection)
            m_connection->close(tr("the agent did not complete the handshake in time"));
    });
}

AgentClient::~AgentClient()
{
    failAll(tr("connection closed"));
}

void AgentClient::connectToAgent()
{
    if (m_state != State::Disconnected)
        return;
    auto *socket = new QSslSocket;
    socket->setSslConfiguration(TlsConfiguration::make(m_identity));
    // The agent's certificate is self-signed; we authenticate it by fingerprint
    // (pinning) right after the handshake, so chain errors are expected.
    connect(socket, &QSslSocket::sslErrors, socket,
            [socket](const QList<QSslError> &) { socket->ignoreSslErrors(); });
    m_connection = new PeerConnection(socket, this);
    connect(m_connection, &PeerConnection::messageReceived, this, &AgentClient::onMessage);
    connect(m_connection, &PeerConnection::closed, this, &AgentClient::onClosed);
    connect(socket, &QSslSocket::encrypted, this, [this, socket] {
        m_state = State::Handshaking;
        m_peerFingerprint = Identity::fingerprintOf(socket->peerCertificate());
        QCborMap hello;
        hello[QStringLiteral("protocol")] = Protocol::kVersion;
        hello[QStringLiteral("software")] = QString::fromLatin1(Hamgam::kVersion);
        hello[QStringLiteral("node_id")] = m_identity.fingerprint().left(16);
        hello[QStringLiteral("role")] = m_role;
        if (m_role == QLatin1String("controller"))
            hello[QStringLiteral("user")] = m_user;
        // What the agent says back (pre-flight results, refusals) comes in the user's language.
        hello[QStringLiteral("language")] = QLocale().name();
        m_connection->send(Message(Message::Type::Hello, hello));
    });
    m_state = State::Connecting;
    m_lastErrorCode.clear();
    m_handshakeTimer.start(Protocol::kHandshakeTimeoutMs);
    socket->connectToHostEncrypted(m_host, m_port);
}

void AgentClient::disconnectFromAgent()
{
    if (m_connection)
        m_connection->close(tr("disconnected by the controller"));
}

void AgentClient::request(Message::Type type, const QCborMap &body, QObject *context, ReplyHandler handler,
                          int timeoutMs)
{
    if (m_state != State::Ready || !m_connection) {
        handler(Expected<QCborMap>::failure(tr("not connected to the agent")));
        return;
    }
    const qint64 id = m_nextId++;
    auto *timer = new QTimer(this);
    timer->setSingleShot(true);
    connect(timer, &QTimer::timeout, this, [this, id] {
        auto it = m_pending.find(id);
        if (it == m_pending.end())
            return;
        Pending p = it.value();
        m_pending.erase(it);
        p.timer->deleteLater();
        p.call(Expected<QCborMap>::failure(tr("the agent did not answer in time")));
    });
    timer->start(timeoutMs);
    m_pending.insert(id, Pending{std::move(handler), timer, context, context != nullptr});
    m_connection->send(Message(type, body, id));
}

void AgentClient::onMessage(const Message &message)
{
    if (m_state == State::Handshaking) {
        if (message.type() == Message::Type::Error) {
            m_lastErrorCode = message.body().value(QStringLiteral("code")).toString();
            m_connection->close(message.body().value(QStringLiteral("message")).toString());
            return;
        }
        if (message.type() != Message::Type::Hello) {
            m_connection->closeWithError(QStringLiteral("protocol"),
                                         tr("expected hello, got %1").arg(message.typeName()));
            return;
        }
        const QCborMap &b = message.body();
        if (CborValue::integer(b.value(QStringLiteral("protocol"))) != Protocol::kVersion) {
            m_lastErrorCode = QStringLiteral("version");
            m_connection->closeWithError(QStringLiteral("version"),
                                         tr("the agent speaks protocol %1, this program speaks %2")
                                             .arg(CborValue::integer(b.value(QStringLiteral("protocol"))))
                                             .arg(Protocol::kVersion));
            return;
        }
        if (b.value(QStringLiteral("role")).toString() != QLatin1String("agent")) {
            m_connection->closeWithError(QStringLiteral("protocol"), tr("the peer is not an agent"));
            return;
        }
        m_nodeId = b.value(QStringLiteral("node_id")).toString();
        if (!Protocol::isNodeId(m_nodeId)) {
            m_connection->closeWithError(QStringLiteral("protocol"), tr("the agent's node id is malformed"));
            return;
        }
        m_agentName = b.value(QStringLiteral("name")).toString();
        m_agentVersion = b.value(QStringLiteral("software")).toString();
        m_state = State::Ready;
        m_handshakeTimer.stop();
        Q_EMIT handshakeDone();
        return;
    }
    if (m_state != State::Ready)
        return;

    switch (message.type()) {
    case Message::Type::Reply:
    case Message::Type::Error: {
        auto it = m_pending.find(message.replyTo());
        if (it == m_pending.end()) {
            if (message.type() == Message::Type::Error) {
                m_lastErrorCode = message.body().value(QStringLiteral("code")).toString();
                qCInfo(lcProtocol).noquote()
                    << "agent" << m_host
                    << "reports:" << message.body().value(QStringLiteral("message")).toString();
            }
            return;
        }
        Pending p = it.value();
        m_pending.erase(it);
        p.timer->deleteLater();
        if (message.type() == Message::Type::Reply)
            p.call(message.body());
        else
            p.call(Expected<QCborMap>::failure(errorText(message.body())));
        return;
    }
    case Message::Type::Telemetry: {
        auto snapshot = TelemetrySnapshot::fromCbor(message.body());
        if (snapshot)
            Q_EMIT telemetryReceived(*snapshot);
        return;
    }
    default:
        if (message.isRequest()) {
            m_connection->closeWithError(QStringLiteral("protocol"),
                                         tr("agents do not send requests (%1)").arg(message.typeName()));
            return;
        }
        Q_EMIT pushReceived(message);
    }
}

void AgentClient::onClosed(const QString &reason)
{
    m_handshakeTimer.stop();
    m_state = State::Disconnected;
    if (m_connection)
        m_connection->deleteLater();
    m_connection = nullptr;
    failAll(reason);
    Q_EMIT disconnected(reason, m_lastErrorCode);
}

void AgentClient::failAll(const QString &reason)
{
    const auto pending = std::exchange(m_pending, {});
    for (const Pending &p : pending) {
        p.timer->deleteLater();
        p.call(Expected<QCborMap>::failure(reason));
    }
}
