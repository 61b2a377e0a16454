#pragma once

#include <QSslConfiguration>

class Identity;

/// The one TLS setup of Hamgam: TLS 1.3 only, mutual certificates, no CA. Peers
/// are authenticated by certificate fingerprint after the handshake (trust list
/// on the agent, pinned fingerprints on the controller), so chain validation is
/// not used: QueryPeer makes each side present and receive a certificate.
namespace TlsConfiguration {
QSslConfiguration make(const Identity &identity);
}
