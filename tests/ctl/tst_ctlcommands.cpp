// hamgamctl's read-only subcommands (runs, show, compare, export) and check,
// run as the real binary against a history database this test writes with
// HistoryStore: the JSON they print parses and has the documented keys, the
// CSV is machine-readable in any language, compare shows only the config
// fields that differ, and the exit codes are the README's. `watch` against an
// agent in this process whose GPUs processes hold: who holds each one; and
// the admin's `policy` binding and moving user names on such an agent.
#include "agentdaemon.h"
#include "fakeprobe.h"
#include "historystore.h"
#include "identity.h"
#include "labservice.h"
#include "processlab.h"
#include "runconfig.h"
#include "smallrunconfig.h"
#include "testsupport.h"

#include <QDeadlineTimer>
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
    void showReadsAsSentences();
    void showSaysAnApproximateRunIsOne();
    void theMeasuredLinkForecastsTheNextRun();
    void runsFilters_data();
    void runsFilters();
    void sameNameIsAmbiguous();
    void compareShowsOnlyDifferingFields();
    void compareJson();
    void compareFlagsBusyMachines();
    void compareUsage_data();
    void compareUsage();
    void exportCsv_data();
    void exportCsv();
    void exportUsage();
    void checkWithoutAgents_data();
    void checkWithoutAgents();
    void unknownFieldsWarnedOrRefused_data();
    void unknownFieldsWarnedOrRefused();
    void hostileTextIsEscaped();
    void watchShowsWhoHoldsEachGpu_data();
    void watchShowsWhoHoldsEachGpu();
    void requestsCarryTheProfilesUser();
    void policyBindsTheNamesTheRulesGiveRightsTo();

private:
    Ctl ctl(const QStringList &args, const QString &history = {}, const QString &locale = {});
    /// hamgamctl as `controller`, against an agent that lives in this process (so the event loop runs
    /// while it waits).
    Ctl ctlAgainst(const TestSupport::Controller &controller, quint16 discoveryPort, const QStringList &args,
                   const QString &locale = {});
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

Ctl TestCtlCommands::ctlAgainst(const TestSupport::Controller &controller, quint16 discoveryPort,
                                const QStringList &args, const QString &locale)
{
    QProcess p;
    QProcessEnvironment env = m_lab.environment();
    if (!locale.isEmpty()) {
        env.insert(QStringLiteral("LC_ALL"), locale);
        env.insert(QStringLiteral("LANG"), locale);
        env.insert(QStringLiteral("LANGUAGE"), locale.section(QLatin1Char('_'), 0, 0));
    }
    p.setProcessEnvironment(env);
    p.start(ProcessLab::binary(QStringLiteral("hamgamctl")),
            args + QStringList{QStringLiteral("--config-dir"),
                               controller.dir->filePath(QStringLiteral("config")),
                               QStringLiteral("--data-dir"), controller.dir->filePath(QStringLiteral("data")),
                               QStringLiteral("--discovery-port"), QString::number(discoveryPort),
                               QStringLiteral("--discovery-targets"), QStringLiteral("127.255.255.255"),
                               QStringLiteral("--wait"), QStringLiteral("2000")});
    Ctl r;
    if (!p.waitForStarted())
        return r;
    QDeadlineTimer deadline(30000);
    while (p.state() != QProcess::NotRunning && !deadline.hasExpired())
        QTest::qWait(50);
    if (p.state() != QProcess::NotRunning) {
        p.kill();
        p.waitForFinished(5000);
        r.err = QStringLiteral("timed out");
        return r;
    }
    r.code = p.exitCode();
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
    // The held-out evaluation at the end: accuracy grows with the steps (80 % after 10, 68 % after 6).
    event(0, t0 + 100 * steps + 10, QStringLiteral("eval"), 0,
          {{QStringLiteral("step"), steps},
           {QStringLiteral("loss"), 0.75},
           {QStringLiteral("samples"), 500},
           {QStringLiteral("accuracy"), 0.5 + 0.03 * steps}});
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
    {
        // The wider run's pre-flight found beta busy (issue #21: a slow run is not blamed on its strategy).
        RunEvent launch;
        launch.runId = kWider;
        launch.source = QStringLiteral("controller");
        launch.seq = 1;
        launch.timeMs = kBaselineCreated + kDayMs + 1000;
        launch.kind = QStringLiteral("launch");
        launch.payload = {
            {QStringLiteral("world_size"), 2},
            {QStringLiteral("preflight"),
             QJsonArray{QJsonObject{{QStringLiteral("node"), QStringLiteral("alpha")},
                                    {QStringLiteral("busy"), QJsonArray{}}},
                        QJsonObject{{QStringLiteral("node"), QStringLiteral("beta")},
                                    {QStringLiteral("busy"),
                                     QJsonArray{QJsonObject{{QStringLiteral("kind"), QStringLiteral("cpu")},
                                                            {QStringLiteral("load"), 7.0},
                                                            {QStringLiteral("cores"), 2}}}}}}}};
        store.appendEvents({launch});
        store.flush();
    }
    addRun(store, kRetry, QStringLiteral("retry"),
           config({{QStringLiteral("name"), QStringLiteral("retry")}}), RunStatus::Failed,
           QStringLiteral("beta, rank 1: killed by signal 9"), kBaselineCreated + 2 * kDayMs, 4);
    store.setNotes(kRetry, {QStringLiteral("oom"), QStringLiteral("chapter 3")},
                   QStringLiteral("beta ran out of memory"));
    store.flush();
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
        QStringLiteral("created"),    QStringLiteral("ended_ms"), QStringLiteral("id"),
        QStringLiteral("name"),       QStringLiteral("note"),     QStringLiteral("reason"),
        QStringLiteral("started_ms"), QStringLiteral("status"),   QStringLiteral("strategy"),
        QStringLiteral("summary"),    QStringLiteral("tags")};
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

