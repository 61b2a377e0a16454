#include "localagentlauncher.h"

#include "identity.h"
#include "logging.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSslCertificate>
#include <QTcpSocket>

namespace {
const QString kLoopback = QStringLiteral("127.0.0.1");
} // namespace

LocalAgentLauncher::LocalAgentLauncher(Options options, QObject *parent)
    : QObject(parent)
    , m_options(std::move(options))
    , m_starter([this](const QString &program, const QStringList &arguments) {
        // Detached, so a run outlives the app; its output goes to a log beside its keys.
        QDir().mkpath(m_options.configDir);
        QProcess process;
        process.setProgram(program);
        process.setArguments(arguments);
        process.setStandardInputFile(QProcess::nullDevice());
        process.setStandardOutputFile(QDir(m_options.configDir).filePath(QStringLiteral("agent.log")),
                                      QIODevice::Append);
        process.setStandardErrorFile(QDir(m_options.configDir).filePath(QStringLiteral("agent.log")),
                                     QIODevice::Append);
        return process.startDetached();
    })
{
    m_poll.setInterval(100);
    connect(&m_poll, &QTimer::timeout, this, &LocalAgentLauncher::waitForStart);
}

QStringList LocalAgentLauncher::arguments() const
{
    QStringList args = {QStringLiteral("--bind"),
                        kLoopback,
                        QStringLiteral("--port"),
                        QString::number(m_options.port),
                        QStringLiteral("--config-dir"),
                        m_options.configDir,
                        QStringLiteral("--discovery-port"),
                        QString::number(m_options.discoveryPort),
                        QStringLiteral("--discovery-targets"),
                        m_options.discoveryTargets.isEmpty() ? QStringLiteral("127.255.255.255")
                                                             : m_options.discoveryTargets,
                        QStringLiteral("--idle-exit"),
                        QString::number(m_options.idleExitSeconds),
                        QStringLiteral("--telemetry-hz"),
                        QString::number(m_options.telemetryHz)};
    if (!m_options.controllerFingerprint.isEmpty())
        args << QStringLiteral("--trust") << m_options.controllerFingerprint;
    if (!m_options.name.isEmpty())
        args << QStringLiteral("--name") << m_options.name;
    return args;
}

bool LocalAgentLauncher::readIdentity(QString *nodeId, QString *fingerprint) const
{
    QFile idFile(QDir(m_options.configDir).filePath(QStringLiteral("node-id")));
    QFile certFile(QDir(m_options.configDir).filePath(QStringLiteral("agent.crt")));
    if (!idFile.open(QIODevice::ReadOnly) || !certFile.open(QIODevice::ReadOnly))
        return false;
    const auto certs = QSslCertificate::fromData(certFile.readAll(), QSsl::Pem);
    if (certs.isEmpty())
        return false;
    *nodeId = QString::fromLatin1(idFile.readAll().trimmed());
    *fingerprint = Identity::fingerprintOf(certs.first());
    return !nodeId->isEmpty() && !fingerprint->isEmpty();
}

void LocalAgentLauncher::probe(std::function<void(bool)> done)
{
    auto *socket = new QTcpSocket(this);
    auto finished = std::make_shared<bool>(false);
    auto finish = [socket, finished, done](bool listening) {
        if (*finished)
            return;
        *finished = true;
        socket->abort();
        socket->deleteLater();
        done(listening);
    };
    connect(socket, &QTcpSocket::connected, this, [finish] { finish(true); });
    connect(socket, &QTcpSocket::errorOccurred, this,
            [finish](QAbstractSocket::SocketError) { finish(false); });
    QTimer::singleShot(1000, socket, [finish] { finish(false); });
    socket->connectToHost(kLoopback, m_options.port);
}

void LocalAgentLauncher::ensureRunning()
{
    probe([this](bool listening) {
        QString nodeId;
        QString fingerprint;
        if (listening) {
            // An agent is already there. If it is the one we started earlier, we know its identity.
            if (!readIdentity(&nodeId, &fingerprint)) {
                nodeId.clear();
                fingerprint.clear();
            }
            Q_EMIT ready(kLoopback, m_options.port, nodeId, fingerprint);
            return;
        }
        qCInfo(lcProtocol).noquote() << "starting the local agent:" << m_options.agentProgram
                                     << arguments().join(u' ');
        if (!m_starter(m_options.agentProgram, arguments())) {
            Q_EMIT failed(tr("Cannot start the local agent %1.").arg(m_options.agentProgram));
            return;
        }
        m_attempts = 0;
        m_poll.start();
    });
}

void LocalAgentLauncher::waitForStart()
{
    if (++m_attempts > 150) {
        m_poll.stop();
        Q_EMIT failed(tr("The local agent did not start within 15 seconds. Run %1 by hand to see why.")
                          .arg(m_options.agentProgram));
        return;
    }
    QString nodeId;
    QString fingerprint;
    if (!readIdentity(&nodeId, &fingerprint))
        return;
    m_poll.stop();
    probe([this, nodeId, fingerprint](bool listening) {
        if (listening) {
            Q_EMIT ready(kLoopback, m_options.port, nodeId, fingerprint);
            return;
        }
        m_poll.start();
    });
}
