// Pre-flight: what each agent checks on its node before a run may start, as
// the controller (RunController, `hamgamctl check` and `hamgamctl run`) shows
// it. Real agents on loopback for the worker and host-memory checks, the
// refused start and the rendezvous port; in-process agents with a fake probe
// for the GPU findings (memory for the batch, a device shared with another
// process), which no CI machine has. A refused start leaves nothing behind.
#include "datasize.h"
#include "fakeprobe.h"
#include "historystore.h"
#include "modelestimate.h"
#include "noderegistry.h"
#include "preflight.h"
#include "printers.h"
#include "processlab.h"
#include "runcontroller.h"
#include "smallrunconfig.h"
#include "testsupport.h"
#include "translations.h"
#include "version.h"

#include <optional>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTcpServer>
#include <QTest>
#include <sys/resource.h>

namespace {

QJsonObject baseConfig(const QString &name, const QJsonArray &nodes)
{
    return smallRunConfig(
        name, nodes,
        {{QStringLiteral("threads"), 1},
         {QStringLiteral("optimizer"),
          QJsonObject{{QStringLiteral("kind"), QStringLiteral("sgd")}, {QStringLiteral("lr"), 0.05}}},
         {QStringLiteral("planner"),
          QJsonObject{{QStringLiteral("profile_steps"), 2}, {QStringLiteral("replan_interval"), 5}}},
         {QStringLiteral("comm"), QJsonObject{{QStringLiteral("timeout_s"), 10}}}});
}

RunConfig parse(const QJsonObject &json)
{
    QList<ConfigError> errors;
    RunConfig c = RunConfig::fromJson(json, &errors);
    if (!errors.isEmpty())
        qFatal("bad test config: %s: %s", qPrintable(errors.first().field),
               qPrintable(errors.first().message));
    return c;
}

/// Waits for one pre-flight (or start) of a controller and keeps what it reported.
struct PreflightOutcome
{
    bool finished = false;
    bool ok = false;
    QList<RunController::NodePreflight> nodes;
    QString startFailure;
    QString startedRun;
    std::optional<RunStatus> ended;
    QObject context; // disconnects the lambdas when this goes, whatever the controller does later

    explicit PreflightOutcome(RunController &controller)
    {
        QObject::connect(&controller, &RunController::preflightFinished, &context,
                         [this](const QList<RunController::NodePreflight> &results, bool good) {
                             finished = true;
                             ok = good;
                             nodes = results;
                         });
        QObject::connect(&controller, &RunController::startFailed, &context,
                         [this](const QString &message) { startFailure = message; });
        QObject::connect(&controller, &RunController::started, &context,
                         [this](const QString &id) { startedRun = id; });
        QObject::connect(&controller, &RunController::finished, &context,
                         [this](RunStatus status, const QString &) { ended = status; });
    }
};

/// One in-process agent whose probe reports a 24 GiB GPU with 10 GiB in use
/// (and the processes a test gives it), and a controller connected to it.
class FakeGpuNode
{
public:
    explicit FakeGpuNode(const QList<DeviceProcess> &processes = {})
        : m_controller(TestSupport::makeController())
    {
        auto probe = std::make_unique<FakeProbe>();
        probe->devices.first().processes = processes;
        m_agent = TestSupport::startAgent(TestSupport::randomDiscoveryPort(),
                                          {m_controller.profile.identity().fingerprint()}, std::move(probe),
                                          200, QStringLiteral("gpu-box"));
        (void)m_controller.profile.pins().add(m_agent.daemon->identity().fingerprint(),
                                              QStringLiteral("gpu-box"), m_agent.daemon->nodeId());
        m_registry =
            std::make_unique<NodeRegistry>(m_controller.profile.identity(), m_controller.profile.pins());
        m_registry->start(nullptr);
        m_registry->addManual(QStringLiteral("127.0.0.1"), m_agent.daemon->port());
    }

    bool waitConnected()
    {
        return QTest::qWaitFor(
            [&] {
                const Node *n = m_registry->node(m_agent.daemon->nodeId());
                return n && n->isConnected();
            },
            10000);
    }
    NodeRegistry &registry() { return *m_registry; }
    QString nodeId() const { return m_agent.daemon->nodeId(); }
    QString configDir() const { return m_agent.dir->path(); }

