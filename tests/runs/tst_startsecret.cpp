// The run's rendezvous secret on an agent (issue #17): a start_run without a
// well-formed one is refused and leaves nothing behind; with one, the workers
// get it in a file only the agent's user can read, named on their command line
// (never the secret itself, never their environment), and it is in no other
// file of the journal, nor anywhere once the run has ended.
#include "agentclient.h"
#include "fakeprobe.h"
#include "runconfig.h"
#include "runsupervisor.h"
#include "testsupport.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace TestSupport;

class TestStartSecret : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void startWithoutASecretIsRefused_data();
    void startWithoutASecretIsRefused();
    void secretReachesTheWorkersOnlyThroughTheKeyFile();
    void workersSeeOnlyTheirDevice_data();
    void workersSeeOnlyTheirDevice();

private:
    Expected<QCborMap> request(Message::Type type, const QCborMap &body);
    QCborMap startBody(const QString &runId, int device = 0) const;
    /// Every file under `dir` whose bytes contain `needle`.
    static QStringList filesContaining(const QString &dir, const QByteArray &needle);

    void startAgent(std::unique_ptr<FakeProbe> probe);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<AgentDaemon> m_daemon;
    std::unique_ptr<AgentClient> m_client;
    Controller m_controller;
};

void TestStartSecret::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    // A stand-in worker: records its command line and environment outside the
    // journal, whether it can read the key file, then stays until stopped.
    const QString worker = m_dir->filePath(QStringLiteral("worker.sh"));
    {
        QFile f(worker);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("#!/bin/sh\n"
                "out=\"$(dirname \"$0\")/seen\"\n"
                "printf '%s\\n' \"$@\" > \"$out.args\"\n"
                "env > \"$out.env\"\n"
                "while [ $# -gt 0 ]; do [ \"$1\" = --rendezvous-key-file ] && key=\"$2\"; shift; done\n"
                "stat -c %a \"$key\" > \"$out.mode\"\n"
                "cat \"$key\" > \"$out.key\"\n"
                "exec sleep 60\n");
    }
    QFile::setPermissions(worker, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    m_controller = makeController();
    startAgent(std::make_unique<FakeProbe>());
}

void TestStartSecret::startAgent(std::unique_ptr<FakeProbe> probe)
{
    m_client.reset();
    m_daemon.reset();
    const QString worker = m_dir->filePath(QStringLiteral("worker.sh"));
    const QString agentDir = m_dir->filePath(QStringLiteral("agent"));
    QVERIFY(QDir().mkpath(agentDir));
    FingerprintStore trust(AgentDaemon::trustListPath(agentDir));
    (void)trust.load();
    if (!trust.containsFingerprint(m_controller.profile.identity().fingerprint()))
        QVERIFY(trust.add(m_controller.profile.identity().fingerprint(), QStringLiteral("test")).ok());
    AgentOptions options;
    options.port = 0;
    options.bind = QHostAddress::LocalHost;
    options.configDir = agentDir;
    options.discovery = false;
    options.workerPath = worker;
    m_daemon = std::make_unique<AgentDaemon>(options, std::move(probe));
    QVERIFY(m_daemon->start().ok());
    m_client = std::make_unique<AgentClient>(m_controller.profile.identity(), QStringLiteral("127.0.0.1"),
                                             m_daemon->port());
    QSignalSpy ready(m_client.get(), &AgentClient::handshakeDone);
    m_client->connectToAgent();
    QVERIFY(ready.wait(5000));
}

void TestStartSecret::cleanup()
{
    m_client.reset();
    m_daemon.reset();
    m_dir.reset();
}

Expected<QCborMap> TestStartSecret::request(Message::Type type, const QCborMap &body)
{
    std::optional<Expected<QCborMap>> result;
    m_client->request(type, body, nullptr, [&](const Expected<QCborMap> &r) { result = r; });
    (void)QTest::qWaitFor([&] { return result.has_value(); }, 10000);
    return result.value_or(Expected<QCborMap>::failure(QStringLiteral("no reply")));
}

