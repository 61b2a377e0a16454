// The agent's rules from docs/security.md that are not covered by the trust
// and protocol tests: paths confined to allowed directories (symbolic links and
// ".." included), no way to name the program a run starts, a run's model,
// checkpoints and journal its user's, and the connection limit.
#include "agentclient.h"
#include "fakeprobe.h"
#include "fingerprintstore.h"
#include "pathpolicy.h"
#include "runconfig.h"
#include "runsupervisor.h"
#include "testsupport.h"
#include "tlsconfiguration.h"

#include <algorithm>
#include <QCborArray>
#include <QCborMap>
#include <QCborValue>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QSslSocket>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace TestSupport;

namespace {

// A start_run request for a one-rank run of `config` on node 0.
QCborMap startRunBody(const QCborMap &config, const QString &runId)
{
    return QCborMap{{QStringLiteral("config"), config},
                    {QStringLiteral("run_id"), runId},
                    {QStringLiteral("node_index"), 0},
                    {QStringLiteral("first_rank"), 0},
                    {QStringLiteral("world_size"), 1},
                    {QStringLiteral("master"), QStringLiteral("127.0.0.1:1")},
                    {QStringLiteral("rendezvous_secret"), QString(64, QLatin1Char('5'))}};
}

} // namespace

class TestSecurity : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void pathPolicy_data();
    void pathPolicy();
    void nestedMessagesFromAPeerAreBounded();
    void agentRefusesPathsOutside();
    void startRunNeverNamesTheProgram();
    void modelFetchServesOnlyTheRunsOwnModel();
    void checkpointsAndJournalsAreTheirUsers();
    void connectionLimit();
    void runLimit();
    void silentConnectionIsClosed();

private:
    Expected<QCborMap> request(AgentClient &client, Message::Type type, const QCborMap &body);
    QTemporaryDir m_dir;
};

void TestSecurity::pathPolicy_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("allowed");
    QDir(m_dir.path()).mkpath(QStringLiteral("allowed/data"));
    QDir(m_dir.path()).mkpath(QStringLiteral("other"));
    QFile::link(m_dir.filePath(QStringLiteral("other")), m_dir.filePath(QStringLiteral("allowed/escape")));
    QTest::newRow("inside") << m_dir.filePath(QStringLiteral("allowed/data")) << true;
    QTest::newRow("the directory itself") << m_dir.filePath(QStringLiteral("allowed")) << true;
    QTest::newRow("not there yet") << m_dir.filePath(QStringLiteral("allowed/new/checkpoints")) << true;
    QTest::newRow("outside") << m_dir.filePath(QStringLiteral("other")) << false;
    QTest::newRow("dot-dot") << m_dir.filePath(QStringLiteral("allowed/../other")) << false;
    QTest::newRow("dot-dot, not there yet")
        << m_dir.filePath(QStringLiteral("allowed/new/../../other/x")) << false;
    QTest::newRow("symbolic link out") << m_dir.filePath(QStringLiteral("allowed/escape/x")) << false;
    QTest::newRow("prefix is not a parent") << m_dir.filePath(QStringLiteral("allowed2")) << false;
    QTest::newRow("relative") << QStringLiteral("data") << false;
    QTest::newRow("etc") << QStringLiteral("/etc/shadow") << false;
}

void TestSecurity::pathPolicy()
{
    QFETCH(QString, path);
    QFETCH(bool, allowed);
    const PathPolicy policy({m_dir.filePath(QStringLiteral("allowed"))});
    const TranslatableText refusal = policy.refusal(path, PathPolicy::Use::Dataset);
    QVERIFY2(refusal.isEmpty() == allowed, qPrintable(refusal.toString()));
    // The path is named left to right, whatever language shows it.
    if (allowed)
        return;
    const QString persian = refusal.toString(QLocale(QLocale::Persian));
    QVERIFY2(persian.contains(QChar(0x2066) + path + QChar(0x2069)), qPrintable(persian));
    // It travels untranslated to the controller, the list of allowed folders as a list of paths.
    QCOMPARE(TranslatableText::fromCbor(refusal.toCbor()), refusal);
    if (refusal.toString().contains(QLatin1String("outside"))) {
        const QString allowedDir = QFileInfo(m_dir.filePath(QStringLiteral("allowed"))).canonicalFilePath();
        QVERIFY2(persian.contains(QChar(0x2066) + allowedDir + QChar(0x2069)), qPrintable(persian));
    }
}

