// The live view under a synthetic stream: 64 nodes x 8 GPUs at 10 Hz keeps
// memory bounded and switches the device plots to a heat map; a small run
// draws one line per device; the doctor and the log fill in; the loss plot
// names an evaluation metric only once the run reports one.
#include "deviceseriesplot.h"
#include "doctorpanel.h"
#include "liverundata.h"
#include "liveview.h"
#include "lossplot.h"
#include "noderegistry.h"
#include "runsession.h"
#include "syntheticrun.h"
#include "testsupport.h"
#include "translations.h"

#include <QApplication>
#include <QImage>
#include <QLabel>
#include <QProgressBar>
#include <QTest>

class TestLiveView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void largeRunHasBoundedMemory();
    void smallRunDrawsLines();
    void progressAndEta();
    void progressReadsInPersian();
    void evalLegendFollowsTheRun_data();
    void evalLegendFollowsTheRun();
    void doctorShowsTheMostSevereAndCountsTheRest();
    void evalIsDrawnAgainstStepAndWallTime();
    void legendNamesUpToSixteenLines_data();
    void legendNamesUpToSixteenLines();
    void startUpPhaseBeforeStepOne();
    void splitAndDoctorReadTheSameWindow();
    void valuesOnHover();
    void accuracyIsAPercentageAboveTheCurves();
    void doctorIconsAreExplained();
    void aLongReasonWrapsAndNeverWidensTheWindow();
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
    // The view shows a session's run: its data, and its doctor's findings.
    TestSupport::Controller controller = TestSupport::makeController();
    NodeRegistry registry(controller.profile.identity(), controller.profile.pins());
    RunSession session(registry, nullptr);
    SyntheticRun run(3, 1);
    LiveRunData &data = session.data();
    data.reset(run.config(), run.nodes());
    LiveView view;
    view.setSession(&session);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    for (int i = 0; i < 30; ++i)
        run.tick(data);
    session.diagnose(); // as its timer does once a second
    view.refreshNow(true);
    QVERIFY(!view.utilizationPlot()->isHeatMap());
    QCOMPARE(view.utilizationPlot()->graphCount(), 3);
    QCOMPARE(view.utilizationPlot()->graph(0)->dataCount(), 30);
    // Node 0 is fast and waits for the others: the doctor says so.
    QVERIFY(view.doctor()->findingCount() >= 1);
    const auto findings = data.diagnose(1764500000000 + 3000);
    QVERIFY(std::any_of(findings.cbegin(), findings.cend(), [](const auto &f) {
        return f.reason == UtilizationDoctor::Reason::WaitingOnStragglers &&
               f.node == QLatin1String("node00");
    }));
}

