#include "sshsession.h"

#include <cstring>
#include <fcntl.h>
#include <libssh/libssh.h>
#include <libssh/sftp.h>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>

namespace {
constexpr qsizetype kChunk = 64 * 1024;

struct PromptContext
{
    const SshSession::SecretPrompt *prompt;
    bool retry = false;
    bool asked = false;
    bool declined = false;
};

// libssh asks for a key's passphrase through this callback, only when the key is encrypted.
int passphraseCallback(const char *, char *buf, size_t len, int, int, void *userdata)
{
    auto *ctx = static_cast<PromptContext *>(userdata);
    ctx->asked = true;
    std::optional<QByteArray> secret = (*ctx->prompt)(ctx->retry);
    if (!secret) {
        ctx->declined = true;
        return -1;
    }
    if (size_t(secret->size()) + 1 > len)
        return -1;
    std::memcpy(buf, secret->constData(), size_t(secret->size()));
    buf[secret->size()] = '\0';
    secret->fill('\0');
    return 0;
}

QString fromLocal(const char *text)
{
    return text ? QString::fromLocal8Bit(text) : QString();
}

QString sftpCodeText(int code)
{
    switch (code) {
    case SSH_FX_NO_SUCH_FILE:
        return SshSession::tr("no such file or directory");
    case SSH_FX_PERMISSION_DENIED:
        return SshSession::tr("permission denied");
    case SSH_FX_FAILURE:
        return SshSession::tr("the server reported a failure (a full disk, or a directory in the way)");
    case SSH_FX_NO_CONNECTION:
    case SSH_FX_CONNECTION_LOST:
        return SshSession::tr("the connection was lost");
    case SSH_FX_OP_UNSUPPORTED:
        return SshSession::tr("the server does not support this operation");
    case SSH_FX_FILE_ALREADY_EXISTS:
        return SshSession::tr("the file already exists");
    case SSH_FX_WRITE_PROTECT:
        return SshSession::tr("the file system is read-only");
    case SSH_FX_NO_MEDIA:
        return SshSession::tr("no medium");
    default:
        return {};
    }
}
} // namespace

QString SshSession::CommandResult::errorText() const
{
    QString text = QString::fromUtf8(err).trimmed();
    if (text.isEmpty())
        text = QString::fromUtf8(out).trimmed();
    if (text.size() > 600)
        text = QStringLiteral("…") + text.right(600);
    return text;
}

SshSession::SshSession(const std::atomic_bool *cancelled)
    : m_cancelled(cancelled)
{}

SshSession::~SshSession()
{
    disconnect();
}

void SshSession::disconnect()
{
    if (m_sftp) {
        sftp_free(m_sftp);
        m_sftp = nullptr;
    }
    if (m_session) {
        if (m_connected)
            ssh_disconnect(m_session);
        ssh_free(m_session);
        m_session = nullptr;
    }
    m_connected = false;
}

QString SshSession::sessionError() const
{
    const QString text = m_session ? fromLocal(ssh_get_error(m_session)) : QString();
    return text.isEmpty() ? tr("unknown SSH error") : text;
}

QString SshSession::sftpError(const QString &what) const
{
    const QString code = m_sftp ? sftpCodeText(sftp_get_error(m_sftp)) : QString();
    const QString detail = code.isEmpty() ? sessionError() : code;
    return tr("%1: %2").arg(what, detail);
}

Status SshSession::connectTo(const QString &host, quint16 port, const QString &user, int timeoutSeconds)
{
    disconnect();
    m_session = ssh_new();
    if (!m_session)
        return Status::failure(tr("libssh could not create a session"));
    m_target = host;
    const QByteArray hostBytes = host.toUtf8();
    ssh_options_set(m_session, SSH_OPTIONS_HOST, hostBytes.constData());
    if (port != 0) {
        const unsigned int p = port;
        ssh_options_set(m_session, SSH_OPTIONS_PORT, &p);
    }
    if (!user.isEmpty()) {
        const QByteArray u = user.toUtf8();
        ssh_options_set(m_session, SSH_OPTIONS_USER, u.constData());
    }
    const long timeout = timeoutSeconds;
    ssh_options_set(m_session, SSH_OPTIONS_TIMEOUT, &timeout);
    // SFTP writes wait for each answer: without TCP_NODELAY, delayed ACKs make uploads crawl.
    const int noDelay = 1;
    ssh_options_set(m_session, SSH_OPTIONS_NODELAY, &noDelay);
    if (!m_knownHosts.isEmpty()) {
        const QByteArray k = QFile::encodeName(m_knownHosts);
        ssh_options_set(m_session, SSH_OPTIONS_KNOWNHOSTS, k.constData());
    }
    // ssh_connect() reads ~/.ssh/config and /etc/ssh/ssh_config unless told not to;
    // options set above win over them.
    const bool processConfig = m_readConfig;
    ssh_options_set(m_session, SSH_OPTIONS_PROCESS_CONFIG, &processConfig);
    if (ssh_connect(m_session) != SSH_OK)
        return Status::failure(tr("cannot connect to %1: %2").arg(host, sessionError()));
    m_connected = true;
    return {};
}

