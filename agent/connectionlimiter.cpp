#include "connectionlimiter.h"

#include <algorithm>

ConnectionLimiter::Limits ConnectionLimiter::forTotal(int total)
{
    Limits l;
    l.total = std::max(1, total);
    l.reservedForTrusted = l.total / 4;
    l.pendingPerAddress = std::clamp(l.total - l.reservedForTrusted, 1, 8);
    return l;
}

QString ConnectionLimiter::key(const QHostAddress &address)
{
    bool v4 = false;
    const quint32 ip = address.toIPv4Address(&v4);
    if (v4)
        return QHostAddress(ip).toString();
    if (address.protocol() != QAbstractSocket::IPv6Protocol || address.isLoopback())
        return address.toString();
    // One host holds a whole /64 of IPv6 addresses: count them as one.
    Q_IPV6ADDR bytes = address.toIPv6Address();
    for (int i = 8; i < 16; ++i)
        bytes[i] = 0;
    return QHostAddress(bytes).toString() + QStringLiteral("/64");
}

bool ConnectionLimiter::admit(const QHostAddress &from)
{
    const QString k = key(from);
    if (m_pending + m_trusted >= m_limits.total)
        return false;
    if (m_pending >= m_limits.total - m_limits.reservedForTrusted)
        return false;
    if (m_pendingByAddress.value(k) >= m_limits.pendingPerAddress)
        return false;
    ++m_pending;
    ++m_pendingByAddress[k];
    return true;
}

bool ConnectionLimiter::dropPending(const QHostAddress &from)
{
    const QString k = key(from);
    if (m_pendingByAddress.value(k) <= 0)
        return false; // never admitted: nothing to give back
    if (--m_pendingByAddress[k] == 0)
        m_pendingByAddress.remove(k);
    --m_pending;
    return true;
}

void ConnectionLimiter::promote(const QHostAddress &from)
{
    if (dropPending(from))
        ++m_trusted;
}

void ConnectionLimiter::release(const QHostAddress &from, bool trusted)
{
    if (trusted)
        m_trusted = std::max(0, m_trusted - 1);
    else
        dropPending(from);
}
