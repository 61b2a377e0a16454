#pragma once

#include "beacon.h"

#include <QHostAddress>
#include <QList>
#include <QObject>

class QUdpSocket;

/// The controller side of discovery: receives agents' beacons on the shared
/// discovery port, and sends queries from a socket of its own so that the
/// unicast answers come back to this process and not to another listener.
class DiscoveryListener final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DiscoveryListener)

public:
    DiscoveryListener(quint16 discoveryPort, QList<QHostAddress> queryTargets, QObject *parent = nullptr);

    bool start();
    void query();
    QString errorString() const { return m_error; }

Q_SIGNALS:
    /// `address` is where the datagram came from: the agent's address on our network.
    void beaconReceived(const Beacon &beacon, const QHostAddress &address);

private:
    void drain(QUdpSocket *socket);

    QUdpSocket *m_listenSocket;
    QUdpSocket *m_querySocket;
    quint16 m_port;
    QList<QHostAddress> m_queryTargets;
    QString m_error;
};
