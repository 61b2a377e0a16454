// The History screen over a small crafted history: the runs table and its
// sorting and filters, Compare (plots, only the differing config fields,
// utilization per node), exports (PNG, PDF, CSV), "New run from this one",
// the Settings dialog, and the locale helpers every view shares (Jalali dates,
// Persian digits in text and in plot ticks).
#include "comparisonview.h"
#include "historystore.h"
#include "historyview.h"
#include "localeformat.h"
#include "localetickers.h"
#include "noderegistry.h"
#include "plotexportdialog.h"
#include "plotexporter.h"
#include "runconfig.h"
#include "runsfilterproxy.h"
#include "runstablemodel.h"
#include "runsupervisor.h"
#include "settingsdialog.h"
#include "testsupport.h"
#include "translations.h"

#include <memory>
#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QImage>
#include <QItemSelectionModel>
#include <QJsonArray>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStandardItemModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

namespace {
QLocale english()
{
    return QLocale(QLocale::English, QLocale::UnitedStates);
}
QLocale persian()
{
    return QLocale(QLocale::Persian, QLocale::Iran);
}
bool hasPersianDigit(const QString &text)
{
    for (const QChar c : text) {
        if (c.unicode() >= 0x06F0 && c.unicode() <= 0x06F9)
            return true;
    }
    return false;
}
bool hasAsciiDigit(const QString &text)
{
    for (const QChar c : text) {
        if (c >= u'0' && c <= u'9')
            return true;
    }
    return false;
}
qint64 localMs(int year, int month, int day, int hour = 12)
{
    return QDateTime(QDate(year, month, day), QTime(hour, 0)).toMSecsSinceEpoch();
}
QStringList proxyIds(const QAbstractItemModel &model)
{
    QStringList ids;
    for (int r = 0; r < model.rowCount(); ++r)
        ids << model.index(r, 0).data(RunsTableModel::RunIdRole).toString();
    return ids;
}
QByteArray head(const QString &path, int bytes)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.read(bytes) : QByteArray();
}
} // namespace

class TestHistoryView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanupTestCase();

    void tableShowsRuns();
    void sortsByThroughput();
    void sortArrowPointsTheWayTheColumnReads();
    void filters_data();
    void filters();
    void refreshesWhenTheStoreCommits();
    void seesWhatOtherProcessesCommit();
    void buttonsFollowSelection();
    void exportModelNeedsARunThatWroteOne();
    void eventsExplainFailuresAndFindings();
    void newRunCarriesConfig();
    void exportsCsv();
    void deviceUtilization();
    void compareShowsOnlyDifferingFields();
    void compareSameConfigsShowsNoField();
    void compareFlagsBusyMachines();
    void comparisonPlots();
    void exportsPlots();
    void jalaliDates_data();
    void jalaliDates();
    void durationsAndNumbers();
    void dataSizes();
    void persianDigitsInTickers();
    void jalaliDateTicker();
    void plotsFollowTheLanguage();
    void settingsApplyAndCancel();
    void settingsRevokesAgent();

private:
    void addRun(const QString &id, const QString &strategy, RunStatus status, qint64 created,
                const RunConfig &config, double throughput, double waitPct, int steps, double lossScale);

    QTemporaryDir m_dir;
    std::unique_ptr<HistoryStore> m_store;
    QHash<QString, QJsonObject> m_configs;
};

void TestHistoryView::addRun(const QString &id, const QString &strategy, RunStatus status, qint64 created,
                             const RunConfig &config, double throughput, double waitPct, int steps,
                             double lossScale)
{
    RunRecord r;
    r.id = id;
    r.name = config.name;
    r.strategy = strategy;
    r.status = status;
    r.createdMs = created;
    r.config = config.toJson();
    m_configs.insert(id, r.config);
    QList<RunNodeRecord> nodes;
    for (int n = 0; n < config.nodes.size(); ++n) {
        RunNodeRecord node;
        node.nodeIndex = n;
        node.agentId = config.nodes[n].agent;
        node.name = config.nodes[n].name;
        node.address = QStringLiteral("10.0.0.%1").arg(n + 1);
        node.firstRank = n;
        node.devices = {0};
        nodes.append(node);
    }
    m_store->createRun(r, nodes);
    if (steps > 0)
        m_store->updateRun(
            id, status, status == RunStatus::Failed ? QStringLiteral("rank 1 ran out of memory") : QString(),
            created + 1000, RunStatusText::isActive(status) ? 0 : created + 1000 + steps * 200);
    QList<RunEvent> events;
    qint64 seq = 1;
    for (int s = 0; s < steps; ++s) {
        for (int rank = 0; rank < config.nodes.size(); ++rank) {
            RunEvent e;
            e.runId = id;
            e.source = config.nodes[rank].agent;
            e.seq = seq++;
            e.timeMs = created + 1000 + (s + 1) * 200;
            e.kind = QStringLiteral("step");
            e.rank = rank;
            e.payload = QJsonObject{{QStringLiteral("step"), s},
                                    {QStringLiteral("loss"), lossScale * 2.3 / (1.0 + s)},
                                    {QStringLiteral("local_batch"), 32},
                                    {QStringLiteral("compute_ms"), 150.0},
                                    {QStringLiteral("wait_ms"), rank == 0 ? 30.0 : 5.0},
                                    {QStringLiteral("comm_ms"), 15.0},
                                    {QStringLiteral("samples_per_s"), throughput / 2}};
            events.append(e);
        }
    }
    if (steps > 0) {
        RunEvent eval;
        eval.runId = id;
        eval.source = config.nodes[0].agent;
        eval.seq = seq++;
        eval.timeMs = created + 1000 + steps * 200;
        eval.kind = QStringLiteral("eval");
        eval.rank = 0;
        eval.payload =
            QJsonObject{{QStringLiteral("step"), steps - 1}, {QStringLiteral("accuracy"), 0.8 / lossScale}};
        events.append(eval);
        RunEvent rebalance = eval;
        rebalance.seq = seq++;
        rebalance.kind = QStringLiteral("rebalance");
        rebalance.payload = QJsonObject{{QStringLiteral("step"), 5},
                                        {QStringLiteral("old"), QJsonArray{32, 32}},
                                        {QStringLiteral("new"), QJsonArray{40, 24}},
                                        {QStringLiteral("reason"), QStringLiteral("profiled")},
                                        {QStringLiteral("predicted_gain"), 0.12}};
        events.append(rebalance);
    }
    m_store->appendEvents(events);
    if (steps > 0)
        m_store->setFinalPlan(id, 1, QJsonArray{24});
    for (int t = 0; t < 5; ++t) {
        for (int n = 0; n < config.nodes.size(); ++n) {
            DeviceSample d;
            d.index = 0;
            d.name = QStringLiteral("GPU");
            d.kind = DeviceSample::Kind::Gpu;
            d.utilization = n == 0 ? 90.0 + t : 40.0 + 2 * t; // node 0 busy, node 1 half idle
            d.memoryUsed = 1000000000LL * (n + 1);
            d.memoryTotal = 8000000000LL;
            m_store->appendTelemetry(id, config.nodes[n].agent, created + 1000 + t * 500, {d});
        }
    }
    m_store->setSummary(id, QJsonObject{{QStringLiteral("samples_per_s"), throughput},
                                        {QStringLiteral("mean_wait_pct"), waitPct},
                                        {QStringLiteral("final_loss"), lossScale * 0.1},
                                        {QStringLiteral("eval_accuracy"), 0.8 / lossScale},
                                        {QStringLiteral("steps"), steps}});
}

