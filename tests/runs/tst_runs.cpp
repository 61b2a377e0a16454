// Runs end to end: three real agents on loopback, hamgamctl starting,
// following, stopping, aborting and re-attaching, real workers training, and
// the history checked against what the agents journaled.
#include "beacon.h"
#include "historystore.h"
#include "printers.h"
#include "processlab.h"
#include "smallrunconfig.h"
#include "testsupport.h"

#include <csignal>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTest>
#include <QUdpSocket>

class TestRuns : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void threeAgentRunCompletes();
    void trainedModelLeavesThroughHamgamctl();
    void invalidConfigsStartNothing_data();
    void invalidConfigsStartNothing();
    void stopWritesCheckpointAndAbortKills();
    void aStopThatRunsOutOfTimeSaysTheRunGoesOn();
    void killedWorkerFailsTheRunWithItsReason();
    void aFrozenMachineIsNamedWithinSeconds();
    void killedControllerThenAttachLeavesNoGap();
    void elasticRunKeepsEveryAttemptsHistory();
    void forgedBeaconsDoNotStopAFollowedRun();

private:
    QString writeConfig(const QString &name, const QJsonObject &patch = {});
    static QString runIdFrom(const QByteArray &out);
    RunRecord waitForStatus(const QString &runId, const QStringList &statuses, int timeoutMs);
    /// The (rank, step) pairs of a run's step rows in the history, of one rank or (-1) all.
    QSet<QPair<int, qint64>> historySteps(const QString &runId, int rank = -1) const;

    ProcessLab m_lab;
};

void TestRuns::initTestCase()
{
    QString error;
    QVERIFY2(m_lab.start(3, &error), qPrintable(error));
    QByteArray out;
    QCOMPARE(m_lab.ctl({QStringLiteral("nodes"), QStringLiteral("--json")}, &out), 0);
    const QJsonArray nodes = QJsonDocument::fromJson(out).array();
    QCOMPARE(nodes.size(), 3);
    for (const QJsonValue n : nodes)
        QVERIFY2(n.toObject().value(QStringLiteral("trusted")).toBool(), out.constData());
}

QString TestRuns::writeConfig(const QString &name, const QJsonObject &patch)
{
    QJsonArray nodes;
    for (int i = 0; i < m_lab.agentCount(); ++i)
        nodes.append(QJsonObject{{QStringLiteral("agent"), m_lab.agent(i).nodeId},
                                 {QStringLiteral("devices"), QJsonArray{0}}});
    // The shared small run, longer and with a quick planner so that re-plans happen.
    QJsonObject defaults{
        {QStringLiteral("steps"), 30},
        {QStringLiteral("threads"), 1},
        {QStringLiteral("optimizer"),
         QJsonObject{{QStringLiteral("kind"), QStringLiteral("sgd")}, {QStringLiteral("lr"), 0.05}}},
        {QStringLiteral("planner"),
         QJsonObject{{QStringLiteral("profile_steps"), 2}, {QStringLiteral("replan_interval"), 5}}},
        {QStringLiteral("comm"), QJsonObject{{QStringLiteral("timeout_s"), 10}}}};
    for (auto it = patch.begin(); it != patch.end(); ++it)
        defaults[it.key()] = it.value();
    const QJsonObject config = smallRunConfig(name, nodes, defaults);
    const QString path = m_lab.path(name + QStringLiteral(".json"));
    QFile f(path);
    f.open(QIODevice::WriteOnly | QIODevice::Truncate);
    f.write(QJsonDocument(config).toJson());
    return path;
}

QString TestRuns::runIdFrom(const QByteArray &out)
{
    return QRegularExpression(QStringLiteral("run (\\d{8}-\\d{6}-[0-9a-f]{4})"))
        .match(QString::fromUtf8(out))
        .captured(1);
}

RunRecord TestRuns::waitForStatus(const QString &runId, const QStringList &statuses, int timeoutMs)
{
    HistoryStore history(m_lab.historyPath());
    if (!history.open())
        return {};
    RunRecord record;
    (void)QTest::qWaitFor(
        [&] { // the caller checks the status it gets
            record = history.run(runId).value_or(RunRecord{});
            return statuses.contains(RunStatusText::key(record.status));
        },
        timeoutMs);
    return record;
}

