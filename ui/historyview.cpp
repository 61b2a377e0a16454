#include "historyview.h"

#include "appicons.h"
#include "bidi.h"
#include "comparisonview.h"
#include "csv.h"
#include "eventkind.h"
#include "eventtext.h"
#include "historystore.h"
#include "jsonnumber.h"
#include "localeformat.h"
#include "modelfetcher.h"
#include "plotexporter.h"
#include "runconfig.h"
#include "runsfilterproxy.h"
#include "runstablemodel.h"
#include "safetext.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QStyle>
#include <QTableView>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace {
// The events a user reads to understand a run; steps, plans and checkpoints
// are in the plots and the ranks table.
const QStringList &notableKinds()
{
    static const QStringList kinds = [] {
        QStringList names;
        for (EventKind kind : {EventKind::Launch, EventKind::State, EventKind::Error, EventKind::Warning,
                               EventKind::Rebalance, EventKind::WorkerExit, EventKind::Diagnosis,
                               EventKind::StopRequested, EventKind::AbortRequested, EventKind::Finished})
            names << EventKinds::name(kind);
        return names;
    }();
    return kinds;
}

constexpr int kMostEvents = 500;

// Column names of the exported CSV files, translated only when the user asks.
struct CsvHeader
{
    const char *key;
    const char *text;
};
const CsvHeader kCsvHeaders[] = {
    {"time", QT_TRANSLATE_NOOP("HistoryView", "time")},
    {"rank", QT_TRANSLATE_NOOP("HistoryView", "rank")},
    {"step", QT_TRANSLATE_NOOP("HistoryView", "step")},
    {"epoch", QT_TRANSLATE_NOOP("HistoryView", "epoch")},
    {"loss", QT_TRANSLATE_NOOP("HistoryView", "loss")},
    {"local_batch", QT_TRANSLATE_NOOP("HistoryView", "local batch")},
    {"data_ms", QT_TRANSLATE_NOOP("HistoryView", "data ms")},
    {"compute_ms", QT_TRANSLATE_NOOP("HistoryView", "compute ms")},
    {"wait_ms", QT_TRANSLATE_NOOP("HistoryView", "wait ms")},
    {"comm_ms", QT_TRANSLATE_NOOP("HistoryView", "communication ms")},
    {"optimizer_ms", QT_TRANSLATE_NOOP("HistoryView", "optimizer ms")},
    {"samples_per_s", QT_TRANSLATE_NOOP("HistoryView", "samples per second")},
    {"device_bytes", QT_TRANSLATE_NOOP("HistoryView", "device memory bytes")},
    {"bytes_intra", QT_TRANSLATE_NOOP("HistoryView", "bytes within the node")},
    {"bytes_inter", QT_TRANSLATE_NOOP("HistoryView", "bytes between nodes")},
    {"source", QT_TRANSLATE_NOOP("HistoryView", "source")},
    {"seq", QT_TRANSLATE_NOOP("HistoryView", "sequence")},
    {"kind", QT_TRANSLATE_NOOP("HistoryView", "kind")},
    {"device", QT_TRANSLATE_NOOP("HistoryView", "device")},
    {"payload", QT_TRANSLATE_NOOP("HistoryView", "payload")},
    {"agent", QT_TRANSLATE_NOOP("HistoryView", "agent")},
    {"util", QT_TRANSLATE_NOOP("HistoryView", "utilization %")},
    {"mem_used", QT_TRANSLATE_NOOP("HistoryView", "memory used bytes")},
    {"mem_total", QT_TRANSLATE_NOOP("HistoryView", "memory total bytes")},
    {"temperature", QT_TRANSLATE_NOOP("HistoryView", "temperature °C")},
    {"power", QT_TRANSLATE_NOOP("HistoryView", "power W")},
};

QString batchesText(const QJsonArray &batches)
{
    QStringList parts;
    for (const QJsonValue v : batches)
        parts << LocaleFormat::number(jsonInt64(v));
    // A middle dot would read as the Persian zero (۰): the language's own comma.
    return parts.join(HistoryView::tr(", ", "between the numbers of a list"));
}

QStandardItem *numberItem(double value, int decimals)
{
    auto *item = new QStandardItem(LocaleFormat::number(value, decimals));
    item->setData(value, Qt::UserRole);
    item->setTextAlignment(Qt::AlignTrailing | Qt::AlignVCenter);
    item->setEditable(false);
    return item;
}

QStandardItem *textItem(const QString &text)
{
    auto *item = new QStandardItem(text);
    item->setData(text, Qt::UserRole);
    item->setEditable(false);
    return item;
}
} // namespace

