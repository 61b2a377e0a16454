// Smoke test of the embedded default: hamgam starts offscreen, starts its own
// agent on loopback, sees it with live telemetry, and everything exits cleanly.
#include "rendezvousport.h"

#include <csignal>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

class TestAppSmoke : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void startsSeesLocalAgentAndExits();

private:
    static quint16 freeTcpPort() { return RendezvousPort::pick(QHostAddress::LocalHost); }
    static bool listening(quint16 port)
    {
        QTcpSocket s;
        s.connectToHost(QHostAddress::LocalHost, port);
        return s.waitForConnected(500);
    }
};

void TestAppSmoke::startsSeesLocalAgentAndExits()
{
    QTemporaryDir home;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    const quint16 agentPort = freeTcpPort();
    const QString discoveryPort = QString::number(40000 + QRandomGenerator::global()->bounded(20000));
    const QStringList discovery = {QStringLiteral("--discovery-port"), discoveryPort,
                                   QStringLiteral("--discovery-targets"), QStringLiteral("127.255.255.255")};

    QProcess app;
    app.setProcessEnvironment(env);
    app.setProgram(QStringLiteral(HAMGAM_BIN_DIR "/hamgam"));
    app.setArguments(QStringList{QStringLiteral("--agent-port"), QString::number(agentPort),
                                 QStringLiteral("--local-agent-idle-exit"), QStringLiteral("2")} +
                     discovery);
    app.start();
    QVERIFY(app.waitForStarted(5000));
    QByteArray log;
    QVERIFY2(QTest::qWaitFor(
                 [&] {
                     log += app.readAllStandardError();
                     return log.contains("local agent ready") || app.state() == QProcess::NotRunning;
                 },
                 10000),
             log.constData());
    QVERIFY2(log.contains("local agent ready"), log.constData());

    // hamgamctl, sharing the app's profile, sees the same machine: trusted, online, with live devices.
    QProcess ctl;
    ctl.setProcessEnvironment(env);
    ctl.start(QStringLiteral(HAMGAM_BIN_DIR "/hamgamctl"),
              QStringList{QStringLiteral("nodes"), QStringLiteral("--json")} + discovery);
    QVERIFY(ctl.waitForFinished(15000));
    QCOMPARE(ctl.exitCode(), 0);
    const QJsonArray nodes = QJsonDocument::fromJson(ctl.readAllStandardOutput()).array();
    QCOMPARE(nodes.size(), 1);
    const QJsonObject node = nodes.first().toObject();
    QCOMPARE(node.value(QStringLiteral("port")).toInt(), agentPort);
    QCOMPARE(node.value(QStringLiteral("trusted")).toBool(), true);
    QCOMPARE(node.value(QStringLiteral("online")).toBool(), true);
    const QJsonArray devices = node.value(QStringLiteral("devices")).toArray();
    QVERIFY(!devices.isEmpty());
    QVERIFY(devices.first().toObject().value(QStringLiteral("mem_total")).toDouble() > 0);
    QVERIFY(devices.first().toObject().value(QStringLiteral("util")).isDouble());

    ::kill(pid_t(app.processId()), SIGTERM);
    QVERIFY(app.waitForFinished(10000));
    QCOMPARE(app.exitStatus(), QProcess::NormalExit);
    QCOMPARE(app.exitCode(), 0);

    // The local agent outlives the app only by its idle timeout, then exits by itself.
    QVERIFY(QTest::qWaitFor([&] { return !listening(agentPort); }, 15000));
}

QTEST_GUILESS_MAIN(TestAppSmoke)
#include "tst_appsmoke.moc"