QCborMap TestStartSecret::startBody(const QString &runId, int device) const
{
    RunConfig config;
    config.name = QStringLiteral("secret");
    config.dataset.kind = QStringLiteral("synthetic");
    config.nodes = {{m_daemon->nodeId(), QStringLiteral("n"), {device}, {}, {}, 1.0}};
    return QCborMap{{QStringLiteral("config"), QCborMap::fromJsonObject(config.toJson())},
                    {QStringLiteral("run_id"), runId},
                    {QStringLiteral("node_index"), 0},
                    {QStringLiteral("first_rank"), 0},
                    {QStringLiteral("world_size"), 1},
                    {QStringLiteral("master"), QStringLiteral("127.0.0.1:1")}};
}

QStringList TestStartSecret::filesContaining(const QString &dir, const QByteArray &needle)
{
    QStringList found;
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile f(it.next());
        if (f.open(QIODevice::ReadOnly) && f.readAll().contains(needle))
            found << f.fileName();
    }
    return found;
}

void TestStartSecret::startWithoutASecretIsRefused_data()
{
    QTest::addColumn<QVariant>("secret"); // invalid: left out
    QTest::newRow("missing") << QVariant();
    QTest::newRow("empty") << QVariant(QString());
    QTest::newRow("63 digits") << QVariant(QString(63, QLatin1Char('a')));
    QTest::newRow("65 digits") << QVariant(QString(65, QLatin1Char('a')));
    QTest::newRow("not hexadecimal") << QVariant(QString(63, QLatin1Char('a')) + QLatin1Char('g'));
    QTest::newRow("a number") << QVariant(12345);
}

void TestStartSecret::startWithoutASecretIsRefused()
{
    QFETCH(QVariant, secret);
    QCborMap body = startBody(QStringLiteral("nosecret"));
    if (secret.isValid())
        body[QStringLiteral("rendezvous_secret")] = QCborValue::fromVariant(secret);
    auto start = request(Message::Type::StartRun, body);
    QVERIFY(!start.ok());
    QVERIFY2(start.error().contains(QLatin1String("rendezvous secret")), qPrintable(start.error()));
    QVERIFY(!QFileInfo::exists(m_dir->filePath(QStringLiteral("agent/runs/nosecret"))));
    QVERIFY(!QFileInfo::exists(m_dir->filePath(QStringLiteral("seen.args")))); // no worker started
    QCOMPARE(m_daemon->runs()->list().size(), 0);
}

void TestStartSecret::secretReachesTheWorkersOnlyThroughTheKeyFile()
{
    const QByteArray secret = QByteArray("0123456789abcdef").repeated(4);
    QCborMap body = startBody(QStringLiteral("withsecret"));
    body[QStringLiteral("rendezvous_secret")] = QString::fromLatin1(secret);
    auto start = request(Message::Type::StartRun, body);
    QVERIFY2(start.ok(), qPrintable(start.error()));
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(m_dir->filePath(QStringLiteral("seen.key"))).size() > 0, 10000);

    const QString runDir = m_dir->filePath(QStringLiteral("agent/runs/withsecret"));
    const QString keyPath = runDir + QStringLiteral("/rendezvous.key");
    // The worker could read it, and it is the owner's alone.
    auto read = [&](const QString &name) {
        QFile f(m_dir->filePath(name));
        return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed() : QByteArray();
    };
    QCOMPARE(read(QStringLiteral("seen.key")), secret);
    QCOMPARE(read(QStringLiteral("seen.mode")), QByteArray("600"));
    QCOMPARE(QFileInfo(keyPath).permissions() & ~(QFile::ReadUser | QFile::WriteUser),
             QFile::ReadOwner | QFile::WriteOwner);
    // Named on the command line, never given there or in the environment.
    const QList<QByteArray> args = read(QStringLiteral("seen.args")).split('\n');
    const qsizetype flag = args.indexOf("--rendezvous-key-file");
    QVERIFY2(flag >= 0 && flag + 1 < args.size(), read(QStringLiteral("seen.args")).constData());
    QCOMPARE(QString::fromLocal8Bit(args[flag + 1]), keyPath);
    QVERIFY(!read(QStringLiteral("seen.args")).contains(secret));
    QVERIFY(!read(QStringLiteral("seen.env")).contains(secret));
    // In no file of the journal but the key file: config.json keeps the request without it.
    QCOMPARE(filesContaining(runDir, secret), QStringList{keyPath});
    QFile config(runDir + QStringLiteral("/config.json"));
    QVERIFY(config.open(QIODevice::ReadOnly));
    const QByteArray stored = config.readAll();
    QVERIFY(stored.contains("\"master\"") && !stored.contains("rendezvous_secret"));

    // Once the run is over the key file is gone, and the secret with it.
    QVERIFY(
        request(Message::Type::AbortRun, QCborMap{{QStringLiteral("run_id"), QStringLiteral("withsecret")}})
            .ok());
    QTRY_COMPARE_WITH_TIMEOUT(m_daemon->runs()->activeRuns(), 0, 10000);
    QVERIFY(!QFileInfo::exists(keyPath));
    QCOMPARE(filesContaining(m_dir->filePath(QStringLiteral("agent")), secret), QStringList());
}

