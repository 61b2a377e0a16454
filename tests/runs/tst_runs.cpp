// Runs end to end: three real agents on loopback, hamgamctl starting,
// following, stopping, aborting and re-attaching, real workers training, and
// the history checked against what the agents journaled.
#include "historystore.h"
#include "processlab.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

#include <csignal>

class TestRuns : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void threeAgentRunCompletes();
    void invalidConfigsStartNothing_data();
    void invalidConfigsStartNothing();
    void stopWritesCheckpointAndAbortKills();
    void killedWorkerFailsTheRunWithItsReason();
    void killedControllerThenAttachLeavesNoGap();

private:
    QString writeConfig(const QString &name, const QJsonObject &patch = {});
    static QString runIdFrom(const QByteArray &out);
    RunRecord waitForStatus(const QString &runId, const QStringList &statuses, int timeoutMs);

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
        nodes.append(QJsonObject{{QStringLiteral("agent"), m_lab.agent(i).nodeId}, {QStringLiteral("devices"), QJsonArray{0}}});
    QJsonObject config{{QStringLiteral("version"), 1},
                       {QStringLiteral("name"), name},
                       {QStringLiteral("strategy"), QStringLiteral("hdp")},
                       {QStringLiteral("model"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("mlp")}, {QStringLiteral("hidden"), QJsonArray{32}}}},
                       {QStringLiteral("dataset"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("synthetic")},
                                                               {QStringLiteral("samples"), 4096},
                                                               {QStringLiteral("classes"), 10},
                                                               {QStringLiteral("shape"), QJsonArray{1, 8, 8}}}},
                       {QStringLiteral("global_batch"), 48},
                       {QStringLiteral("steps"), 30},
                       {QStringLiteral("threads"), 1},
                       {QStringLiteral("optimizer"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("sgd")}, {QStringLiteral("lr"), 0.05}}},
                       {QStringLiteral("planner"), QJsonObject{{QStringLiteral("profile_steps"), 2}, {QStringLiteral("replan_interval"), 5}}},
                       {QStringLiteral("comm"), QJsonObject{{QStringLiteral("timeout_s"), 10}}},
                       {QStringLiteral("nodes"), nodes}};
    for (auto it = patch.begin(); it != patch.end(); ++it)
        config[it.key()] = it.value();
    const QString path = m_lab.path(name + QStringLiteral(".json"));
    QFile f(path);
    f.open(QIODevice::WriteOnly | QIODevice::Truncate);
    f.write(QJsonDocument(config).toJson());
    return path;
}

QString TestRuns::runIdFrom(const QByteArray &out)
{
    return QRegularExpression(QStringLiteral("run (\\d{8}-\\d{6}-[0-9a-f]{4})")).match(QString::fromUtf8(out)).captured(1);
}

RunRecord TestRuns::waitForStatus(const QString &runId, const QStringList &statuses, int timeoutMs)
{
    HistoryStore history(m_lab.historyPath());
    if (!history.open())
        return {};
    RunRecord record;
    QTest::qWaitFor([&] {
        record = history.run(runId).value_or(RunRecord{});
        return statuses.contains(RunStatusText::key(record.status));
    }, timeoutMs);
    return record;
}

void TestRuns::threeAgentRunCompletes()
{
    QByteArray out;
    QByteArray err;
    const int code = m_lab.ctl({QStringLiteral("run"), writeConfig(QStringLiteral("complete")), QStringLiteral("--follow")}, &out, &err);
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
    QCOMPARE(history.nodes(runId).size(), 3);

    // And hamgamctl reports it.
    QCOMPARE(m_lab.ctl({QStringLiteral("runs"), QStringLiteral("--json")}, &out), 0);
    QVERIFY(QJsonDocument::fromJson(out).array().first().toObject().value(QStringLiteral("id")).toString() == runId);
    QCOMPARE(m_lab.ctl({QStringLiteral("show"), runId}, &out), 0);
    QVERIFY(out.contains("Finished"));
}

