#include "installcontext.h"

#include "remotescript.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QSysInfo>

InstallContext::InstallContext(InstallRequest request_, Identity controller, Hooks hooks_,
                               const std::atomic_bool &cancelled)
    : request(std::move(request_))
    , identity(std::move(controller))
    , hooks(std::move(hooks_))
    , ssh(&cancelled)
    , m_cancelled(cancelled)
{}

InstallContext::~InstallContext()
{
    sudoPassword.fill('\0');
    request.secret.fill('\0');
}

bool InstallContext::fail(const QString &message)
{
    result.failedStep = step;
    if (cancelled() && result.outcome != InstallResult::Outcome::Refused) {
        result.outcome = InstallResult::Outcome::Cancelled;
        result.error = tr("%1: cancelled").arg(InstallText::step(step));
        return false;
    }
    if (result.outcome != InstallResult::Outcome::Refused)
        result.outcome = InstallResult::Outcome::Failed;
    result.error = tr("%1: %2").arg(InstallText::step(step), message);
    return false;
}

void InstallContext::note(const QString &text)
{
    result.notes.append(text);
    if (hooks.note)
        hooks.note(text);
}

QHash<QString, QStringList> InstallContext::parse(const QByteArray &output)
{
    QHash<QString, QStringList> out;
    for (const QString &line : QString::fromUtf8(output).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const qsizetype eq = line.indexOf(QLatin1Char('='));
        if (eq > 0)
            out[line.left(eq)].append(line.mid(eq + 1));
    }
    return out;
}

QString InstallContext::fact(const QHash<QString, QStringList> &facts, const QString &key)
{
    const QStringList values = facts.value(key);
    return values.isEmpty() ? QString() : values.last();
}

std::optional<SshSession::CommandResult>
InstallContext::script(const QString &name, const QList<std::pair<QString, QString>> &variables,
                       const QStringList &arguments, int timeoutMs, bool cancellable)
{
    RemoteScript s(name);
    for (const auto &[key, value] : variables)
        s.set(key, value);
    if (!arguments.isEmpty())
        s.arguments(arguments);
    auto r = ssh.run(RemoteScript::command(), s.text(), timeoutMs, cancellable);
    if (!r) {
        fail(r.error());
        return std::nullopt;
    }
    if (!r->ok()) {
        const QString text = r->errorText();
        fail(text.isEmpty() ? tr("the remote command failed with exit status %1").arg(r->exitStatus)
                            : tr("%1 (exit status %2)").arg(text).arg(r->exitStatus));
        return std::nullopt;
    }
    return *r;
}

std::optional<QByteArray> InstallContext::askSecret(InstallQuestion::Kind kind, bool retry)
{
    // The secret given up front (hamgamctl --password-stdin) is tried first, once per kind.
    const int bit = 1 << int(kind);
    if (!request.secret.isEmpty() && !(secretOffered & bit) && !retry) {
        secretOffered |= bit;
        return request.secret;
    }
    if (!retry && (secretOffered & bit))
        retry = true;
    InstallQuestion q;
    q.kind = kind;
    q.host = result.host;
    q.retry = retry;
    const QString user = ssh.user();
    switch (kind) {
    case InstallQuestion::Kind::Passphrase:
        q.text = retry ? tr("Wrong passphrase. Passphrase for the SSH key %1:").arg(request.identityFile)
                       : tr("Passphrase for the SSH key %1:").arg(request.identityFile);
        break;
    case InstallQuestion::Kind::Password:
        q.text = retry ? tr("The password was not accepted. Password for %1@%2:").arg(user, result.host)
                       : tr("Password for %1@%2:").arg(user, result.host);
        break;
    case InstallQuestion::Kind::SudoPassword:
        q.text = retry ? tr("sudo did not accept the password. Password of %1 for sudo on %2:")
                             .arg(user, result.host)
                       : tr("Password of %1 for sudo on %2:").arg(user, result.host);
        break;
    case InstallQuestion::Kind::HostKey:
        break;
    }
    if (!hooks.ask || cancelled())
        return std::nullopt;
    const std::optional<QString> answer = hooks.ask(q);
    if (!answer)
        return std::nullopt;
    return answer->toUtf8();
}

