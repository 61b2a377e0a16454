#pragma once

#include "eventtext.h"
#include "ringseries.h"
#include "runconfig.h"
#include "runrecord.h"
#include "telemetry.h"
#include "utilizationdoctor.h"

#include <deque>
#include <functional>
#include <QHash>
#include <QList>
#include <QSet>
#include <QStringList>

/// Everything the live view shows about the current run, kept in bounded
/// memory: per-device utilization and memory over a sliding window, per-node
/// step breakdown, the batch plan over time with its re-plan points, loss,
/// evaluation and throughput over the whole run (decimated), progress and an
/// event log. Fed with run events and telemetry; plots read from it at their
/// own pace, checking the revision counters to redraw only what changed.
class LiveRunData
{
    Q_DECLARE_TR_FUNCTIONS(LiveRunData)

public:
    enum class Part
    {
        Devices,
        Steps,
        Plan,
        Log,
        Count
    };

    struct NodeInfo
    {
        QString key; ///< agent node id
        QString name;
        int firstRank = 0;
        QList<int> devices;
    };
    struct DeviceSlot
    {
        int node = 0; ///< index into nodes()
        int rank = 0;
        int device = 0; ///< device index on its node
        QString label;
        RingSeries utilization;
        RingSeries memory; ///< % of the device's memory
        double lastUtilization = 0;
        qint64 memoryUsed = 0;
        qint64 memoryTotal = 0;
        int foreignProcesses = 0;
        qint64 lastReportMs = 0;
    };
    /// A rank's (or a node's) step: its times as the step event declares them, and its samples.
    struct StepSplit : hamgam::contracts::StepTimes
    {
        double localBatch = 0;

        /// Adds another split, its batch too (a node's batch is its devices' sum).
        StepSplit &operator+=(const StepSplit &o)
        {
            StepTimes::operator+=(o);
            localBatch += o.localBatch;
            return *this;
        }
        /// A sum of `n` splits' times made their mean; the batch is left as it is.
        void divideTimes(double n) { StepTimes::operator/=(n); }
    };
    /// Where a run is before its first steps count: the live view says so rather
    /// than "step 0 of 300" for the half minute the workers take to start.
    enum class Phase
    {
        NoRun,           ///< nothing started yet
        StartingWorkers, ///< the agents start the workers, which meet at the rendezvous
        LoadingData,     ///< workers ready one by one: model, data and placement built
        FirstStep,       ///< every worker ready, the first step under way
        Profiling,       ///< the first steps, which measure each device's speed for the plan
        Training,
    };
    /// Step timings are the mean of each rank's last kSplitWindow steps: the step-split
    /// plot and the doctor read the same window, and say so.
    static constexpr int kSplitWindow = 20;

    struct PlanPoint
    {
        double step = 0;
        QList<double> perNode; ///< samples per node
    };
    struct LogEntry
    {
        qint64 timeMs = 0;
        EventText::Level level = EventText::Level::Info;
        /// Formats the entry in the current language and locale: entries are
        /// rendered when shown, so switching to Persian retranslates them too.
        std::function<QString()> text;
    };

    /// windowSeconds of device history at up to `hz` samples per second.
    explicit LiveRunData(int windowSeconds = 120, double hz = 10, int runPoints = 4000);

    void reset(const RunConfig &config, const QList<NodeInfo> &nodes);
    void addEvent(const RunEvent &event);
    void addTelemetry(const QString &nodeKey, const TelemetrySnapshot &snapshot);

    const QList<NodeInfo> &nodes() const { return m_nodes; }
    const QList<DeviceSlot> &deviceSlots() const { return m_slots; }
    /// A node's mean step timing over its devices, each the mean of its last kSplitWindow steps.
    StepSplit nodeSplit(int node) const;
    StepSplit rankSplit(int rank) const;
    /// How many steps the timings are the mean of now: kSplitWindow once that many were reported.
    int splitWindowSteps() const;
    Phase phase() const;
    /// Workers that said they are ready, of the run's devices.
    int readyWorkers() const { return int(m_ready.size()); }
    int worldSize() const { return m_config.deviceCount(); }
    const QList<PlanPoint> &plan() const { return m_plan; }
    const QList<double> &replanSteps() const { return m_replans; }
    const RingSeries &lossByStep() const { return m_loss; }
    const RingSeries &lossByTime() const { return m_lossTime; }
    const RingSeries &evalByStep() const { return m_eval; }
    /// The same evaluations against seconds since the run started (the lossByTime() clock).
    const RingSeries &evalByTime() const { return m_evalTime; }
    /// What the eval events report: "accuracy", "perplexity" or "loss"; empty before the first.
    QString evalMetric() const { return m_evalMetric; }
    const RingSeries &throughput() const { return m_throughput; }
    const std::deque<LogEntry> &log() const { return m_log; }
    qint64 step() const { return m_step; }
    qint64 totalSteps() const { return m_totalSteps; }
    /// Seconds left, from the pace so far; < 0 unknown.
    double etaSeconds() const;
    double elapsedSeconds() const;
    quint64 revision(Part part) const { return m_revision[int(part)]; }
    /// The doctor's findings from the current metrics (nowMs: the clock to judge silence against).
    QList<UtilizationDoctor::Finding> diagnose(qint64 nowMs) const;
    /// Points held in all series: bounded whatever the run's length.
    qint64 storedPoints() const;
    const RunConfig &config() const { return m_config; }
    /// The index in nodes() of the node that holds a rank; -1 for none.
    int nodeOfRank(int rank) const;

    static constexpr int kLogCapacity = 1000;

private:
    double seconds(qint64 ms);
    void log(qint64 timeMs, EventText::Level level, std::function<QString()> text);
    void touch(Part part) { ++m_revision[int(part)]; }

    int m_windowPoints;
    int m_runPoints;
    RunConfig m_config;
    QList<NodeInfo> m_nodes;
    QList<DeviceSlot> m_slots;
    QHash<QString, int> m_nodeIndex;
    QHash<int, std::deque<StepSplit>> m_rankSplit; ///< each rank's last kSplitWindow steps
    bool m_launched = false;
    QSet<int> m_ready; ///< ranks that reported ready
    QList<PlanPoint> m_plan;
    QList<double> m_replans;
    RingSeries m_loss;
    RingSeries m_lossTime;
    RingSeries m_eval;
    RingSeries m_evalTime;
    RingSeries m_throughput;
    QString m_evalMetric;
    std::deque<LogEntry> m_log;
    qint64 m_startMs = 0;
    qint64 m_lastStepMs = 0;
    qint64 m_firstStepMs = 0;
    qint64 m_step = 0;
    qint64 m_firstStep = 0;
    qint64 m_totalSteps = 0;
    double m_predictedGain = -1;
    std::optional<hamgam::contracts::LinkEvent> m_link; ///< the last link event
    quint64 m_revision[int(Part::Count)] = {};
};
