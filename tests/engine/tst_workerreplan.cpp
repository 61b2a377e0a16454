// Online re-planning: when one rank's (emulated) slowdown doubles mid-run,
// the planner gives it a proportionally smaller batch within the re-plan
// interval plus the profiling steps, and reports why and what it expects.
#include "workercluster.h"

#include <cmath>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

class TestWorkerReplan : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void slowerRankGetsSmallerBatch();
    void manualPlanIsKept();
};

namespace {
QJsonObject config(int steps, int slowFrom)
{
    return {
        {QStringLiteral("version"), 1},
        {QStringLiteral("strategy"), QStringLiteral("hdp")},
        // Big enough that a step's compute (tens of ms) dwarfs timing noise.
        {QStringLiteral("model"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("mlp")},
                                              {QStringLiteral("hidden"), QJsonArray{512, 512}}}},
        {QStringLiteral("dataset"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("synthetic")},
                                                {QStringLiteral("samples"), 4096},
                                                {QStringLiteral("shape"), QJsonArray{1, 28, 28}}}},
        {QStringLiteral("global_batch"), 128},
        {QStringLiteral("steps"), steps},
        {QStringLiteral("planner"), QJsonObject{{QStringLiteral("profile_steps"), 3},
                                                {QStringLiteral("replan_interval"), 4},
                                                // A wide margin: ignore the noise of a shared 2-core machine,
                                                // act on a rank that became twice as slow (a 30 % gain).
                                                {QStringLiteral("margin"), 0.2},
                                                {QStringLiteral("ewma"), 0.5}}},
        {QStringLiteral("slowdown_schedule"), QJsonArray{QJsonObject{{QStringLiteral("rank"), 1},
                                                                     {QStringLiteral("from_step"), slowFrom},
                                                                     {QStringLiteral("factor"), 2.0}}}},
        {QStringLiteral("comm"), QJsonObject{{QStringLiteral("timeout_s"), 30}}}};
}

int batchAt(const QList<QJsonObject> &steps, int step)
{
    for (const auto &e : steps)
        if (e.value(QStringLiteral("step")).toInt() == step)
            return e.value(QStringLiteral("local_batch")).toInt();
    return -1;
}
} // namespace

void TestWorkerReplan::slowerRankGetsSmallerBatch()
{
    QTemporaryDir dir;
    const int slowFrom = 12; // 0-based: the 13th step is the first slow one
    const int profile = 3, interval = 4;
    WorkerCluster cluster(dir.path());
    cluster.start(config(slowFrom + interval + profile + 3, slowFrom), {1, 1}, {}, false);
    QVERIFY2(cluster.waitFinished(120000), cluster.summary().constData());
    QCOMPARE(cluster.exitCodes(), QList<int>({0, 0}));

    const auto steps = cluster.events(1, QStringLiteral("step"));
    const int before = batchAt(steps, slowFrom);
    const int after = batchAt(steps, slowFrom + interval + profile + 1);
    // Equal machines: about half each before; twice as slow: about a third after.
    QVERIFY2(before >= 128 * 0.3 && before <= 128 * 0.7,
             qPrintable(QStringLiteral("before: %1").arg(before)));
    QVERIFY2(after >= 128 * 0.2 && after <= 128 * 0.45, qPrintable(QStringLiteral("after: %1").arg(after)));
    QVERIFY2(after <= before * 0.85, qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(after)));
    // Emulation is marked as such, from the step it starts.
    QVERIFY(!steps[slowFrom - 1].value(QStringLiteral("emulated")).toBool());
    QVERIFY(steps[slowFrom].value(QStringLiteral("emulated")).toBool());
    QCOMPARE(steps[slowFrom].value(QStringLiteral("slowdown")).toDouble(), 2.0);

    // The decision is explained: a periodic re-plan with its predicted gain,
    // announced by every rank alike (no coordinator: all computed the same).
    const auto r0 = cluster.events(0, QStringLiteral("rebalance"));
    const auto r1 = cluster.events(1, QStringLiteral("rebalance"));
    QCOMPARE(r0.size(), r1.size());
    QJsonObject slowdownDecision;
    for (int i = 0; i < r0.size(); ++i) {
        QCOMPARE(r0[i].value(QStringLiteral("new")).toArray(), r1[i].value(QStringLiteral("new")).toArray());
        QVERIFY(r0[i].value(QStringLiteral("predicted_gain")).toDouble() > 0.2);
        if (r0[i].value(QStringLiteral("step")).toInt() > slowFrom && slowdownDecision.isEmpty())
            slowdownDecision = r0[i];
    }
    QVERIFY2(!slowdownDecision.isEmpty(), "no re-plan after the slowdown");
    QCOMPARE(slowdownDecision.value(QStringLiteral("reason")).toString(), QStringLiteral("periodic"));
    QVERIFY(slowdownDecision.value(QStringLiteral("step")).toInt() <= slowFrom + interval + profile);
    // The new plan is b ∝ 1/s for the per-sample times it reports, and those
    // show rank 1 about twice as slow as rank 0.
    const auto s = slowdownDecision.value(QStringLiteral("seconds_per_sample")).toArray();
    const auto b = slowdownDecision.value(QStringLiteral("new")).toArray();
    const double ratio = s[1].toDouble() / s[0].toDouble();
    QVERIFY2(ratio > 1.4 && ratio < 3.0, qPrintable(QStringLiteral("measured slowdown %1").arg(ratio)));
    const double ideal1 = 128.0 * (1.0 / s[1].toDouble()) / (1.0 / s[0].toDouble() + 1.0 / s[1].toDouble());
    QVERIFY2(std::fabs(b[1].toDouble() - ideal1) <= 1.0,
             qPrintable(QStringLiteral("%1 vs %2").arg(b[1].toDouble()).arg(ideal1)));
    // Waiting is measured: before the re-plan the fast rank waited for the slow one.
    const auto fast = cluster.events(0, QStringLiteral("step"));
    QVERIFY(fast[slowFrom + 1].value(QStringLiteral("wait_ms")).toDouble() > 0.0);
}

void TestWorkerReplan::manualPlanIsKept()
{
    QTemporaryDir dir;
    QJsonObject cfg = config(12, 2);
    cfg.insert(
        QStringLiteral("nodes"),
        QJsonArray{QJsonObject{{QStringLiteral("devices"), QJsonArray{0}}, {QStringLiteral("batch"), 100}},
                   QJsonObject{{QStringLiteral("devices"), QJsonArray{0}}, {QStringLiteral("batch"), 28}}});
    WorkerCluster cluster(dir.path());
    cluster.start(cfg, {1, 1}, {}, false);
    QVERIFY2(cluster.waitFinished(120000), cluster.summary().constData());
    QCOMPARE(cluster.exitCodes(), QList<int>({0, 0}));
    QVERIFY(cluster.events(0, QStringLiteral("rebalance")).isEmpty());
    for (const auto &e : cluster.events(1, QStringLiteral("step")))
        QCOMPARE(e.value(QStringLiteral("local_batch")).toInt(), 28);
    QCOMPARE(cluster.events(0, QStringLiteral("plan")).first().value(QStringLiteral("source")).toString(),
             QStringLiteral("manual"));
}

QTEST_GUILESS_MAIN(TestWorkerReplan)
#include "tst_workerreplan.moc"
