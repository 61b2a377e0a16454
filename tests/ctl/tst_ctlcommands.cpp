// hamgamctl's read-only subcommands (runs, show, compare, export) and check,
// run as the real binary against a history database this test writes with
// HistoryStore: the JSON they print parses and has the documented keys, the
// CSV is machine-readable in any language, compare shows only the config
// fields that differ, and the exit codes are the README's. `watch` against an
// agent in this process whose GPUs processes hold: who holds each one.
#include "fakeprobe.h"
#include "historystore.h"
#include "processlab.h"
#include "runconfig.h"
#include "smallrunconfig.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

namespace {

const QString kBaseline = QStringLiteral("20260301-101500-a1b2");
const QString kWider = QStringLiteral("20260302-090000-c3d4");
const QString kRetry = QStringLiteral("20260303-120000-e5f6");
const qint64 kDayMs = 24 * 3600 * 1000;
const qint64 kBaselineCreated = 1772359700000; // 2026-03-01T10:08:20Z

struct Ctl
{
    int code = -1;
    QString out;
    QString err;
    QString context() const
    {
        return QStringLiteral("exit %1\nstdout:\n%2\nstderr:\n%3").arg(code).arg(out, err);
    }
};

// ISO 8601 in UTC, with or without milliseconds.
const QRegularExpression kIsoDate(QStringLiteral("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d{3})?Z$"));

bool isAsciiOnly(const QString &text)
{
    return std::all_of(text.cbegin(), text.cend(), [](QChar c) { return c.unicode() < 128; });
}

} // namespace

class TestCtlCommands : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void runsJson();
    void runsTableAndEmptyHistory();
    void showJson();
    void showByNameAndNotFound();
    void compareShowsOnlyDifferingFields();
    void compareJson();
    void compareUsage_data();
    void compareUsage();
    void exportCsv_data();
    void exportCsv();
    void exportUsage();
    void checkWithoutAgents_data();
    void checkWithoutAgents();
    void hostileTextIsEscaped();
    void watchShowsWhoHoldsEachGpu_data();
    void watchShowsWhoHoldsEachGpu();

private:
    Ctl ctl(const QStringList &args, const QString &history = {}, const QString &locale = {});
    static QJsonObject config(const QJsonObject &patch);
    void addRun(HistoryStore &store, const QString &id, const QString &name, const QJsonObject &config,
                RunStatus status, const QString &reason, qint64 created, int steps);
    static QStringList csvLines(const QString &path);

    ProcessLab m_lab;
};

Ctl TestCtlCommands::ctl(const QStringList &args, const QString &history, const QString &locale)
{
    QProcess p;
    QProcessEnvironment env = m_lab.environment();
    if (!locale.isEmpty()) {
        env.insert(QStringLiteral("LC_ALL"), locale);
        env.insert(QStringLiteral("LANG"), locale);
        env.insert(QStringLiteral("LANGUAGE"), locale.section(QLatin1Char('.'), 0, 0));
    }
    p.setProcessEnvironment(env);
    // No agents here: a private discovery port and no wait for machines.
    p.start(ProcessLab::binary(QStringLiteral("hamgamctl")),
            args + QStringList{QStringLiteral("--discovery-port"), QString::number(m_lab.discoveryPort()),
                               QStringLiteral("--discovery-targets"), QStringLiteral("127.255.255.255"),
                               QStringLiteral("--wait"), QStringLiteral("0"), QStringLiteral("--history"),
                               history.isEmpty() ? m_lab.historyPath() : history});
    Ctl r;
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished(2000);
        r.err = QStringLiteral("timed out");
        return r;
    }
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

QJsonObject TestCtlCommands::config(const QJsonObject &patch)
{
    const QJsonArray nodes{QJsonObject{{QStringLiteral("agent"), QStringLiteral("node-a")},
                                       {QStringLiteral("name"), QStringLiteral("alpha")},
                                       {QStringLiteral("devices"), QJsonArray{0}}},
                           QJsonObject{{QStringLiteral("agent"), QStringLiteral("node-b")},
                                       {QStringLiteral("name"), QStringLiteral("beta")},
                                       {QStringLiteral("devices"), QJsonArray{0}}}};
    const QJsonObject c = smallRunConfig(QStringLiteral("x"), nodes, patch);
    // Stored as the controller stores it: every field, defaults filled in.
    QList<ConfigError> errors;
    const RunConfig parsed = RunConfig::fromJson(c, &errors);
    if (!errors.isEmpty())
        qFatal("bad test config: %s", qPrintable(errors.first().message));
    return parsed.toJson();
}