    /// A config for this node: an MLP big enough that the batch decides whether it fits.
    QJsonObject config(qint64 globalBatch, const QJsonArray &devices = {0}) const
    {
        QJsonObject c =
            baseConfig(QStringLiteral("gpu"), QJsonArray{QJsonObject{{QStringLiteral("agent"), nodeId()},
                                                                     {QStringLiteral("devices"), devices}}});
        c[QStringLiteral("model")] = QJsonObject{{QStringLiteral("kind"), QStringLiteral("mlp")},
                                                 {QStringLiteral("hidden"), QJsonArray{4096, 4096}}};
        c[QStringLiteral("dataset")] = QJsonObject{{QStringLiteral("kind"), QStringLiteral("synthetic")},
                                                   {QStringLiteral("samples"), 10000000},
                                                   {QStringLiteral("classes"), 10},
                                                   {QStringLiteral("shape"), QJsonArray{1, 64, 64}}};
        c[QStringLiteral("global_batch")] = double(globalBatch);
        return c;
    }
    static qint64 freeBytes() { return (24LL << 30) - (10LL << 30); }
    static const QString &gpuName()
    {
        static const QString name = QStringLiteral("Fake GPU 3090");
        return name;
    }

private:
    TestSupport::Controller m_controller;
    TestSupport::LocalAgent m_agent;
    std::unique_ptr<NodeRegistry> m_registry;
};

/// A controller in this process on the lab's controller profile, its registry
/// connected to every agent of the lab (so a test can drive RunController).
class LabController
{
public:
    explicit LabController(ProcessLab &lab)
        : m_profile(ControllerProfile::open(lab.path(QStringLiteral("config/hamgam")),
                                            lab.path(QStringLiteral("data/hamgam"))))
        , m_agents(lab.agentCount())
    {
        if (!m_profile.ok())
            return;
        m_registry = std::make_unique<NodeRegistry>(m_profile->identity(), m_profile->pins());
        m_registry->start(nullptr);
        for (int i = 0; i < lab.agentCount(); ++i)
            m_registry->addManual(QStringLiteral("127.0.0.1"), lab.agent(i).port);
    }
    QString error() const { return m_profile.ok() ? QString() : m_profile.error(); }
    bool waitReady()
    {
        return m_registry &&
               QTest::qWaitFor([&] { return m_registry->readyKeys().size() == m_agents; }, 15000);
    }
    NodeRegistry &registry() { return *m_registry; }

private:
    Expected<ControllerProfile> m_profile;
    int m_agents;
    std::unique_ptr<NodeRegistry> m_registry;
};

/// hamgamctl's stderr without its pre-flight warnings (a busy CPU, which depends on the machine's load).
QStringList errorLines(const QString &err)
{
    QStringList out;
    for (const QString &line : err.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        if (!line.startsWith(QLatin1String("warning: ")))
            out << line;
    }
    return out;
}

QStringList entries(const QString &dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot);
}

} // namespace

class TestPreflight : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();

    // Fake GPU, in-process agent and controller.
    void gpuMemoryForThePlannedBatch_data();
    void gpuMemoryForThePlannedBatch();
    void sharedDeviceIsAWarningNotAnError();
    void missingDeviceIsAnError();
    void startWithGpuErrorsIsRefused();

    // Real agents, hamgamctl.
    void healthyNodesAreReady();
    void workerProblems_data();
    void workerProblems();
    void startWithErrorsIsRefusedWithEveryNodesReasons();
    void hostMemoryTooSmallForTheBatch();

    // The rendezvous port.
    void masterWithoutAFreePortIsAnError();
    void aPrecisionThisMachineCannotRunIsAnError();
    void portTakenAfterTheCheckIsNotUsed();
    void portTakenAtLaunchFailsTheRunWithItsReason();

private:
    QString writeConfig(const QString &name, const QJsonObject &config);
    QJsonObject labConfig(const QString &name, const QList<int> &agents);
    /// Restarts one lab agent with another --worker; an empty path restores the real worker.
    bool restartWithWorker(int agent, const QString &worker, QString *error);
    QString fakeWorker(const QString &name, const QByteArray &script);
    /// Runs hamgamctl and checks that it started nothing anywhere.
    struct CtlResult
    {
        int code = -1;
        QString out;
        QString err;
        QString context() const
        {
            return QStringLiteral("exit %1\nstdout:\n%2\nstderr:\n%3").arg(code).arg(out, err);
        }
    };
    CtlResult ctl(const QStringList &args);
    void verifyNothingStarted(qsizetype runsBefore, const QList<QStringList> &agentRunsBefore);
    QList<QStringList> agentRuns();
    qsizetype historyRuns() const;

    ProcessLab m_lab;
};

void TestPreflight::initTestCase()
{
    QString error;
    QVERIFY2(m_lab.start(3, &error), qPrintable(error));
}

// --- Fake GPU --------------------------------------------------------------

void TestPreflight::gpuMemoryForThePlannedBatch_data()
{
    QTest::addColumn<double>(
        "share"); // of the GPU's usable memory the batch needs; 0: the model alone is too big
    QTest::addColumn<QString>("finding");
    QTest::newRow("fits") << 0.5 << QString();
    QTest::newRow("nearly full") << 0.9 << QStringLiteral("nearly full");
    // Issue #30, item 3: the worker trains it in passes, so pre-flight says so and refuses nothing.
    QTest::newRow("in passes") << 1.5 << QStringLiteral("passes");
    QTest::newRow("many passes") << 40.0 << QStringLiteral("passes");
    QTest::newRow("the model alone") << 0.0 << QStringLiteral("error");
}