Expected<QCborMap> TestSecurity::request(AgentClient &client, Message::Type type, const QCborMap &body)
{
    std::optional<Expected<QCborMap>> result;
    client.request(type, body, nullptr, [&](const Expected<QCborMap> &r) { result = r; });
    (void)QTest::qWaitFor([&] { return result.has_value(); }, 10000);
    return result.value_or(Expected<QCborMap>::failure(QStringLiteral("no reply")));
}

// A message may carry another (a run's end names a node's reason): a peer's message nested ten
// thousand deep, or sixteen wide at every level, is read in bounded time and memory, not recursed
// into until the stack runs out.
void TestSecurity::nestedMessagesFromAPeerAreBounded()
{
    // Each level names its message twice: 2^10000 copies if every level were read.
    QCborMap deep{{QStringLiteral("text"), QStringLiteral("xx")}};
    for (int i = 0; i < 10000; ++i)
        deep = QCborMap{
            {QStringLiteral("context"), QStringLiteral("RunOutcome")},
            {QStringLiteral("source"), QStringLiteral("%1%1")},
            {QStringLiteral("args"), QCborArray{QCborMap{{QStringLiteral("kind"), QStringLiteral("message")},
                                                         {QStringLiteral("value"), deep}}}}};
    const TranslatableText fromDeep = TranslatableText::fromCbor(deep);
    QVERIFY2(fromDeep.toString().size() < 1000, qPrintable(QString::number(fromDeep.toString().size())));
    QVERIFY(QCborValue(fromDeep.toCbor()).toCbor().size() < 2000);

    // Sixteen arguments, each sixteen more, four levels down, each named sixty times: 16^4 leaves of
    // 4000 characters, each shown 60^4 times, if nothing bounded them.
    QCborMap wide{{QStringLiteral("text"), QString(4000, QLatin1Char('x'))}};
    for (int level = 0; level < 4; ++level) {
        QCborArray args;
        for (int i = 0; i < 16; ++i)
            args.append(QCborMap{{QStringLiteral("kind"), QStringLiteral("message")},
                                 {QStringLiteral("value"), wide}});
        wide = QCborMap{{QStringLiteral("context"), QStringLiteral("RunOutcome")},
                        // Each argument named many times over, as a 4 kB source can.
                        {QStringLiteral("source"),
                         QStringLiteral("%1%2%3%4%5%6%7%8%9%10%11%12%13%14%15%16").repeated(60)},
                        {QStringLiteral("args"), args}};
    }
    const QString shown = TranslatableText::fromCbor(wide).toString();
    QVERIFY2(shown.size() <= 4 * 4096 + 1, qPrintable(QString::number(shown.size())));

    // A message nested as a real one is, three deep, reads whole.
    TranslatableText inner("RunSupervisor", "device %1 (rank %2) exited with code %3");
    inner.arg(0).arg(1).arg(QStringLiteral("4"));
    TranslatableText middle("RunOutcome", "%1: %2");
    middle.arg(QStringLiteral("lab-pc")).arg(inner);
    TranslatableText outer("RunOutcome", "%1 (%2: %3)");
    outer.arg(middle).arg(QStringLiteral("other-pc")).arg(QStringLiteral("gone"));
    QCOMPARE(TranslatableText::fromCbor(outer.toCbor()), outer);
    QCOMPARE(outer.toString(QLocale::c()),
             QStringLiteral("lab-pc: device 0 (rank 1) exited with code 4 (other-pc: gone)"));
}