void TestHistoryView::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // QSettings of this test only.
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_dir.filePath(QStringLiteral("xdg-config"))));
    QCoreApplication::setOrganizationName(QStringLiteral("hamgam-test"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_historyview"));

    m_store = std::make_unique<HistoryStore>(m_dir.filePath(QStringLiteral("history.sqlite")));
    QVERIFY(m_store->open().ok());
    RunConfig base;
    base.nodes = {RunConfig::Node{QStringLiteral("agent-a"), QStringLiteral("box-a"), {0}, {}, {}, 1.0},
                  RunConfig::Node{QStringLiteral("agent-b"), QStringLiteral("box-b"), {0}, {}, {}, 1.0}};
    RunConfig a = base;
    a.name = QStringLiteral("mnist dp");
    a.strategy = QStringLiteral("dp");
    RunConfig b = base;
    b.name = QStringLiteral("mnist lshdp");
    b.strategy = QStringLiteral("lshdp");
    b.optimizer.lr = 0.1;
    b.globalBatch = 512;
    RunConfig c = base;
    c.name = QStringLiteral("mnist hdp");
    c.strategy = QStringLiteral("hdp");
    c.threads = 4;
    RunConfig d = base;
    d.name = QStringLiteral("gpt LSHDP live");
    d.strategy = QStringLiteral("lshdp");
    addRun(QStringLiteral("aaaa1111"), QStringLiteral("dp"), RunStatus::Finished, localMs(2026, 3, 1), a, 800,
           25.0, 20, 1.0);
    addRun(QStringLiteral("bbbb2222"), QStringLiteral("lshdp"), RunStatus::Finished, localMs(2026, 3, 10), b,
           1500, 4.0, 30, 0.8);
    addRun(QStringLiteral("cccc3333"), QStringLiteral("hdp"), RunStatus::Failed, localMs(2026, 3, 20), c,
           1100, 8.0, 10, 1.2);
    addRun(QStringLiteral("dddd4444"), QStringLiteral("lshdp"), RunStatus::Running, localMs(2026, 3, 21), d,
           300, 15.0, 5, 1.5);
    m_store->flush();
}

void TestHistoryView::init()
{
    QLocale::setDefault(english());
}

void TestHistoryView::cleanupTestCase()
{
    QLocale::setDefault(english());
    m_store.reset();
}

void TestHistoryView::tableShowsRuns()
{
    RunsTableModel model(*m_store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.columnCount(), int(RunsTableModel::ColumnCount));
    const QModelIndex b = model.indexOfRun(QStringLiteral("bbbb2222"));
    QVERIFY(b.isValid());
    QCOMPARE(b.siblingAtColumn(RunsTableModel::NameColumn).data().toString(), QStringLiteral("mnist lshdp"));
    QCOMPARE(b.siblingAtColumn(RunsTableModel::StrategyColumn).data().toString(), QStringLiteral("LSHDP"));
    QCOMPARE(b.siblingAtColumn(RunsTableModel::NodesColumn).data().toString(), QStringLiteral("2"));
    QCOMPARE(b.siblingAtColumn(RunsTableModel::ThroughputColumn).data().toString(), QStringLiteral("1,500"));
    QCOMPARE(b.siblingAtColumn(RunsTableModel::ThroughputColumn).data(RunsTableModel::SortRole).toDouble(),
             1500.0);
    QCOMPARE(b.siblingAtColumn(RunsTableModel::WaitColumn).data().toString(), QStringLiteral("4.0%"));
    QCOMPARE(b.siblingAtColumn(RunsTableModel::MetricColumn).data().toString(), QStringLiteral("100.0%"));
    QCOMPARE(b.siblingAtColumn(RunsTableModel::DurationColumn).data().toString(), QStringLiteral("6 s"));
    QCOMPARE(b.siblingAtColumn(RunsTableModel::StatusColumn).data().toString(), QStringLiteral("Finished"));
    QCOMPARE(b.siblingAtColumn(RunsTableModel::DateColumn).data().toString(),
             english().toString(QDateTime::fromMSecsSinceEpoch(localMs(2026, 3, 10)),
                                english().dateTimeFormat(QLocale::ShortFormat)));
    const QModelIndex c = model.indexOfRun(QStringLiteral("cccc3333"));
    QCOMPARE(c.siblingAtColumn(RunsTableModel::StatusColumn).data(Qt::ToolTipRole).toString(),
             QStringLiteral("rank 1 ran out of memory"));
    QCOMPARE(b.siblingAtColumn(RunsTableModel::ThroughputColumn).data(Qt::TextAlignmentRole).toInt(),
             int(Qt::AlignTrailing | Qt::AlignVCenter));

    HistoryView view(*m_store);
    QCOMPARE(view.table()->model()->rowCount(), 4);
    // Newest first by default.
    QCOMPARE(proxyIds(*view.table()->model()).first(), QStringLiteral("dddd4444"));
}

void TestHistoryView::sortsByThroughput()
{
    HistoryView view(*m_store);
    view.table()->sortByColumn(RunsTableModel::ThroughputColumn, Qt::DescendingOrder);
    QCOMPARE(proxyIds(*view.table()->model()),
             (QStringList{QStringLiteral("bbbb2222"), QStringLiteral("cccc3333"), QStringLiteral("aaaa1111"),
                          QStringLiteral("dddd4444")}));
    view.table()->sortByColumn(RunsTableModel::ThroughputColumn, Qt::AscendingOrder);
    QCOMPARE(proxyIds(*view.table()->model()).first(), QStringLiteral("dddd4444"));
    // Numbers sort as numbers, not as text ("1,500" < "800" as strings).
    view.table()->sortByColumn(RunsTableModel::WaitColumn, Qt::AscendingOrder);
    QCOMPARE(proxyIds(*view.table()->model()),
             (QStringList{QStringLiteral("bbbb2222"), QStringLiteral("cccc3333"), QStringLiteral("dddd4444"),
                          QStringLiteral("aaaa1111")}));
}

void TestHistoryView::sortArrowPointsTheWayTheColumnReads()
{
    // Issue #31: newest first showed an arrow pointing up. The arrow's wide side is where the largest
    // value is: down (wide on top) for a descending column, up for an ascending one.
    HistoryView view(*m_store);
    view.resize(1000, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QHeaderView *header = view.table()->horizontalHeader();
    auto arrowRows = [&]() {
        const QImage image = header->grab().toImage();
        const int right = header->sectionViewportPosition(RunsTableModel::DateColumn) +
                          header->sectionSize(RunsTableModel::DateColumn);
        QList<int> widths; // dark pixels per row in the section's last 24 pixels, where the arrow is
        for (int y = 0; y < image.height(); ++y) {
            int dark = 0;
            for (int x = right - 24; x < right - 1; ++x)
                dark += QColor(image.pixel(x, y)).lightness() < 160 ? 1 : 0;
            if (dark > 0)
                widths << dark;
        }
        return widths;
    };
    view.table()->sortByColumn(RunsTableModel::DateColumn, Qt::DescendingOrder);
    const QList<int> down = arrowRows();
    QVERIFY2(down.size() >= 3, qPrintable(QString::number(down.size())));
    QVERIFY2(down.first() > down.last(),
             qPrintable(QStringLiteral("%1 > %2").arg(down.first()).arg(down.last())));
    view.table()->sortByColumn(RunsTableModel::DateColumn, Qt::AscendingOrder);
    const QList<int> up = arrowRows();
    QVERIFY2(up.size() >= 3, qPrintable(QString::number(up.size())));
    QVERIFY2(up.first() < up.last(), qPrintable(QStringLiteral("%1 < %2").arg(up.first()).arg(up.last())));
}

void TestHistoryView::filters_data()
{
    QTest::addColumn<QStringList>("statuses");
    QTest::addColumn<QStringList>("strategies");
    QTest::addColumn<QDate>("from");
    QTest::addColumn<QDate>("to");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QStringList>("expected");

    const QString a = QStringLiteral("aaaa1111"), b = QStringLiteral("bbbb2222"),
                  c = QStringLiteral("cccc3333"), d = QStringLiteral("dddd4444");
    QTest::newRow("none") << QStringList() << QStringList() << QDate() << QDate() << QString()
                          << QStringList{a, b, c, d};
    QTest::newRow("failed") << QStringList{QStringLiteral("failed")} << QStringList() << QDate() << QDate()
                            << QString() << QStringList{c};
    QTest::newRow("finished or running")
        << QStringList{QStringLiteral("finished"), QStringLiteral("running")} << QStringList() << QDate()
        << QDate() << QString() << QStringList{a, b, d};
    QTest::newRow("lshdp") << QStringList() << QStringList{QStringLiteral("lshdp")} << QDate() << QDate()
                           << QString() << QStringList{b, d};
    QTest::newRow("dates, both ends included") << QStringList() << QStringList() << QDate(2026, 3, 10)
                                               << QDate(2026, 3, 20) << QString() << QStringList{b, c};
    QTest::newRow("from only") << QStringList() << QStringList() << QDate(2026, 3, 11) << QDate() << QString()
                               << QStringList{c, d};
    QTest::newRow("to only") << QStringList() << QStringList() << QDate() << QDate(2026, 3, 1) << QString()
                             << QStringList{a};
    QTest::newRow("name, any case") << QStringList() << QStringList() << QDate() << QDate()
                                    << QStringLiteral("lsh") << QStringList{b, d};
    QTest::newRow("combined") << QStringList{QStringLiteral("running")}
                              << QStringList{QStringLiteral("lshdp")} << QDate() << QDate()
                              << QStringLiteral("gpt") << QStringList{d};
    QTest::newRow("nothing matches") << QStringList() << QStringList{QStringLiteral("fsdp")} << QDate()
                                     << QDate() << QString() << QStringList();
}

void TestHistoryView::filters()
{
    QFETCH(QStringList, statuses);
    QFETCH(QStringList, strategies);
    QFETCH(QDate, from);
    QFETCH(QDate, to);
    QFETCH(QString, name);
    QFETCH(QStringList, expected);

    RunsTableModel model(*m_store);
    RunsFilterProxy proxy;
    proxy.setSourceModel(&model);
    proxy.setStatuses(statuses);
    proxy.setStrategies(strategies);
    proxy.setDateRange(from, to);
    proxy.setNameFilter(name);
    QStringList ids = proxyIds(proxy);
    ids.sort();
    QCOMPARE(ids, expected);
}

void TestHistoryView::refreshesWhenTheStoreCommits()
{
    RunsTableModel model(*m_store);
    model.setThrottleMs(50);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    RunsFilterProxy proxy;
    proxy.setSourceModel(&model);
    proxy.sort(RunsTableModel::DateColumn, Qt::DescendingOrder);
    const QPersistentModelIndex kept = model.indexOfRun(QStringLiteral("bbbb2222"));
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);

    RunConfig e;
    e.name = QStringLiteral("late arrival");
    e.nodes = {RunConfig::Node{QStringLiteral("agent-a"), QStringLiteral("box-a"), {0}, {}, {}, 1.0}};
    RunRecord r;
    r.id = QStringLiteral("eeee5555");
    r.name = e.name;
    r.strategy = e.strategy;
    r.status = RunStatus::Preparing;
    r.createdMs = localMs(2026, 3, 22);
    r.config = e.toJson();
    m_store->createRun(r, {});
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 5, 3000);
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(reset.count(), 0);
    // Rows already there keep their place, so a selection survives.
    QVERIFY(kept.isValid());
    QCOMPARE(kept.data(RunsTableModel::RunIdRole).toString(), QStringLiteral("bbbb2222"));
    QCOMPARE(proxy.index(0, 0).data(RunsTableModel::RunIdRole).toString(), QStringLiteral("eeee5555"));

    // The other tests expect the original four runs.
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("cleanup"));
        db.setDatabaseName(m_store->path());
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("DELETE FROM runs WHERE id = 'eeee5555'")));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("cleanup"));
    model.refresh();
    QCOMPARE(model.rowCount(), 4);
}

