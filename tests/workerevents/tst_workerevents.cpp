// The agent's reading of a worker's stdout (WorkerProcess): which lines are
// events and which become "log" events, lines split over reads, several lines
// in one read, over-long lines, NUL bytes; and the same through a real process.
#include "eventtext.h"
#include "jsonnumber.h"
#include "liverundata.h"
#include "workerprocess.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

namespace {
QString kindOf(const QJsonObject &event)
{
    return event.value(QStringLiteral("event")).toString();
}

QByteArray eventLine(const QByteArray &kind, const QByteArray &more = {})
{
    return "{\"event\":\"" + kind + "\",\"rank\":1" + more + "}";
}
} // namespace

class TestWorkerEvents : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parseEventLine_data();
    void parseEventLine();
    void lineSplitAcrossReads();
    void lineFedByteByByte();
    void severalLinesInOneRead();
    void overLongLineIsCutAndSkipped_data();
    void overLongLineIsCutAndSkipped();
    void lineOfTheMaximumLengthIsKept();
    void realProcess();
    void numbersBeyondInt64();
    void plansNameTheirNodesAndPasses();
    void onlyRankZerosSaneLinkEventSpeaks();
};

void TestWorkerEvents::parseEventLine_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QString>("kind"); // "log": not taken as an event

    QTest::newRow("step") << eventLine("step", ",\"step\":3,\"loss\":0.5") << "step";
    // Workers may gain new kinds; the agent journals them and readers ignore what they do not know.
    QTest::newRow("unknown kind") << eventLine("telemetry_v2", ",\"x\":1") << "telemetry_v2";
    QTest::newRow("kind of 64 characters") << eventLine(QByteArray(64, 'k')) << QString(64, QLatin1Char('k'));
    QTest::newRow("escaped NUL in a string") << QByteArray(R"({"event":"note","text":"a\u0000b"})") << "note";
    QTest::newRow("not JSON") << QByteArray("step 3 loss 0.5") << "log";
    QTest::newRow("truncated JSON") << QByteArray(R"({"event":"step","rank":1)") << "log";
    QTest::newRow("JSON then garbage") << QByteArray(eventLine("step") + "}}") << "log";
    QTest::newRow("array") << QByteArray("[" + eventLine("step") + "]") << "log";
    QTest::newRow("string") << QByteArray(R"("step")") << "log";
    QTest::newRow("number") << QByteArray("42") << "log";
    QTest::newRow("null") << QByteArray("null") << "log";
    QTest::newRow("no event field") << QByteArray(R"({"rank":1,"step":3})") << "log";
    QTest::newRow("event is a number") << QByteArray(R"({"event":7})") << "log";
    QTest::newRow("event is null") << QByteArray(R"({"event":null})") << "log";
    QTest::newRow("event is an object") << QByteArray(R"({"event":{"kind":"step"}})") << "log";
    QTest::newRow("event is empty") << QByteArray(R"({"event":""})") << "log";
    QTest::newRow("kind of 65 characters") << eventLine(QByteArray(65, 'k')) << "log";
    // The agent journals these itself; a worker must not be able to forge a node's state.
    QTest::newRow("forged state") << QByteArray(R"({"event":"state","state":"finished"})") << "log";
    QTest::newRow("forged worker_exit") << QByteArray(R"({"event":"worker_exit","exit_code":0})") << "log";
    QTest::newRow("NUL after an event") << QByteArray(eventLine("step") + QByteArray(1, '\0')) << "log";
    QTest::newRow("NUL inside") << QByteArray("{\"event\":\"st\0ep\"}", 17) << "log";
    QTest::newRow("NUL only") << QByteArray(3, '\0') << "log";
    QTest::newRow("not UTF-8") << QByteArray("\xff\xfe{\"event\":\"step\"}") << "log";
    QTest::newRow("long text") << QByteArray(10000, 'y') << "log";
}

void TestWorkerEvents::parseEventLine()
{
    QFETCH(QByteArray, line);
    QFETCH(QString, kind);
    const QJsonObject e = WorkerProcess::parseEventLine(line, 3);
    QCOMPARE(kindOf(e), kind);
    if (kind != QLatin1String("log")) {
        QCOMPARE(e, QJsonDocument::fromJson(line).object()); // passed on as the worker wrote it
        return;
    }
    // A log event carries the worker's rank and the line's text (at most 4096 bytes), NULs and all.
    QCOMPARE(e.value(QStringLiteral("rank")).toInt(), 3);
    QCOMPARE(e.value(QStringLiteral("text")).toString(), QString::fromUtf8(line.left(4096)));
    QCOMPARE(e.size(), 3);
}

