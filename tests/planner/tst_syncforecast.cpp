// SyncForecast: each mode's predicted step on a measured link, auto's choice,
// and the fastest node alone (issue #32, items 4 and 5).
#include "syncforecast.h"

#include <QTest>

using namespace hamgam;

namespace {
// The 3-node lab of docs/benchmarks.md: speeds 0.9 : 0.54 : 0.27, 300 samples/s in all.
SyncForecast::Measurement lab(double linkBytesPerS)
{
    SyncForecast::Measurement m;
    m.linkBytesPerS = linkBytesPerS;
    m.exactBytesPerStep = 8e6; // a 1 M-parameter fp32 gradient, ring all-reduce over 3 nodes
    m.otherMs = 10;
    m.nodeSamplesPerS = {157.9, 94.7, 47.4};
    m.nodeNames = {"alpha", "beta", "gamma"};
    return m;
}
} // namespace

class TestSyncForecast : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void eachModeIsComputationPlusItsShareOfTheLink()
    {
        // 192 samples at 300 samples/s: 640 ms of computation; 8 MB at 10 MB/s: 800 ms.
        const auto f = SyncForecast::forecast(lab(10e6), 192);
        QCOMPARE(f.modes.size(), size_t(4));
        QCOMPARE(f.exact().mode, std::string("exact"));
        QVERIFY(qAbs(f.exact().stepMs - (640.0 + 10 + 800)) < 1.0);
        QVERIFY(qAbs(f.exact().networkShare - 800.0 / 1450) < 1e-3);
        QCOMPARE(f.modes[2].mode, std::string("local"));
        QCOMPARE(f.modes[2].every, std::int64_t(16));
        QVERIFY(qAbs(f.modes[2].stepMs - (640.0 + 10 + 50)) < 1.0);
        QCOMPARE(f.fastest, size_t(3)); // H = 64 sends least
        QCOMPARE(f.fastestNode, 0);
        QVERIFY(qAbs(f.fastestAloneMs - (1000.0 * 192 / 157.9 + 10)) < 1.0);
        QVERIFY(f.speedup(f.modes[2]) > 2.0);
    }

    void autoStaysExactOnAFastLink()
    {
        // 1 GB/s: 8 ms of network against 650 ms of the rest; local would gain about 1 %.
        const auto f = SyncForecast::forecast(lab(1e9), 192);
        const auto pick = SyncForecast::pickAuto(f, 16);
        QCOMPARE(pick.mode, std::string("exact"));
        QVERIFY(!f.slowerThanAlone());
    }

    void autoGoesLocalOnASlowLinkWithinItsLongestRound()
    {
        const auto f = SyncForecast::forecast(lab(10e6), 192);
        const auto pick = SyncForecast::pickAuto(f, 16);
        QCOMPARE(pick.mode, std::string("local"));
        QCOMPARE(pick.every, std::int64_t(16)); // 64 is faster, but longer than the run allows
        QCOMPARE(SyncForecast::pickAuto(f, 4).every, std::int64_t(4));
        QCOMPARE(SyncForecast::pickAuto(f, 1).mode, std::string("exact"));
    }

    void aGroupSlowerThanItsFastestNodeSaysSo()
    {
        // 100 kB/s: even one exchange in 64 steps costs 1.25 s a step.
        auto m = lab(100e3);
        const auto f = SyncForecast::forecast(m, 192);
        QVERIFY(f.slowerThanAlone());
        QCOMPARE(f.fastestNode, 0);
        // One fast node and two that add under 1 % of its speed: even H = 64's
        // exchange costs more than they save, but not on a fast link.
        m = lab(10e6);
        m.nodeSamplesPerS = {300, 1, 1};
        QVERIFY(SyncForecast::forecast(m, 192).slowerThanAlone());
        m.linkBytesPerS = 1e9;
        QVERIFY(!SyncForecast::forecast(m, 192).slowerThanAlone());
    }

    void noForecastWithoutAMeasurement()
    {
        auto m = lab(0);
        QVERIFY(!m.usable());
        QVERIFY(SyncForecast::forecast(m, 192).modes.empty());
        m = lab(10e6);
        m.nodeSamplesPerS = {100, 0, 50}; // a node not measured yet
        QVERIFY(!m.usable());
        m.nodeSamplesPerS = {100};
        QVERIFY(!m.usable()); // one machine has no link to forecast
        QCOMPARE(SyncForecast::pickAuto(SyncForecast::forecast(m, 192), 16).mode, std::string("exact"));
    }
};

QTEST_APPLESS_MAIN(TestSyncForecast)
#include "tst_syncforecast.moc"
