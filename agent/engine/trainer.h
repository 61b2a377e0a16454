#pragma once

#include "flatoptimizer.h"
#include "globalsampler.h"
#include "lrschedule.h"
#include "onlineplanner.h"
#include "result.h"
#include "workerconfig.h"
#include "workeroptions.h"

#include <ATen/ATen.h>
#include <atomic>
#include <memory>
#include <optional>
#include <vector>

namespace hamgam::engine {

class Checkpointer;
class Communicator;
class Dataset;
class EventSink;
class Logger;
class Model;
class ModelRunner;
class ParameterStore;
class Prefetcher;
class TensorParallel;
class Watchdog;

/// One worker's training run, from rendezvous to the done event: builds the
/// model, data, placement and plan, then runs the steps (forward, backward
/// with overlapped gradient reduction, one small all-reduce of per-step
/// measurements, optimizer, re-planning), evaluation and checkpoints.
class Trainer
{
public:
    Trainer(WorkerConfig config, WorkerOptions options, EventSink &events, Logger &log, Watchdog *watchdog,
            std::atomic<bool> &stopRequested);
    ~Trainer();

    /// Runs to completion or to a stop request; the Error that ended it otherwise.
    Status run();

private:
    struct StepOutcome
    {
        bool stop = false;
        double loss = 0;
    };
    /// Tensor parallelism: what one rank computes of its node's samples.
    struct TensorParallelRows
    {
        at::Tensor input;       ///< the rows of the first unit's input
        at::Tensor target;      ///< the rows of the output
        std::int64_t valid = 0; ///< leading rows of the output that are real samples
    };

    Status setUp();
    Status checkTopology() const;
    Status buildDataAndModel();
    /// Every rank states whether a phase worked; a failure anywhere fails all.
    Status agree(const Status &local, const char *phase);
    Status setUpPlan();
    Status setUpTensorParallel();
    /// The node's samples (padded to equal row parts), cut to this rank's rows.
    TensorParallelRows tensorParallelRows(const at::Tensor &input, const at::Tensor &target,
                                          std::int64_t samples) const;
    /// What the prefetcher cuts: each rank's share, or under tensor parallelism each node's.
    std::vector<std::int64_t> prefetchPlan(const std::vector<std::int64_t> &plan) const;
    Status resume();
    Status trainStep(std::int64_t step, StepOutcome &outcome);
    Status evaluate(std::int64_t step);
    Status checkpoint(std::int64_t step);
    Status dumpParameters();
    Error caught(const std::exception &e) const;
    void emitPlan(std::int64_t step, const char *source);
    /// CUDA: the device's bytes in use before a step's forward pass, with its
    /// peak statistics reset, or −1 when memory is not measured this step.
    std::int64_t beginMemoryMeasurement();
    /// CUDA: the local batch cap the step's measured peak allows (MemoryCap),
    /// 0 when nothing was measured.
    std::int64_t finishMemoryMeasurement(std::int64_t baseline, std::int64_t samples);

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
    std::unique_ptr<ParameterStore> m_store;
    std::unique_ptr<ModelRunner> m_runner;
    std::optional<FlatOptimizer> m_optimizer;
    std::optional<OnlinePlanner> m_planner;
    std::optional<GlobalSampler> m_sampler;
    std::optional<LrSchedule> m_schedule;
    std::unique_ptr<Prefetcher> m_prefetcher;
    std::unique_ptr<Checkpointer> m_checkpointer;
    std::vector<std::int64_t> m_caps;
    bool m_manualPlan = false;
    bool m_memoryMeasured = false; ///< CUDA: the per-sample memory was measured and the caps set
    bool m_writesCheckpoint = false;
    std::int64_t m_totalSteps = 0;
    std::int64_t m_startStep = 0;
    std::int64_t m_lastEval = -1;
    std::int64_t m_lastCheckpoint = -1;
    std::int64_t m_samplesTrained = 0;
};

} // namespace hamgam::engine
