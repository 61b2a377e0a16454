// The typed contracts between workers, agents and controllers (issue #18):
// every event kind and node state survives its name, a kind from a newer
// version is kept and shown under its own name (in the agent's journal, in
// the history and in words), the one rule for final states, and EventText's
// line for an event of every kind, made safe for a terminal.
#include "eventkind.h"
#include "eventtext.h"
#include "historystore.h"
#include "nodestate.h"
#include "printers.h"
#include "runjournal.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

// Failures name the enums' values, not their numbers.
char *toString(EventText::Level level)
{
    switch (level) {
    case EventText::Level::Info:
        return qstrdup("Info");
    case EventText::Level::Warning:
        return qstrdup("Warning");
    case EventText::Level::Error:
        return qstrdup("Error");
    }
    return qstrdup("?");
}

namespace {
RunEvent runEvent(const QString &kind, int rank, const QJsonObject &payload)
{
    RunEvent e;
    e.runId = QStringLiteral("r1");
    e.source = QStringLiteral("agent-a");
    e.seq = 1;
    e.timeMs = 1767000000000;
    e.kind = kind;
    e.rank = rank;
    e.payload = payload;
    return e;
}
} // namespace

class TestContracts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void eventKindNames_data();
    void eventKindNames();
    void everyEventKindRoundTrips();
    void unknownKindIsKept();
    void nodeStates_data();
    void nodeStates();
    void everyNodeStateRoundTrips();
    void eventText_data();
    void eventText();
    void terminalTextIsEscaped();
    void eachHappeningOnce();
};

void TestContracts::initTestCase()
{
    // Digits and separators the expected lines are written in.
    QLocale::setDefault(QLocale::c());
}

void TestContracts::eventKindNames_data()
{
    // The names are the contract with other versions (docs/worker-events.md): spelled out here on purpose.
    QTest::addColumn<QString>("name");
    QTest::addColumn<EventKind>("kind");
    const std::pair<const char *, EventKind> names[] = {
        {"ready", EventKind::Ready},
        {"plan", EventKind::Plan},
        {"step", EventKind::Step},
        {"rebalance", EventKind::Rebalance},
        {"eval", EventKind::Eval},
        {"checkpoint", EventKind::Checkpoint},
        {"done", EventKind::Done},
        {"error", EventKind::Error},
        {"log", EventKind::Log},
        {"state", EventKind::State},
        {"worker_exit", EventKind::WorkerExit},
        {"launch", EventKind::Launch},
        {"elastic", EventKind::Elastic},
        {"stop_requested", EventKind::StopRequested},
        {"abort_requested", EventKind::AbortRequested},
        {"finished", EventKind::Finished},
        {"diagnosis", EventKind::Diagnosis},
        {"warning", EventKind::Warning},
        {"model", EventKind::Model},
        {"link", EventKind::Link},
    };
    QCOMPARE(std::size(names), size_t(EventKind::Unknown));
    for (const auto &[name, kind] : names)
        QTest::newRow(name) << QString::fromLatin1(name) << kind;
}

void TestContracts::eventKindNames()
{
    QFETCH(QString, name);
    QFETCH(EventKind, kind);
    QCOMPARE(EventKinds::name(kind), name);
    QCOMPARE(EventKinds::fromString(name), kind);
}

void TestContracts::everyEventKindRoundTrips()
{
    QSet<QString> names;
    for (int i = 0; i < int(EventKind::Unknown); ++i) {
        const EventKind kind = EventKind(i);
        const QString name = EventKinds::name(kind);
        QVERIFY2(!name.isEmpty(), qPrintable(QString::number(i)));
        QCOMPARE(EventKinds::fromString(name), kind);
        names.insert(name);
    }
    QCOMPARE(names.size(), int(EventKind::Unknown)); // no two kinds share a name
    QCOMPARE(EventKinds::name(EventKind::Unknown), QString());
    for (const QString &other :
         {QString(), QStringLiteral("Step"), QStringLiteral("step "), QStringLiteral("future_kind")})
        QCOMPARE(EventKinds::fromString(other), EventKind::Unknown);
}

