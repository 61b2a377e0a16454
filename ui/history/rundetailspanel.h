#pragma once

#include <QHash>
#include <QStringList>
#include <QTabWidget>

class HistoryStore;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QScrollArea;
class QStandardItemModel;
class QTableView;
class RunsTableModel;

/// History's detail pane (issue #30, item 4): the selected run's summary with the
/// user's tags and note, its nodes with their final plan, the per-rank breakdown and
/// the notable events of every selected run. HistoryView says which runs to show;
/// the pane reads them from the history and refills only when they or their state change.
class RunDetailsPanel final : public QTabWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunDetailsPanel)

public:
    enum Tab
    {
        SummaryTab,
        NodesTab,
        RanksTab,
        EventsTab
    };

    RunDetailsPanel(HistoryStore &store, RunsTableModel &runs, QWidget *parent = nullptr);

    /// Shows `runId` (empty: none) in state `status`, and the events of every run of
    /// `selection`; nothing is read again when all three are what the pane shows.
    void showRuns(const QString &runId, int status, const QStringList &selection);
    /// Forgets what is shown, so the next showRuns reads it again (a language or direction change).
    void invalidate() { m_status = -1; }
    QString runId() const { return m_runId; }
    /// The state of the run shown, as showRuns was given it; -1 after invalidate().
    int shownStatus() const { return m_status; }

    QStandardItemModel *nodesModel() const { return m_nodes; }
    QStandardItemModel *ranksModel() const { return m_ranks; }
    QStandardItemModel *eventsModel() const { return m_events; }
    QLineEdit *tagsEdit() const { return m_tagsEdit; }
    QPlainTextEdit *noteEdit() const { return m_noteEdit; }
    /// Stores the edited tags and note of the run shown.
    void saveNotes();
    /// The texts that do not come from a run, in the current language.
    void retranslate();

private:
    /// Tags and note of one run, or the tags of every selected run (the note is one run's alone).
    void updateNotesLabels();
    void buildUi();
    QString directed(const QString &text) const;
    QString nodeName(const QString &agentId) const;
    void fillSummary(const QString &runId);
    void fillRanks(const QString &runId);
    void fillEvents(const QStringList &runIds);
    /// One run's notable events, after its name when several runs are shown.
    void fillEventsOf(const QString &runId, const QString &runName);

    HistoryStore &m_store;
    RunsTableModel &m_runs;
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
    QString m_runId;
    QStringList m_selection; ///< the runs selected when the pane was filled
    /// With several runs selected, the tags they all have: what the tags field shows and edits.
    QStringList m_commonTags;
    int m_status = -1;
    QHash<QString, QString> m_nodeNames; ///< agent id -> name, of the run shown
};