void TestCtlCommands::addRun(HistoryStore &store, const QString &id, const QString &name,
                             const QJsonObject &config, RunStatus status, const QString &reason,
                             qint64 created, int steps)
{
    RunRecord r;
    r.id = id;
    r.name = name;
    r.strategy = config.value(QStringLiteral("strategy")).toString();
    r.config = config;
    r.status = RunStatus::Preparing;
    r.createdMs = created;
    store.createRun(
        r,
        {{0, QStringLiteral("node-a"), QStringLiteral("alpha"), QStringLiteral("127.0.0.1"), 0, {0}, {}, 0},
         {1, QStringLiteral("node-b"), QStringLiteral("beta"), QStringLiteral("127.0.0.1"), 1, {0}, {}, 0}});
    QList<RunEvent> events;
    qint64 seq[2] = {0, 0};
    auto event = [&](int node, qint64 t, const QString &kind, int rank, const QJsonObject &payload) {
        RunEvent e;
        e.runId = id;
        e.source = node == 0 ? QStringLiteral("node-a") : QStringLiteral("node-b");
        e.seq = ++seq[node];
        e.timeMs = t;
        e.kind = kind;
        e.rank = rank;
        e.device = rank >= 0 ? 0 : -1;
        e.payload = payload;
        events.append(e);
    };
    const qint64 t0 = created + 2000;
    for (int n = 0; n < 2; ++n)
        event(n, t0, QStringLiteral("state"), -1, {{QStringLiteral("state"), QStringLiteral("running")}});
    event(0, t0 + 10, QStringLiteral("plan"), 0,
          {{QStringLiteral("step"), 0}, {QStringLiteral("batches"), QJsonArray{24, 24}}});
    for (int s = 1; s <= steps; ++s) {
        for (int rank = 0; rank < 2; ++rank)
            event(rank, t0 + 100 * s, QStringLiteral("step"), rank,
                  {{QStringLiteral("step"), s},
                   {QStringLiteral("loss"), 2.5 - 0.125 * s},
                   {QStringLiteral("local_batch"), 24},
                   {QStringLiteral("data_ms"), 1.5},
                   {QStringLiteral("compute_ms"), 40.25},
                   {QStringLiteral("wait_ms"), rank == 0 ? 12.5 : 0.0},
                   {QStringLiteral("comm_ms"), 3.0},
                   {QStringLiteral("optimizer_ms"), 0.75},
                   {QStringLiteral("samples_per_s"), 1234.5},
                   {QStringLiteral("device_bytes"), 1048576}});
        if (s == steps / 2)
            event(0, t0 + 100 * s + 1, QStringLiteral("rebalance"), 0,
                  {{QStringLiteral("step"), s},
                   {QStringLiteral("new"), QJsonArray{20, 28}},
                   {QStringLiteral("reason"), QStringLiteral("speed changed")}});
    }
    const qint64 end = t0 + 100 * steps + 50;
    for (int n = 0; n < 2; ++n)
        event(n, end, QStringLiteral("state"), -1,
              {{QStringLiteral("state"), RunStatusText::key(status)}, {QStringLiteral("reason"), reason}});
    store.appendEvents(events);
    for (int k = 0; k < 3; ++k) {
        DeviceSample d;
        d.index = 0;
        d.kind = DeviceSample::Kind::Cpu;
        d.name = QStringLiteral("CPU");
        d.utilization = 50 + 10 * k;
        d.memoryUsed = 1LL << 30;
        d.memoryTotal = 8LL << 30;
        store.appendTelemetry(id, QStringLiteral("node-a"), t0 + 500 * k, {d});
    }
    store.updateRun(id, status, reason, t0, end);
    store.setFinalPlan(id, 0, QJsonArray{20});
    store.setFinalPlan(id, 1, QJsonArray{28});
    store.flush();
    store.setSummary(id, store.computeSummary(id));
    store.flush();
}

