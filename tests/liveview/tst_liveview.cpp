// The live view under a synthetic stream: 64 nodes x 8 GPUs at 10 Hz keeps
// memory bounded and switches the device plots to a heat map; a small run
// draws one line per device; the doctor and the log fill in; the loss plot
// names an evaluation metric only once the run reports one.
#include "deviceseriesplot.h"
#include "doctorpanel.h"
#include "liverundata.h"
#include "liveview.h"
#include "lossplot.h"
#include "syntheticrun.h"

#include <QLabel>
#include <QTest>

class TestLiveView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void largeRunHasBoundedMemory();
    void smallRunDrawsLines();
    void progressAndEta();
    void evalLegendFollowsTheRun_data();
    void evalLegendFollowsTheRun();
    void doctorShowsTheMostSevereAndCountsTheRest();
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

void TestLiveView::evalLegendFollowsTheRun_data()
{
    QTest::addColumn<QString>("metric");
    QTest::addColumn<QString>("legend");
    QTest::addColumn<QString>("logged");
    QTest::newRow("classifier") << QStringLiteral("accuracy") << QStringLiteral("eval accuracy") << QStringLiteral("accuracy 87.5 %");
    QTest::newRow("gpt") << QStringLiteral("perplexity") << QStringLiteral("eval perplexity") << QStringLiteral("perplexity 3.50");
    QTest::newRow("loss only") << QString() << QStringLiteral("eval loss") << QStringLiteral("loss 1.2528");
}

void TestLiveView::evalLegendFollowsTheRun()
{
    QFETCH(QString, metric);
    QFETCH(QString, legend);
    QFETCH(QString, logged);
    SyntheticRun run(2, 1);
    LiveRunData data;
    data.reset(run.config(), run.nodes());
    LiveView view;
    view.setData(&data);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    LossPlot *plot = view.lossPlot();
    auto legendNames = [plot] {
        QStringList names;
        for (int i = 0; i < plot->legend->itemCount(); ++i) {
            if (auto *item = qobject_cast<QCPPlottableLegendItem *>(plot->legend->item(i)))
                names << item->plottable()->name();
        }
        return names;
    };
    // No evaluation yet (an mlp run with eval.interval 0): the training loss alone.
    for (int i = 0; i < 20; ++i)
        run.tick(data);
    view.refreshNow(true);
    QVERIFY(data.evalMetric().isEmpty());
    QCOMPARE(legendNames(), QStringList{QStringLiteral("training loss")});
    QVERIFY(!plot->yAxis2->visible());

    // The first evaluation names its metric.
    QJsonObject payload{{QStringLiteral("step"), 20}, {QStringLiteral("loss"), 1.25281}, {QStringLiteral("samples"), 1000}};
    if (metric == QLatin1String("accuracy"))
        payload.insert(metric, 0.875);
    else if (metric == QLatin1String("perplexity"))
        payload.insert(metric, 3.5);
    RunEvent eval;
    eval.runId = QStringLiteral("synthetic");
    eval.source = run.nodes().first().key;
    eval.kind = QStringLiteral("eval");
    eval.rank = 0;
    eval.timeMs = 1764500000000 + 2500;
    eval.payload = payload;
    data.addEvent(eval);
    view.refreshNow(true);
    QCOMPARE(data.evalMetric(), metric.isEmpty() ? QStringLiteral("loss") : metric);
    QCOMPARE(legendNames(), (QStringList{QStringLiteral("training loss"), legend}));
    QVERIFY(plot->yAxis2->visible());
    QVERIFY2(data.log().back().text().contains(logged), qPrintable(data.log().back().text()));

    // A new run starts without a metric again.
    data.reset(run.config(), run.nodes());
    view.refreshNow(true);
    QVERIFY(data.evalMetric().isEmpty());
    QCOMPARE(legendNames(), QStringList{QStringLiteral("training loss")});
}

QTEST_MAIN(TestLiveView)
void TestLiveView::doctorShowsTheMostSevereAndCountsTheRest()
{
    // A 64 x 8 lab can have a finding per device: the panel shows the most
    // severe few and one line for the rest, and keeps its rows between updates.
    DoctorPanel panel;
    QList<UtilizationDoctor::Finding> findings;
    for (int i = 0; i < 200; ++i) {
        UtilizationDoctor::Finding f;
        f.reason = UtilizationDoctor::Reason::WaitingOnStragglers;
        f.node = QStringLiteral("node%1").arg(i);
        f.device = 0;
        f.evidence = QStringLiteral("evidence %1").arg(i);
        f.action = QStringLiteral("action");
        f.severity = i == 150 ? 0.99 : 0.1;
        findings.append(f);
    }
    panel.setFindings(findings);
    QCOMPARE(panel.findingCount(), 200);
    QStringList shown = panel.shownTexts();
    QCOMPARE(shown.size(), DoctorPanel::kMaxShown + 1);
    QVERIFY2(shown.first().contains(QStringLiteral("node150")), qPrintable(shown.first()));
    QVERIFY(shown.last().contains(QString::number(200 - DoctorPanel::kMaxShown)));
    const int rows = panel.findChildren<QLabel *>().size();

    findings.resize(2);
    panel.setFindings(findings);
    QCOMPARE(panel.shownTexts().size(), 2);
    panel.setFindings({});
    QCOMPARE(panel.shownTexts().size(), 1);
    panel.setFindings(findings + findings + findings + findings + findings + findings + findings);
    QCOMPARE(panel.shownTexts().size(), DoctorPanel::kMaxShown + 1);
    QCOMPARE(panel.findChildren<QLabel *>().size(), rows); // rows reused, none created again
}

#include "tst_liveview.moc"
