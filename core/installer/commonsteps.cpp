#include "commonsteps.h"

#include "agentclient.h"
#include "identity.h"
#include "installcontext.h"
#include "remotescript.h"
#include "version.h"

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QTimer>

bool CommonSteps::connect(InstallContext &c)
{
    if (c.request.host.trimmed().isEmpty())
        return c.fail(tr("no host given"));
    // libssh would take ~/.ssh from the password database; $HOME is what the user (and a test) means.
    if (c.request.knownHostsFile.isEmpty())
        c.request.knownHostsFile = QDir::home().filePath(QStringLiteral(".ssh/known_hosts"));
    c.ssh.setKnownHostsFile(c.request.knownHostsFile);
    c.ssh.setReadSshConfig(c.request.readSshConfig);
    if (auto s = c.ssh.connectTo(c.request.host, c.request.sshPort, c.request.user,
                                 c.request.connectTimeoutSeconds);
        !s)
        return c.fail(s.error());
    c.result.host = c.ssh.host();
    return !c.cancelled() || c.fail({});
}

bool CommonSteps::checkHostKey(InstallContext &c)
{
    auto key = c.ssh.hostKey();
    if (!key)
        return c.fail(key.error());
    const QString knownHosts = c.request.knownHostsFile;
    const QString hostEntry = (c.request.sshPort == 0 || c.request.sshPort == 22)
                                  ? c.result.host
                                  : QStringLiteral("[%1]:%2").arg(c.result.host).arg(c.request.sshPort);
    switch (key->state) {
    case SshSession::HostKeyState::Known:
        return true;
    case SshSession::HostKeyState::Changed:
        c.result.outcome = InstallResult::Outcome::Refused;
        return c.fail(
            tr("WARNING: the host key of %1 has CHANGED. Someone may be intercepting the connection, or the "
               "machine was reinstalled. It now offers the %2 key %3. Nothing was sent. If you know why it "
               "changed, remove the old key with: ssh-keygen -R '%4' -f %5")
                .arg(c.result.host, key->type, key->fingerprint, hostEntry, knownHosts));
    case SshSession::HostKeyState::OtherType:
        c.result.outcome = InstallResult::Outcome::Refused;
        return c.fail(
            tr("WARNING: %1 offers a %2 host key (%3), but %4 holds a key of another type for it. Someone "
               "may be intercepting the connection. Nothing was sent. If you know why, remove the old key "
               "with: ssh-keygen -R '%5' -f %4")
                .arg(c.result.host, key->type, key->fingerprint, knownHosts, hostEntry));
    case SshSession::HostKeyState::Unknown:
        break;
    }
    InstallQuestion q;
    q.kind = InstallQuestion::Kind::HostKey;
    q.host = c.result.host;
    q.keyType = key->type;
    q.fingerprint = key->fingerprint;
    q.text = tr("%1 is not in %2 yet. Its %3 host key fingerprint is\n  %4\nCompare it with what "
                "`ssh-keygen -lf /etc/ssh/ssh_host_*_key.pub` prints on that machine. Connect and remember "
                "this key?")
                 .arg(c.result.host, knownHosts, key->type, key->fingerprint);
    const std::optional<QString> answer = (c.hooks.ask && !c.cancelled()) ? c.hooks.ask(q) : std::nullopt;
    if (!answer) {
        if (c.cancelled())
            return c.fail({});
        c.result.outcome = InstallResult::Outcome::Refused;
        return c.fail(tr("the host key %1 of %2 was not accepted; nothing was sent")
                          .arg(key->fingerprint, c.result.host));
    }
    if (auto s = c.ssh.acceptHostKey(); !s)
        return c.fail(s.error());
    c.note(
        tr("Added the %1 host key %2 of %3 to %4.").arg(key->type, key->fingerprint, hostEntry, knownHosts));
    return true;
}