QStringList TestCtlCommands::csvLines(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

void TestCtlCommands::initTestCase()
{
    HistoryStore store(m_lab.historyPath());
    QVERIFY(store.open().ok());
    addRun(store, kBaseline, QStringLiteral("baseline"),
           config({{QStringLiteral("name"), QStringLiteral("baseline")}}), RunStatus::Finished, {},
           kBaselineCreated, 10);
    addRun(store, kWider, QStringLiteral("wider"),
           config({{QStringLiteral("name"), QStringLiteral("wider")},
                   {QStringLiteral("strategy"), QStringLiteral("lshdp")},
                   {QStringLiteral("global_batch"), 96}}),
           RunStatus::Finished, {}, kBaselineCreated + kDayMs, 6);
    addRun(store, kRetry, QStringLiteral("retry"),
           config({{QStringLiteral("name"), QStringLiteral("retry")}}), RunStatus::Failed,
           QStringLiteral("beta, rank 1: killed by signal 9"), kBaselineCreated + 2 * kDayMs, 4);
    QCOMPARE(store.runs().size(), 3);
    QCOMPARE(store.stepRowCount(kBaseline), 20);
}

void TestCtlCommands::runsJson()
{
    const Ctl r = ctl({QStringLiteral("runs"), QStringLiteral("--json")});
    QVERIFY2(r.code == 0, qPrintable(r.context()));
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8(), &error);
    QVERIFY2(error.error == QJsonParseError::NoError && doc.isArray(), qPrintable(r.context()));
    const QJsonArray runs = doc.array();
    QCOMPARE(runs.size(), 3);
    // Newest first.
    QStringList ids;
    for (const QJsonValue v : runs)
        ids << v.toObject().value(QStringLiteral("id")).toString();
    QCOMPARE(ids, (QStringList{kRetry, kWider, kBaseline}));
    const QStringList keys{
        QStringLiteral("created"), QStringLiteral("ended_ms"), QStringLiteral("id"),
        QStringLiteral("name"),    QStringLiteral("reason"),   QStringLiteral("started_ms"),
        QStringLiteral("status"),  QStringLiteral("strategy"), QStringLiteral("summary")};
    for (const QJsonValue v : runs) {
        const QJsonObject o = v.toObject();
        QCOMPARE(o.keys(), keys);
        QVERIFY2(kIsoDate.match(o.value(QStringLiteral("created")).toString()).hasMatch(), qPrintable(r.out));
        QVERIFY(o.value(QStringLiteral("ended_ms")).toDouble() >
                o.value(QStringLiteral("started_ms")).toDouble());
        QVERIFY(o.value(QStringLiteral("summary")).toObject().contains(QStringLiteral("steps")));
    }
    const QJsonObject baseline = runs.at(2).toObject();
    QCOMPARE(baseline.value(QStringLiteral("created")).toString(), QStringLiteral("2026-03-01T10:08:20Z"));
    QCOMPARE(baseline.value(QStringLiteral("status")).toString(), QStringLiteral("finished"));
    QCOMPARE(baseline.value(QStringLiteral("summary")).toObject().value(QStringLiteral("steps")).toInt(), 10);
    QCOMPARE(runs.at(0).toObject().value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
    QCOMPARE(runs.at(0).toObject().value(QStringLiteral("reason")).toString(),
             QStringLiteral("beta, rank 1: killed by signal 9"));

    // Filters.
    const Ctl failed = ctl({QStringLiteral("runs"), QStringLiteral("--json"), QStringLiteral("--status"),
                            QStringLiteral("failed")});
    QCOMPARE(failed.code, 0);
    const QJsonArray onlyFailed = QJsonDocument::fromJson(failed.out.toUtf8()).array();
    QCOMPARE(onlyFailed.size(), 1);
    QCOMPARE(onlyFailed.first().toObject().value(QStringLiteral("id")).toString(), kRetry);
    const Ctl lshdp = ctl({QStringLiteral("runs"), QStringLiteral("--json"), QStringLiteral("--strategy"),
                           QStringLiteral("lshdp")});
    QCOMPARE(lshdp.code, 0);
    const QJsonArray onlyLshdp = QJsonDocument::fromJson(lshdp.out.toUtf8()).array();
    QCOMPARE(onlyLshdp.size(), 1);
    QCOMPARE(onlyLshdp.first().toObject().value(QStringLiteral("id")).toString(), kWider);
    const Ctl named = ctl(
        {QStringLiteral("runs"), QStringLiteral("--json"), QStringLiteral("--name"), QStringLiteral("line")});
    QCOMPARE(named.code, 0);
    QCOMPARE(QJsonDocument::fromJson(named.out.toUtf8()).array().size(), 1);
    // JSON stays machine-readable in Persian too.
    const Ctl persian =
        ctl({QStringLiteral("runs"), QStringLiteral("--json")}, {}, QStringLiteral("fa_IR.UTF-8"));
    QCOMPARE(persian.code, 0);
    QCOMPARE(QJsonDocument::fromJson(persian.out.toUtf8()).array(), runs);
}

void TestCtlCommands::runsTableAndEmptyHistory()
{
    const Ctl r = ctl({QStringLiteral("runs")});
    QVERIFY2(r.code == 0, qPrintable(r.context()));
    const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 4); // header + 3 runs
    QVERIFY2(lines[0].startsWith(QLatin1String("ID")) && lines[0].contains(QLatin1String("STATUS")),
             qPrintable(r.out));
    QVERIFY(lines[1].startsWith(kRetry) && lines[1].contains(QLatin1String("Failed")));
    QVERIFY(lines[3].startsWith(kBaseline) && lines[3].contains(QLatin1String("Finished")));

    const QString empty = m_lab.path(QStringLiteral("empty.sqlite"));
    const Ctl none = ctl({QStringLiteral("runs")}, empty);
    QCOMPARE(none.code, 0);
    QVERIFY2(none.out.contains(QLatin1String("No runs yet")), qPrintable(none.context()));
    const Ctl noneJson = ctl({QStringLiteral("runs"), QStringLiteral("--json")}, empty);
    QCOMPARE(noneJson.code, 0);
    QCOMPARE(QJsonDocument::fromJson(noneJson.out.toUtf8()).array().size(), 0);
    // Reading never creates a database (a mistyped --history must leave nothing behind).
    QVERIFY(!QFileInfo::exists(empty));
    const QString csv = m_lab.path(QStringLiteral("missing-csv"));
    for (const QStringList &command :
         {QStringList{QStringLiteral("show"), kBaseline},
          QStringList{QStringLiteral("export"), kBaseline, QStringLiteral("--csv"), csv}}) {
        const Ctl missing = ctl(command, empty);
        QCOMPARE(missing.code, 1);
        QVERIFY2(missing.err.contains(QLatin1String("no history at")) && missing.err.contains(empty),
                 qPrintable(missing.context()));
    }
    const Ctl persian = ctl({QStringLiteral("show"), kBaseline}, empty, QStringLiteral("fa_IR.UTF-8"));
    QVERIFY2(persian.err.contains(QStringLiteral("تاریخچه‌ای در")),
             qPrintable(persian.context()));
    QVERIFY(!QFileInfo::exists(empty));
}