void TestRuns::invalidConfigsStartNothing_data()
{
    QTest::addColumn<QString>("patch");
    QTest::addColumn<QString>("message");
    QTest::newRow("batch below devices") << R"({"global_batch": 2})" << "smaller than the number of devices";
    QTest::newRow("unknown model") << R"({"model": {"kind": "resnet"}})" << "unknown model";
    QTest::newRow("dataset missing on the nodes")
        << R"({"dataset": {"kind": "fashion-mnist", "path": "/nonexistent/fashion"}})" << "does not exist on this machine";
    QTest::newRow("unknown machine") << R"({"nodes": [{"agent": "no-such-node", "devices": [0]}]})" << "no machine";
    QTest::newRow("override does not sum")
        << R"({"global_batch": 48, "nodes": []})" << "at least one machine";
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
    const int code = m_lab.ctl({QStringLiteral("run"), writeConfig(QStringLiteral("bad"), QJsonDocument::fromJson(patch.toUtf8()).object())},
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
    const int started = m_lab.ctl({QStringLiteral("run"),
                                   writeConfig(QStringLiteral("long"), QJsonObject{{QStringLiteral("steps"), 100000},
                                                                                  {QStringLiteral("checkpoint"),
                                                                                   QJsonObject{{QStringLiteral("dir"), checkpoints},
                                                                                               {QStringLiteral("interval"), 0}}}})},
                                  &out, &err);
    QVERIFY2(started == 0, QByteArray(out + err).constData());
    const QString runId = runIdFrom(out);
    QVERIFY2(!runId.isEmpty(), QByteArray(out + err).constData());
    QVERIFY(QTest::qWaitFor([&] { return m_lab.journaledEvents(runId, QStringLiteral("step")) >= 6; }, 60000));
    QCOMPARE(m_lab.ctl({QStringLiteral("stop"), runId}, &out, &err), 0);
    QVERIFY2(out.contains("Stopped"), QByteArray(out + err).constData());
    QCOMPARE(waitForStatus(runId, {QStringLiteral("stopped")}, 10000).status, RunStatus::Stopped);
    QVERIFY(m_lab.journaledEvents(runId, QStringLiteral("checkpoint")) >= 1);
    HistoryStore history(m_lab.historyPath());
    QVERIFY(history.open().ok());
    QCOMPARE(history.stepRowCount(runId), m_lab.journaledEvents(runId, QStringLiteral("step")));

    QCOMPARE(m_lab.ctl({QStringLiteral("run"), writeConfig(QStringLiteral("doomed"), QJsonObject{{QStringLiteral("steps"), 100000}})}, &out, &err), 0);
    const QString abortId = runIdFrom(out);
    QVERIFY(QTest::qWaitFor([&] { return m_lab.journaledEvents(abortId, QStringLiteral("step")) >= 3; }, 60000));
    QCOMPARE(m_lab.ctl({QStringLiteral("abort"), abortId}, &out, &err), 0);
    QCOMPARE(waitForStatus(abortId, {QStringLiteral("aborted")}, 10000).status, RunStatus::Aborted);
    QVERIFY(QTest::qWaitFor([&] { return m_lab.workerPids(0, abortId).isEmpty() && m_lab.workerPids(1, abortId).isEmpty(); }, 10000));
}

void TestRuns::killedWorkerFailsTheRunWithItsReason()
{
    auto follower = m_lab.startCtl({QStringLiteral("run"), writeConfig(QStringLiteral("victim"), QJsonObject{{QStringLiteral("steps"), 100000}}),
                                    QStringLiteral("--follow")});
    QByteArray out;
    QVERIFY(QTest::qWaitFor([&] {
        out += follower->readAllStandardOutput();
        return !runIdFrom(out).isEmpty();
    }, 60000));
    const QString runId = runIdFrom(out);
    QVERIFY(QTest::qWaitFor([&] { return m_lab.journaledEvents(runId, QStringLiteral("step")) >= 6; }, 60000));
    const auto pids = m_lab.workerPids(1, runId);
    QCOMPARE(pids.size(), 1);
    ::kill(pid_t(pids.first()), SIGKILL);
    // The others notice within the communication timeout (10 s) and the run fails.
    QVERIFY(QTest::qWaitFor([&] { return follower->state() == QProcess::NotRunning; }, 30000));
    out += follower->readAllStandardOutput();
    QCOMPARE(follower->exitCode(), 1);
    const RunRecord run = waitForStatus(runId, {QStringLiteral("failed")}, 5000);
    QCOMPARE(run.status, RunStatus::Failed);
    QVERIFY2(run.reason.contains(QLatin1String("node1")) && run.reason.contains(QLatin1String("signal 9")), qPrintable(run.reason));
    // Every agent takes the next run.
    QByteArray err;
    QCOMPARE(m_lab.ctl({QStringLiteral("run"), writeConfig(QStringLiteral("after"), QJsonObject{{QStringLiteral("steps"), 8}}),
                        QStringLiteral("--follow"), QStringLiteral("--quiet")},
                       &out, &err),
             0);
}

void TestRuns::killedControllerThenAttachLeavesNoGap()
{
    auto follower = m_lab.startCtl({QStringLiteral("run"), writeConfig(QStringLiteral("orphan"), QJsonObject{{QStringLiteral("steps"), 60}}),
                                    QStringLiteral("--follow")});
    QByteArray out;
    QVERIFY(QTest::qWaitFor([&] {
        out += follower->readAllStandardOutput();
        return !runIdFrom(out).isEmpty();
    }, 60000));
    const QString runId = runIdFrom(out);
    QVERIFY(QTest::qWaitFor([&] { return m_lab.journaledEvents(runId, QStringLiteral("step")) >= 9; }, 60000));
    follower->kill(); // the controller dies; training goes on
    follower->waitForFinished(5000);
    QVERIFY(QTest::qWaitFor([&] { return m_lab.journaledEvents(runId, QStringLiteral("state")) >= 6; }, 120000)); // running + finished x 3
    QByteArray err;
    QCOMPARE(m_lab.ctl({QStringLiteral("attach"), runId}, &out, &err), 0);
    HistoryStore history(m_lab.historyPath());
    QVERIFY(history.open().ok());
    QCOMPARE(history.run(runId)->status, RunStatus::Finished);
    QCOMPARE(history.stepRowCount(runId), 3 * 60);
    QCOMPARE(m_lab.journaledEvents(runId, QStringLiteral("step")), 3 * 60);
}

QTEST_GUILESS_MAIN(TestRuns)
#include "tst_runs.moc"
