#include "comparisonview.h"

#include "appicons.h"
#include "bidi.h"
#include "errorcolor.h"
#include "eventkind.h"
#include "eventtext.h"
#include "localeformat.h"
#include "localetickers.h"
#include "parallelcoordinates.h"
#include "plotexportdialog.h"
#include "runconfig.h"
#include "runstablemodel.h"
#include "safetext.h"
#include "sortarrowstyle.h"
#include "workereventjson.h"

#include <cmath>
#include <optional>
#include <QCheckBox>
#include <qcustomplot.h>
#include <QDateTime>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QMap>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QSplitter>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTableView>
#include <QTabWidget>
#include <QToolTip>
#include <QVBoxLayout>

namespace {
constexpr int kSeriesPoints = 1000;
/// On each run's line or bar: which run it draws, for the hover text.
constexpr char kRunProperty[] = "hamgamRun";
/// How near (pixels) the pointer must be to a line for its hover text.
constexpr double kHoverPixels = 10;

QCPTextElement *titleOf(QCustomPlot *plot)
{
    return qobject_cast<QCPTextElement *>(plot->plotLayout()->element(0, 0));
}

// Title on top, the axis rect, and the legend in a row of its own below, so it
// never hides a curve whatever the reading direction.
QCustomPlot *makePlot(bool legend)
{
    auto *plot = new QCustomPlot;
    plot->setMinimumSize(320, 240);
    plot->plotLayout()->insertRow(0);
    plot->plotLayout()->addElement(0, 0, new QCPTextElement(plot, QString()));
    if (legend) {
        auto *below = new QCPLayoutGrid;
        plot->plotLayout()->addElement(2, 0, below);
        below->setMargins(QMargins(4, 0, 4, 4));
        below->addElement(0, 0, plot->legend);
        plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
        plot->legend->setWrap(4);
        plot->legend->setVisible(true);
        plot->plotLayout()->setRowStretchFactor(2, 0.001);
    }
    plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    plot->xAxis->setTicker(LocaleTickers::number());
    plot->yAxis->setTicker(LocaleTickers::number());
    return plot;
}

// As many legend columns as the names fit into, so none is cut off.
void fitLegend(QCustomPlot *plot, int width)
{
    QCPLegend *legend = plot->legend;
    if (!legend->visible())
        return;
    // itemCount() counts the cells of the grid, empty ones too.
    int widest = 1;
    int items = 0;
    for (int i = 0; i < legend->itemCount(); ++i) {
        if (QCPAbstractLegendItem *item = legend->item(i)) {
            widest = qMax(widest, item->minimumOuterSizeHint().width());
            ++items;
        }
    }
    if (items == 0)
        return;
    const int room = width - legend->margins().left() - legend->margins().right() - 16;
    const int columns =
        qBound(1, (room + legend->columnSpacing()) / (widest + legend->columnSpacing()), items);
    if (columns != legend->wrap()) {
        legend->setWrap(columns);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    }
}

// Names of the config fields in words, from the run-config table's labels
// (agent/contracts/runconfigfields.cpp), so the table of differences reads in the user's
// language; the dotted path stays in the tooltip.
QString fieldLabel(const QString &path)
{
    auto title = [](const QString &label) -> QString { return label.left(1).toUpper() + label.mid(1); };
    static const QRegularExpression item(QStringLiteral(R"(^(nodes|slowdown_schedule)\[(\d+)\]\.(\w+)$)"));
    if (const QRegularExpressionMatch m = item.match(path); m.hasMatch()) {
        const QString index = LocaleFormat::number(m.captured(2).toLongLong() + 1);
        const QString leaf = RunConfig::fieldLabel(m.captured(1) + QStringLiteral("[].") + m.captured(3));
        return m.captured(1) == QLatin1String("nodes")
                   ? ComparisonView::tr("Node %1: %2").arg(index, leaf)
                   : ComparisonView::tr("Slowdown %1: %2").arg(index, leaf);
    }
    const QString label = RunConfig::fieldLabel(path);
    return label == path ? path : title(label); // a field of a newer version: its path
}

QString jsonText(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Undefined:
    case QJsonValue::Null:
        return QStringLiteral("—");
    case QJsonValue::Bool:
        return v.toBool() ? ComparisonView::tr("yes") : ComparisonView::tr("no");
    case QJsonValue::Double:
        return QLocale().toString(v.toDouble(), 'g', 12);
    case QJsonValue::String:
        return v.toString().isEmpty() ? QStringLiteral("“”") : v.toString();
    case QJsonValue::Array: {
        QStringList parts;
        for (const QJsonValue e : v.toArray())
            parts << jsonText(e);
        return QStringLiteral("[%1]").arg(
            parts.join(ComparisonView::tr(", ", "between the numbers of a list")));
    }
    case QJsonValue::Object:
        return QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
    }
    return {};
}

QStandardItem *cell(const QString &text, const QVariant &sort = {}, bool numeric = false)
{
    auto *item = new QStandardItem(text);
    item->setEditable(false);
    item->setData(sort.isValid() ? sort : QVariant(text), Qt::UserRole);
    item->setToolTip(text);
    if (numeric)
        item->setTextAlignment(Qt::AlignTrailing | Qt::AlignVCenter);
    return item;
}

