#pragma once

#include "beacon.h"

#include <QHostAddress>
#include <QList>
#include <QObject>
#include <QTimer>

class QUdpSocket;

/// The agent side of discovery: broadcasts the beacon every interval and answers
/// each query with a unicast beacon to whoever asked.
class BeaconSender final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BeaconSender)

public:
    BeaconSender(quint16 discoveryPort, QList<QHostAddress> targets, QObject *parent = nullptr);

    /// Binds the discovery port (shared, so several agents and apps on one host can) and starts.
    bool start(const QHostAddress &bind, int intervalMs);
    void setBeacon(const Beacon &beacon) { m_beacon = beacon; }
    const Beacon &beacon() const { return m_beacon; }
    QString errorString() const { return m_error; }
    void announceNow();

private:
    void onReadyRead();

    QUdpSocket *m_socket = nullptr;
    QTimer m_timer;
    quint16 m_port;
    QList<QHostAddress> m_targets;
    Beacon m_beacon;
    QString m_error;
};