HistoryView::HistoryView(HistoryStore &store, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
{
    buildUi();
    retranslateUi();
    updateButtons();
    showDetails();
}

HistoryView::~HistoryView() = default;

void HistoryView::buildUi()
{
    m_model = new RunsTableModel(m_store, this);
    m_proxy = new RunsFilterProxy(this);
    m_proxy->setSourceModel(m_model);

    m_nameEdit = new QLineEdit;
    m_nameEdit->setClearButtonEnabled(true);
    m_statusCombo = new QComboBox;
    m_strategyCombo = new QComboBox;
    m_strategyCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_statusCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_fromCheck = new QCheckBox;
    m_toCheck = new QCheckBox;
    m_fromEdit = new QDateEdit(QDate::currentDate().addDays(-30));
    m_toEdit = new QDateEdit(QDate::currentDate());
    for (QDateEdit *edit : {m_fromEdit, m_toEdit}) {
        edit->setCalendarPopup(true);
        edit->setEnabled(false);
        // A date is a number: year/month/day reads left to right in Persian too,
        // and a right-to-left spin box shows its sections in reverse.
        edit->setLayoutDirection(Qt::LeftToRight);
    }
    m_refreshButton = new QToolButton;
    m_refreshButton->setIcon(style()->standardIcon(QStyle::SP_BrowserReload));
    m_refreshButton->setAutoRaise(true);

    auto *filters = new QHBoxLayout;
    filters->addWidget(m_nameEdit, 2);
    filters->addWidget(m_statusCombo);
    filters->addWidget(m_strategyCombo);
    filters->addSpacing(8);
    filters->addWidget(m_fromCheck);
    filters->addWidget(m_fromEdit);
    filters->addWidget(m_toCheck);
    filters->addWidget(m_toEdit);
    filters->addWidget(m_refreshButton);

    m_table = new QTableView;
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(RunsTableModel::DateColumn, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setHighlightSections(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setSectionResizeMode(RunsTableModel::NameColumn, QHeaderView::Stretch);
    m_table->horizontalHeader()->setMinimumSectionSize(48);

    // The summary as a form rather than rich text: Qt's rich-text tables do not
    // mirror for right-to-left, a form layout does.
    m_summaryTitle = new QLabel;
    QFont titleFont = m_summaryTitle->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    m_summaryTitle->setFont(titleFont);
    m_summaryTitle->setWordWrap(true);
    m_summaryTitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summaryForm = new QFormLayout;
    m_summaryForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_summaryForm->setRowWrapPolicy(QFormLayout::DontWrapRows);
    // The user's tags and note on the run: searched by the filter, kept in the history.
    m_tagsLabel = new QLabel;
    m_noteLabel = new QLabel;
    m_tagsEdit = new QLineEdit;
    m_tagsEdit->setObjectName(QStringLiteral("tags"));
    m_noteEdit = new QPlainTextEdit;
    m_noteEdit->setObjectName(QStringLiteral("note"));
    m_noteEdit->setTabChangesFocus(true);
    m_noteEdit->setFixedHeight(m_noteEdit->fontMetrics().lineSpacing() * 4 + 12);
    m_saveNotesButton = new QPushButton;
    m_notesBox = new QWidget;
    auto *notes = new QFormLayout(m_notesBox);
    notes->setContentsMargins(0, 8, 0, 0);
    notes->addRow(m_tagsLabel, m_tagsEdit);
    notes->addRow(m_noteLabel, m_noteEdit);
    notes->addRow(QString(), m_saveNotesButton);
    auto *summaryPage = new QWidget;
    auto *summaryLayout = new QVBoxLayout(summaryPage);
    summaryLayout->addWidget(m_summaryTitle);
    summaryLayout->addLayout(m_summaryForm);
    summaryLayout->addWidget(m_notesBox);
    summaryLayout->addStretch(1);
    m_summary = new QScrollArea;
    m_summary->setWidget(summaryPage);
    m_summary->setWidgetResizable(true);
    m_summary->setFrameShape(QFrame::NoFrame);
    m_nodes = new QStandardItemModel(this);
    m_nodesView = new QTableView;
    m_nodesView->setModel(m_nodes);
    m_nodesView->verticalHeader()->hide();
    m_nodesView->setAlternatingRowColors(true);
    m_nodesView->setWordWrap(false);
    m_nodesView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_nodesView->horizontalHeader()->setStretchLastSection(true);
    m_ranks = new QStandardItemModel(this);
    m_ranksView = new QTableView;
    m_ranksView->setModel(m_ranks);
    m_ranksView->verticalHeader()->hide();
    m_ranksView->setSortingEnabled(true);
    m_ranksView->setAlternatingRowColors(true);
    m_ranksView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_events = new QStandardItemModel(this);
    m_eventsView = new QTableView;
    m_eventsView->setModel(m_events);
    m_eventsView->verticalHeader()->hide();
    m_eventsView->setWordWrap(true);
    m_eventsView->setAlternatingRowColors(true);
    m_eventsView->horizontalHeader()->setStretchLastSection(true);
    m_eventsView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_eventsView->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    for (QStandardItemModel *m : {m_nodes, m_ranks, m_events})
        m->setSortRole(Qt::UserRole);

    m_detailsTabs = new QTabWidget;
    m_detailsTabs->addTab(m_summary, QString());
    m_detailsTabs->addTab(m_nodesView, QString());
    m_detailsTabs->addTab(m_ranksView, QString());
    m_detailsTabs->addTab(m_eventsView, QString());
    m_detailsTabs->setDocumentMode(true);

    m_splitter = new QSplitter(Qt::Vertical);
    m_splitter->addWidget(m_table);
    m_splitter->addWidget(m_detailsTabs);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setChildrenCollapsible(false);

    m_compareButton = new QPushButton;
    m_exportButton = new QPushButton;
    AppIcons::setButtonIcon(m_compareButton, AppIcons::compare());
    AppIcons::setButtonIcon(m_exportButton, AppIcons::exportFiles());
    m_newRunButton = new QPushButton;
    m_exportModelButton = new QPushButton;
    m_exportModelButton->setVisible(false); // until setModelSource
    m_statusLabel = new QLabel;
    m_statusLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_statusLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_statusLabel, 1);
    buttons->addWidget(m_newRunButton);
    buttons->addWidget(m_exportModelButton);
    buttons->addWidget(m_exportButton);
    buttons->addWidget(m_compareButton);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(filters);
    layout->addWidget(m_splitter, 1);
    layout->addLayout(buttons);

    connect(m_nameEdit, &QLineEdit::textChanged, this, &HistoryView::applyFilters);
    connect(m_statusCombo, &QComboBox::currentIndexChanged, this, &HistoryView::applyFilters);
    connect(m_strategyCombo, &QComboBox::currentIndexChanged, this, &HistoryView::applyFilters);
    connect(m_fromCheck, &QCheckBox::toggled, m_fromEdit, &QWidget::setEnabled);
    connect(m_toCheck, &QCheckBox::toggled, m_toEdit, &QWidget::setEnabled);
    connect(m_fromCheck, &QCheckBox::toggled, this, &HistoryView::applyFilters);
    connect(m_toCheck, &QCheckBox::toggled, this, &HistoryView::applyFilters);
    connect(m_fromEdit, &QDateEdit::dateChanged, this, &HistoryView::applyFilters);
    connect(m_toEdit, &QDateEdit::dateChanged, this, &HistoryView::applyFilters);
    connect(m_refreshButton, &QToolButton::clicked, this, &HistoryView::refresh);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &HistoryView::updateButtons);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &HistoryView::showDetails);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this, &HistoryView::showDetails);
    connect(m_table, &QTableView::doubleClicked, this, [this] { m_detailsTabs->setCurrentIndex(0); });
    connect(m_model, &RunsTableModel::dataChanged, this, &HistoryView::onModelDataChanged);
    connect(m_model, &RunsTableModel::rowsInserted, this, [this] {
        if (!m_columnsFitted)
            fitColumns();
    });
    connect(m_tagsEdit, &QLineEdit::editingFinished, this, &HistoryView::saveNotes);
    connect(m_saveNotesButton, &QPushButton::clicked, this, &HistoryView::saveNotes);
    connect(m_compareButton, &QPushButton::clicked, this, &HistoryView::compareSelected);
    connect(m_exportButton, &QPushButton::clicked, this, &HistoryView::exportSelected);
    connect(m_newRunButton, &QPushButton::clicked, this, &HistoryView::newRunFromSelected);
    connect(m_exportModelButton, &QPushButton::clicked, this, &HistoryView::exportModelSelected);
}