QPixmap swatch(const QColor &color)
{
    QPixmap p(12, 12);
    p.fill(color);
    return p;
}
} // namespace

ComparisonView::ComparisonView(HistoryStore &store, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
{
    buildUi();
    retranslateUi();
}

ComparisonView::~ComparisonView() = default;

QColor ComparisonView::runColor(int index)
{
    // Tableau 10: distinct for most colour-vision deficiencies, readable on white and on dark grey;
    // past them, hues a golden angle apart, which stay apart however many there are.
    static const QRgb colors[] = {0x4E79A7, 0xF28E2B, 0xE15759, 0x76B7B2, 0x59A14F,
                                  0xEDC948, 0xB07AA1, 0xFF9DA7, 0x9C755F, 0xBAB0AC};
    const int n = int(std::size(colors));
    if (index >= 0 && index < n)
        return QColor(colors[index]);
    return QColor::fromHsv(int(std::fmod(30.0 + 137.508 * qMax(0, index), 360.0)), 170, 200);
}

QString ComparisonView::runLabel(int index) const
{
    if (index < 0 || index >= m_runs.size())
        return {};
    const RunRecord &r = m_runs[index].record;
    const bool shared = std::count_if(m_runs.cbegin(), m_runs.cend(),
                                      [&](const RunData &d) { return d.record.name == r.name; }) > 1;
    return RunsTableModel::distinctName(r, shared);
}

void ComparisonView::buildUi()
{
    m_title = new QLabel;
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_exportButton = new QPushButton;
    AppIcons::setButtonIcon(m_exportButton, AppIcons::exportFiles());
    connect(m_exportButton, &QPushButton::clicked, this, &ComparisonView::exportPlotsInteractively);
    auto *top = new QHBoxLayout;
    top->addWidget(m_title, 1);
    top->addWidget(m_exportButton);

    for (int p = 0; p < PlotCount; ++p) {
        QCustomPlot *plot = makePlot(p == LossByStepPlot || p == LossByTimePlot || p == EvaluationPlot);
        plot->setObjectName(plotFileName(Plot(p)));
        connect(plot, &QCustomPlot::beforeReplot, plot,
                [plot] { fitLegend(plot, plot->viewport().width()); });
        // A sweep's lines are told apart by pointing at them: the run's name and its value there.
        plot->setMouseTracking(true);
        connect(plot, &QCustomPlot::mouseMove, this,
                [this, plot](QMouseEvent *event) { showHover(plot, event->position()); });
        m_plots[p] = plot;
    }
    m_plots[LossByTimePlot]->xAxis->setTicker(LocaleTickers::duration());

    auto pair = [](QWidget *a, QWidget *b) {
        auto *s = new QSplitter(Qt::Horizontal);
        s->addWidget(a);
        s->addWidget(b);
        s->setChildrenCollapsible(false);
        return s;
    };

    m_utilModel = new QStandardItemModel(this);
    m_utilModel->setSortRole(Qt::UserRole);
    m_utilView = new QTableView;
    m_utilView->setModel(m_utilModel);
    m_utilView->setSortingEnabled(true);
    SortArrowStyle::apply(m_utilView->horizontalHeader());
    m_utilView->verticalHeader()->hide();
    m_utilView->setAlternatingRowColors(true);
    m_utilView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_utilView->horizontalHeader()->setStretchLastSection(true);

    m_configModel = new QStandardItemModel(this);
    m_configView = new QTableView;
    m_configView->setModel(m_configModel);
    m_configView->verticalHeader()->hide();
    m_configView->setAlternatingRowColors(true);
    m_configView->setWordWrap(true);
    m_configView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_configView->horizontalHeader()->setStretchLastSection(true);
    m_allSettings = new QCheckBox;
    m_allSettings->setObjectName(QStringLiteral("allSettings"));
    connect(m_allSettings, &QCheckBox::toggled, this, &ComparisonView::fillConfig);
    auto *settingsPage = new QWidget;
    auto *settingsLayout = new QVBoxLayout(settingsPage);
    settingsLayout->setContentsMargins(0, 4, 0, 0);
    settingsLayout->addWidget(m_allSettings);
    settingsLayout->addWidget(m_configView, 1);

    // Every run in one sortable table, and the settings against the results in one plot.
    m_runsModel = new QStandardItemModel(this);
    m_runsModel->setSortRole(Qt::UserRole);
    m_runsView = new QTableView;
    m_runsView->setObjectName(QStringLiteral("runs"));
    m_runsView->setModel(m_runsModel);
    m_runsView->setSortingEnabled(true);
    SortArrowStyle::apply(m_runsView->horizontalHeader());
    m_runsView->verticalHeader()->hide();
    m_runsView->setAlternatingRowColors(true);
    m_runsView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    m_tabs = new QTabWidget;
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_runsView, QString());
    m_tabs->addTab(m_plots[ParallelPlot], QString());
    m_tabs->addTab(pair(m_plots[LossByStepPlot], m_plots[LossByTimePlot]), QString());
    m_tabs->addTab(m_plots[EvaluationPlot], QString());
    m_tabs->addTab(pair(m_plots[ThroughputPlot], m_plots[WaitPlot]), QString());
    m_tabs->addTab(m_utilView, QString());
    m_tabs->addTab(settingsPage, QString());

    // A fair comparison: a run slowed by other work on its machines is said to be so.
    m_fairness = new QLabel;
    m_fairness->setObjectName(QStringLiteral("fairness"));
    m_fairness->setWordWrap(true);
    m_fairness->setTextFormat(Qt::PlainText);
    m_fairness->setVisible(false);
    m_fairnessDetails = new QPushButton;
    m_fairnessDetails->setObjectName(QStringLiteral("fairnessDetails"));
    m_fairnessDetails->setCheckable(true);
    m_fairnessDetails->setFlat(true);
    m_fairnessDetails->setVisible(false);
    connect(m_fairnessDetails, &QPushButton::toggled, this, &ComparisonView::fillFairness);
    auto *fairness = new QHBoxLayout;
    fairness->addWidget(m_fairness, 1);
    fairness->addWidget(m_fairnessDetails, 0, Qt::AlignTop);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addLayout(fairness);
    layout->addWidget(m_tabs, 1);
}