void TestCtlCommands::theMeasuredLinkForecastsTheNextRun()
{
    // #32 items 4 and 5: the history keeps a run's measured link; `show` says it, and `check` of the
    // next config on the same machines and model forecasts each mode from it for its own batch.
    const QString history =
        QDir(m_lab.path(QStringLiteral("link"))).filePath(QStringLiteral("history.sqlite"));
    QDir().mkpath(QFileInfo(history).path());
    const QJsonObject measuredConfig = config({{QStringLiteral("name"), QStringLiteral("measured")}});
    {
        HistoryStore store(history);
        QVERIFY(store.open().ok());
        addRun(store, kBaseline, QStringLiteral("measured"), measuredConfig, RunStatus::Finished, {},
               kBaselineCreated, 4);
        // 8 MB an exact step at 10 MB/s (800 ms) against 48 samples at 150 samples/s (320 ms).
        RunEvent e;
        e.runId = kBaseline;
        e.source = QStringLiteral("node-a");
        e.seq = 1000;
        e.timeMs = kBaselineCreated + 3000;
        e.kind = EventKind::Link;
        e.rank = 0;
        e.payload = QJsonObject{
            {QStringLiteral("step"), 6},
            {QStringLiteral("bytes_per_s"), 10e6},
            {QStringLiteral("exact_bytes_per_step"), 8e6},
            {QStringLiteral("other_ms"), 0.0},
            {QStringLiteral("node_samples_per_s"), QJsonArray{100.0, 50.0}},
            {QStringLiteral("nodes"), QJsonArray{QStringLiteral("alpha"), QStringLiteral("beta")}},
            {QStringLiteral("modes"),
             QJsonArray{QJsonObject{{QStringLiteral("mode"), QStringLiteral("exact")},
                                    {QStringLiteral("every"), 1},
                                    {QStringLiteral("step_ms"), 1120.0},
                                    {QStringLiteral("network_share"), 0.714}}}},
            {QStringLiteral("fastest_node"), QStringLiteral("alpha")},
            {QStringLiteral("fastest_alone_ms"), 480.0},
            {QStringLiteral("mode"), QStringLiteral("exact")},
            {QStringLiteral("every"), 1},
            {QStringLiteral("chosen"), false}};
        store.appendEvents({e});
        store.flush();
    }
    const Ctl shown = ctl({QStringLiteral("show"), kBaseline}, history);
    QVERIFY2(shown.code == 0 &&
                 shown.out.contains(QLatin1String("Link: 9.5 MB/s (80 Mb/s) measured by step 6; "
                                                  "exact: 71% of each step on the network")),
             qPrintable(shown.context()));
    // exact is 1120 ms a step; alpha alone 480 ms: the group is slower than its fastest machine.
    QVERIFY2(shown.out.contains(QLatin1String("alpha alone would be faster")), qPrintable(shown.context()));

    // The next run: auto, at a global batch of 480 (3.2 s of computation, so local steps pay and the group
    // beats alpha alone).
    const QString path = m_lab.path(QStringLiteral("link.json"));
    QJsonObject next = smallRunConfig(
        QStringLiteral("next"), measuredConfig.value(QStringLiteral("nodes")).toArray(),
        {{QStringLiteral("global_batch"), 480},
         {QStringLiteral("sync"), QJsonObject{{QStringLiteral("mode"), QStringLiteral("auto")}}}});
    for (const char *key : {"strategy", "model", "dataset", "comm"})
        next[QLatin1String(key)] = measuredConfig.value(QLatin1String(key));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(QJsonDocument(next).toJson());
    f.close();
    const Ctl checked = ctl({QStringLiteral("check"), path}, history);
    for (const char *line :
         {"Link, as run 20260301-101500-a1b2 \"measured\" measured it:",
          "local steps every 64 steps: predicted 1.2× exact's speed (3.21 s a step against 4.00 s)",
          "auto chose local steps, an outer step every 16 steps"})
        QVERIFY2(
            checked.out.contains(QString::fromUtf8(line)),
            qPrintable(
                QStringLiteral("missing \"%1\" in\n%2").arg(QString::fromUtf8(line), checked.context())));
    QVERIFY2(!checked.out.contains(QLatin1String("alone would be faster")), qPrintable(checked.context()));
    // Another model has no measurement yet.
    next[QStringLiteral("model")] = QJsonObject{{QStringLiteral("kind"), QStringLiteral("mlp")},
                                                {QStringLiteral("hidden"), QJsonArray{7}}};
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(QJsonDocument(next).toJson());
    f.close();
    const Ctl fresh = ctl({QStringLiteral("check"), path}, history);
    QVERIFY2(fresh.out.contains(QLatin1String("Link: not measured yet on these machines with this model")),
             qPrintable(fresh.context()));
}