void TestSecurity::agentRefusesPathsOutside()
{
    Controller controller = makeController();
    QTemporaryDir agentDir;
    AgentOptions options = loopbackOptions(agentDir.path());
    options.allowedDirs = {m_dir.filePath(QStringLiteral("allowed"))};
    QVERIFY(trustController(agentDir.path(), controller));
    AgentDaemon daemon(options, std::make_unique<FakeProbe>());
    QVERIFY(daemon.start().ok());
    AgentClient client(controller.profile.identity(), QStringLiteral("127.0.0.1"), daemon.port());
    QSignalSpy ready(&client, &AgentClient::handshakeDone);
    client.connectToAgent();
    QVERIFY(ready.wait(5000));

    RunConfig config;
    config.name = QStringLiteral("escape");
    config.dataset.path = QStringLiteral("/etc");
    config.checkpoint.dir = m_dir.filePath(QStringLiteral("allowed/../other/ckpt"));
    config.nodes = {{daemon.nodeId(), QStringLiteral("n"), {0}, {}, {}, 1.0}};
    const QCborMap jsonConfig = QCborMap::fromJsonObject(config.toJson());
    auto preflight =
        request(client, Message::Type::Preflight,
                QCborMap{{QStringLiteral("config"), jsonConfig}, {QStringLiteral("node_index"), 0}});
    QVERIFY(preflight.ok());
    const QCborArray errors = preflight->value(QStringLiteral("errors")).toArray();
    QVERIFY(errors.size() >= 2);
    QVERIFY(errors[0].toString().contains(QLatin1String("dataset")) ||
            errors[1].toString().contains(QLatin1String("dataset")));
    auto start = request(client, Message::Type::StartRun, startRunBody(jsonConfig, QStringLiteral("r1")));
    QVERIFY(!start.ok());
    QVERIFY2(start.error().contains(QLatin1String("outside the directories")), qPrintable(start.error()));
    QVERIFY(!QDir(agentDir.filePath(QStringLiteral("runs/r1"))).exists()); // nothing was started
}

void TestSecurity::startRunNeverNamesTheProgram()
{
    // The start request has no field for a program: fields a controller adds are
    // ignored, and the agent runs its own worker (here a path that does not exist).
    Controller controller = makeController();
    QTemporaryDir agentDir;
    AgentOptions options = loopbackOptions(agentDir.path());
    options.workerPath = agentDir.filePath(QStringLiteral("no-such-worker"));
    QVERIFY(trustController(agentDir.path(), controller));
    AgentDaemon daemon(options, std::make_unique<FakeProbe>());
    QVERIFY(daemon.start().ok());
    AgentClient client(controller.profile.identity(), QStringLiteral("127.0.0.1"), daemon.port());
    QSignalSpy ready(&client, &AgentClient::handshakeDone);
    client.connectToAgent();
    QVERIFY(ready.wait(5000));
    RunConfig config;
    config.name = QStringLiteral("inject");
    config.dataset.kind = QStringLiteral("synthetic");
    config.nodes = {{daemon.nodeId(), QStringLiteral("n"), {0}, {}, {}, 1.0}};
    QCborMap jsonConfig = QCborMap::fromJsonObject(config.toJson());
    jsonConfig[QStringLiteral("program")] = QStringLiteral("/bin/sh");
    jsonConfig[QStringLiteral("worker")] = QStringLiteral("/bin/sh");
    QSignalSpy states(&client, &AgentClient::pushReceived);
    QVERIFY(request(client, Message::Type::Subscribe,
                    QCborMap{{QStringLiteral("topics"), QCborArray{QStringLiteral("runs")}}})
                .ok());
    QCborMap body = startRunBody(jsonConfig, QStringLiteral("r2"));
    body[QStringLiteral("program")] = QStringLiteral("/bin/sh"); // a field the protocol does not have
    auto start = request(client, Message::Type::StartRun, body);
    QVERIFY2(start.ok(), qPrintable(start.error()));
    QTRY_VERIFY_WITH_TIMEOUT(daemon.runs()->activeRuns() == 0, 10000);
    const QJsonArray runs = daemon.runs()->list();
    QCOMPARE(runs.size(), 1);
    const QString reason = runs.first().toObject().value(QStringLiteral("reason")).toString();
    QVERIFY2(reason.contains(QLatin1String("no-such-worker")) && !reason.contains(QLatin1String("/bin/sh")),
             qPrintable(reason));
}

