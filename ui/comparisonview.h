#pragma once

#include "expected.h"
#include "historystore.h"

#include <QList>
#include <QWidget>

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
        PlotCount
    };
    static constexpr int kMaxRuns = 8;
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
    QStandardItemModel *utilizationModel() const { return m_utilModel; }
    QTabWidget *tabs() const { return m_tabs; }

    /// Every plot as <name>.png and <name>.pdf in `dir`; the paths written.
    Expected<QStringList> exportPlots(const QString &dir) const;
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
    };

    void buildUi();
    void retranslateUi();
    void redraw();
    void stylePlot(QCustomPlot *plot) const;
    void drawCurves(QCustomPlot *plot, int which, bool accuracy = true);
    void drawBars(QCustomPlot *plot, const char *key, bool percent);
    void fillConfig();
    void fillUtilization();
    static QString plotFileName(Plot which);

    HistoryStore &m_store;
    QList<RunData> m_runs;
    QStringList m_differing;
    QLabel *m_title = nullptr;
    QPushButton *m_exportButton = nullptr;
    QTabWidget *m_tabs = nullptr;
    QCustomPlot *m_plots[PlotCount] = {};
    QTableView *m_utilView = nullptr;
    QStandardItemModel *m_utilModel = nullptr;
    QTableView *m_configView = nullptr;
    QStandardItemModel *m_configModel = nullptr;
};