// Issue #29, item 13: a failure reason with Gloo's internals (long tokens without a space) widened the
// window past the screen. It wraps under the title, and the view asks for no more width than before.
void TestLiveView::aLongReasonWrapsAndNeverWidensTheWindow()
{
    LiveView view;
    view.resize(900, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setTitle(QStringLiteral("mnist (20261205-abcd)"), QStringLiteral("Failed"));
    const int before = view.minimumSizeHint().width();
    const QString reason =
        QStringLiteral(
            "Failed: local1, rank 1: [enforce fail at "
            "/build/pytorch/third_party/gloo/gloo/transport/tcp/pair.cc:446] op.preamble.length <= "
            "op.nbytes. 881550 vs 4 (local1: 2 workers failed) ") +
        QString(400, QLatin1Char('x'));
    view.setTitle(QStringLiteral("mnist (20261205-abcd)"), reason);
    QApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QApplication::processEvents();
    QCOMPARE(view.minimumSizeHint().width(), before);
    QVERIFY(view.statusLabel()->width() <= view.width());
    // Wrapped: several lines high, and nothing of it lost.
    QVERIFY2(view.statusLabel()->height() > 2 * view.statusLabel()->fontMetrics().height(),
             qPrintable(QString::number(view.statusLabel()->height())));
    QCOMPARE(QString(view.statusLabel()->text()).remove(QChar(0x200B)), reason);
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

void TestLiveView::progressReadsInPersian()
{
    // The step count must be readable in a right-to-left interface too: it is
    // drawn, dark on light, beside the bar (Fusion drew it white on white in it).
    Translations translations;
    if (!translations.setLanguage(QStringLiteral("fa")))
        QSKIP("no Persian catalogue embedded");
    SyntheticRun run(2, 1);
    RunConfig config = run.config();
    config.steps = 200;
    LiveRunData data;
    data.reset(config, run.nodes());
    for (int i = 0; i < 50; ++i)
        run.tick(data);
    LiveView view;
    view.resize(1280, 760);
    view.setData(&data);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.refreshNow(true);
    QCoreApplication::processEvents();
    QCOMPARE(view.layoutDirection(), Qt::RightToLeft);
    QLabel *label = view.progressLabel();
    QCOMPARE(label->text(), QStringLiteral("گام ۵۰ از ۲۰۰"));
    QVERIFY(label->isVisible());
    QVERIFY2(label->width() >= label->sizeHint().width(), "the step count is cut");
    // Right to left: the count comes first, on the right of its bar.
    auto *bar = view.findChild<QProgressBar *>();
    QVERIFY(bar);
    QVERIFY(label->geometry().left() >= bar->geometry().right());

    const QImage image = view.grab().toImage();
    if (qEnvironmentVariableIsSet("HAMGAM_LIVEVIEW_PNG"))
        image.save(qEnvironmentVariable("HAMGAM_LIVEVIEW_PNG"));
    const QRect area(label->mapTo(&view, QPoint(0, 0)) * image.devicePixelRatio(),
                     label->size() * image.devicePixelRatio());
    int dark = 0;
    for (int y = area.top(); y <= area.bottom(); ++y) {
        for (int x = area.left(); x <= area.right(); ++x)
            dark += qGray(image.pixel(x, y)) < 110 ? 1 : 0;
    }
    QVERIFY2(dark > 30, qPrintable(QStringLiteral("%1 dark pixels where the step count is").arg(dark)));
    translations.setLanguage(QStringLiteral("en"));
}

void TestLiveView::evalLegendFollowsTheRun_data()
{
    QTest::addColumn<QString>("metric");
    QTest::addColumn<QString>("legend");
    QTest::addColumn<QString>("logged");
    QTest::newRow("classifier") << QStringLiteral("accuracy") << QStringLiteral("eval accuracy")
                                << QStringLiteral("accuracy 87.5 %");
    QTest::newRow("gpt") << QStringLiteral("perplexity") << QStringLiteral("eval perplexity")
                         << QStringLiteral("perplexity 3.50");
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
    QJsonObject payload{
        {QStringLiteral("step"), 20}, {QStringLiteral("loss"), 1.25281}, {QStringLiteral("samples"), 1000}};
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

// Issue #21: "step 0 of 300" and an empty bar for 25 s while the workers started.
void TestLiveView::startUpPhaseBeforeStepOne()
{
    SyntheticRun run(2, 1);
    RunConfig config = run.config();
    config.steps = 200;
    LiveRunData data;
    data.reset(config, run.nodes());
    LiveView view;
    view.resize(1280, 760);
    view.setData(&data);
    auto event = [&](const QString &kind, int rank, const QJsonObject &payload = {}) {
        RunEvent e;
        e.kind = kind;
        e.rank = rank;
        e.source = rank >= 0 ? run.nodes()[rank].key : QStringLiteral("controller");
        e.timeMs = 1764500000000;
        e.payload = payload;
        data.addEvent(e);
        view.refreshNow(true);
        return view.progressLabel()->text();
    };
    QCOMPARE(event(QStringLiteral("launch"), -1), QStringLiteral("Starting the workers on every machine…"));
    QCOMPARE(event(QStringLiteral("ready"), 0),
             QStringLiteral("Loading the data and building the model: 1 of 2 workers ready"));
    QCOMPARE(event(QStringLiteral("ready"), 1),
             QStringLiteral("Every worker is ready; the first step is under way…"));
    run.tick(data);
    view.refreshNow(true);
    QCOMPARE(view.progressLabel()->text(),
             QStringLiteral("step 1 of 200 — measuring each device's speed to plan the batches"));
    for (int i = 0; i < 4; ++i)
        run.tick(data);
    view.refreshNow(true);
    QCOMPARE(view.progressLabel()->text(), QStringLiteral("step 5 of 200"));
}

// Issue #21: the doctor said 72 % wait while the step split showed almost none: one window, named.
void TestLiveView::splitAndDoctorReadTheSameWindow()
{
    Translations translations; // English plurals
    QVERIFY(translations.setLanguage(QStringLiteral("en")));
    SyntheticRun run(2, 1);
    LiveRunData data;
    data.reset(run.config(), run.nodes());
    LiveView view;
    view.setData(&data);
    for (int i = 0; i < 5; ++i)
        run.tick(data);
    view.refreshNow(true);
    QCOMPARE(view.captions().at(2)->text(),
             QStringLiteral("Where each node's step goes (mean of its last 5 steps)"));
    QVERIFY2(view.doctor()->windowText().startsWith(QLatin1String("Over the last 5 steps")),
             qPrintable(view.doctor()->windowText()));
    for (int i = 0; i < 40; ++i)
        run.tick(data);
    view.refreshNow(true);
    QCOMPARE(data.splitWindowSteps(), LiveRunData::kSplitWindow);
    QCOMPARE(view.captions().at(2)->text(),
             QStringLiteral("Where each node's step goes (mean of its last 20 steps)"));
    // A rank that waits on every other step: the mean of the window, for the plot and for the doctor alike.
    for (int s = 0; s < LiveRunData::kSplitWindow; ++s) {
        RunEvent e;
        e.kind = QStringLiteral("step");
        e.rank = 0;
        e.source = run.nodes()[0].key;
        e.payload = {{QStringLiteral("step"), 1000 + s},
                     {QStringLiteral("compute_ms"), 50.0},
                     {QStringLiteral("wait_ms"), s % 2 ? 100.0 : 0.0},
                     {QStringLiteral("local_batch"), 32}};
        data.addEvent(e);
    }
    QCOMPARE(data.rankSplit(0).waitMs, 50.0);
    QCOMPARE(data.nodeSplit(0).waitMs, 50.0);
}

void TestLiveView::valuesOnHover()
{
    Translations translations;
    QVERIFY(translations.setLanguage(QStringLiteral("en")));
    SyntheticRun run(2, 1);
    LiveRunData data;
    data.reset(run.config(), run.nodes());
    for (int i = 0; i < 30; ++i)
        run.tick(data);
    LiveView view;
    view.resize(1280, 760);
    view.setData(&data);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.refreshNow(true);
    for (LivePlot *p : view.plots())
        p->replot();
    auto at = [](QCustomPlot *plot, QCPGraph *g, int index) {
        const auto point = g->data()->constBegin() + index;
        return QPoint(int(g->keyAxis()->coordToPixel(point->key)),
                      int(g->valueAxis()->coordToPixel(point->value)));
    };
    // A device's utilization, and its memory as used of total.
    QCustomPlot *utilization = view.utilizationPlot();
    QString text = view.utilizationPlot()->hoverText(at(utilization, utilization->graph(0), 20));
    QVERIFY2(text.contains(QLatin1String("(node00): ")) && text.contains(QLatin1String("% busy")),
             qPrintable(text));
    LivePlot *memory = view.plots().at(1);
    text = memory->hoverText(at(memory, memory->graph(0), 20));
    QVERIFY2(text.contains(QLatin1String("of 24.0 GB in use")), qPrintable(text));
    // A node's step split, in ms and shares.
    LivePlot *split = view.plots().at(2);
    text = split->hoverText(QPoint(int(split->xAxis->coordToPixel(0)), int(split->yAxis->coordToPixel(10))));
    QVERIFY2(text.startsWith(QLatin1String("node00: ")) && text.contains(QLatin1String("wait: ")) &&
                 text.contains(QLatin1String("%")),
             qPrintable(text));
    // The loss curve, and nothing over empty space.
    LossPlot *loss = view.lossPlot();
    text = loss->hoverText(at(loss, loss->graph(0), 10));
    QVERIFY2(text.startsWith(QLatin1String("training loss: ")), qPrintable(text));
    QCOMPARE(loss->hoverText(QPoint(2, 2)), QString());
}

void TestLiveView::accuracyIsAPercentageAboveTheCurves()
{
    SyntheticRun run(2, 1);
    LiveRunData data;
    data.reset(run.config(), run.nodes());
    for (int i = 0; i < 30; ++i)
        run.tick(data);
    for (double accuracy : {0.5, 1.0}) {
        RunEvent eval;
        eval.kind = QStringLiteral("eval");
        eval.rank = 0;
        eval.source = run.nodes()[0].key;
        eval.timeMs = 1764500003000 + int(accuracy * 10);
        eval.payload = {{QStringLiteral("step"), accuracy < 1 ? 10 : 30},
                        {QStringLiteral("accuracy"), accuracy}};
        data.addEvent(eval);
    }
    LiveView view;
    view.resize(1280, 760);
    view.setData(&data);
    view.refreshNow(true);
    LossPlot *loss = view.lossPlot();
    QCOMPARE(loss->yAxis2->label(), QStringLiteral("accuracy (%)"));
    // The whole scale, with the mark at 100 % inside it.
    QVERIFY(loss->yAxis2->range().lower <= 0 && loss->yAxis2->range().upper > 100);
    QCOMPARE((loss->graph(1)->data()->constEnd() - 1)->value, 100.0);
    // The legend above the plot, not over the curves.
    QVERIFY(loss->legend->layout() != loss->axisRect()->insetLayout());
}

void TestLiveView::doctorIconsAreExplained()
{
    DoctorPanel panel;
    UtilizationDoctor::Finding severe{UtilizationDoctor::Reason::WaitingOnStragglers,
                                      QStringLiteral("box-a"),
                                      0,
                                      0,
                                      QStringLiteral("waits"),
                                      QStringLiteral("use hdp"),
                                      0.9};
    UtilizationDoctor::Finding mild = severe;
    mild.severity = 0.2;
    panel.setFindings({severe, mild});
    QCOMPARE(panel.iconMeanings(),
             (QStringList{QStringLiteral("Needs attention: this holds a device back noticeably"),
                          QStringLiteral("Worth knowing: this holds a device back a little")}));
    QVERIFY2(panel.windowText().contains(QLatin1String("needs attention")), qPrintable(panel.windowText()));
    panel.setFindings({});
    QCOMPARE(panel.iconMeanings(), QStringList{QStringLiteral("All clear")});
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

void TestLiveView::evalIsDrawnAgainstStepAndWallTime()
{
    // Two evaluations, after steps 10 and 50, 1.0 s and 5.0 s after the run's
    // first telemetry: the metric is drawn on either axis, at the same values.
    SyntheticRun run(2, 1);
    LiveRunData data;
    data.reset(run.config(), run.nodes());
    LiveView view;
    view.setData(&data);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    auto evaluate = [&](int step, qint64 atMs, double accuracy) {
        for (int rank = 0; rank < 2; ++rank) { // every rank reports it; one point is kept
            RunEvent eval;
            eval.runId = QStringLiteral("synthetic");
            eval.source = run.nodes()[rank].key;
            eval.kind = QStringLiteral("eval");
            eval.rank = rank;
            eval.timeMs = 1764500000000 + atMs;
            eval.payload = QJsonObject{{QStringLiteral("step"), step},
                                       {QStringLiteral("loss"), 0.5},
                                       {QStringLiteral("accuracy"), accuracy}};
            data.addEvent(eval);
        }
    };
    for (int i = 0; i < 10; ++i)
        run.tick(data);
    evaluate(10, 1000, 0.70);
    for (int i = 0; i < 40; ++i)
        run.tick(data);
    evaluate(50, 5000, 0.85);
    QCOMPARE(data.evalByStep().size(), 2);
    QCOMPARE(data.evalByTime().size(), 2);

    LossPlot *plot = view.lossPlot();
    QCPGraph *eval = plot->graph(1);
    auto points = [eval] {
        QList<QPointF> out;
        for (auto it = eval->data()->constBegin(); it != eval->data()->constEnd(); ++it)
            out.append({it->key, it->value});
        return out;
    };
    auto inLegend = [plot](QCPAbstractPlottable *p) { return plot->legend->hasItemWithPlottable(p); };

    view.refreshNow(true);
    QVERIFY(!plot->wallTime());
    // Accuracy as a percentage (issue #21: the axis runs 0–100 %).
    QCOMPARE(points(), (QList<QPointF>{{10, 70.0}, {50, 85.0}}));
    QVERIFY(eval->visible() && inLegend(eval) && plot->yAxis2->visible());

    plot->setWallTime(true);
    view.refreshNow(true);
    QCOMPARE(points(), (QList<QPointF>{{1.0, 70.0}, {5.0, 85.0}}));
    QVERIFY(eval->visible() && inLegend(eval) && plot->yAxis2->visible());
    QCOMPARE(eval->name(), QStringLiteral("eval accuracy"));
    // Both evaluations inside the time axis, the last one just after the last step (4.9 s).
    QVERIFY2(plot->xAxis->range().contains(1.0) && plot->xAxis->range().contains(5.0),
             qPrintable(
                 QStringLiteral("%1 .. %2").arg(plot->xAxis->range().lower).arg(plot->xAxis->range().upper)));
    QVERIFY(plot->yAxis2->range().contains(70) && plot->yAxis2->range().contains(85));

    // And back to steps.
    plot->setWallTime(false);
    view.refreshNow(true);
    // Accuracy as a percentage (issue #21: the axis runs 0–100 %).
    QCOMPARE(points(), (QList<QPointF>{{10, 70.0}, {50, 85.0}}));
}

void TestLiveView::legendNamesUpToSixteenLines_data()
{
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("gpus");
    QTest::addColumn<int>("columns");
    QTest::newRow("8 lines, one column") << 4 << 2 << 1;
    QTest::newRow("9 lines") << 9 << 1 << 3;
    QTest::newRow("12 lines") << 3 << 4 << 3;
    QTest::newRow("16 lines") << 4 << 4 << 4;
}

void TestLiveView::legendNamesUpToSixteenLines()
{
    // Every device line is named up to kMaxLines: beyond one column's worth,
    // in columns of at most four rows, the first column at the leading side.
    QFETCH(int, nodes);
    QFETCH(int, gpus);
    QFETCH(int, columns);
    SyntheticRun run(nodes, gpus);
    LiveRunData data;
    data.reset(run.config(), run.nodes());
    DeviceSeriesPlot plot(DeviceSeriesPlot::Metric::Utilization);
    plot.resize(640, 260);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    for (int i = 0; i < 5; ++i)
        run.tick(data);
    plot.refresh(data, true);
    const int lines = nodes * gpus;
    QVERIFY(!plot.isHeatMap());
    QCOMPARE(plot.graphCount(), lines);
    QVERIFY(plot.legend->visible());
    QCOMPARE(plot.legend->itemCount(), lines);
    QCOMPARE(plot.legend->columnCount(), columns);
    QVERIFY(plot.legend->rowCount() <= (columns == 1 ? DeviceSeriesPlot::kOneColumn : 4));
    auto cellOf = [&plot](int line) {
        QCPAbstractLegendItem *item = plot.legend->itemWithPlottable(plot.graph(line));
        for (int r = 0; r < plot.legend->rowCount(); ++r) {
            for (int c = 0; c < plot.legend->columnCount(); ++c) {
                if (plot.legend->element(r, c) == item)
                    return QPoint(c, r);
            }
        }
        return QPoint(-1, -1);
    };
    QCOMPARE(cellOf(0), QPoint(0, 0));
    // The whole legend fits in the plot, above its axis.
    plot.replot();
    QVERIFY2(plot.axisRect()->rect().contains(plot.legend->outerRect()),
             qPrintable(QStringLiteral("legend %1 px high in a %2 px axis rect")
                            .arg(plot.legend->outerRect().height())
                            .arg(plot.axisRect()->height())));

    // Right to left, the first column is the rightmost.
    plot.setLayoutDirection(Qt::RightToLeft);
    QCoreApplication::processEvents();
    QCOMPARE(plot.legend->itemCount(), lines);
    QCOMPARE(cellOf(0), QPoint(columns - 1, 0));
    QCOMPARE(cellOf(lines - 1).x(), 0);
}

#include "tst_liveview.moc"
