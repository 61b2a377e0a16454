#include "historyview.h"

#include "appicons.h"
#include "bidi.h"
#include "comparisonview.h"
#include "historystore.h"
#include "localeformat.h"
#include "modelfetcher.h"
#include "plotexporter.h"
#include "runconfig.h"
#include "rundetailspanel.h"
#include "runexporter.h"
#include "runsfilterproxy.h"
#include "runstablemodel.h"
#include "sortarrowstyle.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QStyle>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

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
    SortArrowStyle::apply(m_table->horizontalHeader());
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

    m_details = new RunDetailsPanel(m_store, *m_model);

    m_splitter = new QSplitter(Qt::Vertical);
    m_splitter->addWidget(m_table);
    m_splitter->addWidget(m_details);
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
    connect(m_table, &QTableView::doubleClicked, this,
            [this] { m_details->setCurrentIndex(RunDetailsPanel::SummaryTab); });
    connect(m_model, &RunsTableModel::dataChanged, this, &HistoryView::onModelDataChanged);
    connect(m_model, &RunsTableModel::rowsInserted, this, [this] {
        if (!m_columnsFitted)
            fitColumns();
    });
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

    m_details->retranslate();
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
    m_details->invalidate();
    showDetails();
}

void HistoryView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
    } else if (event->type() == QEvent::LayoutDirectionChange && m_details) {
        m_details->invalidate();
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
    const auto run = m_store.run(ids.first());
    const QString name = run ? run->name : QString();
    // The folder the user names is the model's folder (a new name is made; an existing folder is
    // taken as it is), as hamgamctl export-model's DIR; the proposal is one of its own per run.
    QFileDialog dialog(this, tr("Export the trained model to a folder"), proposedExportFolder());
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setFileMode(QFileDialog::AnyFile);
    dialog.setOption(QFileDialog::DontConfirmOverwrite);
    dialog.setLabelText(QFileDialog::Accept, tr("Export"));
    dialog.selectFile(
        PlotExporter::safeFileName(QStringLiteral("%1-%2-model").arg(name, ids.first().left(8))));
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return;
    const QString dir = dialog.selectedFiles().first();
    QSettings().setValue(QStringLiteral("history/export_dir"), QFileInfo(dir).absolutePath());
    auto existing = ModelFetcher::Existing::Refuse;
    if (!ModelFetcher::modelAlreadyIn(dir).isEmpty()) {
        if (QMessageBox::question(this, tr("Replace the model?"),
                                  tr("%1 already holds a trained model. Replace it with this run's?")
                                      .arg(Bidi::ltr(QDir::toNativeSeparators(dir))),
                                  QMessageBox::Yes | QMessageBox::Cancel,
                                  QMessageBox::Cancel) != QMessageBox::Yes)
            return;
        existing = ModelFetcher::Existing::Replace;
    }
    exportModel(ids.first(), dir, existing);
}

void HistoryView::exportModel(const QString &runId, const QString &dir, ModelFetcher::Existing existing)
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
    m_fetcher->fetch(*source, dir, existing);
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
    return RunExporter::localizedCsvHeaders();
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

Expected<QStringList> HistoryView::exportRuns(const QStringList &ids, const QString &dir,
                                              const ExportOptions &options) const
{
    return RunExporter(m_store).write(ids, dir, options);
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
    if (m_details->runId().isEmpty())
        return;
    const QModelIndex i = m_model->indexOfRun(m_details->runId());
    if (!i.isValid() || i.row() < topLeft.row() || i.row() > bottomRight.row())
        return;
    // Reread the details when the run's state moved on, not at every refresh of a running run.
    if (m_model->run(i.row()) && int(m_model->run(i.row())->status) != m_details->shownStatus()) {
        m_details->invalidate();
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
    m_details->showRuns(id, record ? int(record->status) : -1, selectedRunIds());
}

void HistoryView::saveNotes()
{
    m_details->saveNotes();
}

QStandardItemModel *HistoryView::nodesModel() const
{
    return m_details->nodesModel();
}

QStandardItemModel *HistoryView::ranksModel() const
{
    return m_details->ranksModel();
}

QStandardItemModel *HistoryView::eventsModel() const
{
    return m_details->eventsModel();
}

QLineEdit *HistoryView::tagsEdit() const
{
    return m_details->tagsEdit();
}

QPlainTextEdit *HistoryView::noteEdit() const
{
    return m_details->noteEdit();
}

QString HistoryView::detailsRunId() const
{
    return m_details->runId();
}