void TestPreflight::gpuMemoryForThePlannedBatch()
{
    QFETCH(double, share);
    QFETCH(QString, finding);
    // The English catalogue, as hamgamctl and the app install it: "2 passes", not "2 pass(es)".
    Translations::Scoped english(QStringLiteral("en"));
    FakeGpuNode gpu;
    QVERIFY(gpu.waitConnected());
    // What the worker will take as its memory: the free memory less its margin (MemoryEstimate).
    const qint64 usable = hamgam::MemoryEstimate::usableDeviceBytes(24LL << 30, FakeGpuNode::freeBytes(), 0);
    QJsonObject json = gpu.config(1024);
    if (share == 0.0) // 2 × 65536² weights: tens of GB before the first sample
        json[QStringLiteral("model")] = QJsonObject{{QStringLiteral("kind"), QStringLiteral("mlp")},
                                                    {QStringLiteral("hidden"), QJsonArray{65536, 65536}}};
    const RunConfig probe = parse(json);
    const hamgam::MemoryEstimate estimate = ModelEstimate(probe).forDevice(1);
    // The batch whose estimate is that share of the usable memory (one device: local batch = global batch).
    const qint64 batch = share == 0.0 ? 1024
                                      : qint64((share * double(usable) - double(estimate.fixedBytes)) /
                                               double(estimate.perSampleBytes));
    QVERIFY(batch > 1000 && batch < 100000000);
    json[QStringLiteral("global_batch")] = double(batch);

    RunController controller(gpu.registry(), nullptr);
    PreflightOutcome outcome(controller);
    controller.preflight(parse(json));
    QVERIFY(QTest::qWaitFor([&] { return outcome.finished; }, 30000));
    QCOMPARE(outcome.nodes.size(), 1);
    const RunController::NodePreflight &node = outcome.nodes.first();
    QVERIFY(node.reached);
    QCOMPARE(outcome.ok, finding != QLatin1String("error"));
    QStringList errors, warnings;
    if (finding == QLatin1String("error"))
        errors << QStringLiteral(
                      "%1 has %2 to use but the model alone needs about %3 there (its weights, "
                      "gradients and optimizer state, and one sample); use lsdp, more devices or a "
                      "smaller model")
                      .arg(FakeGpuNode::gpuName(), DataSize::format(usable),
                           DataSize::format(estimate.bytes(1)));
    if (finding == QLatin1String("nearly full"))
        warnings << QStringLiteral("%1 will be nearly full (about %2 of %3 to use)")
                        .arg(FakeGpuNode::gpuName(), DataSize::format(estimate.bytes(batch)),
                             DataSize::format(usable));
    if (finding == QLatin1String("passes")) {
        const qint64 passes = estimate.passes(batch, usable);
        const qint64 cap = estimate.capSamples(usable);
        QVERIFY(passes >= 2 && cap * passes >= batch && cap * (passes - 1) < batch);
        warnings << QStringLiteral(
                        "%1 has %2 to use: the planned batch of %3 trains in %4 passes of up to %5 "
                        "samples, about %6 each")
                        .arg(FakeGpuNode::gpuName(), DataSize::format(usable), QLocale().toString(batch),
                             QLocale().toString(passes), QLocale().toString(cap),
                             DataSize::format(estimate.bytes(cap)));
    }
    QCOMPARE(node.errors, errors);
    QCOMPARE(node.warnings, warnings);
}

void TestPreflight::sharedDeviceIsAWarningNotAnError()
{
    FakeGpuNode gpu(
        {{4242, QStringLiteral("python3"), 2LL << 30}, {1001, QStringLiteral("Xorg"), 64LL << 20}});
    QVERIFY(gpu.waitConnected());
    RunController controller(gpu.registry(), nullptr);
    PreflightOutcome outcome(controller);
    controller.preflight(parse(gpu.config(64)));
    QVERIFY(QTest::qWaitFor([&] { return outcome.finished; }, 30000));
    QVERIFY2(outcome.ok, qPrintable(outcome.nodes.value(0).errors.join(QLatin1Char('\n'))));
    QCOMPARE(outcome.nodes.size(), 1);
    QCOMPARE(outcome.nodes.first().errors, QStringList{});
    const QString expected =
        QStringLiteral("%1 is already used by %2: the run will share it and run slower")
            .arg(FakeGpuNode::gpuName(), QLocale().createSeparatedList({QStringLiteral("python3 (4242)"),
                                                                        QStringLiteral("Xorg (1001)")}));
    QCOMPARE(outcome.nodes.first().warnings, QStringList{expected});
    // The master picked the rendezvous port.
    QVERIFY(outcome.nodes.first().port > 0);
}

