#include "installjob.h"

#include "agentclient.h"
#include "librarypackages.h"
#include "remotescript.h"
#include "version.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSysInfo>
#include <QTimer>

namespace {
QString fact(const QHash<QString, QStringList> &facts, const QString &key)
{
    const QStringList values = facts.value(key);
    return values.isEmpty() ? QString() : values.last();
}

bool isYes(const QHash<QString, QStringList> &facts, const QString &key)
{
    return fact(facts, key) == QLatin1String("yes");
}

QString randomSuffix()
{
    return QString::number(QRandomGenerator::global()->generate64(), 36);
}

// systemd's ExecStart quoting: double quotes, backslash escapes, and % / $ doubled.
QString unitQuote(const QString &arg)
{
    QString out = arg;
    out.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    out.replace(QLatin1Char('"'), QStringLiteral("\\\""));
    out.replace(QLatin1Char('%'), QStringLiteral("%%"));
    out.replace(QLatin1Char('$'), QStringLiteral("$$"));
    return QLatin1Char('"') + out + QLatin1Char('"');
}

bool archMatches(const QString &elf, const QString &uname)
{
    if (elf.isEmpty() || uname.isEmpty())
        return true; // unknown: ldd will tell
    if (elf == QLatin1String("i686"))
        return QRegularExpression(QStringLiteral("^i[3-6]86$")).match(uname).hasMatch();
    if (elf == QLatin1String("arm"))
        return uname.startsWith(QLatin1String("arm"));
    return elf == uname;
}
} // namespace

InstallJob::InstallJob(InstallRequest request, Identity controller, Hooks hooks, const std::atomic_bool &cancelled)
    : m_request(std::move(request)), m_identity(std::move(controller)), m_hooks(std::move(hooks)), m_cancelled(cancelled),
      m_ssh(&cancelled)
{
}

InstallJob::~InstallJob()
{
    m_sudoPassword.fill('\0');
    m_request.secret.fill('\0');
}

InstallResult InstallJob::run()
{
    m_result.host = m_request.host;
    m_result.agentPort = m_request.agentPort;
    if (m_request.mode == InstallRequest::Mode::User)
        m_mode = Mode::User;
    else if (m_request.mode == InstallRequest::Mode::Package)
        m_mode = Mode::Package;
    plan();

    bool ok = connect() && checkHostKey() && signIn() && inspect();
    if (ok) {
        switch (m_request.action) {
        case InstallRequest::Action::Install:
        case InstallRequest::Action::Upgrade:
            if (m_mode == Mode::Package)
                ok = upload() && installPackage() && trust() && (!m_request.start || (startAgent() && verify(true)));
            else
                ok = upload() && checkLibraries() && installFiles() && trust() && autostart()
                     && (!m_request.start || (startAgent() && verify(true)));
            break;
        case InstallRequest::Action::Restart: ok = startAgent() && verify(true); break;
        case InstallRequest::Action::Status: ok = verify(false); break;
        case InstallRequest::Action::Uninstall: ok = stop() && remove(); break;
        }
    }
    if (!ok && !m_activated && m_ssh.isConnected())
        cleanupUploads();
    if (!m_uploadDir.isEmpty() && m_ssh.isConnected()) {
        // The upload directory, and ~/.cache if this run made it.
        QString command = QStringLiteral("rm -rf -- ") + RemoteScript::quote(m_uploadDir);
        for (auto it = m_cacheDirs.crbegin(); it != m_cacheDirs.crend(); ++it)
            command += QStringLiteral("; rmdir -- ") + RemoteScript::quote(*it) + QStringLiteral(" 2>/dev/null");
        (void)m_ssh.run(command, {}, 20000, false);
    }
    if (ok)
        m_result.outcome = InstallResult::Outcome::Succeeded;
    m_ssh.disconnect();
    return m_result;
}

void InstallJob::plan()
{
    using S = InstallStep;
    QList<S> steps{S::Connect, S::HostKey, S::SignIn, S::Inspect};
    switch (m_request.action) {
    case InstallRequest::Action::Install:
    case InstallRequest::Action::Upgrade:
        if (m_mode == Mode::Package)
            steps << S::Upload << S::InstallPackage << S::Trust;
        else
            steps << S::Upload << S::Libraries << S::InstallFiles << S::Trust << S::Autostart;
        if (m_request.start)
            steps << S::Start << S::Verify;
        break;
    case InstallRequest::Action::Restart: steps << S::Start << S::Verify; break;
    case InstallRequest::Action::Status: steps << S::Verify; break;
    case InstallRequest::Action::Uninstall: steps << S::Stop << S::Remove; break;
    }
    m_plan = steps;
}

void InstallJob::begin(InstallStep step)
{
    m_step = step;
    if (m_hooks.stepStarted)
        m_hooks.stepStarted(step, int(m_plan.indexOf(step)), int(m_plan.size()));
}

bool InstallJob::fail(const QString &message)
{
    m_result.failedStep = m_step;
    if (cancelled() && m_result.outcome != InstallResult::Outcome::Refused) {
        m_result.outcome = InstallResult::Outcome::Cancelled;
        m_result.error = tr("%1: cancelled").arg(InstallText::step(m_step));
        return false;
    }
    if (m_result.outcome != InstallResult::Outcome::Refused)
        m_result.outcome = InstallResult::Outcome::Failed;
    m_result.error = tr("%1: %2").arg(InstallText::step(m_step), message);
    return false;
}

void InstallJob::note(const QString &text)
{
    m_result.notes.append(text);
    if (m_hooks.note)
        m_hooks.note(text);
}