void ComparisonView::retranslateUi()
{
    m_title->setText(tr("Comparing %Ln run(s)", nullptr, int(m_runs.size())));
    m_exportButton->setText(tr("Export plots…"));
    m_exportButton->setToolTip(tr("Save the plots you choose as PNG or PDF"));
    m_tabs->setTabText(0, tr("Runs"));
    m_tabs->setTabToolTip(0, tr("Every run with its settings that differ and its results; click a column to "
                                "sort"));
    m_tabs->setTabText(1, tr("Settings and results"));
    m_tabs->setTabToolTip(1, tr("Parallel coordinates: each run is a line through its settings that differ, "
                                "its final loss and its accuracy"));
    m_tabs->setTabText(2, tr("Loss"));
    m_tabs->setTabText(3, tr("Evaluation"));
    m_tabs->setTabText(4, tr("Throughput and waiting"));
    m_tabs->setTabText(5, tr("Utilization"));
    m_tabs->setTabText(6, tr("Settings"));
    m_tabs->setTabToolTip(6, tr("The settings whose values differ between the runs, or every setting"));
    m_allSettings->setText(tr("Show every setting (those that differ in bold)"));
}

QStringList ComparisonView::busyRunIds() const
{
    QStringList ids;
    for (const RunData &r : m_runs) {
        if (!r.busy.isEmpty())
            ids << r.record.id;
    }
    return ids;
}

void ComparisonView::fillFairness()
{
    QStringList lines;
    for (const RunData &r : std::as_const(m_runs)) {
        if (r.busy.isEmpty())
            continue;
        QStringList machines;
        for (const BusyMachine &m : r.busy)
            machines << EventText::busyMachine(m.node, m.busy, EventText::Shown::Widget);
        lines << tr("⚠ %1 (%2) started on busy machines — %3. Its speed says as much about them as about "
                    "its settings.")
                     .arg(SafeText::neutralized(r.record.name), Bidi::ltr(r.record.id.right(4)),
                          machines.join(tr("; ")));
    }
    // One run's warning in full; a sweep's as one line that opens to the list, so the charts stay in view.
    const bool several = lines.size() > 1;
    const bool open = several && m_fairnessDetails->isChecked();
    QString text = lines.join(QLatin1Char('\n'));
    if (several) {
        const QString summary =
            tr("⚠ %Ln of the runs started on busy machines: their speed says as much about those machines "
               "as about their settings.",
               nullptr, int(lines.size()));
        text = open ? summary + QLatin1Char('\n') + text : summary;
    }
    m_fairness->setText(LocaleFormat::paragraph(text));
    m_fairness->setToolTip(several && !open ? lines.join(QLatin1Char('\n')) : QString());
    m_fairness->setStyleSheet(
        lines.isEmpty() ? QString() : QStringLiteral("color: %1;").arg(errorColor(palette()).name()));
    m_fairness->setVisible(!lines.isEmpty());
    m_fairnessDetails->setText(open ? tr("Hide the list") : tr("Show which"));
    m_fairnessDetails->setVisible(several);
}

void ComparisonView::changeEvent(QEvent *event)
{
    switch (event->type()) {
    case QEvent::LanguageChange:
        retranslateUi();
        redraw();
        break;
    case QEvent::PaletteChange:
    case QEvent::FontChange:
    case QEvent::LayoutDirectionChange:
        if (m_plots[0])
            redraw();
        break;
    default:
        break;
    }
    QWidget::changeEvent(event);
}

QStringList ComparisonView::runIds() const
{
    QStringList ids;
    for (const RunData &r : m_runs)
        ids << r.record.id;
    return ids;
}

