// The history store: migrations from fixture databases, idempotent ingest,
// downsampled series that keep spikes, summaries, CSV export, filters, and
// refusing what it cannot read safely.
#include "historyschema.h"
#include "historystore.h"
#include "translations.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

class TestHistory : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void freshDatabaseHasCurrentSchema();
    void migratesVersion1Fixture();
    void refusesNewerVersion();
    void refusesDamagedFile();
    void eventsAreStoredOnce();
    void seriesKeepsSpikes();
    void aggregateSeries();
    void summary();
    void exportCsv();
    void filters();
    void aFailedReadIsSaidNotEmpty();
    void reasonReadsInTheReadersLanguage();

private:
    static void loadSql(const QString &dbPath, const QString &sqlPath);
    static RunRecord makeRun(const QString &id, const QString &strategy, RunStatus status, qint64 created);
    static QList<RunEvent> steps(const QString &runId, int ranks, int steps, int seqStart = 1);
    QTemporaryDir m_dir;
};

void TestHistory::loadSql(const QString &dbPath, const QString &sqlPath)
{
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("fixture"));
        db.setDatabaseName(dbPath);
        QVERIFY(db.open());
        QFile f(sqlPath);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QString sql = QString::fromUtf8(f.readAll());
        sql.remove(QRegularExpression(QStringLiteral("--[^\n]*")));
        QSqlQuery q(db);
        for (const QString &statement : sql.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
            if (!statement.trimmed().isEmpty())
                QVERIFY2(q.exec(statement), qPrintable(statement));
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("fixture"));
}

RunRecord TestHistory::makeRun(const QString &id, const QString &strategy, RunStatus status, qint64 created)
{
    RunRecord r;
    r.id = id;
    r.name = QStringLiteral("run %1").arg(id);
    r.strategy = strategy;
    r.status = status;
    r.createdMs = created;
    r.config = QJsonObject{{QStringLiteral("strategy"), strategy}};
    return r;
}

QList<RunEvent> TestHistory::steps(const QString &runId, int ranks, int count, int seqStart)
{
    QList<RunEvent> out;
    int seq = seqStart;
    for (int s = 0; s < count; ++s) {
        for (int r = 0; r < ranks; ++r) {
            RunEvent e;
            e.runId = runId;
            e.source = QStringLiteral("agent-%1").arg(r);
            e.seq = seq + s;
            e.timeMs = 1000000 + s * 100;
            e.kind = QStringLiteral("step");
            e.rank = r;
            e.payload = QJsonObject{{QStringLiteral("step"), s + 1}, // completed steps count from 1
                                    {QStringLiteral("loss"), 1.0 + (s == count / 2 ? 50.0 : 0.0)},
                                    {QStringLiteral("local_batch"), 10 * (r + 1)},
                                    {QStringLiteral("compute_ms"), 80.0},
                                    {QStringLiteral("wait_ms"), r == 0 ? 20.0 : 0.0},
                                    {QStringLiteral("comm_ms"), 0.0},
                                    {QStringLiteral("samples_per_s"), 100.0 * (r + 1)}};
            out.append(e);
        }
    }
    return out;
}

void TestHistory::freshDatabaseHasCurrentSchema()
{
    HistoryStore store(m_dir.filePath(QStringLiteral("fresh.sqlite")));
    QVERIFY(store.open().ok());
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("check"));
    db.setDatabaseName(m_dir.filePath(QStringLiteral("fresh.sqlite")));
    QVERIFY(db.open());
    QCOMPARE(HistorySchema::version(db), HistorySchema::kVersion);
    QSqlQuery q(db);
    QVERIFY(q.exec(QStringLiteral("PRAGMA journal_mode")) && q.next());
    QCOMPARE(q.value(0).toString(), QStringLiteral("wal"));
    QVERIFY(q.exec(QStringLiteral("SELECT last_seq FROM run_nodes LIMIT 1")));
    db.close();
    db = QSqlDatabase();
    QSqlDatabase::removeDatabase(QStringLiteral("check"));
}

