// Reattach while a run is still going: the controller following a run is
// killed (SIGKILL) mid-run, then `hamgamctl attach` is started while the run
// is still on, killed in its turn, and attached again; the last one follows
// to the end. The history must then hold every event each agent
// journaled exactly once, under the agent's own source and seq, and one step
// row per (rank, step): nothing lost while no controller listened, nothing
// stored twice where a backfilled page and live pushes overlapped.
#include "historystore.h"
#include "printers.h"
#include "processlab.h"
#include "smallrunconfig.h"

#include <csignal>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTest>

namespace {

/// What one agent journaled for a run.
struct Journal
{
    QList<qint64> seqs;             ///< in file order
    QSet<QPair<int, qint64>> steps; ///< (rank, step)
    int stepEvents = 0;
    int finishedStates = 0;
};

/// The rows the history holds for a run, read with a connection of its own.
struct HistoryRows
{
    QHash<QString, QList<qint64>> seqsBySource; ///< ordered by seq
    QList<QPair<int, qint64>> steps;            ///< every row, (rank, step)
    QHash<QString, qint64> lastSeqByAgent;      ///< run_nodes.last_seq
};

HistoryRows readHistory(const QString &path, const QString &runId)
{
    HistoryRows rows;
    const QString connection = QStringLiteral("tst_reattach");
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
        db.setDatabaseName(path);
        if (db.open()) {
            QSqlQuery q(db);
            q.prepare(QStringLiteral("SELECT source, seq FROM events WHERE run_id = ? ORDER BY source, seq"));
            q.addBindValue(runId);
            if (q.exec()) {
                while (q.next())
                    rows.seqsBySource[q.value(0).toString()].append(q.value(1).toLongLong());
            }
            q.prepare(QStringLiteral("SELECT rank, step FROM steps WHERE run_id = ? ORDER BY rank, step"));
            q.addBindValue(runId);
            if (q.exec()) {
                while (q.next())
                    rows.steps.append({q.value(0).toInt(), q.value(1).toLongLong()});
            }
            q.prepare(QStringLiteral("SELECT agent_id, last_seq FROM run_nodes WHERE run_id = ?"));
            q.addBindValue(runId);
            if (q.exec()) {
                while (q.next())
                    rows.lastSeqByAgent.insert(q.value(0).toString(), q.value(1).toLongLong());
            }
        }
    }
    QSqlDatabase::removeDatabase(connection);
    return rows;
}

} // namespace

class TestReattach : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void reattachWhileRunningLeavesEveryEventOnce();

private:
    QString writeConfig(const QString &name, int steps);
    Journal journal(int agent, const QString &runId);
    int stepEvents(const QString &runId);
    int finishedStates(const QString &runId);
    /// Reads a hamgamctl's stdout until `pattern` matches; returns the last capture (or the match).
    static QString waitForOutput(QProcess &p, QByteArray &out, const QRegularExpression &pattern,
                                 int timeoutMs);

    ProcessLab m_lab;
};

void TestReattach::initTestCase()
{
    QString error;
    QVERIFY2(m_lab.start(3, &error), qPrintable(error));
    QByteArray out;
    QCOMPARE(m_lab.ctl({QStringLiteral("nodes"), QStringLiteral("--json")}, &out), 0);
    QCOMPARE(QJsonDocument::fromJson(out).array().size(), 3);
}

QString TestReattach::writeConfig(const QString &name, int steps)
{
    QJsonArray nodes;
    for (int i = 0; i < m_lab.agentCount(); ++i)
        nodes.append(QJsonObject{{QStringLiteral("agent"), m_lab.agent(i).nodeId},
                                 {QStringLiteral("devices"), QJsonArray{0}}});
    const QJsonObject config = smallRunConfig(
        name, nodes,
        {{QStringLiteral("model"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("mlp")},
                                               {QStringLiteral("hidden"), QJsonArray{16}}}},
         {QStringLiteral("steps"), steps},
         {QStringLiteral("threads"), 1},
         {QStringLiteral("optimizer"),
          QJsonObject{{QStringLiteral("kind"), QStringLiteral("sgd")}, {QStringLiteral("lr"), 0.05}}},
         {QStringLiteral("planner"),
          QJsonObject{{QStringLiteral("profile_steps"), 2}, {QStringLiteral("replan_interval"), 25}}},
         {QStringLiteral("comm"), QJsonObject{{QStringLiteral("timeout_s"), 60}}}});
    const QString path = m_lab.path(name + QStringLiteral(".json"));
    QFile f(path);
    f.open(QIODevice::WriteOnly | QIODevice::Truncate);
    f.write(QJsonDocument(config).toJson());
    return path;
}