void ComparisonView::setRuns(const QStringList &runIds)
{
    m_runs.clear();
    for (const QString &id : runIds) {
        if (m_runs.size() >= kMaxRuns)
            break;
        const auto record = m_store.run(id);
        if (!record)
            continue;
        RunData d;
        d.record = *record;
        d.summary = record->summary.isEmpty() ? m_store.computeSummary(id) : record->summary;
        d.lossByStep =
            m_store.series(id, QStringLiteral("loss"), -1, HistoryStore::XAxis::Step, kSeriesPoints);
        d.lossByTime =
            m_store.series(id, QStringLiteral("loss"), -1, HistoryStore::XAxis::Time, kSeriesPoints);
        // Seconds since the run started; the first step when the start was not recorded.
        double origin = record->startedMs > 0 ? double(record->startedMs) : 0.0;
        if (!d.lossByTime.x.isEmpty() && (origin <= 0 || origin > d.lossByTime.x.first()))
            origin = d.lossByTime.x.first();
        for (double &x : d.lossByTime.x)
            x = (x - origin) / 1000.0;
        // Each rank may report the same evaluation: one value per step.
        QMap<double, double> accuracy;
        QMap<double, double> perplexity;
        for (const RunEvent &e : m_store.events(id, {EventKinds::name(EventKind::Eval)})) {
            const auto eval = WorkerEventJson::read<hamgam::contracts::EvalEvent>(e.payload);
            const double step = double(eval.step);
            if (eval.accuracy)
                accuracy.insert(step, 100.0 * *eval.accuracy);
            else if (eval.perplexity)
                perplexity.insert(step, *eval.perplexity);
        }
        d.evalIsAccuracy = !accuracy.isEmpty() || perplexity.isEmpty();
        const QMap<double, double> &eval = d.evalIsAccuracy ? accuracy : perplexity;
        d.evalSteps = eval.keys();
        d.evalValues = eval.values();
        d.nodes = m_store.nodes(id);
        d.devices = m_store.deviceUtilization(id);
        d.busy = m_store.busyAtStart(id);
        m_runs.append(d);
    }

    // A field differs among the runs when it differs between the first run and any other.
    QSet<QString> differing;
    for (qsizetype i = 1; i < m_runs.size(); ++i) {
        for (const QString &field :
             RunConfig::differingSettings(m_runs.first().record.config, m_runs[i].record.config))
            differing.insert(field);
    }
    // In the order of the config documents, so nodes[2] comes before nodes[3].
    m_differing.clear();
    for (const RunData &r : std::as_const(m_runs)) {
        for (const auto &[path, value] : RunConfig::flatten(r.record.config)) {
            if (differing.contains(path) && !m_differing.contains(path))
                m_differing << path;
        }
    }
    // A few runs are compared by their curves first, a sweep by its table.
    if (!m_tabChosen) {
        m_tabChosen = true;
        m_tabs->setCurrentIndex(m_runs.size() > kMostInLegend ? 0 : 2);
    }
    retranslateUi();
    redraw();
}

void ComparisonView::stylePlot(QCustomPlot *plot) const
{
    const QPalette pal = palette();
    const QColor base = pal.color(QPalette::Base);
    const QColor text = pal.color(QPalette::Text);
    QColor grid = text;
    grid.setAlpha(45);
    plot->setBackground(base);
    plot->axisRect()->setBackground(base);
    plot->setFont(font());
    for (QCPAxis *axis : plot->axisRect()->axes()) {
        axis->setBasePen(QPen(text));
        axis->setTickPen(QPen(text));
        axis->setSubTickPen(QPen(text));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->setTickLabelFont(font());
        axis->setLabelFont(font());
        axis->grid()->setPen(QPen(grid, 1, Qt::DotLine));
        axis->grid()->setZeroLinePen(Qt::NoPen);
    }
    plot->legend->setBrush(base);
    plot->legend->setBorderPen(Qt::NoPen);
    plot->legend->setTextColor(text);
    plot->legend->setFont(font());
    if (QCPTextElement *title = titleOf(plot)) {
        QFont f = font();
        f.setBold(true);
        title->setFont(f);
        title->setTextColor(text);
    }
}

void ComparisonView::redraw()
{
    fillFairness();
    for (QCustomPlot *plot : m_plots) {
        plot->clearPlottables();
        plot->clearItems();
        stylePlot(plot);
    }
    QCustomPlot *step = m_plots[LossByStepPlot];
    titleOf(step)->setText(tr("Training loss by step"));
    step->xAxis->setLabel(tr("Step"));
    step->yAxis->setLabel(tr("Loss"));
    drawCurves(step, LossByStepPlot);

    QCustomPlot *time = m_plots[LossByTimePlot];
    double longest = 0;
    for (const RunData &r : std::as_const(m_runs))
        longest = qMax(longest, r.lossByTime.x.isEmpty() ? 0.0 : r.lossByTime.x.last());
    auto ticker = time->xAxis->ticker().dynamicCast<QCPAxisTickerTime>();
    if (ticker)
        ticker->setTimeFormat(longest >= 3600 ? QStringLiteral("%h:%m") : QStringLiteral("%m:%s"));
    titleOf(time)->setText(tr("Training loss over time"));
    time->xAxis->setLabel(longest >= 3600 ? tr("Time since the start (h:min)")
                                          : tr("Time since the start (min:s)"));
    time->yAxis->setLabel(tr("Loss"));
    drawCurves(time, LossByTimePlot);

    QCustomPlot *eval = m_plots[EvaluationPlot];
    bool accuracy = true;
    for (const RunData &r : std::as_const(m_runs)) {
        if (!r.evalSteps.isEmpty()) {
            accuracy = r.evalIsAccuracy;
            break;
        }
    }
    titleOf(eval)->setText(accuracy ? tr("Evaluation accuracy") : tr("Evaluation perplexity"));
    eval->xAxis->setLabel(tr("Step"));
    eval->yAxis->setLabel(accuracy ? tr("Accuracy (%)") : tr("Perplexity"));
    drawCurves(eval, EvaluationPlot, accuracy);

    QCustomPlot *throughput = m_plots[ThroughputPlot];
    titleOf(throughput)->setText(tr("Throughput"));
    throughput->yAxis->setLabel(tr("Samples per second"));
    drawBars(throughput, "samples_per_s", false);

    QCustomPlot *wait = m_plots[WaitPlot];
    titleOf(wait)->setText(tr("Mean wait"));
    wait->yAxis->setLabel(tr("Share of each step spent waiting (%)"));
    drawBars(wait, "mean_wait_pct", true);

    drawParallel(m_plots[ParallelPlot]);
    for (QCustomPlot *plot : m_plots)
        plot->replot();
    fillUtilization();
    fillConfig();
    fillRuns();
}

