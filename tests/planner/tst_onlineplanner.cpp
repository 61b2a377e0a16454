// OnlinePlanner: profiling, EWMA, periodic re-planning with hysteresis, and
// state that survives a restart.
#include "batchplanner.h"
#include "onlineplanner.h"

#include <QTest>

using hamgam::BatchPlanner;
using hamgam::OnlinePlanner;
using Batches = std::vector<std::int64_t>;

class TestOnlinePlanner : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void equalSpeedsKeepTheEqualPlan();
    void profilingFindsTheSpeeds();
    void warmUpStepIsNotMeasured();
    void slowdownMidRunShrinksTheBatch();
    void hysteresisIgnoresSmallGains();
    void notAdaptiveNeverChanges();
    void rankWithoutSamplesIsAssumedAverage();
    void restoredStateContinuesIdentically();
    void capsAreRespected();
    void measuredCapForcesAMemoryReplan();
    void measuredCapAppliesToFixedPlans();
    void accumulatingPlanIsNotAlwaysReplanned();

private:
    // Feeds `steps` steps where rank i takes secondsPerSample[i] per sample under the current plan.
    static std::vector<OnlinePlanner::Decision> run(OnlinePlanner &planner,
                                                    const std::vector<double> &secondsPerSample, int steps)
    {
        std::vector<OnlinePlanner::Decision> decisions;
        for (int s = 0; s < steps; ++s) {
            const Batches b = planner.plan();
            std::vector<double> compute(b.size());
            for (size_t i = 0; i < b.size(); ++i)
                compute[i] = static_cast<double>(b[i]) * secondsPerSample[i];
            planner.observe(b, compute);
            if (auto d = planner.decide())
                decisions.push_back(*d);
        }
        return decisions;
    }
};

void TestOnlinePlanner::equalSpeedsKeepTheEqualPlan()
{
    OnlinePlanner planner({3, 5, 0.05, 0.3, true}, 32, {11, 11, 10});
    const auto decisions = run(planner, {0.01, 0.01, 0.01}, 40);
    QVERIFY(decisions.empty());
    QCOMPARE(planner.plan(), (Batches{11, 11, 10}));
}

void TestOnlinePlanner::profilingFindsTheSpeeds()
{
    OnlinePlanner planner({3, 5, 0.05, 0.3, true}, 30, {15, 15});
    const auto decisions = run(planner, {0.01, 0.02}, 3);
    QCOMPARE(decisions.size(), size_t(1));
    QCOMPARE(decisions[0].reason, std::string("profiled"));
    QCOMPARE(decisions[0].oldPlan, (Batches{15, 15}));
    QCOMPARE(decisions[0].newPlan, (Batches{20, 10}));
    QCOMPARE(decisions[0].predictedOldSeconds, 0.3);
    QCOMPARE(decisions[0].predictedNewSeconds, 0.2);
    QVERIFY(qAbs(decisions[0].predictedGain - 1.0 / 3.0) < 1e-12);
}

void TestOnlinePlanner::warmUpStepIsNotMeasured()
{
    OnlinePlanner planner({3, 5, 0.05, 1.0, true}, 20, {10, 10});
    planner.observe({10, 10}, {5.0, 0.1}); // rank 0's first step is slow for reasons other than speed
    planner.observe({10, 10}, {0.1, 0.1});
    planner.observe({10, 10}, {0.1, 0.1});
    QVERIFY(!planner.decide());
    QCOMPARE(planner.secondsPerSample()[0], 0.01);
}

void TestOnlinePlanner::slowdownMidRunShrinksTheBatch()
{
    // As the engine test does: rank 1 becomes twice as slow at step 20; within
    // K steps its share must be about a third.
    OnlinePlanner planner({3, 4, 0.01, 0.5, true}, 60, {30, 30});
    QVERIFY(run(planner, {0.01, 0.01}, 20).empty());
    const auto decisions = run(planner, {0.01, 0.02}, 4);
    QCOMPARE(decisions.size(), size_t(1));
    QCOMPARE(decisions[0].reason, std::string("periodic"));
    QVERIFY2(planner.plan()[1] <= 23 && planner.plan()[1] >= 18, "rank 1 should get about 20 of 60");
    run(planner, {0.01, 0.02}, 12);
    QCOMPARE(planner.plan(), (Batches{40, 20}));
}

void TestOnlinePlanner::hysteresisIgnoresSmallGains()
{
    OnlinePlanner planner({2, 2, 0.10, 1.0, true}, 100, {50, 50});
    // 5 % faster: the proposal improves the step by about 2.5 %, under the margin.
    QVERIFY(run(planner, {0.0100, 0.0105}, 20).empty());
    QCOMPARE(planner.plan(), (Batches{50, 50}));
    // 50 % slower: well above it.
    QVERIFY(!run(planner, {0.010, 0.015}, 4).empty());
    QCOMPARE(planner.plan(), (Batches{60, 40}));
}

