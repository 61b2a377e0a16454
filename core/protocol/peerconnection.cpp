#include "peerconnection.h"

#include "identity.h"
#include "logging.h"

#include <QCoreApplication>
#include <QSslSocket>

PeerConnection::PeerConnection(QSslSocket *socket, QObject *parent)
    : QObject(parent)
    , m_socket(socket)
{
    socket->setParent(this);
    connect(socket, &QSslSocket::readyRead, this, &PeerConnection::onReadyRead);
    connect(socket, &QSslSocket::disconnected, this, &PeerConnection::onDisconnected);
    connect(socket, &QSslSocket::errorOccurred, this, [this](QAbstractSocket::SocketError) {
        if (m_socket && m_socket->state() != QAbstractSocket::ConnectedState)
            onDisconnected();
    });
}

PeerConnection::~PeerConnection() = default;

bool PeerConnection::isOpen() const
{
    return m_socket && !m_closing && m_socket->state() == QAbstractSocket::ConnectedState;
}

void PeerConnection::send(const Message &message)
{
    if (!isOpen())
        return;
    m_socket->write(FrameDecoder::encode(message.encode()));
}

void PeerConnection::closeWithError(const QString &code, const QString &reason)
{
    send(Message::error(0, code, reason));
    close(reason);
}

void PeerConnection::close(const QString &reason)
{
    if (m_closing)
        return;
    m_closing = true;
    m_closeReason = reason;
    qCInfo(lcProtocol).noquote() << "closing connection with" << peerAddress() << "-" << reason;
    if (m_socket) {
        m_socket->flush();
        m_socket->disconnectFromHost();
        if (m_socket->state() == QAbstractSocket::UnconnectedState)
            onDisconnected();
    }
}

QString PeerConnection::peerFingerprint() const
{
    return m_socket ? Identity::fingerprintOf(m_socket->peerCertificate()) : QString();
}

QString PeerConnection::peerAddress() const
{
    if (!m_socket)
        return {};
    return QStringLiteral("%1:%2").arg(m_socket->peerAddress().toString()).arg(m_socket->peerPort());
}

void PeerConnection::onReadyRead()
{
    if (!m_socket)
        return;
    m_decoder.append(m_socket->readAll());
    while (!m_closing) {
        auto frame = m_decoder.next();
        if (!frame) {
            closeWithError(QStringLiteral("protocol"), frame.error());
            return;
        }
        if (!frame->has_value())
            return;
        auto message = Message::decode(**frame);
        if (!message) {
            closeWithError(QStringLiteral("protocol"), message.error());
            return;
        }
        Q_EMIT messageReceived(*message);
    }
}

void PeerConnection::onDisconnected()
{
    if (m_closedEmitted)
        return;
    m_closedEmitted = true;
    QString reason = m_closeReason;
    if (reason.isEmpty()) {
        if (m_decoder.pendingBytes() > 0) {
            reason = QCoreApplication::translate(
                "PeerConnection",
                "connection closed in the middle of a frame (%Ln byte(s) of a truncated frame)", nullptr,
                int(m_decoder.pendingBytes()));
            qCInfo(lcProtocol).noquote() << peerAddress() << "-" << reason;
        } else {
            reason = m_socket && m_socket->error() != QAbstractSocket::RemoteHostClosedError &&
                             !m_socket->errorString().isEmpty()
                         ? m_socket->errorString()
                         : QCoreApplication::translate("PeerConnection", "connection closed by the peer");
        }
    }
    m_closing = true;
    Q_EMIT closed(reason);
}