void HistoryView::retranslateUi()
{
    setWindowTitle(tr("History"));
    m_nameEdit->setPlaceholderText(tr("Filter by name, tag or note"));
    m_nameEdit->setToolTip(tr("Show only runs whose name, tags or note contain this text"));
    m_tagsLabel->setText(tr("Tags"));
    m_tagsEdit->setPlaceholderText(tr("e.g. baseline, thesis chapter 3"));
    m_tagsEdit->setToolTip(tr("Labels of your own, separated by commas; the filter above finds them"));
    m_noteLabel->setText(tr("Note"));
    m_noteEdit->setPlaceholderText(tr("What this run was for, what you learned from it"));
    m_saveNotesButton->setText(tr("Save tags and note"));

    // Refill the combos in the new language, keeping what was chosen.
    const QString status = m_statusCombo->currentData().toString();
    const QString strategy = m_strategyCombo->currentData().toString();
    {
        const QSignalBlocker blockStatus(m_statusCombo);
        const QSignalBlocker blockStrategy(m_strategyCombo);
        m_statusCombo->clear();
        m_statusCombo->addItem(tr("All statuses"), QString());
        for (RunStatus s : {RunStatus::Finished, RunStatus::Running, RunStatus::Failed, RunStatus::Stopped,
                            RunStatus::Aborted, RunStatus::Preparing, RunStatus::Queued})
            m_statusCombo->addItem(RunStatusText::display(s), RunStatusText::key(s));
        m_statusCombo->setCurrentIndex(qMax(0, m_statusCombo->findData(status)));
        m_strategyCombo->clear();
        m_strategyCombo->addItem(tr("All strategies"), QString());
        for (const QString &s : RunConfig::strategies()) {
            m_strategyCombo->addItem(s.toUpper(), s);
            m_strategyCombo->setItemData(m_strategyCombo->count() - 1, RunConfig::strategyDescription(s),
                                         Qt::ToolTipRole);
        }
        m_strategyCombo->setCurrentIndex(qMax(0, m_strategyCombo->findData(strategy)));
    }
    m_statusCombo->setToolTip(tr("Show only runs with this status"));
    m_strategyCombo->setToolTip(tr("Show only runs with this strategy"));
    m_fromCheck->setText(tr("From"));
    m_fromCheck->setToolTip(tr("Show only runs created on or after this day"));
    m_toCheck->setText(tr("To"));
    m_toCheck->setToolTip(tr("Show only runs created on or before this day"));
    m_refreshButton->setToolTip(tr("Read the history again"));
    m_refreshButton->setAccessibleName(tr("Refresh"));

    m_detailsTabs->setTabText(0, tr("Summary"));
    m_detailsTabs->setTabText(1, tr("Nodes"));
    m_detailsTabs->setTabText(2, tr("Ranks"));
    m_detailsTabs->setTabText(3, tr("Events"));
    m_compareButton->setText(tr("Compare"));
    m_compareButton->setToolTip(
        tr("Compare %1 to %2 selected runs: curves, throughput, waiting, utilization and the "
           "settings that differ")
            .arg(LocaleFormat::number(qint64(kMinCompare)), LocaleFormat::number(qint64(kMaxCompare))));
    m_exportButton->setText(tr("Export…"));
    m_exportButton->setToolTip(tr("Write the selected runs' data, machines, differing settings and charts "
                                  "into a folder"));
    m_newRunButton->setText(tr("New run from this one"));
    m_newRunButton->setToolTip(tr("Open the run setup with this run's configuration"));
    m_exportModelButton->setText(tr("Export model…"));
    m_compareWindows.removeAll(nullptr);
    for (const QPointer<QDialog> &window : std::as_const(m_compareWindows))
        window->setWindowTitle(tr("Compare runs"));
    if (m_statusText)
        m_statusLabel->setText(m_statusText());
    applyLocale();
}

void HistoryView::fitColumns()
{
    // Once there are rows, and again when the language changes the texts; after
    // that the widths are the user's.
    m_columnsFitted = m_model->rowCount() > 0;
    for (int c = 0; c < RunsTableModel::ColumnCount; ++c) {
        if (c != RunsTableModel::NameColumn)
            m_table->resizeColumnToContents(c);
    }
}

void HistoryView::applyLocale()
{
    for (QDateEdit *edit : {m_fromEdit, m_toEdit}) {
        edit->setLocale(QLocale());
        edit->setCalendar(LocaleFormat::calendar());
        edit->setDisplayFormat(QStringLiteral("yyyy/MM/dd"));
    }
    m_model->retranslate();
    fitColumns();
    m_detailsStatus = -1;
    showDetails();
}