void TestHistory::migratesVersion1Fixture()
{
    const QString path = m_dir.filePath(QStringLiteral("v1.sqlite"));
    loadSql(path, QStringLiteral(HAMGAM_SOURCE_DIR "/tests/history/fixtures/history-v1.sql"));
    HistoryStore store(path);
    const Status s = store.open();
    QVERIFY2(s.ok(), qPrintable(s.error()));
    const auto runs = store.runs();
    QCOMPARE(runs.size(), 1);
    QCOMPARE(runs.first().name, QStringLiteral("fashion hdp"));
    QCOMPARE(runs.first().status, RunStatus::Finished);
    QCOMPARE(store.stepRowCount(runs.first().id), 6);
    const auto nodes = store.nodes(runs.first().id);
    QCOMPARE(nodes.size(), 2);
    // The new column is filled from the events already there.
    QCOMPARE(nodes[0].lastSeq, 7);
    QCOMPARE(nodes[1].lastSeq, 4);
    QCOMPARE(nodes[0].finalPlan, (QJsonArray{40, 24}));
    // And the migrated database takes new rows of the new shape.
    DeviceSample d;
    d.index = 0;
    d.utilization = 50;
    d.temperature = 81;
    store.appendTelemetry(runs.first().id, QStringLiteral("agent-a"), 1761998403000, {d});
    store.flush();
    QCOMPARE(store.telemetrySeries(runs.first().id, QStringLiteral("agent-a"), 0, QStringLiteral("util"), 100)
                 .x.size(),
             2);
    QCOMPARE(store
                 .telemetrySeries(runs.first().id, QStringLiteral("agent-a"), 0,
                                  QStringLiteral("temperature"), 100)
                 .y,
             QList<double>{81});
}

void TestHistory::refusesNewerVersion()
{
    const QString path = m_dir.filePath(QStringLiteral("future.sqlite"));
    {
        HistoryStore store(path);
        QVERIFY(store.open().ok());
    }
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("future"));
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery(db).exec(QStringLiteral("PRAGMA user_version = 99"));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("future"));
    HistoryStore store(path);
    const Status s = store.open();
    QVERIFY(!s.ok());
    QVERIFY2(s.error().contains(QLatin1String("newer")), qPrintable(s.error()));
}