QHash<QString, QStringList> InstallJob::parse(const QByteArray &output)
{
    QHash<QString, QStringList> out;
    for (const QString &line : QString::fromUtf8(output).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const qsizetype eq = line.indexOf(QLatin1Char('='));
        if (eq > 0)
            out[line.left(eq)].append(line.mid(eq + 1));
    }
    return out;
}

std::optional<SshSession::CommandResult> InstallJob::script(const QString &name,
                                                            const QList<std::pair<QString, QString>> &variables,
                                                            const QStringList &arguments, int timeoutMs, bool cancellable)
{
    RemoteScript s(name);
    for (const auto &[key, value] : variables)
        s.set(key, value);
    if (!arguments.isEmpty())
        s.arguments(arguments);
    auto r = m_ssh.run(RemoteScript::command(), s.text(), timeoutMs, cancellable);
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

std::optional<QByteArray> InstallJob::askSecret(InstallQuestion::Kind kind, bool retry)
{
    // The secret given up front (hamgamctl --password-stdin) is tried first, once per kind.
    const int bit = 1 << int(kind);
    if (!m_request.secret.isEmpty() && !(m_secretOffered & bit) && !retry) {
        m_secretOffered |= bit;
        return m_request.secret;
    }
    if (!retry && (m_secretOffered & bit))
        retry = true;
    InstallQuestion q;
    q.kind = kind;
    q.host = m_result.host;
    q.retry = retry;
    const QString user = m_ssh.user();
    switch (kind) {
    case InstallQuestion::Kind::Passphrase:
        q.text = retry ? tr("Wrong passphrase. Passphrase for the SSH key %1:").arg(m_request.identityFile)
                       : tr("Passphrase for the SSH key %1:").arg(m_request.identityFile);
        break;
    case InstallQuestion::Kind::Password:
        q.text = retry ? tr("The password was not accepted. Password for %1@%2:").arg(user, m_result.host)
                       : tr("Password for %1@%2:").arg(user, m_result.host);
        break;
    case InstallQuestion::Kind::SudoPassword:
        q.text = retry ? tr("sudo did not accept the password. Password of %1 for sudo on %2:").arg(user, m_result.host)
                       : tr("Password of %1 for sudo on %2:").arg(user, m_result.host);
        break;
    case InstallQuestion::Kind::HostKey: break;
    }
    if (!m_hooks.ask || cancelled())
        return std::nullopt;
    const std::optional<QString> answer = m_hooks.ask(q);
    if (!answer)
        return std::nullopt;
    return answer->toUtf8();
}

// ---------------------------------------------------------------------------- steps

bool InstallJob::connect()
{
    begin(InstallStep::Connect);
    if (m_request.host.trimmed().isEmpty())
        return fail(tr("no host given"));
    // libssh would take ~/.ssh from the password database; $HOME is what the user (and a test) means.
    if (m_request.knownHostsFile.isEmpty())
        m_request.knownHostsFile = QDir::home().filePath(QStringLiteral(".ssh/known_hosts"));
    m_ssh.setKnownHostsFile(m_request.knownHostsFile);
    m_ssh.setReadSshConfig(m_request.readSshConfig);
    if (auto s = m_ssh.connectTo(m_request.host, m_request.sshPort, m_request.user, m_request.connectTimeoutSeconds); !s)
        return fail(s.error());
    m_result.host = m_ssh.host();
    return !cancelled() || fail({});
}

bool InstallJob::checkHostKey()
{
    begin(InstallStep::HostKey);
    auto key = m_ssh.hostKey();
    if (!key)
        return fail(key.error());
    const QString knownHosts = m_request.knownHostsFile;
    const QString hostEntry = (m_request.sshPort == 0 || m_request.sshPort == 22)
                                  ? m_result.host
                                  : QStringLiteral("[%1]:%2").arg(m_result.host).arg(m_request.sshPort);
    switch (key->state) {
    case SshSession::HostKeyState::Known: return true;
    case SshSession::HostKeyState::Changed:
        m_result.outcome = InstallResult::Outcome::Refused;
        return fail(tr("WARNING: the host key of %1 has CHANGED. Someone may be intercepting the connection, or the "
                       "machine was reinstalled. It now offers the %2 key %3. Nothing was sent. If you know why it "
                       "changed, remove the old key with: ssh-keygen -R '%4' -f %5")
                        .arg(m_result.host, key->type, key->fingerprint, hostEntry, knownHosts));
    case SshSession::HostKeyState::OtherType:
        m_result.outcome = InstallResult::Outcome::Refused;
        return fail(tr("WARNING: %1 offers a %2 host key (%3), but %4 holds a key of another type for it. Someone "
                       "may be intercepting the connection. Nothing was sent. If you know why, remove the old key "
                       "with: ssh-keygen -R '%5' -f %4")
                        .arg(m_result.host, key->type, key->fingerprint, knownHosts, hostEntry));
    case SshSession::HostKeyState::Unknown: break;
    }
    InstallQuestion q;
    q.kind = InstallQuestion::Kind::HostKey;
    q.host = m_result.host;
    q.keyType = key->type;
    q.fingerprint = key->fingerprint;
    q.text = tr("%1 is not in %2 yet. Its %3 host key fingerprint is\n  %4\nCompare it with what "
                "`ssh-keygen -lf /etc/ssh/ssh_host_*_key.pub` prints on that machine. Connect and remember this key?")
                 .arg(m_result.host, knownHosts, key->type, key->fingerprint);
    const std::optional<QString> answer = (m_hooks.ask && !cancelled()) ? m_hooks.ask(q) : std::nullopt;
    if (!answer) {
        if (cancelled())
            return fail({});
        m_result.outcome = InstallResult::Outcome::Refused;
        return fail(tr("the host key %1 of %2 was not accepted; nothing was sent").arg(key->fingerprint, m_result.host));
    }
    if (auto s = m_ssh.acceptHostKey(); !s)
        return fail(s.error());
    note(tr("Added the %1 host key %2 of %3 to %4.").arg(key->type, key->fingerprint, hostEntry, knownHosts));
    return true;
}

bool InstallJob::signIn()
{
    begin(InstallStep::SignIn);
    auto none = m_ssh.authNone();
    if (!none)
        return fail(none.error());
    if (*none)
        return true;
    const QString who = QStringLiteral("%1@%2").arg(m_ssh.user(), m_result.host);
    QStringList keys;
    if (m_request.identityFile.isEmpty()) {
        auto agent = m_ssh.authAgent();
        if (agent && *agent == SshSession::AuthOutcome::Accepted)
            return true;
        for (const char *name : {".ssh/id_ed25519", ".ssh/id_ecdsa", ".ssh/id_rsa"}) {
            const QString path = QDir::home().filePath(QString::fromLatin1(name));
            if (QFileInfo::exists(path))
                keys.append(path);
        }
    } else {
        keys.append(m_request.identityFile);
    }
    QString keyProblem;
    for (const QString &key : std::as_const(keys)) {
        if (cancelled())
            return fail({});
        const QString saved = m_request.identityFile;
        m_request.identityFile = key; // for the passphrase question's text
        auto outcome = m_ssh.authKeyFile(key, [this](bool retry) { return askSecret(InstallQuestion::Kind::Passphrase, retry); });
        m_request.identityFile = saved;
        if (!outcome) {
            if (!m_request.identityFile.isEmpty())
                return fail(outcome.error());
            keyProblem = outcome.error();
            continue;
        }
        if (*outcome == SshSession::AuthOutcome::Accepted)
            return true;
        if (!m_request.identityFile.isEmpty())
            keyProblem = *outcome == SshSession::AuthOutcome::Declined
                             ? tr("no passphrase was given for %1").arg(key)
                             : tr("the server does not accept the key %1").arg(key);
    }
    if (cancelled())
        return fail({});
    if (m_ssh.offersPassword() || m_ssh.offersKeyboardInteractive()) {
        auto outcome = m_ssh.authPassword([this](bool retry) { return askSecret(InstallQuestion::Kind::Password, retry); });
        if (!outcome)
            return fail(outcome.error());
        if (*outcome == SshSession::AuthOutcome::Accepted)
            return true;
        if (*outcome == SshSession::AuthOutcome::Denied)
            return fail(tr("the server refused the password for %1").arg(who));
        return fail(keyProblem.isEmpty() ? tr("no key was accepted and no password was given for %1").arg(who)
                                         : tr("%1, and no password was given for %2").arg(keyProblem, who));
    }
    return fail(tr("cannot sign in as %1: the server offers %2%3")
                    .arg(who, m_ssh.offeredMethods(), keyProblem.isEmpty() ? QString() : QStringLiteral("; ") + keyProblem));
}

bool InstallJob::inspect()
{
    begin(InstallStep::Inspect);
    auto r = script(QStringLiteral("inspect"));
    if (!r)
        return false;
    m_facts = parse(r->out);
    m_home = fact(m_facts, QStringLiteral("home"));
    m_result.arch = fact(m_facts, QStringLiteral("arch"));
    m_result.os = fact(m_facts, QStringLiteral("os"));
    const QString userVersion = fact(m_facts, QStringLiteral("user_version"));
    const QString packageVersion = fact(m_facts, QStringLiteral("package_version"));
    const bool userInstalled = isYes(m_facts, QStringLiteral("manifest")) || !userVersion.isEmpty();
    const bool packageInstalled = !packageVersion.isEmpty();
    m_result.installed = userInstalled || packageInstalled;
    m_result.previousVersion = packageInstalled ? packageVersion : userVersion;
    m_result.agentVersion = m_result.previousVersion;
    if (m_home.isEmpty() || !m_home.startsWith(QLatin1Char('/')))
        return fail(tr("the remote HOME is not an absolute path (\"%1\")").arg(m_home));

    const Mode installed = packageInstalled ? Mode::Package : userInstalled ? Mode::User : Mode::Unknown;
    const QString host = m_result.host;
    const bool installing = m_request.action == InstallRequest::Action::Install
                            || m_request.action == InstallRequest::Action::Upgrade;
    if (installing) {
        if (m_request.action == InstallRequest::Action::Upgrade && installed == Mode::Unknown)
            return fail(tr("no Hamgam agent is installed on %1; install it first").arg(host));
        if (m_mode == Mode::Unknown)
            m_mode = installed == Mode::Package ? Mode::Package : Mode::User;
        if (m_mode == Mode::User && packageInstalled)
            return fail(tr("hamgam-agent %1 is installed as a Debian package on %2. Upgrade it in package mode, or "
                           "uninstall it first.")
                            .arg(packageVersion, host));
        if (m_mode == Mode::Package && userInstalled)
            return fail(tr("a per-user agent (%1) is installed on %2. Upgrade it in per-user mode, or uninstall it "
                           "first.")
                            .arg(userVersion.isEmpty() ? tr("unknown version") : userVersion, host));
    } else {
        m_mode = installed;
    }
    m_result.mode = m_mode == Mode::User ? QStringLiteral("user") : m_mode == Mode::Package ? QStringLiteral("package") : QString();
    const qsizetype planned = m_plan.size();
    plan();
    if (m_hooks.stepStarted && planned != m_plan.size())
        m_hooks.stepStarted(m_step, int(m_plan.indexOf(m_step)), int(m_plan.size()));

    if (!installing) {
        if (m_mode == Mode::User) {
            m_result.autostart = fact(m_facts, QStringLiteral("manifest.autostart"));
            m_result.running = fact(m_facts, QStringLiteral("user_unit")) == QLatin1String("active")
                               || isYes(m_facts, QStringLiteral("pid_running"));
            m_result.nodeId = fact(m_facts, QStringLiteral("user_node_id"));
            const QString port = fact(m_facts, QStringLiteral("manifest.agent_port"));
            if (!port.isEmpty())
                m_result.agentPort = quint16(port.toUInt());
        } else if (m_mode == Mode::Package) {
            m_result.autostart = QStringLiteral("systemd");
            m_result.running = fact(m_facts, QStringLiteral("system_unit")) == QLatin1String("active");
        }
        if (m_mode == Mode::Unknown && m_request.action != InstallRequest::Action::Status)
            return fail(tr("no Hamgam agent is installed on %1").arg(host));
        return true;
    }

    // What is uploaded, and whether it fits this machine.
    qint64 bytes = 0;
    if (m_mode == Mode::User) {
        if (!QFileInfo(m_request.agentBinary).isFile())
            return fail(tr("the agent program to upload was not found: %1").arg(m_request.agentBinary));
        const QString elf = elfArchitecture(m_request.agentBinary);
        if (!archMatches(elf, m_result.arch))
            return fail(tr("%1 is a %2 machine, but the agent to upload is built for %3").arg(host, m_result.arch, elf));
        bytes = QFileInfo(m_request.agentBinary).size();
        if (!m_request.workerBinary.isEmpty())
            bytes += QFileInfo(m_request.workerBinary).size();
        else
            note(tr("hamgam-worker was not found on this computer, so the agent on %1 is installed without it: it "
                    "reports its devices but cannot run training.")
                     .arg(host));
        bytes *= 2; // the upload next to a running older version
    } else {
        if (!QFileInfo(m_request.packageFile).isFile())
            return fail(tr("the package to upload was not found: \"%1\". Build it with `cmake --build build --target "
                           "package`, or give its path.")
                            .arg(m_request.packageFile));
        if (fact(m_facts, QStringLiteral("apt")) != QLatin1String("yes"))
            return fail(tr("%1 has no apt-get: package mode needs Debian or a derivative; use the per-user mode").arg(host));
        const QString packageArch = QFileInfo(m_request.packageFile).completeBaseName().section(QLatin1Char('_'), -1);
        const QString remoteArch = fact(m_facts, QStringLiteral("dpkg_arch"));
        if (!packageArch.isEmpty() && packageArch != QLatin1String("all") && !remoteArch.isEmpty()
            && packageArch != remoteArch)
            return fail(tr("%1 is a %2 machine, but the package is for %3").arg(host, remoteArch, packageArch));
        bytes = QFileInfo(m_request.packageFile).size() * 4;
    }
    bytes += 8 * 1024 * 1024;
    bool ok = false;
    const qint64 freeKb = fact(m_facts, QStringLiteral("free_kb")).toLongLong(&ok);
    if (ok && freeKb * 1024 < bytes)
        return fail(tr("only %1 MiB are free in %2 on %3; the agent needs about %4 MiB")
                        .arg(freeKb / 1024)
                        .arg(m_home, host)
                        .arg(bytes / (1024 * 1024)));
    if (m_result.installed)
        note(tr("hamgam-agent %1 is installed on %2; it is replaced by %3.")
                 .arg(m_result.previousVersion.isEmpty() ? tr("(unknown version)") : m_result.previousVersion, host,
                      QString::fromLatin1(Hamgam::kVersion)));
    m_manifestFiles = m_facts.value(QStringLiteral("manifest.file"));
    m_manifestDirs = m_facts.value(QStringLiteral("manifest.dir"));
    m_linger = fact(m_facts, QStringLiteral("manifest.linger"));
    return !cancelled() || fail({});
}

bool InstallJob::upload()
{
    begin(InstallStep::Upload);
    QList<std::pair<QString, QString>> files; // local, final
    if (m_mode == Mode::User) {
        auto prepared = script(QStringLiteral("prepare"));
        if (!prepared)
            return false;
        m_createdDirs += parse(prepared->out).value(QStringLiteral("created"));
        const QString bin = fact(m_facts, QStringLiteral("bin_dir"));
        files.append({m_request.agentBinary, bin + QStringLiteral("/hamgam-agent")});
        if (!m_request.workerBinary.isEmpty())
            files.append({m_request.workerBinary, bin + QStringLiteral("/hamgam-worker")});
    } else {
        auto dir = m_ssh.run(RemoteScript::command(), RemoteScript(QStringLiteral("mkcache")).text(), 20000);
        if (!dir)
            return fail(dir.error());
        if (!dir->ok())
            return fail(tr("cannot create an upload directory: %1").arg(dir->errorText()));
        m_uploadDir = QString::fromUtf8(dir->out).trimmed().section(QLatin1Char('\n'), -1);
        m_cacheDirs = parse(dir->out).value(QStringLiteral("created"));
        files.append({m_request.packageFile, m_uploadDir + QLatin1Char('/') + QFileInfo(m_request.packageFile).fileName()});
    }
    qint64 total = 0;
    for (const auto &f : std::as_const(files))
        total += QFileInfo(f.first).size();
    qint64 before = 0;
    const QString suffix = randomSuffix();
    for (const auto &[local, final] : std::as_const(files)) {
        // A temporary name in the same directory: renamed when everything is checked, removed on cancel.
        const QFileInfo target(final);
        const QString temporary = target.path() + QStringLiteral("/.") + target.fileName() + QStringLiteral(".upload-") + suffix;
        m_uploads.append({local, temporary, final});
        const Status s = m_ssh.upload(local, temporary, 0700, [&](qint64 done, qint64) {
            if (m_hooks.uploadProgress)
                m_hooks.uploadProgress(before + done, total);
        });
        if (!s)
            return fail(s.error());
        before += QFileInfo(local).size();
    }
    return !cancelled() || fail({});
}

bool InstallJob::checkLibraries()
{
    begin(InstallStep::Libraries);
    if (!isYes(m_facts, QStringLiteral("ldd"))) {
        note(tr("ldd is not available on %1, so the shared libraries were not checked.").arg(m_result.host));
        return true;
    }
    QStringList temporaries;
    for (const Upload &u : std::as_const(m_uploads))
        temporaries.append(u.temporary);
    auto r = script(QStringLiteral("libraries"), {}, temporaries);
    if (!r)
        return false;
    QStringList missing = parse(r->out).value(QStringLiteral("missing"));
    missing.removeDuplicates();
    if (missing.isEmpty())
        return !cancelled() || fail({});
    QStringList unknown;
    const QStringList packages = LibraryPackages::packagesFor(missing, &unknown);
    QString advice;
    if (!packages.isEmpty())
        advice = tr("Install them there with: sudo apt-get install %1").arg(packages.join(QLatin1Char(' ')));
    if (!unknown.isEmpty())
        advice += (advice.isEmpty() ? QString() : QStringLiteral(" ")) +
                  tr("(No package is known for %1.)").arg(unknown.join(QStringLiteral(", ")));
    return fail(tr("%1 lacks shared libraries the agent needs: %2. %3 Or install in package mode, which brings them "
                   "along. Nothing was installed.")
                    .arg(m_result.host, missing.join(QStringLiteral(", ")), advice));
}

bool InstallJob::installFiles()
{
    begin(InstallStep::InstallFiles);
    QStringList pairs;
    for (const Upload &u : std::as_const(m_uploads))
        pairs << u.temporary << u.final;
    if (!script(QStringLiteral("activate"), {}, pairs))
        return false;
    m_activated = true;
    for (const Upload &u : std::as_const(m_uploads)) {
        if (!m_manifestFiles.contains(u.final))
            m_manifestFiles.append(u.final);
    }
    // The launcher, for a start without systemd (crontab @reboot, or now).
    const QString state = fact(m_facts, QStringLiteral("state_dir"));
    const QString launcher = fact(m_facts, QStringLiteral("launcher"));
    QString text = RemoteScript::resource(QStringLiteral("launcher.sh.in"));
    text.replace(QLatin1String("@PIDFILE@"), RemoteScript::quote(state + QStringLiteral("/agent.pid")));
    text.replace(QLatin1String("@LOGFILE@"), RemoteScript::quote(state + QStringLiteral("/agent.log")));
    text.replace(QLatin1String("@AGENT_EXEC@"), agentExec(false));
    if (auto s = putFile(launcher, text.toUtf8(), 0755); !s)
        return fail(s.error());
    if (!m_manifestFiles.contains(launcher))
        m_manifestFiles.append(launcher);
    if (auto s = writeManifest(); !s)
        return fail(s.error());
    m_result.agentVersion = QString::fromLatin1(Hamgam::kVersion);
    return !cancelled() || fail({});
}

bool InstallJob::installPackage()
{
    begin(InstallStep::InstallPackage);
    if (!ensureSudo())
        return false;
    // apt-get wants a path that ends in .deb: rename the upload first.
    if (auto s = m_ssh.rename(m_uploads.value(0).temporary, m_uploads.value(0).final); !s)
        return fail(s.error());
    m_activated = true;
    auto vars = sudoVariables();
    vars.append({QStringLiteral("HG_DEB"), m_uploads.value(0).final});
    if (!script(QStringLiteral("package-install"), vars, {}, 900000, false))
        return false;
    m_result.agentVersion = QString::fromLatin1(Hamgam::kVersion);
    // Service options (a port other than the default, more agent options).
    QString defaults;
    const QStringList args = agentArguments(true);
    if (!args.isEmpty()) {
        defaults = QStringLiteral("# Written by the Hamgam SSH installer.\nHAMGAM_AGENT_ARGS=\"%1\"\n")
                       .arg(args.join(QLatin1Char(' ')));
    }
    QString remoteDefaults;
    if (!defaults.isEmpty()) {
        remoteDefaults = m_uploadDir + QStringLiteral("/hamgam-agent.default");
        if (auto s = m_ssh.writeFile(remoteDefaults, defaults.toUtf8(), 0644); !s)
            return fail(s.error());
    }
    auto cvars = sudoVariables();
    cvars.append({QStringLiteral("HG_DEFAULTS"), remoteDefaults});
    if (!script(QStringLiteral("package-configure"), cvars))
        return false;
    m_result.autostart = QStringLiteral("systemd");
    return !cancelled() || fail({});
}

bool InstallJob::trust()
{
    begin(InstallStep::Trust);
    QString fingerprintOutput;
    if (m_mode == Mode::User) {
        auto dir = script(QStringLiteral("configdir"));
        if (!dir)
            return false;
        const QStringList created = parse(dir->out).value(QStringLiteral("created"));
        m_createdDirs += created;
        const QString config = fact(m_facts, QStringLiteral("agent_config"));
        const QString path = config + QStringLiteral("/trusted-controllers.json");
        auto existing = m_ssh.readFile(path);
        if (!existing)
            return fail(existing.error());
        auto merged = mergedTrustList(*existing);
        if (merged.isEmpty())
            return fail(tr("%1 on %2 is not a valid trust list; fix or remove it").arg(path, m_result.host));
        if (auto s = putFile(path, merged, 0600); !s)
            return fail(s.error());
        if (auto s = writeManifest(); !s)
            return fail(s.error());
        const QString agent = fact(m_facts, QStringLiteral("bin_dir")) + QStringLiteral("/hamgam-agent");
        auto r = m_ssh.run(RemoteScript::quote(agent) + QStringLiteral(" --config-dir ") + RemoteScript::quote(config)
                               + QStringLiteral(" --fingerprint"),
                           {}, 30000);
        if (!r)
            return fail(r.error());
        if (!r->ok())
            return fail(tr("hamgam-agent --fingerprint failed: %1").arg(r->errorText()));
        fingerprintOutput = QString::fromUtf8(r->out);
    } else {
        if (!ensureSudo())
            return false;
        auto read = script(QStringLiteral("package-trust-read"), sudoVariables());
        if (!read)
            return false;
        std::optional<QByteArray> existing;
        if (!read->out.startsWith("#absent"))
            existing = read->out;
        const QByteArray merged = mergedTrustList(existing);
        if (merged.isEmpty())
            return fail(tr("/var/lib/hamgam-agent/trusted-controllers.json on %1 is not a valid trust list").arg(m_result.host));
        const QString temporary = m_uploadDir + QStringLiteral("/trusted-controllers.json");
        if (auto s = m_ssh.writeFile(temporary, merged, 0600); !s)
            return fail(s.error());
        auto vars = sudoVariables();
        vars.append({QStringLiteral("HG_TRUST_FILE"), temporary});
        if (!script(QStringLiteral("package-trust-write"), vars))
            return false;
        auto fp = script(QStringLiteral("package-fingerprint"), sudoVariables());
        if (!fp)
            return false;
        fingerprintOutput = QString::fromUtf8(fp->out);
        m_result.nodeId = fact(parse(fp->out), QStringLiteral("node_id"));
    }
    const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("\\b([0-9a-f]{64})\\b")).match(fingerprintOutput);
    if (!m.hasMatch())
        return fail(tr("the agent did not print its fingerprint: %1").arg(fingerprintOutput.trimmed()));
    m_expectedFingerprint = m.captured(1);
    m_result.fingerprint = m_expectedFingerprint;
    return !cancelled() || fail({});
}