void HistoryView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
    } else if (event->type() == QEvent::LayoutDirectionChange && m_summaryForm) {
        m_detailsStatus = -1;
        showDetails();
    }
    QWidget::changeEvent(event);
}

void HistoryView::refresh()
{
    m_model->refresh();
}

void HistoryView::applyFilters()
{
    const QString status = m_statusCombo->currentData().toString();
    const QString strategy = m_strategyCombo->currentData().toString();
    m_proxy->setStatuses(status.isEmpty() ? QStringList() : QStringList{status});
    m_proxy->setStrategies(strategy.isEmpty() ? QStringList() : QStringList{strategy});
    m_proxy->setDateRange(m_fromCheck->isChecked() ? m_fromEdit->date() : QDate(),
                          m_toCheck->isChecked() ? m_toEdit->date() : QDate());
    m_proxy->setNameFilter(m_nameEdit->text());
    updateButtons();
}

QStringList HistoryView::selectedRunIds() const
{
    QModelIndexList rows = m_table->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(),
              [](const QModelIndex &a, const QModelIndex &b) { return a.row() < b.row(); });
    QStringList ids;
    for (const QModelIndex &i : std::as_const(rows))
        ids << i.data(RunsTableModel::RunIdRole).toString();
    return ids;
}

void HistoryView::selectRuns(const QStringList &ids)
{
    QItemSelection selection;
    for (const QString &id : ids) {
        const QModelIndex i = m_proxy->mapFromSource(m_model->indexOfRun(id));
        if (i.isValid())
            selection.select(i, i.siblingAtColumn(RunsTableModel::ColumnCount - 1));
    }
    m_table->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    if (!selection.isEmpty())
        m_table->selectionModel()->setCurrentIndex(selection.first().topLeft(),
                                                   QItemSelectionModel::NoUpdate);
}

void HistoryView::updateButtons()
{
    const qsizetype n = m_table->selectionModel()->selectedRows().size();
    m_compareButton->setEnabled(n >= kMinCompare && n <= kMaxCompare);
    m_exportButton->setEnabled(n >= 1);
    m_newRunButton->setEnabled(n == 1);
    // The trained model: of one run that wrote one, while no other is on its way.
    if (m_registry) {
        const QStringList ids = selectedRunIds();
        const auto source = ids.size() == 1 ? ModelFetcher::locate(m_store, ids.first())
                                            : Expected<ModelFetcher::Source>::failure(QString());
        m_exportModelButton->setEnabled(source.ok() && !m_fetcher);
        m_exportModelButton->setToolTip(
            source.ok() ? tr("Bring the model this run trained (step %1) into a folder, as TorchScript for "
                             "PyTorch and LibTorch")
                              .arg(LocaleFormat::number(source->step))
            : ids.size() == 1 ? source.error()
                              : tr("Select one run to bring the model it trained"));
    }
}

void HistoryView::setModelSource(NodeRegistry *registry)
{
    m_registry = registry;
    m_exportModelButton->setVisible(registry != nullptr);
    updateButtons();
}

void HistoryView::exportModelSelected()
{
    const QStringList ids = selectedRunIds();
    if (ids.size() != 1 || !m_registry)
        return;
    const QString parent =
        QFileDialog::getExistingDirectory(this, tr("Export the trained model to"), proposedExportFolder());
    if (parent.isEmpty())
        return;
    const auto run = m_store.run(ids.first());
    const QString name = run ? run->name : QString();
    // A folder of its own: the next run's model never lands on this one.
    exportModel(ids.first(), QDir(parent).filePath(PlotExporter::safeFileName(
                                 QStringLiteral("%1-%2-model").arg(name, ids.first().left(8)))));
}

void HistoryView::exportModel(const QString &runId, const QString &dir)
{
    const auto source = ModelFetcher::locate(m_store, runId);
    if (!source || !m_registry || m_fetcher) {
        m_statusText = [error = source ? QString() : source.error()] { return error; };
        m_statusLabel->setText(m_statusText());
        Q_EMIT modelExported(runId, false, source ? QString() : source.error());
        return;
    }
    m_fetcher = new ModelFetcher(*m_registry, this);
    const QString shownDir = Bidi::ltr(QDir::toNativeSeparators(dir));
    m_statusText = [] { return tr("Bringing the trained model…"); };
    m_statusLabel->setText(m_statusText());
    connect(m_fetcher, &ModelFetcher::progress, this, [this](qint64 bytes, qint64 total) {
        m_statusText = [bytes, total] {
            return tr("Bringing the trained model: %1 of %2")
                .arg(QLocale().formattedDataSize(bytes), QLocale().formattedDataSize(total));
        };
        m_statusLabel->setText(m_statusText());
    });
    connect(m_fetcher, &ModelFetcher::finished, this, [this, runId, shownDir](bool ok, const QString &error) {
        m_fetcher->deleteLater();
        m_fetcher = nullptr;
        if (ok)
            m_statusText = [shownDir] {
                return tr("The trained model is in %1 (model.pt, model.json)").arg(shownDir);
            };
        else
            m_statusText = [error] { return tr("The model could not be brought: %1").arg(error); };
        m_statusLabel->setText(m_statusText());
        updateButtons();
        Q_EMIT modelExported(runId, ok, error);
    });
    updateButtons();
    m_fetcher->fetch(*source, dir);
}

