#include "broadcasttargets.h"

#include <QNetworkInterface>

QList<QHostAddress> BroadcastTargets::forBindAddress(const QHostAddress &bind)
{
    const bool any = bind.isNull() || bind == QHostAddress::Any || bind == QHostAddress::AnyIPv4 ||
                     bind == QHostAddress::AnyIPv6;
    QList<QHostAddress> out;
    if (any || bind.isLoopback())
        out.append(QHostAddress(QStringLiteral("127.255.255.255")));
    if (!any && bind.isLoopback())
        return out;
    for (const QNetworkInterface &iface : QNetworkInterface::allInterfaces()) {
        const auto flags = iface.flags();
        if (!(flags & QNetworkInterface::IsUp) || !(flags & QNetworkInterface::CanBroadcast) ||
            (flags & QNetworkInterface::IsLoopBack))
            continue;
        for (const QNetworkAddressEntry &entry : iface.addressEntries()) {
            if (entry.ip().protocol() != QAbstractSocket::IPv4Protocol || entry.broadcast().isNull())
                continue;
            if (!any && entry.ip() != bind)
                continue;
            if (!out.contains(entry.broadcast()))
                out.append(entry.broadcast());
        }
    }
    return out;
}

QList<QHostAddress> BroadcastTargets::parse(const QString &text, bool *ok)
{
    QList<QHostAddress> out;
    bool good = true;
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QHostAddress address(part.trimmed());
        if (address.isNull())
            good = false;
        else
            out.append(address);
    }
    if (ok)
        *ok = good;
    return out;
}
