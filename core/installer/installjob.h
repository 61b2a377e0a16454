#pragma once

#include <QCoreApplication>

#include "identity.h"
#include "installtypes.h"
#include "sshsession.h"

#include <QHash>
#include <QList>
#include <QStringList>

#include <atomic>
#include <functional>
#include <optional>

/// The steps of one install, upgrade, uninstall, restart or status check on one
/// machine, run from start to end on a worker thread (AgentInstaller owns that
/// thread and turns the hooks into signals). Every failure names its step and
/// carries the remote error text; a cancel stops between chunks and steps and
/// removes what was uploaded but not yet put in place.
class InstallJob
{
    Q_DECLARE_TR_FUNCTIONS(InstallJob)
    Q_DISABLE_COPY_MOVE(InstallJob)

public:
    struct Hooks
    {
        std::function<void(InstallStep step, int index, int count)> stepStarted;
        std::function<void(qint64 done, qint64 total)> uploadProgress;
        std::function<void(const QString &text)> note;
        /// Blocks until answered; nullopt when declined or cancelled. A host key is accepted by any value.
        std::function<std::optional<QString>(const InstallQuestion &question)> ask;
    };

    InstallJob(InstallRequest request, Identity controller, Hooks hooks, const std::atomic_bool &cancelled);
    ~InstallJob();

    InstallResult run();

private:
    enum class Mode { Unknown, User, Package };

    // The steps; each returns false after fail() or when cancelled.
    bool connect();
    bool checkHostKey();
    bool signIn();
    bool inspect();
    bool upload();
    bool checkLibraries();
    bool installFiles();
    bool installPackage();
    bool trust();
    bool autostart();
    bool startAgent();
    bool verify(bool required);
    bool stop();
    bool remove();

    void plan();
    void begin(InstallStep step);
    bool fail(const QString &message);
    bool cancelled() const { return m_cancelled.load(); }
    void note(const QString &text);

    /// Runs a script from :/installer; fails the step (with its stderr) when it exits non-zero.
    std::optional<SshSession::CommandResult> script(const QString &name, const QList<std::pair<QString, QString>> &variables = {},
                                                    const QStringList &arguments = {}, int timeoutMs = 120000,
                                                    bool cancellable = true);
    /// key=value lines; repeated keys collect in order.
    static QHash<QString, QStringList> parse(const QByteArray &output);
    std::optional<QByteArray> askSecret(InstallQuestion::Kind kind, bool retry);
    bool ensureSudo();
    QList<std::pair<QString, QString>> sudoVariables() const;
    QStringList agentArguments(bool forSystemService) const;
    QString agentExec(bool forUnit) const;
    Status writeManifest();
    /// Writes a remote file under a temporary name and renames it into place.
    Status putFile(const QString &path, const QByteArray &data, int mode);
    QByteArray mergedTrustList(const std::optional<QByteArray> &existing) const;
    void cleanupUploads();
    static QString elfArchitecture(const QString &path);

    InstallRequest m_request;
    Identity m_identity;
    Hooks m_hooks;
    const std::atomic_bool &m_cancelled;
    SshSession m_ssh;
    InstallResult m_result;
    QList<InstallStep> m_plan;
    InstallStep m_step = InstallStep::Connect;
    Mode m_mode = Mode::Unknown;
    QHash<QString, QStringList> m_facts; ///< what inspect.sh said
    QString m_home;
    QByteArray m_sudoPassword;
    int m_secretOffered = 0; ///< bits of InstallQuestion::Kind the up-front secret was tried for
    QString m_expectedFingerprint;

    // Per-user install state.
    struct Upload
    {
        QString local;
        QString temporary;
        QString final;
    };
    QList<Upload> m_uploads;
    QStringList m_createdDirs;  ///< this run's, removed again on cancel before activation
    QStringList m_manifestFiles;
    QStringList m_manifestDirs; ///< from an earlier install plus this run's
    QString m_linger;
    bool m_activated = false;
    QString m_uploadDir; ///< package mode: a private directory in ~/.cache
    QStringList m_cacheDirs; ///< package mode: directories made for it
};