QString SshSession::host() const
{
    char *value = nullptr;
    if (!m_session || ssh_options_get(m_session, SSH_OPTIONS_HOST, &value) != SSH_OK)
        return m_target;
    const QString out = QString::fromUtf8(value);
    ssh_string_free_char(value);
    return out;
}

QString SshSession::user() const
{
    char *value = nullptr;
    if (!m_session || ssh_options_get(m_session, SSH_OPTIONS_USER, &value) != SSH_OK)
        return {};
    const QString out = QString::fromUtf8(value);
    ssh_string_free_char(value);
    return out;
}

Expected<SshSession::HostKey> SshSession::hostKey()
{
    using Result = Expected<HostKey>;
    ssh_key key = nullptr;
    if (ssh_get_server_publickey(m_session, &key) != SSH_OK)
        return Result::failure(tr("the server sent no host key: %1").arg(sessionError()));
    HostKey out;
    out.type = QString::fromLatin1(ssh_key_type_to_char(ssh_key_type(key)));
    unsigned char *hash = nullptr;
    size_t length = 0;
    if (ssh_get_publickey_hash(key, SSH_PUBLICKEY_HASH_SHA256, &hash, &length) == 0) {
        char *text = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, length);
        out.fingerprint = QString::fromLatin1(text);
        ssh_string_free_char(text);
        ssh_clean_pubkey_hash(&hash);
    }
    ssh_key_free(key);
    switch (ssh_session_is_known_server(m_session)) {
    case SSH_KNOWN_HOSTS_OK:
        out.state = HostKeyState::Known;
        break;
    case SSH_KNOWN_HOSTS_CHANGED:
        out.state = HostKeyState::Changed;
        break;
    case SSH_KNOWN_HOSTS_OTHER:
        out.state = HostKeyState::OtherType;
        break;
    case SSH_KNOWN_HOSTS_UNKNOWN:
    case SSH_KNOWN_HOSTS_NOT_FOUND:
        out.state = HostKeyState::Unknown;
        break;
    case SSH_KNOWN_HOSTS_ERROR:
    default:
        return Result::failure(tr("cannot check the host key against known_hosts: %1").arg(sessionError()));
    }
    return out;
}

Status SshSession::acceptHostKey()
{
    if (ssh_session_update_known_hosts(m_session) != SSH_OK)
        return Status::failure(tr("cannot add the host key to known_hosts: %1").arg(sessionError()));
    return {};
}

Expected<bool> SshSession::authNone()
{
    const int rc = ssh_userauth_none(m_session, nullptr);
    if (rc == SSH_AUTH_ERROR)
        return Expected<bool>::failure(sessionError());
    m_methods = ssh_userauth_list(m_session, nullptr);
    return rc == SSH_AUTH_SUCCESS;
}

bool SshSession::offersPublicKey() const
{
    return m_methods & SSH_AUTH_METHOD_PUBLICKEY;
}

bool SshSession::offersPassword() const
{
    return m_methods & SSH_AUTH_METHOD_PASSWORD;
}

bool SshSession::offersKeyboardInteractive() const
{
    return m_methods & SSH_AUTH_METHOD_INTERACTIVE;
}

QString SshSession::offeredMethods() const
{
    QStringList names;
    if (m_methods & SSH_AUTH_METHOD_PUBLICKEY)
        names << QStringLiteral("publickey");
    if (m_methods & SSH_AUTH_METHOD_PASSWORD)
        names << QStringLiteral("password");
    if (m_methods & SSH_AUTH_METHOD_INTERACTIVE)
        names << QStringLiteral("keyboard-interactive");
    if (m_methods & SSH_AUTH_METHOD_GSSAPI_MIC)
        names << QStringLiteral("gssapi-with-mic");
    if (m_methods & SSH_AUTH_METHOD_HOSTBASED)
        names << QStringLiteral("hostbased");
    return names.isEmpty() ? tr("none") : names.join(QStringLiteral(", "));
}