namespace {
// What a run ended with, for the table and the parallel plot: final loss, accuracy in %.
std::optional<double> result(const QJsonObject &summary, const char *key)
{
    const QJsonValue v = summary.value(QLatin1String(key));
    if (!v.isDouble())
        return std::nullopt;
    return qstrcmp(key, "eval_accuracy") == 0 ? v.toDouble() * 100.0 : v.toDouble();
}
} // namespace

void ComparisonView::fillRuns()
{
    const int sortColumn = m_runsView->horizontalHeader()->sortIndicatorSection();
    const Qt::SortOrder order = m_runsView->horizontalHeader()->sortIndicatorOrder();
    m_runsModel->clear();
    QStringList headers{tr("Run"), tr("Created")};
    for (const QString &field : std::as_const(m_differing)) {
        if (field != QLatin1String("name"))
            headers << fieldLabel(field);
    }
    headers << tr("Final loss") << tr("Accuracy") << tr("Samples/s") << tr("Mean wait")
            << tr("Busy at start");
    // The user's own labels ("baseline", "chapter 3") say what a sweep's runs were for.
    const bool tagged = std::any_of(m_runs.cbegin(), m_runs.cend(),
                                    [](const RunData &r) { return !r.record.tags.isEmpty(); });
    if (tagged)
        headers << tr("Tags");
    m_runsModel->setHorizontalHeaderLabels(headers);
    for (int i = 0; i < m_runs.size(); ++i) {
        const RunData &r = m_runs[i];
        auto *run = cell(runLabel(i), runLabel(i));
        run->setData(swatch(runColor(i)), Qt::DecorationRole);
        run->setToolTip(Bidi::ltr(r.record.id));
        QList<QStandardItem *> row{
            run, cell(LocaleFormat::dateTime(QDateTime::fromMSecsSinceEpoch(r.record.createdMs)),
                      r.record.createdMs)};
        QHash<QString, QJsonValue> values;
        for (const auto &[path, value] : RunConfig::flatten(r.record.config))
            values.insert(path, value);
        for (const QString &field : std::as_const(m_differing)) {
            if (field == QLatin1String("name"))
                continue;
            const QJsonValue v = values.value(field, QJsonValue(QJsonValue::Undefined));
            const QString text = jsonText(v);
            row << (v.isDouble() ? cell(text, v.toDouble(), true)
                                 : cell(field == QLatin1String("strategy") ? text.toUpper() : text, text));
        }
        auto number = [&](const char *key, int decimals, bool percent) {
            const auto v = result(r.summary, key);
            if (!v)
                return cell(QString(), -1.0, true); // missing sorts below every value
            return cell(percent ? LocaleFormat::percent(*v, decimals) : LocaleFormat::number(*v, decimals),
                        *v, true);
        };
        row << number("final_loss", 4, false) << number("eval_accuracy", 1, true)
            << number("samples_per_s", 1, false) << number("mean_wait_pct", 1, true);
        QStringList busy;
        for (const BusyMachine &m : r.busy)
            busy << EventText::busyMachine(m.node, m.busy, EventText::Shown::Widget);
        row << cell(busy.isEmpty() ? tr("no") : busy.join(tr("; ")), busy.size());
        if (tagged) {
            const QString tags = SafeText::neutralized(r.record.tags.join(QStringLiteral(", ")));
            row << cell(tags, tags);
        }
        m_runsModel->appendRow(row);
    }
    if (sortColumn >= 0 && sortColumn < m_runsModel->columnCount())
        m_runsModel->sort(sortColumn, order);
}