void TestHistoryView::seesWhatOtherProcessesCommit()
{
    // hamgamctl, another app or an `attach` writes the file through a connection of its own: the open
    // list shows it without Refresh (issue #31, item 4: a run an attach marked Failed read Running).
    RunsTableModel model(*m_store);
    model.setThrottleMs(50);
    const QString id = QStringLiteral("bbbb2222");
    const RunStatus before = model.run(model.indexOfRun(id).row())->status;
    QSignalSpy elsewhere(m_store.get(), &HistoryStore::changedElsewhere);
    const auto setStatus = [this, &id](RunStatus status) {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("elsewhere"));
        db.setDatabaseName(m_store->path());
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.prepare(QStringLiteral("UPDATE runs SET status = ? WHERE id = ?")));
        q.addBindValue(RunStatusText::key(status));
        q.addBindValue(id);
        QVERIFY(q.exec());
        q.finish();
        db.close();
    };
    setStatus(RunStatus::Failed);
    QSqlDatabase::removeDatabase(QStringLiteral("elsewhere"));
    // (The store's own writer is another connection too, so a commit of its own may count as well.)
    QTRY_VERIFY_WITH_TIMEOUT(elsewhere.count() >= 1, 3 * RunsTableModel::kWatchMs);
    const qsizetype seen = elsewhere.count();
    QTRY_COMPARE_WITH_TIMEOUT(model.run(model.indexOfRun(id).row())->status, RunStatus::Failed,
                              3 * RunsTableModel::kWatchMs + 2000);
    setStatus(before);
    QSqlDatabase::removeDatabase(QStringLiteral("elsewhere"));
    QTRY_VERIFY_WITH_TIMEOUT(elsewhere.count() > seen, 3 * RunsTableModel::kWatchMs);
    QTRY_COMPARE_WITH_TIMEOUT(model.run(model.indexOfRun(id).row())->status, before,
                              3 * RunsTableModel::kWatchMs + 2000);
}

void TestHistoryView::buttonsFollowSelection()
{
    HistoryView view(*m_store);
    view.setComparesInWindow(false);
    QPushButton *compareButton = view.compareButton();
    QPushButton *exportButton = view.exportButton();
    QPushButton *newRunButton = view.newRunButton();
    QCOMPARE(compareButton->text(), QStringLiteral("Compare"));
    QVERIFY(compareButton && exportButton && newRunButton);
    QVERIFY(!compareButton->isEnabled());
    QVERIFY(!exportButton->isEnabled());

    view.selectRuns({QStringLiteral("aaaa1111")});
    QCOMPARE(view.detailsRunId(), QStringLiteral("aaaa1111"));
    QVERIFY(!compareButton->isEnabled());
    QVERIFY(exportButton->isEnabled());
    QVERIFY(newRunButton->isEnabled());

    view.selectRuns({QStringLiteral("aaaa1111"), QStringLiteral("bbbb2222")});
    QVERIFY(compareButton->isEnabled());
    QVERIFY(!newRunButton->isEnabled());
    QSignalSpy compareRequested(&view, &HistoryView::compareRequested);
    compareButton->click();
    QCOMPARE(compareRequested.count(), 1);
    QStringList ids = compareRequested.first().first().toStringList();
    ids.sort();
    QCOMPARE(ids, (QStringList{QStringLiteral("aaaa1111"), QStringLiteral("bbbb2222")}));

    // The details of the selected run: ranks and notable events.
    view.selectRuns({QStringLiteral("bbbb2222")});
    QStandardItemModel *nodes = view.nodesModel();
    QCOMPARE(nodes->rowCount(), 2);
    QCOMPARE(nodes->item(1, 0)->text(), QStringLiteral("box-b"));
    QCOMPARE(nodes->item(1, 1)->text(), QStringLiteral("10.0.0.2"));
    QCOMPARE(nodes->item(0, 4)->text(), QStringLiteral("—"));
    QCOMPARE(nodes->item(1, 4)->text(), QStringLiteral("24"));
    QStandardItemModel *ranks = view.ranksModel();
    QCOMPARE(ranks->rowCount(), 2);
    QCOMPARE(ranks->item(1, 1)->text(), QStringLiteral("box-b"));
    QStandardItemModel *events = view.eventsModel();
    QCOMPARE(events->rowCount(), 1);
    QCOMPARE(events->item(0, 2)->text(), QStringLiteral("Re-plan"));
    // Issue #31, item 3: the plan by node name, as `hamgamctl show` says it.
    QVERIFY2(events->item(0, 3)->text().contains(QStringLiteral("box-a 40, box-b 24")),
             qPrintable(events->item(0, 3)->text()));
}