void TestOnlinePlanner::notAdaptiveNeverChanges()
{
    OnlinePlanner planner({1, 1, 0.0, 1.0, false}, 30, {5, 17, 8});
    QVERIFY(run(planner, {0.01, 0.05, 0.001}, 30).empty());
    QCOMPARE(planner.plan(), (Batches{5, 17, 8}));
}

void TestOnlinePlanner::rankWithoutSamplesIsAssumedAverage()
{
    // B < N: rank 2 never computes; it is treated as average and keeps its chance.
    OnlinePlanner planner({2, 1, 0.0, 1.0, true}, 2, {1, 1, 0});
    run(planner, {0.01, 0.03, 1.0}, 2);
    QCOMPARE(planner.secondsPerSample()[2], 0.0);
    QCOMPARE(planner.plan(), (Batches{1, 0, 1}));
}

void TestOnlinePlanner::restoredStateContinuesIdentically()
{
    OnlinePlanner a({3, 4, 0.05, 0.3, true}, 64, {32, 32});
    run(a, {0.01, 0.013}, 9);
    OnlinePlanner b({3, 4, 0.05, 0.3, true}, 64, {32, 32});
    b.restore(a.state());
    const auto da = run(a, {0.01, 0.03}, 12);
    const auto db = run(b, {0.01, 0.03}, 12);
    QCOMPARE(da.size(), db.size());
    QCOMPARE(a.plan(), b.plan());
    QCOMPARE(a.secondsPerSample(), b.secondsPerSample());
}

void TestOnlinePlanner::capsAreRespected()
{
    OnlinePlanner planner({2, 2, 0.0, 1.0, true}, 40, {20, 20}, {25, 0});
    run(planner, {0.001, 0.1}, 4);
    QCOMPARE(planner.plan(), (Batches{25, 15}));
}

// A cap measured mid-run below a rank's batch moves samples off it at the
// next decision, whatever the margin and outside the re-plan interval.
void TestOnlinePlanner::measuredCapForcesAMemoryReplan()
{
    OnlinePlanner planner({2, 50, 0.5, 1.0, true}, 60, {20, 20, 20});
    run(planner, {0.001, 0.002, 0.004}, 2); // profiled
    QCOMPARE(planner.plan(), (Batches{34, 17, 9}));
    planner.limitCaps({30, 0, 0});
    QCOMPARE(planner.caps(), (Batches{30, 0, 0}));
    const auto decisions = run(planner, {0.001, 0.002, 0.004}, 1);
    QCOMPARE(decisions.size(), size_t(1));
    QCOMPARE(decisions[0].reason, std::string("memory"));
    QCOMPARE(planner.plan()[0], std::int64_t(30));
    QCOMPARE(planner.plan()[0] + planner.plan()[1] + planner.plan()[2], std::int64_t(60));
    // A cap is never raised by a later, larger measurement, and 0 changes nothing.
    planner.limitCaps({40, 0, 25});
    QCOMPARE(planner.caps(), (Batches{30, 0, 25}));
    QVERIFY(run(planner, {0.001, 0.002, 0.004}, 1).empty()); // the plan fits: no decision
}

// A fixed plan keeps its shares under a measured cap: the rank above it
// computes its share in passes (gradient accumulation) instead.
void TestOnlinePlanner::measuredCapAppliesToFixedPlans()
{
    OnlinePlanner planner({2, 2, 0.0, 1.0, false}, 40, {20, 20});
    QVERIFY(run(planner, {0.001, 0.001}, 3).empty());
    planner.limitCaps({0, 12});
    QVERIFY(run(planner, {0.001, 0.001}, 3).empty());
    QCOMPARE(planner.plan(), (Batches{20, 20}));
    QCOMPARE(BatchPlanner::microBatches(planner.plan(), planner.caps()), std::int64_t(2));
}

// An adaptive plan whose shares already need passes is not re-planned at
// every step: only for the usual reasons (profiled, periodic, over the margin).
void TestOnlinePlanner::accumulatingPlanIsNotAlwaysReplanned()
{
    OnlinePlanner planner({2, 50, 0.5, 1.0, true}, 60, {20, 20, 20}, {10, 10, 10});
    QCOMPARE(BatchPlanner::microBatches(planner.plan(), planner.caps()), std::int64_t(2));
    const auto decisions = run(planner, {0.001, 0.001, 0.001}, 6);
    QVERIFY2(decisions.empty(), decisions.empty() ? "" : decisions[0].reason.c_str());
}

QTEST_APPLESS_MAIN(TestOnlinePlanner)
#include "tst_onlineplanner.moc"