void ComparisonView::drawParallel(QCustomPlot *plot)
{
    // One axis per setting that differs (at most ten), then the final loss and the accuracy.
    plot->legend->setVisible(false);
    titleOf(plot)->setText(tr("Settings against final loss and accuracy"));
    QList<ParallelCoordinates::Axis> axes;
    for (const QString &field : std::as_const(m_differing)) {
        if (field == QLatin1String("name") || axes.size() >= 10)
            continue;
        QList<QJsonValue> values;
        QStringList texts;
        for (const RunData &r : std::as_const(m_runs)) {
            QJsonValue value(QJsonValue::Undefined);
            for (const auto &[path, v] : RunConfig::flatten(r.record.config)) {
                if (path == field)
                    value = v;
            }
            values << value;
            texts << jsonText(value);
        }
        axes << ParallelCoordinates::settingAxis(fieldLabel(field), values, texts);
    }
    for (const auto &[key, label] :
         {std::pair{"final_loss", tr("Final loss")}, std::pair{"eval_accuracy", tr("Accuracy (%)")}}) {
        QList<std::optional<double>> values;
        for (const RunData &r : std::as_const(m_runs))
            values << result(r.summary, key);
        axes << ParallelCoordinates::resultAxis(label, values);
    }
    m_parallelAxes.clear();
    for (const auto &a : std::as_const(axes))
        m_parallelAxes << a.label;
    QList<ParallelCoordinates::Line> lines;
    for (int i = 0; i < m_runs.size(); ++i)
        lines << ParallelCoordinates::Line{runLabel(i), runColor(i)};
    ParallelCoordinates::draw(plot, axes, lines, palette(), font());
    for (int i = 0; i < plot->graphCount() && i < m_runs.size(); ++i)
        plot->graph(i)->setProperty(kRunProperty, i);
}

QString ComparisonView::hoverText(Plot which, const QPointF &pos) const
{
    QCustomPlot *plot = m_plots[which];
    double nearest = kHoverPixels;
    int run = -1;
    double key = 0;
    double value = 0;
    for (int i = 0; i < plot->plottableCount(); ++i) {
        QCPAbstractPlottable *line = plot->plottable(i);
        const QVariant index = line->property(kRunProperty);
        QCPPlottableInterface1D *data = line->interface1D();
        if (!index.isValid() || !data)
            continue;
        QVariant details;
        const double distance = line->selectTest(pos, false, &details);
        const QCPDataSelection points = details.value<QCPDataSelection>();
        if (distance < 0 || distance >= nearest || points.isEmpty())
            continue;
        nearest = distance;
        run = index.toInt();
        const int point = points.dataRange().begin();
        key = data->dataMainKey(point);
        value = data->dataMainValue(point);
    }
    if (run < 0 || run >= m_runs.size())
        return {};
    const QString name = runLabel(run);
    const QString pair = tr("%1: %2");
    switch (which) {
    case LossByStepPlot:
    case EvaluationPlot:
        return name + QLatin1Char('\n') +
               pair.arg(plot->xAxis->label(), LocaleFormat::number(qint64(std::llround(key)))) +
               QLatin1Char('\n') + pair.arg(plot->yAxis->label(), LocaleFormat::number(value, 4));
    case LossByTimePlot:
        return name + QLatin1Char('\n') +
               pair.arg(tr("Time since the start"), LocaleFormat::duration(qint64(key * 1000))) +
               QLatin1Char('\n') + pair.arg(plot->yAxis->label(), LocaleFormat::number(value, 4));
    case ThroughputPlot:
        return name + QLatin1Char('\n') + pair.arg(plot->yAxis->label(), LocaleFormat::number(value, 1));
    case WaitPlot:
        return name + QLatin1Char('\n') + pair.arg(plot->yAxis->label(), LocaleFormat::percent(value, 1));
    case ParallelPlot: {
        // The line's heights are scaled per axis: the run's own results say more.
        QStringList lines{name};
        if (const auto loss = result(m_runs[run].summary, "final_loss"))
            lines << pair.arg(tr("Final loss"), LocaleFormat::number(*loss, 4));
        if (const auto accuracy = result(m_runs[run].summary, "eval_accuracy"))
            lines << pair.arg(tr("Accuracy"), LocaleFormat::percent(*accuracy, 1));
        return lines.join(QLatin1Char('\n'));
    }
    case PlotCount:
        break;
    }
    return {};
}

void ComparisonView::showHover(QCustomPlot *plot, const QPointF &pos)
{
    const int which = int(std::find(std::begin(m_plots), std::end(m_plots), plot) - std::begin(m_plots));
    const QString text = which < PlotCount ? hoverText(Plot(which), pos) : QString();
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(plot->mapToGlobal(pos.toPoint()), text, plot);
}

