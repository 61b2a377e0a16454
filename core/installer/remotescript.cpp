#include "remotescript.h"

#include <QFile>

RemoteScript::RemoteScript(const QString &name)
    : m_name(name)
{}

RemoteScript &RemoteScript::set(const QString &variable, const QString &value)
{
    m_lines.append(variable + QLatin1Char('=') + quote(value));
    return *this;
}

RemoteScript &RemoteScript::arguments(const QStringList &arguments)
{
    QStringList quoted;
    for (const QString &a : arguments)
        quoted.append(quote(a));
    m_lines.append(QStringLiteral("set -- ") + quoted.join(QLatin1Char(' ')));
    return *this;
}

QByteArray RemoteScript::text() const
{
    return (m_lines.join(QLatin1Char('\n')) + QLatin1Char('\n') + resource(QStringLiteral("common.sh")) +
            QLatin1Char('\n') + resource(m_name + QStringLiteral(".sh")))
        .toUtf8();
}

QString RemoteScript::quote(const QString &text)
{
    QString out = text;
    out.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + out + QLatin1Char('\'');
}

QString RemoteScript::resource(const QString &name)
{
    QFile file(QStringLiteral(":/installer/") + name);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("installer resource %s is missing", qPrintable(name));
    return QString::fromUtf8(file.readAll());
}