QSet<QPair<int, qint64>> TestRuns::historySteps(const QString &runId, int rank) const
{
    QSet<QPair<int, qint64>> steps;
    const QString connection = QStringLiteral("tst_runs_steps");
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
        db.setDatabaseName(m_lab.historyPath());
        if (db.open()) {
            QSqlQuery q(db);
            q.prepare(
                QStringLiteral("SELECT rank, step FROM steps WHERE run_id = ? AND (? < 0 OR rank = ?)"));
            q.addBindValue(runId);
            q.addBindValue(rank);
            q.addBindValue(rank);
            if (q.exec()) {
                while (q.next())
                    steps.insert({q.value(0).toInt(), q.value(1).toLongLong()});
            }
        }
    }
    QSqlDatabase::removeDatabase(connection);
    return steps;
}

void TestRuns::threeAgentRunCompletes()
{
    QByteArray out;
    QByteArray err;
    const int code = m_lab.ctl(
        {QStringLiteral("run"), writeConfig(QStringLiteral("complete")), QStringLiteral("--follow")}, &out,
        &err);
    QVERIFY2(code == 0, QByteArray(out + err).constData());
    const QString runId = runIdFrom(out);
    QVERIFY(!runId.isEmpty());
    QVERIFY(out.contains("Finished"));

    HistoryStore history(m_lab.historyPath());
    QVERIFY(history.open().ok());
    const auto run = history.run(runId);
    QVERIFY(run);
    QCOMPARE(run->status, RunStatus::Finished);
    // Every step event every worker printed is a row of the history, no more, no less.
    const int journaled = m_lab.journaledEvents(runId, QStringLiteral("step"));
    QCOMPARE(journaled, 3 * 30);
    QCOMPARE(history.stepRowCount(runId), journaled);
    QCOMPARE(run->summary.value(QStringLiteral("steps")).toInt(), 30);
    QVERIFY(run->summary.value(QStringLiteral("final_loss")).toDouble() > 0);
    const QList<RunNodeRecord> nodes = history.nodes(runId);
    QCOMPARE(nodes.size(), 3);
    // Issue #31, item 3: each node keeps its own share of the final plan, and the shares make the
    // global batch (not the whole plan repeated on every node's row).
    qint64 total = 0;
    for (const RunNodeRecord &node : nodes) {
        QCOMPARE(node.finalPlan.size(), node.devices.size());
        for (const QJsonValue share : node.finalPlan)
            total += share.toInteger();
    }
    QCOMPARE(total, run->config.value(QStringLiteral("global_batch")).toInteger());

    // And hamgamctl reports it.
    QCOMPARE(m_lab.ctl({QStringLiteral("runs"), QStringLiteral("--json")}, &out), 0);
    QVERIFY(QJsonDocument::fromJson(out).array().first().toObject().value(QStringLiteral("id")).toString() ==
            runId);
    QCOMPARE(m_lab.ctl({QStringLiteral("show"), runId}, &out), 0);
    QVERIFY(out.contains("Finished"));
}