// Issue #20, item 5: History's "Export model…" is there when the app knows the
// machines, enabled for one run that wrote a model, and says why otherwise.
// (tst_runs brings a real model from real agents with the same ModelFetcher.)
void TestHistoryView::exportModelNeedsARunThatWroteOne()
{
    HistoryView view(*m_store);
    QVERIFY(!view.exportModelButton()->isVisibleTo(&view)); // no machines: no button
    TestSupport::Controller controller = TestSupport::makeController();
    NodeRegistry registry(controller.profile.identity(), controller.profile.pins());
    view.setModelSource(&registry);
    QVERIFY(view.exportModelButton()->isVisibleTo(&view));
    QCOMPARE(view.exportModelButton()->text(), QStringLiteral("Export model…"));

    view.selectRuns({QStringLiteral("aaaa1111")});
    QVERIFY(!view.exportModelButton()->isEnabled());
    QVERIFY2(view.exportModelButton()->toolTip().contains(QLatin1String("has written no trained model")),
             qPrintable(view.exportModelButton()->toolTip()));

    // Its rank 0 wrote one (the worker's event, as the history keeps it).
    RunEvent model;
    model.runId = QStringLiteral("aaaa1111");
    model.source = QStringLiteral("agent-far-away");
    model.seq = 9000;
    model.timeMs = localMs(2026, 3, 1) + 60000;
    model.kind = QStringLiteral("model");
    model.rank = 0;
    model.payload = QJsonObject{{QStringLiteral("step"), 30}, {QStringLiteral("bytes"), 4096}};
    m_store->appendEvents({model});
    m_store->flush();
    view.selectRuns({QStringLiteral("bbbb2222")});
    view.selectRuns({QStringLiteral("aaaa1111")});
    QVERIFY(view.exportModelButton()->isEnabled());
    QVERIFY(view.exportModelButton()->toolTip().contains(QLatin1String("step 30")));
    view.selectRuns({QStringLiteral("aaaa1111"), QStringLiteral("bbbb2222")});
    QVERIFY(!view.exportModelButton()->isEnabled());

    // A folder that holds a model already is refused before anything is asked of the machine, and its
    // model stays as it was (the app asks before it replaces one; hamgamctl needs --replace).
    QTemporaryDir out;
    QSignalSpy done(&view, &HistoryView::modelExported);
    QVERIFY(QDir().mkpath(out.filePath(QStringLiteral("kept"))));
    {
        QFile mine(out.filePath(QStringLiteral("kept/model.pt")));
        QVERIFY(mine.open(QIODevice::WriteOnly));
        mine.write("an earlier model");
    }
    view.exportModel(QStringLiteral("aaaa1111"), out.filePath(QStringLiteral("kept")));
    QTRY_COMPARE(done.count(), 1);
    QCOMPARE(done.takeFirst().at(1).toBool(), false);
    QVERIFY2(view.statusText().contains(QLatin1String("already holds a trained model")),
             qPrintable(view.statusText()));
    QFile kept(out.filePath(QStringLiteral("kept/model.pt")));
    QVERIFY(kept.open(QIODevice::ReadOnly));
    QCOMPARE(kept.readAll(), QByteArray("an earlier model"));

    // Its machine is not connected: the status line says so, and nothing is written.
    view.exportModel(QStringLiteral("aaaa1111"), out.filePath(QStringLiteral("model")));
    QTRY_COMPARE(done.count(), 1);
    QCOMPARE(done.first().at(1).toBool(), false);
    QVERIFY2(view.statusText().contains(QLatin1String("agent-far-away")) &&
                 view.statusText().contains(QLatin1String("not connected")),
             qPrintable(view.statusText()));
    QVERIFY(QDir(out.filePath(QStringLiteral("model"))).entryList(QDir::Files).isEmpty());
}

void TestHistoryView::eventsExplainFailuresAndFindings()
{
    // A failed run as an agent and the app record it: the engine's error with
    // its cause, the crashed worker, the agent's state with its untranslated
    // reason, and a diagnosis with the doctor's findings.
    QTemporaryDir dir;
    HistoryStore store(dir.filePath(QStringLiteral("events.sqlite")));
    QVERIFY(store.open().ok());
    RunRecord run;
    run.id = QStringLiteral("ffff6666");
    run.name = QStringLiteral("failing");
    run.strategy = QStringLiteral("dp");
    run.status = RunStatus::Failed;
    run.createdMs = localMs(2026, 4, 1);
    RunNodeRecord node;
    node.agentId = QStringLiteral("agent-a");
    node.name = QStringLiteral("box-a");
    node.address = QStringLiteral("10.0.0.1");
    node.devices = {0};
    store.createRun(run, {node});
    QList<RunEvent> events;
    auto add = [&](const QString &kind, const QString &source, int rank, const QJsonObject &payload) {
        RunEvent e;
        e.runId = run.id;
        e.source = source;
        e.seq = events.size() + 1;
        e.timeMs = run.createdMs + 1000 * e.seq;
        e.kind = kind;
        e.rank = rank;
        e.payload = payload;
        events.append(e);
    };
    const QString message = QStringLiteral("connection to rank 1 at 10.0.0.2:29500 timed out after 30 s");
    add(QStringLiteral("diagnosis"), QStringLiteral("controller"), -1,
        QJsonObject{
            {QStringLiteral("findings"),
             QJsonArray{QJsonObject{{QStringLiteral("reason"), QStringLiteral("stragglers")},
                                    {QStringLiteral("node"), QStringLiteral("box-a")},
                                    {QStringLiteral("device"), 0},
                                    {QStringLiteral("rank"), 0},
                                    {QStringLiteral("evidence"),
                                     QStringLiteral("waits 28.7 ms of each 61.1 ms step")},
                                    {QStringLiteral("action"), QStringLiteral("Check the slow node.")}},
                        QJsonObject{{QStringLiteral("reason"), QStringLiteral("silent_agent")},
                                    {QStringLiteral("node"), QStringLiteral("box-b")},
                                    {QStringLiteral("device"), -1},
                                    {QStringLiteral("evidence"), QStringLiteral("no report for 9 s")},
                                    {QStringLiteral("action"), QStringLiteral("Check the machine.")}}}}});
    add(QStringLiteral("error"), QStringLiteral("agent-a"), 0,
        QJsonObject{{QStringLiteral("message"), message},
                    {QStringLiteral("cause"), QStringLiteral("communication")},
                    {QStringLiteral("exit_code"), 3}});
    add(QStringLiteral("worker_exit"), QStringLiteral("agent-a"), 0,
        QJsonObject{{QStringLiteral("exit_code"), 9},
                    {QStringLiteral("crashed"), true},
                    {QStringLiteral("description"), QStringLiteral("killed by signal 9 (Killed)")}});
    add(QStringLiteral("state"), QStringLiteral("agent-a"), -1,
        RunSupervisor::statePayload(
            QStringLiteral("failed"),
            TranslatableText(
                "RunSupervisor",
                QT_TRANSLATE_NOOP("RunSupervisor", "device %1 (rank %2) exited with code %3: %4"))
                .arg(0)
                .arg(0)
                .arg(QStringLiteral("3"))
                .arg(message),
            QStringLiteral("communication")));
    // An agent of an earlier version: the reason as text only.
    add(QStringLiteral("state"), QStringLiteral("agent-a"), -1,
        QJsonObject{{QStringLiteral("state"), QStringLiteral("aborted")},
                    {QStringLiteral("reason"), QStringLiteral("aborted by the controller")}});
    store.appendEvents(events);
    store.flush();

    HistoryView view(store);
    view.setComparesInWindow(false);
    view.selectRuns({run.id});
    QStandardItemModel *model = view.eventsModel();
    auto details = [&] {
        QStringList rows;
        for (int r = 0; r < model->rowCount(); ++r)
            rows << model->item(r, 3)->text();
        return rows;
    };
    QStringList rows = details();
    QCOMPARE(rows.size(), 6); // two findings, one row each
    QCOMPARE(model->item(0, 2)->text(), QStringLiteral("Diagnosis"));
    QCOMPARE(model->item(1, 2)->text(), QStringLiteral("Diagnosis"));
    QCOMPARE(rows[0],
             QStringLiteral("Waiting for slower nodes — box-a, device 0: waits 28.7 ms of each 61.1 ms step "
                            "→ Check the slow node."));
    QCOMPARE(rows[1],
             QStringLiteral("Agent stopped reporting — box-b: no report for 9 s → Check the machine."));
    QCOMPARE(rows[2], QStringLiteral("a peer stopped answering or could not be reached: ") + message);
    QCOMPARE(rows[3], QStringLiteral("killed by signal 9 (SIGKILL)"));
    QCOMPARE(rows[4],
             QStringLiteral("Failed: a peer stopped answering or could not be reached: device 0 (rank 0) "
                            "exited with code 3: ") +
                 message);
    QCOMPARE(rows[5], QStringLiteral("Aborted: aborted by the controller"));

    // In Persian the explanations are Persian; the engine's own message stays as the detail.
    Translations translations;
    if (!translations.setLanguage(QStringLiteral("fa")))
        QSKIP("no Persian catalogue embedded");
    QEvent change(QEvent::LanguageChange);
    QCoreApplication::sendEvent(&view, &change);
    QCoreApplication::processEvents();
    rows = details();
    translations.setLanguage(QStringLiteral("en"));
    QCOMPARE(rows.size(), 6);
    static const QRegularExpression english(QStringLiteral(
        "\\b(Waiting|Agent|peer|answering|killed|signal|exited|device|rank|Failed|aborted)\\b"));
    for (qsizetype r = 0; r < rows.size(); ++r) {
        QString withoutData = rows[r];
        withoutData.remove(message);
        withoutData.remove(QStringLiteral("waits 28.7 ms of each 61.1 ms step"));
        withoutData.remove(QStringLiteral("no report for 9 s"));
        QVERIFY2(!withoutData.contains(english), qPrintable(rows[r]));
        QVERIFY2(withoutData.contains(QRegularExpression(QStringLiteral("[\\x{0600}-\\x{06FF}]"))),
                 qPrintable(rows[r]));
    }
    QVERIFY2(rows[2].endsWith(message), qPrintable(rows[2]));
    QVERIFY2(rows[3].contains(QStringLiteral("SIGKILL")), qPrintable(rows[3]));
}