void TestHistory::refusesDamagedFile()
{
    const QString path = m_dir.filePath(QStringLiteral("damaged.sqlite"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray(8192, 'x'));
    f.close();
    HistoryStore store(path);
    QVERIFY(!store.open().ok());
}

void TestHistory::eventsAreStoredOnce()
{
    HistoryStore store(m_dir.filePath(QStringLiteral("once.sqlite")));
    QVERIFY(store.open().ok());
    QSignalSpy committed(&store, &HistoryStore::committed);
    const RunRecord run = makeRun(QStringLiteral("r1"), QStringLiteral("hdp"), RunStatus::Running, 1);
    store.createRun(run, {{0, QStringLiteral("agent-0"), QStringLiteral("a"), {}, 0, {0}, {}, 0},
                          {1, QStringLiteral("agent-1"), QStringLiteral("b"), {}, 1, {0}, {}, 0}});
    const auto events = steps(run.id, 2, 50);
    store.appendEvents(events);
    store.appendEvents(events.mid(20, 40)); // a backfill overlapping live events
    store.flush();
    QTRY_VERIFY(committed.count() >= 1); // delivered from the writer thread
    QCOMPARE(store.stepRowCount(run.id), 100);
    QCOMPARE(store.events(run.id).size(), 100);
    QCOMPARE(store.lastSeq(run.id, QStringLiteral("agent-0")), 50);
    QCOMPARE(store.nodes(run.id).first().lastSeq, 50);
}

void TestHistory::seriesKeepsSpikes()
{
    HistoryStore store(m_dir.filePath(QStringLiteral("series.sqlite")));
    QVERIFY(store.open().ok());
    store.createRun(makeRun(QStringLiteral("s"), QStringLiteral("dp"), RunStatus::Finished, 1), {});
    store.appendEvents(steps(QStringLiteral("s"), 1, 10000));
    store.flush();
    const Series full =
        store.series(QStringLiteral("s"), QStringLiteral("loss"), 0, HistoryStore::XAxis::Step, 20000);
    QCOMPARE(full.x.size(), 10000);
    QVERIFY(!full.downsampled);
    const Series small =
        store.series(QStringLiteral("s"), QStringLiteral("loss"), 0, HistoryStore::XAxis::Step, 100);
    QVERIFY(small.downsampled);
    QVERIFY(small.x.size() <= 100);
    QCOMPARE(small.sourceRows, 10000);
    QCOMPARE(*std::max_element(small.y.cbegin(), small.y.cend()), 51.0);
    QVERIFY(std::is_sorted(small.x.cbegin(), small.x.cend()));
    // Unknown metrics never reach the SQL.
    QVERIFY(store
                .series(QStringLiteral("s"), QStringLiteral("loss; DROP TABLE runs"), 0,
                        HistoryStore::XAxis::Step, 10)
                .x.isEmpty());
}

void TestHistory::aggregateSeries()
{
    HistoryStore store(m_dir.filePath(QStringLiteral("agg.sqlite")));
    QVERIFY(store.open().ok());
    store.createRun(makeRun(QStringLiteral("a"), QStringLiteral("hdp"), RunStatus::Finished, 1), {});
    store.appendEvents(steps(QStringLiteral("a"), 3, 10));
    store.flush();
    const Series sum = store.series(QStringLiteral("a"), QStringLiteral("samples_per_s"), -1,
                                    HistoryStore::XAxis::Step, 100, HistoryStore::Aggregate::Sum);
    QCOMPARE(sum.y.size(), 10);
    QCOMPARE(sum.y.first(), 600.0); // 100 + 200 + 300
    const Series time =
        store.series(QStringLiteral("a"), QStringLiteral("loss"), 1, HistoryStore::XAxis::Time, 100);
    QCOMPARE(time.x.first(), 1000000.0);
    QCOMPARE(time.x.last(), 1000900.0);
}

void TestHistory::summary()
{
    HistoryStore store(m_dir.filePath(QStringLiteral("summary.sqlite")));
    QVERIFY(store.open().ok());
    store.createRun(makeRun(QStringLiteral("m"), QStringLiteral("hdp"), RunStatus::Finished, 1), {});
    store.appendEvents(steps(QStringLiteral("m"), 2, 12));
    RunEvent eval;
    eval.runId = QStringLiteral("m");
    eval.source = QStringLiteral("agent-0");
    eval.seq = 1000;
    eval.timeMs = 2000000;
    eval.kind = QStringLiteral("eval");
    eval.payload = QJsonObject{{QStringLiteral("accuracy"), 0.83}};
    store.appendEvents({eval});
    store.flush();
    const QJsonObject s = store.computeSummary(QStringLiteral("m"));
    QCOMPARE(s.value(QStringLiteral("steps")).toInt(), 12);
    QCOMPARE(s.value(QStringLiteral("final_loss")).toDouble(), 1.0);
    // Rank 0 waits 20 of 100 ms, rank 1 never.
    QCOMPARE(s.value(QStringLiteral("mean_wait_pct")).toDouble(), 10.0);
    QCOMPARE(s.value(QStringLiteral("max_wait_pct")).toDouble(), 20.0);
    // Steps 3..12 carry 30 samples each, over the 1000 ms after step 2.
    QCOMPARE(s.value(QStringLiteral("samples_per_s")).toDouble(), 10 * 30 / 1.0);
    QCOMPARE(s.value(QStringLiteral("eval_accuracy")).toDouble(), 0.83);
}

void TestHistory::exportCsv()
{
    HistoryStore store(m_dir.filePath(QStringLiteral("export.sqlite")));
    QVERIFY(store.open().ok());
    store.createRun(makeRun(QStringLiteral("e"), QStringLiteral("dp"), RunStatus::Finished, 1), {});
    store.appendEvents(steps(QStringLiteral("e"), 2, 5));
    store.flush();
    QCOMPARE(store.stepRowCount(QStringLiteral("e")), 10);
    const QString out = m_dir.filePath(QStringLiteral("csv"));
    auto files = store.exportCsv(QStringLiteral("e"), out);
    QVERIFY2(files.ok(), qPrintable(files.error()));
    QCOMPARE(files->size(), 4);
    QFile f(QDir(out).filePath(QStringLiteral("steps.csv")));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY2(lines.size() == 11, qPrintable(lines.join(QLatin1Char('|'))));
    QVERIFY(lines.first().startsWith(QLatin1String("time,rank,step,epoch,loss")));
    QVERIFY2(QRegularExpression(QStringLiteral("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z,0,1,"))
                 .match(lines[1])
                 .hasMatch(),
             qPrintable(lines[1]));
    // Localized headers only when asked; the rows stay machine-readable.
    auto localized =
        store.exportCsv(QStringLiteral("e"), out, {{QStringLiteral("loss"), QStringLiteral("زیان")}});
    QVERIFY(localized.ok());
    QVERIFY(f.seek(0));
    QFile g(QDir(out).filePath(QStringLiteral("steps.csv")));
    QVERIFY(g.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(g.readAll());
    QVERIFY(text.startsWith(QStringLiteral("time,rank,step,epoch,زیان")));
}

void TestHistory::filters()
{
    HistoryStore store(m_dir.filePath(QStringLiteral("filters.sqlite")));
    QVERIFY(store.open().ok());
    store.createRun(makeRun(QStringLiteral("20261101-aaaa"), QStringLiteral("dp"), RunStatus::Finished, 100),
                    {});
    store.createRun(makeRun(QStringLiteral("20261102-bbbb"), QStringLiteral("lshdp"), RunStatus::Failed, 200),
                    {});
    store.createRun(
        makeRun(QStringLiteral("20261103-cccc"), QStringLiteral("lshdp"), RunStatus::Finished, 300), {});
    store.updateRun(QStringLiteral("20261101-aaaa"), RunStatus::Stopped, QStringLiteral("by hand"));
    store.flush();
    QCOMPARE(store.runs().size(), 3);
    QCOMPARE(store.runs().first().id, QStringLiteral("20261103-cccc")); // newest first
    RunFilter f;
    f.strategies = {QStringLiteral("lshdp")};
    QCOMPARE(store.runs(f).size(), 2);
    f.statuses = {QStringLiteral("failed")};
    QCOMPARE(store.runs(f).size(), 1);
    RunFilter byName;
    byName.nameContains = QStringLiteral("bbbb");
    QCOMPARE(store.runs(byName).size(), 1);
    RunFilter byDate;
    byDate.fromMs = 150;
    byDate.toMs = 250;
    QCOMPARE(store.runs(byDate).size(), 1);
    QCOMPARE(store.run(QStringLiteral("20261101-aaaa"))->status, RunStatus::Stopped);
    QCOMPARE(store.run(QStringLiteral("20261101-aaaa"))->reason.toString(), QStringLiteral("by hand"));
    QCOMPARE(store.findRun(QStringLiteral("20261102"))->id, QStringLiteral("20261102-bbbb"));
    QVERIFY(!store.findRun(QStringLiteral("2026110")).has_value()); // ambiguous
}

// Issue #31, item 5: a run's reason is kept untranslated and read in its reader's language; a
// row written before keeps its words, and an update without a reason keeps the one before.
void TestHistory::reasonReadsInTheReadersLanguage()
{
    const QString path = m_dir.filePath(QStringLiteral("reasons.sqlite"));
    HistoryStore store(path);
    QVERIFY(store.open().ok());
    RunRecord old = makeRun(QStringLiteral("20261201-aaaa"), QStringLiteral("dp"), RunStatus::Stopped, 100);
    old.reason = QStringLiteral("worded long ago");
    store.createRun(old, {});
    store.createRun(makeRun(QStringLiteral("20261202-bbbb"), QStringLiteral("dp"), RunStatus::Running, 200),
                    {});
    TranslatableText node("RunSupervisor", "device %1 (rank %2) exited with code %3");
    node.arg(0).arg(1).arg(QStringLiteral("4"));
    TranslatableText reason("RunOutcome", "%1: %2");
    reason.arg(QStringLiteral("lab-pc")).arg(node);
    store.updateRun(QStringLiteral("20261202-bbbb"), RunStatus::Failed, reason);
    store.updateRun(QStringLiteral("20261202-bbbb"), RunStatus::Failed); // no reason: the one before stays
    store.flush();

    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    QCOMPARE(store.run(QStringLiteral("20261202-bbbb"))->reason, reason);
    QCOMPARE(store.run(QStringLiteral("20261202-bbbb"))->reason.toString(),
             QStringLiteral("lab-pc: device 0 (rank 1) exited with code 4"));
    QCOMPARE(store.run(QStringLiteral("20261201-aaaa"))->reason.toString(),
             QStringLiteral("worded long ago"));
    {
        Translations::Scoped persian(QStringLiteral("fa"));
        QLocale::setDefault(QLocale(QLocale::Persian, QLocale::Iran));
        HistoryStore reader(path); // another process reading the same history: hamgamctl show
        QVERIFY(reader.open().ok());
        const QString read = reader.run(QStringLiteral("20261202-bbbb"))->reason.toString();
        QVERIFY2(read.startsWith(QStringLiteral("lab-pc")) && read.contains(QStringLiteral("دستگاه")),
                 qPrintable(read));
        QVERIFY2(!read.contains(QLatin1String("exited")), qPrintable(read));
        QCOMPARE(reader.run(QStringLiteral("20261201-aaaa"))->reason.toString(),
                 QStringLiteral("worded long ago"));
    }
    QLocale::setDefault(before);

    // A damaged untranslated reason falls back to the words written beside it.
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("damage"));
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("UPDATE runs SET reason_text = x'ff00' WHERE id = '20261202-bbbb'")));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("damage"));
    HistoryStore damaged(path);
    QVERIFY(damaged.open().ok());
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    QCOMPARE(damaged.run(QStringLiteral("20261202-bbbb"))->reason.toString(),
             QStringLiteral("lab-pc: device 0 (rank 1) exited with code 4"));
    QLocale::setDefault(before);
}

