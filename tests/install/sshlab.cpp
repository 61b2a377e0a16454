#include "sshlab.h"

#include "rendezvousport.h"

#include <csignal>
#include <pwd.h>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRandomGenerator>
#include <QTcpSocket>
#include <QTest>
#include <unistd.h>

namespace {
// Records every call; `--user start/restart` runs the unit's ExecStart detached,
// as the user manager would; state/no-user-systemd makes --user fail.
const char kFakeSystemctl[] = R"sh(#!/bin/sh
S='@STATE@'
echo "systemctl $*" >> "$S/calls.log"
if [ "${1:-}" != --user ]; then echo "System has not been booted with systemd (test fake)" >&2; exit 1; fi
shift
if [ -f "$S/no-user-systemd" ]; then echo "Failed to connect to bus: No medium found" >&2; exit 1; fi
unit_file() { echo "${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user/$1"; }
alive() { kill -0 "$1" 2>/dev/null && [ "$(cut -d' ' -f3 "/proc/$1/stat" 2>/dev/null)" != Z ]; }
stop_unit() {
    if [ -f "$S/$1.pid" ]; then
        pid=$(cat "$S/$1.pid"); kill "$pid" 2>/dev/null
        i=0; while alive "$pid" && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
        rm -f "$S/$1.pid"
    fi
}
start_unit() {
    u=$1; f=$(unit_file "$u")
    [ -f "$f" ] || { echo "Failed to start $u: Unit $u not found." >&2; return 5; }
    cmd=$(sed -n 's/^ExecStart=//p' "$f")
    eval "set -- $cmd"
    setsid "$@" >>"$S/$u.log" 2>&1 </dev/null &
    echo $! >"$S/$u.pid"
}
case "${1:-}" in
show-environment) echo "HOME=$HOME" ;;
daemon-reload) ;;
enable) touch "$S/$2.enabled" ;;
disable) if [ "$2" = --now ]; then stop_unit "$3"; rm -f "$S/$3.enabled"; else rm -f "$S/$2.enabled"; fi ;;
start|restart) stop_unit "$2"; start_unit "$2" || exit $? ;;
stop) stop_unit "$2" ;;
is-active) if [ -f "$S/$2.pid" ] && alive "$(cat "$S/$2.pid")"; then echo active; else echo inactive; exit 3; fi ;;
esac
exit 0
)sh";

const char kFakeLoginctl[] = R"sh(#!/bin/sh
S='@STATE@'
echo "loginctl $*" >> "$S/calls.log"
case "${1:-}" in
show-user) if [ -f "$S/linger" ]; then echo yes; else echo no; fi ;;
enable-linger) touch "$S/linger" ;;
disable-linger) rm -f "$S/linger" ;;
esac
exit 0
)sh";

// The user's crontab is state/crontab.
const char kFakeCrontab[] = R"sh(#!/bin/sh
S='@STATE@'
echo "crontab $*" >> "$S/calls.log"
case "${1:-}" in
-l) if [ -f "$S/crontab" ]; then cat "$S/crontab"; else echo "no crontab for $(id -un)" >&2; exit 1; fi ;;
-r) rm -f "$S/crontab" ;;
-) cat > "$S/crontab" ;;
*) echo "fake crontab: unsupported $*" >&2; exit 1 ;;
esac
exit 0
)sh";
} // namespace

SshLab::SshLab()
{
    if (const passwd *pw = getpwuid(getuid()))
        m_user = QString::fromLocal8Bit(pw->pw_name);
}

SshLab::~SshLab()
{
    stop();
    killStrays();
}

quint16 SshLab::freePort()
{
    return RendezvousPort::pick(QHostAddress::LocalHost);
}

bool SshLab::run(const QString &program, const QStringList &args, QString *error)
{
    QProcess p;
    p.start(program, args);
    if (!p.waitForFinished(30000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        *error =
            QStringLiteral("%1 %2 failed: %3")
                .arg(program, args.join(QLatin1Char(' ')), QString::fromLocal8Bit(p.readAllStandardError()));
        return false;
    }
    return true;
}

bool SshLab::writeExecutable(const QString &name, const QString &text)
{
    QFile f(path(name));
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    f.write(text.toUtf8());
    f.close();
    return f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner |
                            QFileDevice::ReadGroup | QFileDevice::ExeGroup | QFileDevice::ReadOther |
                            QFileDevice::ExeOther);
}

