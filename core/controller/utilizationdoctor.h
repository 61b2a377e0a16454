#pragma once

#include "workerevents.h"

#include <optional>
#include <QCoreApplication>
#include <QList>
#include <QString>

/// Names what holds each device back, from the live metrics, using the seven
/// reasons for low GPU utilization (docs/utilization-doctor.md): too little
/// parallel work, data loading, memory management, communication, scheduling
/// (waiting on stragglers), sharing with other processes, and missing
/// monitoring. Each finding carries its evidence (the numbers) and one action.
/// Pure logic over plain inputs, so tests feed crafted metric streams.
class UtilizationDoctor
{
    Q_DECLARE_TR_FUNCTIONS(UtilizationDoctor)

public:
    enum class Reason
    {
        WaitingOnStragglers,
        CommunicationBound,
        DataBound,
        TooLittleWork,
        MemoryPressure,
        SharedDevice,
        AgentSilent,
        SlowerThanAlone, ///< the measured link makes the group slower than its fastest machine alone (#32)
    };

    /// One rank's recent step timing (means over the last few steps).
    /// A rank's mean step times (as the step event declares them) and where it runs.
    struct RankMetrics : hamgam::contracts::StepTimes
    {
        int rank = 0;
        QString node; ///< node name
        int device = 0;
        double localBatch = 0;
    };
    /// One device's latest telemetry.
    struct DeviceMetrics
    {
        QString node;
        int device = 0;
        double utilization = 0; ///< %
        qint64 memoryUsed = 0;
        qint64 memoryTotal = 0;
        int foreignProcesses = 0; ///< processes on it that are not this run's workers
        qint64 silentForMs = 0;   ///< since the agent last reported
        qint64 reportPeriodMs = 1000;
    };
    struct Input
    {
        QString strategy;
        int globalBatch = 0;
        bool fp16 = false;
        /// How the nodes meet (RunConfig::Sync, RunConfig::Comm::compression): a network-bound
        /// exact run is pointed at the approximate modes, a local one at a longer round.
        bool localSteps = false;
        int localEvery = 0;
        bool compressed = false;
        QList<RankMetrics> ranks;
        QList<DeviceMetrics> devices;
        /// What the planner predicts a speed-proportional split would gain (fraction, 0.25 = 25 % faster); <
        /// 0 unknown.
        double predictedGain = -1;
        /// The run's last link event: the measured link and each mode's forecast.
        std::optional<hamgam::contracts::LinkEvent> link;
    };
    struct Finding
    {
        Reason reason;
        QString node;
        int device = -1; ///< -1: the node or the run as a whole
        int rank = -1;
        QString evidence;    ///< translated, with the numbers
        QString action;      ///< translated
        double severity = 0; ///< 0..1, for ordering
    };

    static QList<Finding> diagnose(const Input &input);
    static QString reasonTitle(Reason reason);
    static QString reasonKey(Reason reason);
    /// The reason a key names (as stored in a run's history); nothing for an unknown key.
    static std::optional<Reason> reasonFromKey(const QString &key);

private:
    /// From the link event: "local steps every 16 are predicted 3.1× faster here"; empty without one.
    static QString localForecast(const Input &in);
    static void slowerThanAlone(const Input &in, QList<Finding> &out);

public:
    // Thresholds, documented in docs/utilization-doctor.md.
    static constexpr double kWaitShare = 0.15;
    static constexpr double kCommShare = 0.30;
    /// Above this the doctor points an exact run at local steps or PowerSGD.
    static constexpr double kMostOfTheStep = 0.50;
    static constexpr double kDataShare = 0.20;
    static constexpr double kSmallBatch = 8;
    static constexpr double kLowUtilization = 50;
    static constexpr double kMemoryShare = 0.90;
    static constexpr int kSilentPeriods = 3;
};
