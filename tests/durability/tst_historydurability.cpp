// History durability: a writer under heavy ingest is killed with SIGKILL 20
// times in a row. After each kill the database passes PRAGMA integrity_check
// and holds every event the store had reported committed.
#include "historystore.h"

#include <csignal>
#include <QCoreApplication>
#include <QProcess>
#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>

namespace {
// The child: ingest as fast as it can, saying after each commit how many events are stored.
int writer(const QString &path)
{
    HistoryStore store(path);
    if (!store.open())
        return 1;
    const QString runId = QStringLiteral("durable");
    if (!store.run(runId)) {
        RunRecord r;
        r.id = runId;
        r.name = runId;
        r.strategy = QStringLiteral("dp");
        r.createdMs = 1;
        store.createRun(r, {});
    }
    qint64 seq = store.lastSeq(runId, QStringLiteral("agent"));
    QTextStream out(stdout);
    for (;;) {
        QList<RunEvent> batch;
        for (int i = 0; i < 500; ++i) {
            RunEvent e;
            e.runId = runId;
            e.source = QStringLiteral("agent");
            e.seq = ++seq;
            e.timeMs = seq;
            e.kind = QStringLiteral("step");
            e.rank = int(seq % 8);
            e.payload = QJsonObject{{QStringLiteral("step"), double(seq / 8 + 1)},
                                    {QStringLiteral("loss"), 1.0},
                                    {QStringLiteral("compute_ms"), 12.5},
                                    {QStringLiteral("local_batch"), 32}};
            batch.append(e);
        }
        store.appendEvents(batch);
        store.flush();
        out << "committed " << seq << Qt::endl;
    }
}
} // namespace

class TestHistoryDurability : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void survivesKillDuringIngest();
};

void TestHistoryDurability::survivesKillDuringIngest()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("history.sqlite"));
    qint64 previous = 0;
    for (int round = 0; round < 20; ++round) {
        QProcess child;
        child.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--writer"), path});
        QVERIFY(child.waitForStarted(5000));
        // Kill at a random moment once it has committed something new.
        const int waitMs = 50 + QRandomGenerator::global()->bounded(400);
        QByteArray out;
        QVERIFY(QTest::qWaitFor(
            [&] {
                out += child.readAllStandardOutput();
                return out.count("committed") >= 2;
            },
            20000));
        QTest::qWait(waitMs);
        out += child.readAllStandardOutput();
        ::kill(pid_t(child.processId()), SIGKILL);
        child.waitForFinished(5000);
        out += child.readAllStandardOutput();
        const QList<QByteArray> lines = out.trimmed().split('\n');
        const qint64 reported = lines.last().startsWith("committed ")
                                    ? lines.last().mid(10).toLongLong()
                                    : lines[lines.size() - 2].mid(10).toLongLong();
        QVERIFY(reported > previous);
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("check"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("PRAGMA integrity_check")) && q.next());
            QCOMPARE(q.value(0).toString(), QStringLiteral("ok"));
            QVERIFY(q.exec(QStringLiteral("SELECT COUNT(*), MAX(seq) FROM events")) && q.next());
            QVERIFY2(q.value(0).toLongLong() >= reported,
                     qPrintable(QStringLiteral("round %1: %2 events stored, %3 reported committed")
                                    .arg(round)
                                    .arg(q.value(0).toLongLong())
                                    .arg(reported)));
            // And nothing half-written: every stored event is a whole batch's worth of rows.
            QVERIFY(q.exec(QStringLiteral("SELECT COUNT(*) FROM steps")) && q.next());
            QCOMPARE(q.value(0).toLongLong() % 500, 0);
            previous = reported;
        }
        QSqlDatabase::removeDatabase(QStringLiteral("check"));
    }
}

int main(int argc, char *argv[])
{
    if (argc == 3 && qstrcmp(argv[1], "--writer") == 0) {
        QCoreApplication app(argc, argv);
        return writer(QString::fromLocal8Bit(argv[2]));
    }
    QCoreApplication app(argc, argv);
    TestHistoryDurability test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_historydurability.moc"
