// The shared lab end to end (issue #19, docs/lab.md): real agents in this
// process on loopback, each with fake GPUs and a lab clock the test moves by
// hand, real controllers over mutual TLS, and runs whose worker is a small
// script. Each item of the issue has its case here: users, leases all or
// nothing, the queue on the agents (also over two nodes, with a coordinator),
// bookings, the lab view, the admin's rules, idle reclaim, notices, and the
// faults: an agent restart, a controller that dies while leasing, clocks
// minutes apart, and many controllers racing for one device.
#include "agentclient.h"
#include "agentdaemon.h"
#include "fakeprobe.h"
#include "historystore.h"
#include "labclient.h"
#include "labclock.h"
#include "labservice.h"
#include "noderegistry.h"
#include "printers.h"
#include "runcontroller.h"
#include "runsupervisor.h"
#include "smallrunconfig.h"
#include "testsupport.h"
#include "version.h"

#include <memory>
#include <optional>
#include <QCborArray>
#include <QDir>
#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <vector>

namespace {

/// The agent's lab clock: this computer's, plus whatever the test adds (to skip ahead, or to skew it).
class TestClock final : public LabClock
{
public:
    explicit TestClock(qint64 offsetMs)
        : m_offsetMs(offsetMs)
    {}
    qint64 nowMs() const override { return QDateTime::currentMSecsSinceEpoch() + m_offsetMs; }
    void advance(qint64 ms) { m_offsetMs += ms; }

private:
    qint64 m_offsetMs;
};

/// An agent with `gpus` fake GPUs, its lab clock in the test's hands.
struct LabAgent
{
    QString configDir;
    TestClock *clock = nullptr; ///< owned by the daemon
    FakeProbe *probe = nullptr; ///< owned by the daemon
    std::unique_ptr<AgentDaemon> daemon;
};

/// One controller: its profile (a user name of its own), a registry connected to the agents, a history.
struct Lab
{
    TestSupport::Controller controller;
    std::unique_ptr<NodeRegistry> registry;
    std::unique_ptr<HistoryStore> history;
};

QCborArray cborInts(const QList<int> &list)
{
    QCborArray a;
    for (int v : list)
        a.append(v);
    return a;
}

} // namespace

class TestLabAgents : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    // 1. users
    void helloCarriesTheUserAndRunsRecordIt();
    void aUserNameBelongsToTheFirstController();
    void aDeviceShowsWhoseWorkersHoldIt();
    // 2. leases
    void aHeldDeviceIsRefusedWithItsHolder();
    void leasesAreAllOrNothingOverNodes();
    void aPendingLeaseExpires();
    // 3. the queue
    void aQueuedRunStartsWhenItsDeviceIsFree();
    void aQueuedRunOverTwoNodesStartsThroughItsCoordinator();
    void aCoordinatorMayOnlyStartItsRun();
    void cancellingTakesARunOutOfTheQueue();
    // 4. bookings
    void overlappingBookingsAreRefused();
    void aBookingKeepsOtherUsersOff();
    // 5. the lab view
    void theLabViewShowsHoldersAndUtilization();
    // 6. the rules
    void onlyTheAdminChangesTheRules();
    void theRulesAreEnforced();
    // 7. idle reclaim, 8. notices
    void anIdleLeaseIsReclaimedAndItsUserTold();
    // 9. faults
    void anAgentRestartKeepsLeasesQueueAndBookings();
    void aControllerThatDiesWhileLeasingHoldsNothing();
    void clocksMinutesApartKeepBookingsInPlace();
    void racingControllersNeverBothWin();

private:
    LabAgent startAgent(const QString &name, int gpus, qint64 clockSkewMs = 0, const QString &configDir = {});
    Lab connect(const QString &user, const QList<LabAgent *> &agents);
    /// A plain client on one agent, handshake done.
    std::unique_ptr<AgentClient> client(const TestSupport::Controller &controller, const LabAgent &agent,
                                        const QString &user);
    Expected<QCborMap> request(AgentClient &client, Message::Type type, const QCborMap &body);
    RunConfig config(const QString &name, const QList<std::pair<const LabAgent *, QList<int>>> &nodes);
    /// Waits for a run's state on an agent.
    bool waitForState(const LabAgent &agent, const QString &runId, const QString &state, int ms = 15000);

    QTemporaryDir m_dir;
    QString m_worker;
    QList<std::shared_ptr<TestSupport::Controller>> m_controllers; ///< trusted on every agent started after
    std::shared_ptr<TestSupport::Controller> m_sara;
    std::shared_ptr<TestSupport::Controller> m_ali;
    std::shared_ptr<TestSupport::Controller> m_admin;
    QList<std::shared_ptr<LabAgent>> m_agents;
    QList<std::shared_ptr<Lab>> m_labs;
};

void TestLabAgents::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // A worker that trains nothing: "short..." runs complete at once, the others until asked to stop.
    m_worker = m_dir.filePath(QStringLiteral("hamgam-worker"));
    QVERIFY(TestSupport::writeScript(
        m_worker, "if [ \"$1\" = --version ]; then echo 'hamgam-worker " + QByteArray(Hamgam::kVersion) +
                      "'; exit 0; fi\n"
                      "echo '{\"event\":\"ready\",\"total_steps\":10}'\n"
                      "if grep -q '\"name\":\"short' \"$2\"; then\n"
                      "  sleep 0.3\n"
                      "  echo '{\"event\":\"done\",\"reason\":\"completed\",\"step\":10}'\n"
                      "  exit 0\n"
                      "fi\n"
                      "read line\n"
                      "echo '{\"event\":\"done\",\"reason\":\"stopped\",\"step\":1}'\n"
                      "exit 0\n"));
    m_sara = std::make_shared<TestSupport::Controller>(TestSupport::makeController());
    m_ali = std::make_shared<TestSupport::Controller>(TestSupport::makeController());
    m_admin = std::make_shared<TestSupport::Controller>(TestSupport::makeController());
    QVERIFY(m_sara->profile.setUserName(QStringLiteral("sara")).ok());
    QVERIFY(m_ali->profile.setUserName(QStringLiteral("ali")).ok());
    QVERIFY(m_admin->profile.setUserName(QStringLiteral("prof")).ok());
    m_controllers = {m_sara, m_ali, m_admin};
}

void TestLabAgents::init()
{
    m_labs.clear();
    m_agents.clear();
}

void TestLabAgents::cleanup()
{
    m_labs.clear();
    m_agents.clear();
}

