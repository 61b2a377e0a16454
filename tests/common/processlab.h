#pragma once

#include <memory>
#include <QProcess>
#include <QProcessEnvironment>
#include <QSet>
#include <QStringList>
#include <QTemporaryDir>
#include <vector>

/// A lab of real hamgam-agent processes on loopback, for end-to-end tests,
/// plus a hamgamctl that trusts them. Private directories and ports; every
/// process is killed when the lab goes away.
class ProcessLab
{
public:
    struct Agent
    {
        std::unique_ptr<QProcess> process;
        QString configDir;
        QString nodeId;
        quint16 port = 0;
        QString name;
    };

    ProcessLab();
    ~ProcessLab();

    /// Starts `count` agents and pins them in the controller profile. Returns false (with a reason) if one
    /// does not start.
    bool start(int count, QString *error, const QStringList &extraAgentArgs = {});
    Agent &agent(int i) { return m_agents[i]; }
    int agentCount() const { return int(m_agents.size()); }
    bool restartAgent(int i, QString *error);

    /// Runs hamgamctl with the lab's profile and discovery settings; returns its exit code.
    int ctl(const QStringList &args, QByteArray *out = nullptr, QByteArray *err = nullptr,
            int timeoutMs = 120000);
    /// Starts hamgamctl without waiting.
    std::unique_ptr<QProcess> startCtl(const QStringList &args);
    QStringList ctlArgs(const QStringList &args) const;

    QString path(const QString &name) const { return m_dir.filePath(name); }
    QString historyPath() const { return m_dir.filePath(QStringLiteral("history.sqlite")); }
    QProcessEnvironment environment() const { return m_env; }
    quint16 discoveryPort() const { return m_discoveryPort; }
    /// Step events journaled by every agent for a run (what the workers printed).
    int journaledEvents(const QString &runId, const QString &kind) const;
    /// Distinct (rank, step) pairs of the step events one agent journaled for a run id as the agent
    /// knows it (an elastic attempt's is "<run>-aN"); a line torn by a killed agent is skipped.
    QSet<QPair<int, qint64>> journaledSteps(int agent, const QString &agentRunId) const;
    /// PIDs of the workers on one agent (of one run, when given), from /proc.
    QList<qint64> workerPids(int agent, const QString &runId = {}) const;

    static QString binary(const QString &name);

private:
    bool startAgent(Agent &agent, QString *error);

    QTemporaryDir m_dir;
    QProcessEnvironment m_env;
    quint16 m_discoveryPort;
    QString m_controllerFingerprint;
    QStringList m_extraAgentArgs;
    std::vector<Agent> m_agents;
};