bool CommonSteps::signIn(InstallContext &c)
{
    auto none = c.ssh.authNone();
    if (!none)
        return c.fail(none.error());
    if (*none)
        return true;
    const QString who = QStringLiteral("%1@%2").arg(c.ssh.user(), c.result.host);
    QStringList keys;
    if (c.request.identityFile.isEmpty()) {
        auto agent = c.ssh.authAgent();
        if (agent && *agent == SshSession::AuthOutcome::Accepted)
            return true;
        for (const char *name : {".ssh/id_ed25519", ".ssh/id_ecdsa", ".ssh/id_rsa"}) {
            const QString path = QDir::home().filePath(QString::fromLatin1(name));
            if (QFileInfo::exists(path))
                keys.append(path);
        }
    } else {
        keys.append(c.request.identityFile);
    }
    QString keyProblem;
    for (const QString &key : std::as_const(keys)) {
        if (c.cancelled())
            return c.fail({});
        const QString saved = c.request.identityFile;
        c.request.identityFile = key; // for the passphrase question's text
        auto outcome = c.ssh.authKeyFile(
            key, [&c](bool retry) { return c.askSecret(InstallQuestion::Kind::Passphrase, retry); });
        c.request.identityFile = saved;
        if (!outcome) {
            if (!c.request.identityFile.isEmpty())
                return c.fail(outcome.error());
            keyProblem = outcome.error();
            continue;
        }
        if (*outcome == SshSession::AuthOutcome::Accepted)
            return true;
        if (!c.request.identityFile.isEmpty())
            keyProblem = *outcome == SshSession::AuthOutcome::Declined
                             ? tr("no passphrase was given for %1").arg(key)
                             : tr("the server does not accept the key %1").arg(key);
    }
    if (c.cancelled())
        return c.fail({});
    if (c.ssh.offersPassword() || c.ssh.offersKeyboardInteractive()) {
        auto outcome = c.ssh.authPassword(
            [&c](bool retry) { return c.askSecret(InstallQuestion::Kind::Password, retry); });
        if (!outcome)
            return c.fail(outcome.error());
        if (*outcome == SshSession::AuthOutcome::Accepted)
            return true;
        if (*outcome == SshSession::AuthOutcome::Denied)
            return c.fail(tr("the server refused the password for %1").arg(who));
        return c.fail(keyProblem.isEmpty()
                          ? tr("no key was accepted and no password was given for %1").arg(who)
                          : tr("%1, and no password was given for %2").arg(keyProblem, who));
    }
    return c.fail(tr("cannot sign in as %1: the server offers %2%3")
                      .arg(who, c.ssh.offeredMethods(),
                           keyProblem.isEmpty() ? QString() : QStringLiteral("; ") + keyProblem));
}

bool CommonSteps::inspect(InstallContext &c)
{
    auto r = c.script(QStringLiteral("inspect"));
    if (!r)
        return false;
    c.facts = InstallContext::parse(r->out);
    c.home = c.fact(QStringLiteral("home"));
    c.result.arch = c.fact(QStringLiteral("arch"));
    c.result.os = c.fact(QStringLiteral("os"));
    const QString userVersion = c.fact(QStringLiteral("user_version"));
    const QString packageVersion = c.fact(QStringLiteral("package_version"));
    const bool userInstalled = c.isYes(QStringLiteral("manifest")) || !userVersion.isEmpty();
    const bool packageInstalled = !packageVersion.isEmpty();
    c.result.installed = userInstalled || packageInstalled;
    c.result.previousVersion = packageInstalled ? packageVersion : userVersion;
    c.result.agentVersion = c.result.previousVersion;
    if (c.home.isEmpty() || !c.home.startsWith(QLatin1Char('/')))
        return c.fail(tr("the remote HOME is not an absolute path (\"%1\")").arg(c.home));

    // The job's mode, settled here: an install keeps the requested one (Auto: the package when one is
    // installed, else per-user); the other actions act on what is installed.
    using Mode = InstallSteps::Mode;
    const Mode installed = packageInstalled ? Mode::Package : userInstalled ? Mode::User : Mode::Unknown;
    const QString host = c.result.host;
    const bool installing = c.request.action == InstallRequest::Action::Install ||
                            c.request.action == InstallRequest::Action::Upgrade;
    if (installing) {
        if (c.request.action == InstallRequest::Action::Upgrade && installed == Mode::Unknown)
            return c.fail(tr("no Hamgam agent is installed on %1; install it first").arg(host));
        if (c.mode == Mode::Unknown)
            c.mode = installed == Mode::Package ? Mode::Package : Mode::User;
        if (c.mode == Mode::User && packageInstalled)
            return c.fail(
                tr("hamgam-agent %1 is installed as a Debian package on %2. Upgrade it in package mode, or "
                   "uninstall it first.")
                    .arg(packageVersion, host));
        if (c.mode == Mode::Package && userInstalled)
            return c.fail(
                tr("a per-user agent (%1) is installed on %2. Upgrade it in per-user mode, or uninstall it "
                   "first.")
                    .arg(userVersion.isEmpty() ? tr("unknown version") : userVersion, host));
    } else {
        c.mode = installed;
    }
    c.result.mode = c.mode == Mode::User      ? QStringLiteral("user")
                    : c.mode == Mode::Package ? QStringLiteral("package")
                                              : QString();
    // Restart and uninstall need something installed; a status check reports that nothing is.
    if (!installing && c.mode == Mode::Unknown && c.request.action != InstallRequest::Action::Status)
        return c.fail(tr("no Hamgam agent is installed on %1").arg(host));
    return true;
}