// Issue #20, item 5: a run's trained model goes to its user (or an admin), and
// the file a controller names is one of the two the worker writes, never a path.
void TestSecurity::modelFetchServesOnlyTheRunsOwnModel()
{
    Controller alice = makeController();
    Controller mallory = makeController();
    QTemporaryDir agentDir;
    AgentOptions options = loopbackOptions(agentDir.path());
    options.workerPath = agentDir.filePath(QStringLiteral("no-such-worker"));
    QVERIFY(trustController(agentDir.path(), alice));
    QVERIFY(trustController(agentDir.path(), mallory));
    AgentDaemon daemon(options, std::make_unique<FakeProbe>());
    QVERIFY(daemon.start().ok());
    auto connect = [&](Controller &c, const QString &user) {
        auto client =
            std::make_unique<AgentClient>(c.profile.identity(), QStringLiteral("127.0.0.1"), daemon.port());
        client->setUser(user);
        QSignalSpy ready(client.get(), &AgentClient::handshakeDone);
        client->connectToAgent();
        return ready.wait(5000) ? std::move(client) : nullptr;
    };
    auto aliceClient = connect(alice, QStringLiteral("alice"));
    auto malloryClient = connect(mallory, QStringLiteral("mallory"));
    QVERIFY(aliceClient && malloryClient);

    // Alice's run (its worker cannot start here, but its journal and directory exist).
    RunConfig config;
    config.name = QStringLiteral("trained");
    config.dataset.kind = QStringLiteral("synthetic");
    config.nodes = {{daemon.nodeId(), QStringLiteral("n"), {0}, {}, {}, 1.0}};
    QVERIFY(request(*aliceClient, Message::Type::StartRun,
                    startRunBody(QCborMap::fromJsonObject(config.toJson()), QStringLiteral("r3")))
                .ok());
    QTRY_VERIFY_WITH_TIMEOUT(daemon.runs()->activeRuns() == 0, 10000);
    // What its rank 0 would have written: a model larger than one reply.
    const QString modelDir = agentDir.filePath(QStringLiteral("runs/r3/model"));
    QVERIFY(QDir().mkpath(modelDir));
    QByteArray model(700 * 1024, Qt::Uninitialized);
    for (qsizetype i = 0; i < model.size(); ++i)
        model[i] = char(i * 7 + i / 4096);
    QFile pt(modelDir + QStringLiteral("/model.pt"));
    QVERIFY(pt.open(QIODevice::WriteOnly) && pt.write(model) == model.size());
    pt.close();

    auto fetch = [&](AgentClient &client, const QString &runId, const QString &file, qint64 offset) {
        return request(client, Message::Type::ModelFetch,
                       QCborMap{{QStringLiteral("run_id"), runId},
                                {QStringLiteral("file"), file},
                                {QStringLiteral("offset"), offset}});
    };
    QByteArray fetched;
    while (fetched.size() < model.size()) {
        auto piece = fetch(*aliceClient, QStringLiteral("r3"), QStringLiteral("model.pt"), fetched.size());
        QVERIFY2(piece.ok(), qPrintable(piece.error()));
        QCOMPARE(piece->value(QStringLiteral("size")).toInteger(), model.size());
        const QByteArray data = piece->value(QStringLiteral("data")).toByteArray();
        QVERIFY(!data.isEmpty() && data.size() <= 512 * 1024);
        fetched += data;
    }
    QCOMPARE(fetched, model);

    // Paths out of the model's folder, to the run's other files or anywhere: refused as unknown names.
    for (const QString &file :
         {QStringLiteral("../worker-config.json"), QStringLiteral("/etc/passwd"),
          QStringLiteral("model.pt/../../worker-config.json"), QStringLiteral("model.pt\0"), QString()}) {
        auto refused = fetch(*aliceClient, QStringLiteral("r3"), file, 0);
        QVERIFY2(!refused.ok() && refused.error().contains(QLatin1String("has no file")),
                 qPrintable(file + QStringLiteral(": ") +
                            (refused.ok() ? QStringLiteral("served") : refused.error())));
    }
    auto unwritten = fetch(*aliceClient, QStringLiteral("r3"), QStringLiteral("model.json"), 0);
    QVERIFY(!unwritten.ok() && unwritten.error().contains(QLatin1String("has not written")));
    auto beyond = fetch(*aliceClient, QStringLiteral("r3"), QStringLiteral("model.pt"), model.size() + 1);
    QVERIFY(!beyond.ok());
    QVERIFY(!fetch(*aliceClient, QStringLiteral("r3"), QStringLiteral("model.pt"), -1).ok());
    QVERIFY(!fetch(*aliceClient, QStringLiteral("../r3"), QStringLiteral("model.pt"), 0).ok());
    // Another user: not theirs.
    auto stolen = fetch(*malloryClient, QStringLiteral("r3"), QStringLiteral("model.pt"), 0);
    QVERIFY(!stolen.ok());
    QVERIFY2(stolen.error().contains(QLatin1String("belongs to alice")), qPrintable(stolen.error()));
    // Nor by saying to be alice: the name is bound to alice's certificate since her run.
    auto impostor = connect(mallory, QStringLiteral("alice"));
    QVERIFY(impostor);
    auto claimed = fetch(*impostor, QStringLiteral("r3"), QStringLiteral("model.pt"), 0);
    QVERIFY2(!claimed.ok(), "an impostor got alice's model");
}