LabAgent TestLabAgents::startAgent(const QString &name, int gpus, qint64 clockSkewMs,
                                   const QString &configDir)
{
    LabAgent a;
    a.configDir = configDir.isEmpty()
                      ? m_dir.filePath(name + QString::number(QDateTime::currentMSecsSinceEpoch()))
                      : configDir;
    QDir().mkpath(a.configDir);
    for (const auto &c : std::as_const(m_controllers))
        TestSupport::trustController(a.configDir, *c);
    FingerprintStore admins(AgentDaemon::adminListPath(a.configDir));
    (void)admins.load();
    (void)admins.add(m_admin->profile.identity().fingerprint(), QStringLiteral("test admin"));
    AgentOptions options = TestSupport::loopbackOptions(a.configDir);
    options.name = name;
    options.workerPath = m_worker;
    options.telemetryHz = 10;
    auto probe = std::make_unique<FakeProbe>();
    QList<DeviceSample> devices;
    for (int i = 0; i < gpus; ++i) {
        DeviceSample d = probe->devices.first();
        d.index = i;
        d.utilization = 50;
        devices << d;
    }
    probe->devices = devices;
    a.probe = probe.get();
    auto clock = std::make_unique<TestClock>(clockSkewMs);
    a.clock = clock.get();
    a.daemon = std::make_unique<AgentDaemon>(options, std::move(probe), std::move(clock));
    const Status s = a.daemon->start();
    if (!s)
        qFatal("agent did not start: %s", qPrintable(s.error()));
    return a;
}

Lab TestLabAgents::connect(const QString &user, const QList<LabAgent *> &agents)
{
    std::shared_ptr<TestSupport::Controller> c = user == QLatin1String("sara")  ? m_sara
                                                 : user == QLatin1String("ali") ? m_ali
                                                                                : m_admin;
    Lab lab;
    lab.controller.dir = nullptr;
    lab.controller.profile = c->profile;
    for (const LabAgent *a : agents)
        (void)lab.controller.profile.pins().add(a->daemon->identity().fingerprint(), a->daemon->name(),
                                                a->daemon->nodeId());
    lab.registry =
        std::make_unique<NodeRegistry>(lab.controller.profile.identity(), lab.controller.profile.pins());
    lab.registry->setUser(lab.controller.profile.userName());
    lab.registry->start(nullptr);
    for (const LabAgent *a : agents)
        lab.registry->addManual(QStringLiteral("127.0.0.1"), a->daemon->port());
    const bool connected = QTest::qWaitFor(
        [&] {
            for (const LabAgent *a : agents) {
                if (!lab.registry->readyKeys().contains(a->daemon->nodeId()))
                    return false;
            }
            return true;
        },
        15000);
    if (!connected)
        qWarning("not every agent connected to %s's controller", qPrintable(user));
    lab.history = std::make_unique<HistoryStore>(m_dir.filePath(
        QStringLiteral("history-%1-%2.sqlite").arg(user).arg(QDateTime::currentMSecsSinceEpoch())));
    (void)lab.history->open();
    return lab;
}

std::unique_ptr<AgentClient> TestLabAgents::client(const TestSupport::Controller &controller,
                                                   const LabAgent &agent, const QString &user)
{
    auto c = std::make_unique<AgentClient>(controller.profile.identity(), QStringLiteral("127.0.0.1"),
                                           agent.daemon->port());
    c->setUser(user);
    QSignalSpy ready(c.get(), &AgentClient::handshakeDone);
    c->connectToAgent();
    if (!ready.wait(10000))
        qWarning("no handshake with %s", qPrintable(agent.daemon->name()));
    return c;
}

Expected<QCborMap> TestLabAgents::request(AgentClient &client, Message::Type type, const QCborMap &body)
{
    std::optional<Expected<QCborMap>> result;
    client.request(type, body, nullptr, [&](const Expected<QCborMap> &r) { result = r; });
    if (!QTest::qWaitFor([&] { return result.has_value(); }, 10000))
        return Expected<QCborMap>::failure(QStringLiteral("no reply"));
    return *result;
}

RunConfig TestLabAgents::config(const QString &name,
                                const QList<std::pair<const LabAgent *, QList<int>>> &nodes)
{
    QJsonArray list;
    for (const auto &[agent, devices] : nodes) {
        QJsonArray d;
        for (int i : devices)
            d.append(i);
        list.append(
            QJsonObject{{QStringLiteral("agent"), agent->daemon->nodeId()}, {QStringLiteral("devices"), d}});
    }
    QList<ConfigError> errors;
    RunConfig c = RunConfig::fromJson(smallRunConfig(name, list), &errors);
    if (!errors.isEmpty())
        qWarning("config: %s", qPrintable(errors.first().message));
    return c;
}

bool TestLabAgents::waitForState(const LabAgent &agent, const QString &runId, const QString &state, int ms)
{
    return QTest::qWaitFor([&] { return agent.daemon->runs()->stateOf(runId) == state; }, ms);
}

// --- 1. users -------------------------------------------------------------------------------

void TestLabAgents::helloCarriesTheUserAndRunsRecordIt()
{
    LabAgent box = startAgent(QStringLiteral("box"), 1);
    Lab lab = connect(QStringLiteral("sara"), {&box});
    RunController run(*lab.registry, lab.history.get());
    QSignalSpy started(&run, &RunController::started);
    run.start(config(QStringLiteral("users"), {{&box, {0}}}));
    QVERIFY(started.wait(20000));
    const QJsonArray runs = box.daemon->runs()->list();
    QCOMPARE(runs.size(), 1);
    QCOMPARE(runs.first().toObject().value(QStringLiteral("user")).toString(), QStringLiteral("sara"));
    QCOMPARE(box.daemon->runs()->userOf(run.runId()), QStringLiteral("sara"));
    // The lease of its device is hers too.
    QCOMPARE(box.daemon->lab()->leases().holderOf(0)->user, QStringLiteral("sara"));
    run.abort();
    QVERIFY(waitForState(box, run.runId(), QStringLiteral("aborted")));
}

