#pragma once

#include "evaluator.h"
#include "flatoptimizer.h"
#include "globalsampler.h"
#include "linkmeter.h"
#include "losscaler.h"
#include "lrschedule.h"
#include "memoryprobe.h"
#include "onlineplanner.h"
#include "placementplan.h"
#include "result.h"
#include "stepcontrol.h"
#include "stepreport.h"
#include "workerconfig.h"
#include "workerevents.h"
#include "workeroptions.h"

#include <ATen/ATen.h>
#include <atomic>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

namespace hamgam::engine {

class Checkpointer;
class Communicator;
class Dataset;
class EventSink;
class Logger;
class Model;
class ModelExporter;
class ModelRunner;
class OuterSync;
class ParameterStore;
class Prefetcher;
class StepPolicy;
class TensorParallel;
class Watchdog;

/// One worker's training run, from rendezvous to the done event: builds the
/// model, data, placement and plan, then runs the steps (forward, backward
/// with overlapped gradient reduction, one small all-reduce of per-step
/// measurements, optimizer, re-planning), evaluation and checkpoints. The
/// parts it wires (docs/engine.md, "The trainer's parts"): RankConnection,
/// PlacementPlan (where everything lives), InitialPlan (the first batches and
/// caps), a StepPolicy (data- or tensor-parallel compute), StepControl (what
/// the ranks agree on after each step), MemoryProbe, StepReport and Evaluator.
class Trainer final
{
public:
    Trainer(WorkerConfig config, WorkerOptions options, EventSink &events, Logger &log, Watchdog *watchdog,
            std::atomic<bool> &stopRequested);
    ~Trainer();
    Trainer(const Trainer &) = delete;
    Trainer &operator=(const Trainer &) = delete;

    /// Runs to completion or to a stop request; the Error that ended it otherwise.
    Status run();

private:
    struct StepOutcome
    {
        bool stop = false;
        double loss = 0;
    };

    Status setUp();
    /// The placement's process groups and the ParameterStore on them.
    Status setUpPlacement();
    Status buildDataAndModel();
    /// Every rank states whether a phase worked; a failure anywhere fails all.
    Status agree(const Status &local, const char *phase);
    Status setUpPlan();
    Status setUpTensorParallel();
    Status resume();
    void publishReady(bool resumed);
    Status trainStep(std::int64_t step, StepOutcome &outcome);
    /// sync.mode local: whether the round of inner steps ends after `step` (counted from 1).
    bool outerStepAfter(std::int64_t step, bool stopping) const;
    /// Measures the link over a window of steps, forecasts each mode, and with
    /// sync.mode auto takes local steps when they pay (issue #32, item 4).
    Status measureLink(std::int64_t step, const StepReport &report, bool outerStep);
    /// sync.mode auto's switch to local steps every `every`, where every node holds the same parameters.
    void startLocalRounds(std::int64_t every);
    /// Whether the held-out split is evaluated after `step` (eval.interval, or each epoch's end).
    bool evaluatesAfter(std::int64_t step) const;
    Status evaluate(std::int64_t step);
    Status checkpoint(std::int64_t step);
    Status dumpParameters();
    /// The trained model out (--export-dir): every rank gathers, rank 0 writes.
    Status exportModel(std::int64_t step);
    Error caught(const std::exception &e) const;
    void emitPlan(std::int64_t step, const char *source);

    WorkerConfig m_config;
    WorkerOptions m_options;
    EventSink &m_events;
    Logger &m_log;
    Watchdog *m_watchdog;
    std::atomic<bool> &m_stopRequested;

    at::Device m_device = at::kCPU;
    std::unique_ptr<Communicator> m_comm;
    std::unique_ptr<TensorParallel> m_tp; // before the model, whose units use it
    std::unique_ptr<Dataset> m_dataset;
    std::unique_ptr<Model> m_model;
    std::optional<PlacementPlan> m_placement;
    std::unique_ptr<ParameterStore> m_store;
    std::unique_ptr<OuterSync> m_outer; ///< sync.mode local, and auto where local steps are possible
    bool m_localRounds = false;         ///< taking local steps now (local, or auto once it chose them)
    LinkMeter m_link;
    std::unique_ptr<ModelRunner> m_runner;
    std::unique_ptr<StepPolicy> m_policy;
    std::optional<StepControl> m_control;
    std::optional<MemoryProbe> m_memory;
    std::optional<Evaluator> m_evaluator;
    std::optional<FlatOptimizer> m_optimizer;
    std::optional<OnlinePlanner> m_planner;
    std::optional<GlobalSampler> m_sampler;
    std::optional<LrSchedule> m_schedule;
    LossScaler m_scaler{false};
    std::unique_ptr<Prefetcher> m_prefetcher;
    std::unique_ptr<Checkpointer> m_checkpointer;
    std::unique_ptr<ModelExporter> m_exporter;           ///< rank 0 of a run with --export-dir
    std::optional<contracts::EvalEvent> m_lastEvalEvent; ///< for the exported model's model.json
    std::vector<std::int64_t> m_caps;
    std::int64_t m_activationBytesPerSample = 0; ///< the shared estimate's, for the step's bytes off a GPU
    bool m_manualPlan = false;
    std::int64_t m_totalSteps = 0;
    std::int64_t m_startStep = 0;
    std::int64_t m_lastEval = -1;
    std::int64_t m_lastCheckpoint = -1;
    std::int64_t m_lastExport = -1;
    std::int64_t m_samplesTrained = 0;
};

} // namespace hamgam::engine
