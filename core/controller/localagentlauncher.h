#pragma once

#include <functional>
#include <QObject>
#include <QStringList>
#include <QTimer>

/// The embedded default: makes sure an agent runs on this computer. If one
/// already answers on the loopback control port it is used; otherwise
/// hamgam-agent is started detached (so a run survives the app closing) on
/// loopback, trusting this controller, and exits by itself once no controller
/// has been connected for a while. Its certificate is read from its config
/// directory, so the app can pin it without asking.
class LocalAgentLauncher final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LocalAgentLauncher)

public:
    struct Options
    {
        QString agentProgram;
        QString configDir;
        quint16 port = 0;
        quint16 discoveryPort = 0;
        QString discoveryTargets; ///< for the agent's beacons; empty: loopback
        int idleExitSeconds = 120;
        QString controllerFingerprint;
        QString name;
        double telemetryHz = 1.0;
    };
    /// Starts a detached process; returns false on failure (seam for tests).
    using Starter = std::function<bool(const QString &program, const QStringList &arguments)>;

    explicit LocalAgentLauncher(Options options, QObject *parent = nullptr);
    void setStarter(Starter starter) { m_starter = std::move(starter); }

    void ensureRunning();
    QStringList arguments() const;

Q_SIGNALS:
    /// nodeId and fingerprint are empty when the agent found is not one this app started.
    void ready(const QString &host, quint16 port, const QString &nodeId, const QString &fingerprint);
    void failed(const QString &message);

private:
    void probe(std::function<void(bool listening)> done);
    void waitForStart();
    bool readIdentity(QString *nodeId, QString *fingerprint) const;

    Options m_options;
    Starter m_starter;
    QTimer m_poll;
    int m_attempts = 0;
};