void TestContracts::unknownKindIsKept()
{
    // A newer worker's event: the agent journals it as it came...
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto journal = RunJournal::create(dir.filePath(QStringLiteral("run")), QStringLiteral("r1"),
                                      QStringLiteral("agent-a"),
                                      QJsonObject{{QStringLiteral("run_id"), QStringLiteral("r1")}});
    QVERIFY2(journal, qPrintable(journal.error()));
    const QJsonObject payload{{QStringLiteral("event"), QStringLiteral("future_kind")},
                              {QStringLiteral("answer"), 42}};
    (*journal)->append(QStringLiteral("future_kind"), 0, 0, payload);
    const QList<RunEvent> journaled = (*journal)->read(0, 100);
    QCOMPARE(journaled.size(), 1);
    QCOMPARE(journaled.first().kind, QStringLiteral("future_kind"));
    QCOMPARE(journaled.first().kind.value(), EventKind::Unknown);

    // ...the history stores it with its name and payload...
    HistoryStore store(dir.filePath(QStringLiteral("history.sqlite")));
    QVERIFY(store.open().ok());
    RunRecord run;
    run.id = QStringLiteral("r1");
    run.name = QStringLiteral("newer worker");
    run.strategy = QStringLiteral("dp");
    run.config = QJsonObject{{QStringLiteral("strategy"), run.strategy}};
    run.createdMs = 1;
    store.createRun(run, {{0, QStringLiteral("agent-a"), QStringLiteral("box-a"), {}, 0, {0}, {}, 0}});
    RunEvent e = journaled.first();
    e.runId = run.id;
    store.appendEvents({e});
    store.flush();
    const QList<RunEvent> stored = store.events(run.id, {QStringLiteral("future_kind")});
    QCOMPARE(stored.size(), 1);
    QCOMPARE(stored.first().kind, QStringLiteral("future_kind"));
    QCOMPARE(stored.first().payload.value(QStringLiteral("answer")).toInt(), 42);

    // ...and it is shown under that name, with what it carries.
    QCOMPARE(EventText::title(stored.first(), EventText::Shown::Widget), QStringLiteral("future_kind"));
    QCOMPARE(EventText::line(stored.first(), QStringLiteral("box-a"), EventText::Shown::Terminal),
             QStringLiteral("box-a, rank 0: future_kind: {\"answer\":42}"));
    QCOMPARE(EventText::level(stored.first()), EventText::Level::Info);
}

void TestContracts::nodeStates_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<NodeState>("state");
    QTest::addColumn<bool>("final");
    QTest::newRow("starting") << "starting" << NodeState::Starting << false;
    QTest::newRow("running") << "running" << NodeState::Running << false;
    QTest::newRow("stopping") << "stopping" << NodeState::Stopping << false;
    QTest::newRow("finished") << "finished" << NodeState::Finished << true;
    QTest::newRow("failed") << "failed" << NodeState::Failed << true;
    QTest::newRow("stopped") << "stopped" << NodeState::Stopped << true;
    QTest::newRow("aborted") << "aborted" << NodeState::Aborted << true;
    QTest::newRow("queued") << "queued" << NodeState::Queued << false;
    // No state yet, or one of a newer agent: the run may go on.
    QTest::newRow("none") << QString() << NodeState::Unknown << false;
    QTest::newRow("newer") << "paused" << NodeState::Unknown << false;
}

void TestContracts::nodeStates()
{
    QFETCH(QString, name);
    QFETCH(NodeState, state);
    QFETCH(bool, final);
    QCOMPARE(NodeStates::fromString(name), state);
    QCOMPARE(NodeStates::isFinal(state), final);
    if (state != NodeState::Unknown)
        QCOMPARE(NodeStates::name(state), name);
}

void TestContracts::everyNodeStateRoundTrips()
{
    QSet<QString> names;
    for (int i = 0; i < int(NodeState::Unknown); ++i) {
        const NodeState state = NodeState(i);
        QVERIFY(!NodeStates::name(state).isEmpty());
        QCOMPARE(NodeStates::fromString(NodeStates::name(state)), state);
        names.insert(NodeStates::name(state));
    }
    QCOMPARE(names.size(), int(NodeState::Unknown));
    QCOMPARE(NodeStates::name(NodeState::Unknown), QString());
    QVERIFY(!NodeStates::isFinal(NodeState::Unknown));
}