void TestWorkerEvents::lineSplitAcrossReads()
{
    // Cut inside a key, inside a number and inside a two-byte UTF-8 character.
    const QByteArray line = eventLine("note", ",\"text\":\"هم‌گام\",\"step\":12345") + "\n";
    const qsizetype inChar = line.indexOf("\xd9\x85") + 1; // between the two bytes of "م"
    QVERIFY(inChar > 0);
    const QList<qsizetype> cuts{4, line.indexOf("123") + 2, inChar};
    for (const qsizetype cut : cuts) {
        WorkerProcess::LineBuffer buffer;
        QVERIFY(WorkerProcess::takeEvents(buffer, line.left(cut), 1).isEmpty());
        const auto events = WorkerProcess::takeEvents(buffer, line.mid(cut), 1);
        QCOMPARE(events.size(), 1);
        QCOMPARE(events.first().value(QStringLiteral("text")).toString(), QStringLiteral("هم‌گام"));
        QCOMPARE(events.first().value(QStringLiteral("step")).toInt(), 12345);
        QVERIFY(buffer.pending.isEmpty());
    }
}

void TestWorkerEvents::lineFedByteByByte()
{
    const QByteArray stream =
        eventLine("plan", ",\"batches\":[5,4]") + "\n" + eventLine("step", ",\"step\":1") + "\n";
    WorkerProcess::LineBuffer buffer;
    QStringList kinds;
    for (const char c : stream) {
        for (const QJsonObject &e : WorkerProcess::takeEvents(buffer, QByteArray(1, c), 2))
            kinds << kindOf(e);
    }
    QCOMPARE(kinds, QStringList({QStringLiteral("plan"), QStringLiteral("step")}));
}

void TestWorkerEvents::severalLinesInOneRead()
{
    WorkerProcess::LineBuffer buffer;
    const QByteArray chunk =
        "warming up\n" + eventLine("ready") + "\n\n   \r\n" + eventLine("step") + "\r\n" + "{\"event\":\"do";
    const auto events = WorkerProcess::takeEvents(buffer, chunk, 0);
    QCOMPARE(events.size(), 3); // blank lines are no events
    QCOMPARE(kindOf(events[0]), QStringLiteral("log"));
    QCOMPARE(events[0].value(QStringLiteral("text")).toString(), QStringLiteral("warming up"));
    QCOMPARE(kindOf(events[1]), QStringLiteral("ready"));
    QCOMPARE(kindOf(events[2]), QStringLiteral("step"));
    QCOMPARE(buffer.pending, QByteArray("{\"event\":\"do")); // kept for the next read
    const auto rest = WorkerProcess::takeEvents(buffer, "ne\"}\n", 0);
    QCOMPARE(rest.size(), 1);
    QCOMPARE(kindOf(rest.first()), QStringLiteral("done"));
}

void TestWorkerEvents::overLongLineIsCutAndSkipped_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<int>("chunk");
    const QByteArray text(WorkerProcess::kMaxLine + 100000, 'x');
    QTest::newRow("text, 64 KiB reads") << text << 65536;
    QTest::newRow("text, one read") << text << int(text.size());
    // Valid JSON, but too long to be taken as an event.
    QTest::newRow("event, 4 KiB reads") << eventLine("step", QByteArray(",\"pad\":\"" + text + "\"")) << 4096;
}

void TestWorkerEvents::overLongLineIsCutAndSkipped()
{
    QFETCH(QByteArray, line);
    QFETCH(int, chunk);
    WorkerProcess::LineBuffer buffer;
    QList<QJsonObject> events;
    const QByteArray stream = line + "\n" + eventLine("step", ",\"step\":7") + "\n";
    for (qsizetype at = 0; at < stream.size(); at += chunk) {
        events += WorkerProcess::takeEvents(buffer, stream.mid(at, chunk), 1);
        QVERIFY2(buffer.pending.size() <= WorkerProcess::kMaxLine, "the buffer grew past the longest line");
    }
    // Once: the line's beginning as a log event; none of the rest turns up; the next line is whole.
    QCOMPARE(events.size(), 2);
    QCOMPARE(kindOf(events[0]), QStringLiteral("log"));
    QCOMPARE(events[0].value(QStringLiteral("text")).toString(), QString::fromLatin1(line.left(4096)));
    QCOMPARE(kindOf(events[1]), QStringLiteral("step"));
    QCOMPARE(events[1].value(QStringLiteral("step")).toInt(), 7);
    QVERIFY(buffer.pending.isEmpty());
    QVERIFY(!buffer.skipping);
}

