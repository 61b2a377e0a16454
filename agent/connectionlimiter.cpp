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
    return v4 ? QHostAddress(ip).toString() : address.toString();
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