bool SshLab::start(QString *error)
{
    if (!m_dir.isValid()) {
        *error = QStringLiteral("no temporary directory");
        return false;
    }
    QDir(m_dir.path()).mkpath(QStringLiteral("remote-home"));
    QDir(m_dir.path()).mkpath(QStringLiteral("fakebin"));
    QDir(m_dir.path()).mkpath(QStringLiteral("state"));
    const QString keygen = QStringLiteral("/usr/bin/ssh-keygen");
    for (const char *key : {"host_ed25519", "other_ed25519", "id_ed25519"}) {
        if (!run(keygen,
                 {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"), QStringLiteral("-N"),
                  QString(), QStringLiteral("-C"), QStringLiteral("hamgam-test"), QStringLiteral("-f"),
                  path(QString::fromLatin1(key))},
                 error))
            return false;
    }
    if (!run(keygen,
             {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ecdsa"), QStringLiteral("-N"),
              QString(), QStringLiteral("-f"), path(QStringLiteral("other_ecdsa"))},
             error))
        return false;
    QFile::copy(path(QStringLiteral("id_ed25519.pub")), path(QStringLiteral("authorized_keys")));

    const QString state = path(QStringLiteral("state"));
    auto fake = [&](const char *text) {
        return QString::fromUtf8(text).replace(QLatin1String("@STATE@"), state);
    };
    if (!writeExecutable(QStringLiteral("fakebin/systemctl"), fake(kFakeSystemctl)) ||
        !writeExecutable(QStringLiteral("fakebin/loginctl"), fake(kFakeLoginctl)) ||
        !writeExecutable(QStringLiteral("fakebin/crontab"), fake(kFakeCrontab))) {
        *error = QStringLiteral("cannot write the fake programs");
        return false;
    }

    m_port = freePort();
    QFile config(path(QStringLiteral("sshd_config")));
    if (!config.open(QIODevice::WriteOnly))
        return false;
    config.write(QStringLiteral("Port %1\n"
                                "ListenAddress 127.0.0.1\n"
                                "HostKey %2\n"
                                "PidFile %3\n"
                                "AuthorizedKeysFile %4\n"
                                "UsePAM no\n"
                                "StrictModes no\n"
                                "PasswordAuthentication yes\n"
                                "KbdInteractiveAuthentication no\n"
                                "PermitRootLogin yes\n"
                                "PubkeyAuthentication yes\n"
                                "Subsystem sftp internal-sftp\n"
                                "SetEnv HOME=%5 PATH=%6:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin\n"
                                "LogLevel VERBOSE\n"
                                "MaxStartups 50\n")
                     .arg(m_port)
                     .arg(path(QStringLiteral("host_ed25519")), path(QStringLiteral("sshd.pid")),
                          path(QStringLiteral("authorized_keys")), remoteHome(),
                          path(QStringLiteral("fakebin")))
                     .toUtf8());
    config.close();

    const QString sshd = QStringLiteral("/usr/sbin/sshd");
    const QStringList sshdArgs{QStringLiteral("-D"), QStringLiteral("-e"), QStringLiteral("-f"),
                               config.fileName()};
    m_sshd = std::make_unique<QProcess>();
    m_sshd->setStandardErrorFile(path(QStringLiteral("sshd.log")));
    m_sshd->setStandardOutputFile(path(QStringLiteral("sshd.log")), QIODevice::Append);
    if (getuid() == 0 && !QFileInfo::exists(QStringLiteral("/run/sshd"))) {
        // Privilege separation wants /run/sshd: give sshd its own /run instead of creating it.
        const QStringList wrapper{
            QStringLiteral("--mount"),
            QStringLiteral("--propagation"),
            QStringLiteral("private"),
            QStringLiteral("sh"),
            QStringLiteral("-c"),
            QStringLiteral("mount -t tmpfs tmpfs /run && mkdir -p /run/sshd && chmod 755 /run/sshd "
                           "&& exec \"$0\" \"$@\""),
            sshd};
        m_sshd->start(QStringLiteral("unshare"), wrapper + sshdArgs);
    } else {
        m_sshd->start(sshd, sshdArgs);
    }
    if (!m_sshd->waitForStarted(5000)) {
        *error = QStringLiteral("sshd did not start");
        return false;
    }
    const bool up = QTest::qWaitFor(
        [&] {
            if (m_sshd->state() == QProcess::NotRunning)
                return true;
            QTcpSocket s;
            s.connectToHost(QHostAddress::LocalHost, m_port);
            return s.waitForConnected(200);
        },
        10000);
    if (!up || m_sshd->state() == QProcess::NotRunning) {
        *error = QStringLiteral("sshd did not come up: %1").arg(sshdLog());
        return false;
    }
    return true;
}

void SshLab::stop()
{
    if (m_sshd && m_sshd->state() != QProcess::NotRunning) {
        m_sshd->terminate();
        if (!m_sshd->waitForFinished(5000))
            m_sshd->kill();
        m_sshd->waitForFinished(2000);
    }
}

QString SshLab::sshdLog() const
{
    QFile f(path(QStringLiteral("sshd.log")));
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

QString SshLab::otherKnownHostsLine(const QString &keyType) const
{
    QFile f(path(QStringLiteral("other_%1.pub").arg(keyType)));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QStringList parts = QString::fromUtf8(f.readAll()).split(QLatin1Char(' '));
    return QStringLiteral("[127.0.0.1]:%1 %2 %3\n").arg(m_port).arg(parts.value(0), parts.value(1));
}

QStringList SshLab::remoteHomeTree() const
{
    QStringList out;
    QDirIterator it(remoteHome(), QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        out.append(QDir(remoteHome()).relativeFilePath(it.next()));
    out.sort();
    return out;
}

QList<qint64> SshLab::processesMatching(const QString &needle)
{
    QList<qint64> out;
    const QByteArray n = needle.toUtf8();
    for (const QString &pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        bool ok = false;
        const qint64 id = pid.toLongLong(&ok);
        if (!ok || id == getpid())
            continue;
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!stat.open(QIODevice::ReadOnly) || stat.readAll().contains(") Z "))
            continue;
        QFile cmd(QStringLiteral("/proc/%1/cmdline").arg(pid));
        if (cmd.open(QIODevice::ReadOnly) && cmd.readAll().contains(n))
            out.append(id);
    }
    return out;
}

void SshLab::killStrays()
{
    for (qint64 pid : processesMatching(m_dir.path()))
        ::kill(pid_t(pid), SIGKILL);
}