void TestPreflight::missingDeviceIsAnError()
{
    FakeGpuNode gpu;
    QVERIFY(gpu.waitConnected());
    RunController controller(gpu.registry(), nullptr);
    PreflightOutcome outcome(controller);
    controller.preflight(parse(gpu.config(64, QJsonArray{0, 3})));
    QVERIFY(QTest::qWaitFor([&] { return outcome.finished; }, 30000));
    QVERIFY(!outcome.ok);
    QCOMPARE(outcome.nodes.first().errors.size(), 1);
    QVERIFY2(outcome.nodes.first().errors.first().startsWith(
                 QLatin1String("device 3 does not exist here (this machine has 1 GPU")),
             qPrintable(outcome.nodes.first().errors.first()));
}

void TestPreflight::startWithGpuErrorsIsRefused()
{
    FakeGpuNode gpu;
    QVERIFY(gpu.waitConnected());
    const QString runs = QDir(gpu.configDir()).filePath(QStringLiteral("runs"));
    const QStringList before = entries(runs);
    QTemporaryDir historyDir;
    HistoryStore history(historyDir.filePath(QStringLiteral("history.sqlite")));
    QVERIFY(history.open().ok());
    RunController controller(gpu.registry(), &history);
    PreflightOutcome outcome(controller);
    // A model the GPU cannot hold with one sample (a batch that does not fit whole trains in passes).
    QJsonObject tooBig = gpu.config(1024);
    tooBig[QStringLiteral("model")] = QJsonObject{{QStringLiteral("kind"), QStringLiteral("mlp")},
                                                  {QStringLiteral("hidden"), QJsonArray{65536, 65536}}};
    controller.start(parse(tooBig));
    QVERIFY(QTest::qWaitFor([&] { return !outcome.startFailure.isEmpty(); }, 30000));
    QVERIFY(outcome.finished && !outcome.ok);
    const QStringList lines = outcome.startFailure.split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 2);
    QCOMPARE(lines[0], QStringLiteral("pre-flight found problems, nothing was started:"));
    QVERIFY2(lines[1].startsWith(QStringLiteral("gpu-box: %1 has ").arg(FakeGpuNode::gpuName())) &&
                 lines[1].endsWith(QLatin1String("; use lsdp, more devices or a smaller model")),
             qPrintable(outcome.startFailure));
    // Nothing started: no run id, no history row, nothing on the agent.
    QTest::qWait(500);
    QVERIFY(outcome.startedRun.isEmpty());
    QVERIFY(controller.runId().isEmpty());
    history.flush();
    QCOMPARE(history.runs().size(), 0);
    QCOMPARE(entries(runs), before);
}

// --- Real agents ------------------------------------------------------------

QString TestPreflight::writeConfig(const QString &name, const QJsonObject &config)
{
    const QString path = m_lab.path(name + QStringLiteral(".json"));
    QFile f(path);
    f.open(QIODevice::WriteOnly | QIODevice::Truncate);
    f.write(QJsonDocument(config).toJson());
    return path;
}

QJsonObject TestPreflight::labConfig(const QString &name, const QList<int> &agents)
{
    QJsonArray nodes;
    for (int i : agents)
        nodes.append(QJsonObject{{QStringLiteral("agent"), m_lab.agent(i).nodeId},
                                 {QStringLiteral("devices"), QJsonArray{0}}});
    return baseConfig(name, nodes);
}

QString TestPreflight::fakeWorker(const QString &name, const QByteArray &script)
{
    const QString dir = m_lab.path(QStringLiteral("workers/") + name);
    QDir().mkpath(dir);
    const QString path = QDir(dir).filePath(QStringLiteral("hamgam-worker"));
    return TestSupport::writeScript(path, script) ? path : QString();
}

bool TestPreflight::restartWithWorker(int i, const QString &worker, QString *error)
{
    ProcessLab::Agent &a = m_lab.agent(i);
    a.process->terminate();
    if (!a.process->waitForFinished(10000))
        a.process->kill();
    a.process->waitForFinished(2000);
    // As ProcessLab starts it, on the same port and config directory (where the
    // controller's fingerprint is already trusted), with another worker.
    auto p = std::make_unique<QProcess>();
    p->setProcessEnvironment(m_lab.environment());
    p->setStandardErrorFile(a.configDir + QStringLiteral(".log"), QIODevice::Append);
    p->start(ProcessLab::binary(QStringLiteral("hamgam-agent")),
             {QStringLiteral("--config-dir"), a.configDir, QStringLiteral("--bind"),
              QStringLiteral("127.0.0.1"), QStringLiteral("--port"), QString::number(a.port),
              QStringLiteral("--name"), a.name, QStringLiteral("--discovery-port"),
              QString::number(m_lab.discoveryPort()), QStringLiteral("--discovery-targets"),
              QStringLiteral("127.255.255.255"), QStringLiteral("--beacon-interval-ms"),
              QStringLiteral("500"), QStringLiteral("--worker"),
              worker.isEmpty() ? ProcessLab::binary(QStringLiteral("hamgam-worker")) : worker});
    QByteArray out;
    const bool up = p->waitForStarted(5000) &&
                    QTest::qWaitFor(
                        [&] {
                            out += p->readAllStandardOutput();
                            return out.contains("listening on") || p->state() == QProcess::NotRunning;
                        },
                        15000) &&
                    out.contains("listening on");
    a.process = std::move(p);
    if (!up)
        *error = QStringLiteral("agent %1 did not come back: %2").arg(a.name, QString::fromUtf8(out));
    return up;
}

