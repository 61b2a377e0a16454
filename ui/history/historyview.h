#pragma once

#include "expected.h"
#include "modelfetcher.h"
#include "runexporter.h"

#include <functional>
#include <QHash>
#include <QJsonObject>
#include <QPointer>
#include <QWidget>

class HistoryStore;
class ModelFetcher;
class NodeRegistry;
class QCheckBox;
class QComboBox;
class QDialog;
class QDateEdit;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QScrollArea;
class QSplitter;
class QStandardItemModel;
class QTabWidget;
class QTableView;
class QToolButton;
class RunDetailsPanel;
class RunsFilterProxy;
class RunsTableModel;

/// The History screen: the runs of the history in a sortable, filterable
/// table; the selected run's details (summary, nodes with their final plan,
/// per-rank breakdown, notable events of every selected run, the user's tags and
/// note); Compare for 2–100 runs, Export (data, machines, differing settings,
/// charts) and
/// "New run from this one".
class HistoryView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HistoryView)

public:
    static constexpr int kMinCompare = 2;
    static constexpr int kMaxCompare = 100; ///< as ComparisonView::kMaxRuns

    /// What Export writes into the chosen folder (RunExporter).
    using ExportOptions = RunExporter::Options;

    explicit HistoryView(HistoryStore &store, QWidget *parent = nullptr);
    ~HistoryView() override;

    RunsTableModel *model() const { return m_model; }
    RunsFilterProxy *proxy() const { return m_proxy; }
    QTableView *table() const { return m_table; }
    QSplitter *splitter() const { return m_splitter; }
    /// The details of the selected run: nodes with their final plan, per-rank breakdown, notable events.
    QStandardItemModel *nodesModel() const;
    QStandardItemModel *ranksModel() const;
    QStandardItemModel *eventsModel() const;
    QPushButton *compareButton() const { return m_compareButton; }
    QPushButton *exportButton() const { return m_exportButton; }
    QPushButton *newRunButton() const { return m_newRunButton; }
    QPushButton *exportModelButton() const { return m_exportModelButton; }

    /// The machines a trained model is brought from ("Export model…"); without them the button is hidden.
    void setModelSource(NodeRegistry *registry);
    /// Brings the run's trained model (model.pt, model.json) into `dir` itself, as `hamgamctl
    /// export-model RUN DIR` does; the status line follows it. A model already there is replaced only
    /// with Existing::Replace (the user said so).
    void exportModel(const QString &runId, const QString &dir,
                     ModelFetcher::Existing existing = ModelFetcher::Existing::Refuse);

    /// The selected runs, in the table's order.
    QStringList selectedRunIds() const;
    void selectRuns(const QStringList &ids);
    /// The run the details panel shows; empty when none.
    QString detailsRunId() const;

    /// true (default): Compare opens a ComparisonView in a window of its own and
    /// emits compareRequested; false: it only emits compareRequested, for a host
    /// that shows comparisons elsewhere (a tab).
    void setComparesInWindow(bool own) { m_compareInWindow = own; }

    /// Each run's steps.csv, events.csv, telemetry.csv and run.json into
    /// dir/<name>-<id>/; the files written. Values stay machine-readable; only
    /// the headers follow the language when `localizedHeaders`.
    Expected<QStringList> exportRuns(const QStringList &ids, const QString &dir, bool localizedHeaders) const;
    /// What `options` asks for, into `dir`; the files written.
    Expected<QStringList> exportRuns(const QStringList &ids, const QString &dir,
                                     const ExportOptions &options) const;
    /// exportRuns, then the status line says how many files went where (again after a
    /// language change); what Export… does once the folder and the contents are chosen.
    Status exportAndReport(const QStringList &ids, const QString &dir, const ExportOptions &options);
    /// The folder Export proposes: the last one used if it still exists, else the
    /// Documents folder if there is one, else the home folder. It always exists.
    static QString proposedExportFolder();
    /// The tags and note of the run in the details, as the Summary tab edits them.
    QLineEdit *tagsEdit() const;
    QPlainTextEdit *noteEdit() const;
    /// Stores the edited tags and note of the run in the details.
    void saveNotes();
    /// The status line's text, for tests.
    QString statusText() const;
    /// Column names of the exported tables in the interface language.
    static QHash<QString, QString> localizedCsvHeaders();

public Q_SLOTS:
    void refresh();
    void compareSelected();
    /// Asks for a directory (and about the headers) and exports the selected runs.
    void exportSelected();
    void newRunFromSelected();
    /// Asks for a folder and brings the selected run's trained model into a folder of its own there.
    void exportModelSelected();

Q_SIGNALS:
    /// "New run from this one": the run's config, for the run setup form.
    void newRunRequested(const QJsonObject &config);
    void compareRequested(const QStringList &runIds);
    /// A trained model was brought (ok) or could not be (`error`, translated).
    void modelExported(const QString &runId, bool ok, const QString &error);

protected:
    void changeEvent(QEvent *event) override;

private:
    void buildUi();
    void retranslateUi();
    void applyLocale();
    void fitColumns();
    void applyFilters();
    void updateButtons();
    void showDetails();
    void onModelDataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight);

    HistoryStore &m_store;
    RunsTableModel *m_model = nullptr;
    RunsFilterProxy *m_proxy = nullptr;
    QLineEdit *m_nameEdit = nullptr;
    QComboBox *m_statusCombo = nullptr;
    QComboBox *m_strategyCombo = nullptr;
    QCheckBox *m_fromCheck = nullptr;
    QDateEdit *m_fromEdit = nullptr;
    QCheckBox *m_toCheck = nullptr;
    QDateEdit *m_toEdit = nullptr;
    QToolButton *m_refreshButton = nullptr;
    QTableView *m_table = nullptr;
    QSplitter *m_splitter = nullptr;
    RunDetailsPanel *m_details = nullptr; ///< the selected run's summary, nodes, ranks and events
    QPushButton *m_compareButton = nullptr;
    QPushButton *m_exportButton = nullptr;
    QPushButton *m_newRunButton = nullptr;
    QPushButton *m_exportModelButton = nullptr;
    NodeRegistry *m_registry = nullptr;
    ModelFetcher *m_fetcher = nullptr; ///< the model being brought, if any
    QLabel *m_statusLabel = nullptr;
    std::function<QString()> m_statusText; ///< what the status line says, worded again on a language change
    QList<QPointer<QDialog>> m_compareWindows;
    bool m_compareInWindow = true;
    bool m_columnsFitted = false;
};
