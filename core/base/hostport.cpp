#include "hostport.h"

#include <QCoreApplication>

Expected<HostPort> HostPort::parse(const QString &text, quint16 defaultPort)
{
    const QString t = text.trimmed();
    auto fail = [&] {
        return Expected<HostPort>::failure(
            QCoreApplication::translate("HostPort",
                                        "\"%1\" is not a host name or address with an optional :port")
                .arg(text));
    };
    if (t.isEmpty())
        return fail();
    HostPort hp;
    QString portText;
    if (t.startsWith(QLatin1Char('['))) {
        const qsizetype close = t.indexOf(QLatin1Char(']'));
        if (close < 0)
            return fail();
        hp.host = t.mid(1, close - 1);
        if (close + 1 < t.size()) {
            if (t.at(close + 1) != QLatin1Char(':'))
                return fail();
            portText = t.mid(close + 2);
        }
    } else if (t.count(QLatin1Char(':')) == 1) {
        hp.host = t.section(QLatin1Char(':'), 0, 0);
        portText = t.section(QLatin1Char(':'), 1);
    } else {
        hp.host = t;
    }
    if (hp.host.isEmpty() || hp.host.contains(QLatin1Char(' ')))
        return fail();
    if (portText.isEmpty()) {
        hp.port = defaultPort;
    } else {
        bool ok = false;
        const uint port = portText.toUInt(&ok);
        if (!ok || port == 0 || port > 65535)
            return fail();
        hp.port = quint16(port);
    }
    return hp;
}

QString HostPort::toString() const
{
    return host.contains(QLatin1Char(':')) ? QStringLiteral("[%1]:%2").arg(host).arg(port)
                                           : QStringLiteral("%1:%2").arg(host).arg(port);
}
