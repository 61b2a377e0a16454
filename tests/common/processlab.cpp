#include "processlab.h"

#include "controllerprofile.h"
#include "identity.h"

#include <csignal>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSslCertificate>
#include <QTest>

QString ProcessLab::binary(const QString &name)
{
    // The worker may come from another build tree (HAMGAM_WORKER), e.g. a CUDA build.
    if (name == QLatin1String("hamgam-worker") && qEnvironmentVariableIsSet("HAMGAM_WORKER"))
        return qEnvironmentVariable("HAMGAM_WORKER");
    return QStringLiteral(HAMGAM_BIN_DIR "/%1").arg(name);
}

ProcessLab::ProcessLab()
    : m_discoveryPort(quint16(40000 + QRandomGenerator::global()->bounded(20000)))
{
    m_env = QProcessEnvironment::systemEnvironment();
    m_env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
    m_env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("data")));
    m_env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    m_env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
}

ProcessLab::~ProcessLab()
{
    for (Agent &a : m_agents) {
        if (a.process && a.process->state() != QProcess::NotRunning) {
            a.process->terminate();
            if (!a.process->waitForFinished(5000))
                a.process->kill();
            a.process->waitForFinished(2000);
        }
    }
}

bool ProcessLab::startAgent(Agent &a, QString *error)
{
    a.process = std::make_unique<QProcess>();
    a.process->setProcessEnvironment(m_env);
    a.process->setProcessChannelMode(QProcess::SeparateChannels);
    a.process->setStandardErrorFile(a.configDir + QStringLiteral(".log"), QIODevice::Append);
    QStringList args{QStringLiteral("--config-dir"),
                     a.configDir,
                     QStringLiteral("--bind"),
                     QStringLiteral("127.0.0.1"),
                     QStringLiteral("--port"),
                     QString::number(a.port),
                     QStringLiteral("--name"),
                     a.name,
                     QStringLiteral("--discovery-port"),
                     QString::number(m_discoveryPort),
                     QStringLiteral("--discovery-targets"),
                     QStringLiteral("127.255.255.255"),
                     QStringLiteral("--beacon-interval-ms"),
                     QStringLiteral("500"),
                     QStringLiteral("--worker"),
                     binary(QStringLiteral("hamgam-worker")),
                     QStringLiteral("--trust"),
                     m_controllerFingerprint};
    a.process->start(binary(QStringLiteral("hamgam-agent")), args + m_extraAgentArgs);
    if (!a.process->waitForStarted(5000)) {
        *error = QStringLiteral("agent %1 did not start").arg(a.name);
        return false;
    }
    // "hamgam-agent 0.1.0 listening on 127.0.0.1:PORT, node ID, fingerprint FP"
    QByteArray out;
    const bool ready = QTest::qWaitFor(
        [&] {
            out += a.process->readAllStandardOutput();
            return out.contains("listening on") || a.process->state() == QProcess::NotRunning;
        },
        10000);
    const QRegularExpressionMatch m =
        QRegularExpression(QStringLiteral("listening on [0-9.]+:(\\d+), node ([0-9a-f-]+)"))
            .match(QString::fromUtf8(out));
    if (!ready || !m.hasMatch()) {
        *error = QStringLiteral("agent %1 did not come up: %2").arg(a.name, QString::fromUtf8(out));
        return false;
    }
    a.port = quint16(m.captured(1).toUInt());
    a.nodeId = m.captured(2);
    return true;
}

bool ProcessLab::start(int count, QString *error, const QStringList &extraAgentArgs)
{
    m_extraAgentArgs = extraAgentArgs;
    auto profile = ControllerProfile::open(m_dir.filePath(QStringLiteral("config/hamgam")),
                                           m_dir.filePath(QStringLiteral("data/hamgam")));
    if (!profile) {
        *error = profile.error();
        return false;
    }
    m_controllerFingerprint = profile->identity().fingerprint();
    for (int i = 0; i < count; ++i) {
        Agent a;
        a.name = QStringLiteral("node%1").arg(i);
        a.configDir = m_dir.filePath(QStringLiteral("agent%1").arg(i));
        if (!startAgent(a, error))
            return false;
        // Pin it, as the user would after comparing fingerprints.
        QFile cert(QDir(a.configDir).filePath(QStringLiteral("agent.crt")));
        if (!cert.open(QIODevice::ReadOnly)) {
            *error = QStringLiteral("no certificate for %1").arg(a.name);
            return false;
        }
        const QString fp = Identity::fingerprintOf(QSslCertificate::fromData(cert.readAll()).value(0));
        if (auto s = profile->pins().add(fp, a.name, a.nodeId); !s) {
            *error = s.error();
            return false;
        }
        m_agents.push_back(std::move(a));
    }
    return true;
}

