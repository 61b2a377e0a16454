// A RunSession owns a run, with no view at all: a real run through an agent
// in this process (its worker a small script that prints what a real worker
// prints, docs/worker-events.md), a real history in a temporary directory.
// The session's doctor, on its own timer, records its findings in the run's
// history; the node list and the node speeds are worked out once, and are
// what the views are given.
#include "agentdaemon.h"
#include "fakeprobe.h"
#include "historystore.h"
#include "noderegistry.h"
#include "printers.h"
#include "runsession.h"
#include "smallrunconfig.h"
#include "testsupport.h"
#include "version.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

class TestRunSession : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void doctorRecordsInTheHistoryOnItsOwnTimer();
    void attachTakesTheNodesFromTheHistory();

private:
    TestSupport::Controller m_controller = TestSupport::makeController();
    QTemporaryDir m_dir;
    std::unique_ptr<AgentDaemon> m_agent;
    std::unique_ptr<NodeRegistry> m_registry;
    std::unique_ptr<HistoryStore> m_history;
    QString m_runId;
    QList<LiveRunData::NodeInfo> m_nodes; ///< the first session's
};

void TestRunSession::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // One rank that waits 30 ms of each 75 ms step for its data: the doctor names it.
    const QString worker = m_dir.filePath(QStringLiteral("hamgam-worker"));
    QVERIFY(TestSupport::writeScript(
        worker,
        "if [ \"$1\" = --version ]; then echo 'hamgam-worker " + QByteArray(Hamgam::kVersion) +
            "'; exit 0; fi\n"
            "echo '{\"event\":\"ready\",\"steps\":10}'\n"
            "echo '{\"event\":\"plan\",\"step\":0,\"batches\":[48]}'\n"
            "i=1\n"
            "while [ $i -le 5 ]; do\n"
            "  echo '{\"event\":\"step\",\"step\":'$i',\"loss\":1.5,\"local_batch\":48,\"data_ms\":30,"
            "\"compute_ms\":40,\"wait_ms\":0,\"comm_ms\":2,\"optimizer_ms\":3,\"samples_per_s\":640}'\n"
            "  i=$((i+1)); sleep 0.05\n"
            "done\n"
            "read line\n"
            "echo '{\"event\":\"done\",\"reason\":\"stopped\",\"step\":5}'\n"
            "exit 0\n"));
    const QString configDir = m_dir.filePath(QStringLiteral("agent"));
    QVERIFY(QDir().mkpath(configDir));
    QVERIFY(TestSupport::trustController(configDir, m_controller));
    AgentOptions options = TestSupport::loopbackOptions(configDir);
    options.name = QStringLiteral("box");
    options.workerPath = worker;
    options.telemetryHz = 10;
    m_agent = std::make_unique<AgentDaemon>(options, std::make_unique<FakeProbe>());
    const Status started = m_agent->start();
    QVERIFY2(started.ok(), qPrintable(started.error()));
    QVERIFY(m_controller.profile.pins()
                .add(m_agent->identity().fingerprint(), QStringLiteral("box"), m_agent->nodeId())
                .ok());
    m_registry = std::make_unique<NodeRegistry>(m_controller.profile.identity(), m_controller.profile.pins());
    m_registry->start(nullptr);
    m_registry->addManual(QStringLiteral("127.0.0.1"), m_agent->port());
    QVERIFY(QTest::qWaitFor([&] { return m_registry->readyKeys().contains(m_agent->nodeId()); }, 15000));
    m_history = std::make_unique<HistoryStore>(m_dir.filePath(QStringLiteral("history.sqlite")));
    QVERIFY(m_history->open().ok());
}

void TestRunSession::cleanupTestCase()
{
    m_registry.reset();
    m_agent.reset();
    m_history.reset();
}