void TestCtlCommands::showJson()
{
    // A unique prefix of the id is enough.
    const Ctl r = ctl({QStringLiteral("show"), kBaseline.left(10), QStringLiteral("--json")});
    QVERIFY2(r.code == 0, qPrintable(r.context()));
    QJsonParseError error;
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8(), &error).object();
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(r.context()));
    for (const char *key : {"id", "name", "strategy", "status", "reason", "created", "started_ms", "ended_ms",
                            "summary", "config", "nodes", "ranks", "step_rows", "events"})
        QVERIFY2(o.contains(QLatin1String(key)), key);
    QCOMPARE(o.value(QStringLiteral("id")).toString(), kBaseline);
    QCOMPARE(o.value(QStringLiteral("name")).toString(), QStringLiteral("baseline"));
    QCOMPARE(o.value(QStringLiteral("status")).toString(), QStringLiteral("finished"));
    QVERIFY(kIsoDate.match(o.value(QStringLiteral("created")).toString()).hasMatch());
    QCOMPARE(o.value(QStringLiteral("step_rows")).toInt(), 20);
    QCOMPARE(o.value(QStringLiteral("config")).toObject().value(QStringLiteral("global_batch")).toInt(), 48);
    QCOMPARE(o.value(QStringLiteral("summary")).toObject().value(QStringLiteral("steps")).toInt(), 10);

    const QJsonArray nodes = o.value(QStringLiteral("nodes")).toArray();
    QCOMPARE(nodes.size(), 2);
    const QJsonObject beta = nodes.at(1).toObject();
    QCOMPARE(beta.value(QStringLiteral("index")).toInt(), 1);
    QCOMPARE(beta.value(QStringLiteral("agent")).toString(), QStringLiteral("node-b"));
    QCOMPARE(beta.value(QStringLiteral("name")).toString(), QStringLiteral("beta"));
    QCOMPARE(beta.value(QStringLiteral("first_rank")).toInt(), 1);
    QCOMPARE(beta.value(QStringLiteral("final_plan")).toArray(), (QJsonArray{28}));
    // 1 state + 10 steps + 1 state journaled by node-b.
    QCOMPARE(beta.value(QStringLiteral("last_seq")).toInt(), 12);

    const QJsonArray ranks = o.value(QStringLiteral("ranks")).toArray();
    QCOMPARE(ranks.size(), 2);
    QCOMPARE(ranks.at(0).toObject().value(QStringLiteral("rank")).toInt(), 0);
    QCOMPARE(ranks.at(0).toObject().value(QStringLiteral("wait_ms")).toDouble(), 12.5);
    QCOMPARE(ranks.at(1).toObject().value(QStringLiteral("wait_ms")).toDouble(), 0.0);
    QCOMPARE(ranks.at(1).toObject().value(QStringLiteral("compute_ms")).toDouble(), 40.25);

    // Notable events only: no step rows among them.
    QMap<QString, int> kinds;
    for (const QJsonValue v : o.value(QStringLiteral("events")).toArray()) {
        const QJsonObject e = v.toObject();
        for (const char *key : {"source", "seq", "time_ms", "kind", "rank", "payload"})
            QVERIFY2(e.contains(QLatin1String(key)), key);
        ++kinds[e.value(QStringLiteral("kind")).toString()];
    }
    QCOMPARE(kinds, (QMap<QString, int>{{QStringLiteral("plan"), 1},
                                        {QStringLiteral("rebalance"), 1},
                                        {QStringLiteral("state"), 4}}));
}

void TestCtlCommands::showByNameAndNotFound()
{
    const Ctl byName = ctl({QStringLiteral("show"), QStringLiteral("retry")});
    QVERIFY2(byName.code == 0, qPrintable(byName.context()));
    QVERIFY2(byName.out.contains(QStringLiteral("Run %1 \"retry\"").arg(kRetry)), qPrintable(byName.out));
    QVERIFY2(byName.out.contains(QLatin1String("Failed (beta, rank 1: killed by signal 9)")),
             qPrintable(byName.out));

    const Ctl missing = ctl({QStringLiteral("show"), QStringLiteral("nosuchrun"), QStringLiteral("--json")});
    QCOMPARE(missing.code, 3);
    QVERIFY2(missing.err.contains(QLatin1String("hamgamctl show: no run \"nosuchrun\"")),
             qPrintable(missing.context()));
    QVERIFY(missing.out.isEmpty());
    // A prefix that matches several runs names none of them.
    const Ctl ambiguous = ctl({QStringLiteral("show"), QStringLiteral("2026")});
    QCOMPARE(ambiguous.code, 3);
    const Ctl usage = ctl({QStringLiteral("show")});
    QCOMPARE(usage.code, 2);
    QVERIFY2(usage.err.contains(QLatin1String("hamgamctl show: give one run")), qPrintable(usage.context()));
}

