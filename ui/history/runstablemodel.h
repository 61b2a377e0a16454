#pragma once

#include "runrecord.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>
#include <QTimer>

class HistoryStore;

/// The runs of the history, one row each, for the History table. Reads
/// HistoryStore::runs() when asked (refresh()) and, throttled, whenever the
/// store commits; rows keep their place across refreshes so a selection
/// survives them. Display text follows the interface language (LocaleFormat);
/// Qt::UserRole holds the raw value of each cell for sorting.
class RunsTableModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunsTableModel)

public:
    enum Column
    {
        DateColumn,
        NameColumn,
        StrategyColumn,
        NodesColumn,
        DurationColumn,
        LossColumn,
        MetricColumn,     ///< evaluation accuracy, or perplexity for language models
        ThroughputColumn, ///< samples per second
        WaitColumn,       ///< mean wait %
        StatusColumn,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole, ///< the raw value of the cell
        RunIdRole,
        NameRole,
        StatusKeyRole,   ///< "finished", ... (RunStatusText::key)
        StrategyKeyRole, ///< "lshdp", ...
        CreatedMsRole,
        ConfigRole,  ///< QJsonObject
        SummaryRole, ///< QJsonObject
        TagsRole,    ///< QStringList
        NoteRole,
    };

    explicit RunsTableModel(HistoryStore &store, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// The end of a run id ("a1b2" of 20260301-101500-a1b2), that tells runs of one name apart.
    static QString shortId(const QString &id);
    /// A run's name as lists and legends show it: with its short id when `shared` (another run has the name).
    static QString distinctName(const RunRecord &run, bool shared);

    /// The record behind a row (the model's own row numbers, not a proxy's).
    const RunRecord *run(int row) const;
    QModelIndex indexOfRun(const QString &id, int column = 0) const;
    /// How often the history file is checked for other processes' commits.
    static constexpr int kWatchMs = 2000;
    /// Least time between two refreshes caused by commits (default 1000 ms).
    void setThrottleMs(int ms) { m_throttle.setInterval(ms); }

public Q_SLOTS:
    /// Reads the history now.
    void refresh();
    /// Texts and formats changed (language switch): views redraw every cell and header.
    void retranslate();

private:
    QVariant display(const RunRecord &run, int column) const;
    QVariant sortValue(const RunRecord &run, int column) const;
    void scheduleRefresh();

    HistoryStore &m_store;
    QList<RunRecord> m_runs;
    QHash<QString, int> m_nameCounts; ///< runs per name
    QTimer m_throttle;
};
