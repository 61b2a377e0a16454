#pragma once

#include <memory>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QVector>
#include <vector>

/// Starts hamgam-worker processes on 127.0.0.1 for a test, one per rank,
/// numbered node by node, each with its events (stdout) and log (stderr) in
/// files of a private directory; waits with a bound and kills what is left.
class WorkerCluster
{
public:
    explicit WorkerCluster(QString directory);
    ~WorkerCluster();
    WorkerCluster(const WorkerCluster &) = delete;
    WorkerCluster &operator=(const WorkerCluster &) = delete;

    static QString workerPath();
    /// The LibTorch the worker was built with as major·100 + minor (206 for
    /// 2.6), from its --version; -1 when it cannot say.
    static int libTorchVersion();
    static quint16 freePort();
    /// Writes a fresh rendezvous key (64 hexadecimal digits) to `path`, mode 0600, as the agent does; false
    /// on failure.
    static bool writeKeyFile(const QString &path);
    /// A config's "nodes": `ranks` devices on each node, and a manual batch
    /// for each unless `batches` is empty.
    static QJsonArray nodesJson(const QList<int> &ranks, const QList<int> &batches = {});

    /// nodes: ranks per node. Every rank dumps its parameters unless dump is false.
    void start(const QJsonObject &config, const QList<int> &nodes, const QStringList &extraArgs = {},
               bool dump = true);
    /// True when every process has exited within the time.
    bool waitFinished(int timeoutMs);
    /// True when `rank` has written at least `count` events of `kind`.
    bool waitForEvents(int rank, const QString &kind, int count, int timeoutMs);
    void kill(int rank);
    /// Writes one command line to a worker's stdin.
    void sendCommand(int rank, const QByteArray &line);
    void stopSignal(int rank, int signal);

    int size() const { return static_cast<int>(m_processes.size()); }
    /// The master's port of the latest start (rank 0 serves the rendezvous there).
    quint16 masterPort() const { return m_port; }
    /// The key file its workers were given.
    QString keyFile() const { return m_keyFile; }
    qint64 pid(int rank) const;
    int exitCode(int rank) const;
    QList<int> exitCodes() const;
    QList<QJsonObject> events(int rank, const QString &kind = {}) const;
    QVector<float> parameters(int rank) const;
    QString log(int rank) const;
    /// A one-line summary of every rank's exit code and last event, for failure messages.
    QByteArray summary() const;

private:
    QString m_dir;
    QString m_tag;
    quint16 m_port = 0;
    QString m_keyFile;
    std::vector<std::unique_ptr<QProcess>> m_processes;
};

/// max |a − b|, or +inf when sizes differ or either is empty.
double maxAbsDiff(const QVector<float> &a, const QVector<float> &b);

/// The run the equivalence tests compare: `model` trained by `optimizer` on 200
/// synthetic 8x8 samples, 20 steps, seed 7, a cosine schedule with warm-up,
/// gradient clipping, and buckets small enough for several all-reduces a step.
QJsonObject equivalenceConfig(const QString &strategy, const QJsonObject &model, const QJsonObject &optimizer,
                              int globalBatch);

/// The same run in one process with the whole batch (strategy dp, no nodes),
/// run once per distinct config and kept: what every split must reproduce.
class ReferenceRuns
{
public:
    explicit ReferenceRuns(QString directory)
        : m_dir(std::move(directory))
    {}
    /// The reference's final parameters; empty when its run failed.
    QVector<float> parameters(const QJsonObject &config);

private:
    QString m_dir;
    QMap<QByteArray, QVector<float>> m_runs;
};