void TestCtlCommands::compareShowsOnlyDifferingFields()
{
    const Ctl r = ctl({QStringLiteral("compare"), kBaseline, kWider});
    QVERIFY2(r.code == 0, qPrintable(r.context()));
    // The summary table, then the config fields that differ: strategy and global_batch, not
    // the name (always different) nor any field the two have in common.
    const QStringList lines = r.out.split(QLatin1Char('\n'));
    const qsizetype header =
        lines.indexOf(QRegularExpression(QStringLiteral("CONFIG FIELD\\s.*"))); // a whole line
    QVERIFY2(header > 0, qPrintable(r.out));
    QVERIFY2(lines[0].startsWith(QLatin1String("METRIC")) && lines[0].contains(kBaseline) &&
                 lines[0].contains(kWider),
             qPrintable(r.out));
    QStringList rows;
    for (qsizetype i = header + 1; i < lines.size(); ++i) {
        if (!lines[i].trimmed().isEmpty())
            rows << lines[i].simplified();
    }
    QCOMPARE(rows, (QStringList{QStringLiteral("global_batch 48 96"), QStringLiteral("strategy hdp lshdp")}));
    QVERIFY(r.out.contains(QRegularExpression(QStringLiteral("\\nsteps\\s+10\\s+6\\s*\\n"))));

    // Same config apart from the name.
    const Ctl same = ctl({QStringLiteral("compare"), kBaseline, kRetry});
    QVERIFY2(same.code == 0, qPrintable(same.context()));
    QVERIFY2(same.out.contains(QLatin1String("The configs are the same (apart from the name).")),
             qPrintable(same.out));
    QVERIFY(!same.out.contains(QLatin1String("CONFIG FIELD")));
}

void TestCtlCommands::compareJson()
{
    const Ctl r = ctl({QStringLiteral("compare"), kWider, QStringLiteral("baseline"), kRetry.left(12),
                       QStringLiteral("--json")});
    QVERIFY2(r.code == 0, qPrintable(r.context()));
    QJsonParseError error;
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8(), &error).object();
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(r.context()));
    QCOMPARE(o.keys(), (QStringList{QStringLiteral("differing_config"), QStringLiteral("runs")}));
    const QJsonArray runs = o.value(QStringLiteral("runs")).toArray();
    QCOMPARE(runs.size(), 3);
    // In the order given.
    QCOMPARE(runs.at(0).toObject().value(QStringLiteral("id")).toString(), kWider);
    QCOMPARE(runs.at(1).toObject().value(QStringLiteral("id")).toString(), kBaseline);
    QCOMPARE(runs.at(2).toObject().value(QStringLiteral("id")).toString(), kRetry);
    QVERIFY(runs.at(1).toObject().contains(QStringLiteral("summary")));
    const QJsonObject diff = o.value(QStringLiteral("differing_config")).toObject();
    QCOMPARE(diff.keys(), (QStringList{QStringLiteral("global_batch"), QStringLiteral("strategy")}));
    QCOMPARE(diff.value(QStringLiteral("global_batch")).toArray(),
             (QJsonArray{QStringLiteral("96"), QStringLiteral("48"), QStringLiteral("48")}));
    QCOMPARE(diff.value(QStringLiteral("strategy")).toArray(),
             (QJsonArray{QStringLiteral("lshdp"), QStringLiteral("hdp"), QStringLiteral("hdp")}));
}

void TestCtlCommands::compareUsage_data()
{
    QTest::addColumn<QStringList>("runs");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    QTest::newRow("one run") << QStringList{kBaseline} << 2 << "hamgamctl compare: give 2 to 8 runs";
    QStringList nine;
    for (int i = 0; i < 9; ++i)
        nine << kBaseline;
    QTest::newRow("nine runs") << nine << 2 << "hamgamctl compare: give 2 to 8 runs";
    QTest::newRow("unknown run") << QStringList{kBaseline, QStringLiteral("nosuchrun")} << 3
                                 << "hamgamctl compare: no run \"nosuchrun\"";
}

void TestCtlCommands::compareUsage()
{
    QFETCH(QStringList, runs);
    QFETCH(int, code);
    QFETCH(QString, message);
    const Ctl r = ctl(QStringList{QStringLiteral("compare")} + runs);
    QVERIFY2(r.code == code, qPrintable(r.context()));
    QVERIFY2(r.err.contains(message), qPrintable(r.context()));
    QVERIFY(r.out.isEmpty());
}

void TestCtlCommands::exportCsv_data()
{
    QTest::addColumn<QString>("locale");
    QTest::newRow("English") << QStringLiteral("C.UTF-8");
    // Persian digits or separators in a CSV would break every reader of it.
    QTest::newRow("Persian") << QStringLiteral("fa_IR.UTF-8");
}