void TestLabAgents::aUserNameBelongsToTheFirstController()
{
    LabAgent box = startAgent(QStringLiteral("box"), 2);
    auto sara = client(*m_sara, box, QStringLiteral("sara"));
    QVERIFY(request(*sara, Message::Type::LeaseAcquire,
                    {{QStringLiteral("run_id"), QStringLiteral("r1")},
                     {QStringLiteral("devices"), cborInts({0})},
                     {QStringLiteral("now"), QDateTime::currentMSecsSinceEpoch()}})
                .ok());
    // Ali's controller says it is sara: refused, whatever it asks in her name.
    auto spoof = client(*m_ali, box, QStringLiteral("sara"));
    const auto stolen = request(*spoof, Message::Type::LeaseAcquire,
                                {{QStringLiteral("run_id"), QStringLiteral("r2")},
                                 {QStringLiteral("devices"), cborInts({1})},
                                 {QStringLiteral("now"), QDateTime::currentMSecsSinceEpoch()}});
    QVERIFY(!stolen.ok());
    QVERIFY2(stolen.error().contains(QLatin1String("belongs to another controller")),
             qPrintable(stolen.error()));
    QVERIFY(!box.daemon->lab()->leases().holderOf(1));
    // The admin binds ali's computer to the name too: then it may.
    auto admin = client(*m_admin, box, QStringLiteral("prof"));
    QVERIFY(request(*admin, Message::Type::PolicySet,
                    {{QStringLiteral("policy"), QCborMap()},
                     {QStringLiteral("bind"),
                      QCborMap{{QStringLiteral("user"), QStringLiteral("sara")},
                               {QStringLiteral("fingerprint"), m_ali->profile.identity().fingerprint()}}}})
                .ok());
    QVERIFY(request(*spoof, Message::Type::LeaseAcquire,
                    {{QStringLiteral("run_id"), QStringLiteral("r2")},
                     {QStringLiteral("devices"), cborInts({1})},
                     {QStringLiteral("now"), QDateTime::currentMSecsSinceEpoch()}})
                .ok());
}

void TestLabAgents::aDeviceShowsWhoseWorkersHoldIt()
{
    // A machine without a GPU: the CPU is its device, and the agent lists its own workers on it.
    LabAgent box = startAgent(QStringLiteral("box"), 1);
    box.probe->devices[0].kind = DeviceSample::Kind::Cpu;
    Lab lab = connect(QStringLiteral("sara"), {&box});
    RunController run(*lab.registry, lab.history.get());
    QSignalSpy started(&run, &RunController::started);
    run.start(config(QStringLiteral("held"), {{&box, {0}}}));
    QVERIFY(started.wait(20000));
    auto sara = client(*m_sara, box, QStringLiteral("sara"));
    const auto info = request(*sara, Message::Type::HostInfo, {});
    QVERIFY(info.ok());
    const auto snapshot = TelemetrySnapshot::fromCbor(*info);
    QVERIFY2(snapshot.ok(), qPrintable(snapshot.error()));
    QCOMPARE(snapshot->devices.size(), 1);
    const QList<DeviceProcess> procs = snapshot->devices.first().processes;
    QCOMPARE(procs.size(), 1);
    QVERIFY(procs.first().pid > 0);
    QCOMPARE(procs.first().labUser, QStringLiteral("sara"));
    QCOMPARE(procs.first().runId, run.runId());
    QVERIFY(!procs.first().user.isEmpty()); // the account it runs as on the machine
    run.abort();
    QVERIFY(waitForState(box, run.runId(), QStringLiteral("aborted")));
}

// --- 2. leases ------------------------------------------------------------------------------

void TestLabAgents::aHeldDeviceIsRefusedWithItsHolder()
{
    LabAgent box = startAgent(QStringLiteral("box"), 1);
    Lab sara = connect(QStringLiteral("sara"), {&box});
    RunController first(*sara.registry, sara.history.get());
    QSignalSpy started(&first, &RunController::started);
    first.setExpectedSeconds(3600);
    first.start(config(QStringLiteral("long"), {{&box, {0}}}));
    QVERIFY(started.wait(20000));

    Lab ali = connect(QStringLiteral("ali"), {&box});
    RunController second(*ali.registry, ali.history.get());
    QSignalSpy failed(&second, &RunController::startFailed);
    second.start(config(QStringLiteral("second"), {{&box, {0}}}));
    QVERIFY(failed.wait(20000));
    const QString why = failed.first().first().toString();
    QVERIFY2(why.contains(QLatin1String("held by sara")) && why.contains(first.runId()) &&
                 why.contains(QLatin1String("more minute")),
             qPrintable(why));
    QCOMPARE(second.status(), RunStatus::Failed);
    first.abort();
    QVERIFY(waitForState(box, first.runId(), QStringLiteral("aborted")));
}

void TestLabAgents::leasesAreAllOrNothingOverNodes()
{
    LabAgent a = startAgent(QStringLiteral("a"), 1);
    LabAgent b = startAgent(QStringLiteral("b"), 1);
    // Ali holds b's GPU.
    auto ali = client(*m_ali, b, QStringLiteral("ali"));
    QVERIFY(request(*ali, Message::Type::LeaseAcquire,
                    {{QStringLiteral("run_id"), QStringLiteral("alis")},
                     {QStringLiteral("devices"), cborInts({0})},
                     {QStringLiteral("now"), QDateTime::currentMSecsSinceEpoch()}})
                .ok());
    Lab sara = connect(QStringLiteral("sara"), {&a, &b});
    RunController run(*sara.registry, sara.history.get());
    QSignalSpy failed(&run, &RunController::startFailed);
    run.start(config(QStringLiteral("both"), {{&a, {0}}, {&b, {0}}}));
    QVERIFY(failed.wait(20000));
    QVERIFY2(failed.first().first().toString().contains(QLatin1String("held by ali")),
             qPrintable(failed.first().first().toString()));
    // Nothing is left held on a, and nothing started anywhere.
    QVERIFY(QTest::qWaitFor([&] { return !a.daemon->lab()->leases().holderOf(0); }, 5000));
    QCOMPARE(a.daemon->runs()->activeRuns(), 0);
    QCOMPARE(b.daemon->runs()->activeRuns(), 0);
}

void TestLabAgents::aPendingLeaseExpires()
{
    LabAgent box = startAgent(QStringLiteral("box"), 1);
    auto sara = client(*m_sara, box, QStringLiteral("sara"));
    QVERIFY(request(*sara, Message::Type::LeaseAcquire,
                    {{QStringLiteral("run_id"), QStringLiteral("never-confirmed")},
                     {QStringLiteral("devices"), cborInts({0})},
                     {QStringLiteral("now"), QDateTime::currentMSecsSinceEpoch()}})
                .ok());
    QVERIFY(box.daemon->lab()->leases().holderOf(0));
    box.clock->advance(LeaseBook::kDefaultTtlMs + 1000);
    QVERIFY(QTest::qWaitFor([&] { return !box.daemon->lab()->leases().holderOf(0); }, 5000));
}