// Issue #20, item 5, as a user meets it: a run on three machines trains a
// classifier on a table; hamgamctl export-model brings the model from the
// machine of rank 0; Debian's PyTorch loads it and scores what the run did.
void TestRuns::trainedModelLeavesThroughHamgamctl()
{
    const bool python = TestSupport::hasPythonTorch();
    const QString table = m_lab.path(QStringLiteral("table"));
    QVERIFY(QDir().mkpath(table));
    for (const auto &[name, rows] :
         {std::pair{QStringLiteral("train.csv"), 300}, {QStringLiteral("test.csv"), 100}}) {
        QFile f(table + QLatin1Char('/') + name);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("width,height,kind\n");
        QRandomGenerator rng{quint32(rows)};
        for (int i = 0; i < rows; ++i) {
            const int c = int(rng.bounded(3));
            f.write(QByteArray::number(c + 1.6 * rng.generateDouble(), 'g', 6) + ',' +
                    QByteArray::number(rng.generateDouble(), 'g', 6) + ',' +
                    QByteArray(c == 0   ? "small"
                               : c == 1 ? "medium"
                                        : "large") +
                    '\n');
        }
    }
    const QString config = writeConfig(
        QStringLiteral("exported"),
        {{QStringLiteral("dataset"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("csv")},
                                                 {QStringLiteral("path"), table},
                                                 {QStringLiteral("label"), QStringLiteral("kind")}}},
         {QStringLiteral("model"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("mlp")},
                                               {QStringLiteral("hidden"), QJsonArray{8}}}},
         {QStringLiteral("optimizer"),
          QJsonObject{{QStringLiteral("kind"), QStringLiteral("adamw")}, {QStringLiteral("lr"), 0.02}}},
         {QStringLiteral("global_batch"), 30}});
    QByteArray out;
    QByteArray err;
    QVERIFY2(m_lab.ctl({QStringLiteral("run"), config, QStringLiteral("--follow")}, &out, &err) == 0,
             QByteArray(out + err).constData());
    const QString runId = runIdFrom(out);
    QVERIFY(!runId.isEmpty());

    const QString modelDir = m_lab.path(QStringLiteral("exported-model"));
    QVERIFY2(m_lab.ctl({QStringLiteral("export-model"), runId, modelDir}, &out, &err) == 0,
             QByteArray(out + err).constData());
    QVERIFY2(out.contains("model.pt") && out.contains("step 30"), out.constData());
    QVERIFY(QFileInfo(modelDir + QStringLiteral("/model.pt")).size() > 0);
    QFile json(modelDir + QStringLiteral("/model.json"));
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QJsonObject about = QJsonDocument::fromJson(json.readAll()).object();
    QCOMPARE(about.value(QStringLiteral("classes")).toArray(),
             QJsonArray({QStringLiteral("large"), QStringLiteral("medium"), QStringLiteral("small")}));

    // The same folder again: refused (exit 4) and left as it is, until --replace says so.
    const auto modified = [&modelDir] {
        return QFileInfo(modelDir + QStringLiteral("/model.pt")).lastModified();
    };
    const QDateTime before = modified();
    QCOMPARE(m_lab.ctl({QStringLiteral("export-model"), runId, modelDir}, &out, &err), 4);
    QVERIFY2(err.contains("already holds a trained model") && err.contains("--replace"), err.constData());
    QCOMPARE(modified(), before);
    QVERIFY2(m_lab.ctl({QStringLiteral("export-model"), runId, modelDir, QStringLiteral("--replace")}, &out,
                       &err) == 0,
             QByteArray(out + err).constData());
    QVERIFY(QFileInfo(modelDir + QStringLiteral("/model.pt")).size() > 0);

    // A run that wrote no model says so.
    QVERIFY(m_lab.ctl({QStringLiteral("export-model"), QStringLiteral("no-such-run"), modelDir}, &out,
                      &err) == 3);

    if (!python)
        QSKIP("Debian's python3-torch is not installed (scripts/install-deps installs it)");
    HistoryStore history(m_lab.historyPath());
    QVERIFY(history.open().ok());
    const QList<RunEvent> evals = history.events(runId, {QStringLiteral("eval")});
    QVERIFY(!evals.isEmpty());
    const double accuracy = evals.last().payload.value(QStringLiteral("accuracy")).toDouble();
    QString error;
    const QJsonObject result = TestSupport::evaluateModel(modelDir, table, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(result.value(QStringLiteral("samples")).toInt(), 100);
    QCOMPARE(result.value(QStringLiteral("correct")).toInt(), qRound(accuracy * 100));
}