Expected<SshSession::AuthOutcome> SshSession::authAgent()
{
    if (qEnvironmentVariableIsEmpty("SSH_AUTH_SOCK") || !offersPublicKey())
        return AuthOutcome::Denied;
    // An agent that cannot be reached is not an error: other methods follow.
    return ssh_userauth_agent(m_session, nullptr) == SSH_AUTH_SUCCESS ? AuthOutcome::Accepted
                                                                      : AuthOutcome::Denied;
}

Expected<SshSession::AuthOutcome> SshSession::authKeyFile(const QString &path, const SecretPrompt &passphrase)
{
    using Result = Expected<AuthOutcome>;
    if (!offersPublicKey())
        return AuthOutcome::Denied;
    if (!QFileInfo(path).isReadable())
        return Result::failure(tr("cannot read the key file %1").arg(path));
    const QByteArray file = QFile::encodeName(path);
    ssh_key pub = nullptr;
    if (ssh_pki_import_pubkey_file(QFile::encodeName(path + QStringLiteral(".pub")).constData(), &pub) ==
        SSH_OK) {
        const int rc = ssh_userauth_try_publickey(m_session, nullptr, pub);
        ssh_key_free(pub);
        if (rc == SSH_AUTH_ERROR)
            return Result::failure(sessionError());
        if (rc != SSH_AUTH_SUCCESS)
            return AuthOutcome::Denied;
    }
    for (int attempt = 0; attempt < 3; ++attempt) {
        PromptContext ctx{&passphrase, attempt > 0};
        ssh_key key = nullptr;
        const int rc =
            ssh_pki_import_privkey_file(file.constData(), nullptr, &passphraseCallback, &ctx, &key);
        if (rc == SSH_OK) {
            const int auth = ssh_userauth_publickey(m_session, nullptr, key);
            ssh_key_free(key);
            if (auth == SSH_AUTH_ERROR)
                return Result::failure(sessionError());
            return auth == SSH_AUTH_SUCCESS ? AuthOutcome::Accepted : AuthOutcome::Denied;
        }
        if (ctx.declined)
            return AuthOutcome::Declined;
        if (!ctx.asked)
            return Result::failure(tr("%1 is not a private key libssh can read").arg(path));
    }
    return Result::failure(tr("wrong passphrase for %1 (three tries)").arg(path));
}

Expected<SshSession::AuthOutcome> SshSession::authKeyboardInteractive(const QByteArray &password, bool *asked)
{
    int rc = ssh_userauth_kbdint(m_session, nullptr, nullptr);
    while (rc == SSH_AUTH_INFO) {
        const int prompts = ssh_userauth_kbdint_getnprompts(m_session);
        for (int i = 0; i < prompts; ++i) {
            char echo = 0;
            ssh_userauth_kbdint_getprompt(m_session, unsigned(i), &echo);
            // Hidden prompts get the password; visible ones (a second factor we cannot answer) stay empty.
            ssh_userauth_kbdint_setanswer(m_session, unsigned(i), echo ? "" : password.constData());
            *asked = true;
        }
        rc = ssh_userauth_kbdint(m_session, nullptr, nullptr);
    }
    if (rc == SSH_AUTH_ERROR)
        return Expected<AuthOutcome>::failure(sessionError());
    return rc == SSH_AUTH_SUCCESS ? AuthOutcome::Accepted : AuthOutcome::Denied;
}

Expected<SshSession::AuthOutcome> SshSession::authPassword(const SecretPrompt &password)
{
    using Result = Expected<AuthOutcome>;
    if (!offersPassword() && !offersKeyboardInteractive())
        return AuthOutcome::Denied;
    for (int attempt = 0; attempt < 3; ++attempt) {
        std::optional<QByteArray> secret = password(attempt > 0);
        if (!secret)
            return attempt > 0 ? AuthOutcome::Denied : AuthOutcome::Declined;
        Result outcome = AuthOutcome::Denied;
        if (offersPassword()) {
            const int rc = ssh_userauth_password(m_session, nullptr, secret->constData());
            if (rc == SSH_AUTH_ERROR)
                outcome = Result::failure(sessionError());
            else
                outcome = rc == SSH_AUTH_SUCCESS ? AuthOutcome::Accepted : AuthOutcome::Denied;
        } else {
            bool asked = false;
            outcome = authKeyboardInteractive(*secret, &asked);
        }
        secret->fill('\0');
        if (!outcome || *outcome == AuthOutcome::Accepted)
            return outcome;
        // Denied: refresh the list (a server may drop methods after failures) and ask again.
        m_methods = ssh_userauth_list(m_session, nullptr);
        if (!offersPassword() && !offersKeyboardInteractive())
            break;
    }
    return AuthOutcome::Denied;
}