// --- 3. the queue ---------------------------------------------------------------------------

void TestLabAgents::aQueuedRunStartsWhenItsDeviceIsFree()
{
    LabAgent box = startAgent(QStringLiteral("box"), 1);
    Lab sara = connect(QStringLiteral("sara"), {&box});
    RunController first(*sara.registry, sara.history.get());
    QSignalSpy started(&first, &RunController::started);
    first.start(config(QStringLiteral("first"), {{&box, {0}}}));
    QVERIFY(started.wait(20000));

    Lab ali = connect(QStringLiteral("ali"), {&box});
    RunController queued(*ali.registry, ali.history.get());
    QSignalSpy inQueue(&queued, &RunController::queued);
    QSignalSpy status(&queued, &RunController::statusChanged);
    queued.setExpectedSeconds(600);
    queued.enqueue(config(QStringLiteral("short-queued"), {{&box, {0}}}));
    QVERIFY(inQueue.wait(20000));
    QCOMPARE(inQueue.first().at(1).toInt(), 1); // first in line
    QCOMPARE(queued.status(), RunStatus::Queued);
    QCOMPARE(box.daemon->runs()->stateOf(queued.runId()), QStringLiteral("queued"));
    QCOMPARE(ali.history->run(queued.runId())->status, RunStatus::Queued);

    // Closing ali's controller loses nothing: the queue is on the agent.
    const QString queuedId = queued.runId();
    // Sara's run ends: the agent starts ali's by itself, and it finishes.
    first.stop();
    QVERIFY(waitForState(box, first.runId(), QStringLiteral("stopped")));
    QVERIFY(QTest::qWaitFor([&] { return queued.status() == RunStatus::Finished; }, 20000));
    QCOMPARE(box.daemon->runs()->stateOf(queuedId), QStringLiteral("finished"));
    QVERIFY(box.daemon->lab()->queue().size() == 0);
    QVERIFY(!box.daemon->lab()->leases().holderOf(0));
}

void TestLabAgents::aQueuedRunOverTwoNodesStartsThroughItsCoordinator()
{
    LabAgent a = startAgent(QStringLiteral("a"), 1);
    LabAgent b = startAgent(QStringLiteral("b"), 1);
    auto ali = client(*m_ali, b, QStringLiteral("ali"));
    const auto held = request(*ali, Message::Type::LeaseAcquire,
                              {{QStringLiteral("run_id"), QStringLiteral("alis")},
                               {QStringLiteral("devices"), cborInts({0})},
                               {QStringLiteral("now"), QDateTime::currentMSecsSinceEpoch()}});
    QVERIFY(held.ok());
    Lab sara = connect(QStringLiteral("sara"), {&a, &b});
    RunController run(*sara.registry, sara.history.get());
    QSignalSpy inQueue(&run, &RunController::queued);
    run.enqueue(config(QStringLiteral("short-two-nodes"), {{&a, {0}}, {&b, {0}}}));
    QVERIFY(inQueue.wait(20000));
    QCOMPARE(a.daemon->runs()->stateOf(run.runId()), QStringLiteral("queued"));
    QCOMPARE(b.daemon->runs()->stateOf(run.runId()), QStringLiteral("queued"));
    // a coordinates it: it tries b and is refused while ali holds b's GPU; nothing is held on a meanwhile.
    QTest::qWait(1500);
    QCOMPARE(a.daemon->runs()->stateOf(run.runId()), QStringLiteral("queued"));
    QVERIFY(QTest::qWaitFor([&] { return !a.daemon->lab()->leases().holderOf(0); }, 5000));
    // Ali lets go; a's next try (after its back-off) starts the run on both nodes.
    QVERIFY(request(*ali, Message::Type::LeaseRelease,
                    {{QStringLiteral("lease_id"), held->value(QStringLiteral("lease_id"))}})
                .ok());
    a.clock->advance(20000); // past the back-off
    QVERIFY(QTest::qWaitFor([&] { return run.status() == RunStatus::Finished; }, 30000));
    QCOMPARE(a.daemon->runs()->stateOf(run.runId()), QStringLiteral("finished"));
    QCOMPARE(b.daemon->runs()->stateOf(run.runId()), QStringLiteral("finished"));
    QCOMPARE(b.daemon->runs()->userOf(run.runId()), QStringLiteral("sara"));
}

void TestLabAgents::aCoordinatorMayOnlyStartItsRun()
{
    LabAgent a = startAgent(QStringLiteral("a"), 1);
    LabAgent b = startAgent(QStringLiteral("b"), 2);
    // An agent nobody named as a coordinator is not let in at all.
    {
        AgentClient stranger(a.daemon->identity(), QStringLiteral("127.0.0.1"), b.daemon->port());
        stranger.setRole(QStringLiteral("coordinator"));
        QSignalSpy gone(&stranger, &AgentClient::disconnected);
        stranger.connectToAgent();
        QVERIFY(gone.wait(10000));
        QCOMPARE(gone.first().at(1).toString(), QStringLiteral("untrusted"));
    }
    // Sara queues a two-node run coordinated by a, while her other run holds a's GPU.
    auto hold = client(*m_sara, a, QStringLiteral("sara"));
    QVERIFY(request(*hold, Message::Type::LeaseAcquire,
                    {{QStringLiteral("run_id"), QStringLiteral("hold")},
                     {QStringLiteral("devices"), cborInts({0})},
                     {QStringLiteral("now"), QDateTime::currentMSecsSinceEpoch()}})
                .ok());
    Lab sara = connect(QStringLiteral("sara"), {&a, &b});
    RunController run(*sara.registry, sara.history.get());
    QSignalSpy inQueue(&run, &RunController::queued);
    run.enqueue(config(QStringLiteral("two-nodes"), {{&a, {0}}, {&b, {0}}}));
    QVERIFY(inQueue.wait(20000));
    // Now a's certificate may connect to b as that run's coordinator, and do nothing else.
    AgentClient coordinator(a.daemon->identity(), QStringLiteral("127.0.0.1"), b.daemon->port());
    coordinator.setRole(QStringLiteral("coordinator"));
    QSignalSpy ready(&coordinator, &AgentClient::handshakeDone);
    coordinator.connectToAgent();
    QVERIFY(ready.wait(10000));
    const auto telemetry = request(coordinator, Message::Type::Subscribe,
                                   {{QStringLiteral("topics"), QCborArray{QStringLiteral("telemetry")}}});
    QVERIFY(!telemetry.ok());
    const auto info = request(coordinator, Message::Type::HostInfo, {});
    QVERIFY(!info.ok());
    const auto other = request(coordinator, Message::Type::LeaseAcquire,
                               {{QStringLiteral("run_id"), QStringLiteral("not-that-run")},
                                {QStringLiteral("now"), QDateTime::currentMSecsSinceEpoch()}});
    QVERIFY(!other.ok());
    const auto policy =
        request(coordinator, Message::Type::PolicySet, {{QStringLiteral("policy"), QCborMap()}});
    QVERIFY(!policy.ok());
    // Its own run: a lease on exactly the devices the controller queued there, no others.
    const auto mine = request(coordinator, Message::Type::LeaseAcquire,
                              {{QStringLiteral("run_id"), run.runId()},
                               {QStringLiteral("devices"), cborInts({0, 1})},
                               {QStringLiteral("now"), QDateTime::currentMSecsSinceEpoch()}});
    QVERIFY2(mine.ok(), qPrintable(mine.error()));
    QCOMPARE(b.daemon->lab()->leases().lease(mine->value(QStringLiteral("lease_id")).toString())->devices,
             QList<int>{0});
    run.cancel();
}