bool InstallJob::autostart()
{
    begin(InstallStep::Autostart);
    const QString host = m_result.host;
    if (isYes(m_facts, QStringLiteral("user_systemd"))) {
        auto dir = script(QStringLiteral("unitdir"));
        if (!dir)
            return false;
        m_createdDirs += parse(dir->out).value(QStringLiteral("created"));
        const QString unit = fact(m_facts, QStringLiteral("unit"));
        QString text = RemoteScript::resource(QStringLiteral("hamgam-agent-user.service.in"));
        text.replace(QLatin1String("@AGENT_EXEC@"), agentExec(true));
        if (auto s = putFile(unit, text.toUtf8(), 0644); !s)
            return fail(s.error());
        if (!m_manifestFiles.contains(unit))
            m_manifestFiles.append(unit);
        m_result.autostart = QStringLiteral("systemd-user");
        if (auto s = writeManifest(); !s)
            return fail(s.error());
        auto r = script(QStringLiteral("autostart-systemd"));
        if (!r)
            return false;
        const auto out = parse(r->out);
        const QString linger = fact(out, QStringLiteral("linger"));
        if (linger == QLatin1String("enabled"))
            m_linger = linger;
        else if (linger.isEmpty())
            note(tr("Lingering could not be enabled on %1 (%2): the agent starts when %3 logs in, not at boot, and "
                    "stops when the last session ends. An administrator can run there: sudo loginctl enable-linger %3")
                     .arg(host, fact(out, QStringLiteral("linger_error")), m_ssh.user()));
    } else if (isYes(m_facts, QStringLiteral("crontab"))) {
        note(tr("systemctl --user is not available on %1, so the agent starts at boot from a crontab @reboot entry "
                "instead of a systemd user unit.")
                 .arg(host));
        if (!script(QStringLiteral("autostart-cron")))
            return false;
        m_result.autostart = QStringLiteral("crontab");
    } else {
        note(tr("Neither systemctl --user nor crontab is available on %1: the agent is started now but will not "
                "start again after a reboot.")
                 .arg(host));
        m_result.autostart = QStringLiteral("none");
    }
    if (auto s = writeManifest(); !s)
        return fail(s.error());
    return !cancelled() || fail({});
}

