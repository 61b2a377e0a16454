#pragma once

#include "identity.h"
#include "installsteps.h"
#include "installtypes.h"
#include "sshsession.h"

#include <atomic>
#include <functional>
#include <optional>
#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QStringList>

/// What the steps of one job share, on the job's thread: the request, the SSH
/// session, what Inspect found, the result so far, what this run put on the
/// machine, and the helpers every step uses (failing a step, notes, remote
/// scripts, sudo, files). The steps read and write its fields directly.
class InstallContext final
{
    // The installer's messages keep the catalogue context they were translated in.
    Q_DECLARE_TR_FUNCTIONS(InstallJob)
    Q_DISABLE_COPY_MOVE(InstallContext)

public:
    struct Hooks
    {
        std::function<void(InstallStep step, int index, int count)> stepStarted;
        std::function<void(qint64 done, qint64 total)> uploadProgress;
        std::function<void(const QString &text)> note;
        /// Blocks until answered; nullopt when declined or cancelled. A host key is accepted by any value.
        std::function<std::optional<QString>(const InstallQuestion &question)> ask;
    };
    /// A file uploaded under a temporary name next to where it goes.
    struct Upload
    {
        QString local;
        QString temporary;
        QString final;
    };

    InstallContext(InstallRequest request, Identity controller, Hooks hooks,
                   const std::atomic_bool &cancelled);
    ~InstallContext();

    bool cancelled() const { return m_cancelled.load(); }
    /// Ends the current step: Failed (or Cancelled, or the Refused already set), its name before the message.
    bool fail(const QString &message);
    void note(const QString &text);

    /// Runs a script from :/installer; fails the step (with its stderr) when it exits non-zero.
    std::optional<SshSession::CommandResult> script(const QString &name,
                                                    const QList<std::pair<QString, QString>> &variables = {},
                                                    const QStringList &arguments = {}, int timeoutMs = 120000,
                                                    bool cancellable = true);
    /// key=value lines; repeated keys collect in order.
    static QHash<QString, QStringList> parse(const QByteArray &output);
    /// The last value of `key`, or empty.
    static QString fact(const QHash<QString, QStringList> &facts, const QString &key);
    QString fact(const QString &key) const { return fact(facts, key); }
    bool isYes(const QString &key) const { return fact(key) == QLatin1String("yes"); }
    std::optional<QByteArray> askSecret(InstallQuestion::Kind kind, bool retry);
    /// Root, password-less sudo, or a sudo password checked on the machine.
    bool ensureSudo();
    QList<std::pair<QString, QString>> sudoVariables() const;
    /// The agent options the installed agent runs with (the port is left out for the system service's
    /// default).
    QStringList agentArguments(bool forSystemService) const;
    /// Writes a remote file under a temporary name and renames it into place.
    Status putFile(const QString &path, const QByteArray &data, int mode);
    /// `existing` with this controller's entry (again) at the end; empty when `existing` is not a trust list.
    QByteArray mergedTrustList(const std::optional<QByteArray> &existing) const;
    static QString randomSuffix();

    InstallRequest request;
    const Identity identity;
    const Hooks hooks;
    SshSession ssh;
    InstallResult result;
    InstallStep step = InstallStep::Connect;
    InstallSteps::Mode mode = InstallSteps::Mode::Unknown;
    QHash<QString, QStringList> facts; ///< what inspect.sh said
    QString home;
    QByteArray sudoPassword;
    int secretOffered = 0; ///< bits of InstallQuestion::Kind the up-front secret was tried for
    QString expectedFingerprint;

    QList<Upload> uploads;
    bool activated = false; ///< the uploads are in place: a failure no longer removes them
    // Per-user mode.
    QStringList createdDirs; ///< this run's, removed again on cancel before activation
    QStringList manifestFiles;
    QStringList manifestDirs; ///< from an earlier install plus this run's
    QString linger;
    // Package mode.
    QString uploadDir;     ///< a private directory in ~/.cache
    QStringList cacheDirs; ///< directories made for it

private:
    const std::atomic_bool &m_cancelled;
};
