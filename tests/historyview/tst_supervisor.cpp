// History and Compare as a supervisor uses them (issue #21, item 5): runs of one
// name told apart, the Nodes tab's columns saying what they hold, Export with
// its choices, the events of every selected run, tags and a note per run that
// the filter finds, and a sweep of 100 runs compared in a sortable table and a
// parallel-coordinates plot.
#include "comparisonview.h"
#include "historystore.h"
#include "historyview.h"
#include "parallelcoordinates.h"
#include "runconfig.h"
#include "runsfilterproxy.h"
#include "runstablemodel.h"
#include "translations.h"

#include <QCheckBox>
#include <qcustomplot.h>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QJsonArray>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardItemModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

class TestSupervisor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void sameNameRunsAreToldApart();
    void nodesColumnsSayWhatTheyHold();
    void exportWritesWhatIsChosen();
    void eventsOfEverySelectedRun();
    void tagsAndNoteAreKeptAndFound();
    void compareAHundredRuns();
    void tagsGoToEverySelectedRun();
    void aSweepOfTwentyReadsWell();
    void parallelAxesHoldEachRunsValue();

private:
    /// A finished run: `lr` and `batch` its settings, `loss` its final loss, `accuracy` its last evaluation.
    void addRun(const QString &id, const QString &name, double lr, int batch, double loss, double accuracy,
                qint64 created);

    std::unique_ptr<Translations> m_translations;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<HistoryStore> m_store;
};

void TestSupervisor::initTestCase()
{
    m_translations = std::make_unique<Translations>();
    QVERIFY(m_translations->setLanguage(QStringLiteral("en")));
}

void TestSupervisor::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_store = std::make_unique<HistoryStore>(m_dir->filePath(QStringLiteral("history.sqlite")));
    QVERIFY(m_store->open().ok());
}

void TestSupervisor::cleanup()
{
    m_store.reset();
    m_dir.reset();
}

void TestSupervisor::addRun(const QString &id, const QString &name, double lr, int batch, double loss,
                            double accuracy, qint64 created)
{
    RunConfig c;
    c.name = name;
    c.strategy = QStringLiteral("lshdp");
    c.optimizer.lr = lr;
    c.globalBatch = batch;
    c.nodes = {{QStringLiteral("agent-a"), QStringLiteral("box-a"), {0, 1}, {}, {}, 1.0},
               {QStringLiteral("agent-b"), QStringLiteral("box-b"), {0}, {}, {}, 1.0}};
    RunRecord r;
    r.id = id;
    r.name = name;
    r.strategy = c.strategy;
    r.config = c.toJson();
    r.status = RunStatus::Preparing;
    r.createdMs = created;
    m_store->createRun(
        r,
        {{0,
          QStringLiteral("agent-a"),
          QStringLiteral("box-a"),
          QStringLiteral("10.0.0.1"),
          0,
          {0, 1},
          {},
          0},
         {1, QStringLiteral("agent-b"), QStringLiteral("box-b"), QStringLiteral("10.0.0.2"), 2, {0}, {}, 0}});
    m_store->updateRun(id, RunStatus::Finished, {}, created + 1000, created + 61000);
    RunEvent state;
    state.runId = id;
    state.source = QStringLiteral("agent-a");
    state.seq = 1;
    state.timeMs = created + 61000;
    state.kind = QStringLiteral("state");
    state.payload = {{QStringLiteral("state"), QStringLiteral("finished")}};
    m_store->appendEvents({state});
    m_store->setFinalPlan(id, 0, QJsonArray{batch / 3, batch / 3});
    m_store->setFinalPlan(id, 1, QJsonArray{batch - 2 * (batch / 3)});
    m_store->setSummary(id, QJsonObject{{QStringLiteral("steps"), 100},
                                        {QStringLiteral("final_loss"), loss},
                                        {QStringLiteral("eval_accuracy"), accuracy},
                                        {QStringLiteral("samples_per_s"), 1000.0},
                                        {QStringLiteral("mean_wait_pct"), 5.0}});
    m_store->flush();
}