QTEST_GUILESS_MAIN(TestHistory)
void TestHistory::aFailedReadIsSaidNotEmpty()
{
    // Before: an SQL failure came back as an empty list, and the app showed an empty history as the
    // truth (#30, item 5).
    const QString path = m_dir.filePath(QStringLiteral("failing.sqlite"));
    {
        HistoryStore store(path);
        QVERIFY(store.open().ok());
        store.createRun(
            makeRun(QStringLiteral("20261101-aaaa"), QStringLiteral("dp"), RunStatus::Finished, 100), {});
        store.flush();
    }
    {
        // Another program damages the file's tables.
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("vandal"));
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY2(q.exec(QStringLiteral("DROP TABLE run_nodes")), qPrintable(q.lastError().text()));
        QVERIFY2(q.exec(QStringLiteral("DROP TABLE steps")), qPrintable(q.lastError().text()));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("vandal"));
    HistoryStore store(path);
    QVERIFY(store.open().ok());
    QSignalSpy failed(&store, &HistoryStore::readFailed);
    QCOMPARE(store.runs().size(), 1);
    QCOMPARE(failed.size(), 0);
    QVERIFY(store.nodes(QStringLiteral("20261101-aaaa")).isEmpty());
    QCOMPARE(failed.size(), 1);
    QVERIFY2(failed.last().first().toString().contains(QLatin1String("run_nodes")),
             qPrintable(failed.last().first().toString()));
    QCOMPARE(store.stepRowCount(QStringLiteral("20261101-aaaa")), 0);
    QCOMPARE(failed.size(), 2);
    const Series series = store.series(QStringLiteral("20261101-aaaa"), QStringLiteral("loss"), -1,
                                       HistoryStore::XAxis::Step, 100);
    QVERIFY(series.x.isEmpty());
    QCOMPARE(failed.size(), 3);
}

#include "printers.h"
#include "tst_history.moc"