void TestRuns::invalidConfigsStartNothing_data()
{
    QTest::addColumn<QString>("patch");
    QTest::addColumn<QString>("message");
    QTest::newRow("batch below devices") << R"({"global_batch": 2})"
                                         << "smaller than the number of devices";
    QTest::newRow("unknown model") << R"({"model": {"kind": "resnet"}})"
                                   << "unknown model";
    QTest::newRow("dataset missing on the nodes")
        << R"({"dataset": {"kind": "fashion-mnist", "path": "/tmp/hamgam-no-such-dataset/fashion"}})"
        << "does not exist on this machine";
    // Outside the allowed directories the answer is the same whether the path exists or not
    // (docs/security.md).
    QTest::newRow("dataset outside the allowed directories")
        << R"({"dataset": {"kind": "fashion-mnist", "path": "/nonexistent/fashion"}})"
        << "outside the directories";
    QTest::newRow("unknown machine") << R"({"nodes": [{"agent": "no-such-node", "devices": [0]}]})"
                                     << "no machine";
    QTest::newRow("override does not sum") << R"({"global_batch": 48, "nodes": []})"
                                           << "at least one machine";
}

void TestRuns::invalidConfigsStartNothing()
{
    QFETCH(QString, patch);
    QFETCH(QString, message);
    HistoryStore before(m_lab.historyPath());
    QVERIFY(before.open().ok());
    const qsizetype runs = before.runs().size();
    QByteArray out;
    QByteArray err;
    const int code =
        m_lab.ctl({QStringLiteral("run"),
                   writeConfig(QStringLiteral("bad"), QJsonDocument::fromJson(patch.toUtf8()).object())},
                  &out, &err);
    QVERIFY2(code != 0, out.constData());
    QVERIFY2(err.contains(message.toUtf8()), err.constData());
    QCOMPARE(before.runs().size(), runs);
}

void TestRuns::stopWritesCheckpointAndAbortKills()
{
    const QString checkpoints = m_lab.path(QStringLiteral("checkpoints"));
    QByteArray out;
    QByteArray err;
    const int started = m_lab.ctl(
        {QStringLiteral("run"),
         writeConfig(QStringLiteral("long"), QJsonObject{{QStringLiteral("steps"), 100000},
                                                         {QStringLiteral("checkpoint"),
                                                          QJsonObject{{QStringLiteral("dir"), checkpoints},
                                                                      {QStringLiteral("interval"), 0}}}})},
        &out, &err);
    QVERIFY2(started == 0, QByteArray(out + err).constData());
    const QString runId = runIdFrom(out);
    QVERIFY2(!runId.isEmpty(), QByteArray(out + err).constData());
    QVERIFY(
        QTest::qWaitFor([&] { return m_lab.journaledEvents(runId, QStringLiteral("step")) >= 6; }, 60000));
    QCOMPARE(m_lab.ctl({QStringLiteral("stop"), runId}, &out, &err), 0);
    QVERIFY2(out.contains("Stopped"), QByteArray(out + err).constData());
    // Issue #21: it says which checkpoint it left (a run without a directory says none was written).
    QVERIFY2(out.contains("stopped after a checkpoint of step"), QByteArray(out + err).constData());
    QCOMPARE(waitForStatus(runId, {QStringLiteral("stopped")}, 10000).status, RunStatus::Stopped);
    QVERIFY(m_lab.journaledEvents(runId, QStringLiteral("checkpoint")) >= 1);
    HistoryStore history(m_lab.historyPath());
    QVERIFY(history.open().ok());
    QCOMPARE(history.stepRowCount(runId), m_lab.journaledEvents(runId, QStringLiteral("step")));

    QCOMPARE(m_lab.ctl({QStringLiteral("run"), writeConfig(QStringLiteral("doomed"),
                                                           QJsonObject{{QStringLiteral("steps"), 100000}})},
                       &out, &err),
             0);
    const QString abortId = runIdFrom(out);
    QVERIFY(
        QTest::qWaitFor([&] { return m_lab.journaledEvents(abortId, QStringLiteral("step")) >= 3; }, 60000));
    QCOMPARE(m_lab.ctl({QStringLiteral("abort"), abortId}, &out, &err), 0);
    QCOMPARE(waitForStatus(abortId, {QStringLiteral("aborted")}, 10000).status, RunStatus::Aborted);
    QVERIFY(QTest::qWaitFor(
        [&] { return m_lab.workerPids(0, abortId).isEmpty() && m_lab.workerPids(1, abortId).isEmpty(); },
        10000));
}