void TestLabAgents::cancellingTakesARunOutOfTheQueue()
{
    LabAgent box = startAgent(QStringLiteral("box"), 1);
    auto hold = client(*m_ali, box, QStringLiteral("ali"));
    QVERIFY(request(*hold, Message::Type::LeaseAcquire,
                    {{QStringLiteral("run_id"), QStringLiteral("hold")},
                     {QStringLiteral("devices"), cborInts({0})},
                     {QStringLiteral("now"), QDateTime::currentMSecsSinceEpoch()}})
                .ok());
    Lab sara = connect(QStringLiteral("sara"), {&box});
    RunController run(*sara.registry, sara.history.get());
    QSignalSpy inQueue(&run, &RunController::queued);
    run.enqueue(config(QStringLiteral("to-cancel"), {{&box, {0}}}));
    QVERIFY(inQueue.wait(20000));
    // Ali may not take sara's run out of the queue.
    auto aliClient = client(*m_ali, box, QStringLiteral("ali"));
    const auto refused =
        request(*aliClient, Message::Type::QueueCancel, {{QStringLiteral("run_id"), run.runId()}});
    QVERIFY(!refused.ok());
    QVERIFY(box.daemon->lab()->queue().contains(run.runId()));
    run.cancel();
    QVERIFY(QTest::qWaitFor([&] { return run.status() == RunStatus::Aborted; }, 10000));
    QVERIFY(!box.daemon->lab()->queue().contains(run.runId()));
    QCOMPARE(sara.history->run(run.runId())->status, RunStatus::Aborted);
}

// --- 4. bookings ----------------------------------------------------------------------------

void TestLabAgents::overlappingBookingsAreRefused()
{
    LabAgent box = startAgent(QStringLiteral("box"), 2);
    Lab sara = connect(QStringLiteral("sara"), {&box});
    LabClient saraLab(*sara.registry);
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    std::optional<Expected<QList<LabBooking>>> made;
    saraLab.reserve({{box.daemon->nodeId(), {0, 1}}}, now + 3600000, now + 7200000, QStringLiteral("thesis"),
                    [&](const Expected<QList<LabBooking>> &r) { made = r; });
    QVERIFY(QTest::qWaitFor([&] { return made.has_value(); }, 10000));
    QVERIFY2(made->ok(), qPrintable(made->error()));
    Lab ali = connect(QStringLiteral("ali"), {&box});
    LabClient aliLab(*ali.registry);
    std::optional<Expected<QList<LabBooking>>> clash;
    aliLab.reserve({{box.daemon->nodeId(), {1}}}, now + 5400000, now + 9000000, QString(),
                   [&](const Expected<QList<LabBooking>> &r) { clash = r; });
    QVERIFY(QTest::qWaitFor([&] { return clash.has_value(); }, 10000));
    QVERIFY(!clash->ok());
    QVERIFY2(clash->error().contains(QLatin1String("booked by sara")), qPrintable(clash->error()));
    // Back to back is fine.
    std::optional<Expected<QList<LabBooking>>> after;
    aliLab.reserve({{box.daemon->nodeId(), {1}}}, now + 7200000, now + 9000000, QString(),
                   [&](const Expected<QList<LabBooking>> &r) { after = r; });
    QVERIFY(QTest::qWaitFor([&] { return after.has_value(); }, 10000));
    QVERIFY2(after->ok(), qPrintable(after->error()));
}

void TestLabAgents::aBookingKeepsOtherUsersOff()
{
    LabAgent box = startAgent(QStringLiteral("box"), 1);
    Lab sara = connect(QStringLiteral("sara"), {&box});
    LabClient saraLab(*sara.registry);
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    std::optional<Expected<QList<LabBooking>>> made;
    saraLab.reserve({{box.daemon->nodeId(), {0}}}, now - 1000, now + 3600000, QString(),
                    [&](const Expected<QList<LabBooking>> &r) { made = r; });
    QVERIFY(QTest::qWaitFor([&] { return made.has_value(); }, 10000));
    QVERIFY2(made->ok(), qPrintable(made->error()));
    Lab ali = connect(QStringLiteral("ali"), {&box});
    RunController aliRun(*ali.registry, ali.history.get());
    QSignalSpy failed(&aliRun, &RunController::startFailed);
    aliRun.start(config(QStringLiteral("alis"), {{&box, {0}}}));
    QVERIFY(failed.wait(20000));
    QVERIFY2(failed.first().first().toString().contains(QLatin1String("booked by sara")),
             qPrintable(failed.first().first().toString()));
    // Her own booking does not keep sara off.
    RunController saraRun(*sara.registry, sara.history.get());
    QSignalSpy started(&saraRun, &RunController::started);
    saraRun.start(config(QStringLiteral("saras"), {{&box, {0}}}));
    QVERIFY(started.wait(20000));
    saraRun.abort();
    QVERIFY(waitForState(box, saraRun.runId(), QStringLiteral("aborted")));
}

// --- 5. the lab view ------------------------------------------------------------------------