void TestCtlCommands::exportCsv()
{
    QFETCH(QString, locale);
    const QString dir = m_lab.path(QStringLiteral("export-") + QString::fromLatin1(QTest::currentDataTag()));
    const Ctl r =
        ctl({QStringLiteral("export"), QStringLiteral("baseline"), QStringLiteral("--csv"), dir}, {}, locale);
    QVERIFY2(r.code == 0, qPrintable(r.context()));
    QVERIFY2(r.out.contains(dir), qPrintable(r.out));
    QCOMPARE(QDir(dir).entryList(QDir::Files, QDir::Name),
             (QStringList{QStringLiteral("events.csv"), QStringLiteral("run.json"),
                          QStringLiteral("steps.csv"), QStringLiteral("telemetry.csv")}));

    auto checkTable = [&](const QString &file, const QString &header, int rows) {
        const QStringList lines = csvLines(QDir(dir).filePath(file));
        QVERIFY2(!lines.isEmpty(), qPrintable(file));
        QCOMPARE(lines.first(), header);
        QVERIFY2(lines.size() == rows + 1,
                 qPrintable(QStringLiteral("%1: %2 lines").arg(file).arg(lines.size())));
        const int columns = int(header.count(QLatin1Char(',')));
        for (qsizetype i = 1; i < lines.size(); ++i) {
            QVERIFY2(isAsciiOnly(lines[i]), qPrintable(lines[i]));
            const QString time = lines[i].section(QLatin1Char(','), 0, 0);
            QVERIFY2(kIsoDate.match(time).hasMatch(), qPrintable(lines[i]));
            if (file != QLatin1String("events.csv")) // payload JSON is quoted and holds commas
                QVERIFY2(lines[i].count(QLatin1Char(',')) == columns, qPrintable(lines[i]));
        }
    };
    checkTable(QStringLiteral("steps.csv"),
               QStringLiteral("time,rank,step,epoch,loss,local_batch,data_ms,compute_ms,wait_ms,comm_ms,"
                              "optimizer_ms,samples_per_s,"
                              "device_bytes,bytes_intra,bytes_inter"),
               20);
    checkTable(QStringLiteral("events.csv"), QStringLiteral("time,source,seq,kind,rank,device,payload"),
               2 + 1 + 1 + 2);
    checkTable(QStringLiteral("telemetry.csv"),
               QStringLiteral("time,agent,device,util,mem_used,mem_total,temperature,power"), 3);

    // The numbers are the stored ones, as plain digits with a dot.
    const QStringList steps = csvLines(QDir(dir).filePath(QStringLiteral("steps.csv")));
    const QStringList first = steps[1].split(QLatin1Char(','));
    QCOMPARE(first.mid(1, 12),
             (QStringList{QStringLiteral("0"), QStringLiteral("1"), QString(), QStringLiteral("2.375"),
                          QStringLiteral("24"), QStringLiteral("1.5"), QStringLiteral("40.25"),
                          QStringLiteral("12.5"), QStringLiteral("3"), QStringLiteral("0.75"),
                          QStringLiteral("1234.5"), QStringLiteral("1048576")}));
    QCOMPARE(first[0], QStringLiteral("2026-03-01T10:08:22.100Z"));

    QFile json(QDir(dir).filePath(QStringLiteral("run.json")));
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QByteArray text = json.readAll();
    QVERIFY(isAsciiOnly(QString::fromUtf8(text)));
    const QJsonObject run = QJsonDocument::fromJson(text).object();
    QCOMPARE(run.value(QStringLiteral("id")).toString(), kBaseline);
    QCOMPARE(run.value(QStringLiteral("created")).toString(), QStringLiteral("2026-03-01T10:08:20.000Z"));
    QVERIFY(kIsoDate.match(run.value(QStringLiteral("started")).toString()).hasMatch());
    QVERIFY(kIsoDate.match(run.value(QStringLiteral("ended")).toString()).hasMatch());
    QCOMPARE(run.value(QStringLiteral("nodes")).toArray().size(), 2);
    QCOMPARE(run.value(QStringLiteral("config")).toObject().value(QStringLiteral("strategy")).toString(),
             QStringLiteral("hdp"));
}

void TestCtlCommands::exportUsage()
{
    const Ctl noDir = ctl({QStringLiteral("export"), kBaseline});
    QCOMPARE(noDir.code, 2);
    QVERIFY2(noDir.err.contains(QLatin1String("hamgamctl export: --csv DIR is required")),
             qPrintable(noDir.context()));
    const QString dir = m_lab.path(QStringLiteral("export-missing"));
    const Ctl missing =
        ctl({QStringLiteral("export"), QStringLiteral("nosuchrun"), QStringLiteral("--csv"), dir});
    QCOMPARE(missing.code, 3);
    QVERIFY2(missing.err.contains(QLatin1String("hamgamctl export: no run \"nosuchrun\"")),
             qPrintable(missing.context()));
    QVERIFY(!QFileInfo::exists(dir));
    // A directory that cannot be created: a path under a regular file.
    const QString blocker = m_lab.path(QStringLiteral("a-file"));
    QFile f(blocker);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    const Ctl blocked =
        ctl({QStringLiteral("export"), kBaseline, QStringLiteral("--csv"), blocker + QStringLiteral("/out")});
    QCOMPARE(blocked.code, 1);
    QVERIFY2(blocked.err.contains(QLatin1String("hamgamctl export: cannot create")),
             qPrintable(blocked.context()));
}

