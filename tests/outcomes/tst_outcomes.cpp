// Truthful outcomes (docs/reliability.md): how the agent words a worker's
// exit. A worker stopped by a SIGTERM that nobody on the controller sent
// prints `done` with reason `stopped` and exits 0 — before the fix that run
// was recorded as finished. Workers here are small shell scripts that print
// what a real worker prints (docs/worker-events.md).
#include "runsupervisor.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

class TestOutcomes : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void exitZero_data();
    void exitZero();
    void stopThatWasAskedForIsStopped();

private:
    QString worker(const QString &name, const QByteArray &script);
    QJsonObject startRequest(const QString &runId) const;
    QTemporaryDir m_dir;
};

QString TestOutcomes::worker(const QString &name, const QByteArray &script)
{
    const QString path = m_dir.filePath(name);
    return TestSupport::writeScript(path, script) ? path : QString();
}

QJsonObject TestOutcomes::startRequest(const QString &runId) const
{
    const QJsonObject config{
        {QStringLiteral("name"), QStringLiteral("outcome")},
        {QStringLiteral("nodes"), QJsonArray{QJsonObject{{QStringLiteral("agent"), QStringLiteral("node")},
                                                         {QStringLiteral("devices"), QJsonArray{0}}}}}};
    return {{QStringLiteral("run_id"), runId},
            {QStringLiteral("config"), config},
            {QStringLiteral("node_index"), 0},
            {QStringLiteral("first_rank"), 0},
            {QStringLiteral("world_size"), 1},
            {QStringLiteral("master"), QStringLiteral("127.0.0.1:1")},
            {QStringLiteral("rendezvous_secret"), QString(64, QLatin1Char('a'))}};
}

void TestOutcomes::exitZero_data()
{
    QTest::addColumn<QByteArray>("script");
    QTest::addColumn<QString>("state");
    QTest::addColumn<QString>("reasonHas");
    QTest::newRow("completed")
        << QByteArray("echo '{\"event\":\"done\",\"reason\":\"completed\",\"step\":3}'\nexit 0\n")
        << QStringLiteral("finished") << QString();
    QTest::newRow("stopped by an outside SIGTERM")
        << QByteArray("echo '{\"event\":\"done\",\"reason\":\"stopped\",\"step\":2}'\nexit 0\n")
        << QStringLiteral("failed") << QStringLiteral("did not ask");
    QTest::newRow("no done at all") << QByteArray("exit 0\n") << QStringLiteral("failed")
                                    << QStringLiteral("before its run completed");
    QTest::newRow("exit 1") << QByteArray("exit 1\n") << QStringLiteral("failed") << QStringLiteral("code 1");
}

void TestOutcomes::exitZero()
{
    QFETCH(QByteArray, script);
    QFETCH(QString, state);
    QFETCH(QString, reasonHas);
    const QString tag =
        QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-'));
    RunSupervisor runs(m_dir.filePath(QStringLiteral("runs-") + tag), worker(tag, script),
                       QStringLiteral("node"), 1);
    QSignalSpy changed(&runs, &RunSupervisor::stateChanged);
    const Status s = runs.start(startRequest(QStringLiteral("r-") + tag));
    QVERIFY2(s.ok(), qPrintable(s.error()));
    QTRY_VERIFY_WITH_TIMEOUT(runs.activeRuns() == 0, 10000);
    const QJsonObject run = runs.list().first().toObject();
    QCOMPARE(run.value(QStringLiteral("state")).toString(), state);
    const QString reason = run.value(QStringLiteral("reason")).toString();
    if (reasonHas.isEmpty())
        QVERIFY2(reason.isEmpty(), qPrintable(reason));
    else
        QVERIFY2(reason.contains(reasonHas), qPrintable(reason));
}

void TestOutcomes::stopThatWasAskedForIsStopped()
{
    // The controller's `stop`: the worker reads it on stdin, checkpoints, says `stopped`, exits 0.
    RunSupervisor runs(m_dir.filePath(QStringLiteral("runs-stop")),
                       worker(QStringLiteral("stoppable"),
                              "echo '{\"event\":\"ready\"}'\nread line\n"
                              "echo '{\"event\":\"done\",\"reason\":\"stopped\",\"step\":5}'\nexit 0\n"),
                       QStringLiteral("node"), 1);
    QVERIFY(runs.start(startRequest(QStringLiteral("r-stop"))).ok());
    QTest::qWait(300);
    QVERIFY(runs.stop(QStringLiteral("r-stop")).ok());
    QTRY_VERIFY_WITH_TIMEOUT(runs.activeRuns() == 0, 10000);
    QCOMPARE(runs.list().first().toObject().value(QStringLiteral("state")).toString(),
             QStringLiteral("stopped"));
}

QTEST_GUILESS_MAIN(TestOutcomes)
#include "tst_outcomes.moc"
