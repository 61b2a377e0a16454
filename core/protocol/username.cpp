#include "username.h"

#include <pwd.h>
#include <unistd.h>

namespace {
bool isNameChar(char16_t u)
{
    return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u == '.' ||
           u == '_' || u == '-';
}
} // namespace

bool UserName::isValid(const QString &name)
{
    if (name.isEmpty() || name.size() > 32)
        return false;
    if (!isNameChar(name.front().unicode()) || name.front() == QLatin1Char('.') ||
        name.front() == QLatin1Char('-') || name.front() == QLatin1Char('_'))
        return false;
    for (const QChar c : name) {
        if (!isNameChar(c.unicode()))
            return false;
    }
    return true;
}

QString UserName::fromSystem()
{
    QString login;
    if (const passwd *pw = ::getpwuid(::geteuid()); pw && pw->pw_name)
        login = QString::fromLocal8Bit(pw->pw_name);
    if (login.isEmpty())
        login = qEnvironmentVariable("USER");
    QString name;
    for (const QChar c : std::as_const(login).left(32))
        name.append(isNameChar(c.unicode()) ? c : QLatin1Char('_'));
    while (!name.isEmpty() && !isValid(name.left(1)))
        name.remove(0, 1);
    return isValid(name) ? name : QStringLiteral("user");
}