void TestSupervisor::sameNameRunsAreToldApart()
{
    addRun(QStringLiteral("20260301-100000-a1b2"), QStringLiteral("sweep"), 0.1, 256, 0.5, 0.8,
           1772359700000);
    addRun(QStringLiteral("20260302-100000-c3d4"), QStringLiteral("sweep"), 0.05, 256, 0.4, 0.85,
           1772446100000);
    addRun(QStringLiteral("20260303-100000-e5f6"), QStringLiteral("alone"), 0.05, 256, 0.4, 0.85,
           1772532500000);
    HistoryView view(*m_store);
    view.model()->refresh();
    QStringList names;
    for (int row = 0; row < view.model()->rowCount(); ++row)
        names << view.model()->index(row, RunsTableModel::NameColumn).data().toString();
    names.sort();
    QCOMPARE(names, (QStringList{QStringLiteral("alone"), QStringLiteral("sweep (a1b2)"),
                                 QStringLiteral("sweep (c3d4)")}));
    ComparisonView compare(*m_store);
    compare.setRuns({QStringLiteral("20260301-100000-a1b2"), QStringLiteral("20260302-100000-c3d4"),
                     QStringLiteral("20260303-100000-e5f6")});
    QCOMPARE(compare.runLabel(0), QStringLiteral("sweep (a1b2)"));
    QCOMPARE(compare.runLabel(1), QStringLiteral("sweep (c3d4)"));
    QCOMPARE(compare.runLabel(2), QStringLiteral("alone"));
    // The legends say the same.
    QCOMPARE(compare.plot(ComparisonView::LossByStepPlot)->graph(1)->name(), QStringLiteral("sweep (c3d4)"));
}

void TestSupervisor::nodesColumnsSayWhatTheyHold()
{
    addRun(QStringLiteral("20260301-100000-a1b2"), QStringLiteral("one"), 0.1, 256, 0.5, 0.8, 1772359700000);
    HistoryView view(*m_store);
    view.model()->refresh();
    view.selectRuns({QStringLiteral("20260301-100000-a1b2")});
    QStandardItemModel *nodes = view.nodesModel();
    QCOMPARE(nodes->rowCount(), 2);
    QCOMPARE(nodes->horizontalHeaderItem(2)->text(), QStringLiteral("Devices (numbered on the machine)"));
    QCOMPARE(nodes->horizontalHeaderItem(3)->text(), QStringLiteral("Ranks (one per device)"));
    for (int c = 2; c <= 4; ++c)
        QVERIFY(!nodes->horizontalHeaderItem(c)->toolTip().isEmpty());
    QCOMPARE(nodes->item(0, 2)->text(), QStringLiteral("0, 1"));
    QCOMPARE(nodes->item(0, 3)->text(), QStringLiteral("0–1"));
    QCOMPARE(nodes->item(1, 3)->text(), QStringLiteral("2"));
}