Journal TestReattach::journal(int agent, const QString &runId)
{
    Journal j;
    QFile f(QDir(m_lab.agent(agent).configDir).filePath(QStringLiteral("runs/%1/journal.jsonl").arg(runId)));
    if (!f.open(QIODevice::ReadOnly))
        return j;
    while (!f.atEnd()) {
        const QByteArray line = f.readLine();
        if (!line.endsWith('\n'))
            break; // being written
        const QJsonObject entry = QJsonDocument::fromJson(line).object();
        j.seqs.append(qint64(entry.value(QStringLiteral("seq")).toDouble()));
        const QString kind = entry.value(QStringLiteral("kind")).toString();
        const QJsonObject event = entry.value(QStringLiteral("event")).toObject();
        if (kind == QLatin1String("step")) {
            ++j.stepEvents;
            j.steps.insert({entry.value(QStringLiteral("rank")).toInt(),
                            qint64(event.value(QStringLiteral("step")).toDouble())});
        } else if (kind == QLatin1String("state") &&
                   event.value(QStringLiteral("state")).toString() == QLatin1String("finished")) {
            ++j.finishedStates;
        }
    }
    return j;
}

int TestReattach::stepEvents(const QString &runId)
{
    int n = 0;
    for (int i = 0; i < m_lab.agentCount(); ++i)
        n += journal(i, runId).stepEvents;
    return n;
}

int TestReattach::finishedStates(const QString &runId)
{
    int n = 0;
    for (int i = 0; i < m_lab.agentCount(); ++i)
        n += journal(i, runId).finishedStates;
    return n;
}

QString TestReattach::waitForOutput(QProcess &p, QByteArray &out, const QRegularExpression &pattern,
                                    int timeoutMs)
{
    QRegularExpressionMatch m;
    (void)QTest::qWaitFor(
        [&] {
            out += p.readAllStandardOutput();
            m = pattern.match(QString::fromUtf8(out));
            return m.hasMatch() || p.state() == QProcess::NotRunning;
        },
        timeoutMs);
    return m.hasMatch() ? m.captured(m.lastCapturedIndex()) : QString();
}