void TestHistoryView::newRunCarriesConfig()
{
    HistoryView view(*m_store);
    QSignalSpy spy(&view, &HistoryView::newRunRequested);
    view.selectRuns({QStringLiteral("bbbb2222")});
    view.newRunFromSelected();
    QCOMPARE(spy.count(), 1);
    const QJsonObject config = spy.first().first().toJsonObject();
    QCOMPARE(config, m_configs.value(QStringLiteral("bbbb2222")));
    QList<ConfigError> errors;
    const RunConfig parsed = RunConfig::fromJson(config, &errors);
    QVERIFY(errors.isEmpty());
    QCOMPARE(parsed.globalBatch, 512);
}

void TestHistoryView::exportsCsv()
{
    HistoryView view(*m_store);
    QTemporaryDir out;
    const auto written =
        view.exportRuns({QStringLiteral("aaaa1111"), QStringLiteral("bbbb2222")}, out.path(), false);
    QVERIFY2(written.ok(), qPrintable(written.error()));
    QCOMPARE(written->size(), 8);
    QString stepsA;
    for (const QString &f : *written) {
        if (f.endsWith(QLatin1String("steps.csv")) && f.contains(QLatin1String("aaaa1111")))
            stepsA = f;
    }
    QVERIFY(!stepsA.isEmpty());
    QFile f(stepsA);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().split('\n');
    // Header, 20 steps × 2 ranks, and the empty piece after the last newline.
    QCOMPARE(lines.size(), 1 + 40 + 1);
    QVERIFY(lines.first().startsWith("time,rank,step"));

    // Localized headers: only the header row changes; values stay ASCII and ISO.
    QLocale::setDefault(persian());
    const auto localized =
        view.exportRuns({QStringLiteral("aaaa1111")}, out.filePath(QStringLiteral("fa")), true);
    QVERIFY(localized.ok());
    QFile g(localized->first());
    QVERIFY(g.open(QIODevice::ReadOnly));
    const QList<QByteArray> rows = g.readAll().split('\n');
    QCOMPARE(rows.size(), 42);
    QVERIFY(rows.at(1).startsWith("2026-03-01T"));
    QVERIFY(!hasPersianDigit(QString::fromUtf8(rows.at(1))));
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));

    // Issue #21: "8 file(s) written" stayed English in Persian: the status line follows a switch,
    // and English has real plurals.
    Translations translations;
    QVERIFY(translations.setLanguage(QStringLiteral("en")));
    HistoryView::ExportOptions dataOnly;
    dataOnly.nodes = false;
    dataOnly.settings = false;
    QVERIFY(view.exportAndReport({QStringLiteral("aaaa1111"), QStringLiteral("bbbb2222")},
                                 out.filePath(QStringLiteral("again")), dataOnly)
                .ok());
    QVERIFY2(view.statusText().startsWith(QLatin1String("8 files written to ")),
             qPrintable(view.statusText()));
    QVERIFY(translations.setLanguage(QStringLiteral("fa")));
    QCoreApplication::sendPostedEvents();
    QVERIFY2(view.statusText().contains(QRegularExpression(QStringLiteral("[\\x{0600}-\\x{06FF}]"))) &&
                 !view.statusText().contains(QLatin1String("written")),
             qPrintable(view.statusText()));
    // The folder stays left to right in the Persian sentence.
    QVERIFY2(
        view.statusText().contains(QChar(0x2066) + out.filePath(QStringLiteral("again")) + QChar(0x2069)),
        qPrintable(view.statusText()));
    // "System default" in the C locale: no catalogue of its own, still real English plurals.
    QVERIFY(!translations.setLanguage(QStringLiteral("C")));
    QCoreApplication::sendPostedEvents();
    QVERIFY2(view.statusText().startsWith(QLatin1String("8 files written to ")),
             qPrintable(view.statusText()));
    QVERIFY(translations.setLanguage(QStringLiteral("en")));
}

void TestHistoryView::deviceUtilization()
{
    const QList<QJsonObject> devices = m_store->deviceUtilization(QStringLiteral("aaaa1111"));
    QCOMPARE(devices.size(), 2);
    QCOMPARE(devices[0].value(QStringLiteral("agent")).toString(), QStringLiteral("agent-a"));
    QCOMPARE(devices[0].value(QStringLiteral("device")).toInt(), 0);
    QCOMPARE(devices[0].value(QStringLiteral("samples")).toInt(), 5);
    QCOMPARE(devices[0].value(QStringLiteral("mean_util")).toDouble(), 92.0);
    QCOMPARE(devices[0].value(QStringLiteral("max_util")).toDouble(), 94.0);
    QCOMPARE(devices[1].value(QStringLiteral("mean_util")).toDouble(), 44.0);
    QCOMPARE(devices[1].value(QStringLiteral("mean_mem_used")).toDouble(), 2e9);
    QCOMPARE(devices[1].value(QStringLiteral("mem_total")).toDouble(), 8e9);
    QVERIFY(m_store->deviceUtilization(QStringLiteral("no-such-run")).isEmpty());

    ComparisonView view(*m_store);
    view.setRuns({QStringLiteral("aaaa1111"), QStringLiteral("bbbb2222")});
    QStandardItemModel *util = view.utilizationModel();
    QCOMPARE(util->rowCount(), 4); // two runs × two nodes
    QCOMPARE(util->item(0, 1)->text(), QStringLiteral("box-a"));
    QCOMPARE(util->item(0, 3)->text(), QStringLiteral("92.0%"));
    QCOMPARE(util->item(1, 3)->text(), QStringLiteral("44.0%"));
}

// Issue #21: a run whose machines were busy at its start is flagged, not blamed on its strategy.
void TestHistoryView::compareFlagsBusyMachines()
{
    RunEvent launch;
    launch.runId = QStringLiteral("cccc3333");
    launch.source = QStringLiteral("controller");
    launch.seq = 7;
    launch.timeMs = 1772359700000;
    launch.kind = QStringLiteral("launch");
    launch.payload = {{QStringLiteral("preflight"),
                       QJsonArray{QJsonObject{
                           {QStringLiteral("node"), QStringLiteral("box-b")},
                           {QStringLiteral("busy"),
                            QJsonArray{QJsonObject{{QStringLiteral("kind"), QStringLiteral("cpu")},
                                                   {QStringLiteral("load"), 7.0},
                                                   {QStringLiteral("cores"), 2}},
                                       QJsonObject{{QStringLiteral("kind"), QStringLiteral("gpu")},
                                                   {QStringLiteral("device"), QStringLiteral("RTX 3090")},
                                                   {QStringLiteral("processes"), 1}}}}}}}};
    m_store->appendEvents({launch});
    m_store->flush();

    Translations translations; // English plurals: "2 cores"
    QVERIFY(translations.setLanguage(QStringLiteral("en")));
    ComparisonView view(*m_store);
    view.show();
    view.setRuns({QStringLiteral("aaaa1111"), QStringLiteral("cccc3333")});
    QCOMPARE(view.busyRunIds(), QStringList{QStringLiteral("cccc3333")});
    QVERIFY(view.fairnessNote()->isVisibleTo(&view));
    const QString note = view.fairnessNote()->text();
    QVERIFY2(note.contains(QLatin1String("box-b: load 7.0 on 2 cores, RTX 3090 shared with 1 process")) &&
                 note.contains(QLatin1String("started on busy machines")),
             qPrintable(note));
    // Runs on idle machines: no note.
    view.setRuns({QStringLiteral("aaaa1111"), QStringLiteral("bbbb2222")});
    QVERIFY(view.busyRunIds().isEmpty());
    QVERIFY(!view.fairnessNote()->isVisibleTo(&view));

    // In Persian.
    view.setRuns({QStringLiteral("aaaa1111"), QStringLiteral("cccc3333")});
    QVERIFY(translations.setLanguage(QStringLiteral("fa")));
    QCoreApplication::sendPostedEvents();
    const QString persian = view.fairnessNote()->text();
    QVERIFY(translations.setLanguage(QStringLiteral("en")));
    QCoreApplication::sendPostedEvents();
    QVERIFY2(persian.contains(QRegularExpression(QStringLiteral("[\\x{0600}-\\x{06FF}]"))) &&
                 !persian.contains(QLatin1String("busy")) && persian.contains(QStringLiteral("۷٫۰")),
             qPrintable(persian));
    QVERIFY(!view.fairnessDetailsButton()->isVisibleTo(&view)); // one run: its warning in full

    // Issue #31, item 2: a sweep's busy runs are one line that opens to the list, so the charts stay
    // in view.
    RunEvent second = launch;
    second.runId = QStringLiteral("bbbb2222");
    second.seq = 8;
    m_store->appendEvents({second});
    m_store->flush();
    view.setRuns({QStringLiteral("aaaa1111"), QStringLiteral("bbbb2222"), QStringLiteral("cccc3333")});
    QCOMPARE(view.busyRunIds().size(), 2);
    QVERIFY(view.fairnessDetailsButton()->isVisibleTo(&view));
    QCOMPARE(view.fairnessNote()->text().count(QLatin1Char('\n')), 0);
    QVERIFY2(view.fairnessNote()->text().contains(QLatin1String("2 of the runs started on busy machines")),
             qPrintable(view.fairnessNote()->text()));
    QVERIFY(view.fairnessNote()->toolTip().contains(QLatin1String("box-b")));
    view.fairnessDetailsButton()->setChecked(true);
    QCOMPARE(view.fairnessNote()->text().count(QLatin1String("box-b: load 7.0")), 2);
    view.fairnessDetailsButton()->setChecked(false);
    QVERIFY(!view.fairnessNote()->text().contains(QLatin1String("box-b: load")));
}