bool InstallJob::startAgent()
{
    begin(InstallStep::Start);
    if (m_mode == Mode::Package) {
        if (!ensureSudo())
            return false;
        if (!script(QStringLiteral("package-start"), sudoVariables(), {}, 60000))
            return false;
    } else {
        if (!script(QStringLiteral("start"), {{QStringLiteral("HG_AUTOSTART"), m_result.autostart}}, {}, 60000))
            return false;
    }
    m_result.running = true;
    return !cancelled() || fail({});
}

bool InstallJob::verify(bool required)
{
    begin(InstallStep::Verify);
    if (!required && (!m_result.installed || !m_result.running))
        return true; // status: nothing runs, nothing to ask
    if (m_expectedFingerprint.isEmpty() && m_mode == Mode::User) {
        const QString agent = fact(m_facts, QStringLiteral("bin_dir")) + QStringLiteral("/hamgam-agent");
        auto r = m_ssh.run(RemoteScript::quote(agent) + QStringLiteral(" --config-dir ")
                               + RemoteScript::quote(fact(m_facts, QStringLiteral("agent_config"))) + QStringLiteral(" --fingerprint"),
                           {}, 30000);
        const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("\\b([0-9a-f]{64})\\b"))
                                              .match(r ? QString::fromUtf8(r->out) : QString());
        if (m.hasMatch())
            m_expectedFingerprint = m.captured(1);
    }
    QElapsedTimer elapsed;
    elapsed.start();
    QString lastError;
    while (!cancelled()) {
        AgentClient client(m_identity, m_result.host, m_result.agentPort);
        QEventLoop loop;
        bool ready = false;
        QString code;
        QObject::connect(&client, &AgentClient::handshakeDone, &loop, [&] {
            ready = true;
            loop.quit();
        });
        QObject::connect(&client, &AgentClient::disconnected, &loop, [&](const QString &reason, const QString &errorCode) {
            lastError = reason;
            code = errorCode;
            loop.quit();
        });
        QTimer poll;
        QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
            if (cancelled() || elapsed.elapsed() > m_request.answerTimeoutMs + 2000)
                loop.quit();
        });
        poll.start(100);
        client.connectToAgent();
        loop.exec();
        if (ready) {
            m_result.answering = true;
            m_result.nodeId = client.nodeId();
            if (!client.agentVersion().isEmpty())
                m_result.agentVersion = client.agentVersion();
            const QString seen = client.peerFingerprint();
            client.disconnectFromAgent();
            if (!m_expectedFingerprint.isEmpty() && seen != m_expectedFingerprint) {
                m_result.answering = false;
                return fail(tr("the agent answering on %1:%2 shows the fingerprint %3, but the one installed has %4; "
                               "another program may hold that port")
                                .arg(m_result.host)
                                .arg(m_result.agentPort)
                                .arg(Identity::displayFingerprint(seen), Identity::displayFingerprint(m_expectedFingerprint)));
            }
            m_result.fingerprint = seen;
            return true;
        }
        if (code == QLatin1String("untrusted")) {
            if (!required) {
                note(tr("The agent on %1 does not trust this controller.").arg(m_result.host));
                return true;
            }
            return fail(tr("the agent on %1 does not trust this controller (%2)").arg(m_result.host, lastError));
        }
        if (elapsed.elapsed() > m_request.answerTimeoutMs)
            break;
        QEventLoop pause;
        QTimer::singleShot(300, &pause, &QEventLoop::quit);
        pause.exec();
    }
    if (cancelled())
        return fail({});
    const QString message = tr("the agent does not answer on %1:%2 after %n second(s): %3. Is a firewall in the way?",
                               nullptr, m_request.answerTimeoutMs / 1000)
                                .arg(m_result.host)
                                .arg(m_result.agentPort)
                                .arg(lastError);
    if (!required) {
        note(message);
        return true;
    }
    return fail(message);
}

