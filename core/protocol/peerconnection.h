#pragma once

#include "framecodec.h"
#include "message.h"

#include <QObject>
#include <QPointer>
#include <QSslSocket>

/// A framed, message-level view of one TLS connection, used by both ends. Any
/// malformed input (oversized, empty or truncated frame, bad CBOR, unknown type,
/// wrong field types) closes this connection with a logged reason; nothing else
/// is affected.
class PeerConnection final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PeerConnection)

public:
    /// Takes ownership of the socket.
    explicit PeerConnection(QSslSocket *socket, QObject *parent = nullptr);
    ~PeerConnection() override;

    void send(const Message &message);
    /// Sends an error with the reason, then closes.
    void closeWithError(const QString &code, const QString &reason);
    void close(const QString &reason);

    QSslSocket *socket() const { return m_socket; }
    QString peerFingerprint() const;
    QString peerAddress() const;
    bool isOpen() const;

Q_SIGNALS:
    void messageReceived(const Message &message);
    void closed(const QString &reason);

private:
    void onReadyRead();
    void onDisconnected();

    QPointer<QSslSocket> m_socket;
    FrameDecoder m_decoder;
    bool m_closing = false;
    bool m_closedEmitted = false;
    QString m_closeReason;
};