// Issue #29, item 4: another student's model, bit for bit. Bob read Alice's
// journal (its checkpoint path) and resumed her checkpoint, so his run exported
// her model as his. Each checkpoint now records the lab user whose run wrote
// it: resuming another user's is refused before any worker starts, one that
// records nobody is the lab admin's; another user's journal, run list entry
// and pushes are a summary. Real workers write and read the checkpoints.
void TestSecurity::checkpointsAndJournalsAreTheirUsers()
{
    const QString worker = QStringLiteral(HAMGAM_BIN_DIR "/hamgam-worker");
    if (!QFileInfo::exists(worker))
        QSKIP("needs hamgam-worker (HAMGAM_BUILD_ENGINE)");
    Controller alice = makeController();
    Controller bob = makeController();
    Controller prof = makeController();
    QTemporaryDir agentDir;
    AgentOptions options = loopbackOptions(agentDir.path());
    options.workerPath = worker;
    for (const Controller *c : {&alice, &bob, &prof})
        QVERIFY(trustController(agentDir.path(), *c));
    FingerprintStore admins(AgentDaemon::adminListPath(agentDir.path()));
    QVERIFY(admins.load().ok());
    QVERIFY(admins.add(prof.profile.identity().fingerprint(), QStringLiteral("prof")).ok());
    auto probe = std::make_unique<FakeProbe>();
    probe->devices.first().kind = DeviceSample::Kind::Cpu; // the workers train on this CPU
    AgentDaemon daemon(options, std::move(probe));
    QVERIFY(daemon.start().ok());
    auto connect = [&](Controller &c, const QString &user) {
        auto client =
            std::make_unique<AgentClient>(c.profile.identity(), QStringLiteral("127.0.0.1"), daemon.port());
        client->setUser(user);
        QSignalSpy ready(client.get(), &AgentClient::handshakeDone);
        client->connectToAgent();
        return ready.wait(5000) ? std::move(client) : nullptr;
    };
    auto aliceClient = connect(alice, QStringLiteral("alice"));
    auto bobClient = connect(bob, QStringLiteral("bob"));
    auto profClient = connect(prof, QStringLiteral("prof"));
    QVERIFY(aliceClient && bobClient && profClient);
    // Both follow every run's pushes from the start.
    QList<Message> alicePushes;
    QList<Message> bobPushes;
    QObject::connect(aliceClient.get(), &AgentClient::pushReceived, aliceClient.get(),
                     [&](const Message &m) { alicePushes << m; });
    QObject::connect(bobClient.get(), &AgentClient::pushReceived, bobClient.get(),
                     [&](const Message &m) { bobPushes << m; });
    const QCborMap runsTopic{{QStringLiteral("topics"), QCborArray{QStringLiteral("runs")}}};
    QVERIFY(request(*aliceClient, Message::Type::Subscribe, runsTopic).ok());
    QVERIFY(request(*bobClient, Message::Type::Subscribe, runsTopic).ok());

    auto start = [&](AgentClient &client, const QString &runId, int steps, const QString &checkpointDir,
                     const QString &resume) {
        RunConfig config;
        config.name = runId;
        config.strategy = QStringLiteral("dp");
        config.model.hidden = {8};
        config.dataset.kind = QStringLiteral("synthetic");
        config.dataset.samples = 64;
        config.dataset.shape = {1, 4, 4};
        config.globalBatch = 8;
        config.steps = steps;
        config.checkpoint.dir = checkpointDir;
        config.checkpoint.interval = checkpointDir.isEmpty() ? 0 : 2;
        config.checkpoint.keep = 5;
        config.nodes = {{daemon.nodeId(), QStringLiteral("n"), {0}, {}, {}, 1.0}};
        QCborMap body = startRunBody(QCborMap::fromJsonObject(config.toJson()), runId);
        QTcpServer port;
        (void)port.listen(QHostAddress::LocalHost); // a free port for rank 0's rendezvous store
        body[QStringLiteral("master")] = QStringLiteral("127.0.0.1:%1").arg(port.serverPort());
        port.close();
        if (!resume.isEmpty())
            body[QStringLiteral("resume")] = resume;
        // Whose checkpoint the workers load is the agent's to say: a controller's word is dropped
        // (the admin's resume below would find no checkpoint of "nobody").
        body[QStringLiteral("resume_user")] = QStringLiteral("nobody");
        return request(client, Message::Type::StartRun, body);
    };
    auto finished = [&](const QString &runId) {
        if (!QTest::qWaitFor([&] { return daemon.runs()->activeRuns() == 0; }, 90000))
            return false;
        return daemon.runs()->stateOf(runId) == QLatin1String("finished");
    };
    auto events = [&](AgentClient &client, const QString &runId, const QString &kind) {
        QList<QCborMap> out;
        const auto reply =
            request(client, Message::Type::Journal, QCborMap{{QStringLiteral("run_id"), runId}});
        for (const QCborValue e : reply ? reply->value(QStringLiteral("events")).toArray() : QCborArray())
            if (e.toMap().value(QStringLiteral("kind")).toString() == kind)
                out << e.toMap().value(QStringLiteral("event")).toMap();
        return out;
    };
    auto manifestOf = [](const QString &step) {
        QFile f(step + QStringLiteral("/manifest-node-0.json"));
        return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
    };

    // Alice trains with checkpoints: each records her as the lab user whose run wrote it.
    const QString checkpoints = m_dir.filePath(QStringLiteral("alice-checkpoints"));
    const QString step = checkpoints + QStringLiteral("/step-00000004");
    auto a1 = start(*aliceClient, QStringLiteral("a1"), 4, checkpoints, {});
    QVERIFY2(a1.ok(), qPrintable(a1.error()));
    QVERIFY2(finished(QStringLiteral("a1")), qPrintable(daemon.runs()->stateOf(QStringLiteral("a1"))));
    QCOMPARE(manifestOf(step).value(QStringLiteral("user")).toString(), QStringLiteral("alice"));

    // Bob resumes from her folder or her step: refused, before any worker or journal.
    const QString bobs = m_dir.filePath(QStringLiteral("bob-checkpoints"));
    for (const QString &resume : {checkpoints, step}) {
        auto stolen = start(*bobClient, QStringLiteral("b1"), 6, bobs, resume);
        QVERIFY2(!stolen.ok(), qPrintable(resume));
        QVERIFY2(stolen.error().contains(QLatin1String("was written by alice's run")) &&
                     stolen.error().contains(QLatin1String("only alice or the lab admin may resume it")),
                 qPrintable(stolen.error()));
        QVERIFY(!QDir(agentDir.filePath(QStringLiteral("runs/b1"))).exists());
    }
    // Nor by claiming her name: it is her certificate's since her run.
    auto impostor = connect(bob, QStringLiteral("alice"));
    QVERIFY(impostor);
    QVERIFY(!start(*impostor, QStringLiteral("b2"), 6, bobs, step).ok());
    QVERIFY(!QDir(agentDir.filePath(QStringLiteral("runs/b2"))).exists());
    QVERIFY(!QFileInfo::exists(bobs));

    // Her run is a summary to Bob: who, what and when; no events, paths or model.
    auto journal = request(*bobClient, Message::Type::Journal,
                           QCborMap{{QStringLiteral("run_id"), QStringLiteral("a1")}});
    QVERIFY2(journal.ok(), qPrintable(journal.error()));
    QVERIFY(!journal->contains(QStringLiteral("events")));
    const QCborMap summary = journal->value(QStringLiteral("summary")).toMap();
    QCOMPARE(summary.value(QStringLiteral("run_id")).toString(), QStringLiteral("a1"));
    QCOMPARE(summary.value(QStringLiteral("user")).toString(), QStringLiteral("alice"));
    QCOMPARE(summary.value(QStringLiteral("state")).toString(), QStringLiteral("finished"));
    QCOMPARE(summary.value(QStringLiteral("nodes")).toArray(), QCborArray{QStringLiteral("n")});
    QVERIFY(summary.contains(QStringLiteral("started")) && summary.contains(QStringLiteral("ended")));
    const QStringList allowed{QStringLiteral("run_id"), QStringLiteral("user"),      QStringLiteral("name"),
                              QStringLiteral("state"),  QStringLiteral("started"),   QStringLiteral("ended"),
                              QStringLiteral("nodes"),  QStringLiteral("node_index")};
    for (const QCborValue &key : summary.keys())
        QVERIFY2(allowed.contains(key.toString()), qPrintable(key.toString()));
    QVERIFY(events(*impostor, QStringLiteral("a1"), QStringLiteral("checkpoint")).isEmpty());
    auto list = request(*bobClient, Message::Type::ListRuns, {});
    QVERIFY(list.ok());
    for (const QCborValue r : list->value(QStringLiteral("runs")).toArray())
        for (const QCborValue &key : r.toMap().keys())
            QVERIFY2(allowed.contains(key.toString()), qPrintable(key.toString()));
    // Not one of her run's events reached him live; she had them all, its checkpoints too.
    QVERIFY(!bobPushes.isEmpty()); // her run's states, without their reasons
    for (const Message &m : std::as_const(bobPushes)) {
        QVERIFY2(m.type() != Message::Type::RunEvent, "bob received an event of alice's run");
        QVERIFY(!m.body().contains(QStringLiteral("reason")));
    }
    QVERIFY(std::any_of(alicePushes.cbegin(), alicePushes.cend(), [](const Message &m) {
        return m.type() == Message::Type::RunEvent &&
               m.body().value(QStringLiteral("event")).toMap().value(QStringLiteral("kind")).toString() ==
                   QLatin1String("checkpoint");
    }));

    // Alice reads her journal in full and resumes her own checkpoint.
    const auto saved = events(*aliceClient, QStringLiteral("a1"), QStringLiteral("checkpoint"));
    QVERIFY(!saved.isEmpty());
    QCOMPARE(saved.last().value(QStringLiteral("dir")).toString(), step);
    auto a2 = start(*aliceClient, QStringLiteral("a2"), 6, checkpoints, checkpoints);
    QVERIFY2(a2.ok(), qPrintable(a2.error()));
    QVERIFY(finished(QStringLiteral("a2")));
    const auto ready = events(*aliceClient, QStringLiteral("a2"), QStringLiteral("ready"));
    QVERIFY(!ready.isEmpty());
    QCOMPARE(ready.first().value(QStringLiteral("start_step")).toInteger(), qint64(4));

    // A checkpoint that records no lab user (written before checkpoints did): the admin's alone.
    QJsonObject unrecorded = manifestOf(step);
    unrecorded.remove(QStringLiteral("user"));
    {
        QFile f(step + QStringLiteral("/manifest-node-0.json"));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QJsonDocument(unrecorded).toJson());
    }
    auto old = start(*aliceClient, QStringLiteral("a3"), 6, {}, step);
    QVERIFY(!old.ok());
    QVERIFY2(old.error().contains(QLatin1String("does not record which lab user wrote it")),
             qPrintable(old.error()));
    QVERIFY(!QDir(agentDir.filePath(QStringLiteral("runs/a3"))).exists());
    auto byAdmin = start(*profClient, QStringLiteral("p1"), 6, {}, step);
    QVERIFY2(byAdmin.ok(), qPrintable(byAdmin.error()));
    QVERIFY(finished(QStringLiteral("p1")));
    // The admin may read anyone's journal.
    QVERIFY(!events(*profClient, QStringLiteral("a1"), QStringLiteral("checkpoint")).isEmpty());
}

