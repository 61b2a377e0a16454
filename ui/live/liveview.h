#pragma once

#include "liverundata.h"
#include "wraplabel.h"

#include <QTimer>
#include <QWidget>

class BatchAllocationPlot;
class DeviceSeriesPlot;
class DoctorPanel;
class EventLogModel;
class LivePlot;
class LossPlot;
class QComboBox;
class QLabel;
class QListView;
class QProgressBar;
class QStackedWidget;
class RunSession;
class StepSplitPlot;
class ThroughputPlot;

/// The live view of a run: utilization and memory per device, each node's
/// step split, the batch plan over time, loss and throughput, progress with
/// ETA, the utilization doctor's findings and the event log. It reads a
/// RunSession (its LiveRunData and its doctor's latest findings) on a frame
/// timer and redraws only what changed, so a flood of telemetry never floods
/// the UI thread. It only shows: the session evaluates the doctor and records
/// its findings, whether this view is visible or not.
class LiveView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LiveView)

public:
    explicit LiveView(QWidget *parent = nullptr);
    ~LiveView() override;

    /// Shows a session's run; nullptr: no run yet.
    void setSession(const RunSession *session);
    /// Shows live data alone, without a doctor (benchmarks, tests of the plots).
    void setData(const LiveRunData *data);
    void setTitle(const QString &title, const QString &status);
    /// Redraws queued since construction (all plots), for the ui_live benchmark.
    qint64 redraws() const { return m_redraws; }
    /// Runs one frame now (tests).
    void refreshNow(bool force = false);
    DeviceSeriesPlot *utilizationPlot() const { return m_utilization; }
    DoctorPanel *doctor() const { return m_doctor; }
    LossPlot *lossPlot() const { return m_loss; }
    /// The run's status under its title ("Queued: position 2 in the queue, …").
    QLabel *statusLabel() const { return m_status; }
    /// What stands in for the charts while the run waits in the queue, or after it left it unstarted.
    QLabel *waitingLabel() const { return m_waiting; }
    /// Whether the charts and the doctor show (not while the run waits in the queue).
    bool showsCharts() const;
    /// "step x of y" beside the progress bar.
    QLabel *progressLabel() const { return m_progressText; }
    QList<LivePlot *> plots() const;
    /// The plots' captions, in order (utilization, memory, step split, allocation, loss, throughput, events).
    QList<QLabel *> captions() const { return m_captions; }

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void retranslate();
    void frame();
    /// The text in place of the charts for a run that has not started; empty for one that has (or none).
    QString notStartedText() const;

    const RunSession *m_session = nullptr;
    const LiveRunData *m_data = nullptr;
    LiveRunData m_noRun; ///< shown before any run
    QLabel *m_title;
    WrapLabel *m_status;
    QLabel *m_progressText;
    QProgressBar *m_progress;
    QLabel *m_eta;
    QComboBox *m_lossAxis;
    DeviceSeriesPlot *m_utilization;
    DeviceSeriesPlot *m_memory;
    StepSplitPlot *m_split;
    BatchAllocationPlot *m_allocation;
    LossPlot *m_loss;
    ThroughputPlot *m_throughput;
    DoctorPanel *m_doctor;
    EventLogModel *m_logModel;
    QListView *m_log;
    QStackedWidget *m_pages; ///< the charts and the doctor, or m_waiting
    QLabel *m_waiting;
    int m_splitWindow = -1; ///< the steps the split caption last named
    QList<QLabel *> m_captions;
    QTimer m_frameTimer;
    qint64 m_redraws = 0;
    quint64 m_findingsRevision = 0; ///< the session's, when its findings were last shown
};
