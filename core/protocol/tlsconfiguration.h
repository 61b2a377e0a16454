#pragma once

#include <QSslConfiguration>

class Identity;

/// The one TLS setup of Hamgam: TLS 1.3 only, mutual certificates, no CA. Peers
/// are authenticated by certificate fingerprint after the handshake (trust list
/// on the agent, pinned fingerprints on the controller), so chain validation is
/// not used: QueryPeer makes each side present and receive a certificate.
namespace TlsConfiguration {
QSslConfiguration make(const Identity &identity);

/// Lab connections go straight to the peer, never through a proxy: a proxy
/// from the environment or the desktop's settings would route an agent's or a
/// controller's control traffic through a third machine. Also, asking for the
/// system's proxy loads libproxy, which makes ~/.cache in the agent user's home
/// (Debian 13). Called once at start by the agent and by both controllers.
void useDirectConnections();
} // namespace TlsConfiguration
