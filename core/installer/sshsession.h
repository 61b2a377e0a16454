#pragma once

#include "expected.h"

#include <atomic>
#include <functional>
#include <optional>
#include <QByteArray>
#include <QCoreApplication>
#include <QString>

struct ssh_session_struct;
struct sftp_session_struct;

/// One SSH connection made with libssh, for the agent installer: host-key check
/// against known_hosts, sign-in, commands with their exit status and output, and
/// SFTP uploads. Blocking: one worker thread uses it. Every failure carries the
/// server's or libssh's own words. A cancel flag, when given, stops commands and
/// uploads between chunks.
class SshSession
{
    Q_DECLARE_TR_FUNCTIONS(SshSession)
    Q_DISABLE_COPY_MOVE(SshSession)

public:
    enum class HostKeyState
    {
        Known,     ///< matches known_hosts
        Unknown,   ///< no entry for this host (or no known_hosts file)
        Changed,   ///< an entry of the same type with a different key: refuse
        OtherType, ///< entries exist for this host, but of another key type: refuse
    };
    struct HostKey
    {
        HostKeyState state = HostKeyState::Unknown;
        QString type;        ///< "ssh-ed25519", ...
        QString fingerprint; ///< "SHA256:..." as OpenSSH prints it
    };
    struct CommandResult
    {
        int exitStatus = -1;
        QByteArray out;
        QByteArray err;
        bool ok() const { return exitStatus == 0; }
        /// stderr (or stdout when stderr is empty), trimmed and shortened, for messages.
        QString errorText() const;
    };
    enum class AuthOutcome
    {
        Accepted,
        Denied,
        Declined
    };
    /// Asked for a passphrase or password; nullopt when the user declines.
    using SecretPrompt = std::function<std::optional<QByteArray>(bool retry)>;
    using Progress = std::function<void(qint64 done, qint64 total)>;

    explicit SshSession(const std::atomic_bool *cancelled = nullptr);
    ~SshSession();

    /// known_hosts to check and to add accepted keys to (default ~/.ssh/known_hosts).
    void setKnownHostsFile(const QString &path) { m_knownHosts = path; }
    /// Whether ~/.ssh/config and /etc/ssh/ssh_config are read (host aliases, users, ports).
    void setReadSshConfig(bool read) { m_readConfig = read; }

    Status connectTo(const QString &host, quint16 port, const QString &user, int timeoutSeconds);
    /// The host name actually connected to (after ~/.ssh/config's HostName) and the user signed in as.
    QString host() const;
    QString user() const;

    Expected<HostKey> hostKey();
    /// Adds the server's key to known_hosts (after the user accepted it).
    Status acceptHostKey();

    /// Asks the server which methods it offers; true when it let us in without any.
    Expected<bool> authNone();
    bool offersPublicKey() const;
    bool offersPassword() const;
    bool offersKeyboardInteractive() const;
    QString offeredMethods() const;

    Expected<AuthOutcome> authAgent();
    /// A private key file; asks for its passphrase only when the server accepts its public key (or there is
    /// no .pub).
    Expected<AuthOutcome> authKeyFile(const QString &path, const SecretPrompt &passphrase);
    Expected<AuthOutcome> authPassword(const SecretPrompt &password);

    /// Runs a command (through the remote login shell); `input` is written to its stdin, then EOF.
    Expected<CommandResult> run(const QString &command, const QByteArray &input = {}, int timeoutMs = 120000,
                                bool cancellable = true);

    /// Uploads a local file to exactly `remotePath` over SFTP with the given mode; the
    /// remote file is removed again on failure or cancel, so no partial file stays.
    Status upload(const QString &localPath, const QString &remotePath, int mode,
                  const Progress &progress = {});
    Status writeFile(const QString &remotePath, const QByteArray &data, int mode);
    /// The whole file; nullopt when it does not exist.
    Expected<std::optional<QByteArray>> readFile(const QString &remotePath);
    Status removeFile(const QString &remotePath);
    /// Replaces `to` with `from` (POSIX rename where the server supports it).
    Status rename(const QString &from, const QString &to);

    void disconnect();
    bool isConnected() const { return m_session != nullptr && m_connected; }

private:
    QString sessionError() const;
    QString sftpError(const QString &what) const;
    Status ensureSftp();
    bool cancelled() const { return m_cancelled && m_cancelled->load(); }
    Expected<AuthOutcome> authKeyboardInteractive(const QByteArray &password, bool *asked);

    const std::atomic_bool *m_cancelled;
    ssh_session_struct *m_session = nullptr;
    sftp_session_struct *m_sftp = nullptr;
    bool m_connected = false;
    int m_methods = 0;
    QString m_knownHosts;
    bool m_readConfig = true;
    QString m_target;
};
