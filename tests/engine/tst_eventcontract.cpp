// The worker's events are declared once (agent/contracts/workerevents.h): what
// the engine writes with its JSON library, the controller reads with Qt's, key
// for key, for every event; a hostile line reads as defaults; the history's
// step columns are step-event fields and the steps table's columns.
#include "eventjson.h"
#include "historyschema.h"
#include "stepcolumns.h"
#include "workereventjson.h"
#include "workerevents.h"

#include <QJsonDocument>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace hamgam::contracts;

namespace {

template<class T> struct IsOptional : std::false_type
{
};
template<class T> struct IsOptional<std::optional<T>> : std::true_type
{
};
template<class T> struct IsVector : std::false_type
{
};
template<class T> struct IsVector<std::vector<T>> : std::true_type
{
};
template<class T> struct IsMap : std::false_type
{
};
template<class T> struct IsMap<std::map<std::string, T>> : std::true_type
{
};

/// Gives every field, optional ones too, a value of its own that is no default:
/// a field the engine writes and the controller does not read then shows.
class Filler
{
public:
    template<class T> void operator()(const char *, T &member) { fill(member); }

    template<class T> void fill(T &v)
    {
        ++m_n;
        if constexpr (IsOptional<T>::value) {
            typename T::value_type inner{};
            fill(inner);
            v = std::move(inner);
        } else if constexpr (IsVector<T>::value) {
            typename T::value_type a{}, b{};
            fill(a);
            fill(b);
            v = {a, b};
        } else if constexpr (IsMap<T>::value) {
            typename T::mapped_type x{};
            fill(x);
            v = {{"k" + std::to_string(m_n), x}};
        } else if constexpr (std::is_same_v<T, bool>) {
            v = !v;
        } else if constexpr (std::is_integral_v<T>) {
            v = T(1000 + m_n);
        } else if constexpr (std::is_floating_point_v<T>) {
            v = 0.25 + m_n;
        } else if constexpr (std::is_same_v<T, std::string>) {
            v = "text " + std::to_string(m_n);
        } else {
            T::forEachField(v, *this);
        }
    }

private:
    int m_n = 0;
};

template<class Event> QStringList declaredKeys()
{
    QStringList keys;
    Event e{};
    Event::forEachField(e, [&keys](const char *key, auto &) { keys << QLatin1String(key); });
    return keys;
}

/// One event written by the engine's writer, read back by the controller's reader.
template<class Event> void roundTrip()
{
    Event sent{};
    Filler().fill(sent);
    const std::string line = hamgam::engine::EventJsonWriter::object(sent).dump();
    QJsonParseError error;
    const QJsonObject parsed = QJsonDocument::fromJson(QByteArray::fromStdString(line), &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    // Every declared key is on the line (optional ones too, as the filler set them) ...
    QStringList onLine = parsed.keys();
    QStringList declared = declaredKeys<Event>();
    onLine.sort();
    declared.sort();
    QCOMPARE(onLine, declared);
    // ... and the controller reads each back to the value sent.
    const auto received = WorkerEventJson::read<Event>(parsed);
    QCOMPARE(WorkerEventJson::write(received), parsed);
}

} // namespace

class TestEventContract : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyEventCrossesWhole()
    {
        roundTrip<ReadyEvent>();
        roundTrip<PlanEvent>();
        roundTrip<StepEvent>();
        roundTrip<RebalanceEvent>();
        roundTrip<EvalEvent>();
        roundTrip<CheckpointEvent>();
        roundTrip<ModelEvent>();
        roundTrip<DoneEvent>();
        roundTrip<WarningEvent>();
        roundTrip<ErrorEvent>();
        roundTrip<CollectivesCheckEvent>();
        roundTrip<LinkEvent>();
    }

    void anEmptyOptionalIsNotWritten()
    {
        EvalEvent eval;
        eval.step = 3;
        eval.loss = 0.5;
        const nlohmann::json line = hamgam::engine::EventJsonWriter::object(eval);
        QVERIFY(!line.contains("accuracy"));
        QVERIFY(!line.contains("perplexity"));
        const auto back = WorkerEventJson::read<EvalEvent>(
            QJsonDocument::fromJson(QByteArray::fromStdString(line.dump())).object());
        QVERIFY(!back.accuracy);
        QCOMPARE(back.headline()->key, "loss");
        QCOMPARE(back.headline()->value, 0.5);
    }