void TestRuns::aStopThatRunsOutOfTimeSaysTheRunGoesOn()
{
    // README: 6 "still going", never 1 "the run failed", for a stop that was asked but not done in time.
    QByteArray out;
    QByteArray err;
    QCOMPARE(m_lab.ctl({QStringLiteral("run"), writeConfig(QStringLiteral("slow-to-stop"),
                                                           QJsonObject{{QStringLiteral("steps"), 100000}})},
                       &out, &err),
             0);
    const QString runId = runIdFrom(out);
    QVERIFY2(!runId.isEmpty(), QByteArray(out + err).constData());
    QVERIFY(
        QTest::qWaitFor([&] { return m_lab.journaledEvents(runId, QStringLiteral("step")) >= 3; }, 60000));
    // Frozen workers take the stop only once they go on: it cannot end within the one second asked.
    auto signalWorkers = [&](int sig) {
        for (int i = 0; i < m_lab.agentCount(); ++i)
            for (qint64 pid : m_lab.workerPids(i, runId))
                ::kill(pid_t(pid), sig);
    };
    signalWorkers(SIGSTOP);
    auto goOn = qScopeGuard([&] { signalWorkers(SIGCONT); });
    // Its devices are held: a second run is refused by the agents (English daemons), and a Persian
    // reader reads their refusal in Persian (they send it untranslated, as "text").
    QProcess persian;
    QProcessEnvironment env = m_lab.environment();
    env.insert(QStringLiteral("LANG"), QStringLiteral("fa_IR.UTF-8"));
    env.insert(QStringLiteral("LANGUAGE"), QStringLiteral("fa"));
    persian.setProcessEnvironment(env);
    persian.start(
        ProcessLab::binary(QStringLiteral("hamgamctl")),
        m_lab.ctlArgs({QStringLiteral("run"), writeConfig(QStringLiteral("second"), QJsonObject{})}));
    QVERIFY(persian.waitForFinished(60000));
    const QString refusal =
        QString::fromUtf8(persian.readAllStandardError() + persian.readAllStandardOutput());
    QCOMPARE(persian.exitCode(), 4);
    QVERIFY2(refusal.contains(QStringLiteral("در اختیار")) && !refusal.contains(QLatin1String("held by")),
             qPrintable(refusal));
    QCOMPARE(m_lab.ctl({QStringLiteral("stop"), runId, QStringLiteral("--timeout"), QStringLiteral("1")},
                       &out, &err),
             6);
    QVERIFY2(err.contains("the run did not end in time"), err.constData());
    goOn.dismiss();
    signalWorkers(SIGCONT);
    // The stop was taken all the same: the workers end by themselves.
    QVERIFY(QTest::qWaitFor(
        [&] {
            for (int i = 0; i < m_lab.agentCount(); ++i)
                if (!m_lab.workerPids(i, runId).isEmpty())
                    return false;
            return true;
        },
        60000));
    // A run no agent has is not found (3), not refused (4).
    QCOMPARE(m_lab.ctl({QStringLiteral("cancel"), QStringLiteral("20200101-000000-dead")}, &out, &err), 3);
}

void TestRuns::killedWorkerFailsTheRunWithItsReason()
{
    auto follower =
        m_lab.startCtl({QStringLiteral("run"),
                        writeConfig(QStringLiteral("victim"), QJsonObject{{QStringLiteral("steps"), 100000}}),
                        QStringLiteral("--follow")});
    QByteArray out;
    QVERIFY(QTest::qWaitFor(
        [&] {
            out += follower->readAllStandardOutput();
            return !runIdFrom(out).isEmpty();
        },
        60000));
    const QString runId = runIdFrom(out);
    QVERIFY(
        QTest::qWaitFor([&] { return m_lab.journaledEvents(runId, QStringLiteral("step")) >= 6; }, 60000));
    const auto pids = m_lab.workerPids(1, runId);
    QCOMPARE(pids.size(), 1);
    ::kill(pid_t(pids.first()), SIGKILL);
    // The others notice within the communication timeout (10 s) and the run fails.
    QVERIFY(QTest::qWaitFor([&] { return follower->state() == QProcess::NotRunning; }, 30000));
    out += follower->readAllStandardOutput();
    QCOMPARE(follower->exitCode(), 1);
    const RunRecord run = waitForStatus(runId, {QStringLiteral("failed")}, 5000);
    QCOMPARE(run.status, RunStatus::Failed);
    const QString reason = run.reason.toString();
    QVERIFY2(reason.contains(QLatin1String("node1")) && reason.contains(QLatin1String("signal 9")),
             qPrintable(reason));
    // Every agent takes the next run.
    QByteArray err;
    QCOMPARE(m_lab.ctl({QStringLiteral("run"),
                        writeConfig(QStringLiteral("after"), QJsonObject{{QStringLiteral("steps"), 8}}),
                        QStringLiteral("--follow"), QStringLiteral("--quiet")},
                       &out, &err),
             0);
}