// Issue #16: the agent names the worker's one GPU in PCI order (as NVML and
// the config number it) and the worker opens it as cuda:0; a CPU node's
// workers see no GPU at all, so a CUDA build cannot take GPU 0 unasked.
void TestStartSecret::workersSeeOnlyTheirDevice_data()
{
    QTest::addColumn<bool>("gpu");
    QTest::addColumn<QStringList>("environment");
    QTest::addColumn<QString>("device");
    QTest::newRow("gpu node") << true
                              << QStringList{QStringLiteral("CUDA_DEVICE_ORDER=PCI_BUS_ID"),
                                             QStringLiteral("CUDA_VISIBLE_DEVICES=1")}
                              << QStringLiteral("cuda");
    QTest::newRow("cpu node") << false << QStringList{QStringLiteral("CUDA_VISIBLE_DEVICES=")}
                              << QStringLiteral("cpu");
}

void TestStartSecret::workersSeeOnlyTheirDevice()
{
    QFETCH(bool, gpu);
    QFETCH(QStringList, environment);
    QFETCH(QString, device);
    auto probe = std::make_unique<FakeProbe>();
    if (gpu) {
        probe->devices.append(probe->devices.first()); // GPUs 0 and 1
    } else {
        DeviceSample cpu;
        cpu.kind = DeviceSample::Kind::Cpu;
        cpu.name = QStringLiteral("Fake CPU");
        probe->devices = {cpu};
    }
    startAgent(std::move(probe));
    if (QTest::currentTestFailed())
        return;
    QCborMap body = startBody(QStringLiteral("device"), gpu ? 1 : 0);
    body[QStringLiteral("rendezvous_secret")] = QString(64, QLatin1Char('a'));
    auto start = request(Message::Type::StartRun, body);
    QVERIFY2(start.ok(), qPrintable(start.error()));
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(m_dir->filePath(QStringLiteral("seen.key"))).size() > 0, 10000);
    auto lines = [&](const QString &name) {
        QFile f(m_dir->filePath(name));
        return f.open(QIODevice::ReadOnly) ? QString::fromLocal8Bit(f.readAll()).split(QLatin1Char('\n'))
                                           : QStringList();
    };
    const QStringList env = lines(QStringLiteral("seen.env"));
    for (const QString &entry : environment)
        QVERIFY2(env.contains(entry), qPrintable(entry));
    if (!gpu)
        QVERIFY(std::none_of(env.begin(), env.end(), [](const QString &e) {
            return e.startsWith(QLatin1String("CUDA_DEVICE_ORDER"));
        }));
    const QStringList args = lines(QStringLiteral("seen.args"));
    const qsizetype flag = args.indexOf(QStringLiteral("--device"));
    QVERIFY2(flag >= 0 && flag + 1 < args.size(), qPrintable(args.join(QLatin1Char(' '))));
    QCOMPARE(args[flag + 1], device);
    QVERIFY(request(Message::Type::AbortRun, QCborMap{{QStringLiteral("run_id"), QStringLiteral("device")}})
                .ok());
    QTRY_COMPARE_WITH_TIMEOUT(m_daemon->runs()->activeRuns(), 0, 10000);
}

QTEST_GUILESS_MAIN(TestStartSecret)
#include "tst_startsecret.moc"