bool ProcessLab::restartAgent(int i, QString *error)
{
    return startAgent(m_agents[i], error);
}

QStringList ProcessLab::ctlArgs(const QStringList &args) const
{
    QStringList full = args;
    full << QStringLiteral("--discovery-port") << QString::number(m_discoveryPort)
         << QStringLiteral("--discovery-targets") << QStringLiteral("127.255.255.255")
         << QStringLiteral("--history") << historyPath();
    return full;
}

int ProcessLab::ctl(const QStringList &args, QByteArray *out, QByteArray *err, int timeoutMs)
{
    QProcess p;
    p.setProcessEnvironment(m_env);
    p.start(binary(QStringLiteral("hamgamctl")), ctlArgs(args));
    // Waiting in the event loop keeps any in-process helpers alive.
    if (!p.waitForStarted(5000) ||
        !QTest::qWaitFor([&] { return p.state() == QProcess::NotRunning; }, timeoutMs)) {
        p.kill();
        p.waitForFinished(2000);
        if (err)
            *err = "timed out";
        return -1;
    }
    if (out)
        *out = p.readAllStandardOutput();
    if (err)
        *err = p.readAllStandardError();
    return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
}

std::unique_ptr<QProcess> ProcessLab::startCtl(const QStringList &args)
{
    auto p = std::make_unique<QProcess>();
    p->setProcessEnvironment(m_env);
    p->start(binary(QStringLiteral("hamgamctl")), ctlArgs(args));
    p->waitForStarted(5000);
    return p;
}

int ProcessLab::journaledEvents(const QString &runId, const QString &kind) const
{
    int n = 0;
    for (const Agent &a : m_agents) {
        QFile f(QDir(a.configDir).filePath(QStringLiteral("runs/%1/journal.jsonl").arg(runId)));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        while (!f.atEnd()) {
            if (QJsonDocument::fromJson(f.readLine()).object().value(QStringLiteral("kind")).toString() ==
                kind)
                ++n;
        }
    }
    return n;
}

QSet<QPair<int, qint64>> ProcessLab::journaledSteps(int agent, const QString &agentRunId) const
{
    QSet<QPair<int, qint64>> steps;
    QFile f(
        QDir(m_agents[agent].configDir).filePath(QStringLiteral("runs/%1/journal.jsonl").arg(agentRunId)));
    if (!f.open(QIODevice::ReadOnly))
        return steps;
    while (!f.atEnd()) {
        const QJsonObject entry = QJsonDocument::fromJson(f.readLine()).object();
        if (entry.value(QStringLiteral("kind")).toString() != QLatin1String("step"))
            continue;
        steps.insert(
            {entry.value(QStringLiteral("rank")).toInt(),
             qint64(
                 entry.value(QStringLiteral("event")).toObject().value(QStringLiteral("step")).toDouble())});
    }
    return steps;
}

QList<qint64> ProcessLab::workerPids(int agent, const QString &runId) const
{
    QList<qint64> out;
    const QString marker = runId.isEmpty()
                               ? m_agents[agent].configDir + QLatin1Char('/')
                               : QStringLiteral("%1/runs/%2/").arg(m_agents[agent].configDir, runId);
    for (const QString &pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        bool ok = false;
        const qint64 id = pid.toLongLong(&ok);
        if (!ok)
            continue;
        QFile cmd(QStringLiteral("/proc/%1/cmdline").arg(pid));
        if (!cmd.open(QIODevice::ReadOnly))
            continue;
        const QByteArray line = cmd.readAll();
        if (line.contains("hamgam-worker") && line.contains(marker.toUtf8()))
            out.append(id);
    }
    return out;
}
