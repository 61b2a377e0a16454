#include "beaconsender.h"

#include "broadcasttargets.h"
#include "logging.h"

#include <QNetworkDatagram>
#include <QUdpSocket>

BeaconSender::BeaconSender(quint16 discoveryPort, QList<QHostAddress> targets, QObject *parent)
    : QObject(parent)
    , m_socket(new QUdpSocket(this))
    , m_port(discoveryPort)
    , m_targets(std::move(targets))
{
    connect(&m_timer, &QTimer::timeout, this, &BeaconSender::announceNow);
    connect(m_socket, &QUdpSocket::readyRead, this, &BeaconSender::onReadyRead);
}

bool BeaconSender::start(const QHostAddress &bind, int intervalMs)
{
    if (m_targets.isEmpty())
        m_targets = BroadcastTargets::forBindAddress(bind);
    // Bind to any address: broadcasts are not delivered to a socket bound to a unicast address.
    if (!m_socket->bind(QHostAddress::AnyIPv4, m_port,
                        QUdpSocket::ShareAddress | QUdpSocket::ReuseAddressHint)) {
        m_error = m_socket->errorString();
        return false;
    }
    m_beacon.intervalMs = intervalMs;
    m_timer.start(intervalMs);
    announceNow();
    return true;
}

void BeaconSender::announceNow()
{
    const QByteArray datagram = m_beacon.encode();
    for (const QHostAddress &target : std::as_const(m_targets))
        m_socket->writeDatagram(datagram, target, m_port);
}

void BeaconSender::onReadyRead()
{
    while (m_socket->hasPendingDatagrams()) {
        const QNetworkDatagram datagram = m_socket->receiveDatagram(Beacon::kMaxDatagramBytes + 1);
        auto beacon = Beacon::decode(datagram.data());
        if (!beacon || beacon->kind != Beacon::Kind::Query)
            continue; // other agents' announcements, or noise
        qCDebug(lcDiscovery) << "query from" << datagram.senderAddress() << datagram.senderPort();
        m_socket->writeDatagram(m_beacon.encode(), datagram.senderAddress(), quint16(datagram.senderPort()));
    }
}
