#pragma once

#include "identity.h"
#include "installtypes.h"

#include <atomic>
#include <optional>
#include <QMutex>
#include <QObject>
#include <QWaitCondition>

class FingerprintStore;
class QThread;

/// Installs, upgrades, removes, restarts or checks the Hamgam agent on one
/// machine over SSH (libssh), on a worker thread so a window never blocks. Its
/// signals arrive in the thread that created it. Questions (host key, passphrase,
/// password, sudo) come as questionAsked() and wait for answer(); cancel() stops
/// the job at the next chunk or step. When an install or upgrade succeeds, the
/// agent's fingerprint (read over SSH and matched on its control port) is pinned
/// in `pins`, so no trust prompt follows; an uninstall removes the pin.
class AgentInstaller final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AgentInstaller)

public:
    AgentInstaller(InstallRequest request, const Identity &controller, FingerprintStore *pins,
                   QObject *parent = nullptr);
    ~AgentInstaller() override;

    const InstallRequest &request() const { return m_request; }
    bool isRunning() const { return m_thread != nullptr && !m_finished; }
    bool isFinished() const { return m_finished; }
    /// Valid once finished() was emitted.
    const InstallResult &result() const { return m_result; }

    void start();
    /// Thread-safe; the job ends with Outcome::Cancelled (or already finished).
    void cancel();
    /// Answers the pending question: for a host key any value accepts it, nullopt refuses; for a secret, the
    /// secret.
    void answer(const std::optional<QString> &reply);

    /// hamgam-agent, hamgam-worker and the hamgam-agent .deb next to this program (build tree or /usr/bin).
    static QString defaultAgentBinary();
    static QString defaultWorkerBinary();
    static QString defaultPackageFile();

Q_SIGNALS:
    void stepStarted(InstallStep step, int index, int count);
    void uploadProgress(qint64 done, qint64 total);
    void noteAdded(const QString &text);
    void questionAsked(const InstallQuestion &question);
    void finished(const InstallResult &result);

private:
    std::optional<QString> ask(const InstallQuestion &question);
    void onThreadFinished();

    InstallRequest m_request;
    Identity m_identity;
    FingerprintStore *m_pins;
    QThread *m_thread = nullptr;
    std::atomic_bool m_cancelled{false};
    InstallResult m_result;
    InstallResult m_jobResult; ///< written by the worker thread before it ends
    bool m_finished = false;

    QMutex m_mutex;
    QWaitCondition m_answered;
    bool m_waiting = false;
    bool m_hasAnswer = false;
    std::optional<QString> m_answer;
};