void HistoryView::compareSelected()
{
    const QStringList ids = selectedRunIds();
    if (ids.size() < kMinCompare || ids.size() > kMaxCompare)
        return;
    Q_EMIT compareRequested(ids);
    if (!m_compareInWindow)
        return;
    auto *dialog = new QDialog(this, Qt::Window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Compare runs"));
    m_compareWindows.append(dialog);
    auto *view = new ComparisonView(m_store);
    view->setRuns(ids);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(view, 1);
    layout->addWidget(buttons);
    dialog->resize(1100, 720);
    dialog->show();
}

void HistoryView::newRunFromSelected()
{
    const QStringList ids = selectedRunIds();
    if (ids.size() != 1)
        return;
    const QModelIndex i = m_model->indexOfRun(ids.first());
    if (i.isValid())
        Q_EMIT newRunRequested(i.data(RunsTableModel::ConfigRole).toJsonObject());
}

QHash<QString, QString> HistoryView::localizedCsvHeaders()
{
    QHash<QString, QString> out;
    for (const CsvHeader &h : kCsvHeaders)
        out.insert(QLatin1String(h.key), tr(h.text));
    return out;
}

Expected<QStringList> HistoryView::exportRuns(const QStringList &ids, const QString &dir,
                                              bool localizedHeaders) const
{
    ExportOptions options;
    options.nodes = false;
    options.settings = false;
    options.localizedHeaders = localizedHeaders;
    return exportRuns(ids, dir, options);
}

namespace {
QString jsonText(const QJsonValue &v)
{
    if (v.isString())
        return v.toString();
    if (v.isUndefined())
        return {};
    return QString::fromUtf8(QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
}

Status writeText(const QString &path, const QString &text)
{
    QFile f(path);
    if (!QDir().mkpath(QFileInfo(path).absolutePath()) ||
        !f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(text.toUtf8()) < 0)
        return Status::failure(HistoryView::tr("cannot write %1: %2").arg(Bidi::ltr(path), f.errorString()));
    return {};
}
} // namespace

Expected<QStringList> HistoryView::exportRuns(const QStringList &ids, const QString &dir,
                                              const ExportOptions &options) const
{
    using Result = Expected<QStringList>;
    QStringList written;
    QList<RunRecord> runs;
    for (const QString &id : ids) {
        const auto run = m_store.run(id);
        if (!run)
            return Result::failure(tr("The run %1 is no longer in the history.").arg(id));
        runs << *run;
    }
    for (const RunRecord &run : std::as_const(runs)) {
        const QString sub = QDir(dir).filePath(
            PlotExporter::safeFileName(QStringLiteral("%1-%2").arg(run.name, run.id.left(8))));
        if (options.data) {
            auto r = exportOne(run.id, sub, options.localizedHeaders);
            if (!r)
                return Result::failure(tr("Cannot export %1: %2").arg(run.name, r.error()));
            written << *r;
        }
        if (options.nodes) {
            // Machine-readable as the other tables: plain digits, "0;1" lists.
            QString text = QStringLiteral("node,agent,address,devices,first_rank,final_plan\n");
            for (const RunNodeRecord &n : m_store.nodes(run.id)) {
                QStringList devices, plan;
                for (int d : n.devices)
                    devices << QString::number(d);
                for (const QJsonValue v : n.finalPlan)
                    plan << QString::number(jsonInt64(v));
                text += Csv::row({n.name, n.agentId, n.address, devices.join(QLatin1Char(';')),
                                  QString::number(n.firstRank), plan.join(QLatin1Char(';'))});
            }
            const QString path = QDir(sub).filePath(QStringLiteral("nodes.csv"));
            if (const Status s = writeText(path, text); !s)
                return Result::failure(s.error());
            written << path;
        }
    }
    if (options.settings && !runs.isEmpty()) {
        // The settings that differ between the runs, one row each; a single run's every setting.
        QStringList fields;
        for (const auto &[path, value] : RunConfig::flatten(runs.first().config)) {
            bool differs = runs.size() == 1;
            for (qsizetype i = 1; i < runs.size() && !differs; ++i)
                differs = RunConfig::differingFields(runs.first().config, runs[i].config).contains(path);
            if (differs)
                fields << path;
        }
        for (qsizetype i = 1; i < runs.size(); ++i) {
            for (const QString &f : RunConfig::differingFields(runs.first().config, runs[i].config)) {
                if (!fields.contains(f))
                    fields << f;
            }
        }
        QStringList header{QStringLiteral("setting")};
        for (const RunRecord &r : std::as_const(runs))
            header << r.id;
        QString text = Csv::row(header);
        for (const QString &field : std::as_const(fields)) {
            QStringList row{field};
            for (const RunRecord &r : std::as_const(runs)) {
                QJsonValue value;
                for (const auto &[path, v] : RunConfig::flatten(r.config)) {
                    if (path == field)
                        value = v;
                }
                row << jsonText(value);
            }
            text += Csv::row(row);
        }
        const QString path = QDir(dir).filePath(QStringLiteral("settings.csv"));
        if (const Status s = writeText(path, text); !s)
            return Result::failure(s.error());
        written << path;
    }
    if (options.charts && !runs.isEmpty()) {
        ComparisonView view(m_store);
        view.resize(1100, 700);
        view.setRuns(ids);
        auto plots = view.exportPlots(QDir(dir).filePath(QStringLiteral("charts")));
        if (!plots)
            return Result::failure(plots.error());
        written << *plots;
    }
    return written;
}

Expected<QStringList> HistoryView::exportOne(const QString &id, const QString &sub,
                                             bool localizedHeaders) const
{
    using Result = Expected<QStringList>;
    const QHash<QString, QString> headers =
        localizedHeaders ? localizedCsvHeaders() : QHash<QString, QString>();
    const auto files = m_store.exportCsv(id, sub, headers);
    if (!files)
        return Result::failure(files.error());
    QStringList written;
    for (const QString &f : *files)
        written << QDir(sub).filePath(f);
    return written;
}

QString HistoryView::proposedExportFolder()
{
    const QString last = QSettings().value(QStringLiteral("history/export_dir")).toString();
    if (!last.isEmpty() && QFileInfo(last).isDir())
        return last;
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (!documents.isEmpty() && QFileInfo(documents).isDir())
        return documents;
    return QDir::homePath();
}

void HistoryView::exportSelected()
{
    const QStringList ids = selectedRunIds();
    if (ids.isEmpty())
        return;
    // One dialog: where, and what (data, machines, differing settings, charts, header language).
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Export runs"));
    auto *folder = new QLineEdit(QDir::toNativeSeparators(proposedExportFolder()));
    folder->setLayoutDirection(Qt::LeftToRight); // a path reads left to right in either language
    auto *browse = new QPushButton(tr("Choose…"));
    connect(browse, &QPushButton::clicked, &dialog, [&] {
        const QString chosen =
            QFileDialog::getExistingDirectory(&dialog, tr("Export runs to"), folder->text());
        if (!chosen.isEmpty())
            folder->setText(QDir::toNativeSeparators(chosen));
    });
    auto *where = new QHBoxLayout;
    where->addWidget(folder, 1);
    where->addWidget(browse);
    auto *data = new QCheckBox(tr("Data of each run: steps, events and telemetry as CSV, the run as JSON"));
    auto *nodes = new QCheckBox(tr("Machines of each run: devices, ranks and final plan (nodes.csv)"));
    auto *settings =
        new QCheckBox(ids.size() > 1 ? tr("The settings that differ between the runs (settings.csv)")
                                     : tr("The run's settings (settings.csv)"));
    auto *charts = new QCheckBox(tr("Charts: loss, evaluation, throughput and waiting as PNG and PDF"));
    for (QCheckBox *box : {data, nodes, settings})
        box->setChecked(true);
    charts->setChecked(ids.size() > 1);
    auto *language = new QComboBox;
    language->addItem(tr("Column names in English"), false);
    if (QLocale().language() != QLocale::English && QLocale().language() != QLocale::C)
        language->addItem(tr("Column names in %1").arg(QLocale().nativeLanguageName()), true);
    language->setEnabled(language->count() > 1);
    auto *note = new QLabel(tr("Either way the values stay machine-readable: ISO dates and ASCII digits."));
    note->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto *layout = new QFormLayout(&dialog);
    layout->addRow(tr("Folder"), where);
    layout->addRow(tr("Contents"), data);
    layout->addRow(QString(), nodes);
    layout->addRow(QString(), settings);
    layout->addRow(QString(), charts);
    layout->addRow(tr("Headers"), language);
    layout->addRow(QString(), note);
    layout->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted || folder->text().trimmed().isEmpty())
        return;
    ExportOptions options;
    options.data = data->isChecked();
    options.nodes = nodes->isChecked();
    options.settings = settings->isChecked();
    options.charts = charts->isChecked();
    options.localizedHeaders = language->currentData().toBool();
    const QString dir = QDir::fromNativeSeparators(folder->text().trimmed());
    if (const Status s = exportAndReport(ids, dir, options); !s) {
        QMessageBox::warning(this, tr("Export runs"), s.error());
        return;
    }
    QSettings().setValue(QStringLiteral("history/export_dir"), dir);
}

QString HistoryView::statusText() const
{
    return m_statusLabel->text();
}

Status HistoryView::exportAndReport(const QStringList &ids, const QString &dir, const ExportOptions &options)
{
    const auto written = exportRuns(ids, dir, options);
    if (!written)
        return Status::failure(written.error());
    m_statusText = [count = int(written->size()), dir] {
        return tr("%Ln file(s) written to %1", nullptr, count).arg(Bidi::ltr(QDir::toNativeSeparators(dir)));
    };
    m_statusLabel->setText(m_statusText());
    return {};
}

void HistoryView::onModelDataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight)
{
    if (m_detailsRunId.isEmpty())
        return;
    const QModelIndex i = m_model->indexOfRun(m_detailsRunId);
    if (!i.isValid() || i.row() < topLeft.row() || i.row() > bottomRight.row())
        return;
    // Reread the details when the run's state moved on, not at every refresh of a running run.
    if (m_model->run(i.row()) && int(m_model->run(i.row())->status) != m_detailsStatus) {
        m_detailsStatus = -1;
        showDetails();
    }
}

