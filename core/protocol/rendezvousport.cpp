#include "rendezvousport.h"

#include "protocol.h"

#include <QFile>
#include <QRandomGenerator>
#include <QTcpServer>

namespace {

// Below 20000 live many well-known services (databases, X, VNC, Jupyter's
// 8888); the agent's own ports (4545x) are skipped by the draw.
constexpr int kLowest = 20000;
constexpr int kAttempts = 64;

bool isOurs(int port)
{
    return port == Protocol::kDefaultControlPort || port == Protocol::kDefaultDiscoveryPort;
}

bool isFree(const QHostAddress &address, quint16 port)
{
    QTcpServer probe;
    return probe.listen(address, port);
}

} // namespace

RendezvousPort::Range RendezvousPort::ephemeralRange(const QByteArray &text)
{
    const QList<QByteArray> parts = text.simplified().split(' ');
    bool okFirst = false;
    bool okLast = false;
    const int first = parts.value(0).toInt(&okFirst);
    const int last = parts.value(1).toInt(&okLast);
    if (!okFirst || !okLast || first < 1 || last > 65535 || first > last)
        return {32768, 60999};
    return {static_cast<quint16>(first), static_cast<quint16>(last)};
}

RendezvousPort::Range RendezvousPort::drawRange(Range ephemeral)
{
    const int below = ephemeral.first - kLowest; // kLowest .. first-1
    const int above = 65535 - ephemeral.last;    // last+1 .. 65535
    if (below <= 0 && above <= 0)
        return {1, 0};
    if (below >= above)
        return {static_cast<quint16>(kLowest), static_cast<quint16>(ephemeral.first - 1)};
    return {static_cast<quint16>(ephemeral.last + 1), 65535};
}

quint16 RendezvousPort::pick(const QHostAddress &address)
{
    QFile file(QStringLiteral("/proc/sys/net/ipv4/ip_local_port_range"));
    const QByteArray text = file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    const Range draw = drawRange(ephemeralRange(text));
    if (draw.first <= draw.last) {
        for (int i = 0; i < kAttempts; ++i) {
            const int port = QRandomGenerator::global()->bounded(int(draw.first), int(draw.last) + 1);
            if (!isOurs(port) && isFree(address, static_cast<quint16>(port)))
                return static_cast<quint16>(port);
        }
    }
    // A machine whose ephemeral range covers everything: what the kernel gives.
    QTcpServer probe;
    if (!probe.listen(address, 0))
        return 0;
    return probe.serverPort();
}