void TestHistoryView::compareShowsOnlyDifferingFields()
{
    ComparisonView view(*m_store);
    view.setRuns({QStringLiteral("aaaa1111"), QStringLiteral("bbbb2222"), QStringLiteral("cccc3333")});
    QCOMPARE(view.runIds().size(), 3);
    QStringList fields = view.differingFields();
    fields.sort();
    const QStringList expected{QStringLiteral("global_batch"), QStringLiteral("name"),
                               QStringLiteral("optimizer.lr"), QStringLiteral("strategy"),
                               QStringLiteral("threads")};
    QCOMPARE(fields, expected);
    // The table shows those fields and nothing else, one column per run.
    QStandardItemModel *table = view.configModel();
    QCOMPARE(table->columnCount(), 1 + 3);
    QStringList shown;
    for (int r = 0; r < table->rowCount(); ++r)
        shown << table->item(r, 0)->data(ComparisonView::FieldPathRole).toString();
    shown.sort();
    QCOMPARE(shown, expected);
    const int lrRow = int(view.differingFields().indexOf(QStringLiteral("optimizer.lr")));
    // Fields are named in words; the path is in the tooltip.
    QCOMPARE(table->item(lrRow, 0)->text(), QStringLiteral("Learning rate"));
    QCOMPARE(table->item(lrRow, 0)->toolTip(), QStringLiteral("optimizer.lr"));
    QCOMPARE(table->item(lrRow, 1)->text(), QStringLiteral("0.05"));
    QCOMPARE(table->item(lrRow, 2)->text(), QStringLiteral("0.1"));
    QCOMPARE(table->item(lrRow, 3)->text(), QStringLiteral("0.05"));
    QCOMPARE(table->horizontalHeaderItem(2)->text(), QStringLiteral("mnist lshdp"));

    // Two runs: only what those two disagree on.
    view.setRuns({QStringLiteral("aaaa1111"), QStringLiteral("cccc3333")});
    fields = view.differingFields();
    fields.sort();
    QCOMPARE(fields,
             (QStringList{QStringLiteral("name"), QStringLiteral("strategy"), QStringLiteral("threads")}));
}

void TestHistoryView::compareSameConfigsShowsNoField()
{
    ComparisonView view(*m_store);
    view.setRuns({QStringLiteral("aaaa1111"), QStringLiteral("aaaa1111")});
    QVERIFY(view.differingFields().isEmpty());
    QCOMPARE(view.configModel()->rowCount(), 1); // the "same settings" note
    QVERIFY(!view.configModel()->item(0, 0)->isEnabled());
}

void TestHistoryView::comparisonPlots()
{
    ComparisonView view(*m_store);
    view.setRuns({QStringLiteral("aaaa1111"), QStringLiteral("bbbb2222"), QStringLiteral("no-such-run")});
    QCOMPARE(view.runIds().size(), 2);
    QCustomPlot *step = view.plot(ComparisonView::LossByStepPlot);
    QCOMPARE(step->graphCount(), 2);
    QCOMPARE(step->graph(0)->data()->size(), 20);
    QCOMPARE(step->graph(1)->data()->size(), 30);
    QCOMPARE(step->graph(1)->name(), QStringLiteral("mnist lshdp"));
    // Time axis: seconds since each run's start (the first step ends 0.2 s in).
    QCustomPlot *time = view.plot(ComparisonView::LossByTimePlot);
    QCOMPARE(time->graph(0)->data()->begin()->key, 0.2);
    QCOMPARE((time->graph(0)->data()->end() - 1)->key, 4.0);
    QCustomPlot *eval = view.plot(ComparisonView::EvaluationPlot);
    QCOMPARE(eval->graph(0)->data()->size(), 1);
    QCOMPARE(eval->graph(0)->data()->begin()->value, 80.0);
    // One bar per run, in the run's colour.
    QCustomPlot *throughput = view.plot(ComparisonView::ThroughputPlot);
    QCOMPARE(throughput->plottableCount(), 2);
    auto *bars = qobject_cast<QCPBars *>(throughput->plottable(1));
    QVERIFY(bars);
    QCOMPARE(bars->data()->begin()->value, 1500.0);
    QCOMPARE(bars->brush().color(), ComparisonView::runColor(1));
    auto *wait = qobject_cast<QCPBars *>(view.plot(ComparisonView::WaitPlot)->plottable(0));
    QCOMPARE(wait->data()->begin()->value, 25.0);
}

void TestHistoryView::exportsPlots()
{
    ComparisonView view(*m_store);
    view.setRuns({QStringLiteral("aaaa1111"), QStringLiteral("bbbb2222")});
    QTemporaryDir out;
    const auto written = view.exportPlots(out.path());
    QVERIFY2(written.ok(), qPrintable(written.error()));
    QCOMPARE(written->size(), 2 * int(ComparisonView::PlotCount));
    for (const QString &path : *written) {
        if (path.endsWith(QLatin1String(".png")))
            QCOMPARE(head(path, 8), QByteArray("\x89PNG\r\n\x1a\n", 8));
        else
            QCOMPARE(head(path, 4), QByteArray("%PDF"));
        QVERIFY(QFileInfo(path).size() > 1000);
    }
    QImage image(out.filePath(QStringLiteral("loss-by-step.png")));
    QCOMPARE(image.size(), PlotExporter::kDefaultSize);

    // A file that cannot be written is reported, not silently skipped.
    const Status bad =
        PlotExporter::save(*view.plot(ComparisonView::WaitPlot),
                           out.filePath(QStringLiteral("loss-by-step.png/x.png")), PlotExporter::Format::Png);
    QVERIFY(!bad.ok());
    QVERIFY(!bad.error().isEmpty());
    QCOMPARE(PlotExporter::safeFileName(QStringLiteral("a/b:c*?")), QStringLiteral("a_b_c_"));

    // Issue #31, item 6: only the plots and formats chosen, into a folder made when missing.
    const QString fresh = out.filePath(QStringLiteral("thesis/figures"));
    const auto chosen = view.exportPlots(fresh, {ComparisonView::ThroughputPlot, ComparisonView::WaitPlot},
                                         {PlotExporter::Format::Pdf});
    QVERIFY2(chosen.ok(), qPrintable(chosen.error()));
    QCOMPARE(*chosen, (QStringList{QDir(fresh).filePath(QStringLiteral("throughput.pdf")),
                                   QDir(fresh).filePath(QStringLiteral("mean-wait.pdf"))}));
    QCOMPARE(QDir(fresh).entryList(QDir::Files).size(), 2);
    // The dialog proposes a folder that exists, and waits for a plot, a format and a folder.
    PlotExportDialog dialog(
        {view.plotTitle(ComparisonView::LossByStepPlot), view.plotTitle(ComparisonView::ThroughputPlot)});
    QVERIFY(QDir(dialog.directory()).exists());
    QCOMPARE(dialog.plotBoxes().first()->text(), QStringLiteral("Training loss by step"));
    QVERIFY(dialog.canAccept());
    QCOMPARE(dialog.chosenPlots(), (QList<int>{0, 1}));
    dialog.plotBoxes().first()->setChecked(false);
    QCOMPARE(dialog.chosenPlots(), QList<int>{1});
    dialog.pngBox()->setChecked(false);
    QCOMPARE(dialog.chosenFormats(), QList<PlotExporter::Format>{PlotExporter::Format::Pdf});
    dialog.pdfBox()->setChecked(false);
    QVERIFY(!dialog.canAccept());
    dialog.pdfBox()->setChecked(true);
    dialog.setDirectory(QStringLiteral("  "));
    QVERIFY(!dialog.canAccept());
}