void HistoryView::showDetails()
{
    QModelIndex current = m_table->selectionModel()->currentIndex();
    if (!current.isValid() || !m_table->selectionModel()->isRowSelected(current.row(), current.parent())) {
        const QModelIndexList rows = m_table->selectionModel()->selectedRows();
        current = rows.isEmpty() ? QModelIndex() : rows.first();
    }
    const QString id = current.data(RunsTableModel::RunIdRole).toString();
    const RunRecord *record = nullptr;
    if (!id.isEmpty())
        record = m_model->run(m_model->indexOfRun(id).row());
    const int status = record ? int(record->status) : -1;
    const QStringList selection = selectedRunIds();
    if (id == m_detailsRunId && status == m_detailsStatus && !id.isEmpty() && selection == m_detailsSelection)
        return;
    m_detailsSelection = selection;
    m_detailsRunId = id;
    m_detailsStatus = status;
    m_nodeNames.clear();
    fillSummary(id);
    fillRanks(id);
    fillEvents(selectedRunIds().size() > 1 ? selectedRunIds()
                                           : (id.isEmpty() ? QStringList() : QStringList{id}));
}

void HistoryView::saveNotes()
{
    if (m_detailsRunId.isEmpty())
        return;
    QStringList tags;
    for (const QString &t : m_tagsEdit->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        if (!t.trimmed().isEmpty() && !tags.contains(t.trimmed()))
            tags << t.trimmed();
    }
    const QString note = m_noteEdit->toPlainText().trimmed();
    const QModelIndex i = m_model->indexOfRun(m_detailsRunId);
    if (i.isValid() && i.data(RunsTableModel::TagsRole).toStringList() == tags &&
        i.data(RunsTableModel::NoteRole).toString() == note)
        return;
    m_store.setNotes(m_detailsRunId, tags, note);
    m_store.flush();
    m_model->refresh();
}

QString HistoryView::nodeName(const QString &agentId) const
{
    if (agentId == QLatin1String("controller"))
        return tr("Controller");
    return m_nodeNames.value(agentId, agentId.left(12));
}

