// BatchPlanner: proportional integer splits with caps, ties, degenerate speeds,
// B < N and huge ratios, plus properties over many random cases.
#include "batchplanner.h"
#include "seededrandom.h"

#include <cmath>
#include <numeric>
#include <QTest>

using hamgam::BatchPlanner;
using Batches = std::vector<std::int64_t>;
using Speeds = std::vector<double>;

Q_DECLARE_METATYPE(Batches)
Q_DECLARE_METATYPE(Speeds)

namespace QTest {
template<> char *toString(const Batches &b)
{
    QByteArray s("(");
    for (size_t i = 0; i < b.size(); ++i) {
        if (i)
            s.append(',');
        s.append(QByteArray::number(static_cast<qlonglong>(b[i])));
    }
    s.append(')');
    return qstrdup(s.constData());
}
} // namespace QTest

class TestBatchPlanner : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void split_data();
    void split();
    void accumulatesWhenTheCapsAreTooSmall_data();
    void accumulatesWhenTheCapsAreTooSmall();
    void refusals_data();
    void refusals();
    void scaledKeepsProportionsAndCaps_data();
    void scaledKeepsProportionsAndCaps();
    void randomCasesHoldTheInvariants();
    void predictedStepTime();
};

void TestBatchPlanner::split_data()
{
    QTest::addColumn<Speeds>("speeds");
    QTest::addColumn<qlonglong>("batch");
    QTest::addColumn<Batches>("caps");
    QTest::addColumn<Batches>("expected");

    QTest::newRow("exactly proportional") << Speeds{1, 2, 1} << 8LL << Batches{} << Batches{2, 4, 2};
    QTest::newRow("largest remainder") << Speeds{3, 5, 2} << 32LL << Batches{} << Batches{10, 16, 6};
    QTest::newRow("equal speeds: ties to lower rank")
        << Speeds{1, 1, 1} << 10LL << Batches{} << Batches{4, 3, 3};
    QTest::newRow("equal remainders: tie to faster rank")
        << Speeds{1, 3} << 6LL << Batches{} << Batches{1, 5};
    QTest::newRow("thesis example 5/17/10") << Speeds{5, 17, 10} << 32LL << Batches{} << Batches{5, 17, 10};
    QTest::newRow("one cap, excess water-filled")
        << Speeds{1, 1, 1} << 30LL << Batches{5, 0, 0} << Batches{5, 13, 12};
    QTest::newRow("fast rank capped") << Speeds{10, 1, 1} << 12LL << Batches{4, 0, 0} << Batches{4, 4, 4};
    QTest::newRow("caps exactly full") << Speeds{1, 9} << 10LL << Batches{5, 5} << Batches{5, 5};
    QTest::newRow("all speeds zero: equal") << Speeds{0, 0, 0} << 7LL << Batches{} << Batches{3, 2, 2};
    QTest::newRow("a zero speed gets the minimum")
        << Speeds{0, 1, 1} << 10LL << Batches{} << Batches{1, 5, 4};
    QTest::newRow("zero speed absorbs what caps leave")
        << Speeds{0, 1} << 10LL << Batches{0, 3} << Batches{7, 3};
    QTest::newRow("B < N: fastest get one") << Speeds{1, 3, 2, 5} << 2LL << Batches{} << Batches{0, 1, 0, 1};
    QTest::newRow("B < N: ties to lower rank") << Speeds{1, 1, 1} << 1LL << Batches{} << Batches{1, 0, 0};
    QTest::newRow("B = 0") << Speeds{1, 2} << 0LL << Batches{} << Batches{0, 0};
    QTest::newRow("B = N: one each") << Speeds{1, 1000} << 2LL << Batches{} << Batches{1, 1};
    QTest::newRow("huge ratio") << Speeds{1e12, 1} << 100LL << Batches{} << Batches{99, 1};
    QTest::newRow("huge ratios both ways")
        << Speeds{1, 1e-9, 1e9} << 1000LL << Batches{} << Batches{1, 1, 998};
    QTest::newRow("tiny speeds") << Speeds{1e-300, 3e-300} << 8LL << Batches{} << Batches{2, 6};
    QTest::newRow("single rank") << Speeds{5} << 7LL << Batches{} << Batches{7};
    QTest::newRow("cap larger than batch") << Speeds{1, 1} << 4LL << Batches{100, 100} << Batches{2, 2};
}