Expected<SshSession::CommandResult> SshSession::run(const QString &command, const QByteArray &input,
                                                    int timeoutMs, bool cancellable)
{
    using Result = Expected<CommandResult>;
    ssh_channel channel = ssh_channel_new(m_session);
    if (!channel)
        return Result::failure(sessionError());
    auto fail = [&](const QString &message) {
        ssh_channel_close(channel);
        ssh_channel_free(channel);
        return Result::failure(message);
    };
    if (ssh_channel_open_session(channel) != SSH_OK)
        return fail(tr("cannot open a session channel: %1").arg(sessionError()));
    if (ssh_channel_request_exec(channel, command.toUtf8().constData()) != SSH_OK)
        return fail(tr("the server refused to run a command: %1").arg(sessionError()));
    for (qsizetype written = 0; written < input.size();) {
        const int n =
            ssh_channel_write(channel, input.constData() + written, uint32_t(input.size() - written));
        if (n < 0)
            return fail(tr("cannot send input to the command: %1").arg(sessionError()));
        written += n;
    }
    ssh_channel_send_eof(channel);

    CommandResult result;
    QElapsedTimer elapsed;
    elapsed.start();
    char buffer[16384];
    auto drain = [&]() -> int {
        int total = 0;
        for (int stream = 0; stream < 2; ++stream) {
            const int n = ssh_channel_read_nonblocking(channel, buffer, sizeof buffer, stream);
            if (n == SSH_ERROR)
                return -1;
            if (n > 0) {
                (stream ? result.err : result.out).append(buffer, n);
                total += n;
            }
        }
        return total;
    };
    for (;;) {
        const int n = drain();
        if (n < 0)
            return fail(tr("the connection failed while the command ran: %1").arg(sessionError()));
        if (n > 0)
            continue;
        if (ssh_channel_is_eof(channel) || ssh_channel_is_closed(channel))
            break;
        if (cancellable && cancelled())
            return fail(tr("cancelled"));
        if (elapsed.elapsed() > timeoutMs)
            return fail(tr("the command did not finish within %n second(s)", nullptr, timeoutMs / 1000));
        ssh_channel_poll_timeout(channel, 100, 0);
    }
    while (drain() > 0) {
    }
    result.exitStatus = ssh_channel_get_exit_status(channel);
    ssh_channel_close(channel);
    ssh_channel_free(channel);
    return result;
}

Status SshSession::ensureSftp()
{
    if (m_sftp)
        return {};
    m_sftp = sftp_new(m_session);
    if (!m_sftp)
        return Status::failure(tr("cannot open an SFTP session: %1").arg(sessionError()));
    if (sftp_init(m_sftp) != SSH_OK) {
        const QString message = sftpError(tr("the server's SFTP subsystem did not start"));
        sftp_free(m_sftp);
        m_sftp = nullptr;
        return Status::failure(message);
    }
    return {};
}

Status SshSession::upload(const QString &localPath, const QString &remotePath, int mode,
                          const Progress &progress)
{
    QFile in(localPath);
    if (!in.open(QIODevice::ReadOnly))
        return Status::failure(tr("cannot read %1: %2").arg(localPath, in.errorString()));
    if (auto s = ensureSftp(); !s)
        return s;
    const QByteArray remote = remotePath.toUtf8();
    sftp_file file = sftp_open(m_sftp, remote.constData(), O_WRONLY | O_CREAT | O_TRUNC, mode_t(mode));
    if (!file)
        return Status::failure(sftpError(tr("cannot create %1").arg(remotePath)));
    const qint64 total = in.size();
    qint64 done = 0;
    QByteArray chunk(kChunk, Qt::Uninitialized);
    QString failure;
    while (!in.atEnd()) {
        if (cancelled()) {
            failure = tr("cancelled");
            break;
        }
        const qint64 n = in.read(chunk.data(), chunk.size());
        if (n < 0) {
            failure = tr("cannot read %1: %2").arg(localPath, in.errorString());
            break;
        }
        if (sftp_write(file, chunk.constData(), size_t(n)) != n) {
            failure = sftpError(tr("cannot write %1").arg(remotePath));
            break;
        }
        done += n;
        if (progress)
            progress(done, total);
    }
    if (sftp_close(file) != SSH_NO_ERROR && failure.isEmpty())
        failure = sftpError(tr("cannot finish writing %1").arg(remotePath));
    if (failure.isEmpty() && sftp_chmod(m_sftp, remote.constData(), mode_t(mode)) != SSH_OK)
        failure = sftpError(tr("cannot set the mode of %1").arg(remotePath));
    if (!failure.isEmpty()) {
        sftp_unlink(m_sftp, remote.constData()); // no partial file stays behind
        return Status::failure(failure);
    }
    return {};
}