bool CommonSteps::checkSpace(InstallContext &c, qint64 bytes)
{
    const QString host = c.result.host;
    bytes += 8 * 1024 * 1024;
    bool ok = false;
    const qint64 freeKb = c.fact(QStringLiteral("free_kb")).toLongLong(&ok);
    if (ok && freeKb * 1024 < bytes)
        return c.fail(tr("only %1 MiB are free in %2 on %3; the agent needs about %4 MiB")
                          .arg(freeKb / 1024)
                          .arg(c.home, host)
                          .arg(bytes / (1024 * 1024)));
    if (c.result.installed)
        c.note(
            tr("hamgam-agent %1 is installed on %2; it is replaced by %3.")
                .arg(c.result.previousVersion.isEmpty() ? tr("(unknown version)") : c.result.previousVersion,
                     host, QString::fromLatin1(Hamgam::kVersion)));
    return !c.cancelled() || c.fail({});
}

bool CommonSteps::verify(InstallContext &c)
{
    return waitForAgent(c, true);
}

bool CommonSteps::status(InstallContext &c)
{
    return waitForAgent(c, false);
}

bool CommonSteps::upload(InstallContext &c, const QList<std::pair<QString, QString>> &files)
{
    qint64 total = 0;
    for (const auto &f : std::as_const(files))
        total += QFileInfo(f.first).size();
    qint64 before = 0;
    const QString suffix = InstallContext::randomSuffix();
    for (const auto &[local, final] : std::as_const(files)) {
        // A temporary name in the same directory: renamed when everything is checked, removed on cancel.
        const QFileInfo target(final);
        const QString temporary =
            target.path() + QStringLiteral("/.") + target.fileName() + QStringLiteral(".upload-") + suffix;
        c.uploads.append({local, temporary, final});
        const Status s = c.ssh.upload(local, temporary, 0700, [&](qint64 done, qint64) {
            if (c.hooks.uploadProgress)
                c.hooks.uploadProgress(before + done, total);
        });
        if (!s)
            return c.fail(s.error());
        before += QFileInfo(local).size();
    }
    return !c.cancelled() || c.fail({});
}

bool CommonSteps::takeFingerprint(InstallContext &c, const QString &output)
{
    const QString fingerprint = Identity::findFingerprint(output);
    if (fingerprint.isEmpty())
        return c.fail(tr("the agent did not print its fingerprint: %1").arg(output.trimmed()));
    c.expectedFingerprint = fingerprint;
    c.result.fingerprint = c.expectedFingerprint;
    return !c.cancelled() || c.fail({});
}

bool CommonSteps::waitForAgent(InstallContext &c, bool required)
{
    if (!required && (!c.result.installed || !c.result.running))
        return true; // status: nothing runs, nothing to ask
    QElapsedTimer elapsed;
    elapsed.start();
    QString lastError;
    while (!c.cancelled()) {
        AgentClient client(c.identity, c.result.host, c.result.agentPort);
        QEventLoop loop;
        bool ready = false;
        QString code;
        QObject::connect(&client, &AgentClient::handshakeDone, &loop, [&] {
            ready = true;
            loop.quit();
        });
        QObject::connect(&client, &AgentClient::disconnected, &loop,
                         [&](const QString &reason, const QString &errorCode) {
                             lastError = reason;
                             code = errorCode;
                             loop.quit();
                         });
        QTimer poll;
        QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
            if (c.cancelled() || elapsed.elapsed() > c.request.answerTimeoutMs + 2000)
                loop.quit();
        });
        poll.start(100);
        client.connectToAgent();
        loop.exec();
        if (ready) {
            c.result.answering = true;
            c.result.nodeId = client.nodeId();
            if (!client.agentVersion().isEmpty())
                c.result.agentVersion = client.agentVersion();
            const QString seen = client.peerFingerprint();
            client.disconnectFromAgent();
            if (!c.expectedFingerprint.isEmpty() && seen != c.expectedFingerprint) {
                c.result.answering = false;
                return c.fail(
                    tr("the agent answering on %1:%2 shows the fingerprint %3, but the one installed has %4; "
                       "another program may hold that port")
                        .arg(c.result.host)
                        .arg(c.result.agentPort)
                        .arg(Identity::displayFingerprint(seen),
                             Identity::displayFingerprint(c.expectedFingerprint)));
            }
            c.result.fingerprint = seen;
            return true;
        }
        if (code == QLatin1String("untrusted")) {
            if (!required) {
                c.note(tr("The agent on %1 does not trust this controller.").arg(c.result.host));
                return true;
            }
            return c.fail(
                tr("the agent on %1 does not trust this controller (%2)").arg(c.result.host, lastError));
        }
        if (elapsed.elapsed() > c.request.answerTimeoutMs)
            break;
        QEventLoop pause;
        QTimer::singleShot(300, &pause, &QEventLoop::quit);
        pause.exec();
    }
    if (c.cancelled())
        return c.fail({});
    const QString message =
        tr("the agent does not answer on %1:%2 after %n second(s): %3. Is a firewall in the way?", nullptr,
           c.request.answerTimeoutMs / 1000)
            .arg(c.result.host)
            .arg(c.result.agentPort)
            .arg(lastError);
    if (!required) {
        c.note(message);
        return true;
    }
    return c.fail(message);
}