bool InstallContext::ensureSudo()
{
    if (fact(QStringLiteral("uid")) == QLatin1String("0") || isYes(QStringLiteral("sudo_nopasswd")) ||
        !sudoPassword.isEmpty())
        return true;
    const QString user = ssh.user();
    if (!isYes(QStringLiteral("sudo")))
        return fail(tr("%1 is not root on %2 and sudo is not installed there: sign in as root, or use the "
                       "per-user mode")
                        .arg(user, result.host));
    QString lastError;
    for (int attempt = 0; attempt < 3; ++attempt) {
        std::optional<QByteArray> password = askSecret(InstallQuestion::Kind::SudoPassword, attempt > 0);
        if (!password)
            return fail(
                lastError.isEmpty()
                    ? tr("no password was given for sudo on %1").arg(result.host)
                    : tr("sudo refused the password of %1 on %2: %3").arg(user, result.host, lastError));
        sudoPassword = *password;
        password->fill('\0');
        RemoteScript s(QStringLiteral("sudo-check"));
        for (const auto &[key, value] : sudoVariables())
            s.set(key, value);
        auto r = ssh.run(RemoteScript::command(), s.text(), 30000);
        if (!r)
            return fail(r.error());
        if (r->ok())
            return true;
        sudoPassword.fill('\0');
        sudoPassword.clear();
        lastError = r->errorText();
    }
    return fail(tr("sudo refused the password of %1 on %2: %3").arg(user, result.host, lastError));
}

QList<std::pair<QString, QString>> InstallContext::sudoVariables() const
{
    return {{QStringLiteral("HG_SUDO_PW"), QString::fromUtf8(sudoPassword)}};
}

QStringList InstallContext::agentArguments(bool forSystemService) const
{
    QStringList args;
    if (!forSystemService || request.agentPort != Protocol::kDefaultControlPort)
        args << QStringLiteral("--port") << QString::number(request.agentPort);
    args += request.agentArguments;
    return args;
}

Status InstallContext::putFile(const QString &path, const QByteArray &data, int mode)
{
    // Readers (the agent re-reading its trust list) see the old or the new file, never half.
    const QString temporary = path + QStringLiteral(".upload-") + randomSuffix();
    if (auto s = ssh.writeFile(temporary, data, mode); !s)
        return s;
    if (auto s = ssh.rename(temporary, path); !s) {
        (void)ssh.removeFile(temporary);
        return s;
    }
    return {};
}

QByteArray InstallContext::mergedTrustList(const std::optional<QByteArray> &existing) const
{
    // The same format FingerprintStore writes (the agent re-reads it when it changes).
    QJsonObject root;
    if (existing && !existing->trimmed().isEmpty()) {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(*existing, &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject())
            return {};
        root = doc.object();
    }
    const QString mine = identity.fingerprint();
    QJsonArray entries;
    for (const QJsonValue v : root.value(QStringLiteral("entries")).toArray()) {
        if (Identity::normalizeFingerprint(v.toObject().value(QStringLiteral("fingerprint")).toString()) !=
            mine)
            entries.append(v);
    }
    QJsonObject entry;
    entry[QStringLiteral("fingerprint")] = mine;
    entry[QStringLiteral("label")] = tr("controller on %1 (SSH installer)").arg(QSysInfo::machineHostName());
    entry[QStringLiteral("added")] = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    entries.append(entry);
    root[QStringLiteral("version")] = 1;
    root[QStringLiteral("entries")] = entries;
    return QJsonDocument(root).toJson();
}

QString InstallContext::randomSuffix()
{
    return QString::number(QRandomGenerator::global()->generate64(), 36);
}