bool InstallJob::stop()
{
    begin(InstallStep::Stop);
    if (m_mode == Mode::Package) {
        if (!ensureSudo())
            return false;
        auto r = script(QStringLiteral("package-stop"), sudoVariables(), {}, 60000);
        if (!r)
            return false;
        const QString id = fact(parse(r->out), QStringLiteral("node_id"));
        if (!id.isEmpty())
            m_result.nodeId = id;
    } else if (!script(QStringLiteral("stop-user"), {}, {}, 60000)) {
        return false;
    }
    m_result.running = false;
    return !cancelled() || fail({});
}

bool InstallJob::remove()
{
    begin(InstallStep::Remove);
    const QString keep = m_request.keepConfig ? QStringLiteral("yes") : QStringLiteral("no");
    if (m_mode == Mode::Package) {
        auto vars = sudoVariables();
        vars.append({QStringLiteral("HG_KEEP_CONFIG"), keep});
        if (!script(QStringLiteral("package-remove"), vars, {}, 900000, false))
            return false;
    } else {
        auto r = script(QStringLiteral("uninstall-user"), {{QStringLiteral("HG_KEEP_CONFIG"), keep}}, {}, 60000, false);
        if (!r)
            return false;
        const QString lingerError = fact(parse(r->out), QStringLiteral("linger_error"));
        if (!lingerError.isEmpty())
            note(tr("%1 on %2; lingering stays on.").arg(lingerError, m_result.host));
    }
    m_result.installed = false;
    m_result.agentVersion.clear();
    return true;
}

