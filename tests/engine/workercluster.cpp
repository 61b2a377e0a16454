#include "workercluster.h"

#include "rendezvousport.h"

#include <cmath>
#include <csignal>
#include <cstring>
#include <limits>
#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QThread>

WorkerCluster::WorkerCluster(QString directory)
    : m_dir(std::move(directory))
{}

WorkerCluster::~WorkerCluster()
{
    for (auto &p : m_processes) {
        if (p->state() != QProcess::NotRunning) {
            p->kill();
            p->waitForFinished(5000);
        }
    }
}

QString WorkerCluster::workerPath()
{
    // HAMGAM_TEST_WORKER: the same tests against another build of the worker (an older one, a sanitized one).
    const QString other = qEnvironmentVariable("HAMGAM_TEST_WORKER");
    return other.isEmpty() ? QStringLiteral(HAMGAM_BIN_DIR "/hamgam-worker") : other;
}

int WorkerCluster::libTorchVersion()
{
    QProcess p;
    p.start(workerPath(), {QStringLiteral("--version")});
    if (!p.waitForFinished(10000))
        return -1;
    const QString text = QString::fromUtf8(p.readAllStandardOutput());
    const qsizetype at = text.indexOf(QLatin1String("LibTorch "));
    if (at < 0)
        return -1;
    const QString version = text.mid(at + 9).section(QLatin1Char(' '), 0, 0);
    return version.section(QLatin1Char('.'), 0, 0).toInt() * 100 +
           version.section(QLatin1Char('.'), 1, 1).toInt();
}

quint16 WorkerCluster::freePort()
{
    return RendezvousPort::pick(QHostAddress::LocalHost);
}

bool WorkerCluster::writeKeyFile(const QString &path)
{
    QByteArray secret(32, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(secret.data()), secret.size() / 4);
    QFile::remove(path);
    QFile f(path);
    // Private before anything is in it.
    if (!f.open(QIODevice::WriteOnly) || !f.setPermissions(QFile::ReadOwner | QFile::WriteOwner))
        return false;
    return f.write(secret.toHex() + '\n') == 65;
}

QJsonArray WorkerCluster::nodesJson(const QList<int> &ranks, const QList<int> &batches)
{
    QJsonArray list;
    for (int n = 0; n < ranks.size(); ++n) {
        QJsonArray devices;
        for (int d = 0; d < ranks[n]; ++d)
            devices.append(d);
        QJsonObject node{{QStringLiteral("devices"), devices}};
        if (!batches.isEmpty())
            node.insert(QStringLiteral("batch"), batches[n]);
        list.append(node);
    }
    return list;
}

void WorkerCluster::start(const QJsonObject &config, const QList<int> &nodes, const QStringList &extraArgs,
                          bool dump)
{
    static int runs = 0;
    m_tag = QStringLiteral("run%1").arg(++runs);
    m_processes.clear();
    const QString configPath = m_dir + QLatin1Char('/') + m_tag + QStringLiteral(".json");
    QFile f(configPath);
    f.open(QIODevice::WriteOnly);
    f.write(QJsonDocument(config).toJson(QJsonDocument::Compact));
    f.close();
    int world = 0;
    for (int n : nodes)
        world += n;
    const quint16 port = freePort();
    m_port = port;
    // One secret per run, as the agent hands its workers.
    m_keyFile = m_dir + QLatin1Char('/') + m_tag + QStringLiteral(".key");
    if (!writeKeyFile(m_keyFile))
        qWarning("cannot write %s", qPrintable(m_keyFile));
    int rank = 0;
    for (int node = 0; node < nodes.size(); ++node) {
        for (int local = 0; local < nodes[node]; ++local, ++rank) {
            auto p = std::make_unique<QProcess>();
            const QString base = m_dir + QLatin1Char('/') + m_tag + QStringLiteral(".r%1").arg(rank);
            p->setStandardOutputFile(base + QStringLiteral(".out"));
            p->setStandardErrorFile(base + QStringLiteral(".err"));
            QStringList args{QStringLiteral("--config"),
                             configPath,
                             QStringLiteral("--rank"),
                             QString::number(rank),
                             QStringLiteral("--world-size"),
                             QString::number(world),
                             QStringLiteral("--local-rank"),
                             QString::number(local),
                             QStringLiteral("--local-world-size"),
                             QString::number(nodes[node]),
                             QStringLiteral("--node-index"),
                             QString::number(node),
                             QStringLiteral("--master"),
                             QStringLiteral("127.0.0.1:%1").arg(port),
                             QStringLiteral("--rendezvous-key-file"),
                             m_keyFile,
                             QStringLiteral("--threads"),
                             QStringLiteral("1")};
            if (dump)
                args << QStringLiteral("--dump-params") << base + QStringLiteral(".params");
            args << extraArgs;
            p->start(workerPath(), args);
            m_processes.push_back(std::move(p));
        }
    }
}

bool WorkerCluster::waitFinished(int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    for (auto &p : m_processes) {
        if (p->state() == QProcess::NotRunning)
            continue;
        if (!p->waitForFinished(static_cast<int>(std::max<qint64>(1, deadline.remainingTime()))))
            return false;
    }
    return true;
}

bool WorkerCluster::waitForEvents(int rank, const QString &kind, int count, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired()) {
        if (events(rank, kind).size() >= count)
            return true;
        if (m_processes[static_cast<size_t>(rank)]->state() == QProcess::NotRunning)
            return events(rank, kind).size() >= count;
        QThread::msleep(20);
    }
    return false;
}