void TestRunSession::doctorRecordsInTheHistoryOnItsOwnTimer()
{
    QList<ConfigError> errors;
    const RunConfig config = RunConfig::fromJson(
        smallRunConfig(QStringLiteral("session"),
                       QJsonArray{QJsonObject{{QStringLiteral("agent"), m_agent->nodeId()},
                                              {QStringLiteral("devices"), QJsonArray{0}}}}),
        &errors);
    QVERIFY(errors.isEmpty());
    RunSession session(*m_registry, m_history.get());
    QSignalSpy speeds(&session, &RunSession::nodeSpeedChanged);
    QSignalSpy plans(&session, &RunSession::planChanged);
    QSignalSpy changed(&session, &RunSession::findingsChanged);
    QString failure;
    connect(&session.controller(), &RunController::startFailed, this, [&](const QString &m) { failure = m; });
    session.start(config);

    // The node list, built once at the start: the live data (and so every plot) holds the same one.
    QCOMPARE(session.nodes().size(), 1);
    QCOMPARE(session.nodes().first().key, m_agent->nodeId());
    QCOMPARE(session.nodes().first().firstRank, 0);
    QCOMPARE(session.nodes().first().devices, QList<int>{0});
    QVERIFY(!session.nodes().first().name.isEmpty());
    QCOMPARE(&session.nodes(), &session.data().nodes());
    m_nodes = session.nodes();

    QVERIFY2(QTest::qWaitFor([&] { return !failure.isEmpty() || session.data().step() == 5; }, 30000),
             qPrintable(failure));
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    m_runId = session.controller().runId();
    QVERIFY(!m_runId.isEmpty());
    QCOMPARE(session.controller().status(), RunStatus::Running);

    // Nobody asks for a diagnosis: the session's timer makes it and records it.
    QList<RunEvent> recorded;
    QVERIFY(QTest::qWaitFor(
        [&] {
            m_history->flush();
            recorded = m_history->events(m_runId, {QStringLiteral("diagnosis")});
            return !recorded.isEmpty();
        },
        10000));
    QCOMPARE(recorded.first().source, QStringLiteral("controller"));
    const QJsonArray findings = recorded.first().payload.value(QStringLiteral("findings")).toArray();
    QVERIFY(std::any_of(findings.begin(), findings.end(), [&](const QJsonValue &v) {
        const QJsonObject f = v.toObject();
        return f.value(QStringLiteral("reason")).toString() == QLatin1String("data") &&
               f.value(QStringLiteral("node")).toString() == m_nodes.first().name &&
               f.value(QStringLiteral("rank")).toInt() == 0 &&
               !f.value(QStringLiteral("evidence")).toString().isEmpty() &&
               !f.value(QStringLiteral("action")).toString().isEmpty();
    }));
    QVERIFY(!changed.isEmpty());
    const auto last = changed.last().first().value<QList<UtilizationDoctor::Finding>>();
    QCOMPARE(last.size(), session.findings().size());
    QCOMPARE(qsizetype(findings.size()), last.size());

    // Once a second, as the live view used to ask: never at the frame rate.
    QElapsedTimer clock;
    clock.start();
    const quint64 before = session.findingsRevision();
    QTest::qWait(2500);
    const quint64 evaluations = session.findingsRevision() - before;
    QVERIFY2(evaluations >= 1 && evaluations <= quint64(clock.elapsed() / RunSession::kDoctorIntervalMs) + 1,
             qPrintable(QString::number(evaluations)));

    // Speeds: 48 samples in 40 ms of compute, worked out once for five equal steps, and signalled as such.
    QCOMPARE(session.nodeSpeeds().value(m_agent->nodeId()), 1200.0);
    QCOMPARE(speeds.size(), 1);
    QCOMPARE(speeds.first().at(0).toString(), m_agent->nodeId());
    QCOMPARE(speeds.first().at(1).toDouble(), 1200.0);
    // The plan, once though it could come from every rank.
    QCOMPARE(plans.size(), 1);
    const auto plan = plans.first().at(0).value<QHash<QString, double>>();
    QCOMPARE(plan, (QHash<QString, double>{{m_agent->nodeId(), 48.0}}));
    QCOMPARE(plans.first().at(1).toInt(), 48);
    QCOMPARE(session.plannedBatches(), plan);

    // The machines' readings are plotted while the run goes on (10 a second from this agent)...
    const quint64 devicesBefore = session.data().revision(LiveRunData::Part::Devices);
    QTRY_VERIFY_WITH_TIMEOUT(session.data().revision(LiveRunData::Part::Devices) > devicesBefore, 5000);

    QSignalSpy finished(&session.controller(), &RunController::finished);
    QVERIFY(session.etaSeconds() >= 0); // 5 of 10 steps at the pace so far
    session.controller().stop();
    // Stopped, nothing is "left": the header does not count down to an end that will not come.
    QVERIFY(session.controller().endRequested());
    QCOMPARE(session.etaSeconds(), -1.0);
    QVERIFY(finished.wait(20000));
    QCOMPARE(session.controller().status(), RunStatus::Stopped);
    // ...and no longer once it ended, though the agent still reports them (issue #31, item 4).
    const quint64 devicesAtEnd = session.data().revision(LiveRunData::Part::Devices);
    QTest::qWait(1000);
    QCOMPARE(session.data().revision(LiveRunData::Part::Devices), devicesAtEnd);
}

void TestRunSession::attachTakesTheNodesFromTheHistory()
{
    if (m_runId.isEmpty())
        QSKIP("the run of the test before did not start");
    RunSession session(*m_registry, m_history.get());
    QVERIFY(!session.attach(QStringLiteral("no-such-run")));
    QSignalSpy plans(&session, &RunSession::planChanged);
    QVERIFY(session.attach(m_runId));
    QCOMPARE(session.controller().runId(), m_runId);
    // The same machines, ranks and devices as the session that started the run.
    QCOMPARE(session.nodes().size(), m_nodes.size());
    QCOMPARE(session.nodes().first().key, m_nodes.first().key);
    QCOMPARE(session.nodes().first().name, m_nodes.first().name);
    QCOMPARE(session.nodes().first().firstRank, m_nodes.first().firstRank);
    QCOMPARE(session.nodes().first().devices, m_nodes.first().devices);
    QCOMPARE(&session.nodes(), &session.data().nodes());
    // The replayed history's plan, signalled once when the replay is over.
    QCOMPARE(plans.size(), 1);
    QCOMPARE(session.plannedBatches(), (QHash<QString, double>{{m_agent->nodeId(), 48.0}}));
    QCOMPARE(session.data().totalSteps(), 10);
}

QTEST_GUILESS_MAIN(TestRunSession)
#include "tst_runsession.moc"