void TestHistoryView::jalaliDates_data()
{
    QTest::addColumn<QLocale>("locale");
    QTest::addColumn<QDate>("date");
    QTest::addColumn<QString>("format");
    QTest::addColumn<bool>("latin");
    QTest::addColumn<QString>("expected");

    const QDate nowruz1405(2026, 3, 21);
    QTest::newRow("fa 1405/01/01, ASCII digits")
        << persian() << nowruz1405 << QStringLiteral("yyyy/MM/dd") << true << QStringLiteral("1405/01/01");
    QTest::newRow("fa 1405/01/01, Persian digits")
        << persian() << nowruz1405 << QStringLiteral("yyyy/MM/dd") << false << QStringLiteral("۱۴۰۵/۰۱/۰۱");
    QTest::newRow("fa last day of 1403 (leap)")
        << persian() << QDate(2025, 3, 20) << QStringLiteral("yyyy/MM/dd") << true
        << QStringLiteral("1403/12/30");
    QTest::newRow("fa month name") << persian() << nowruz1405 << QStringLiteral("d MMMM yyyy") << false
                                   << QStringLiteral("۱ فروردین ۱۴۰۵");
    QTest::newRow("en Gregorian") << english() << nowruz1405 << QStringLiteral("yyyy/MM/dd") << false
                                  << QStringLiteral("2026/03/21");
    QTest::newRow("en short") << english() << nowruz1405 << QString() << false << QStringLiteral("3/21/26");
}

void TestHistoryView::jalaliDates()
{
    QFETCH(QLocale, locale);
    QFETCH(QDate, date);
    QFETCH(QString, format);
    QFETCH(bool, latin);
    QFETCH(QString, expected);
    const auto digits = latin ? LocaleFormat::Digits::Latin : LocaleFormat::Digits::Native;
    if (format.isEmpty()) {
        QCOMPARE(LocaleFormat::date(date, QLocale::ShortFormat, locale), expected);
    } else {
        QCOMPARE(LocaleFormat::date(date, format, digits, locale), expected);
        // The default locale is the one Translations sets.
        QLocale::setDefault(locale);
        QCOMPARE(LocaleFormat::date(date, format, digits), expected);
        QCOMPARE(
            LocaleFormat::dateTime(QDateTime(date, QTime(9, 5)), format + QStringLiteral(" HH:mm"), digits),
            expected + (latin || locale.language() == QLocale::English ? QStringLiteral(" 09:05")
                                                                       : QStringLiteral(" ۰۹:۰۵")));
    }
}

void TestHistoryView::durationsAndNumbers()
{
    QCOMPARE(LocaleFormat::duration(45000), QStringLiteral("45 s"));
    QCOMPARE(LocaleFormat::duration(200500), QStringLiteral("3 min 21 s"));
    QCOMPARE(LocaleFormat::duration(3723000), QStringLiteral("1 h 2 min"));
    QCOMPARE(LocaleFormat::duration(3 * 86400000LL + 4 * 3600000LL), QStringLiteral("3 d 4 h"));
    QVERIFY(LocaleFormat::duration(-1).isEmpty());
    QCOMPARE(LocaleFormat::number(1234.5, 1), QStringLiteral("1,234.5"));
    QCOMPARE(LocaleFormat::percent(12.345, 1), QStringLiteral("12.3%"));
    QLocale::setDefault(persian());
    QCOMPARE(LocaleFormat::number(1234.5, 1), QStringLiteral("۱٬۲۳۴٫۵"));
    QCOMPARE(LocaleFormat::percent(12.5, 1), QStringLiteral("۱۲٫۵٪"));
    QVERIFY(hasPersianDigit(LocaleFormat::duration(3723000)));
    QVERIFY(!hasAsciiDigit(LocaleFormat::duration(3723000)));
    QCOMPARE(LocaleFormat::toLatinDigits(QStringLiteral("۱۴۰۵/۰۱/۰۱ ٣")), QStringLiteral("1405/01/01 3"));
    QCOMPARE(LocaleFormat::toNativeDigits(QStringLiteral("12:05")), QStringLiteral("۱۲:۰۵"));
}

void TestHistoryView::dataSizes()
{
    QCOMPARE(LocaleFormat::dataSize(0), QStringLiteral("0 B"));
    QCOMPARE(LocaleFormat::dataSize(1023), QStringLiteral("1,023 B"));
    QCOMPARE(LocaleFormat::dataSize(1536), QStringLiteral("1.5 KB"));
    QCOMPARE(LocaleFormat::dataSize(5 * 1024 * 1024), QStringLiteral("5.0 MB"));
    QCOMPARE(LocaleFormat::dataSize(qint64(1.5 * (1LL << 30)), 2), QStringLiteral("1.50 GB"));
    QCOMPARE(LocaleFormat::dataSize(3LL << 40), QStringLiteral("3.0 TB"));
    QCOMPARE(LocaleFormat::dataSize(2048LL << 40), QStringLiteral("2,048.0 TB")); // no unit above TB
    QCOMPARE(LocaleFormat::dataSize(-1536), QStringLiteral("-1.5 KB"));

    // Persian: the locale's digits and the catalogue's units, no Latin left.
    Translations translations;
    if (!translations.setLanguage(QStringLiteral("fa")))
        QSKIP("no Persian catalogue embedded");
    QCOMPARE(LocaleFormat::dataSize(qint64(1.5 * (1LL << 30))), QStringLiteral("۱٫۵ گیگابایت"));
    QCOMPARE(LocaleFormat::dataSize(512LL << 20), QStringLiteral("۵۱۲٫۰ مگابایت"));
    QCOMPARE(LocaleFormat::dataSize(2048), QStringLiteral("۲٫۰ کیلوبایت"));
    QCOMPARE(LocaleFormat::dataSize(3LL << 40), QStringLiteral("۳٫۰ ترابایت"));
    QCOMPARE(LocaleFormat::dataSize(12), QStringLiteral("۱۲ بایت"));
    // An explicit locale decides the digits whatever the default.
    QCOMPARE(LocaleFormat::dataSize(1536, 1, english()), QStringLiteral("1.5 کیلوبایت"));
    translations.setLanguage(QStringLiteral("en"));
    QCOMPARE(LocaleFormat::dataSize(1536), QStringLiteral("1.5 KB"));
}

void TestHistoryView::persianDigitsInTickers()
{
    QVector<double> ticks;
    QVector<QString> labels;
    LocaleNumberTicker number;
    // QCustomPlot passes the plot's own locale; the ticker follows the application's.
    number.generate(QCPRange(0, 1200), QLocale::c(), QLatin1Char('g'), 6, ticks, nullptr, &labels);
    QVERIFY(!labels.isEmpty());
    QVERIFY(hasAsciiDigit(labels.join(QString())));
    QVERIFY(!hasPersianDigit(labels.join(QString())));

    QLocale::setDefault(persian());
    labels.clear();
    number.generate(QCPRange(0, 1200), QLocale::c(), QLatin1Char('g'), 6, ticks, nullptr, &labels);
    QVERIFY(!labels.isEmpty());
    const QString all = labels.join(QLatin1Char(' '));
    QVERIFY2(hasPersianDigit(all), qPrintable(all));
    QVERIFY2(!hasAsciiDigit(all), qPrintable(all));
    QVERIFY(labels.contains(QStringLiteral("۱٬۰۰۰")) || labels.contains(QStringLiteral("۱۰۰۰")) ||
            labels.contains(QStringLiteral("۸۰۰")));

    LocaleTimeTicker time;
    labels.clear();
    time.generate(QCPRange(0, 600), QLocale::c(), QLatin1Char('g'), 6, ticks, nullptr, &labels);
    QVERIFY(!labels.isEmpty());
    QVERIFY2(hasPersianDigit(labels.join(QString())), qPrintable(labels.join(QLatin1Char(' '))));
    QVERIFY(!hasAsciiDigit(labels.join(QString())));
}