TestPreflight::CtlResult TestPreflight::ctl(const QStringList &args)
{
    QByteArray out;
    QByteArray err;
    CtlResult r;
    r.code = m_lab.ctl(args, &out, &err, 120000);
    r.out = QString::fromUtf8(out);
    r.err = QString::fromUtf8(err);
    return r;
}

QList<QStringList> TestPreflight::agentRuns()
{
    QList<QStringList> out;
    for (int i = 0; i < m_lab.agentCount(); ++i)
        out << entries(QDir(m_lab.agent(i).configDir).filePath(QStringLiteral("runs")));
    return out;
}

qsizetype TestPreflight::historyRuns() const
{
    if (!QFileInfo::exists(m_lab.historyPath()))
        return 0;
    HistoryStore history(m_lab.historyPath());
    return history.open() ? history.runs().size() : -1;
}

void TestPreflight::verifyNothingStarted(qsizetype runsBefore, const QList<QStringList> &agentRunsBefore)
{
    QCOMPARE(historyRuns(), runsBefore);
    QCOMPARE(agentRuns(), agentRunsBefore);
    for (int i = 0; i < m_lab.agentCount(); ++i)
        QVERIFY2(m_lab.workerPids(i).isEmpty(), qPrintable(QStringLiteral("a worker runs on node%1").arg(i)));
}

void TestPreflight::healthyNodesAreReady()
{
    const CtlResult r =
        ctl({QStringLiteral("check"),
             writeConfig(QStringLiteral("healthy"), labConfig(QStringLiteral("healthy"), {0, 1, 2}))});
    QVERIFY2(r.code == 0, qPrintable(r.context()));
    const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY2(lines.contains(QLatin1String("node0: ok")) && lines.contains(QLatin1String("node1: ok")) &&
                 lines.contains(QLatin1String("node2: ok")) &&
                 lines.last() == QLatin1String("Ready to start."),
             qPrintable(r.context()));
    QVERIFY2(!r.out.contains(QLatin1String("error:")), qPrintable(r.context()));
}

void TestPreflight::workerProblems_data()
{
    QTest::addColumn<QString>("worker"); // "" (absent), or a script's name
    QTest::addColumn<QByteArray>("script");
    QTest::addColumn<QString>("message"); // %1: the worker's path, %2: the agent's version
    QTest::newRow("missing") << QString() << QByteArray()
                             << "the training worker %1 is not installed on this machine";
    QTest::newRow("another version")
        << QStringLiteral("other-version") << QByteArray("echo 'hamgam-worker 9.9.9'\n")
        << "the training worker is version 9.9.9 but the agent is %2; install one Hamgam version";
    QTest::newRow("does not run")
        << QStringLiteral("broken")
        << QByteArray("echo 'error while loading shared libraries: libtorch_cpu.so' >&2\nexit 127\n")
        << "the training worker %1 does not run: error while loading shared libraries: libtorch_cpu.so";
}

void TestPreflight::workerProblems()
{
    QFETCH(QString, worker);
    QFETCH(QByteArray, script);
    QFETCH(QString, message);
    const QString path =
        worker.isEmpty() ? m_lab.path(QStringLiteral("nowhere/hamgam-worker")) : fakeWorker(worker, script);
    QVERIFY(!path.isEmpty());
    QString error;
    QVERIFY2(restartWithWorker(1, path, &error), qPrintable(error));
    auto restore = qScopeGuard([&] {
        QString e;
        if (!restartWithWorker(1, {}, &e))
            qWarning("%s", qPrintable(e));
    });
    const QString expected = QString(message)
                                 .replace(QLatin1String("%1"), path)
                                 .replace(QLatin1String("%2"), QString::fromLatin1(Hamgam::kVersion));
    const QString config = writeConfig(QStringLiteral("worker"), labConfig(QStringLiteral("worker"), {0, 1}));

    const CtlResult check = ctl({QStringLiteral("check"), config});
    QCOMPARE(check.code, 1);
    const QStringList lines = check.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY2(lines.contains(QLatin1String("node0: ok")), qPrintable(check.context()));
    QVERIFY2(lines.filter(QRegularExpression(QStringLiteral("^node1: 1 problem"))).size() == 1,
             qPrintable(check.context()));
    QVERIFY2(lines.contains(QStringLiteral("  error: ") + expected), qPrintable(check.context()));
    QCOMPARE(lines.last(), QStringLiteral("Not ready: fix the errors above."));

    const qsizetype runsBefore = historyRuns();
    const QList<QStringList> agentRunsBefore = agentRuns();
    const CtlResult run = ctl({QStringLiteral("run"), config, QStringLiteral("--follow")});
    QVERIFY2(run.code == 4, qPrintable(run.context())); // refused
    QCOMPARE(errorLines(run.err),
             (QStringList{QStringLiteral("pre-flight found problems, nothing was started:"),
                          QStringLiteral("node1: ") + expected}));
    QVERIFY2(!run.out.contains(QLatin1String("started")), qPrintable(run.context()));
    verifyNothingStarted(runsBefore, agentRunsBefore);
}

