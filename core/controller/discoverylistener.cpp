#include "discoverylistener.h"

#include "broadcasttargets.h"
#include "logging.h"

#include <QNetworkDatagram>
#include <QUdpSocket>

DiscoveryListener::DiscoveryListener(quint16 discoveryPort, QList<QHostAddress> queryTargets, QObject *parent)
    : QObject(parent)
    , m_listenSocket(new QUdpSocket(this))
    , m_querySocket(new QUdpSocket(this))
    , m_port(discoveryPort)
    , m_queryTargets(std::move(queryTargets))
{
    if (m_queryTargets.isEmpty())
        m_queryTargets = BroadcastTargets::forBindAddress(QHostAddress::AnyIPv4);
    connect(m_listenSocket, &QUdpSocket::readyRead, this, [this] { drain(m_listenSocket); });
    connect(m_querySocket, &QUdpSocket::readyRead, this, [this] { drain(m_querySocket); });
}

bool DiscoveryListener::start()
{
    if (!m_listenSocket->bind(QHostAddress::AnyIPv4, m_port,
                              QUdpSocket::ShareAddress | QUdpSocket::ReuseAddressHint)) {
        m_error = m_listenSocket->errorString();
        return false;
    }
    if (!m_querySocket->bind(QHostAddress::AnyIPv4, 0)) {
        m_error = m_querySocket->errorString();
        return false;
    }
    return true;
}

void DiscoveryListener::query()
{
    const QByteArray datagram = Beacon::query().encode();
    for (const QHostAddress &target : std::as_const(m_queryTargets))
        m_querySocket->writeDatagram(datagram, target, m_port);
}

void DiscoveryListener::drain(QUdpSocket *socket)
{
    while (socket->hasPendingDatagrams()) {
        const QNetworkDatagram datagram = socket->receiveDatagram(Beacon::kMaxDatagramBytes + 1);
        auto beacon = Beacon::decode(datagram.data());
        if (!beacon) {
            qCDebug(lcDiscovery) << "ignored datagram from" << datagram.senderAddress() << beacon.error();
            continue;
        }
        if (beacon->kind != Beacon::Kind::Announce)
            continue;
        QHostAddress from = datagram.senderAddress();
        if (from.protocol() == QAbstractSocket::IPv6Protocol) {
            bool ok = false;
            const quint32 v4 = from.toIPv4Address(&ok);
            if (ok)
                from = QHostAddress(v4);
        }
        Q_EMIT beaconReceived(*beacon, from);
    }
}