QString HistoryView::directed(const QString &text) const
{
    // A label takes its paragraph direction from its first letter: a run name
    // or "HDP — …" would turn a Persian line around. Rich text can say the
    // direction; the interface's is the right one.
    return QStringLiteral("<div dir='%1'>%2</div>")
        .arg(layoutDirection() == Qt::RightToLeft ? QStringLiteral("rtl") : QStringLiteral("ltr"),
             text.toHtmlEscaped());
}

void HistoryView::fillSummary(const QString &runId)
{
    while (m_summaryForm->rowCount() > 0)
        m_summaryForm->removeRow(0);
    m_nodes->clear();
    // Each column says what its numbers are: the machine's own device numbers, the workers' ranks.
    m_nodes->setHorizontalHeaderLabels({tr("Node"), tr("Address"), tr("Devices (numbered on the machine)"),
                                        tr("Ranks (one per device)"), tr("Final plan (samples per device)")});
    m_nodes->horizontalHeaderItem(2)->setToolTip(
        tr("The devices of the machine the run used, numbered as the Machines list numbers them"));
    m_nodes->horizontalHeaderItem(3)->setToolTip(
        tr("The ranks of the run's workers on this machine: one worker, and one rank, per device"));
    m_nodes->horizontalHeaderItem(4)->setToolTip(
        tr("How many samples of each step every device of the machine took at the end, in device order"));
    const auto run = runId.isEmpty() ? std::nullopt : m_store.run(runId);
    m_notesBox->setVisible(run.has_value());
    if (!run) {
        m_summaryTitle->setText(
            directed(tr("Select a run to see its details. Select two to %1 runs to compare "
                        "them.")
                         .arg(LocaleFormat::number(qint64(kMaxCompare)))));
        QFont f = m_summaryTitle->font();
        f.setBold(false);
        m_summaryTitle->setFont(f);
        return;
    }
    m_tagsEdit->setText(run->tags.join(QStringLiteral(", ")));
    m_noteEdit->setPlainText(run->note);
    QFont f = m_summaryTitle->font();
    f.setBold(true);
    m_summaryTitle->setFont(f);
    m_summaryTitle->setText(directed(SafeText::neutralized(run->name)));

    const QList<RunNodeRecord> nodes = m_store.nodes(runId);
    for (const RunNodeRecord &n : nodes)
        m_nodeNames.insert(n.agentId, n.name.isEmpty() ? n.agentId.left(12) : n.name);
    QJsonObject summary = run->summary;
    if (summary.isEmpty())
        summary = m_store.computeSummary(runId);

    auto row = [&](const QString &label, const QString &value) {
        if (value.isEmpty())
            return;
        auto *name = new QLabel(label);
        QFont bold = name->font();
        bold.setBold(true);
        name->setFont(bold);
        auto *text = new QLabel(directed(value));
        text->setWordWrap(true);
        text->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_summaryForm->addRow(name, text);
    };
    auto number = [&](const char *key, int decimals) -> QString {
        const QJsonValue v = summary.value(QLatin1String(key));
        return v.isDouble() ? LocaleFormat::number(v.toDouble(), decimals) : QString();
    };
    auto pct = [&](const char *key) -> QString {
        const QJsonValue v = summary.value(QLatin1String(key));
        return v.isDouble() ? LocaleFormat::percent(v.toDouble(), 1) : QString();
    };
    row(tr("Status"), run->reason.isEmpty() ? RunStatusText::display(run->status)
                                            : tr("%1: %2").arg(RunStatusText::display(run->status),
                                                               SafeText::neutralized(run->reason)));
    row(tr("Strategy"),
        tr("%1 — %2").arg(run->strategy.toUpper(), RunConfig::strategyDescription(run->strategy)));
    const QJsonObject model = run->config.value(QStringLiteral("model")).toObject();
    const QJsonObject dataset = run->config.value(QStringLiteral("dataset")).toObject();
    if (!model.isEmpty() || !dataset.isEmpty())
        row(tr("Model and data"), tr("%1 on %2")
                                      .arg(model.value(QStringLiteral("kind")).toString(),
                                           dataset.value(QStringLiteral("kind")).toString()));
    if (run->config.contains(QStringLiteral("global_batch")))
        row(tr("Global batch"),
            LocaleFormat::number(jsonInt64(run->config.value(QStringLiteral("global_batch")))));
    row(tr("Created"),
        LocaleFormat::dateTime(QDateTime::fromMSecsSinceEpoch(run->createdMs), QLocale::LongFormat));
    if (run->startedMs > 0)
        row(tr("Started"), LocaleFormat::dateTime(QDateTime::fromMSecsSinceEpoch(run->startedMs)));
    if (run->endedMs > 0)
        row(tr("Ended"), LocaleFormat::dateTime(QDateTime::fromMSecsSinceEpoch(run->endedMs)));
    if (run->startedMs > 0 && run->endedMs > 0)
        row(tr("Duration"), LocaleFormat::duration(run->endedMs - run->startedMs));
    row(tr("Steps"), number("steps", 0));
    row(tr("Final loss"), number("final_loss", 4));
    if (summary.value(QStringLiteral("eval_accuracy")).isDouble())
        row(tr("Evaluation accuracy"),
            LocaleFormat::percent(summary.value(QStringLiteral("eval_accuracy")).toDouble() * 100, 2));
    row(tr("Evaluation perplexity"), number("eval_perplexity", 2));
    if (summary.value(QStringLiteral("samples_per_s")).isDouble())
        row(tr("Throughput"), tr("%1 samples/s").arg(number("samples_per_s", 1)));
    if (summary.value(QStringLiteral("mean_wait_pct")).isDouble())
        row(tr("Waiting"), summary.value(QStringLiteral("max_wait_pct")).isDouble()
                               ? tr("%1 on average, %2 on the device that waited most")
                                     .arg(pct("mean_wait_pct"), pct("max_wait_pct"))
                               : pct("mean_wait_pct"));
    row(tr("Run id"), Bidi::ltr(run->id));

    for (const RunNodeRecord &n : nodes) {
        QStringList devices;
        for (int d : n.devices)
            devices << LocaleFormat::number(qint64(d));
        const int last = n.firstRank + qMax(1, int(n.devices.size())) - 1;
        const QString ranks = last > n.firstRank ? tr("%1–%2").arg(LocaleFormat::number(qint64(n.firstRank)),
                                                                   LocaleFormat::number(qint64(last)))
                                                 : LocaleFormat::number(qint64(n.firstRank));
        auto *rankItem = textItem(ranks);
        rankItem->setData(n.firstRank, Qt::UserRole);
        m_nodes->appendRow(
            {textItem(m_nodeNames.value(n.agentId)), textItem(Bidi::ltr(n.address)),
             textItem(devices.join(tr(", ", "between the numbers of a list"))), rankItem,
             textItem(n.finalPlan.isEmpty() ? QStringLiteral("—") : batchesText(n.finalPlan))});
    }
}