    void aHostileLineReadsAsDefaults()
    {
        // Wrong types, numbers no integer holds, a fraction where a count goes.
        const QJsonObject hostile =
            QJsonDocument::fromJson(
                R"({"step":1.3777e107,"epoch":"two","loss":"low","local_batch":-1e300,)"
                R"("data_ms":[1],"bytes_within_node_by_kind":{"all_reduce":"x","reduce":7},)"
                R"("skipped":1,"micro_batches":2.5})")
                .object();
        const auto step = WorkerEventJson::read<StepEvent>(hostile);
        QCOMPARE(step.step, std::int64_t(0));
        QCOMPARE(step.epoch, std::int64_t(0));
        QVERIFY(!step.loss);
        QCOMPARE(step.localBatch, std::int64_t(0));
        QCOMPARE(step.times.dataMs, 0.0);
        QVERIFY(!step.skipped);
        QCOMPARE(step.microBatches, std::int64_t(2)); // truncated, as jsonInt64 does everywhere
        QCOMPARE(step.bytesWithinNodeByKind.size(), size_t(1));
        QCOMPARE(step.bytesWithinNodeByKind.at("reduce"), std::int64_t(7));
        const auto ready = WorkerEventJson::read<ReadyEvent>(
            QJsonDocument::fromJson(R"({"tensor_parallel":null,"world_size":1e30})").object());
        QVERIFY(!ready.tensorParallel);
        QCOMPARE(ready.worldSize, std::int64_t(0));
    }

    void thePlanInForce()
    {
        RunEvent plan;
        plan.kind = QStringLiteral("plan");
        plan.payload = WorkerEventJson::write(PlanEvent{4, {3, 5}, 8, "planned", {0, 0}, 1});
        QCOMPARE(WorkerEventJson::planChange(plan).batches, (std::vector<std::int64_t>{3, 5}));
        RunEvent replan;
        replan.kind = QStringLiteral("rebalance");
        RebalanceEvent r;
        r.step = 9;
        r.oldPlan = {4, 4};
        r.newPlan = {6, 2};
        r.predictedGain = 0.2;
        replan.payload = WorkerEventJson::write(r);
        const auto change = WorkerEventJson::planChange(replan);
        QCOMPARE(change.step, qint64(9));
        QCOMPARE(change.batches, (std::vector<std::int64_t>{6, 2}));
        QCOMPARE(change.predictedGain.value_or(-1), 0.2);
        RunEvent other;
        other.kind = QStringLiteral("step");
        other.payload = replan.payload;
        QVERIFY(WorkerEventJson::planChange(other).batches.empty());
    }

    void historyStepColumnsAreStepFields()
    {
        const QStringList stepKeys = declaredKeys<StepEvent>();
        for (const StepColumn &c : StepColumns::all())
            QVERIFY2(stepKeys.contains(QLatin1String(c.eventKey)), c.eventKey);
        // The schema's steps table holds exactly the key columns and these.
        QTemporaryDir dir;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("schema"));
            db.setDatabaseName(dir.filePath(QStringLiteral("h.sqlite")));
            QVERIFY(db.open());
            QVERIFY(HistorySchema::migrate(db).ok());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("PRAGMA table_info(steps)")));
            QStringList columns;
            while (q.next())
                columns << q.value(1).toString();
            QStringList expected{QStringLiteral("run_id"), QStringLiteral("rank"), QStringLiteral("step"),
                                 QStringLiteral("time_ms")};
            for (const StepColumn &c : StepColumns::all())
                expected << QLatin1String(c.column);
            QCOMPARE(columns, expected);
        }
        QSqlDatabase::removeDatabase(QStringLiteral("schema"));
    }
};

QTEST_GUILESS_MAIN(TestEventContract)
#include "tst_eventcontract.moc"