void TestSupervisor::exportWritesWhatIsChosen()
{
    const QString a = QStringLiteral("20260301-100000-a1b2");
    const QString b = QStringLiteral("20260302-100000-c3d4");
    addRun(a, QStringLiteral("first"), 0.1, 256, 0.5, 0.8, 1772359700000);
    addRun(b, QStringLiteral("second"), 0.05, 256, 0.4, 0.85, 1772446100000);
    HistoryView view(*m_store);
    // The folder it proposes is there to write into.
    QVERIFY(QFileInfo(HistoryView::proposedExportFolder()).isDir());

    QTemporaryDir out;
    HistoryView::ExportOptions all;
    all.charts = true;
    const auto written = view.exportRuns({a, b}, out.path(), all);
    QVERIFY2(written.ok(), qPrintable(written.error()));
    QStringList names;
    for (const QString &f : *written)
        names << QDir(out.path()).relativeFilePath(f);
    // Each run's data and machines, the settings that differ, the charts.
    QVERIFY(names.contains(QStringLiteral("settings.csv")));
    QCOMPARE(names.filter(QStringLiteral("nodes.csv")).size(), 2);
    QCOMPARE(names.filter(QStringLiteral("steps.csv")).size(), 2);
    QCOMPARE(names.filter(QRegularExpression(QStringLiteral("^charts/.*\\.png$"))).size(),
             int(ComparisonView::PlotCount));
    QCOMPARE(names.filter(QRegularExpression(QStringLiteral("^charts/.*\\.pdf$"))).size(),
             int(ComparisonView::PlotCount));

    QFile settings(QDir(out.path()).filePath(QStringLiteral("settings.csv")));
    QVERIFY(settings.open(QIODevice::ReadOnly));
    const QStringList rows = QString::fromUtf8(settings.readAll()).split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(rows,
             (QStringList{QStringLiteral("setting,first-%1,second-%2").arg(a.left(8), b.left(8)),
                          QStringLiteral("name,first,second"), QStringLiteral("optimizer.lr,0.1,0.05")}));
    const QString nodesPath = *std::find_if(written->cbegin(), written->cend(), [&](const QString &f) {
        return f.endsWith(QLatin1String("nodes.csv")) && f.contains(a.left(8));
    });
    QFile nodes(nodesPath);
    QVERIFY(nodes.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(nodes.readAll()),
             QStringLiteral("node,agent,address,devices,first_rank,final_plan\n"
                            "box-a,agent-a,10.0.0.1,0;1,0,85;85\nbox-b,agent-b,10.0.0.2,0,2,86\n"));

    // Only the data, as before.
    QTemporaryDir dataOnly;
    HistoryView::ExportOptions data;
    data.nodes = data.settings = false;
    const auto some = view.exportRuns({a}, dataOnly.path(), data);
    QVERIFY(some.ok());
    QCOMPARE(some->size(), 4);
}

void TestSupervisor::eventsOfEverySelectedRun()
{
    addRun(QStringLiteral("20260301-100000-a1b2"), QStringLiteral("first"), 0.1, 256, 0.5, 0.8,
           1772359700000);
    addRun(QStringLiteral("20260302-100000-c3d4"), QStringLiteral("second"), 0.05, 256, 0.4, 0.85,
           1772446100000);
    HistoryView view(*m_store);
    view.model()->refresh();
    view.selectRuns({QStringLiteral("20260301-100000-a1b2")});
    QCOMPARE(view.eventsModel()->columnCount(), 4);
    QCOMPARE(view.eventsModel()->rowCount(), 1);
    view.selectRuns({QStringLiteral("20260301-100000-a1b2"), QStringLiteral("20260302-100000-c3d4")});
    QStandardItemModel *events = view.eventsModel();
    QCOMPARE(events->horizontalHeaderItem(0)->text(), QStringLiteral("Run"));
    QCOMPARE(events->rowCount(), 2);
    QStringList runs{events->item(0, 0)->text(), events->item(1, 0)->text()};
    runs.sort();
    QCOMPARE(runs, (QStringList{QStringLiteral("first (a1b2)"), QStringLiteral("second (c3d4)")}));
}

void TestSupervisor::tagsAndNoteAreKeptAndFound()
{
    const QString id = QStringLiteral("20260301-100000-a1b2");
    addRun(id, QStringLiteral("plain name"), 0.1, 256, 0.5, 0.8, 1772359700000);
    addRun(QStringLiteral("20260302-100000-c3d4"), QStringLiteral("other"), 0.05, 256, 0.4, 0.85,
           1772446100000);
    {
        HistoryView view(*m_store);
        view.model()->refresh();
        view.selectRuns({id});
        QVERIFY(view.tagsEdit()->isVisibleTo(&view) || !view.isVisible());
        view.tagsEdit()->setText(QStringLiteral("baseline, chapter 3 , baseline"));
        view.noteEdit()->setPlainText(QStringLiteral("the run the thesis compares against"));
        view.saveNotes();
        // The filter finds a run by a tag or by its note, case aside.
        view.proxy()->setNameFilter(QStringLiteral("CHAPTER"));
        QCOMPARE(view.proxy()->rowCount(), 1);
        view.proxy()->setNameFilter(QStringLiteral("thesis"));
        QCOMPARE(view.proxy()->rowCount(), 1);
        view.proxy()->setNameFilter(QStringLiteral("other"));
        QCOMPARE(view.proxy()->rowCount(), 1);
        view.proxy()->setNameFilter(QString());
        QVERIFY(view.model()
                    ->index(view.model()->indexOfRun(id).row(), RunsTableModel::NameColumn)
                    .data()
                    .toString()
                    .contains(QLatin1String("#baseline")));
    }
    // Kept in the history (schema version 3), found by the store's own search too.
    const auto run = m_store->run(id);
    QVERIFY(run);
    QCOMPARE(run->tags, (QStringList{QStringLiteral("baseline"), QStringLiteral("chapter 3")}));
    QCOMPARE(run->note, QStringLiteral("the run the thesis compares against"));
    RunFilter filter;
    filter.textContains = QStringLiteral("chapter");
    QCOMPARE(m_store->runs(filter).size(), 1);
    // Another view shows them.
    HistoryView again(*m_store);
    again.model()->refresh();
    again.selectRuns({id});
    QCOMPARE(again.tagsEdit()->text(), QStringLiteral("baseline, chapter 3"));
    QCOMPARE(again.noteEdit()->toPlainText(), QStringLiteral("the run the thesis compares against"));
}