void TestPreflight::startWithErrorsIsRefusedWithEveryNodesReasons()
{
    const QString missing = m_lab.path(QStringLiteral("nowhere/hamgam-worker"));
    const QString other = fakeWorker(QStringLiteral("other-version"), "echo 'hamgam-worker 9.9.9'\n");
    QString error;
    QVERIFY2(restartWithWorker(1, missing, &error), qPrintable(error));
    QVERIFY2(restartWithWorker(2, other, &error), qPrintable(error));
    auto restore = qScopeGuard([&] {
        QString e;
        for (int i : {1, 2}) {
            if (!restartWithWorker(i, {}, &e))
                qWarning("%s", qPrintable(e));
        }
    });
    const QString config =
        writeConfig(QStringLiteral("three"), labConfig(QStringLiteral("three"), {0, 1, 2}));
    const QString node1 =
        QStringLiteral("the training worker %1 is not installed on this machine").arg(missing);
    const QString node2 =
        QStringLiteral("the training worker is version 9.9.9 but the agent is %1; install one Hamgam version")
            .arg(QString::fromLatin1(Hamgam::kVersion));

    const CtlResult check = ctl({QStringLiteral("check"), config});
    QCOMPARE(check.code, 1);
    QVERIFY2(check.out.contains(QStringLiteral("node0: ok\n")), qPrintable(check.context()));
    // Each node's findings under its own name.
    QVERIFY2(
        check.out.contains(QRegularExpression(
            QStringLiteral("node1: 1 problem\\S*\\n  error: %1\\n").arg(QRegularExpression::escape(node1)))),
        qPrintable(check.context()));
    QVERIFY2(
        check.out.contains(QRegularExpression(
            QStringLiteral("node2: 1 problem\\S*\\n  error: %1\\n").arg(QRegularExpression::escape(node2)))),
        qPrintable(check.context()));

    const qsizetype runsBefore = historyRuns();
    const QList<QStringList> agentRunsBefore = agentRuns();
    const CtlResult run = ctl({QStringLiteral("run"), config});
    QVERIFY2(run.code == 4, qPrintable(run.context()));
    QCOMPARE(errorLines(run.err),
             (QStringList{QStringLiteral("pre-flight found problems, nothing was started:"),
                          QStringLiteral("node1: ") + node1, QStringLiteral("node2: ") + node2}));
    verifyNothingStarted(runsBefore, agentRunsBefore);
}

void TestPreflight::hostMemoryTooSmallForTheBatch()
{
    // 16 layers of 65536 units and 10 million samples a step: terabytes, more than any machine here has.
    QJsonObject c = labConfig(QStringLiteral("huge"), {0, 1, 2});
    QJsonArray hidden;
    for (int i = 0; i < 16; ++i)
        hidden.append(65536);
    c[QStringLiteral("model")] =
        QJsonObject{{QStringLiteral("kind"), QStringLiteral("mlp")}, {QStringLiteral("hidden"), hidden}};
    c[QStringLiteral("global_batch")] = 10000000;
    const QString config = writeConfig(QStringLiteral("huge"), c);
    // On a CPU node the machine's available memory counts; on a GPU node, the device's free memory.
    const QRegularExpression finding(QStringLiteral(
        "^  error: (this machine has .+ of memory available but the run needs about .+ "
        "here|.+ has .+ to use but the model alone needs about .+ there \\(.+\\); use lsdp, more devices "
        "or a smaller model)$"));

    const CtlResult check = ctl({QStringLiteral("check"), config});
    QCOMPARE(check.code, 1);
    const QStringList lines = check.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY2(lines.filter(finding).size() == 3, qPrintable(check.context()));
    for (int i = 0; i < 3; ++i)
        QVERIFY2(lines.filter(QRegularExpression(QStringLiteral("^node%1: 1 problem").arg(i))).size() == 1,
                 qPrintable(check.context()));

    const qsizetype runsBefore = historyRuns();
    const QList<QStringList> agentRunsBefore = agentRuns();
    const CtlResult run = ctl({QStringLiteral("run"), config, QStringLiteral("--follow")});
    QVERIFY2(run.code == 4, qPrintable(run.context()));
    const QStringList err = errorLines(run.err);
    QCOMPARE(err.value(0), QStringLiteral("pre-flight found problems, nothing was started:"));
    QCOMPARE(err.size(), 4);
    for (int i = 0; i < 3; ++i)
        QVERIFY2(err[i + 1].startsWith(QStringLiteral("node%1: ").arg(i)) &&
                     err[i + 1].contains(QLatin1String("needs about")),
                 qPrintable(run.context()));
    verifyNothingStarted(runsBefore, agentRunsBefore);
}