void TestLabAgents::theLabViewShowsHoldersAndUtilization()
{
    LabAgent box = startAgent(QStringLiteral("box"), 2);
    box.probe->devices[1].utilization = 3; // held but idle: the view shows it
    Lab sara = connect(QStringLiteral("sara"), {&box});
    RunController run(*sara.registry, sara.history.get());
    QSignalSpy started(&run, &RunController::started);
    run.start(config(QStringLiteral("viewed"), {{&box, {1}}}));
    QVERIFY(started.wait(20000));
    // Samples every 10 s of the lab's clock, whoever watches.
    for (int i = 0; i < 3; ++i) {
        box.clock->advance(61000);
        QTest::qWait(1200);
    }
    LabClient labClient(*sara.registry);
    std::optional<LabSnapshot> snapshot;
    labClient.fetch(true, [&](const LabSnapshot &s) { snapshot = s; });
    QVERIFY(QTest::qWaitFor([&] { return snapshot.has_value(); }, 10000));
    QVERIFY(snapshot->errors.isEmpty());
    const QList<LabDevice> devices = snapshot->devices();
    QCOMPARE(devices.size(), 2);
    QCOMPARE(devices[0].state, LabDevice::State::Free);
    QCOMPARE(devices[1].state, LabDevice::State::Held);
    QVERIFY(devices[1].hold.has_value());
    QCOMPARE(devices[1].hold->user, QStringLiteral("sara"));
    QCOMPARE(devices[1].hold->runId, run.runId());
    QVERIFY(devices[1].hold->sinceMs > 0);
    QCOMPARE(devices[1].day.util.size(), 24 * 60);
    QCOMPARE(devices[1].week.util.size(), 7 * 24 * 6);
    QVERIFY2(devices[1].day.mean() >= 0 && devices[1].day.mean() < 5,
             qPrintable(QString::number(devices[1].day.mean())));
    QVERIFY(devices[0].day.mean() > 40);
    run.abort();
    QVERIFY(waitForState(box, run.runId(), QStringLiteral("aborted")));
}

// --- 6. the rules ---------------------------------------------------------------------------

void TestLabAgents::onlyTheAdminChangesTheRules()
{
    LabAgent box = startAgent(QStringLiteral("box"), 2);
    const QCborMap strict{{QStringLiteral("max_devices_per_user"), 1}};
    auto sara = client(*m_sara, box, QStringLiteral("sara"));
    const auto refused = request(*sara, Message::Type::PolicySet, {{QStringLiteral("policy"), strict}});
    QVERIFY(!refused.ok());
    QVERIFY2(refused.error().contains(QLatin1String("only the lab admin")), qPrintable(refused.error()));
    QCOMPARE(box.daemon->lab()->policy().maxDevicesPerUser, 0);
    // Claiming to be the admin's user name changes nothing: the admin is a certificate.
    auto pretender = client(*m_ali, box, QStringLiteral("prof"));
    QVERIFY(!request(*pretender, Message::Type::PolicySet, {{QStringLiteral("policy"), strict}}).ok());
    QCOMPARE(box.daemon->lab()->policy().maxDevicesPerUser, 0);
    auto admin = client(*m_admin, box, QStringLiteral("prof"));
    const auto set = request(*admin, Message::Type::PolicySet, {{QStringLiteral("policy"), strict}});
    QVERIFY2(set.ok(), qPrintable(set.error()));
    QCOMPARE(box.daemon->lab()->policy().maxDevicesPerUser, 1);
    QCOMPARE(box.daemon->lab()->policy().updatedBy, QStringLiteral("prof"));
    // Kept on disk: what the next start enforces.
    QVERIFY(QFile::exists(QDir(box.configDir).filePath(QStringLiteral("lab/policy.json"))));
}

void TestLabAgents::theRulesAreEnforced()
{
    LabAgent box = startAgent(QStringLiteral("box"), 3);
    auto admin = client(*m_admin, box, QStringLiteral("prof"));
    QVERIFY(request(*admin, Message::Type::PolicySet,
                    {{QStringLiteral("policy"), QCborMap{{QStringLiteral("max_devices_per_user"), 2},
                                                         {QStringLiteral("max_run_s"), 3600}}}})
                .ok());
    auto sara = client(*m_sara, box, QStringLiteral("sara"));
    const auto tooMany = request(*sara, Message::Type::LeaseAcquire,
                                 {{QStringLiteral("run_id"), QStringLiteral("big")},
                                  {QStringLiteral("devices"), cborInts({0, 1, 2})},
                                  {QStringLiteral("now"), QDateTime::currentMSecsSinceEpoch()}});
    QVERIFY(!tooMany.ok());
    QVERIFY2(tooMany.error().contains(QLatin1String("at most 2 device")), qPrintable(tooMany.error()));
    const auto tooLong = request(*sara, Message::Type::LeaseAcquire,
                                 {{QStringLiteral("run_id"), QStringLiteral("long")},
                                  {QStringLiteral("devices"), cborInts({0})},
                                  {QStringLiteral("expected_s"), 7200},
                                  {QStringLiteral("now"), QDateTime::currentMSecsSinceEpoch()}});
    QVERIFY(!tooLong.ok());
    QVERIFY2(tooLong.error().contains(QLatin1String("longest run")), qPrintable(tooLong.error()));

    Lab saraLab = connect(QStringLiteral("sara"), {&box});
    RunController run(*saraLab.registry, saraLab.history.get());
    QSignalSpy started(&run, &RunController::started);
    run.start(config(QStringLiteral("saras"), {{&box, {0}}}));
    QVERIFY(started.wait(20000));
    // A run that reaches the longest run allowed is stopped, and says why.
    box.clock->advance(3601 * 1000);
    QVERIFY(waitForState(box, run.runId(), QStringLiteral("stopped")));
    QVERIFY(QTest::qWaitFor([&] { return run.status() == RunStatus::Stopped; }, 10000));
    QVERIFY2(run.reason().contains(QLatin1String("longest run")), qPrintable(run.reason()));

    RunController second(*saraLab.registry, saraLab.history.get());
    QSignalSpy started2(&second, &RunController::started);
    second.start(config(QStringLiteral("saras-2"), {{&box, {1}}}));
    QVERIFY(started2.wait(20000));
    // Ali may end it only while the admin names him.
    QVERIFY(request(*admin, Message::Type::PolicySet,
                    {{QStringLiteral("policy"), QCborMap{{QStringLiteral("max_devices_per_user"), 2}}}})
                .ok());
    auto aliClient = client(*m_ali, box, QStringLiteral("ali"));
    const auto notAllowed =
        request(*aliClient, Message::Type::StopRun, {{QStringLiteral("run_id"), second.runId()}});
    QVERIFY(!notAllowed.ok());
    QVERIFY2(notAllowed.error().contains(QLatin1String("belongs to sara")), qPrintable(notAllowed.error()));
    QCOMPARE(box.daemon->runs()->stateOf(second.runId()), QStringLiteral("running"));
    QVERIFY(request(*admin, Message::Type::PolicySet,
                    {{QStringLiteral("policy"),
                      QCborMap{{QStringLiteral("may_end_others"), QCborArray{QStringLiteral("ali")}}}}})
                .ok());
    QVERIFY(request(*aliClient, Message::Type::StopRun, {{QStringLiteral("run_id"), second.runId()}}).ok());
    QVERIFY(waitForState(box, second.runId(), QStringLiteral("stopped")));
    QVERIFY(QTest::qWaitFor([&] { return second.status() == RunStatus::Stopped; }, 10000));
    QVERIFY2(second.reason().contains(QLatin1String("ali")), qPrintable(second.reason()));
}