void TestSupervisor::compareAHundredRuns()
{
    // A sweep of 101 runs over the learning rate and the batch.
    QStringList ids;
    for (int i = 0; i < 101; ++i) {
        const QString id = QStringLiteral("20260301-10%1-s%2")
                               .arg(i, 4, 10, QLatin1Char('0'))
                               .arg(i, 3, 10, QLatin1Char('0'));
        ids << id;
        addRun(id, QStringLiteral("sweep %1").arg(i), 0.01 * (1 + i % 10), i % 2 ? 256 : 512, 2.0 - 0.01 * i,
               0.5 + 0.004 * i, 1772359700000 + i * 1000);
    }
    HistoryView history(*m_store);
    history.model()->refresh();
    history.selectRuns(ids.mid(0, 100));
    QVERIFY(history.compareButton()->isEnabled());
    history.selectRuns(ids);
    QVERIFY(!history.compareButton()->isEnabled()); // 101: one too many

    ComparisonView view(*m_store);
    view.resize(1100, 700);
    view.setRuns(ids);
    QCOMPARE(view.runIds().size(), ComparisonView::kMaxRuns);
    // The table: one row per run, sortable by its result.
    QStandardItemModel *table = view.runsModel();
    QCOMPARE(table->rowCount(), 100);
    int lossColumn = -1;
    for (int c = 0; c < table->columnCount(); ++c) {
        if (table->horizontalHeaderItem(c)->text() == QLatin1String("Final loss"))
            lossColumn = c;
    }
    QVERIFY(lossColumn > 0);
    view.runsView()->sortByColumn(lossColumn, Qt::AscendingOrder);
    QCOMPARE(table->item(0, 0)->text(), QStringLiteral("sweep 99"));
    view.runsView()->sortByColumn(lossColumn, Qt::DescendingOrder);
    QCOMPARE(table->item(0, 0)->text(), QStringLiteral("sweep 0"));
    // The parallel coordinates: the settings that differ, then the results; one line per run.
    QCOMPARE(view.parallelAxes(),
             (QStringList{QStringLiteral("Global batch"), QStringLiteral("Learning rate"),
                          QStringLiteral("Final loss"), QStringLiteral("Accuracy (%)")}));
    QCOMPARE(view.plot(ComparisonView::ParallelPlot)->graphCount(), 100);
    // A hundred names do not fit a legend: the table names the colours.
    QVERIFY(!view.plot(ComparisonView::LossByStepPlot)->legend->visible());
    QVERIFY(ComparisonView::runColor(99) != ComparisonView::runColor(98));
}