void TestWorkerEvents::lineOfTheMaximumLengthIsKept()
{
    QByteArray line = eventLine("step", ",\"pad\":\"\"");
    line.insert(line.size() - 2, QByteArray(WorkerProcess::kMaxLine - line.size(), 'p'));
    QCOMPARE(line.size(), WorkerProcess::kMaxLine);
    WorkerProcess::LineBuffer buffer;
    const auto events = WorkerProcess::takeEvents(buffer, line + "\n", 1);
    QCOMPARE(events.size(), 1);
    QCOMPARE(kindOf(events.first()), QStringLiteral("step"));
}

void TestWorkerEvents::realProcess()
{
    // The same through a process's pipe: a line written in two parts with a pause between, a NUL,
    // a runaway line of 1.1 MB, then the last event.
    const QString script = QStringLiteral("echo 'not json';"
                                          "printf '{\"event\":\"step\",\"ste'; sleep 0.3; printf 'p\":5}\\n';"
                                          "printf 'a\\000b\\n';"
                                          "head -c 1100000 /dev/zero | tr '\\000' x; echo;"
                                          "echo '{\"event\":\"done\",\"steps\":5}'");
    WorkerProcess worker({QStringLiteral("/bin/sh"), {QStringLiteral("-c"), script}, {}, 4, 0});
    QList<QJsonObject> events;
    connect(&worker, &WorkerProcess::eventReceived, this, [&](const QJsonObject &e) { events << e; });
    QSignalSpy finished(&worker, &WorkerProcess::finished);
    worker.start();
    QVERIFY(finished.wait(20000));
    QCOMPARE(finished.first().at(0).toInt(), 0);
    QCOMPARE(finished.first().at(1).toBool(), false);
    QStringList kinds;
    for (const QJsonObject &e : std::as_const(events))
        kinds << kindOf(e);
    QCOMPARE(kinds, QStringList({QStringLiteral("log"), QStringLiteral("step"), QStringLiteral("log"),
                                 QStringLiteral("log"), QStringLiteral("done")}));
    QCOMPARE(events[0].value(QStringLiteral("text")).toString(), QStringLiteral("not json"));
    QCOMPARE(events[1].value(QStringLiteral("step")).toInt(), 5);
    QCOMPARE(events[2].value(QStringLiteral("text")).toString(), QStringLiteral("a%1b").arg(QChar(0)));
    QCOMPARE(events[3].value(QStringLiteral("text")).toString(), QString(4096, QLatin1Char('x')));
    QCOMPARE(events[3].value(QStringLiteral("rank")).toInt(), 4);
}

// Numbers in events come from another process, and converting a double beyond
// qint64 is undefined: the fuzzer's step of 1.4e107 (tests/fuzz/corpus/
// workerevent/step-beyond-int64) reached LiveRunData. The sanitizer build
// (scripts/sanitize) watches the conversions below.
void TestWorkerEvents::numbersBeyondInt64()
{
    QCOMPARE(jsonInt64(QJsonValue(1.4e107)), qint64(0));
    QCOMPARE(jsonInt64(QJsonValue(-1e19), -1), qint64(-1));
    QCOMPARE(jsonInt64(QJsonValue(9.2e18)), qint64(9200000000000000000LL));
    QCOMPARE(jsonInt64(QJsonValue(-42.9)), qint64(-42));
    QCOMPARE(jsonInt64(QJsonValue(QStringLiteral("7")), 5), qint64(5));
    QCOMPARE(jsonInt64(QJsonValue()), qint64(0));

    LiveRunData live;
    RunConfig config;
    config.nodes = {{QStringLiteral("a"), QStringLiteral("a"), {0, 1}, {}, {}, 1.0}};
    live.reset(config, {{QStringLiteral("a"), QStringLiteral("a"), 0, {0, 1}}});
    for (const QByteArray &line :
         {eventLine("step", ",\"step\":3,\"loss\":1.5"),
          eventLine("step", ",\"step\":1.3777e107,\"loss\":1.5,\"total_steps\":-1e300")}) {
        const QJsonObject event = WorkerProcess::parseEventLine(line, 1);
        QCOMPARE(kindOf(event), QStringLiteral("step"));
        RunEvent e;
        e.source = QStringLiteral("a");
        e.seq = 1;
        e.kind = kindOf(event);
        e.rank = 1;
        e.payload = event;
        live.addEvent(e);
    }
    QCOMPARE(live.step(), qint64(3)); // the out-of-range step counts as none
}

