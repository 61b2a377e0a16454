#pragma once

#include <QHostAddress>

/// A TCP port for a listener that another process will open later: the
/// rendezvous of a run's workers, an agent a test starts.
///
/// Why not bind port 0 and close it: the kernel hands out the same range
/// (ip_local_port_range) to every outgoing connection on the machine, so in
/// the moment between the pick and the real bind, a connection of any process
/// (Gloo's pairs, a browser) can take the port, and the run fails with
/// "Address already in use". A port outside that range can only be taken by
/// another listener, and the pick is random, so two picks rarely meet.
class RendezvousPort
{
public:
    /// A port no one listens on at `address` now, outside the machine's
    /// ephemeral range when one can be found; 0 when none is free.
    static quint16 pick(const QHostAddress &address = QHostAddress::Any);

    struct Range
    {
        quint16 first = 0;
        quint16 last = 0;
    };
    /// The kernel's ephemeral range from `text` ("32768\t60999"), or
    /// 32768–60999 (Linux's default) when it cannot be read.
    static Range ephemeralRange(const QByteArray &text);
    /// Where pick() draws from, given the ephemeral range: the larger span of
    /// 20000..65535 that lies outside it; empty (first > last) when none does.
    static Range drawRange(Range ephemeral);
};