// Issue #31, item 2: tags typed with several runs selected go to each of them (they went to the last
// clicked only), a tag taken away leaves each, every run's other tags and its note stay; Compare shows them.
void TestSupervisor::tagsGoToEverySelectedRun()
{
    const QStringList ids{QStringLiteral("20260301-100000-aaaa"), QStringLiteral("20260301-100100-bbbb"),
                          QStringLiteral("20260301-100200-cccc")};
    for (int i = 0; i < 3; ++i)
        addRun(ids[i], QStringLiteral("run %1").arg(i), 0.1 * (i + 1), 256, 0.5, 0.8,
               1772359700000 + i * 1000);
    m_store->setNotes(ids[0], {QStringLiteral("sweep-a"), QStringLiteral("mine")}, QStringLiteral("first"));
    m_store->setNotes(ids[1], {QStringLiteral("sweep-a")}, QString());
    m_store->flush();
    HistoryView view(*m_store);
    view.model()->refresh();
    view.selectRuns(ids);
    QCOMPARE(view.tagsEdit()->text(), QString()); // the third run has none: no tag is shared
    view.tagsEdit()->setText(QStringLiteral("thesis"));
    view.saveNotes();
    QCOMPARE(m_store->run(ids[0])->tags,
             (QStringList{QStringLiteral("sweep-a"), QStringLiteral("mine"), QStringLiteral("thesis")}));
    QCOMPARE(m_store->run(ids[1])->tags, (QStringList{QStringLiteral("sweep-a"), QStringLiteral("thesis")}));
    QCOMPARE(m_store->run(ids[2])->tags, QStringList{QStringLiteral("thesis")});
    QCOMPARE(m_store->run(ids[0])->note, QStringLiteral("first"));

    view.selectRuns(ids.mid(0, 2));
    QCOMPARE(view.tagsEdit()->text(), QStringLiteral("sweep-a, thesis"));
    view.tagsEdit()->setText(QStringLiteral("thesis, chapter 3"));
    view.saveNotes();
    QCOMPARE(m_store->run(ids[0])->tags,
             (QStringList{QStringLiteral("mine"), QStringLiteral("thesis"), QStringLiteral("chapter 3")}));
    QCOMPARE(m_store->run(ids[1])->tags,
             (QStringList{QStringLiteral("thesis"), QStringLiteral("chapter 3")}));
    QCOMPARE(m_store->run(ids[2])->tags, QStringList{QStringLiteral("thesis")});
    QCOMPARE(m_store->run(ids[0])->note, QStringLiteral("first"));

    // Compare has a Tags column with each run's own.
    ComparisonView compare(*m_store);
    compare.setRuns(ids);
    QStandardItemModel *table = compare.runsModel();
    const int last = table->columnCount() - 1;
    QCOMPARE(table->horizontalHeaderItem(last)->text(), QStringLiteral("Tags"));
    QHash<QString, QString> tagsOf;
    for (int row = 0; row < table->rowCount(); ++row)
        tagsOf.insert(table->item(row, 0)->text(), table->item(row, last)->text());
    QCOMPARE(tagsOf.value(QStringLiteral("run 0")), QStringLiteral("mine, thesis, chapter 3"));
    QCOMPARE(tagsOf.value(QStringLiteral("run 2")), QStringLiteral("thesis"));
}