void TestCtlCommands::checkWithoutAgents_data()
{
    QTest::addColumn<QByteArray>("configText");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("stream");
    QTest::addColumn<QStringList>("messages");
    const QByteArray valid =
        QJsonDocument(config({{QStringLiteral("name"), QStringLiteral("check")}})).toJson();
    // The config's own errors: bad usage, before any machine is asked.
    QTest::newRow("not JSON") << QByteArray("{ not json") << 2 << "err" << QStringList{};
    QJsonObject badBatch = QJsonDocument::fromJson(valid).object();
    badBatch[QStringLiteral("global_batch")] = QStringLiteral("many");
    QTest::newRow("wrong type") << QJsonDocument(badBatch).toJson() << 2 << "err"
                                << QStringList{QStringLiteral("global_batch")};
    // Valid JSON, but the machines are unknown: a pre-flight problem, reported per field.
    QTest::newRow("unknown machines")
        << valid << 1 << "out"
        << QStringList{QStringLiteral("configuration: 2 problem(s)"),
                       QStringLiteral("  error: nodes[0].agent: no machine \"node-a\" is known; is its agent "
                                      "running and trusted?"),
                       QStringLiteral("  error: nodes[1].agent: no machine \"node-b\" is known; is its agent "
                                      "running and trusted?"),
                       QStringLiteral("Not ready: fix the errors above.")};
    QJsonObject tooSmall = QJsonDocument::fromJson(valid).object();
    tooSmall[QStringLiteral("global_batch")] = 1;
    QTest::newRow("semantic error") << QJsonDocument(tooSmall).toJson() << 1 << "out"
                                    << QStringList{
                                           QStringLiteral("  error: global_batch: the global batch (1) is "
                                                          "smaller than the number of devices (2): every "
                                                          "device needs at least one sample"),
                                           QStringLiteral("Not ready: fix the errors above.")};
}