// ---------------------------------------------------------------------------- helpers

bool InstallJob::ensureSudo()
{
    if (fact(m_facts, QStringLiteral("uid")) == QLatin1String("0") || isYes(m_facts, QStringLiteral("sudo_nopasswd"))
        || !m_sudoPassword.isEmpty())
        return true;
    const QString user = m_ssh.user();
    if (!isYes(m_facts, QStringLiteral("sudo")))
        return fail(tr("%1 is not root on %2 and sudo is not installed there: sign in as root, or use the per-user mode")
                        .arg(user, m_result.host));
    QString lastError;
    for (int attempt = 0; attempt < 3; ++attempt) {
        std::optional<QByteArray> password = askSecret(InstallQuestion::Kind::SudoPassword, attempt > 0);
        if (!password)
            return fail(lastError.isEmpty() ? tr("no password was given for sudo on %1").arg(m_result.host)
                                            : tr("sudo refused the password of %1 on %2: %3").arg(user, m_result.host, lastError));
        m_sudoPassword = *password;
        password->fill('\0');
        RemoteScript s(QStringLiteral("sudo-check"));
        for (const auto &[key, value] : sudoVariables())
            s.set(key, value);
        auto r = m_ssh.run(RemoteScript::command(), s.text(), 30000);
        if (!r)
            return fail(r.error());
        if (r->ok())
            return true;
        m_sudoPassword.fill('\0');
        m_sudoPassword.clear();
        lastError = r->errorText();
    }
    return fail(tr("sudo refused the password of %1 on %2: %3").arg(user, m_result.host, lastError));
}

