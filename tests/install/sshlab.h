#pragma once

#include <memory>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>
#include <QTemporaryDir>

/// A real OpenSSH server on 127.0.0.1 that stands in for "another machine",
/// changing nothing of the system it runs on:
///  * its own host keys, sshd_config, pid file and authorized_keys (a generated
///    user key) in a temporary directory; UsePAM no, StrictModes no;
///  * sshd's SetEnv gives every session a temporary HOME (so the installer's
///    ~/.local, ~/.config and ~/.ssh are private) and a PATH that starts with
///    fake systemctl, loginctl and crontab, which record what they are asked in
///    state/calls.log; the fake `systemctl --user start` runs the unit's
///    ExecStart detached (the agent really runs), and a file state/no-user-systemd
///    makes `systemctl --user` fail as it does without a user manager;
///  * as root, sshd needs /run/sshd: it runs in a private mount namespace with
///    its own tmpfs on /run (unshare), so the real /run is untouched.
/// Every process whose command line names the temporary directory (sshd, the
/// agents) is killed when the lab goes away.
class SshLab
{
public:
    SshLab();
    ~SshLab();

    /// Generates keys and fakes, starts sshd; false with a reason when it cannot.
    bool start(QString *error);
    void stop();

    quint16 port() const { return m_port; }
    QString userName() const { return m_user; }
    QString userKey() const { return path(QStringLiteral("id_ed25519")); }
    QString remoteHome() const { return path(QStringLiteral("remote-home")); }
    QString statePath(const QString &name) const { return path(QStringLiteral("state/") + name); }
    QString path(const QString &name) const { return m_dir.filePath(name); }
    QString sshdLog() const;
    /// "[127.0.0.1]:PORT ssh-ed25519 AAAA..." for a known_hosts file, of another key than the server's.
    QString otherKnownHostsLine(const QString &keyType) const;

    /// Every file and directory under the remote HOME, relative, sorted.
    QStringList remoteHomeTree() const;
    /// PIDs of processes (not zombies) whose command line contains `needle`.
    static QList<qint64> processesMatching(const QString &needle);
    void killStrays();

    static quint16 freePort();

private:
    bool run(const QString &program, const QStringList &args, QString *error);
    bool writeExecutable(const QString &name, const QString &text);

    QTemporaryDir m_dir;
    std::unique_ptr<QProcess> m_sshd;
    quint16 m_port = 0;
    QString m_user;
};