// Issue #32: a link event makes the doctor say "train on X alone". Only rank 0 writes one; a
// worker of another rank, a machine not in the run or figures that are not numbers say nothing.
void TestWorkerEvents::onlyRankZerosSaneLinkEventSpeaks()
{
    LiveRunData live;
    RunConfig config;
    config.nodes = {{QStringLiteral("a"), QStringLiteral("a"), {0}, {}, {}, 1.0},
                    {QStringLiteral("b"), QStringLiteral("b"), {0}, {}, {}, 1.0}};
    live.reset(config, {{QStringLiteral("a"), QStringLiteral("a"), 0, {0}},
                        {QStringLiteral("b"), QStringLiteral("b"), 1, {0}}});
    auto link = [](int rank, const char *fastest, double bytesPerS) {
        RunEvent e;
        e.source = QStringLiteral("a");
        e.seq = 1;
        e.kind = EventKind::Link;
        e.rank = rank;
        e.payload = QJsonObject{{QStringLiteral("step"), 6},
                                {QStringLiteral("bytes_per_s"), bytesPerS},
                                {QStringLiteral("exact_bytes_per_step"), 8e6},
                                {QStringLiteral("modes"),
                                 QJsonArray{QJsonObject{{QStringLiteral("mode"), QStringLiteral("exact")},
                                                        {QStringLiteral("every"), 1},
                                                        {QStringLiteral("step_ms"), 1120.0},
                                                        {QStringLiteral("network_share"), 0.7}}}},
                                {QStringLiteral("fastest_node"), QLatin1String(fastest)},
                                {QStringLiteral("fastest_alone_ms"), 300.0},
                                {QStringLiteral("mode"), QStringLiteral("exact")},
                                {QStringLiteral("every"), 1}};
        return e;
    };
    auto alone = [&] {
        for (const auto &f : live.diagnose(0))
            if (f.reason == UtilizationDoctor::Reason::SlowerThanAlone)
                return f.node;
        return QString();
    };
    live.addEvent(link(1, "a", 10e6)); // another rank's
    QCOMPARE(alone(), QString());
    live.addEvent(link(0, "mallory", 10e6)); // no machine of this run
    QCOMPARE(alone(), QString());
    live.addEvent(link(0, "a", -1e300)); // no rate
    QCOMPARE(alone(), QString());
    live.addEvent(link(0, "a", 1e300)); // beyond any link (and qint64)
    QCOMPARE(alone(), QString());
    live.addEvent(link(0, "a", 10e6));
    QCOMPARE(alone(), QStringLiteral("a"));
}

// Issue #31, item 3: History's Events and the live log say a plan by node name, a node's several
// devices as their shares, and gradient accumulation as passes of a size.
void TestWorkerEvents::plansNameTheirNodesAndPasses()
{
    RunEvent plan;
    plan.kind = QStringLiteral("plan");
    plan.rank = 0;
    plan.payload = QJsonObject{{QStringLiteral("event"), QStringLiteral("plan")},
                               {QStringLiteral("step"), 0},
                               {QStringLiteral("batches"), QJsonArray{512, 96, 96}},
                               {QStringLiteral("source"), QStringLiteral("initial")},
                               {QStringLiteral("micro_batches"), 4}};
    const EventText::PlanNodes nodes{{QStringLiteral("box-a"), 1}, {QStringLiteral("box-b"), 2}};
    const QLocale c(QLocale::C);
    const QString byNode =
        EventText::details(plan, EventText::Shown::Widget, c, nodes).join(QLatin1Char('|'));
    QVERIFY2(byNode.contains(QStringLiteral("box-a 512 in 4 passes of 128")), qPrintable(byNode));
    QVERIFY2(byNode.contains(QStringLiteral("box-b 192 (96 + 96), each share in 4 passes")),
             qPrintable(byNode));
    // Without the nodes (a caller that has none), the ranks' batches in order, as before.
    const QString byRank = EventText::details(plan, EventText::Shown::Widget, c).join(QLatin1Char('|'));
    QVERIFY2(byRank.contains(QStringLiteral("512, 96, 96")), qPrintable(byRank));
}

QTEST_GUILESS_MAIN(TestWorkerEvents)
#include "tst_workerevents.moc"