void TestContracts::eventText_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<int>("rank");
    QTest::addColumn<QString>("node");
    QTest::addColumn<QJsonObject>("payload");
    QTest::addColumn<QString>("title");
    QTest::addColumn<QString>("line");
    QTest::addColumn<EventText::Level>("level");
    using L = EventText::Level;
    QSet<EventKind> covered;
    auto row = [&](const char *name, const char *kind, int rank, const char *node, const char *payload,
                   const char *title, const char *line, L level) {
        covered.insert(EventKinds::fromString(QString::fromUtf8(kind)));
        QJsonParseError error;
        const QJsonObject object = QJsonDocument::fromJson(payload, &error).object();
        QVERIFY2(error.error == QJsonParseError::NoError, payload);
        QTest::newRow(name) << QString::fromUtf8(kind) << rank << QString::fromUtf8(node) << object
                            << QString::fromUtf8(title) << QString::fromUtf8(line) << level;
    };
    row("ready", "ready", 0, "box-a", R"({"strategy": "lshdp", "world_size": 4, "model": "mlp 64-32-10"})",
        "Ready", "box-a, rank 0: Ready: lshdp on 4 rank(s), mlp 64-32-10", L::Info);
    // Values every rank reports alike name nobody.
    row("plan", "plan", 0, "box-a", R"({"step": 0, "batches": [5, 4, 12, 11], "source": "manual"})", "Plan",
        "Plan: From step 0 (as the config sets them): 5, 4, 12, 11", L::Info);
    // A large run's plan stays one readable line: the first 16 shares and the count.
    row("plan of 40 ranks", "plan", 0, "box-a",
        R"({"step": 0, "batches": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
                                   21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40],
            "source": "equal"})",
        "Plan",
        "Plan: From step 0 (equal shares): 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, … (40 in "
        "all)",
        L::Info);
    // Gradient accumulation (issue #31, item 3): the plan says its passes.
    row("plan in passes", "plan", 0, "box-a",
        R"({"step": 0, "batches": [512, 512], "source": "initial", "micro_batches": 4})", "Plan",
        "Plan: From step 0 (before the speeds are measured): 512, 512, each in 4 passes", L::Info);
    row("step", "step", 1, "box-a", R"({"step": 10, "loss": 2.31794, "samples_per_s": 6043.9})", "Step",
        "box-a, rank 1: Step: 10, loss 2.3179, 6044 samples/s", L::Info);
    row("rebalance", "rebalance", 0, "box-a",
        R"({"step": 5, "old": [32, 32], "new": [40, 24], "reason": "profiled", "predicted_gain": 0.12})",
        "Re-plan",
        "Re-plan: From step 5 (first speed measurements): 32, 32 → 40, 24 (predicted 12.0% faster)", L::Info);
    row("rebalance of a newer planner", "rebalance", 0, "box-a",
        R"({"step": 7, "new": [48, 48], "reason": "thermal"})", "Re-plan",
        "Re-plan: From step 7 (thermal): 48, 48", L::Info);
    row("eval accuracy", "eval", 0, "box-a", R"({"step": 20, "loss": 0.4, "accuracy": 0.875})", "Evaluation",
        "Evaluation: accuracy 87.5 % at step 20", L::Info);
    row("eval perplexity", "eval", 0, "box-a", R"({"step": 20, "loss": 1.25, "perplexity": 3.5})",
        "Evaluation", "Evaluation: perplexity 3.50 at step 20", L::Info);
    row("eval loss", "eval", 0, "box-a", R"({"step": 20, "loss": 1.25281})", "Evaluation",
        "Evaluation: loss 1.2528 at step 20", L::Info);
    row("checkpoint", "checkpoint", 0, "box-a", R"({"step": 10, "dir": "/ckpt/step-10"})", "Checkpoint",
        "Checkpoint: step 10", L::Info);
    row("done", "done", 0, "box-a", R"({"steps": 20, "reason": "completed"})", "Training finished",
        "Training finished: 20 step(s)", L::Info);
    row("done stopped", "done", 0, "box-a", R"({"steps": 12, "reason": "stopped"})", "Training finished",
        "Training finished: stopped after 12 step(s)", L::Info);
    row("error", "error", 0, "box-a",
        R"({"message": "connection reset", "cause": "communication", "exit_code": 3})", "Error",
        "box-a, rank 0: Error: a peer stopped answering or could not be reached: connection reset", L::Error);
    row("log", "log", 2, "box-a", R"({"text": "NCCL INFO ready"})", "Output",
        "box-a, rank 2: Output: NCCL INFO ready", L::Info);
    row("state running", "state", -1, "box-a", R"({"state": "running"})", "State", "box-a: Running", L::Info);
    row("state failed", "state", -1, "box-a", R"({"state": "failed", "reason": "the disk is gone"})", "State",
        "box-a: Failed: the disk is gone", L::Error);
    row("state of a newer agent", "state", -1, "box-a", R"({"state": "paused"})", "State", "box-a: paused",
        L::Info);
    row("worker killed", "worker_exit", 2, "box-a", R"({"exit_code": 9, "crashed": true})", "Worker ended",
        "box-a, rank 2: Worker ended: killed by signal 9 (SIGKILL)", L::Error);
    row("worker exit 0", "worker_exit", 2, "box-a", R"({"exit_code": 0, "crashed": false})", "Worker ended",
        "box-a, rank 2: Worker ended: exited with code 0", L::Info);
    row("launch", "launch", -1, "Controller", R"({"world_size": 4, "master": "10.0.0.1:29500"})", "Launched",
        "Controller: Launched: 4 device(s)", L::Info);
    row("elastic", "elastic", -1, "Controller",
        R"json({"attempt": 1, "reason": "lost node2; resuming from the checkpoint of step 15 on 2 node(s)"})json",
        "Elastic recovery",
        "Controller: Elastic recovery: lost node2; resuming from the checkpoint of step 15 on 2 node(s)",
        L::Info);
    row("stop requested", "stop_requested", -1, "Controller", "{}", "Stop requested",
        "Controller: Stop requested", L::Info);
    row("abort requested", "abort_requested", -1, "Controller", "{}", "Abort requested",
        "Controller: Abort requested", L::Info);
    row("finished", "finished", -1, "Controller", R"({"status": "failed", "reason": "box-b: gone"})",
        "Finished", "Controller: Failed: box-b: gone", L::Error);
    row("diagnosis", "diagnosis", -1, "Controller",
        R"({"findings": [{"reason": "stragglers", "node": "box-a", "device": 0,
                          "evidence": "waits 28.7 ms of each 61.1 ms step", "action": "Check the slow node."},
                         {"reason": "silent_agent", "node": "box-b", "device": -1}]})",
        "Diagnosis",
        "Controller: Diagnosis: Waiting for slower nodes — box-a, device 0: waits 28.7 ms of each 61.1 ms "
        "step → Check "
        "the slow node.; Agent stopped reporting — box-b",
        L::Warning);
    row("warning", "warning", -1, "Controller", R"({"message": "GPU 0 is busy"})", "Warning",
        "Controller: Warning: GPU 0 is busy", L::Warning);
    row("model", "model", 0, "box-a", R"({"step": 30, "dir": "/srv/runs/r1/model", "bytes": 4096})",
        "Model written", "Model written: step 30", L::Info); // run-wide: no node named
    // The measured link: rank 0's, for the whole run; 10 MB/s, 8 MB an exact step, beta alone faster.
    row("link", "link", 0, "box-a",
        R"({"step": 6, "bytes_per_s": 10000000, "exact_bytes_per_step": 8000000, "fastest_node": "beta",
            "fastest_alone_ms": 300, "mode": "exact", "every": 1, "modes": [
            {"mode": "exact", "every": 1, "step_ms": 1120, "network_share": 0.714},
            {"mode": "local", "every": 16, "step_ms": 370, "network_share": 0.135}]})",
        "Link",
        "Link: 9.5 MB/s (80 Mb/s) measured by step 6; exact: 71% of each step on the network; local steps "
        "every "
        "16 step(s): predicted 3.0× exact's speed (0.37 s a step against 1.12 s); beta alone would be "
        "faster: "
        "0.30 s a step against the group's best 0.37 s; train on it alone",
        L::Info);
    row("unknown", "future_kind", 0, "box-a", R"({"answer": 42})", "future_kind",
        R"(box-a, rank 0: future_kind: {"answer":42})", L::Info);
    QCOMPARE(covered.size(), int(EventKind::Unknown) + 1); // every kind, Unknown too
}