void HistoryView::fillRanks(const QString &runId)
{
    m_ranks->clear();
    m_ranks->setHorizontalHeaderLabels({tr("Rank"), tr("Node"), tr("Local batch"), tr("Data ms"),
                                        tr("Compute ms"), tr("Wait ms"), tr("Communication ms"),
                                        tr("Optimizer ms"), tr("Wait"), tr("Samples/s")});
    m_ranks->horizontalHeaderItem(8)->setToolTip(tr("Share of the step spent waiting for other devices"));
    if (runId.isEmpty())
        return;
    // Which node a rank ran on: each node holds ranks first_rank .. first_rank + devices - 1.
    QList<std::pair<int, QString>> firstRanks;
    for (const RunNodeRecord &n : m_store.nodes(runId))
        firstRanks.append({n.firstRank, n.name.isEmpty() ? n.agentId.left(12) : n.name});
    std::sort(firstRanks.begin(), firstRanks.end());
    for (const QJsonObject &r : m_store.rankBreakdown(runId)) {
        const int rank = r.value(QStringLiteral("rank")).toInt();
        QString node;
        for (const auto &[first, name] : std::as_const(firstRanks)) {
            if (first <= rank)
                node = name;
        }
        double total = 0;
        for (const char *k : {"data_ms", "compute_ms", "wait_ms", "comm_ms", "optimizer_ms"})
            total += r.value(QLatin1String(k)).toDouble();
        const double waitPct =
            total > 0 ? 100.0 * r.value(QStringLiteral("wait_ms")).toDouble() / total : 0.0;
        QList<QStandardItem *> row{numberItem(rank, 0),
                                   textItem(node),
                                   numberItem(r.value(QStringLiteral("local_batch")).toDouble(), 1),
                                   numberItem(r.value(QStringLiteral("data_ms")).toDouble(), 1),
                                   numberItem(r.value(QStringLiteral("compute_ms")).toDouble(), 1),
                                   numberItem(r.value(QStringLiteral("wait_ms")).toDouble(), 1),
                                   numberItem(r.value(QStringLiteral("comm_ms")).toDouble(), 1),
                                   numberItem(r.value(QStringLiteral("optimizer_ms")).toDouble(), 1),
                                   numberItem(waitPct, 1),
                                   numberItem(r.value(QStringLiteral("samples_per_s")).toDouble(), 1)};
        row[8]->setText(LocaleFormat::percent(waitPct, 1));
        m_ranks->appendRow(row);
    }
}

void HistoryView::fillEvents(const QStringList &runIds)
{
    m_events->clear();
    // Several runs selected: the events of every one of them, each row naming its run.
    const bool several = runIds.size() > 1;
    QStringList headers{tr("Time"), tr("Source"), tr("Event"), tr("Details")};
    if (several)
        headers.prepend(tr("Run"));
    m_events->setHorizontalHeaderLabels(headers);
    for (const QString &runId : runIds) {
        const QModelIndex index = m_model->indexOfRun(runId);
        const RunRecord *record = index.isValid() ? m_model->run(index.row()) : nullptr;
        if (several) {
            m_nodeNames.clear();
            for (const RunNodeRecord &n : m_store.nodes(runId))
                m_nodeNames.insert(n.agentId, n.name.isEmpty() ? n.agentId.left(12) : n.name);
        }
        const QString runName = record ? RunsTableModel::distinctName(*record, true) : runId;
        fillEventsOf(runId, several ? runName : QString());
    }
}

void HistoryView::fillEventsOf(const QString &runId, const QString &runName)
{
    for (const RunEvent &e : m_store.events(runId, notableKinds(), kMostEvents)) {
        if (EventKinds::fromString(e.kind) == EventKind::WorkerExit &&
            EventText::level(e) != EventText::Level::Error)
            continue; // a normal end says nothing the state does not
        const QString kind = EventText::title(e, EventText::Shown::Widget);
        // One row for each line: a diagnosis has one per finding.
        QStringList lines = EventText::details(e, EventText::Shown::Widget);
        if (lines.isEmpty())
            lines << QString();
        const QString source = EventText::source(nodeName(e.source), e.rank);
        const QDateTime at = QDateTime::fromMSecsSinceEpoch(e.timeMs);
        for (const QString &text : std::as_const(lines)) {
            auto *time = textItem(LocaleFormat::dateTime(at, QStringLiteral("HH:mm:ss")));
            time->setData(e.timeMs, Qt::UserRole);
            time->setToolTip(LocaleFormat::dateTime(at, QLocale::LongFormat));
            auto *detailsItem = textItem(text);
            detailsItem->setToolTip(text);
            QList<QStandardItem *> row{time, textItem(source), textItem(kind), detailsItem};
            if (!runName.isEmpty())
                row.prepend(textItem(runName));
            m_events->appendRow(row);
        }
    }
}