void TestRuns::aFrozenMachineIsNamedWithinSeconds()
{
    // A machine that goes down without closing its connections (power, a cable, a hung kernel):
    // its agent and its worker stop at once and say nothing. Before issue #29, item 13, the run
    // ended only when the other ranks' collective timed out, with Gloo's words; the comm timeout here
    // (60 s) is longer than the test waits, so only the controller's own watch can end it in time.
    auto follower = m_lab.startCtl(
        {QStringLiteral("run"),
         writeConfig(QStringLiteral("frozen"),
                     QJsonObject{{QStringLiteral("steps"), 100000},
                                 {QStringLiteral("comm"), QJsonObject{{QStringLiteral("timeout_s"), 60}}}}),
         QStringLiteral("--follow")});
    QByteArray out;
    QVERIFY(QTest::qWaitFor(
        [&] {
            out += follower->readAllStandardOutput();
            return !runIdFrom(out).isEmpty();
        },
        60000));
    const QString runId = runIdFrom(out);
    QVERIFY(
        QTest::qWaitFor([&] { return m_lab.journaledEvents(runId, QStringLiteral("step")) >= 6; }, 60000));
    const auto workers = m_lab.workerPids(1, runId);
    QCOMPARE(workers.size(), 1);
    const pid_t agent = pid_t(m_lab.agent(1).process->processId());
    QElapsedTimer sinceFrozen;
    sinceFrozen.start();
    ::kill(agent, SIGSTOP);
    ::kill(pid_t(workers.first()), SIGSTOP);
    const bool ended = QTest::qWaitFor([&] { return follower->state() == QProcess::NotRunning; }, 40000);
    const qint64 endedAfterMs = sinceFrozen.elapsed();
    // The machine comes back for the tests after this one; its worker of this run does not.
    ::kill(pid_t(workers.first()), SIGKILL);
    ::kill(agent, SIGCONT);
    QVERIFY2(ended, "the run did not end within 40 s of its machine freezing");
    out += follower->readAllStandardOutput();
    QCOMPARE(follower->exitCode(), 1);
    QVERIFY2(endedAfterMs < 30000, qPrintable(QString::number(endedAfterMs)));
    const RunRecord run = waitForStatus(runId, {QStringLiteral("failed")}, 5000);
    QCOMPARE(run.status, RunStatus::Failed);
    const QString reason = run.reason.toString();
    QVERIFY2(reason.contains(QLatin1String("node1")) && reason.contains(QLatin1String("stopped answering")),
             qPrintable(reason));
    QVERIFY2(!reason.contains(QLatin1String("rank -1")), qPrintable(reason));
    // Every agent takes the next run, the one that froze too.
    QByteArray err;
    QCOMPARE(
        m_lab.ctl({QStringLiteral("run"),
                   writeConfig(QStringLiteral("after-frozen"), QJsonObject{{QStringLiteral("steps"), 8}}),
                   QStringLiteral("--follow"), QStringLiteral("--quiet")},
                  &out, &err),
        0);
}