// --- 7. idle reclaim, 8. notices ------------------------------------------------------------

void TestLabAgents::anIdleLeaseIsReclaimedAndItsUserTold()
{
    LabAgent box = startAgent(QStringLiteral("box"), 1);
    box.probe->devices[0].utilization = 1;
    auto admin = client(*m_admin, box, QStringLiteral("prof"));
    QVERIFY(request(*admin, Message::Type::PolicySet,
                    {{QStringLiteral("policy"), QCborMap{{QStringLiteral("idle_util_percent"), 5},
                                                         {QStringLiteral("idle_minutes"), 10}}}})
                .ok());
    Lab sara = connect(QStringLiteral("sara"), {&box});
    // Sara's app listens for the lab's notices.
    AgentClient *saraClient = sara.registry->client(box.daemon->nodeId());
    QVERIFY(request(*saraClient, Message::Type::Subscribe,
                    {{QStringLiteral("topics"), QCborArray{QStringLiteral("lab")}}})
                .ok());
    QList<QCborMap> notices;
    QObject::connect(saraClient, &AgentClient::pushReceived, this, [&](const Message &m) {
        if (m.type() == Message::Type::LabNotice)
            notices << m.body();
    });
    RunController run(*sara.registry, sara.history.get());
    QSignalSpy started(&run, &RunController::started);
    run.start(config(QStringLiteral("idle"), {{&box, {0}}}));
    QVERIFY(started.wait(20000));
    // Busy for a while: nothing happens.
    box.probe->devices[0].utilization = 80;
    box.clock->advance(11 * 60 * 1000);
    QTest::qWait(1500);
    QCOMPARE(box.daemon->runs()->stateOf(run.runId()), QStringLiteral("running"));
    // Idle for ten minutes: reclaimed.
    box.probe->devices[0].utilization = 1;
    QTest::qWait(1500);
    box.clock->advance(10 * 60 * 1000 + 1000);
    QVERIFY(waitForState(box, run.runId(), QStringLiteral("stopped")));
    QVERIFY(QTest::qWaitFor([&] { return run.status() == RunStatus::Stopped; }, 10000));
    QVERIFY2(run.reason().contains(QLatin1String("idle")), qPrintable(run.reason()));
    QVERIFY(QTest::qWaitFor(
        [&] {
            return std::any_of(notices.cbegin(), notices.cend(), [&](const QCborMap &n) {
                return n.value(QStringLiteral("kind")).toString() == QLatin1String("reclaimed") &&
                       n.value(QStringLiteral("run_id")).toString() == run.runId() &&
                       n.value(QStringLiteral("user")).toString() == QLatin1String("sara");
            });
        },
        5000));
}

// --- 9. faults ------------------------------------------------------------------------------

void TestLabAgents::anAgentRestartKeepsLeasesQueueAndBookings()
{
    const QString dir = m_dir.filePath(QStringLiteral("restarted"));
    QString queuedId;
    QString bookingId;
    {
        LabAgent box = startAgent(QStringLiteral("box"), 2, 0, dir);
        auto hold = client(*m_ali, box, QStringLiteral("ali"));
        QVERIFY(request(*hold, Message::Type::LeaseAcquire,
                        {{QStringLiteral("run_id"), QStringLiteral("held")},
                         {QStringLiteral("devices"), cborInts({0})},
                         {QStringLiteral("now"), QDateTime::currentMSecsSinceEpoch()}})
                    .ok());
        Lab sara = connect(QStringLiteral("sara"), {&box});
        RunController run(*sara.registry, sara.history.get());
        QSignalSpy inQueue(&run, &RunController::queued);
        run.enqueue(config(QStringLiteral("waits"), {{&box, {0}}}));
        QVERIFY(inQueue.wait(20000));
        queuedId = run.runId();
        LabClient lab(*sara.registry);
        std::optional<Expected<QList<LabBooking>>> made;
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        lab.reserve({{box.daemon->nodeId(), {1}}}, now + 3600000, now + 7200000, QString(),
                    [&](const Expected<QList<LabBooking>> &r) { made = r; });
        QVERIFY(QTest::qWaitFor([&] { return made.has_value(); }, 10000));
        QVERIFY(made->ok());
        bookingId = made->value().first().id;
    }
    LabAgent again = startAgent(QStringLiteral("box"), 2, 0, dir);
    QVERIFY(again.daemon->lab()->leases().holderOf(0)); // pending, until it expires
    QVERIFY(again.daemon->lab()->queue().contains(queuedId));
    QCOMPARE(again.daemon->runs()->stateOf(queuedId), QStringLiteral("queued"));
    Lab sara = connect(QStringLiteral("sara"), {&again});
    LabClient lab(*sara.registry);
    std::optional<LabSnapshot> snapshot;
    lab.fetch(false, [&](const LabSnapshot &s) { snapshot = s; });
    QVERIFY(QTest::qWaitFor([&] { return snapshot.has_value(); }, 10000));
    QCOMPARE(snapshot->bookings().size(), 1);
    QCOMPARE(snapshot->bookings().first().id, bookingId);
    QCOMPARE(snapshot->queue().size(), 1);
    QCOMPARE(snapshot->queue().first().runId, queuedId);
    // When the unconfirmed lease expires, the queued run starts.
    again.clock->advance(LeaseBook::kDefaultTtlMs + 1000);
    QVERIFY(QTest::qWaitFor(
        [&] { return again.daemon->runs()->stateOf(queuedId) == QLatin1String("running"); }, 15000));
    (void)again.daemon->runs()->abort(queuedId);
    QVERIFY(waitForState(again, queuedId, QStringLiteral("aborted")));
}

