#pragma once

#include <QString>
#include <QtGlobal>

/// Constants of the wire protocol between controllers (hamgam, hamgamctl) and
/// agents. docs/protocol.md describes the format; bump kVersion on any change a
/// peer of the previous version could not read.
namespace Protocol {
inline constexpr int kVersion = 1;
/// A node id as agents make them (a UUID) or tests name them: 1 to 64 of
/// [A-Za-z0-9._-]. Ids come from beacons and hellos, so they are checked before
/// they are shown, stored or put in advice a user copies into a shell.
inline bool isNodeId(const QString &id)
{
    if (id.isEmpty() || id.size() > 64)
        return false;
    for (const QChar c : id) {
        const char16_t u = c.unicode();
        const bool ok = (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') ||
                        u == '.' || u == '_' || u == '-';
        if (!ok)
            return false;
    }
    return true;
}
inline constexpr qsizetype kMaxFrameBytes = 1024 * 1024;
inline constexpr quint16 kDefaultControlPort = 45455;
inline constexpr quint16 kDefaultDiscoveryPort = 45454;
inline constexpr int kBeaconIntervalMs = 2000;
inline constexpr int kMissedBeaconsBeforeOffline = 3;
inline constexpr int kHandshakeTimeoutMs = 10000;
/// How long an agent waits for a new connection's TLS handshake (and the
/// controller's certificate) before it frees the place: short, since an
/// unauthenticated socket holds a place nobody has vouched for.
inline constexpr int kTlsHandshakeTimeoutMs = 3000;
} // namespace Protocol