// Issue #31, item 2: twenty runs read well: each curve named in the legend, a bar or line says whose it is
// when pointed at, bar names whole, and every setting a click away.
void TestSupervisor::aSweepOfTwentyReadsWell()
{
    QStringList ids;
    for (int i = 0; i < 20; ++i) {
        const QString id = QStringLiteral("20260301-10%1-t%2")
                               .arg(i, 4, 10, QLatin1Char('0'))
                               .arg(i, 3, 10, QLatin1Char('0'));
        ids << id;
        addRun(id, QStringLiteral("lr sweep run %1").arg(i), 0.001 * (1 + i), 256, 2.0 - 0.01 * i,
               0.5 + 0.01 * i, 1772359700000 + i * 1000);
    }
    ComparisonView view(*m_store);
    view.resize(1200, 800);
    view.setRuns(ids);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(view.plot(ComparisonView::LossByStepPlot)->legend->visible());
    view.tabs()->setCurrentIndex(4); // throughput and waiting
    QCoreApplication::processEvents();
    QCustomPlot *bars = view.plot(ComparisonView::ThroughputPlot);
    bars->replot();
    // Whole names under the bars, not "lr sw…n 6".
    auto ticker = bars->xAxis->ticker().dynamicCast<QCPAxisTickerText>();
    QVERIFY(ticker);
    QCOMPARE(ticker->ticks().value(7), QStringLiteral("lr sweep run 6"));
    // Pointing at the seventh bar names its run and value; pointing at nothing says nothing.
    const QPointF onBar(bars->xAxis->coordToPixel(7), bars->yAxis->coordToPixel(500));
    QCOMPARE(view.hoverText(ComparisonView::ThroughputPlot, onBar),
             QStringLiteral("lr sweep run 6\nSamples per second: 1,000.0"));
    const QPointF between(bars->xAxis->coordToPixel(7.5), bars->yAxis->coordToPixel(500));
    QCOMPARE(view.hoverText(ComparisonView::ThroughputPlot, between), QString());
    // The parallel plot's line says its run's results.
    view.tabs()->setCurrentIndex(1);
    QCoreApplication::processEvents();
    QCustomPlot *parallel = view.plot(ComparisonView::ParallelPlot);
    parallel->replot();
    QCPGraph *line = parallel->graph(3);
    const auto point = line->data()->at(0);
    const QString hover =
        view.hoverText(ComparisonView::ParallelPlot, QPointF(parallel->xAxis->coordToPixel(point->key),
                                                             parallel->yAxis->coordToPixel(point->value)));
    QVERIFY2(hover.startsWith(QLatin1String("lr sweep run 3\nFinal loss: 1.97")), qPrintable(hover));

    // The Settings tab: those that differ, or all of them with those in bold.
    QStandardItemModel *settings = view.configModel();
    const int differing = settings->rowCount();
    QCOMPARE(differing, 2); // name and learning rate
    view.allSettingsBox()->setChecked(true);
    QVERIFY(settings->rowCount() > 10);
    int bold = 0;
    for (int row = 0; row < settings->rowCount(); ++row) {
        if (settings->item(row, 0)->font().bold())
            ++bold;
        if (settings->item(row, 0)->data(ComparisonView::FieldPathRole).toString() ==
            QLatin1String("strategy"))
            QCOMPARE(settings->item(row, 1)->text(), QStringLiteral("LSHDP"));
    }
    QCOMPARE(bold, differing);
    view.allSettingsBox()->setChecked(false);
    QCOMPARE(settings->rowCount(), differing);
}

// The parallel plot's axes, apart from any drawing (issue #30, item 4): numbers and switches as they
// are, words in natural order (issue #31, item 2: "[64]" sorted above "[128]"), a gap for a run
// without the setting, and each axis scaled from its lowest to its highest value.
void TestSupervisor::parallelAxesHoldEachRunsValue()
{
    const QList<QJsonValue> hidden{QJsonArray{128}, QJsonArray{64}, QJsonValue(QJsonValue::Undefined),
                                   QJsonArray{256}, QJsonArray{64}};
    const QStringList texts{QStringLiteral("[128]"), QStringLiteral("[64]"), QString(),
                            QStringLiteral("[256]"), QStringLiteral("[64]")};
    const ParallelCoordinates::Axis words =
        ParallelCoordinates::settingAxis(QStringLiteral("Hidden layers"), hidden, texts);
    QCOMPARE(words.categories,
             (QStringList{QStringLiteral("[64]"), QStringLiteral("[128]"), QStringLiteral("[256]")}));
    QCOMPARE(words.values, (QList<std::optional<double>>{1.0, 0.0, std::nullopt, 2.0, 0.0}));
    QCOMPARE(ParallelCoordinates::scaled(words),
             (QList<std::optional<double>>{0.5, 0.0, std::nullopt, 1.0, 0.0}));
    const ParallelCoordinates::Axis numbers = ParallelCoordinates::settingAxis(
        QStringLiteral("Learning rate"), {QJsonValue(0.1), QJsonValue(0.3), QJsonValue(true)}, {});
    QVERIFY(numbers.categories.isEmpty());
    QCOMPARE(numbers.values, (QList<std::optional<double>>{0.1, 0.3, 1.0}));
    // Runs that agree sit in the middle of their axis.
    const auto same = ParallelCoordinates::resultAxis(QStringLiteral("Final loss"), {0.25, 0.25});
    QCOMPARE(ParallelCoordinates::scaled(same), (QList<std::optional<double>>{0.5, 0.5}));
}

QTEST_MAIN(TestSupervisor)
#include "tst_supervisor.moc"