void ComparisonView::drawCurves(QCustomPlot *plot, int which, bool accuracy)
{
    bool any = false;
    for (int i = 0; i < m_runs.size(); ++i) {
        const RunData &r = m_runs[i];
        QCPGraph *graph = plot->addGraph();
        graph->setName(QFontMetrics(font()).elidedText(runLabel(i), Qt::ElideRight, 260));
        graph->setProperty(kRunProperty, i);
        graph->setPen(QPen(runColor(i), 2));
        graph->setAntialiased(true);
        if (which == EvaluationPlot) {
            const bool matches = r.evalIsAccuracy == accuracy;
            if (matches)
                graph->setData(QVector<double>(r.evalSteps), QVector<double>(r.evalValues), true);
            graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, runColor(i), 6));
            any = any || (matches && !r.evalSteps.isEmpty());
        } else {
            const Series &s = which == LossByStepPlot ? r.lossByStep : r.lossByTime;
            graph->setData(QVector<double>(s.x), QVector<double>(s.y), true);
            any = any || !s.x.isEmpty();
        }
    }
    plot->legend->setVisible(m_runs.size() <= kMostInLegend);
    plot->rescaleAxes();
    if (plot->xAxis->range().lower > 0)
        plot->xAxis->setRangeLower(0);
    if (plot->yAxis->range().size() <= 0 || !any)
        plot->yAxis->setRange(0, 1);
    else
        plot->yAxis->scaleRange(1.05, plot->yAxis->range().center());
    if (!any) {
        plot->xAxis->setRange(0, 1);
        auto *empty = new QCPItemText(plot);
        empty->position->setType(QCPItemPosition::ptAxisRectRatio);
        empty->position->setCoords(0.5, 0.5);
        empty->setText(which == EvaluationPlot ? tr("These runs have no evaluations")
                                               : tr("No steps recorded"));
        empty->setColor(palette().color(QPalette::PlaceholderText));
        empty->setFont(font());
    }
}

void ComparisonView::drawBars(QCustomPlot *plot, const char *key, bool percent)
{
    plot->legend->setVisible(false);
    QSharedPointer<QCPAxisTickerText> names(new QCPAxisTickerText);
    const QColor text = palette().color(QPalette::Text);
    double highest = 0;
    const QFontMetrics metrics(font());
    for (int i = 0; i < m_runs.size(); ++i) {
        const RunData &r = m_runs[i];
        const double x = i + 1;
        // A sweep's names differ at their ends ("lr 0.01", "lr 0.001"): whole where they fit, turned
        // below; only a name longer than the plot's lower third loses its end (the hover says it all).
        names->addTick(x, metrics.elidedText(runLabel(i), Qt::ElideRight, 220));
        const QJsonValue v = r.summary.value(QLatin1String(key));
        if (!v.isDouble())
            continue;
        const double value = v.toDouble();
        highest = qMax(highest, value);
        auto *bars = new QCPBars(plot->xAxis, plot->yAxis);
        bars->setName(runLabel(i));
        bars->setProperty(kRunProperty, i);
        bars->setWidth(0.6);
        bars->setPen(QPen(runColor(i).darker(130)));
        bars->setBrush(runColor(i));
        bars->addData(x, value);
        if (m_runs.size() > 20)
            continue; // a hundred figures would hide the bars: the Runs table has them
        auto *label = new QCPItemText(plot);
        label->position->setCoords(x, value);
        label->setPositionAlignment(Qt::AlignBottom | Qt::AlignHCenter);
        label->setPadding(QMargins(0, 0, 0, 3));
        label->setText(percent ? LocaleFormat::percent(value, 1)
                               : LocaleFormat::number(value, value < 100 ? 1 : 0));
        label->setColor(text);
        label->setFont(font());
    }
    plot->xAxis->setTicker(names);
    // Turned so that each name ends at its bar and none runs off the plot.
    plot->xAxis->setTickLabelRotation(m_runs.size() > 4 ? -45 : 0);
    plot->xAxis->setSubTicks(false);
    plot->xAxis->setTickLength(0, 4);
    plot->xAxis->grid()->setVisible(false);
    plot->xAxis->setRange(0.4, qMax<qsizetype>(1, m_runs.size()) + 0.6);
    plot->yAxis->setRange(0, highest > 0 ? highest * 1.18 : 1);
}

void ComparisonView::fillUtilization()
{
    m_utilModel->clear();
    m_utilModel->setHorizontalHeaderLabels({tr("Run"), tr("Node"), tr("Devices"), tr("Mean utilization"),
                                            tr("Peak utilization"), tr("Mean memory used")});
    for (int i = 0; i < m_runs.size(); ++i) {
        const RunData &r = m_runs[i];
        // Per node: the devices' telemetry averaged.
        struct NodeUse
        {
            QString name;
            int devices = 0;
            double util = 0;
            double peak = 0;
            double memory = 0;
        };
        QMap<QString, NodeUse> perNode;
        QStringList order;
        for (const RunNodeRecord &n : r.nodes) {
            perNode[n.agentId].name = n.name.isEmpty() ? n.agentId.left(12) : n.name;
            order << n.agentId;
        }
        for (const QJsonObject &d : r.devices) {
            const QString agent = d.value(QStringLiteral("agent")).toString();
            if (!perNode.contains(agent)) {
                perNode[agent].name = agent.left(12);
                order << agent;
            }
            NodeUse &u = perNode[agent];
            ++u.devices;
            u.util += d.value(QStringLiteral("mean_util")).toDouble();
            u.peak = qMax(u.peak, d.value(QStringLiteral("max_util")).toDouble());
            u.memory += d.value(QStringLiteral("mean_mem_used")).toDouble();
        }
        for (const QString &agent : std::as_const(order)) {
            const NodeUse &u = perNode[agent];
            auto *run = cell(runLabel(i), i);
            run->setData(swatch(runColor(i)), Qt::DecorationRole);
            QList<QStandardItem *> row{run, cell(u.name)};
            if (u.devices == 0) {
                row << cell(QStringLiteral("—"), 0, true) << cell(tr("no telemetry"), -1.0)
                    << cell(QString(), -1.0) << cell(QString(), -1.0);
            } else {
                const double mean = u.util / u.devices;
                const double memory = u.memory / u.devices;
                row << cell(LocaleFormat::number(qint64(u.devices)), u.devices, true)
                    << cell(LocaleFormat::percent(mean, 1), mean, true)
                    << cell(LocaleFormat::percent(u.peak, 1), u.peak, true)
                    << cell(LocaleFormat::dataSize(qint64(memory)), memory, true);
            }
            m_utilModel->appendRow(row);
        }
    }
}