void TestLabAgents::aControllerThatDiesWhileLeasingHoldsNothing()
{
    LabAgent a = startAgent(QStringLiteral("a"), 1);
    LabAgent b = startAgent(QStringLiteral("b"), 1);
    {
        // The controller takes the first lease and dies before the second.
        auto dying = client(*m_sara, a, QStringLiteral("sara"));
        QVERIFY(request(*dying, Message::Type::LeaseAcquire,
                        {{QStringLiteral("run_id"), QStringLiteral("orphan")},
                         {QStringLiteral("devices"), cborInts({0})},
                         {QStringLiteral("now"), QDateTime::currentMSecsSinceEpoch()}})
                    .ok());
    }
    QVERIFY(a.daemon->lab()->leases().holderOf(0));
    a.clock->advance(LeaseBook::kDefaultTtlMs + 1000);
    QVERIFY(QTest::qWaitFor([&] { return !a.daemon->lab()->leases().holderOf(0); }, 5000));
    QVERIFY(!b.daemon->lab()->leases().holderOf(0));
    // And another user gets the device.
    auto ali = client(*m_ali, a, QStringLiteral("ali"));
    QVERIFY(request(*ali, Message::Type::LeaseAcquire,
                    {{QStringLiteral("run_id"), QStringLiteral("next")},
                     {QStringLiteral("devices"), cborInts({0})},
                     {QStringLiteral("now"), QDateTime::currentMSecsSinceEpoch()}})
                .ok());
}

void TestLabAgents::clocksMinutesApartKeepBookingsInPlace()
{
    // The agent's clock runs 7 minutes ahead of this computer's.
    const qint64 skew = 7 * 60 * 1000;
    LabAgent box = startAgent(QStringLiteral("skewed"), 1, skew);
    Lab sara = connect(QStringLiteral("sara"), {&box});
    LabClient lab(*sara.registry);
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const qint64 from = now + 30 * 60 * 1000;
    const qint64 to = now + 90 * 60 * 1000;
    std::optional<Expected<QList<LabBooking>>> made;
    lab.reserve({{box.daemon->nodeId(), {0}}}, from, to, QString(),
                [&](const Expected<QList<LabBooking>> &r) { made = r; });
    QVERIFY(QTest::qWaitFor([&] { return made.has_value(); }, 10000));
    QVERIFY2(made->ok(), qPrintable(made->error()));
    // On our clock, where we put it (to the minute the agent keeps bookings in; the exchange's latency
    // is the only other error)...
    QVERIFY(qAbs(made->value().first().fromMs - from) <= 31000);
    QVERIFY(qAbs(made->value().first().toMs - to) <= 31000);
    // ...and read back through the lab view, the agent's clock seen 7 minutes ahead.
    std::optional<LabSnapshot> snapshot;
    lab.fetch(false, [&](const LabSnapshot &s) { snapshot = s; });
    QVERIFY(QTest::qWaitFor([&] { return snapshot.has_value(); }, 10000));
    QCOMPARE(snapshot->bookings().size(), 1);
    QVERIFY(qAbs(snapshot->bookings().first().fromMs - from) <= 31000);
    QVERIFY(qAbs(snapshot->nodes.first().offsetMs - skew) < 2000);
    // 25 minutes from now (our clock) a 10-minute run of another user fits before it; 40 minutes does not.
    Lab ali = connect(QStringLiteral("ali"), {&box});
    auto aliClient = ali.registry->client(box.daemon->nodeId());
    QVERIFY(request(*aliClient, Message::Type::LeaseAcquire,
                    {{QStringLiteral("run_id"), QStringLiteral("fits")},
                     {QStringLiteral("devices"), cborInts({0})},
                     {QStringLiteral("expected_s"), 10 * 60},
                     {QStringLiteral("now"), QDateTime::currentMSecsSinceEpoch()}})
                .ok());
    QVERIFY(request(*aliClient, Message::Type::LeaseRelease,
                    {{QStringLiteral("lease_id"), box.daemon->lab()->leases().holderOf(0)->id}})
                .ok());
    const auto tooLong = request(*aliClient, Message::Type::LeaseAcquire,
                                 {{QStringLiteral("run_id"), QStringLiteral("overlaps")},
                                  {QStringLiteral("devices"), cborInts({0})},
                                  {QStringLiteral("expected_s"), 40 * 60},
                                  {QStringLiteral("now"), QDateTime::currentMSecsSinceEpoch()}});
    QVERIFY(!tooLong.ok());
    QVERIFY2(tooLong.error().contains(QLatin1String("booked by sara")), qPrintable(tooLong.error()));
}

void TestLabAgents::racingControllersNeverBothWin()
{
    LabAgent box = startAgent(QStringLiteral("box"), 1);
    // Many controllers of three users, each asking for the one GPU at the same moment, several times.
    std::vector<std::unique_ptr<AgentClient>> clients;
    const QList<std::pair<std::shared_ptr<TestSupport::Controller>, QString>> who = {
        {m_sara, QStringLiteral("sara")}, {m_ali, QStringLiteral("ali")}, {m_admin, QStringLiteral("prof")}};
    for (int i = 0; i < 12; ++i)
        clients.push_back(client(*who[i % 3].first, box, who[i % 3].second));
    for (int round = 0; round < 5; ++round) {
        int answered = 0;
        QStringList winners;
        for (int i = 0; i < int(clients.size()); ++i) {
            clients[i]->request(Message::Type::LeaseAcquire,
                                {{QStringLiteral("run_id"), QStringLiteral("race-%1-%2").arg(round).arg(i)},
                                 {QStringLiteral("devices"), cborInts({0})},
                                 {QStringLiteral("now"), QDateTime::currentMSecsSinceEpoch()}},
                                nullptr, [&, i](const Expected<QCborMap> &r) {
                                    ++answered;
                                    if (r)
                                        winners << r->value(QStringLiteral("lease_id")).toString();
                                });
        }
        QVERIFY(QTest::qWaitFor([&] { return answered == int(clients.size()); }, 15000));
        QCOMPARE(winners.size(), 1);
        QCOMPARE(box.daemon->lab()->leases().holderOf(0)->id, winners.first());
        box.clock->advance(LeaseBook::kDefaultTtlMs + 1000);
        QVERIFY(QTest::qWaitFor([&] { return !box.daemon->lab()->leases().holderOf(0); }, 5000));
    }
}

QTEST_GUILESS_MAIN(TestLabAgents)
#include "tst_labagents.moc"
