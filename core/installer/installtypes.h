#pragma once

#include "expected.h"
#include "protocol.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QMetaType>
#include <QString>
#include <QStringList>

/// What the SSH installer does on one machine, and how it reaches it.
struct InstallRequest
{
    enum class Action
    {
        Install,
        Upgrade,
        Uninstall,
        Restart,
        Status
    };
    enum class Mode
    {
        Auto,    ///< install: per-user; the other actions: whatever is installed
        User,    ///< binaries under ~/.local, a systemd user unit or a crontab @reboot entry
        Package, ///< the hamgam-agent .deb through sudo apt-get, the system service
    };

    Action action = Action::Install;
    Mode mode = Mode::Auto;
    QString host;
    quint16 sshPort = 0;    ///< 0: from ~/.ssh/config, else 22
    QString user;           ///< empty: from ~/.ssh/config, else the local user name
    QString identityFile;   ///< empty: ssh-agent, then ~/.ssh/id_ed25519, id_ecdsa, id_rsa
    QString knownHostsFile; ///< empty: ~/.ssh/known_hosts
    bool readSshConfig = true;
    QByteArray secret; ///< offered first for a passphrase, password or sudo (hamgamctl --password-stdin)
    quint16 agentPort = Protocol::kDefaultControlPort;
    QStringList agentArguments; ///< more hamgam-agent options for the installed service
    bool start = true;          ///< install/upgrade: start the agent and wait until it answers
    bool keepConfig = false;    ///< uninstall: keep the agent's key, node id and trust list
    QString agentBinary;        ///< per-user mode: the hamgam-agent uploaded
    QString workerBinary;       ///< per-user mode: hamgam-worker, optional
    QString packageFile;        ///< package mode: hamgam-agent_VERSION_ARCH.deb
    int connectTimeoutSeconds = 15;
    int answerTimeoutMs = 30000; ///< how long the started agent may take to answer on its control port

    /// This request for one machine written as users type it: "[user@]host[:ssh-port]" ("[v6]:port" too).
    static Expected<InstallRequest> forTarget(const InstallRequest &base, const QString &target);
    /// Machines separated by spaces, commas or new lines.
    static QStringList splitTargets(const QString &text);
};

/// A question the installer needs answered before it can go on (the app shows a
/// dialog, hamgamctl asks on the terminal). Secrets are never stored.
struct InstallQuestion
{
    enum class Kind
    {
        HostKey,
        Passphrase,
        Password,
        SudoPassword
    };
    Kind kind = Kind::HostKey;
    QString host;
    QString text;        ///< the whole question, translated
    QString keyType;     ///< HostKey
    QString fingerprint; ///< HostKey: "SHA256:..."
    bool retry = false;  ///< the previous answer was wrong
};

/// The steps, in the order they can run; each action runs a subset.
enum class InstallStep
{
    Connect,
    HostKey,
    SignIn,
    Inspect,
    Upload,
    Libraries,
    InstallFiles,
    InstallPackage,
    Trust,
    Autostart,
    Start,
    Verify,
    Stop,
    Remove,
};

/// How one machine's job ended, with everything the result table shows.
struct InstallResult
{
    enum class Outcome
    {
        Succeeded,
        Failed,
        Refused,
        Cancelled
    };

    Outcome outcome = Outcome::Failed;
    InstallStep failedStep = InstallStep::Connect;
    QString error;     ///< "Step: what went wrong", with the remote error text
    QStringList notes; ///< things said plainly along the way (crontab fallback, no linger, ...)
    QString host;      ///< as connected to (after ~/.ssh/config)
    quint16 agentPort = 0;
    QString mode; ///< "user" or "package"; empty when nothing is installed
    QString arch;
    QString os;
    QString previousVersion;
    QString agentVersion;
    QString nodeId;
    QString fingerprint; ///< the agent's, read over SSH and matched on its control port
    QString autostart;   ///< "systemd-user", "crontab", "systemd", "none"
    bool installed = false;
    bool running = false;
    bool answering = false;

    bool ok() const { return outcome == Outcome::Succeeded; }
};

/// Translated names of actions, steps and outcomes.
class InstallText
{
    Q_DECLARE_TR_FUNCTIONS(InstallText)

public:
    static QString action(InstallRequest::Action action);
    /// The untranslated command-line word: install, upgrade, uninstall, restart, status.
    static QString actionKey(InstallRequest::Action action);
    static QString step(InstallStep step);
    static QString outcome(InstallResult::Outcome outcome);
    static QString mode(const QString &modeKey);
    static QString autostart(const QString &autostartKey);
};

Q_DECLARE_METATYPE(InstallQuestion)
Q_DECLARE_METATYPE(InstallResult)
Q_DECLARE_METATYPE(InstallStep)