QList<std::pair<QString, QString>> InstallJob::sudoVariables() const
{
    return {{QStringLiteral("HG_SUDO_PW"), QString::fromUtf8(m_sudoPassword)}};
}

QStringList InstallJob::agentArguments(bool forSystemService) const
{
    QStringList args;
    if (!forSystemService || m_request.agentPort != Protocol::kDefaultControlPort)
        args << QStringLiteral("--port") << QString::number(m_request.agentPort);
    args += m_request.agentArguments;
    return args;
}

QString InstallJob::agentExec(bool forUnit) const
{
    const QString agent = fact(m_facts, QStringLiteral("bin_dir")) + QStringLiteral("/hamgam-agent");
    QStringList parts{agent, QStringLiteral("--config-dir"), fact(m_facts, QStringLiteral("agent_config"))};
    parts += agentArguments(false);
    QStringList quoted;
    for (const QString &p : std::as_const(parts))
        quoted.append(forUnit ? unitQuote(p) : RemoteScript::quote(p));
    return quoted.join(QLatin1Char(' '));
}

Status InstallJob::writeManifest()
{
    QStringList dirs = m_manifestDirs;
    for (const QString &d : std::as_const(m_createdDirs)) {
        if (!dirs.contains(d))
            dirs.append(d);
    }
    QString text = QStringLiteral("# Written by the Hamgam SSH installer; `hamgamctl uninstall` reads it.\n");
    text += QStringLiteral("format=1\nversion=%1\nmode=user\nautostart=%2\nlinger=%3\nagent_port=%4\n")
                .arg(QString::fromLatin1(Hamgam::kVersion), m_result.autostart, m_linger)
                .arg(m_request.agentPort);
    for (const QString &f : std::as_const(m_manifestFiles))
        text += QStringLiteral("file=") + f + QLatin1Char('\n');
    for (const QString &d : std::as_const(dirs))
        text += QStringLiteral("dir=") + d + QLatin1Char('\n');
    return putFile(fact(m_facts, QStringLiteral("manifest_path")), text.toUtf8(), 0644);
}

