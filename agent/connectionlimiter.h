#pragma once

#include <QHash>
#include <QHostAddress>
#include <QString>

/// Who may take one of the agent's connection places. A connection is
/// *pending* from accept until TLS has shown a trusted controller's
/// certificate; pending connections are capped per address and in all, and
/// part of the places is kept for trusted sessions. So sockets nobody has
/// authenticated (a flood from one host, a port scan) can neither fill the
/// agent nor keep trusted controllers out. Pure bookkeeping: AgentServer asks,
/// AgentDaemon reports what the sessions became.
class ConnectionLimiter final
{
public:
    struct Limits
    {
        int total = 64;              ///< places in all (--max-connections)
        int pendingPerAddress = 8;   ///< unauthenticated connections from one address
        int reservedForTrusted = 16; ///< places an unauthenticated connection never takes
    };
    /// The limits for --max-connections N: a quarter kept for trusted sessions, at most 8 pending per
    /// address.
    static Limits forTotal(int total);

    explicit ConnectionLimiter(Limits limits)
        : m_limits(limits)
    {}

    /// A new, unauthenticated connection from `from`: true if it may have a place.
    bool admit(const QHostAddress &from);
    /// The connection from `from` proved a trusted controller: it leaves the pending pool.
    void promote(const QHostAddress &from);
    /// A connection ended; `trusted` as it was promoted.
    void release(const QHostAddress &from, bool trusted);

    int pending() const { return m_pending; }
    int trusted() const { return m_trusted; }
    int pendingFrom(const QHostAddress &from) const { return m_pendingByAddress.value(key(from)); }
    const Limits &limits() const { return m_limits; }

    /// One key per host: an IPv4 address seen as ::ffff:a.b.c.d counts as a.b.c.d, and an IPv6 /64 as one.
    static QString key(const QHostAddress &address);

private:
    /// One pending connection from `from` leaves the pool; false when there was none.
    bool dropPending(const QHostAddress &from);

    Limits m_limits;
    int m_pending = 0;
    int m_trusted = 0;
    QHash<QString, int> m_pendingByAddress;
};