void TestRuns::killedControllerThenAttachLeavesNoGap()
{
    auto follower =
        m_lab.startCtl({QStringLiteral("run"),
                        writeConfig(QStringLiteral("orphan"), QJsonObject{{QStringLiteral("steps"), 60}}),
                        QStringLiteral("--follow")});
    QByteArray out;
    QVERIFY(QTest::qWaitFor(
        [&] {
            out += follower->readAllStandardOutput();
            return !runIdFrom(out).isEmpty();
        },
        60000));
    const QString runId = runIdFrom(out);
    QVERIFY(
        QTest::qWaitFor([&] { return m_lab.journaledEvents(runId, QStringLiteral("step")) >= 9; }, 60000));
    follower->kill(); // the controller dies; training goes on
    follower->waitForFinished(5000);
    QVERIFY(QTest::qWaitFor([&] { return m_lab.journaledEvents(runId, QStringLiteral("state")) >= 6; },
                            120000)); // running + finished x 3
    QByteArray err;
    QCOMPARE(m_lab.ctl({QStringLiteral("attach"), runId}, &out, &err), 0);
    HistoryStore history(m_lab.historyPath());
    QVERIFY(history.open().ok());
    QCOMPARE(history.run(runId)->status, RunStatus::Finished);
    QCOMPARE(history.stepRowCount(runId), 3 * 60);
    QCOMPARE(m_lab.journaledEvents(runId, QStringLiteral("step")), 3 * 60);
}

void TestRuns::elasticRunKeepsEveryAttemptsHistory()
{
    // Started and left alone: no controller relays the first attempt, so when node2's agent dies its
    // steps are only in its journal. A controller that attaches then resumes on the two left.
    const QString checkpoints = m_lab.path(QStringLiteral("elastic-checkpoints"));
    QByteArray out;
    QByteArray err;
    const int started = m_lab.ctl(
        {QStringLiteral("run"),
         writeConfig(QStringLiteral("elastic"), QJsonObject{{QStringLiteral("steps"), 100000},
                                                            {QStringLiteral("elastic"), true},
                                                            {QStringLiteral("checkpoint"),
                                                             QJsonObject{{QStringLiteral("dir"), checkpoints},
                                                                         {QStringLiteral("interval"), 3}}}})},
        &out, &err);
    QVERIFY2(started == 0, QByteArray(out + err).constData());
    const QString runId = runIdFrom(out);
    QVERIFY2(!runId.isEmpty(), QByteArray(out + err).constData());
    QVERIFY(QTest::qWaitFor(
        [&] {
            return m_lab.journaledEvents(runId, QStringLiteral("checkpoint")) >= 6 &&
                   m_lab.journaledEvents(runId, QStringLiteral("step")) >= 21;
        },
        90000));
    ProcessLab::Agent &lost = m_lab.agent(2);
    lost.process->kill();
    lost.process->waitForFinished(5000);
    QVERIFY(QTest::qWaitFor([&] { return m_lab.workerPids(2, runId).isEmpty(); }, 10000));
    const auto lostSteps = m_lab.journaledSteps(2, runId);
    QVERIFY(lostSteps.size() >= 7);

    auto follower = m_lab.startCtl({QStringLiteral("attach"), runId});
    const QString resumed = runId + QStringLiteral("-a1");
    QVERIFY2(QTest::qWaitFor([&] { return m_lab.journaledSteps(0, resumed).size() >= 3; }, 90000),
             follower->readAllStandardError().constData());

    // A controller that comes while node2 is gone catches up without waiting for it.
    QElapsedTimer timer;
    timer.start();
    QCOMPARE(m_lab.ctl({QStringLiteral("attach"), runId, QStringLiteral("--no-follow")}, &out, &err), 0);
    QVERIFY2(timer.elapsed() < 20000,
             qPrintable(QStringLiteral("attach --no-follow took %1 ms").arg(timer.elapsed())));
    QVERIFY2(out.contains("caught up"), out.constData());
    QVERIFY(historySteps(runId, 2).isEmpty()); // nobody could reach node2's journal yet

    // Node2's agent is back (its run closed as failed): the following controller fetches the first
    // attempt's journal from it, up to the failure.
    QString error;
    QVERIFY2(m_lab.restartAgent(2, &error), qPrintable(error));
    QVERIFY2(QTest::qWaitFor([&] { return historySteps(runId, 2) == lostSteps; }, 30000),
             qPrintable(QStringLiteral("history has %1 step rows of rank 2, its agent journaled %2")
                            .arg(historySteps(runId, 2).size())
                            .arg(lostSteps.size())));
    QCOMPARE(m_lab.journaledSteps(2, runId), lostSteps);

    QCOMPARE(m_lab.ctl({QStringLiteral("stop"), runId}, &out, &err), 0);
    QVERIFY2(out.contains("Stopped"), QByteArray(out + err).constData());
    QVERIFY(QTest::qWaitFor([&] { return follower->state() == QProcess::NotRunning; }, 30000));
    QCOMPARE(waitForStatus(runId, {QStringLiteral("stopped")}, 10000).status, RunStatus::Stopped);

    // Every step every attempt journaled is one row (a step redone after the resume is the same row).
    QSet<QPair<int, qint64>> journaled = lostSteps;
    for (int a = 0; a < 2; ++a)
        journaled += m_lab.journaledSteps(a, runId) + m_lab.journaledSteps(a, resumed);
    QCOMPARE(historySteps(runId), journaled);
    HistoryStore history(m_lab.historyPath());
    QVERIFY(history.open().ok());
    QCOMPARE(history.run(runId)->summary.value(QStringLiteral("ranks")).toInt(), 3);
}