void TestSecurity::connectionLimit()
{
    Controller controller = makeController();
    QTemporaryDir agentDir;
    AgentOptions options = loopbackOptions(agentDir.path());
    options.maxConnections = 2;
    QVERIFY(trustController(agentDir.path(), controller));
    AgentDaemon daemon(options, std::make_unique<FakeProbe>());
    QVERIFY(daemon.start().ok());
    std::vector<std::unique_ptr<AgentClient>> clients;
    for (int i = 0; i < 3; ++i)
        clients.push_back(std::make_unique<AgentClient>(controller.profile.identity(),
                                                        QStringLiteral("127.0.0.1"), daemon.port()));
    QSignalSpy first(clients[0].get(), &AgentClient::handshakeDone);
    QSignalSpy second(clients[1].get(), &AgentClient::handshakeDone);
    clients[0]->connectToAgent();
    clients[1]->connectToAgent();
    QVERIFY(first.count() > 0 || first.wait(5000));
    QVERIFY(second.count() > 0 || second.wait(5000));
    QSignalSpy third(clients[2].get(), &AgentClient::disconnected);
    clients[2]->connectToAgent();
    QVERIFY(third.wait(5000));
    QCOMPARE(daemon.sessionCount(), 2);
    // A freed place is given again.
    clients[0]->disconnectFromAgent();
    QTRY_COMPARE_WITH_TIMEOUT(daemon.sessionCount(), 1, 5000);
    QSignalSpy again(clients[2].get(), &AgentClient::handshakeDone);
    clients[2]->connectToAgent();
    QVERIFY(again.wait(5000));
}

