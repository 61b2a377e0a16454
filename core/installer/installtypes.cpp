#include "installtypes.h"

#include "hostport.h"

#include <QRegularExpression>

Expected<InstallRequest> InstallRequest::forTarget(const InstallRequest &base, const QString &target)
{
    InstallRequest r = base;
    QString rest = target.trimmed();
    const qsizetype at = rest.lastIndexOf(QLatin1Char('@'));
    if (at >= 0) {
        r.user = rest.left(at);
        rest = rest.mid(at + 1);
    }
    auto hp = HostPort::parse(rest, 0);
    if (!hp || (at >= 0 && r.user.isEmpty()))
        return Expected<InstallRequest>::failure(
            InstallText::tr("\"%1\" is not [user@]host[:port]").arg(target));
    r.host = hp->host;
    if (hp->port != 0)
        r.sshPort = hp->port;
    return r;
}

QStringList InstallRequest::splitTargets(const QString &text)
{
    return text.split(QRegularExpression(QStringLiteral("[\\s,]+")), Qt::SkipEmptyParts);
}

QString InstallText::action(InstallRequest::Action action)
{
    switch (action) {
    case InstallRequest::Action::Install:
        return tr("install");
    case InstallRequest::Action::Upgrade:
        return tr("upgrade");
    case InstallRequest::Action::Uninstall:
        return tr("uninstall");
    case InstallRequest::Action::Restart:
        return tr("restart");
    case InstallRequest::Action::Status:
        return tr("status");
    }
    return {};
}

QString InstallText::actionKey(InstallRequest::Action action)
{
    switch (action) {
    case InstallRequest::Action::Install:
        return QStringLiteral("install");
    case InstallRequest::Action::Upgrade:
        return QStringLiteral("upgrade");
    case InstallRequest::Action::Uninstall:
        return QStringLiteral("uninstall");
    case InstallRequest::Action::Restart:
        return QStringLiteral("restart");
    case InstallRequest::Action::Status:
        return QStringLiteral("status");
    }
    return {};
}

QString InstallText::step(InstallStep step)
{
    switch (step) {
    case InstallStep::Connect:
        return tr("Connect");
    case InstallStep::HostKey:
        return tr("Host key");
    case InstallStep::SignIn:
        return tr("Sign in");
    case InstallStep::Inspect:
        return tr("Inspect the machine");
    case InstallStep::Upload:
        return tr("Upload");
    case InstallStep::Libraries:
        return tr("Check libraries");
    case InstallStep::InstallFiles:
        return tr("Install files");
    case InstallStep::InstallPackage:
        return tr("Install package");
    case InstallStep::Trust:
        return tr("Trust");
    case InstallStep::Autostart:
        return tr("Autostart");
    case InstallStep::Start:
        return tr("Start");
    case InstallStep::Verify:
        return tr("Wait for the agent");
    case InstallStep::Stop:
        return tr("Stop");
    case InstallStep::Remove:
        return tr("Remove");
    }
    return {};
}

QString InstallText::outcome(InstallResult::Outcome outcome)
{
    switch (outcome) {
    case InstallResult::Outcome::Succeeded:
        return tr("done");
    case InstallResult::Outcome::Failed:
        return tr("FAILED");
    case InstallResult::Outcome::Refused:
        return tr("REFUSED");
    case InstallResult::Outcome::Cancelled:
        return tr("cancelled");
    }
    return {};
}

QString InstallText::mode(const QString &modeKey)
{
    if (modeKey == QLatin1String("user"))
        return tr("per-user");
    if (modeKey == QLatin1String("package"))
        return tr("package");
    return modeKey;
}

QString InstallText::autostart(const QString &autostartKey)
{
    if (autostartKey == QLatin1String("systemd-user"))
        return tr("systemd user unit");
    if (autostartKey == QLatin1String("crontab"))
        return tr("crontab @reboot");
    if (autostartKey == QLatin1String("systemd"))
        return tr("system service");
    if (autostartKey == QLatin1String("none"))
        return tr("no autostart");
    return autostartKey;
}