void TestRuns::forgedBeaconsDoNotStopAFollowedRun()
{
    // Before the fix, forged beacons at 50 Hz (each agent's id, another
    // certificate) closed the controller's pinned connections: a followed run
    // failed in about 20 s with "the agent on … stopped answering". Here the
    // controller follows a long run through 25 s of them, then stops it.
    auto follower = m_lab.startCtl(
        {QStringLiteral("run"),
         writeConfig(QStringLiteral("beaconed"), QJsonObject{{QStringLiteral("steps"), 100000}}),
         QStringLiteral("--follow")});
    QByteArray out;
    QVERIFY(QTest::qWaitFor(
        [&] {
            out += follower->readAllStandardOutput();
            return !runIdFrom(out).isEmpty();
        },
        60000));
    const QString runId = runIdFrom(out);
    QVERIFY(
        QTest::qWaitFor([&] { return m_lab.journaledEvents(runId, QStringLiteral("step")) >= 6; }, 60000));
    QUdpSocket forger;
    QVERIFY(forger.bind(QHostAddress(QStringLiteral("127.0.0.2")), 0));
    QElapsedTimer forging;
    forging.start();
    int sent = 0;
    while (forging.elapsed() < 25000 && follower->state() == QProcess::Running) {
        for (int i = 0; i < m_lab.agentCount(); ++i) {
            Beacon b;
            b.nodeId = m_lab.agent(i).nodeId;
            b.hostname = QStringLiteral("forged");
            b.name = m_lab.agent(i).name;
            b.controlPort = quint16(m_lab.agent(i).port + 1000);
            b.fingerprint = QString(64, QLatin1Char('e'));
            b.intervalMs = 200;
            // To the loopback broadcast address, as the lab's own beacons go: every listener gets it.
            forger.writeDatagram(b.encode(), QHostAddress(QStringLiteral("127.255.255.255")),
                                 m_lab.discoveryPort());
            ++sent;
        }
        QTest::qWait(20);
    }
    out += follower->readAllStandardOutput();
    QVERIFY2(follower->state() == QProcess::Running, out.constData());
    QVERIFY2(sent > 1000, qPrintable(QString::number(sent)));
    const int stepsBefore = m_lab.journaledEvents(runId, QStringLiteral("step"));
    QVERIFY(QTest::qWaitFor(
        [&] { return m_lab.journaledEvents(runId, QStringLiteral("step")) > stepsBefore; }, 10000));
    QByteArray err;
    QCOMPARE(m_lab.ctl({QStringLiteral("stop"), runId}, &out, &err), 0);
    QVERIFY(QTest::qWaitFor([&] { return follower->state() == QProcess::NotRunning; }, 60000));
    const RunRecord run = waitForStatus(runId, {QStringLiteral("stopped")}, 10000);
    QCOMPARE(run.status, RunStatus::Stopped);
}

QTEST_GUILESS_MAIN(TestRuns)
#include "tst_runs.moc"