void TestHistoryView::jalaliDateTicker()
{
    LocaleDateTimeTicker ticker;
    ticker.setDateTimeFormat(QStringLiteral("yyyy/MM/dd"));
    const double noon = QCPAxisTickerDateTime::dateTimeToKey(QDateTime(QDate(2026, 3, 21), QTime(12, 0)));
    QVector<double> ticks;
    QVector<QString> labels;
    QLocale::setDefault(persian());
    ticker.generate(QCPRange(noon - 3600, noon + 3600), QLocale::c(), QLatin1Char('g'), 6, ticks, nullptr,
                    &labels);
    QVERIFY(!labels.isEmpty());
    QVERIFY2(labels.contains(QStringLiteral("۱۴۰۵/۰۱/۰۱")), qPrintable(labels.join(QLatin1Char(' '))));
    QLocale::setDefault(english());
    labels.clear();
    ticker.generate(QCPRange(noon - 3600, noon + 3600), QLocale::c(), QLatin1Char('g'), 6, ticks, nullptr,
                    &labels);
    QVERIFY2(labels.contains(QStringLiteral("2026/03/21")), qPrintable(labels.join(QLatin1Char(' '))));
}

void TestHistoryView::plotsFollowTheLanguage()
{
    ComparisonView view(*m_store);
    view.setRuns({QStringLiteral("aaaa1111"), QStringLiteral("bbbb2222")});
    view.resize(1000, 600);
    QCustomPlot *plot = view.plot(ComparisonView::LossByStepPlot);
    plot->replot();
    QVERIFY(hasAsciiDigit(plot->yAxis->tickVectorLabels().join(QString())));
    // What Translations does: the default locale changes, then LanguageChange reaches every widget.
    QLocale::setDefault(persian());
    QEvent change(QEvent::LanguageChange);
    QCoreApplication::sendEvent(&view, &change);
    const QString y = plot->yAxis->tickVectorLabels().join(QString());
    const QString x = plot->xAxis->tickVectorLabels().join(QString());
    QVERIFY2(hasPersianDigit(y) && !hasAsciiDigit(y), qPrintable(y));
    QVERIFY2(hasPersianDigit(x) && !hasAsciiDigit(x), qPrintable(x));
    QCustomPlot *time = view.plot(ComparisonView::LossByTimePlot);
    QVERIFY(hasPersianDigit(time->xAxis->tickVectorLabels().join(QString())));

    HistoryView history(*m_store);
    QCoreApplication::sendEvent(&history, &change);
    const QModelIndex b = history.model()->indexOfRun(QStringLiteral("bbbb2222"));
    QCOMPARE(b.siblingAtColumn(RunsTableModel::ThroughputColumn).data().toString(), QStringLiteral("۱٬۵۰۰"));
    QVERIFY(b.siblingAtColumn(RunsTableModel::DateColumn)
                .data()
                .toString()
                .startsWith(QStringLiteral("۱۴۰۴/۱۲/")));
}

void TestHistoryView::settingsApplyAndCancel()
{
    TestSupport::Controller controller = TestSupport::makeController();
    Translations translations;
    QSettings().clear();
    SettingsDialog dialog(&translations, controller.profile, nullptr);
    QCOMPARE(dialog.telemetrySpin()->value(), SettingsDialog::kDefaultTelemetryHz);
    QVERIFY(dialog.historyEdit()->text().isEmpty());
    QVERIFY(!dialog.hasChanges());

    QSignalSpy rate(&dialog, &SettingsDialog::telemetryRateChanged);
    QSignalSpy history(&dialog, &SettingsDialog::historyPathChanged);
    dialog.telemetrySpin()->setValue(2.5);
    dialog.historyEdit()->setText(m_dir.filePath(QStringLiteral("elsewhere.sqlite")));
    QVERIFY(dialog.hasChanges());
    // Cancel drops the changes.
    dialog.reject();
    dialog.reload();
    QCOMPARE(dialog.telemetrySpin()->value(), 1.0);
    QCOMPARE(rate.count(), 0);
    QVERIFY(!QSettings().contains(QString::fromLatin1(SettingsDialog::kTelemetryHzKey)));

    dialog.telemetrySpin()->setValue(2.5);
    dialog.historyEdit()->setText(m_dir.filePath(QStringLiteral("elsewhere.sqlite")));
    dialog.apply();
    QCOMPARE(rate.count(), 1);
    QCOMPARE(history.count(), 1);
    QCOMPARE(QSettings().value(QString::fromLatin1(SettingsDialog::kTelemetryHzKey)).toDouble(), 2.5);
    QCOMPARE(SettingsDialog::telemetryHz(), 2.5);
    QCOMPARE(SettingsDialog::historyPath(QStringLiteral("/default")),
             m_dir.filePath(QStringLiteral("elsewhere.sqlite")));
    QVERIFY(!dialog.hasChanges());
    dialog.historyEdit()->clear();
    dialog.apply();
    QCOMPARE(SettingsDialog::historyPath(QStringLiteral("/default")), QStringLiteral("/default"));

    // The language: offered from the catalogues, saved, and installed at once.
    QComboBox *language = dialog.languageCombo();
    QCOMPARE(language->itemData(0).toString(), QString()); // the system's
    const int fa = language->findData(QStringLiteral("fa"));
    if (fa < 0)
        QSKIP("no Persian catalogue embedded");
    QCOMPARE(language->itemText(fa), QStringLiteral("فارسی"));
    QCOMPARE(language->itemText(language->findData(QStringLiteral("en"))), QStringLiteral("English"));
    QSignalSpy languageChanged(&dialog, &SettingsDialog::languageChanged);
    language->setCurrentIndex(fa);
    dialog.apply();
    QCOMPARE(languageChanged.count(), 1);
    QCOMPARE(QSettings().value(QString::fromLatin1(SettingsDialog::kLanguageKey)).toString(),
             QStringLiteral("fa"));
    QCOMPARE(translations.language(), QStringLiteral("fa"));
    QCOMPARE(QLocale().language(), QLocale::Persian);
    QCoreApplication::processEvents(); // the posted LanguageChange retranslates the dialog
    QCOMPARE(dialog.languageCombo()->currentData().toString(), QStringLiteral("fa"));
    translations.setLanguage(QStringLiteral("en"));
}

void TestHistoryView::settingsRevokesAgent()
{
    TestSupport::Controller controller = TestSupport::makeController();
    FingerprintStore &pins = controller.profile.pins();
    const QString fp1 = QString(64, QLatin1Char('a'));
    const QString fp2 = QString(64, QLatin1Char('b'));
    QVERIFY(pins.add(fp1, QStringLiteral("rtx-box"), QStringLiteral("node-1")).ok());
    QVERIFY(pins.add(fp2, QStringLiteral("gtx-box"), QStringLiteral("node-2")).ok());

    SettingsDialog dialog(nullptr, controller.profile, nullptr);
    QStandardItemModel *trusted = dialog.trustedModel();
    QCOMPARE(trusted->rowCount(), 2);
    QCOMPARE(trusted->item(0, 1)->text(), QStringLiteral("rtx-box"));
    // Fingerprints in groups of two hex digits, 16 groups a line.
    QCOMPARE(trusted->item(0, 2)->text(), QStringLiteral("AA:AA:AA:AA:AA:AA:AA:AA:AA:AA:AA:AA:AA:AA:AA:AA\n"
                                                         "AA:AA:AA:AA:AA:AA:AA:AA:AA:AA:AA:AA:AA:AA:AA:AA"));

    QSignalSpy revoked(&dialog, &SettingsDialog::agentRevoked);
    dialog.trustedView()->selectRow(0);
    dialog.revokeSelected();
    QCOMPARE(trusted->rowCount(), 1);
    QVERIFY(dialog.hasChanges());
    // Not before Apply; and Cancel brings it back.
    QCOMPARE(pins.fingerprintForNode(QStringLiteral("node-1")), fp1);
    dialog.reject();
    dialog.reload();
    QCOMPARE(trusted->rowCount(), 2);

    dialog.trustedView()->selectRow(0);
    dialog.revokeSelected();
    dialog.apply();
    QCOMPARE(revoked.count(), 1);
    QCOMPARE(revoked.first().first().toString(), QStringLiteral("node-1"));
    QVERIFY(pins.fingerprintForNode(QStringLiteral("node-1")).isEmpty());
    QCOMPARE(pins.fingerprintForNode(QStringLiteral("node-2")), fp2);
    QCOMPARE(trusted->rowCount(), 1);
    QCOMPARE(trusted->item(0, 0)->text(), QStringLiteral("node-2"));
}

QTEST_MAIN(TestHistoryView)
#include "tst_historyview.moc"