void TestReattach::reattachWhileRunningLeavesEveryEventOnce()
{
    const int steps = 400;
    const int ranks = m_lab.agentCount();

    // Training goes on while no controller listens. Before the next controller
    // attaches, the workers are paused (SIGSTOP), so the run is still going
    // when it does however fast this machine trains; they go on as soon as it
    // has attached, while it may still be catching up.
    QString runId;
    auto signalWorkers = [&](int sig) {
        int n = 0;
        for (int i = 0; i < ranks; ++i) {
            for (qint64 pid : m_lab.workerPids(i, runId))
                n += ::kill(pid_t(pid), sig) == 0 ? 1 : 0;
        }
        return n;
    };
    auto resumeAtExit = qScopeGuard([&] {
        if (!runId.isEmpty())
            signalWorkers(SIGCONT);
    });
    auto historySteps = [&] { return int(readHistory(m_lab.historyPath(), runId).steps.size()); };
    // Lets the run go on unobserved for a while, then pauses it: the history has a gap to fill.
    auto goOnAlone = [&] {
        const int from = stepEvents(runId);
        if (!QTest::qWaitFor([&] { return stepEvents(runId) >= from + ranks * 30; }, 60000))
            return false;
        return signalWorkers(SIGSTOP) == ranks && historySteps() < stepEvents(runId);
    };

    // 1. Started and followed; the follower dies by SIGKILL after some steps.
    auto follower = m_lab.startCtl(
        {QStringLiteral("run"), writeConfig(QStringLiteral("reattach"), steps), QStringLiteral("--follow")});
    QByteArray out;
    runId = waitForOutput(
        *follower, out, QRegularExpression(QStringLiteral("run (\\d{8}-\\d{6}-[0-9a-f]{4}) started")), 60000);
    QVERIFY2(!runId.isEmpty(), out.constData());
    QVERIFY(QTest::qWaitFor([&] { return stepEvents(runId) >= ranks * 20; }, 60000));
    follower->kill();
    QVERIFY(follower->waitForFinished(5000));
    QCOMPARE(follower->exitStatus(), QProcess::CrashExit);
    QVERIFY(goOnAlone());
    QCOMPARE(finishedStates(runId), 0);

    // 2. Attached while it runs, and killed in its turn once it follows live.
    auto first = m_lab.startCtl({QStringLiteral("attach"), runId});
    QByteArray firstOut;
    QVERIFY2(
        !waitForOutput(*first, firstOut, QRegularExpression(QStringLiteral("attached to run \\S+")), 60000)
             .isEmpty(),
        firstOut.constData());
    const int atFirstAttach = stepEvents(runId);
    QCOMPARE(signalWorkers(SIGCONT), ranks);
    // It has caught up and stores what comes live: more rows than were journaled when it attached.
    QVERIFY2(
        QTest::qWaitFor([&] { return historySteps() >= atFirstAttach + ranks * 10; }, 60000),
        QByteArray(firstOut + first->readAllStandardOutput() + first->readAllStandardError()).constData());
    first->kill();
    QVERIFY(first->waitForFinished(5000));
    QCOMPARE(first->exitStatus(), QProcess::CrashExit);
    QVERIFY(goOnAlone());
    QCOMPARE(finishedStates(runId), 0);
    QVERIFY2(stepEvents(runId) < steps * ranks, "the run is too short for this test");

    // 3. Attached again while it still runs; this one follows to the end.
    auto last = m_lab.startCtl({QStringLiteral("attach"), runId});
    QByteArray lastOut;
    QVERIFY2(!waitForOutput(*last, lastOut, QRegularExpression(QStringLiteral("attached to run \\S+")), 60000)
                  .isEmpty(),
             lastOut.constData());
    QCOMPARE(signalWorkers(SIGCONT), ranks);
    QVERIFY2(QTest::qWaitFor(
                 [&] {
                     lastOut += last->readAllStandardOutput();
                     return last->state() == QProcess::NotRunning;
                 },
                 180000),
             lastOut.constData());
    lastOut += last->readAllStandardOutput();
    QCOMPARE(last->exitStatus(), QProcess::NormalExit);
    QVERIFY2(last->exitCode() == 0, QByteArray(lastOut + last->readAllStandardError()).constData());
    QVERIFY2(lastOut.contains(QStringLiteral("run %1: Finished").arg(runId).toUtf8()), lastOut.constData());
    QVERIFY2(lastOut.contains(QStringLiteral("step %1/%1 ").arg(steps).toUtf8()), lastOut.constData());
    QCOMPARE(finishedStates(runId), ranks);

    // The history against the journals.
    HistoryStore history(m_lab.historyPath());
    QVERIFY(history.open().ok());
    const auto record = history.run(runId);
    QVERIFY(record);
    QCOMPARE(record->status, RunStatus::Finished);
    QCOMPARE(record->summary.value(QStringLiteral("steps")).toInt(), steps);
    const HistoryRows rows = readHistory(m_lab.historyPath(), runId);
    QSet<QPair<int, qint64>> journaledSteps;
    for (int i = 0; i < ranks; ++i) {
        const Journal j = journal(i, runId);
        const QString agent = m_lab.agent(i).nodeId;
        QCOMPARE(j.stepEvents, steps);
        // The journal numbers its events 1, 2, 3, ...: the history holds each of them once.
        QCOMPARE(j.seqs.size(), int(j.seqs.last()));
        QCOMPARE(rows.seqsBySource.value(agent), j.seqs);
        QCOMPARE(rows.lastSeqByAgent.value(agent), j.seqs.last());
        journaledSteps += j.steps;
    }
    // Nothing under another source than the three agents and the controller.
    QStringList sources = rows.seqsBySource.keys();
    sources.removeAll(QStringLiteral("controller"));
    QCOMPARE(sources.size(), ranks);
    QCOMPARE(rows.steps.size(), steps * ranks);
    const QSet<QPair<int, qint64>> storedSteps(rows.steps.cbegin(), rows.steps.cend());
    QCOMPARE(storedSteps, journaledSteps);
    QCOMPARE(history.stepRowCount(runId), qint64(steps * ranks));
}

QTEST_GUILESS_MAIN(TestReattach)
#include "tst_reattach.moc"