void TestContracts::eventText()
{
    QFETCH(QString, kind);
    QFETCH(int, rank);
    QFETCH(QString, node);
    QFETCH(QJsonObject, payload);
    QFETCH(QString, title);
    QFETCH(QString, line);
    QFETCH(EventText::Level, level);
    const RunEvent e = runEvent(kind, rank, payload);
    QCOMPARE(EventText::title(e, EventText::Shown::Widget), title);
    QCOMPARE(EventText::line(e, node, EventText::Shown::Widget), line);
    // Plain text is the same on a terminal.
    QCOMPARE(EventText::line(e, node, EventText::Shown::Terminal), line);
    QCOMPARE(EventText::level(e), level);
}

// Issue #31, item 3: what every rank reports alike is one happening; a re-plan and the plan it
// made are one too; what is a rank's or node's own is none.
void TestContracts::eachHappeningOnce()
{
    const auto e = [](const char *kind, int rank, const char *payload) {
        return runEvent(QLatin1String(kind), rank, QJsonDocument::fromJson(payload).object());
    };
    const QString replan =
        EventText::happening(e("rebalance", 0, R"({"step": 5, "old": [8, 8], "new": [6, 10]})"));
    QVERIFY(!replan.isEmpty());
    QCOMPARE(EventText::happening(e("rebalance", 1, R"({"step": 5, "old": [8, 8], "new": [6, 10]})")),
             replan);
    QCOMPARE(EventText::happening(e("plan", 2, R"({"step": 5, "batches": [6, 10], "source": "planned"})")),
             replan);
    QVERIFY(EventText::happening(e("plan", 0, R"({"step": 6, "batches": [6, 10]})")) != replan);
    QCOMPARE(EventText::happening(e("eval", 0, R"({"step": 20, "ms": 3.5})")),
             EventText::happening(e("eval", 1, R"({"step": 20, "ms": 4.25})")));
    QVERIFY(EventText::happening(e("eval", 0, R"({"step": 20})")) !=
            EventText::happening(e("eval", 0, R"({"step": 30})")));
    QVERIFY(EventText::happening(e("step", 0, R"({"step": 20})")).isEmpty());
    QVERIFY(EventText::happening(e("error", 0, R"({"message": "x"})")).isEmpty());
    QVERIFY(EventText::happening(e("state", -1, R"({"state": "running"})")).isEmpty());
}