void WorkerCluster::kill(int rank)
{
    m_processes[static_cast<size_t>(rank)]->kill();
}

void WorkerCluster::sendCommand(int rank, const QByteArray &line)
{
    auto &p = m_processes[static_cast<size_t>(rank)];
    p->write(line + '\n');
    p->waitForBytesWritten(1000);
}

void WorkerCluster::stopSignal(int rank, int signal)
{
    ::kill(static_cast<pid_t>(m_processes[static_cast<size_t>(rank)]->processId()), signal);
}

qint64 WorkerCluster::pid(int rank) const
{
    return m_processes[static_cast<size_t>(rank)]->processId();
}

int WorkerCluster::exitCode(int rank) const
{
    const auto &p = m_processes[static_cast<size_t>(rank)];
    if (p->state() != QProcess::NotRunning)
        return -1000;
    return p->exitStatus() == QProcess::NormalExit ? p->exitCode() : -p->exitCode();
}

QList<int> WorkerCluster::exitCodes() const
{
    QList<int> codes;
    for (int r = 0; r < size(); ++r)
        codes << exitCode(r);
    return codes;
}

QList<QJsonObject> WorkerCluster::events(int rank, const QString &kind) const
{
    QFile f(m_dir + QLatin1Char('/') + m_tag + QStringLiteral(".r%1.out").arg(rank));
    QList<QJsonObject> out;
    if (!f.open(QIODevice::ReadOnly))
        return out;
    const QByteArray all = f.readAll();
    for (const QByteArray &line : all.split('\n')) {
        if (line.isEmpty())
            continue;
        const QJsonObject e = QJsonDocument::fromJson(line).object();
        if (kind.isEmpty() || e.value(QStringLiteral("event")).toString() == kind)
            out << e;
    }
    return out;
}

QVector<float> WorkerCluster::parameters(int rank) const
{
    QFile f(m_dir + QLatin1Char('/') + m_tag + QStringLiteral(".r%1.params").arg(rank));
    QVector<float> v;
    if (!f.open(QIODevice::ReadOnly))
        return v;
    const QByteArray bytes = f.readAll();
    v.resize(bytes.size() / static_cast<qsizetype>(sizeof(float)));
    std::memcpy(v.data(), bytes.constData(), static_cast<size_t>(v.size()) * sizeof(float));
    return v;
}

QString WorkerCluster::log(int rank) const
{
    QFile f(m_dir + QLatin1Char('/') + m_tag + QStringLiteral(".r%1.err").arg(rank));
    f.open(QIODevice::ReadOnly);
    return QString::fromUtf8(f.readAll());
}

QByteArray WorkerCluster::summary() const
{
    QByteArray s;
    for (int r = 0; r < size(); ++r) {
        const auto all = events(r);
        s += "rank " + QByteArray::number(r) + " exit " + QByteArray::number(exitCode(r)) + ": " +
             (all.isEmpty() ? QByteArray("(no events)")
                            : QJsonDocument(all.last()).toJson(QJsonDocument::Compact)) +
             "\n";
        if (all.isEmpty())
            s += log(r).right(600).toUtf8() + "\n";
    }
    return s;
}

double maxAbsDiff(const QVector<float> &a, const QVector<float> &b)
{
    if (a.isEmpty() || a.size() != b.size())
        return std::numeric_limits<double>::infinity();
    double worst = 0;
    for (qsizetype i = 0; i < a.size(); ++i) {
        const double d = std::fabs(static_cast<double>(a[i]) - static_cast<double>(b[i]));
        if (!(d <= worst)) // NaN counts as the worst
            worst = std::isnan(d) ? std::numeric_limits<double>::infinity() : d;
    }
    return worst;
}

QJsonObject equivalenceConfig(const QString &strategy, const QJsonObject &model, const QJsonObject &optimizer,
                              int globalBatch)
{
    return {{QStringLiteral("version"), 1},
            {QStringLiteral("strategy"), strategy},
            {QStringLiteral("model"), model},
            {QStringLiteral("dataset"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("synthetic")},
                                                    {QStringLiteral("samples"), 200},
                                                    {QStringLiteral("shape"), QJsonArray{1, 8, 8}}}},
            {QStringLiteral("global_batch"), globalBatch},
            {QStringLiteral("steps"), 20},
            {QStringLiteral("seed"), 7},
            {QStringLiteral("optimizer"), optimizer},
            {QStringLiteral("schedule"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("cosine")},
                                                     {QStringLiteral("warmup_steps"), 3},
                                                     {QStringLiteral("min_lr_ratio"), 0.2}}},
            {QStringLiteral("grad_clip"), 5.0},
            // Small buckets: several all-reduces per step, launched during the backward pass.
            {QStringLiteral("comm"),
             QJsonObject{{QStringLiteral("bucket_mb"), 0.002}, {QStringLiteral("timeout_s"), 30}}}};
}

QVector<float> ReferenceRuns::parameters(const QJsonObject &config)
{
    QJsonObject one = config;
    one.insert(QStringLiteral("strategy"), QStringLiteral("dp"));
    one.remove(QStringLiteral("nodes"));
    one.remove(QStringLiteral("lsdp"));
    const QByteArray key = QJsonDocument(one).toJson(QJsonDocument::Compact);
    if (!m_runs.contains(key)) {
        WorkerCluster cluster(m_dir);
        cluster.start(one, {1});
        if (!cluster.waitFinished(60000) || cluster.exitCode(0) != 0)
            qWarning("reference run failed: %s", cluster.summary().constData());
        m_runs.insert(key, cluster.parameters(0));
    }
    return m_runs.value(key);
}