// --- The rendezvous port ----------------------------------------------------

// Issue #29, item 12: Check passed an fp16 run on a CPU machine whose worker (LibTorch 1.13) refuses
// fp16 on the CPU at its start; the run then failed. Check says it, from what the worker says it is.
void TestPreflight::aPrecisionThisMachineCannotRunIsAnError()
{
    QJsonObject fp16 = baseConfig(QStringLiteral("half"),
                                  QJsonArray{QJsonObject{{QStringLiteral("agent"), QStringLiteral("me")},
                                                         {QStringLiteral("devices"), QJsonArray{0}}}});
    fp16.insert(QStringLiteral("precision"), QStringLiteral("fp16"));
    Preflight::Input in;
    in.config = parse(fp16);
    in.agentVersion = QString::fromLatin1(Hamgam::kVersion);
    const QByteArray version = "echo 'hamgam-worker " + QByteArray(Hamgam::kVersion) + "'\n";
    in.workerProgram = fakeWorker(QStringLiteral("torch113"), version + "echo 'LibTorch 1.13.0 (CPU)'\n");
    const Preflight::Result old = Preflight::run(in);
    QCOMPARE(old.errors.size(), 1);
    QCOMPARE(
        old.errors.first().toString(),
        QStringLiteral("precision fp16 needs a GPU here: this machine trains on its CPU, and its worker's "
                       "LibTorch 1.13 runs only bf16 there (choose bf16 or fp32)"));
    // LibTorch 2.2 and later run fp16 on the CPU; bf16 runs everywhere; a worker that does not say is let be.
    in.workerProgram = fakeWorker(QStringLiteral("torch26"), version + "echo 'LibTorch 2.6.0 (CPU)'\n");
    QVERIFY2(Preflight::run(in).ok(), qPrintable(Preflight::run(in).errors.value(0).toString()));
    in.workerProgram = fakeWorker(QStringLiteral("unsaid"), version);
    QVERIFY(Preflight::run(in).ok());
    fp16.insert(QStringLiteral("precision"), QStringLiteral("bf16"));
    in.config = parse(fp16);
    in.workerProgram =
        fakeWorker(QStringLiteral("torch113-bf16"), version + "echo 'LibTorch 1.13.0 (CPU)'\n");
    QVERIFY(Preflight::run(in).ok());
    // A CUDA worker on a machine with a GPU trains there.
    fp16.insert(QStringLiteral("precision"), QStringLiteral("fp16"));
    in.config = parse(fp16);
    in.workerProgram =
        fakeWorker(QStringLiteral("torch113-cuda"), version + "echo 'LibTorch 1.13.1 (CUDA)'\n");
    DeviceSample gpu;
    gpu.kind = DeviceSample::Kind::Gpu;
    gpu.memoryTotal = qint64(80) << 30;
    in.telemetry.devices = {gpu};
    const Preflight::Result onGpu = Preflight::run(in);
    for (const TranslatableText &e : onGpu.errors)
        QVERIFY2(!e.toString().contains(QLatin1String("fp16")), qPrintable(e.toString()));
}

void TestPreflight::masterWithoutAFreePortIsAnError()
{
    Preflight::Input in;
    in.config = parse(baseConfig(QStringLiteral("port"),
                                 QJsonArray{QJsonObject{{QStringLiteral("agent"), QStringLiteral("me")},
                                                        {QStringLiteral("devices"), QJsonArray{0}}}}));
    in.master = true;
    in.workerProgram = ProcessLab::binary(QStringLiteral("hamgam-worker"));
    in.agentVersion = QString::fromLatin1(Hamgam::kVersion);
    const Preflight::Result fine = Preflight::run(in); // also caches the worker's version
    QVERIFY2(fine.ok(), qPrintable(fine.errors.value(0).toString()));
    QVERIFY(fine.port > 0);
    // Only the master looks for a port.
    in.master = false;
    QCOMPARE(Preflight::run(in).port, quint16(0));

    // No socket can be opened: the master finds no port for the rendezvous.
    in.master = true;
    rlimit saved{};
    QVERIFY(::getrlimit(RLIMIT_NOFILE, &saved) == 0);
    rlimit none = saved;
    none.rlim_cur = 0;
    QVERIFY(::setrlimit(RLIMIT_NOFILE, &none) == 0);
    const Preflight::Result starved = Preflight::run(in);
    ::setrlimit(RLIMIT_NOFILE, &saved);
    QCOMPARE(starved.port, quint16(0));
    QCOMPARE(starved.errors.size(), 1);
    QCOMPARE(starved.errors.first().toString(),
             QStringLiteral("no free TCP port for the workers' rendezvous"));
}