void ComparisonView::fillConfig()
{
    m_configModel->clear();
    QStringList headers{tr("Setting")};
    for (int i = 0; i < m_runs.size(); ++i)
        headers << runLabel(i);
    m_configModel->setHorizontalHeaderLabels(headers);
    for (int i = 0; i < m_runs.size(); ++i)
        m_configModel->horizontalHeaderItem(i + 1)->setData(swatch(runColor(i)), Qt::DecorationRole);
    QList<QHash<QString, QJsonValue>> flat;
    QStringList every; // every field of any run, in the order of the config documents
    for (const RunData &r : std::as_const(m_runs)) {
        QHash<QString, QJsonValue> values;
        for (const auto &[path, value] : RunConfig::flatten(r.record.config)) {
            values.insert(path, value);
            if (!every.contains(path))
                every << path;
        }
        flat.append(values);
    }
    const bool all = m_allSettings->isChecked();
    for (const QString &field : all ? std::as_const(every) : std::as_const(m_differing)) {
        QStandardItem *name = cell(fieldLabel(field));
        name->setData(field, FieldPathRole);
        name->setToolTip(field);
        if (all && m_differing.contains(field)) {
            QFont bold = font();
            bold.setBold(true);
            name->setFont(bold);
        }
        QList<QStandardItem *> row{name};
        for (const auto &values : std::as_const(flat)) {
            const QJsonValue value = values.value(field, QJsonValue(QJsonValue::Undefined));
            const QString text = jsonText(value);
            // Strategies are written as everywhere else in the app: LSHDP. Paths
            // and names stay left to right in a Persian table.
            row << cell(field == QLatin1String("strategy") ? text.toUpper()
                        : value.isString()                 ? Bidi::ltr(text)
                                                           : text);
        }
        m_configModel->appendRow(row);
    }
    if (m_differing.isEmpty() && m_runs.size() > 1 && !all) {
        auto *same = cell(tr("These runs have the same settings."));
        same->setEnabled(false);
        m_configModel->appendRow(same);
    }
}

QString ComparisonView::plotFileName(Plot which)
{
    switch (which) {
    case LossByStepPlot:
        return QStringLiteral("loss-by-step");
    case LossByTimePlot:
        return QStringLiteral("loss-by-time");
    case EvaluationPlot:
        return QStringLiteral("evaluation");
    case ThroughputPlot:
        return QStringLiteral("throughput");
    case WaitPlot:
        return QStringLiteral("mean-wait");
    case ParallelPlot:
        return QStringLiteral("settings-and-results");
    case PlotCount:
        break;
    }
    return {};
}

QList<ComparisonView::Plot> ComparisonView::everyPlot()
{
    QList<Plot> plots;
    for (int p = 0; p < PlotCount; ++p)
        plots << Plot(p);
    return plots;
}

QString ComparisonView::plotTitle(Plot which) const
{
    const QCPTextElement *title = titleOf(m_plots[which]);
    return title ? title->text() : QString();
}

Expected<QStringList> ComparisonView::exportPlots(const QString &dir, const QList<Plot> &which,
                                                  const QList<PlotExporter::Format> &formats) const
{
    if (!QDir().mkpath(dir))
        return Expected<QStringList>::failure(
            tr("Cannot make the folder %1.").arg(Bidi::ltr(QDir::toNativeSeparators(dir))));
    QStringList written;
    for (const Plot p : which) {
        QCustomPlot *plot = m_plots[p];
        fitLegend(plot, PlotExporter::kDefaultSize.width());
        for (const PlotExporter::Format format : formats) {
            const QString path = QDir(dir).filePath(plotFileName(p) + PlotExporter::suffix(format));
            const Status saved = PlotExporter::save(*plot, path, format);
            if (!saved) {
                fitLegend(plot, plot->viewport().width());
                return Expected<QStringList>::failure(saved.error());
            }
            written << path;
        }
        fitLegend(plot, plot->viewport().width());
    }
    return written;
}

void ComparisonView::exportPlotsInteractively()
{
    QStringList titles;
    for (const Plot p : everyPlot())
        titles << plotTitle(p);
    PlotExportDialog dialog(titles, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QList<Plot> which;
    for (const int p : dialog.chosenPlots())
        which << Plot(p);
    const QString dir = dialog.directory();
    const auto written = exportPlots(dir, which, dialog.chosenFormats());
    if (!written)
        QMessageBox::warning(this, tr("Export plots"), written.error());
    else
        QMessageBox::information(this, tr("Export plots"),
                                 tr("%Ln file(s) written to %1.", nullptr, int(written->size()))
                                     .arg(Bidi::ltr(QDir::toNativeSeparators(dir))));
}
