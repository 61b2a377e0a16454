#pragma once

#include "expected.h"

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

    /// What Export writes into the chosen folder.
    struct ExportOptions
    {
        bool data = true;     ///< per run: steps.csv, events.csv, telemetry.csv, run.json
        bool nodes = true;    ///< per run: nodes.csv, each machine with its devices, ranks and final plan
        bool settings = true; ///< settings.csv: the settings that differ between the runs (all of one run's)
        bool charts = false;  ///< charts/: the comparison's plots as PNG and PDF
        bool localizedHeaders = false; ///< column names in the interface language
    };

    explicit HistoryView(HistoryStore &store, QWidget *parent = nullptr);
    ~HistoryView() override;

    RunsTableModel *model() const { return m_model; }
    RunsFilterProxy *proxy() const { return m_proxy; }
    QTableView *table() const { return m_table; }
    QSplitter *splitter() const { return m_splitter; }
    /// The details of the selected run: nodes with their final plan, per-rank breakdown, notable events.
    QStandardItemModel *nodesModel() const { return m_nodes; }
    QStandardItemModel *ranksModel() const { return m_ranks; }
    QStandardItemModel *eventsModel() const { return m_events; }
    QPushButton *compareButton() const { return m_compareButton; }
    QPushButton *exportButton() const { return m_exportButton; }
    QPushButton *newRunButton() const { return m_newRunButton; }
    QPushButton *exportModelButton() const { return m_exportModelButton; }

    /// The machines a trained model is brought from ("Export model…"); without them the button is hidden.
    void setModelSource(NodeRegistry *registry);
    /// Brings the run's trained model (model.pt, model.json) into `dir`; the status line follows it.
    void exportModel(const QString &runId, const QString &dir);

    /// The selected runs, in the table's order.
    QStringList selectedRunIds() const;
    void selectRuns(const QStringList &ids);
    /// The run the details panel shows; empty when none.
    QString detailsRunId() const { return m_detailsRunId; }

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
    QLineEdit *tagsEdit() const { return m_tagsEdit; }
    QPlainTextEdit *noteEdit() const { return m_noteEdit; }
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
    QString directed(const QString &text) const;
    void fillSummary(const QString &runId);
    void fillRanks(const QString &runId);
    void fillEvents(const QStringList &runIds);
    /// One run's notable events, after its name when several runs are shown.
    void fillEventsOf(const QString &runId, const QString &runName);
    QString nodeName(const QString &agentId) const;
    /// One run's steps.csv, events.csv, telemetry.csv and run.json into `sub`.
    Expected<QStringList> exportOne(const QString &id, const QString &sub, bool localizedHeaders) const;

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
    QTabWidget *m_detailsTabs = nullptr;
    QScrollArea *m_summary = nullptr;
    QLabel *m_summaryTitle = nullptr;
    QFormLayout *m_summaryForm = nullptr;
    QTableView *m_nodesView = nullptr;
    QStandardItemModel *m_nodes = nullptr;
    QTableView *m_ranksView = nullptr;
    QStandardItemModel *m_ranks = nullptr;
    QTableView *m_eventsView = nullptr;
    QStandardItemModel *m_events = nullptr;
    QWidget *m_notesBox = nullptr;
    QLabel *m_tagsLabel = nullptr;
    QLabel *m_noteLabel = nullptr;
    QLineEdit *m_tagsEdit = nullptr;
    QPlainTextEdit *m_noteEdit = nullptr;
    QPushButton *m_saveNotesButton = nullptr;
    QPushButton *m_compareButton = nullptr;
    QPushButton *m_exportButton = nullptr;
    QPushButton *m_newRunButton = nullptr;
    QPushButton *m_exportModelButton = nullptr;
    NodeRegistry *m_registry = nullptr;
    ModelFetcher *m_fetcher = nullptr; ///< the model being brought, if any
    QLabel *m_statusLabel = nullptr;
    std::function<QString()> m_statusText; ///< what the status line says, worded again on a language change
    QString m_detailsRunId;
    QStringList m_detailsSelection; ///< the runs selected when the details were filled
    int m_detailsStatus = -1;
    QHash<QString, QString> m_nodeNames; ///< agent id -> name, of the run in the details
    QList<QPointer<QDialog>> m_compareWindows;
    bool m_compareInWindow = true;
    bool m_columnsFitted = false;
};