void TestPreflight::portTakenAfterTheCheckIsNotUsed()
{
    // A controller in this process drives the lab's agents, so the port each
    // pre-flight chose can be read: a check's port, taken by someone else
    // before the start, must not be the one the workers meet at.
    LabController lab(m_lab);
    QVERIFY2(lab.error().isEmpty(), qPrintable(lab.error()));
    QVERIFY(lab.waitReady());
    NodeRegistry &registry = lab.registry();

    const RunConfig config = parse(labConfig(QStringLiteral("port"), {0, 1, 2}));
    quint16 checked = 0;
    {
        RunController controller(registry, nullptr);
        PreflightOutcome outcome(controller);
        controller.preflight(config);
        QVERIFY(QTest::qWaitFor([&] { return outcome.finished; }, 30000));
        QVERIFY2(outcome.ok, qPrintable(outcome.nodes.value(0).errors.join(QLatin1Char('\n'))));
        QCOMPARE(outcome.nodes.size(), 3);
        checked = outcome.nodes[0].port;
        QVERIFY(checked > 0);
        QCOMPARE(outcome.nodes[1].port, quint16(0));
        QCOMPARE(outcome.nodes[2].port, quint16(0));
    }
    QTcpServer squatter;
    QVERIFY2(squatter.listen(QHostAddress::Any, checked), qPrintable(squatter.errorString()));

    HistoryStore history(m_lab.path(QStringLiteral("port-history.sqlite")));
    QVERIFY(history.open().ok());
    RunController controller(registry, &history);
    PreflightOutcome outcome(controller);
    controller.start(config);
    QVERIFY(QTest::qWaitFor([&] { return !outcome.startedRun.isEmpty() || !outcome.startFailure.isEmpty(); },
                            30000));
    QVERIFY2(outcome.startFailure.isEmpty(), qPrintable(outcome.startFailure));
    const quint16 used = outcome.nodes.value(0).port;
    QVERIFY(used > 0);
    QVERIFY(used != checked);
    QVERIFY2(QTest::qWaitFor([&] { return outcome.ended.has_value(); }, 120000), "the run did not end");
    QCOMPARE(*outcome.ended, RunStatus::Finished);
    history.flush();
    const QList<RunEvent> launch = history.events(outcome.startedRun, {QStringLiteral("launch")});
    QCOMPARE(launch.size(), 1);
    QCOMPARE(launch.first().payload.value(QStringLiteral("master")).toString(),
             QStringLiteral("127.0.0.1:%1").arg(used));
    QCOMPARE(history.stepRowCount(outcome.startedRun), 3 * 10);
}

void TestPreflight::portTakenAtLaunchFailsTheRunWithItsReason()
{
    // Pre-flight only finds a port that is free at that moment; the master's
    // worker binds it later. Taken in between (here: the instant pre-flight
    // reports, before the launch), the run must fail with that reason.
    LabController lab(m_lab);
    QVERIFY2(lab.error().isEmpty(), qPrintable(lab.error()));
    QVERIFY(lab.waitReady());
    NodeRegistry &registry = lab.registry();

    HistoryStore history(m_lab.historyPath());
    QVERIFY(history.open().ok());
    RunController controller(registry, &history);
    PreflightOutcome outcome(controller);
    QTcpServer squatter;
    connect(&controller, &RunController::preflightFinished, &squatter,
            [&](const QList<RunController::NodePreflight> &results, bool) {
                squatter.listen(QHostAddress::Any, results.value(0).port);
            });
    controller.start(parse(labConfig(QStringLiteral("squatted"), {0, 1, 2})));
    QVERIFY(QTest::qWaitFor([&] { return !outcome.startedRun.isEmpty() || !outcome.startFailure.isEmpty(); },
                            30000));
    QVERIFY2(squatter.isListening(), qPrintable(squatter.errorString()));
    QVERIFY2(QTest::qWaitFor([&] { return outcome.ended.has_value(); }, 120000), "the run did not end");
    QCOMPARE(*outcome.ended, RunStatus::Failed);
    const QString reason = controller.reason();
    QVERIFY2(
        reason.contains(
            QStringLiteral(
                "node0: device 0 (rank 0) exited with code 3: cannot serve the rendezvous store on port %1")
                .arg(squatter.serverPort())),
        qPrintable(reason));
    history.flush();
    QCOMPARE(history.run(outcome.startedRun)->reason.toString(), reason);
    for (int i = 0; i < m_lab.agentCount(); ++i)
        QVERIFY(QTest::qWaitFor([&] { return m_lab.workerPids(i, outcome.startedRun).isEmpty(); }, 30000));
    // The cause comes first. The other ranks, waiting for the master, are then killed by
    // the teardown the controller itself asked for (abort after its failure grace): those
    // kills are consequences and must not be named as the reason.
    QVERIFY2(reason.startsWith(QLatin1String("node0, rank 0: ")), qPrintable(reason));
}

QTEST_GUILESS_MAIN(TestPreflight)
#include "tst_preflight.moc"