void TestCtlCommands::showSaysAnApproximateRunIsOne()
{
    // #32 item 4: a run that did not sum every exact gradient says so, with its setting.
    const QString history =
        QDir(m_lab.path(QStringLiteral("approximate"))).filePath(QStringLiteral("history.sqlite"));
    QDir().mkpath(QFileInfo(history).path());
    {
        HistoryStore store(history);
        QVERIFY(store.open().ok());
        addRun(store, kBaseline, QStringLiteral("baseline"),
               config({{QStringLiteral("name"), QStringLiteral("baseline")}}), RunStatus::Finished, {},
               kBaselineCreated, 4);
        addRun(store, kWider, QStringLiteral("local"),
               config({{QStringLiteral("name"), QStringLiteral("local")},
                       {QStringLiteral("strategy"), QStringLiteral("lshdp")},
                       {QStringLiteral("sync"), QJsonObject{{QStringLiteral("mode"), QStringLiteral("local")},
                                                            {QStringLiteral("every"), 8}}}}),
               RunStatus::Finished, {}, kBaselineCreated + kDayMs, 4);
        store.flush();
    }
    const Ctl exact = ctl({QStringLiteral("show"), kBaseline}, history);
    QVERIFY2(exact.code == 0 && exact.out.contains(QLatin1String("gradients: exact")),
             qPrintable(exact.context()));
    const Ctl local = ctl({QStringLiteral("show"), kWider}, history);
    QVERIFY2(local.code == 0 && local.out.contains(QLatin1String(
                                    "gradients: approximate: local steps, an outer step every 8 steps")),
             qPrintable(local.context()));
    const Ctl persian = ctl({QStringLiteral("show"), kWider}, history, QStringLiteral("fa_IR.UTF-8"));
    QVERIFY2(persian.code == 0 && persian.out.contains(QStringLiteral("تقریبی")),
             qPrintable(persian.context()));
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
    QCOMPARE(kinds, (QMap<QString, int>{{QStringLiteral("eval"), 1},
                                        {QStringLiteral("plan"), 1},
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

// Issue #21: one readable line per plan and re-plan, by node name; ranks and batches as numbers.
void TestCtlCommands::showReadsAsSentences()
{
    // Every rank reports the same re-plan: here rank 1 does too.
    const QString history =
        QDir(m_lab.path(QStringLiteral("replans"))).filePath(QStringLiteral("history.sqlite"));
    QDir().mkpath(QFileInfo(history).path());
    {
        HistoryStore store(history);
        QVERIFY(store.open().ok());
        addRun(store, kBaseline, QStringLiteral("baseline"),
               config({{QStringLiteral("name"), QStringLiteral("baseline")}}), RunStatus::Finished, {},
               kBaselineCreated, 10);
        RunEvent again;
        again.runId = kBaseline;
        again.source = QStringLiteral("node-b");
        again.seq = 100;
        again.timeMs = kBaselineCreated + 2000 + 501;
        again.kind = QStringLiteral("rebalance");
        again.rank = 1;
        again.payload = {{QStringLiteral("step"), 5},
                         {QStringLiteral("new"), QJsonArray{20, 28}},
                         {QStringLiteral("reason"), QStringLiteral("speed changed")}};
        // The plan the re-plan made comes right after it (issue #31, item 3: one line, not two).
        RunEvent made = again;
        made.seq = 101;
        made.kind = QStringLiteral("plan");
        made.rank = 0;
        made.payload = {{QStringLiteral("step"), 5},
                        {QStringLiteral("batches"), QJsonArray{20, 28}},
                        {QStringLiteral("source"), QStringLiteral("planned")}};
        // A plan in passes (gradient accumulation) says so.
        RunEvent passes = made;
        passes.seq = 102;
        passes.timeMs += 100;
        passes.payload = {{QStringLiteral("step"), 8},
                          {QStringLiteral("batches"), QJsonArray{512, 510}},
                          {QStringLiteral("micro_batches"), 4},
                          {QStringLiteral("source"), QStringLiteral("planned")}};
        store.appendEvents({again, made, passes});
        store.flush();
    }
    const Ctl r = ctl({QStringLiteral("show"), kBaseline}, history);
    QVERIFY2(r.code == 0, qPrintable(r.context()));
    QVERIFY2(!r.out.contains(QLatin1Char('[')) && !r.out.contains(QLatin1Char('{')), qPrintable(r.out));
    QCOMPARE(r.out.count(QLatin1String("Plan from step 0: alpha 24, beta 24")), 1);
    QCOMPARE(r.out.count(QLatin1String("Re-plan at step 5")), 1);
    QVERIFY2(!r.out.contains(QLatin1String("Plan from step 5")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QLatin1String(
                 "Plan from step 8: alpha 512 in 4 passes of 128, beta 510 in 4 passes of up to 128")),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(QLatin1String("Re-plan at step 5 (speed changed): alpha 20, beta 28")),
             qPrintable(r.out));
    const QStringList lines = r.out.split(u'\n');
    const qsizetype header = lines.indexOf(QRegularExpression(QStringLiteral("NODE\\s+NAME\\s+RANKS.*")));
    QVERIFY2(header > 0, qPrintable(r.out));
    QCOMPARE(lines[header].simplified(), QStringLiteral("NODE NAME RANKS DEVICES FINAL BATCH"));
    QCOMPARE(lines[header + 1].simplified(), QStringLiteral("0 alpha 0 0 20"));
    QCOMPARE(lines[header + 2].simplified(), QStringLiteral("1 beta 1 0 28"));
    // Durations rounded to the second as the app rounds them: 1.05 s is 0:00:01.
    QVERIFY2(r.out.contains(QLatin1String("duration: 0:00:01,")), qPrintable(r.out));
}

void TestCtlCommands::runsFilters_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<int>("code");
    QTest::addColumn<QStringList>("ids"); // the runs listed, newest first
    QTest::addColumn<QString>("message"); // on stdout (code 0) or stderr
    QTest::newRow("status as the table writes it")
        << QStringList{QStringLiteral("--status"), QStringLiteral("Finished")} << 0
        << QStringList{kWider, kBaseline} << QString();
    QTest::newRow("statuses in one value")
        << QStringList{QStringLiteral("--status"), QStringLiteral("FAILED,finished")} << 0
        << QStringList{kRetry, kWider, kBaseline} << QString();
    // STATUS prints "Queued" for a run waiting in the lab's queue, so the filter takes it (issue #31, item
    // 6).
    QTest::newRow("queued, as STATUS prints it")
        << QStringList{QStringLiteral("--status"), QStringLiteral("Queued")} << 0 << QStringList{}
        << "No run matches these filters (3 runs in the history; hamgamctl runs lists them all).";
    QTest::newRow("strategy in capitals")
        << QStringList{QStringLiteral("--strategy"), QStringLiteral("LSHDP")} << 0 << QStringList{kWider}
        << QString();
    QTest::newRow("a tag or the note") << QStringList{QStringLiteral("--search"), QStringLiteral("OOM")} << 0
                                       << QStringList{kRetry} << QString();
    QTest::newRow("nothing matches")
        << QStringList{QStringLiteral("--name"), QStringLiteral("zzz")} << 0 << QStringList{}
        << "No run matches these filters (3 runs in the history; hamgamctl runs lists them all).";
    QTest::newRow("a status that does not exist")
        << QStringList{QStringLiteral("--status"), QStringLiteral("done")} << 2 << QStringList{}
        << "hamgamctl runs: --status: unknown value \"done\"; choose from preparing, running, finished, "
           "failed, stopped, aborted, queued";
    QTest::newRow("a strategy that does not exist")
        << QStringList{QStringLiteral("--strategy"), QStringLiteral("ddp")} << 2 << QStringList{}
        << "hamgamctl runs: --strategy: unknown value \"ddp\"; choose from dp, hdp, lsdp, lshdp";
}

void TestCtlCommands::runsFilters()
{
    QFETCH(QStringList, options);
    QFETCH(int, code);
    QFETCH(QStringList, ids);
    QFETCH(QString, message);
    const Ctl r = ctl(QStringList{QStringLiteral("runs")} + options);
    QVERIFY2(r.code == code, qPrintable(r.context()));
    if (code != 0) {
        QVERIFY2(r.err.contains(message) && r.out.isEmpty(), qPrintable(r.context()));
        return;
    }
    QStringList listed;
    const QStringList lines = r.out.split(u'\n', Qt::SkipEmptyParts);
    for (qsizetype i = 1; i < lines.size(); ++i)
        listed << lines[i].section(u' ', 0, 0);
    if (!message.isEmpty()) {
        QCOMPARE(r.out.trimmed(), message);
        return;
    }
    QCOMPARE(listed, ids);
    // The JSON filters alike.
    const Ctl json = ctl(QStringList{QStringLiteral("runs"), QStringLiteral("--json")} + options);
    QCOMPARE(QJsonDocument::fromJson(json.out.toUtf8()).array().size(), ids.size());
}

// Issue #21: two runs of one name; `show NAME` picked the newest without a word.
void TestCtlCommands::sameNameIsAmbiguous()
{
    const QString history =
        QDir(m_lab.path(QStringLiteral("twins"))).filePath(QStringLiteral("history.sqlite"));
    QDir().mkpath(QFileInfo(history).path());
    const QString first = QStringLiteral("20260305-080000-aaaa");
    const QString second = QStringLiteral("20260306-080000-bbbb");
    {
        HistoryStore store(history);
        QVERIFY(store.open().ok());
        for (const QString &id : {first, second})
            addRun(store, id, QStringLiteral("twin"),
                   config({{QStringLiteral("name"), QStringLiteral("twin")}}), RunStatus::Finished, {},
                   kBaselineCreated + (id == first ? 4 : 5) * kDayMs, 2);
    }
    for (const QString &command : {QStringLiteral("show"), QStringLiteral("export")}) {
        QStringList args{command, QStringLiteral("twin")};
        if (command == QLatin1String("export"))
            args << QStringLiteral("--csv") << m_lab.path(QStringLiteral("twin-export"));
        const Ctl r = ctl(args, history);
        QVERIFY2(r.code == 3 && r.out.isEmpty(), qPrintable(r.context()));
        QVERIFY2(
            r.err.contains(
                QStringLiteral("hamgamctl %1: \"twin\" matches 2 runs; give more of the id:").arg(command)),
            qPrintable(r.context()));
        QVERIFY2(r.err.contains(first) && r.err.contains(second), qPrintable(r.context()));
    }
    // A unique start of the id is enough.
    const Ctl byPrefix = ctl({QStringLiteral("show"), second.left(10)}, history);
    QVERIFY2(byPrefix.code == 0 && byPrefix.out.contains(second), qPrintable(byPrefix.context()));
    const Ctl prefixOfBoth = ctl({QStringLiteral("show"), QStringLiteral("202603")}, history);
    QVERIFY2(prefixOfBoth.code == 3 && prefixOfBoth.err.contains(QLatin1String("matches 2 runs")),
             qPrintable(prefixOfBoth.context()));
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
    QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("\\naccuracy %\\s+80\\.0\\s+68\\.0\\s*\\n"))),
             qPrintable(r.out));
    QVERIFY2(!r.out.contains(QLatin1String("perplexity")), qPrintable(r.out)); // no text model here

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

void TestCtlCommands::compareFlagsBusyMachines()
{
    const Ctl r = ctl({QStringLiteral("compare"), kBaseline, kWider});
    QVERIFY2(r.code == 0, qPrintable(r.context()));
    const QStringList lines = r.out.split(u'\n');
    const auto busyRow = std::find_if(lines.cbegin(), lines.cend(), [](const QString &l) {
        return l.startsWith(QLatin1String("busy at start"));
    });
    QVERIFY2(busyRow != lines.cend(), qPrintable(r.out));
    QCOMPARE(busyRow->simplified(), QStringLiteral("busy at start no beta: load 7.0 on 2 cores"));
    QVERIFY2(
        lines.contains(QStringLiteral("Note: %1 started on busy machines; its speed says as much about them "
                                      "as about its settings.")
                           .arg(kWider)),
        qPrintable(r.out));
    QVERIFY2(!r.out.contains(QStringLiteral("Note: %1").arg(kBaseline)), qPrintable(r.out));

    const Ctl json = ctl({QStringLiteral("compare"), kBaseline, kWider, QStringLiteral("--json")});
    const QJsonArray runs =
        QJsonDocument::fromJson(json.out.toUtf8()).object().value(QStringLiteral("runs")).toArray();
    QCOMPARE(runs.size(), 2);
    QCOMPARE(runs.at(0).toObject().value(QStringLiteral("busy_at_start")).toArray().size(), 0);
    const QJsonArray busy = runs.at(1).toObject().value(QStringLiteral("busy_at_start")).toArray();
    QCOMPARE(busy.size(), 1);
    QCOMPARE(busy.first().toObject().value(QStringLiteral("node")).toString(), QStringLiteral("beta"));
    QCOMPARE(busy.first()
                 .toObject()
                 .value(QStringLiteral("busy"))
                 .toArray()
                 .first()
                 .toObject()
                 .value(QStringLiteral("load")),
             QJsonValue(7.0));
}

void TestCtlCommands::compareUsage_data()
{
    QTest::addColumn<QStringList>("runs");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    QTest::newRow("one run") << QStringList{kBaseline} << 2 << "hamgamctl compare: give 2 to 100 runs";
    QStringList many;
    for (int i = 0; i < 101; ++i)
        many << kBaseline;
    QTest::newRow("101 runs") << many << 2 << "hamgamctl compare: give 2 to 100 runs";
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
    checkTable(QStringLiteral("events.csv"), QStringLiteral("time,node,source,seq,kind,rank,device,payload"),
               2 + 1 + 1 + 1 + 2);
    checkTable(QStringLiteral("telemetry.csv"),
               QStringLiteral("time,node,agent,device,util,mem_used,mem_total,temperature,power"), 3);
    // Issue #31: a node by the name the run gave it, its agent's id beside it.
    const QStringList telemetry = csvLines(QDir(dir).filePath(QStringLiteral("telemetry.csv")));
    QCOMPARE(telemetry[1].section(QLatin1Char(','), 1, 2), QStringLiteral("alpha,node-a"));
    const QStringList events = csvLines(QDir(dir).filePath(QStringLiteral("events.csv")));
    QVERIFY2(events.filter(QStringLiteral(",beta,node-b,")).size() > 0, qPrintable(events.join(u'\n')));

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
        << QStringList{QStringLiteral("configuration: 2 problems"),
                       QStringLiteral("  error: nodes[0].agent: no machine \"node-a\" is known; is its agent "
                                      "running and trusted?"),
                       QStringLiteral("  error: nodes[1].agent: no machine \"node-b\" is known; is its agent "
                                      "running and trusted?"),
                       QStringLiteral("Not ready: fix the errors above.")};
    QJsonObject tooSmall = QJsonDocument::fromJson(valid).object();
    tooSmall[QStringLiteral("global_batch")] = 1;
    // Issue #21: a typo was "Ready to start." and trained the default 500 steps.
    QJsonObject typo = QJsonDocument::fromJson(valid).object();
    typo[QStringLiteral("stpes")] = 100;
    QJsonObject optimizer = typo.value(QStringLiteral("optimizer")).toObject();
    optimizer[QStringLiteral("lerning_rate")] = 0.1;
    typo[QStringLiteral("optimizer")] = optimizer;
    QTest::newRow("typos warned")
        << QJsonDocument(typo).toJson() << 1 << "out"
        << QStringList{QStringLiteral("warning: stpes: unknown field, ignored: did you mean "
                                      "\"steps\"?"),
                       QStringLiteral("warning: optimizer.lerning_rate: unknown field, "
                                      "ignored: did you mean \"optimizer.lr\"?")};
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

void TestCtlCommands::unknownFieldsWarnedOrRefused_data()
{
    QTest::addColumn<QString>("command");
    QTest::newRow("check") << "check";
    QTest::newRow("run") << "run";
}

void TestCtlCommands::unknownFieldsWarnedOrRefused()
{
    QFETCH(QString, command);
    QJsonObject c = config({{QStringLiteral("name"), QStringLiteral("typo")}});
    c[QStringLiteral("stpes")] = 100;
    c[QStringLiteral("gradient_accumulation")] = 4; // no known field is close: a newer version's, perhaps
    const QString path = m_lab.path(QStringLiteral("typo.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(QJsonDocument(c).toJson());
    f.close();
    const QString history = m_lab.path(QStringLiteral("typo-history.sqlite"));
    const QString typo = QStringLiteral("stpes: unknown field, ignored: did you mean \"steps\"?");
    const QString newer =
        QStringLiteral("gradient_accumulation: unknown field, ignored: this Hamgam reads run "
                       "config version 1 (is the field from a newer version?)");

    // Without --strict: warned, and the command goes on to the machines (unknown here).
    const Ctl warned = ctl({command, path}, history);
    QVERIFY2(warned.code == (command == QLatin1String("check") ? 1 : 4), qPrintable(warned.context()));
    const QString &warnings = command == QLatin1String("check") ? warned.out : warned.err;
    QVERIFY2(warnings.contains(QStringLiteral("warning: ") + typo), qPrintable(warned.context()));
    QVERIFY2(warnings.contains(QStringLiteral("warning: ") + newer), qPrintable(warned.context()));
    QVERIFY2(warned.out.contains(QLatin1String("no machine \"node-a\" is known")) ||
                 warned.err.contains(QLatin1String("no machine \"node-a\" is known")),
             qPrintable(warned.context()));

    // --strict: the same fields are errors, before any machine is asked (bad usage, exit 2).
    const Ctl strict = ctl({command, path, QStringLiteral("--strict")}, history);
    QVERIFY2(strict.code == 2, qPrintable(strict.context()));
    QVERIFY2(strict.err.split(QLatin1Char('\n')).contains(typo), qPrintable(strict.context()));
    QVERIFY2(strict.err.split(QLatin1Char('\n')).contains(newer), qPrintable(strict.context()));
    QVERIFY2(!strict.err.contains(QLatin1String("no machine")), qPrintable(strict.context()));

    // In Persian too: the warning is the user's language, the field names stay as written.
    const Ctl persian = ctl({command, path}, history, QStringLiteral("fa_IR.UTF-8"));
    const QString &persianWarnings = command == QLatin1String("check") ? persian.out : persian.err;
    QVERIFY2(persianWarnings.contains(QLatin1String("stpes")) &&
                 persianWarnings.contains(QStringLiteral("«steps»")) &&
                 !persianWarnings.contains(QLatin1String("did you mean")),
             qPrintable(persian.context()));

    // A config with every field known prints no warning.
    c.remove(QStringLiteral("stpes"));
    c.remove(QStringLiteral("gradient_accumulation"));
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(QJsonDocument(c).toJson());
    f.close();
    const Ctl clean = ctl({command, path, QStringLiteral("--strict")}, history);
    QVERIFY2(clean.code != 2 && !clean.out.contains(QLatin1String("warning:")) &&
                 !clean.err.contains(QLatin1String("warning:")),
             qPrintable(clean.context()));
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
    // --json too (issue #29, item 10): still JSON, the name intact once parsed, no raw override.
    for (const QStringList &args : {QStringList{QStringLiteral("runs"), QStringLiteral("--json")},
                                    QStringList{QStringLiteral("show"), id, QStringLiteral("--json")}}) {
        const Ctl r = ctl(args, history);
        QVERIFY2(r.code == 0, qPrintable(r.context()));
        QVERIFY2(!r.out.contains(QChar(0x202E)) && !r.out.contains(QChar(0x1b)), qPrintable(r.out));
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8(), &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString() + r.out));
        QVERIFY2(r.out.contains(QLatin1String("\\u202e")), qPrintable(r.out));
        const QJsonObject run = doc.isArray() ? doc.array().first().toObject() : doc.object();
        QCOMPARE(run.value(QStringLiteral("name")).toString(), name);
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
    auto watch = [&](const QStringList &options) {
        return ctlAgainst(controller, port,
                          QStringList{QStringLiteral("watch"), agent.daemon->nodeId()} + options, locale);
    };
    // Issue #21: a table like nvtop's, one row per device, printed once with --once.
    const Ctl once = watch({QStringLiteral("--once")});
    const QString context = once.context();
    QCOMPARE(once.code, 0);
    const QStringList lines = once.out.split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 4); // the title, the header, the held GPU, the lost GPU
    QVERIFY2(!once.out.contains(QChar(0x1b)), qPrintable(context));
    // A command line from another machine is escaped, never run by the terminal.
    QVERIFY2(lines[2].contains(QStringLiteral("4242 python3 train.py \\x1b[2J --lr 0.1")),
             qPrintable(context));
    if (locale.startsWith(QLatin1String("fa"))) {
        QVERIFY2(lines[2].contains(QStringLiteral("۶۳")), qPrintable(context));
        QVERIFY2(lines[2].contains(QStringLiteral("۱۰٫۰ گیگابایت")), qPrintable(context));
        QVERIFY2(lines[2].contains(QStringLiteral("۸۷٪")), qPrintable(context));
        QVERIFY2(!lines[3].contains(QLatin1String("lost")), qPrintable(context));
        return;
    }
    QVERIFY2(lines[0].startsWith(QLatin1String("hamgamctl watch")) &&
                 lines[0].endsWith(QLatin1String("2 devices")),
             qPrintable(context));
    const QStringList header = lines[1].simplified().split(u' ');
    QCOMPARE(header,
             (QStringList{QStringLiteral("NODE"), QStringLiteral("DEVICE"), QStringLiteral("UTIL"),
                          QStringLiteral("MEMORY"), QStringLiteral("TEMP"), QStringLiteral("POWER"),
                          QStringLiteral("USER"), QStringLiteral("PROCESS"), QStringLiteral("NOTE")}));
    // Each value under its own column.
    auto cell = [&](const QString &line, const QString &column) {
        const qsizetype from = lines[1].indexOf(column);
        const qsizetype next =
            lines[1].indexOf(QRegularExpression(QStringLiteral("\\S")), from + column.size() + 1);
        return line.mid(from, next < 0 ? -1 : next - from).trimmed();
    };
    QCOMPARE(cell(lines[2], QStringLiteral("NODE")), QStringLiteral("gpu-box"));
    QCOMPARE(cell(lines[2], QStringLiteral("DEVICE")), QStringLiteral("NVIDIA A100-SXM4-80GB"));
    QCOMPARE(cell(lines[2], QStringLiteral("UTIL")), QStringLiteral("87%"));
    QCOMPARE(cell(lines[2], QStringLiteral("MEMORY")), QStringLiteral("10.0 GB / 24.0 GB"));
    QCOMPARE(cell(lines[2], QStringLiteral("TEMP")), QStringLiteral("63 °C"));
    QCOMPARE(cell(lines[2], QStringLiteral("POWER")), QStringLiteral("250 / 400 W"));
    QCOMPARE(cell(lines[2], QStringLiteral("USER")), QStringLiteral("alice, nobody, ?"));
    QCOMPARE(cell(lines[2], QStringLiteral("PROCESS")),
             QStringLiteral("4242 python3 train.py \\x1b[2J --lr 0.1 (+2 more)"));
    QCOMPARE(cell(lines[2], QStringLiteral("NOTE")), QStringLiteral("slowed down: power cap"));
    QCOMPARE(cell(lines[3], QStringLiteral("NOTE")),
             QStringLiteral("lost: the GPU stopped answering (fell off the bus, or needs a reset)"));

    // Refreshing: into a pipe, each refresh is a table of its own.
    const Ctl twice = watch({QStringLiteral("--count"), QStringLiteral("2")});
    QCOMPARE(twice.code, 0);
    QCOMPARE(twice.out.count(QLatin1String("hamgamctl watch")), 2);
    QCOMPARE(twice.out.count(QLatin1String("NODE")), 2);
}

void TestCtlCommands::requestsCarryTheProfilesUser()
{
    // Issue #19, item 1: what `hamgamctl user NAME` sets is who every later request speaks for (a
    // second student's profile on a shared computer is not the OS user).
    const quint16 port = TestSupport::randomDiscoveryPort();
    TestSupport::Controller controller = TestSupport::makeController();
    TestSupport::LocalAgent agent =
        TestSupport::startAgent(port, {controller.profile.identity().fingerprint()},
                                std::make_unique<FakeProbe>(), 200, QStringLiteral("shared-box"));
    QVERIFY(
        controller.profile.pins()
            .add(agent.daemon->identity().fingerprint(), QStringLiteral("shared-box"), agent.daemon->nodeId())
            .ok());
    const Ctl user = ctlAgainst(controller, port, {QStringLiteral("user"), QStringLiteral("ali")});
    QVERIFY2(user.code == 0, qPrintable(user.context()));
    // What the admin binds and agents trust, printed as the app shows it (docs/lab.md).
    const Ctl fingerprint =
        ctlAgainst(controller, port, {QStringLiteral("user"), QStringLiteral("--fingerprint")});
    QVERIFY2(fingerprint.code == 0, qPrintable(fingerprint.context()));
    QCOMPARE(fingerprint.out.trimmed(),
             Identity::displayFingerprint(controller.profile.identity().fingerprint()));
    const Ctl reserve = ctlAgainst(controller, port,
                                   {QStringLiteral("reserve"), QStringLiteral("--node"),
                                    QStringLiteral("shared-box:0"), QStringLiteral("--from"),
                                    QStringLiteral("+1h"), QStringLiteral("--to"), QStringLiteral("+2h")});
    QVERIFY2(reserve.code == 0, qPrintable(reserve.context()));
    const Ctl list = ctlAgainst(controller, port, {QStringLiteral("reservations"), QStringLiteral("--json")});
    QVERIFY2(list.code == 0, qPrintable(list.context()));
    const QJsonArray bookings =
        QJsonDocument::fromJson(list.out.toUtf8()).object().value(QStringLiteral("reservations")).toArray();
    QCOMPARE(bookings.size(), 1);
    QCOMPARE(bookings.first().toObject().value(QStringLiteral("user")).toString(), QStringLiteral("ali"));
}

void TestCtlCommands::policyBindsTheNamesTheRulesGiveRightsTo()
{
    // Issue #29, item 3: the rules' rights go to names the admin bound; `policy` says which have none yet,
    // and the admin binds and moves names from hamgamctl.
    const quint16 port = TestSupport::randomDiscoveryPort();
    TestSupport::Controller admin = TestSupport::makeController();
    const QString student = TestSupport::makeController().profile.identity().fingerprint();
    const QString laptop = TestSupport::makeController().profile.identity().fingerprint();
    QTemporaryDir agentDir;
    FingerprintStore admins(AgentDaemon::adminListPath(agentDir.path()));
    QVERIFY(admins.add(admin.profile.identity().fingerprint(), QStringLiteral("test admin")).ok());
    TestSupport::LocalAgent agent =
        TestSupport::startAgent(port, {admin.profile.identity().fingerprint()}, std::make_unique<FakeProbe>(),
                                200, QStringLiteral("lab-box"), agentDir.path());
    QVERIFY(
        admin.profile.pins()
            .add(agent.daemon->identity().fingerprint(), QStringLiteral("lab-box"), agent.daemon->nodeId())
            .ok());
    QVERIFY(ctlAgainst(admin, port, {QStringLiteral("user"), QStringLiteral("prof")}).code == 0);
    const Ctl set = ctlAgainst(
        admin, port,
        {QStringLiteral("policy"), QStringLiteral("set"), QStringLiteral("--may-end"), QStringLiteral("ta")});
    QVERIFY2(set.code == 0, qPrintable(set.context()));
    // Where the rules took effect, by name (issue #29, item 11).
    QVERIFY2(set.out.contains(QLatin1String("The lab's rules are set on 1 machine: lab-box")),
             qPrintable(set.context()));
    QVERIFY2(set.out.contains(
                 QLatin1String("ta is not bound on every machine: no rights until the admin binds it")),
             qPrintable(set.context()));
    Ctl show = ctlAgainst(admin, port, {QStringLiteral("policy")});
    QVERIFY2(show.out.contains(QLatin1String("ta (not bound: no rights until the admin binds it)")),
             qPrintable(show.context()));
    const Ctl bind = ctlAgainst(
        admin, port, {QStringLiteral("policy"), QStringLiteral("bind"), QStringLiteral("ta"), student});
    QVERIFY2(bind.code == 0, qPrintable(bind.context()));
    UserBindings &users = agent.daemon->access().users();
    QVERIFY(users.boundByAdmin(QStringLiteral("ta"), student));
    show = ctlAgainst(admin, port, {QStringLiteral("policy")});
    QVERIFY2(show.code == 0 && show.out.contains(QLatin1String("ta")) &&
                 !show.out.contains(QLatin1String("not bound")),
             qPrintable(show.context()));
    QCOMPARE(agent.daemon->lab()->policy().mayEndOthers, QStringList{QStringLiteral("ta")}); // kept by bind
    // Moved in one step: the old certificate loses the name.
    const Ctl move = ctlAgainst(
        admin, port, {QStringLiteral("policy"), QStringLiteral("move"), QStringLiteral("ta"), laptop});
    QVERIFY2(move.code == 0, qPrintable(move.context()));
    QCOMPARE(users.fingerprintsOf(QStringLiteral("ta")), QSet<QString>{laptop});
    QVERIFY(users.boundByAdmin(QStringLiteral("ta"), laptop));
    // Names from the admin only, and back; a word that is neither is refused and changes nothing.
    const Ctl adminNames = ctlAgainst(admin, port,
                                      {QStringLiteral("policy"), QStringLiteral("set"),
                                       QStringLiteral("--names"), QStringLiteral("admin")});
    QVERIFY2(adminNames.code == 0, qPrintable(adminNames.context()));
    QVERIFY(agent.daemon->lab()->policy().namesByAdmin);
    QCOMPARE(agent.daemon->lab()->policy().mayEndOthers, QStringList{QStringLiteral("ta")});
    show = ctlAgainst(admin, port, {QStringLiteral("policy")});
    QVERIFY2(show.out.contains(QLatin1String("NAMES FROM")) && show.out.contains(QLatin1String("the admin")),
             qPrintable(show.context()));
    const Ctl wrong = ctlAgainst(admin, port,
                                 {QStringLiteral("policy"), QStringLiteral("set"), QStringLiteral("--names"),
                                  QStringLiteral("anyone")});
    QVERIFY2(wrong.code == 2 && wrong.err.contains(QLatin1String("neither \"admin\" nor \"first-use\"")),
             qPrintable(wrong.context()));
    QVERIFY(agent.daemon->lab()->policy().namesByAdmin);
    const Ctl firstUse = ctlAgainst(admin, port,
                                    {QStringLiteral("policy"), QStringLiteral("set"),
                                     QStringLiteral("--names"), QStringLiteral("first-use")});
    QVERIFY2(firstUse.code == 0, qPrintable(firstUse.context()));
    QVERIFY(!agent.daemon->lab()->policy().namesByAdmin);
}

QTEST_GUILESS_MAIN(TestCtlCommands)
#include "tst_ctlcommands.moc"