void TestCtlCommands::checkWithoutAgents()
{
    QFETCH(QByteArray, configText);
    QFETCH(int, code);
    QFETCH(QString, stream);
    QFETCH(QStringList, messages);
    const QString path = m_lab.path(QStringLiteral("check.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(configText);
    f.close();
    const QString history = m_lab.path(QStringLiteral("check-history.sqlite"));
    const Ctl r = ctl({QStringLiteral("check"), path}, history);
    QVERIFY2(r.code == code, qPrintable(r.context()));
    const QString &text = stream == QLatin1String("out") ? r.out : r.err;
    QVERIFY2(!text.isEmpty(), qPrintable(r.context()));
    for (const QString &m : messages)
        QVERIFY2(text.split(QLatin1Char('\n')).contains(m) || text.contains(m),
                 qPrintable(QStringLiteral("missing \"%1\" in\n%2").arg(m, r.context())));
    // A check starts nothing and records nothing: it does not even open the history.
    QVERIFY(!QFileInfo::exists(history));
    const Ctl missing = ctl({QStringLiteral("check"), m_lab.path(QStringLiteral("no-such.json"))}, history);
    QCOMPARE(missing.code, 2);
    QVERIFY2(missing.err.contains(QLatin1String("cannot read")), qPrintable(missing.context()));
}

void TestCtlCommands::hostileTextIsEscaped()
{
    // A run name and a reason that came from another machine's journal carry a
    // newline (a forged line), a terminal escape and U+202E RIGHT-TO-LEFT
    // OVERRIDE. Before the fix they reached the terminal as they were.
    const QString history =
        QDir(m_lab.path(QStringLiteral("hostile"))).filePath(QStringLiteral("history.sqlite"));
    QDir().mkpath(QFileInfo(history).path());
    const QString id = QStringLiteral("20260304-080000-dead");
    const QString name = QStringLiteral("evil\nFAKE 20260101 Finished") + QChar(0x202E) +
                         QStringLiteral("cba") + QChar(0x1b) + QStringLiteral("[2J");
    const QString reason = QChar(0x1b) + QStringLiteral("]0;owned") + QChar(0x07) +
                           QStringLiteral("gone\nrm -rf") + QChar(0x202E);
    {
        HistoryStore store(history);
        QVERIFY(store.open().ok());
        addRun(store, id, name, config({{QStringLiteral("name"), name}}), RunStatus::Failed, reason,
               kBaselineCreated + 3 * kDayMs, 2);
    }
    for (const QStringList &args :
         {QStringList{QStringLiteral("runs")}, QStringList{QStringLiteral("show"), id}}) {
        const Ctl r = ctl(args, history);
        QVERIFY2(r.code == 0, qPrintable(r.context()));
        QVERIFY2(!r.out.contains(QChar(0x1b)) && !r.out.contains(QChar(0x07)), qPrintable(r.out));
        QVERIFY2(!r.out.contains(QChar(0x202E)), qPrintable(r.out));
        // The forged line never starts a line of its own.
        for (const QString &line : r.out.split(QLatin1Char('\n')))
            QVERIFY2(!line.startsWith(QLatin1String("FAKE")) && !line.startsWith(QLatin1String("rm -rf")),
                     qPrintable(r.out));
        QVERIFY2(r.out.contains(QLatin1String("evil\\nFAKE")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QLatin1String("\\u202e")), qPrintable(r.out));
    }
}

void TestCtlCommands::watchShowsWhoHoldsEachGpu_data()
{
    QTest::addColumn<QString>("locale");
    QTest::newRow("en") << "C.UTF-8";
    QTest::newRow("fa") << "fa_IR.UTF-8";
}

void TestCtlCommands::watchShowsWhoHoldsEachGpu()
{
    QFETCH(QString, locale);
    auto probe = std::make_unique<FakeProbe>();
    DeviceSample held = probe->devices.first();
    held.name = QStringLiteral("NVIDIA A100-SXM4-80GB");
    held.temperature = 63;
    held.power = 250;
    held.powerLimit = 400;
    held.throttleReasons = DeviceSample::SwPowerCap | DeviceSample::GpuIdle;
    // A command line from another user's process, with a terminal escape in it.
    held.processes = {{4242, QStringLiteral("python3"), 30LL << 30, QStringLiteral("alice"),
                       QStringLiteral("python3 train.py ") + QChar(0x1b) + QStringLiteral("[2J --lr 0.1"),
                       DeviceProcess::Type::Compute},
                      {777, QStringLiteral("sleep"), -1, QStringLiteral("nobody"),
                       QStringLiteral("sleep 300"), DeviceProcess::Type::ComputeAndGraphics},
                      {4194999, {}, 1LL << 30, {}, {}, DeviceProcess::Type::Compute}};
    DeviceSample lost;
    lost.kind = DeviceSample::Kind::Gpu;
    lost.index = 1;
    lost.name = QStringLiteral("NVIDIA A100-SXM4-80GB");
    lost.lost = true;
    probe->devices = {held, lost};

    const quint16 port = TestSupport::randomDiscoveryPort();
    TestSupport::Controller controller = TestSupport::makeController();
    TestSupport::LocalAgent agent =
        TestSupport::startAgent(port, {controller.profile.identity().fingerprint()}, std::move(probe), 200,
                                QStringLiteral("gpu-box"));
    QVERIFY(
        controller.profile.pins()
            .add(agent.daemon->identity().fingerprint(), QStringLiteral("gpu-box"), agent.daemon->nodeId())
            .ok());
    QProcess p;
    QProcessEnvironment env = m_lab.environment();
    env.insert(QStringLiteral("LC_ALL"), locale);
    env.insert(QStringLiteral("LANG"), locale);
    env.insert(QStringLiteral("LANGUAGE"), locale.section(QLatin1Char('_'), 0, 0));
    p.setProcessEnvironment(env);
    p.start(ProcessLab::binary(QStringLiteral("hamgamctl")),
            {QStringLiteral("watch"), agent.daemon->nodeId(), QStringLiteral("--count"), QStringLiteral("1"),
             QStringLiteral("--config-dir"), controller.dir->filePath(QStringLiteral("config")),
             QStringLiteral("--data-dir"), controller.dir->filePath(QStringLiteral("data")),
             QStringLiteral("--discovery-port"), QString::number(port), QStringLiteral("--discovery-targets"),
             QStringLiteral("127.255.255.255"), QStringLiteral("--wait"), QStringLiteral("2000")});
    QVERIFY(p.waitForStarted());
    // The agent lives in this process: wait with the event loop running.
    QTRY_VERIFY_WITH_TIMEOUT(p.state() == QProcess::NotRunning, 30000);
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    const QString context = out + QString::fromUtf8(p.readAllStandardError());
    QCOMPARE(p.exitCode(), 0);
    const QStringList lines = out.split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 5); // the held GPU, its three processes, the lost GPU
    QVERIFY2(!out.contains(QChar(0x1b)), qPrintable(context));
    QVERIFY2(lines[1].contains(QStringLiteral("python3 train.py \\x1b[2J --lr 0.1")), qPrintable(context));
    if (locale.startsWith(QLatin1String("fa"))) {
        QVERIFY2(lines[0].contains(QStringLiteral("۶۳")), qPrintable(context));
        QVERIFY2(lines[1].contains(QStringLiteral("۳۰٫۰ گیگابایت")), qPrintable(context));
        QVERIFY2(!lines[4].contains(QLatin1String("lost")), qPrintable(context));
        return;
    }
    QVERIFY2(lines[0].endsWith(
                 QStringLiteral("  gpu-box  NVIDIA A100-SXM4-80GB  util 87.0%  mem 10.0 GB / 24.0 GB  "
                                "63 °C  250 / 400 W  slowed down: power cap")),
             qPrintable(context));
    // As nvitop lists them: pid, user, memory, type, command line; largest first as the agent sent them.
    QCOMPARE(lines[1],
             QStringLiteral("       4242  alice   30.0 GB  C    python3 train.py \\x1b[2J --lr 0.1"));
    QCOMPARE(lines[2], QStringLiteral("        777  nobody      n/a  C+G  sleep 300"));
    QCOMPARE(lines[3], QStringLiteral("    4194999  ?        1.0 GB  C    (not found)"));
    QVERIFY2(
        lines[4].endsWith(QStringLiteral("  gpu-box  NVIDIA A100-SXM4-80GB  lost: the GPU stopped answering "
                                         "(fell off the bus, or needs a reset)")),
        qPrintable(context));
}

QTEST_GUILESS_MAIN(TestCtlCommands)
#include "tst_ctlcommands.moc"
