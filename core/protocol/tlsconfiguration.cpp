#include "tlsconfiguration.h"

#include "identity.h"

#include <QNetworkProxy>
#include <QNetworkProxyFactory>
#include <QSslSocket>

QSslConfiguration TlsConfiguration::make(const Identity &identity)
{
    QSslConfiguration config = QSslConfiguration::defaultConfiguration();
    config.setProtocol(QSsl::TlsV1_3);
    config.setLocalCertificate(identity.certificate());
    config.setPrivateKey(identity.privateKey());
    config.setPeerVerifyMode(QSslSocket::QueryPeer);
    config.setCaCertificates({});
    config.setSslOption(QSsl::SslOptionDisableSessionTickets, true);
    return config;
}

void TlsConfiguration::useDirectConnections()
{
    QNetworkProxyFactory::setUseSystemConfiguration(false);
    QNetworkProxy::setApplicationProxy(QNetworkProxy::NoProxy);
}
