#pragma once

#include "expected.h"
#include "historystore.h"
#include "plotexporter.h"

#include <QList>
#include <QWidget>

class QCheckBox;
class QCustomPlot;
class QLabel;
class QPushButton;
class QStandardItemModel;
class QTabWidget;
class QTableView;

/// Two to eight runs side by side: loss against step and against wall time
/// (seconds since each run's start), the evaluation metric, throughput and
/// mean wait % as bars, mean device utilization per node, and a table of only
/// the config fields that differ (RunConfig::differingFields). Every plot can
/// be saved as PNG and PDF. Reads the history once per setRuns(); a language
/// or palette change redraws from what it read.
class ComparisonView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ComparisonView)

public:
    enum Plot
    {
        LossByStepPlot,
        LossByTimePlot,
        EvaluationPlot,
        ThroughputPlot,
        WaitPlot,
        ParallelPlot, ///< settings that differ against final loss and accuracy, one line per run
        PlotCount
    };
    /// As many runs as a hyper-parameter sweep of a lab has (ClearML compares 100).
    static constexpr int kMaxRuns = 100;
    /// Up to this many runs the curve plots have a legend; beyond, the Runs table names the colours.
    static constexpr int kMostInLegend = 20;
    /// In the configuration table's first column: the dotted path of the field the row shows.
    static constexpr int FieldPathRole = Qt::UserRole + 1;

    explicit ComparisonView(HistoryStore &store, QWidget *parent = nullptr);
    ~ComparisonView() override;

    /// The runs to compare, in order; runs past the eighth and ids not in the history are left out.
    void setRuns(const QStringList &runIds);
    QStringList runIds() const;

    QCustomPlot *plot(Plot which) const { return m_plots[which]; }
    /// The differing config fields (dotted paths), one row each of the configuration table.
    QStringList differingFields() const { return m_differing; }
    QStandardItemModel *configModel() const { return m_configModel; }
    /// The runs that started on machines busy with other work, and the note that says so
    /// above the plots: their speed is not their settings' alone.
    QStringList busyRunIds() const;
    QLabel *fairnessNote() const { return m_fairness; }
    QPushButton *fairnessDetailsButton() const { return m_fairnessDetails; }
    QStandardItemModel *utilizationModel() const { return m_utilModel; }
    /// One row per run: its settings that differ and its results, sortable by any column.
    QStandardItemModel *runsModel() const { return m_runsModel; }
    QTableView *runsView() const { return m_runsView; }
    /// The axes of the parallel-coordinates plot, in order: the differing settings, then the results.
    QStringList parallelAxes() const { return m_parallelAxes; }
    /// How a run is named in legends, tables and ticks: with its short id when another compared run has its
    /// name.
    QString runLabel(int index) const;
    QTabWidget *tabs() const { return m_tabs; }
    /// "Show every setting": the Settings tab lists every field, the differing ones in bold.
    QCheckBox *allSettingsBox() const { return m_allSettings; }
    /// What the pointer at `pos` (in the plot's pixels) is over: the run's name and its value there, as the
    /// tooltip shows it; empty over nothing.
    QString hoverText(Plot which, const QPointF &pos) const;
    /// The plot's title as the app shows it, for the export dialog.
    QString plotTitle(Plot which) const;

    /// The `which` plots as <name>.png and/or <name>.pdf in `dir` (made when missing); the paths written.
    Expected<QStringList> exportPlots(const QString &dir, const QList<Plot> &which = everyPlot(),
                                      const QList<PlotExporter::Format> &formats = {
                                          PlotExporter::Format::Png, PlotExporter::Format::Pdf}) const;
    static QList<Plot> everyPlot();
    /// The colour of the run at `index`, the same in every plot; readable on light and dark backgrounds.
    static QColor runColor(int index);

public Q_SLOTS:
    /// Asks for a directory and saves every plot there.
    void exportPlotsInteractively();

protected:
    void changeEvent(QEvent *event) override;

private:
    struct RunData
    {
        RunRecord record;
        QJsonObject summary;
        Series lossByStep;
        Series lossByTime; ///< x in seconds since the run's start
        QList<double> evalSteps;
        QList<double> evalValues;
        bool evalIsAccuracy = true;
        QList<RunNodeRecord> nodes;
        QList<QJsonObject> devices; ///< HistoryStore::deviceUtilization
        QList<BusyMachine> busy;    ///< HistoryStore::busyAtStart
    };

    void buildUi();
    void retranslateUi();
    void redraw();
    void stylePlot(QCustomPlot *plot) const;
    void drawCurves(QCustomPlot *plot, int which, bool accuracy = true);
    void drawBars(QCustomPlot *plot, const char *key, bool percent);
    void fillConfig();
    void fillUtilization();
    void fillRuns();
    void drawParallel(QCustomPlot *plot);
    void fillFairness();
    void showHover(QCustomPlot *plot, const QPointF &pos);
    static QString plotFileName(Plot which);

    HistoryStore &m_store;
    QList<RunData> m_runs;
    QStringList m_differing;
    QLabel *m_title = nullptr;
    QLabel *m_fairness = nullptr;
    /// "Show which": a sweep's busy runs are one line until the user opens the list.
    QPushButton *m_fairnessDetails = nullptr;
    QPushButton *m_exportButton = nullptr;
    QTabWidget *m_tabs = nullptr;
    QCustomPlot *m_plots[PlotCount] = {};
    QTableView *m_utilView = nullptr;
    QStandardItemModel *m_utilModel = nullptr;
    QTableView *m_configView = nullptr;
    QCheckBox *m_allSettings = nullptr;
    QStandardItemModel *m_runsModel = nullptr;
    QTableView *m_runsView = nullptr;
    QStringList m_parallelAxes;
    bool m_tabChosen = false; ///< the first tab shown was chosen by the number of runs
    QStandardItemModel *m_configModel = nullptr;
};
