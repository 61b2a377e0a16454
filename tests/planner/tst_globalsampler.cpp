// GlobalSampler: every sample exactly once per epoch for any plan, also when
// the plan changes mid-epoch and on the short last step.
#include "batchplanner.h"
#include "globalsampler.h"
#include "seededrandom.h"

#include <numeric>
#include <QTest>

using hamgam::BatchPlanner;
using hamgam::GlobalSampler;
using Batches = std::vector<std::int64_t>;

Q_DECLARE_METATYPE(Batches)

class TestGlobalSampler : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void permutationIsSeededAndComplete();
    void positions();
    void everySampleOncePerEpoch_data();
    void everySampleOncePerEpoch();
    void midEpochReplansKeepCoverage();
    void randomPlansEveryStep();
    void stepBatchDoesNotDependOnThePlan();

private:
    // Runs one epoch; plans[s] (or the last one) is the plan of step s.
    static std::vector<int> coverage(GlobalSampler &sampler, std::int64_t epoch,
                                     const std::vector<Batches> &plans)
    {
        std::vector<int> seen(static_cast<size_t>(sampler.datasetSize()), 0);
        for (std::int64_t s = 0; s < sampler.stepsPerEpoch(); ++s) {
            const GlobalSampler::Position p{epoch, s};
            Batches plan = plans[std::min<size_t>(static_cast<size_t>(s), plans.size() - 1)];
            const std::int64_t total = sampler.stepBatch(p);
            if (total != sampler.globalBatch())
                plan = BatchPlanner::scaled(plan, total).batches;
            for (size_t r = 0; r < plan.size(); ++r) {
                const auto idx = sampler.rankIndices(p, plan, static_cast<int>(r));
                if (idx.size() != static_cast<size_t>(plan[r]))
                    return {};
                for (auto i : idx)
                    ++seen[static_cast<size_t>(i)];
            }
        }
        return seen;
    }
};

void TestGlobalSampler::permutationIsSeededAndComplete()
{
    GlobalSampler a(1000, 32, 7), b(1000, 32, 7), c(1000, 32, 8);
    const auto pa0 = a.permutation(0);
    QCOMPARE(b.permutation(0), pa0);
    QVERIFY(c.permutation(0) != pa0);
    QVERIFY(a.permutation(1) != pa0);
    auto sorted = pa0;
    std::sort(sorted.begin(), sorted.end());
    std::vector<std::int64_t> identity(1000);
    std::iota(identity.begin(), identity.end(), 0);
    QCOMPARE(sorted, identity);
    QVERIFY(pa0 != identity);
    // Known values pin the algorithm: changing it would silently change every run.
    GlobalSampler small(10, 4, 42);
    QCOMPARE(small.permutation(3), (std::vector<std::int64_t>{2, 7, 5, 8, 9, 3, 6, 0, 1, 4}));
}

void TestGlobalSampler::positions()
{
    GlobalSampler s(100, 32, 1);
    QCOMPARE(s.stepsPerEpoch(), 4);
    QCOMPARE(s.position(0).epoch, 0);
    QCOMPARE(s.position(3).stepInEpoch, 3);
    QCOMPARE(s.position(4).epoch, 1);
    QCOMPARE(s.position(4).stepInEpoch, 0);
    QCOMPARE(s.stepBatch({0, 3}), 4);
    QCOMPARE(s.stepBatch({1, 0}), 32);
}

void TestGlobalSampler::everySampleOncePerEpoch_data()
{
    QTest::addColumn<qlonglong>("size");
    QTest::addColumn<qlonglong>("batch");
    QTest::addColumn<Batches>("plan");
    QTest::newRow("thesis split, exact epochs") << 320LL << 32LL << Batches{5, 17, 10};
    QTest::newRow("thesis split, short last step") << 333LL << 32LL << Batches{5, 17, 10};
    QTest::newRow("equal split") << 101LL << 10LL << Batches{4, 3, 3};
    QTest::newRow("one rank") << 50LL << 7LL << Batches{7};
    QTest::newRow("rank without samples") << 20LL << 2LL << Batches{1, 0, 1};
    QTest::newRow("last step smaller than ranks") << 66LL << 16LL << Batches{4, 4, 4, 4};
    QTest::newRow("batch larger than dataset") << 5LL << 8LL << Batches{3, 5};
}

void TestGlobalSampler::everySampleOncePerEpoch()
{
    QFETCH(qlonglong, size);
    QFETCH(qlonglong, batch);
    QFETCH(Batches, plan);
    GlobalSampler sampler(size, batch, 99);
    for (std::int64_t epoch = 0; epoch < 3; ++epoch) {
        const auto seen = coverage(sampler, epoch, {plan});
        QCOMPARE(seen.size(), static_cast<size_t>(size));
        QVERIFY(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));
    }
}

void TestGlobalSampler::midEpochReplansKeepCoverage()
{
    GlobalSampler sampler(1000, 32, 3);
    // Re-plans at steps 5 and 17 of a 32-step epoch (the last one short).
    std::vector<Batches> plans;
    for (int s = 0; s < 32; ++s)
        plans.push_back(s < 5 ? Batches{11, 11, 10} : s < 17 ? Batches{5, 17, 10} : Batches{20, 2, 10});
    const auto seen = coverage(sampler, 0, plans);
    QCOMPARE(seen.size(), size_t(1000));
    QVERIFY(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));

    // The global batch of a step is the same set whatever the split.
    const GlobalSampler::Position p{0, 9};
    std::vector<std::int64_t> a, b;
    for (int r = 0; r < 3; ++r) {
        for (auto i : sampler.rankIndices(p, {11, 11, 10}, r))
            a.push_back(i);
        for (auto i : sampler.rankIndices(p, {30, 1, 1}, r))
            b.push_back(i);
    }
    QCOMPARE(a, b);
}

void TestGlobalSampler::randomPlansEveryStep()
{
    hamgam::SeededRandom rng(11);
    for (int round = 0; round < 200; ++round) {
        const std::int64_t size = 1 + static_cast<std::int64_t>(rng.below(500));
        const std::int64_t batch = 1 + static_cast<std::int64_t>(rng.below(64));
        const int ranks = 1 + static_cast<int>(rng.below(6));
        GlobalSampler sampler(size, batch, rng.next());
        std::vector<Batches> plans;
        for (std::int64_t s = 0; s < sampler.stepsPerEpoch(); ++s) {
            std::vector<double> speeds(static_cast<size_t>(ranks));
            for (auto &v : speeds)
                v = rng.uniform() * 10;
            plans.push_back(BatchPlanner::split(speeds, batch).batches);
        }
        const auto seen = coverage(sampler, static_cast<std::int64_t>(rng.below(5)), plans);
        QCOMPARE(seen.size(), static_cast<size_t>(size));
        QVERIFY(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));
    }
}

void TestGlobalSampler::stepBatchDoesNotDependOnThePlan()
{
    GlobalSampler one(77, 8, 5), many(77, 8, 5);
    for (std::int64_t s = 0; s < one.stepsPerEpoch(); ++s) {
        const GlobalSampler::Position p{2, s};
        const auto single = one.rankIndices(p, {one.stepBatch(p)}, 0);
        std::vector<std::int64_t> joined;
        const auto plan = BatchPlanner::split({1.0, 2.0, 3.0}, many.stepBatch(p)).batches;
        for (int r = 0; r < 3; ++r)
            for (auto i : many.rankIndices(p, plan, r))
                joined.push_back(i);
        QCOMPARE(joined, single);
    }
}

QTEST_APPLESS_MAIN(TestGlobalSampler)
#include "tst_globalsampler.moc"