void TestBatchPlanner::split()
{
    QFETCH(Speeds, speeds);
    QFETCH(qlonglong, batch);
    QFETCH(Batches, caps);
    QFETCH(Batches, expected);
    const auto plan = BatchPlanner::split(speeds, batch, caps);
    QVERIFY2(plan.ok(), plan.error.c_str());
    QCOMPARE(plan.batches, expected);
}

void TestBatchPlanner::accumulatesWhenTheCapsAreTooSmall_data()
{
    QTest::addColumn<Speeds>("speeds");
    QTest::addColumn<qlonglong>("batch");
    QTest::addColumn<Batches>("caps");
    QTest::addColumn<Batches>("expected");
    QTest::addColumn<qlonglong>("passes");
    // Caps of 2 hold 6 of 7: two passes, as if the caps were 4.
    QTest::newRow("equal, 7 over caps of 2")
        << Speeds{1, 1, 1} << 7LL << Batches{2, 2, 2} << Batches{3, 2, 2} << 2LL;
    // 3:1 speeds, caps of 2 hold 4 of 10: three passes (caps 6), the fast rank full.
    QTest::newRow("3:1, 10 over caps of 2") << Speeds{3, 1} << 10LL << Batches{2, 2} << Batches{6, 4} << 3LL;
    // The memory benchmark's refusal of old: 8 sequences, caps of 1 on four ranks.
    QTest::newRow("8 over four caps of 1")
        << Speeds{1, 1, 1, 1} << 8LL << Batches{1, 1, 1, 1} << Batches{2, 2, 2, 2} << 2LL;
    // Unequal caps: the fewest passes for the largest share.
    QTest::newRow("caps 1 and 3, batch 9") << Speeds{1, 1} << 9LL << Batches{1, 3} << Batches{3, 6} << 3LL;
    QTest::newRow("fits: one pass") << Speeds{1, 1} << 4LL << Batches{2, 2} << Batches{2, 2} << 1LL;
}

// Issue #20, item 1: where the caps cannot hold the global batch, the planner
// plans micro-batches (the fewest passes) instead of refusing.
void TestBatchPlanner::accumulatesWhenTheCapsAreTooSmall()
{
    QFETCH(Speeds, speeds);
    QFETCH(qlonglong, batch);
    QFETCH(Batches, caps);
    QFETCH(Batches, expected);
    QFETCH(qlonglong, passes);
    const auto plan = BatchPlanner::split(speeds, batch, caps);
    QVERIFY2(plan.ok(), plan.error.c_str());
    QCOMPARE(plan.batches, expected);
    QCOMPARE(plan.microBatches, std::int64_t(passes));
    // Every rank computes the same count from the plan and the caps alone.
    QCOMPARE(BatchPlanner::microBatches(plan.batches, caps), std::int64_t(passes));
}

void TestBatchPlanner::refusals_data()
{
    QTest::addColumn<Speeds>("speeds");
    QTest::addColumn<qlonglong>("batch");
    QTest::addColumn<Batches>("caps");
    QTest::addColumn<QString>("message");

    QTest::newRow("no ranks") << Speeds{} << 4LL << Batches{} << QStringLiteral("no ranks");
    QTest::newRow("negative batch") << Speeds{1} << -1LL << Batches{} << QStringLiteral("negative");
    QTest::newRow("NaN speed") << Speeds{1, std::nan("")} << 4LL << Batches{} << QStringLiteral("finite");
    QTest::newRow("infinite speed") << Speeds{1, INFINITY} << 4LL << Batches{} << QStringLiteral("finite");
    QTest::newRow("negative speed") << Speeds{1, -2} << 4LL << Batches{} << QStringLiteral("non-negative");
    QTest::newRow("wrong number of caps")
        << Speeds{1, 1} << 4LL << Batches{2} << QStringLiteral("one memory cap");
}