void TestSecurity::runLimit()
{
    // One run at a time on this agent: a second start is refused with the
    // reason, and nothing of it is started or journaled.
    Controller controller = makeController();
    QTemporaryDir agentDir;
    // A stand-in for the worker that simply stays alive, so the first run stays active.
    const QString worker = agentDir.filePath(QStringLiteral("busy-worker"));
    {
        QFile f(worker);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("#!/bin/sh\nexec sleep 60\n");
    }
    QFile::setPermissions(worker, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    AgentOptions options = loopbackOptions(agentDir.path());
    options.maxActiveRuns = 1;
    options.workerPath = worker;
    QVERIFY(trustController(agentDir.path(), controller));
    // Two GPUs, a run on each: the second is refused for the run limit, not for its device (docs/lab.md).
    auto probe = std::make_unique<FakeProbe>();
    probe->devices.append(probe->devices.first());
    probe->devices[1].index = 1;
    AgentDaemon daemon(options, std::move(probe));
    QVERIFY(daemon.start().ok());
    AgentClient client(controller.profile.identity(), QStringLiteral("127.0.0.1"), daemon.port());
    QSignalSpy ready(&client, &AgentClient::handshakeDone);
    client.connectToAgent();
    QVERIFY(ready.wait(5000));
    RunConfig config;
    config.name = QStringLiteral("limit");
    config.dataset.kind = QStringLiteral("synthetic");
    auto startRun = [&](const QString &id) {
        config.nodes = {
            {daemon.nodeId(), QStringLiteral("n"), {id == QLatin1String("r1") ? 0 : 1}, {}, {}, 1.0}};
        return request(client, Message::Type::StartRun,
                       startRunBody(QCborMap::fromJsonObject(config.toJson()), id));
    };
    auto first = startRun(QStringLiteral("r1"));
    QVERIFY2(first.ok(), qPrintable(first.error()));
    QCOMPARE(daemon.runs()->activeRuns(), 1);
    auto second = startRun(QStringLiteral("r2"));
    QVERIFY(!second.ok());
    QVERIFY2(second.error().contains(QLatin1String("limit")), qPrintable(second.error()));
    QVERIFY(!QDir(agentDir.filePath(QStringLiteral("runs/r2"))).exists());
    QCOMPARE(daemon.runs()->list().size(), 1);
    // Once the first run is gone, the place is free again.
    QVERIFY(
        request(client, Message::Type::AbortRun, QCborMap{{QStringLiteral("run_id"), QStringLiteral("r1")}})
            .ok());
    QTRY_COMPARE_WITH_TIMEOUT(daemon.runs()->activeRuns(), 0, 10000);
    auto third = startRun(QStringLiteral("r3"));
    QVERIFY2(third.ok(), qPrintable(third.error()));
    QVERIFY(
        request(client, Message::Type::AbortRun, QCborMap{{QStringLiteral("run_id"), QStringLiteral("r3")}})
            .ok());
    QTRY_COMPARE_WITH_TIMEOUT(daemon.runs()->activeRuns(), 0, 10000);
}

void TestSecurity::silentConnectionIsClosed()
{
    // A connection that never completes the TLS handshake (a port scan, or an
    // attempt to use up the connection limit) is closed after
    // Protocol::kTlsHandshakeTimeoutMs and frees its place.
    QTemporaryDir agentDir;
    AgentOptions options = loopbackOptions(agentDir.path());
    AgentDaemon daemon(options, std::make_unique<FakeProbe>());
    QVERIFY(daemon.start().ok());
    QTcpSocket silent;
    silent.connectToHost(QHostAddress::LocalHost, daemon.port());
    QVERIFY(silent.waitForConnected(5000));
    QTRY_COMPARE_WITH_TIMEOUT(daemon.sessionCount(), 1, 5000);
    QElapsedTimer waited;
    waited.start();
    QTRY_VERIFY_WITH_TIMEOUT(silent.state() == QAbstractSocket::UnconnectedState,
                             Protocol::kTlsHandshakeTimeoutMs + 5000);
    QVERIFY(waited.elapsed() >= Protocol::kTlsHandshakeTimeoutMs - 1000);
    QTRY_COMPARE_WITH_TIMEOUT(daemon.sessionCount(), 0, 5000);
}

QTEST_GUILESS_MAIN(TestSecurity)
#include "tst_security.moc"