Status InstallJob::putFile(const QString &path, const QByteArray &data, int mode)
{
    // Readers (the agent re-reading its trust list) see the old or the new file, never half.
    const QString temporary = path + QStringLiteral(".upload-") + randomSuffix();
    if (auto s = m_ssh.writeFile(temporary, data, mode); !s)
        return s;
    if (auto s = m_ssh.rename(temporary, path); !s) {
        (void)m_ssh.removeFile(temporary);
        return s;
    }
    return {};
}

QByteArray InstallJob::mergedTrustList(const std::optional<QByteArray> &existing) const
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
    const QString mine = m_identity.fingerprint();
    QJsonArray entries;
    for (const QJsonValue v : root.value(QStringLiteral("entries")).toArray()) {
        if (Identity::normalizeFingerprint(v.toObject().value(QStringLiteral("fingerprint")).toString()) != mine)
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

void InstallJob::cleanupUploads()
{
    QStringList files;
    for (const Upload &u : std::as_const(m_uploads))
        files.append(u.temporary);
    if (m_mode == Mode::Package || (files.isEmpty() && m_createdDirs.isEmpty()))
        return; // package mode: the upload directory goes at the end
    RemoteScript s(QStringLiteral("cleanup"));
    s.set(QStringLiteral("HG_DIRS"), m_createdDirs.join(QLatin1Char('\n')));
    if (!files.isEmpty())
        s.arguments(files);
    (void)m_ssh.run(RemoteScript::command(), s.text(), 20000, false);
}

QString InstallJob::elfArchitecture(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray header = file.read(20);
    if (header.size() < 20 || !header.startsWith("\x7f" "ELF"))
        return {};
    const bool little = header.at(5) == 1;
    const auto lo = quint8(header.at(little ? 18 : 19));
    const auto hi = quint8(header.at(little ? 19 : 18));
    switch (lo | (hi << 8)) {
    case 62: return QStringLiteral("x86_64");
    case 183: return QStringLiteral("aarch64");
    case 3: return QStringLiteral("i686");
    case 40: return QStringLiteral("arm");
    case 243: return QStringLiteral("riscv64");
    case 21: return QStringLiteral("ppc64le");
    default: return {};
    }
}
