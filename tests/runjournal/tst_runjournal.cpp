// An agent's run journal: numbered, durable lines; reading after any seq; a
// torn last line (the agent died mid-write) is cut off on reopening.
#include "runjournal.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

class TestRunJournal : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void appendAndRead();
    void reopenKeepsEverythingAndCutsATornLine();
    void refusesAnExistingRun();
};

void TestRunJournal::appendAndRead()
{
    QTemporaryDir dir;
    const QJsonObject request{{QStringLiteral("run_id"), QStringLiteral("r1")}};
    auto j = RunJournal::create(dir.filePath(QStringLiteral("r1")), QStringLiteral("r1"),
                                QStringLiteral("agent-x"), request);
    QVERIFY2(j.ok(), qPrintable(j.error()));
    for (int i = 0; i < 250; ++i) {
        const RunEvent e =
            (*j)->append(QStringLiteral("step"), i % 3, 0, QJsonObject{{QStringLiteral("step"), i}});
        QCOMPARE(e.seq, i + 1);
        QCOMPARE(e.source, QStringLiteral("agent-x"));
    }
    QCOMPARE((*j)->lastSeq(), 250);
    const auto tail = (*j)->read(240, 100);
    QCOMPARE(tail.size(), 10);
    QCOMPARE(tail.first().seq, 241);
    QCOMPARE(tail.first().payload.value(QStringLiteral("step")).toInt(), 240);
    QCOMPARE(tail.first().rank, 240 % 3);
    const auto page = (*j)->read(0, 100);
    QCOMPARE(page.size(), 100);
    QCOMPARE(page.last().seq, 100);
    QVERIFY((*j)->read(250, 10).isEmpty());
    QVERIFY((*j)->setState(QStringLiteral("running"), {}).ok());
    QCOMPARE((*j)->state(), QStringLiteral("running"));
}

void TestRunJournal::reopenKeepsEverythingAndCutsATornLine()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("r2"));
    {
        auto j = RunJournal::create(path, QStringLiteral("r2"), QStringLiteral("a"),
                                    QJsonObject{{QStringLiteral("run_id"), QStringLiteral("r2")}});
        QVERIFY(j.ok());
        for (int i = 0; i < 10; ++i)
            (*j)->append(QStringLiteral("step"), 0, 0, QJsonObject{{QStringLiteral("step"), i}});
        QVERIFY((*j)->setState(QStringLiteral("running"), {}).ok());
    }
    QFile f(QDir(path).filePath(QStringLiteral("journal.jsonl")));
    QVERIFY(f.open(QIODevice::Append));
    f.write("{\"seq\":11,\"kind\":\"st"); // the agent was killed in the middle of this line
    f.close();
    auto j = RunJournal::open(path, QStringLiteral("a"));
    QVERIFY2(j.ok(), qPrintable(j.error()));
    QCOMPARE((*j)->runId(), QStringLiteral("r2"));
    QCOMPARE((*j)->lastSeq(), 10);
    QCOMPARE((*j)->state(), QStringLiteral("running"));
    const RunEvent next = (*j)->append(QStringLiteral("state"), -1, -1,
                                       QJsonObject{{QStringLiteral("state"), QStringLiteral("failed")}});
    QCOMPARE(next.seq, 11);
    const auto all = (*j)->read(0, 100);
    QCOMPARE(all.size(), 11);
    QCOMPARE(all.last().kind, QStringLiteral("state"));
}

void TestRunJournal::refusesAnExistingRun()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("r3"));
    QVERIFY(RunJournal::create(path, QStringLiteral("r3"), QStringLiteral("a"), {}).ok());
    QVERIFY(!RunJournal::create(path, QStringLiteral("r3"), QStringLiteral("a"), {}).ok());
}

QTEST_GUILESS_MAIN(TestRunJournal)
#include "tst_runjournal.moc"