Status SshSession::writeFile(const QString &remotePath, const QByteArray &data, int mode)
{
    if (auto s = ensureSftp(); !s)
        return s;
    const QByteArray remote = remotePath.toUtf8();
    sftp_file file = sftp_open(m_sftp, remote.constData(), O_WRONLY | O_CREAT | O_TRUNC, mode_t(mode));
    if (!file)
        return Status::failure(sftpError(tr("cannot create %1").arg(remotePath)));
    QString failure;
    for (qsizetype written = 0; written < data.size() && failure.isEmpty();) {
        const qsizetype n = qMin(kChunk, data.size() - written);
        if (sftp_write(file, data.constData() + written, size_t(n)) != n)
            failure = sftpError(tr("cannot write %1").arg(remotePath));
        written += n;
    }
    if (sftp_close(file) != SSH_NO_ERROR && failure.isEmpty())
        failure = sftpError(tr("cannot finish writing %1").arg(remotePath));
    if (failure.isEmpty() && sftp_chmod(m_sftp, remote.constData(), mode_t(mode)) != SSH_OK)
        failure = sftpError(tr("cannot set the mode of %1").arg(remotePath));
    if (!failure.isEmpty()) {
        sftp_unlink(m_sftp, remote.constData());
        return Status::failure(failure);
    }
    return {};
}

Expected<std::optional<QByteArray>> SshSession::readFile(const QString &remotePath)
{
    using Result = Expected<std::optional<QByteArray>>;
    if (auto s = ensureSftp(); !s)
        return Result::failure(s.error());
    sftp_file file = sftp_open(m_sftp, remotePath.toUtf8().constData(), O_RDONLY, 0);
    if (!file) {
        if (sftp_get_error(m_sftp) == SSH_FX_NO_SUCH_FILE)
            return std::optional<QByteArray>();
        return Result::failure(sftpError(tr("cannot open %1").arg(remotePath)));
    }
    QByteArray data;
    char buffer[16384];
    for (;;) {
        const ssize_t n = sftp_read(file, buffer, sizeof buffer);
        if (n < 0) {
            sftp_close(file);
            return Result::failure(sftpError(tr("cannot read %1").arg(remotePath)));
        }
        if (n == 0)
            break;
        data.append(buffer, n);
        if (data.size() > 16 * 1024 * 1024) {
            sftp_close(file);
            return Result::failure(tr("%1 is too large").arg(remotePath));
        }
    }
    sftp_close(file);
    return std::optional<QByteArray>(data);
}

Status SshSession::removeFile(const QString &remotePath)
{
    if (auto s = ensureSftp(); !s)
        return s;
    if (sftp_unlink(m_sftp, remotePath.toUtf8().constData()) != SSH_OK &&
        sftp_get_error(m_sftp) != SSH_FX_NO_SUCH_FILE)
        return Status::failure(sftpError(tr("cannot remove %1").arg(remotePath)));
    return {};
}

Status SshSession::rename(const QString &from, const QString &to)
{
    // `mv -f` replaces an existing file atomically on one file system; plain SFTP
    // rename refuses an existing target on servers without posix-rename.
    auto quote = [](QString s) -> QString {
        return QLatin1Char('\'') + s.replace(QLatin1Char('\''), QStringLiteral("'\\''")) + QLatin1Char('\'');
    };
    auto r = run(QStringLiteral("mv -f -- %1 %2").arg(quote(from), quote(to)), {}, 30000, false);
    if (!r)
        return Status::failure(r.error());
    if (!r->ok())
        return Status::failure(tr("cannot rename %1 to %2: %3").arg(from, to, r->errorText()));
    return {};
}