void TestContracts::terminalTextIsEscaped()
{
    // A reason, a message and a node name from another machine: a forged line,
    // a terminal escape and U+202E RIGHT-TO-LEFT OVERRIDE.
    const QString hostile =
        QStringLiteral("gone\nFAKE ok") + QChar(0x1b) + QStringLiteral("[2J") + QChar(0x202E);
    const QString node = QStringLiteral("box") + QChar(0x1b) + QStringLiteral("]0;x");
    for (const RunEvent &e : {runEvent(QStringLiteral("state"), -1,
                                       {{QStringLiteral("state"), QStringLiteral("failed")},
                                        {QStringLiteral("reason"), hostile}}),
                              runEvent(QStringLiteral("error"), 0, {{QStringLiteral("message"), hostile}}),
                              runEvent(QStringLiteral("log"), 0, {{QStringLiteral("text"), hostile}}),
                              runEvent(hostile, 0, {{QStringLiteral("x"), hostile}})}) {
        for (const auto shown : {EventText::Shown::Terminal, EventText::Shown::Widget}) {
            const QString line = EventText::line(e, node, shown);
            QVERIFY2(!line.contains(QChar(0x1b)) && !line.contains(QLatin1Char('\n')) &&
                         !line.contains(QChar(0x202E)),
                     qPrintable(line));
            QVERIFY2(line.contains(QLatin1String("FAKE ok")), qPrintable(line));
        }
        QVERIFY(EventText::line(e, node, EventText::Shown::Terminal).contains(QLatin1String("\\n")));
    }
}

QTEST_GUILESS_MAIN(TestContracts)
#include "tst_contracts.moc"
