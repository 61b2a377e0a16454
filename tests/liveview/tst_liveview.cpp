// The live view under a synthetic stream: 64 nodes x 8 GPUs at 10 Hz keeps
// memory bounded and switches the device plots to a heat map; a small run
// draws one line per device; the doctor and the log fill in.
#include "deviceseriesplot.h"
#include "doctorpanel.h"
#include "liverundata.h"
#include "liveview.h"
#include "syntheticrun.h"

#include <QTest>

class TestLiveView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void largeRunHasBoundedMemory();
    void smallRunDrawsLines();
    void progressAndEta();
};

void TestLiveView::largeRunHasBoundedMemory()
{
    SyntheticRun run(64, 8);
    LiveRunData data(120, 10, 4000);
    data.reset(run.config(), run.nodes());
    LiveView view;
    view.resize(1366, 768);
    view.setData(&data);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));

    // 10 s at 10 Hz, drawn as it comes.
    for (int i = 0; i < 100; ++i) {
        run.tick(data);
        view.refreshNow();
    }
    QVERIFY(view.utilizationPlot()->isHeatMap());
    const qint64 after10s = data.storedPoints();
    QCOMPARE(data.deviceSlots().size(), 512);
    QVERIFY(view.redraws() > 0);

    // Ten minutes more: the window of device history is full, the run-long series are decimated.
    for (int i = 0; i < 6000; ++i)
        run.tick(data);
    view.refreshNow();
    const qint64 bound = 512 * 2 * 1200 + 4 * 4000 + LiveRunData::kLogCapacity + 4000 * 64;
    QVERIFY2(data.storedPoints() <= bound, qPrintable(QString::number(data.storedPoints())));
    QVERIFY(data.storedPoints() > after10s);
    QVERIFY(data.lossByStep().size() <= 4000);
    QCOMPARE(data.step(), run.ticks());
    QVERIFY(!data.replanSteps().isEmpty());
    QVERIFY(!data.log().empty());
}

void TestLiveView::smallRunDrawsLines()
{
    SyntheticRun run(3, 1);
    LiveRunData data;
    data.reset(run.config(), run.nodes());
    LiveView view;
    view.setData(&data);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    for (int i = 0; i < 30; ++i)
        run.tick(data);
    view.refreshNow(true);
    QVERIFY(!view.utilizationPlot()->isHeatMap());
    QCOMPARE(view.utilizationPlot()->graphCount(), 3);
    QCOMPARE(view.utilizationPlot()->graph(0)->dataCount(), 30);
    // Node 0 is fast and waits for the others: the doctor says so.
    QVERIFY(view.doctor()->findingCount() >= 1);
    const auto findings = data.diagnose(1764500000000 + 3000);
    QVERIFY(std::any_of(findings.cbegin(), findings.cend(),
                        [](const auto &f) { return f.reason == UtilizationDoctor::Reason::WaitingOnStragglers && f.node == QLatin1String("node00"); }));
}

void TestLiveView::progressAndEta()
{
    SyntheticRun run(2, 1);
    RunConfig config = run.config();
    config.steps = 200;
    LiveRunData data;
    data.reset(config, run.nodes());
    for (int i = 0; i < 50; ++i)
        run.tick(data);
    QCOMPARE(data.step(), 50);
    QCOMPARE(data.totalSteps(), 200);
    // 49 step intervals of 100 ms: 150 steps left take 15 s.
    QCOMPARE(qRound(data.etaSeconds()), 15);
}

QTEST_MAIN(TestLiveView)
#include "tst_liveview.moc"
