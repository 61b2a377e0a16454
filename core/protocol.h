#pragma once

#include <QtGlobal>

/// Constants of the wire protocol between controllers (hamgam, hamgamctl) and
/// agents. docs/protocol.md describes the format; bump kVersion on any change a
/// peer of the previous version could not read.
namespace Protocol {
inline constexpr int kVersion = 1;
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