void TestBatchPlanner::refusals()
{
    QFETCH(Speeds, speeds);
    QFETCH(qlonglong, batch);
    QFETCH(Batches, caps);
    QFETCH(QString, message);
    const auto plan = BatchPlanner::split(speeds, batch, caps);
    QVERIFY(!plan.ok());
    QVERIFY2(QString::fromStdString(plan.error).contains(message), plan.error.c_str());
}

void TestBatchPlanner::scaledKeepsProportionsAndCaps_data()
{
    QTest::addColumn<Batches>("plan");
    QTest::addColumn<qlonglong>("total");
    QTest::addColumn<Batches>("expected");
    QTest::newRow("short last step") << Batches{5, 17, 10} << 7LL << Batches{1, 4, 2};
    QTest::newRow("same total") << Batches{5, 17, 10} << 32LL << Batches{5, 17, 10};
    QTest::newRow("fewer than ranks") << Batches{5, 17, 10} << 2LL << Batches{0, 1, 1};
    QTest::newRow("plan with idle rank") << Batches{1, 0, 1} << 1LL << Batches{1, 0, 0};
}

void TestBatchPlanner::scaledKeepsProportionsAndCaps()
{
    QFETCH(Batches, plan);
    QFETCH(qlonglong, total);
    QFETCH(Batches, expected);
    const auto s = BatchPlanner::scaled(plan, total);
    QVERIFY2(s.ok(), s.error.c_str());
    QCOMPARE(s.batches, expected);
}

void TestBatchPlanner::randomCasesHoldTheInvariants()
{
    hamgam::SeededRandom rng(2025);
    for (int round = 0; round < 3000; ++round) {
        const int n = 1 + static_cast<int>(rng.below(9));
        const std::int64_t batch = static_cast<std::int64_t>(rng.below(400));
        Speeds speeds(static_cast<size_t>(n));
        Batches caps(static_cast<size_t>(n), 0);
        for (int i = 0; i < n; ++i) {
            speeds[size_t(i)] = std::pow(10.0, 6.0 * rng.uniform() - 3.0);
            if (rng.below(4) == 0)
                caps[size_t(i)] = 1 + static_cast<std::int64_t>(rng.below(60));
        }
        const auto plan = BatchPlanner::split(speeds, batch, caps);
        std::int64_t capacity = 0;
        for (int i = 0; i < n; ++i)
            capacity += batch < n ? 1 : (caps[size_t(i)] > 0 ? std::min(caps[size_t(i)], batch) : batch);
        QVERIFY2(plan.ok(), plan.error.c_str());
        // Caps that cannot hold the batch: the fewest passes that can (gradient accumulation).
        const std::int64_t passes = capacity < batch ? (batch + capacity - 1) / capacity : 1;
        QCOMPARE(plan.microBatches, passes);
        QVERIFY(BatchPlanner::microBatches(plan.batches, caps) <= passes);
        const auto &b = plan.batches;
        QCOMPARE(std::accumulate(b.begin(), b.end(), std::int64_t(0)), batch);
        for (int i = 0; i < n; ++i) {
            QVERIFY(b[size_t(i)] >= (batch >= n ? 1 : 0));
            if (caps[size_t(i)] > 0)
                QVERIFY(b[size_t(i)] <= passes * caps[size_t(i)]);
            if (batch < n)
                QVERIFY(b[size_t(i)] <= 1);
        }
        // Deterministic: the same inputs give the same plan.
        QCOMPARE(BatchPlanner::split(speeds, batch, caps).batches, b);
        // Without caps and with B ≥ N, a faster rank never gets fewer samples.
        if (batch >= n && std::all_of(caps.begin(), caps.end(), [](auto c) { return c == 0; })) {
            for (int i = 0; i < n; ++i)
                for (int j = 0; j < n; ++j)
                    if (speeds[size_t(i)] > speeds[size_t(j)])
                        QVERIFY(b[size_t(i)] >= b[size_t(j)]);
        }
    }
}

void TestBatchPlanner::predictedStepTime()
{
    QCOMPARE(BatchPlanner::predictedStepTime({10, 20}, {0.5, 0.1}), 5.0);
    QCOMPARE(BatchPlanner::predictedStepTime({0, 20}, {100.0, 0.1}), 2.0);
}

QTEST_APPLESS_MAIN(TestBatchPlanner)
#include "tst_batchplanner.moc"
