#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

/// The worker's events (docs/worker-events.md), declared once: one struct per
/// event, its JSON keys in one `forEachField`. The engine writes them through
/// its JSON writer (agent/engine/eventjson.h); the agent, the controller, the
/// history, the live data and the doctor read them through Qt's
/// (core/protocol/workereventjson.h). Both walk the same list, so a key is
/// spelt here and nowhere else.
///
/// `forEachField(event, f)` calls `f(key, member)` for every field, in the
/// order the line shows them. A member's type says its JSON: integers,
/// numbers, booleans, strings, lists of them, objects of string keys, a nested
/// struct with its own `forEachField`, and std::optional for a field written
/// only when it is known (an absent one reads as std::nullopt).
namespace hamgam::contracts {

/// How one step's time divides (the `step` event's timing fields). The live
/// view, the doctor and `hamgamctl watch` all read a rank's split as this.
struct StepTimes
{
    double dataMs = 0;      ///< waiting for the prefetcher
    double computeMs = 0;   ///< forward + backward
    double waitMs = 0;      ///< lost to slower peers
    double commMs = 0;      ///< the rest of gradient synchronisation and gathers
    double optimizerMs = 0; ///< clipping, update, device refresh

    double total() const { return dataMs + computeMs + waitMs + commMs + optimizerMs; }
    StepTimes &operator+=(const StepTimes &o)
    {
        dataMs += o.dataMs;
        computeMs += o.computeMs;
        waitMs += o.waitMs;
        commMs += o.commMs;
        optimizerMs += o.optimizerMs;
        return *this;
    }
    StepTimes &operator/=(double n)
    {
        dataMs /= n;
        computeMs /= n;
        waitMs /= n;
        commMs /= n;
        optimizerMs /= n;
        return *this;
    }

    template<class Self, class F> static void forEachField(Self &s, F &&f)
    {
        f("data_ms", s.dataMs);
        f("compute_ms", s.computeMs);
        f("wait_ms", s.waitMs);
        f("comm_ms", s.commMs);
        f("optimizer_ms", s.optimizerMs);
    }
};

/// A tensor-parallel rank's place (the `ready` event's `tensor_parallel`).
struct TensorParallelInfo
{
    std::int64_t size = 0;
    std::int64_t side = 0;
    std::int64_t dims = 0;
    std::vector<std::int64_t> coords;
    std::int64_t rowParts = 1;

    template<class Self, class F> static void forEachField(Self &s, F &&f)
    {
        f("size", s.size);
        f("side", s.side);
        f("dims", s.dims);
        f("coords", s.coords);
        f("row_parts", s.rowParts);
    }
};

/// Once: the rendezvous is done, the model, data and placement are built.
struct ReadyEvent
{
    static constexpr const char *kName = "ready";
    std::string strategy;
    std::int64_t worldSize = 0;
    std::int64_t node = 0;
    std::int64_t nodes = 0;
    std::int64_t localRank = 0;
    std::int64_t localWorldSize = 0;
    std::string device;
    std::int64_t threads = 0;
    std::string model;
    std::int64_t parameters = 0;
    std::int64_t units = 0;
    std::string dataset;
    std::int64_t trainSamples = 0;
    std::int64_t evalSamples = 0;
    std::int64_t globalBatch = 0;
    std::int64_t steps = 0; ///< the run's steps in all
    std::int64_t startStep = 0;
    std::int64_t stepsPerEpoch = 0;
    std::int64_t shardGroupSize = 1;
    std::int64_t pieces = 1;
    bool hostMaster = false;
    bool streamParams = false;
    bool recompute = false;
    std::string hostOffload;
    bool orderedCollectives = false;
    std::optional<TensorParallelInfo> tensorParallel; ///< tp1d/tp2d/tp3d only
    bool resumed = false;

    template<class Self, class F> static void forEachField(Self &s, F &&f)
    {
        f("strategy", s.strategy);
        f("world_size", s.worldSize);
        f("node", s.node);
        f("nodes", s.nodes);
        f("local_rank", s.localRank);
        f("local_world_size", s.localWorldSize);
        f("device", s.device);
        f("threads", s.threads);
        f("model", s.model);
        f("parameters", s.parameters);
        f("units", s.units);
        f("dataset", s.dataset);
        f("train_samples", s.trainSamples);
        f("eval_samples", s.evalSamples);
        f("global_batch", s.globalBatch);
        f("steps", s.steps);
        f("start_step", s.startStep);
        f("steps_per_epoch", s.stepsPerEpoch);
        f("shard_group_size", s.shardGroupSize);
        f("pieces", s.pieces);
        f("host_master", s.hostMaster);
        f("stream_params", s.streamParams);
        f("recompute", s.recompute);
        f("host_offload", s.hostOffload);
        f("ordered_collectives", s.orderedCollectives);
        f("tensor_parallel", s.tensorParallel);
        f("resumed", s.resumed);
    }
};

/// At the start and after every change: every rank's local batch.
struct PlanEvent
{
    static constexpr const char *kName = "plan";
    std::int64_t step = 0; ///< the plan applies from the step after this one
    std::vector<std::int64_t> batches;
    std::int64_t globalBatch = 0;
    std::string source; ///< equal, manual, initial, planned
    std::vector<std::int64_t> caps;
    std::int64_t microBatches = 1;

    template<class Self, class F> static void forEachField(Self &s, F &&f)
    {
        f("step", s.step);
        f("batches", s.batches);
        f("global_batch", s.globalBatch);
        f("source", s.source);
        f("caps", s.caps);
        f("micro_batches", s.microBatches);
    }
};

/// After every optimizer step.
struct StepEvent
{
    static constexpr const char *kName = "step";
    std::int64_t step = 0; ///< steps done, counted from 1
    std::int64_t epoch = 0;
    std::optional<double> loss; ///< a worker always writes it; a hand-made line may not
    std::int64_t localBatch = 0;
    std::int64_t globalBatch = 0;
    std::int64_t microBatches = 1;
    std::optional<double> lossScale; ///< precision fp16 only
    std::optional<bool> skipped;     ///< precision fp16 only
    double lr = 0;
    StepTimes times;
    double stepMs = 0;
    double samplesPerS = 0;
    std::int64_t deviceBytes = 0;
    std::int64_t hostBytes = 0;
    std::int64_t bytesWithinNode = 0;
    std::int64_t bytesAcrossNodes = 0;
    std::map<std::string, std::int64_t> bytesWithinNodeByKind;
    std::optional<double> tensorParallelMs; ///< tp1d/tp2d/tp3d only
    bool emulated = false;
    double slowdown = 1.0;
    double emulatedMs = 0;
    std::optional<double> gradNorm; ///< grad_clip > 0 only

    template<class Self, class F> static void forEachField(Self &s, F &&f)
    {
        f("step", s.step);
        f("epoch", s.epoch);
        f("loss", s.loss);
        f("local_batch", s.localBatch);
        f("global_batch", s.globalBatch);
        f("micro_batches", s.microBatches);
        f("loss_scale", s.lossScale);
        f("skipped", s.skipped);
        f("lr", s.lr);
        StepTimes::forEachField(s.times, f);
        f("step_ms", s.stepMs);
        f("samples_per_s", s.samplesPerS);
        f("device_bytes", s.deviceBytes);
        f("host_bytes", s.hostBytes);
        f("bytes_within_node", s.bytesWithinNode);
        f("bytes_across_nodes", s.bytesAcrossNodes);
        f("bytes_within_node_by_kind", s.bytesWithinNodeByKind);
        f("tensor_parallel_ms", s.tensorParallelMs);
        f("emulated", s.emulated);
        f("slowdown", s.slowdown);
        f("emulated_ms", s.emulatedMs);
        f("grad_norm", s.gradNorm);
    }
};

/// When the planner changes the plan.
struct RebalanceEvent
{
    static constexpr const char *kName = "rebalance";
    std::int64_t step = 0; ///< decided after this step
    std::vector<std::int64_t> oldPlan;
    std::vector<std::int64_t> newPlan;
    std::string reason;                  ///< profiled, periodic, resume, memory
    std::optional<double> predictedGain; ///< none for resume
    std::optional<double> predictedOldMs;
    std::optional<double> predictedNewMs;
    std::vector<double> secondsPerSample;

    template<class Self, class F> static void forEachField(Self &s, F &&f)
    {
        f("step", s.step);
        f("old", s.oldPlan);
        f("new", s.newPlan);
        f("reason", s.reason);
        f("predicted_gain", s.predictedGain);
        f("predicted_old_ms", s.predictedOldMs);
        f("predicted_new_ms", s.predictedNewMs);
        f("seconds_per_sample", s.secondsPerSample);
    }
};

/// One way of synchronizing as a link event predicts it (issue #32, item 4).
struct SyncModeForecast
{
    std::string mode;        ///< "exact" or "local"
    std::int64_t every = 1;  ///< local: inner steps per outer step
    double stepMs = 0;       ///< predicted wall time of a step
    double networkShare = 0; ///< of that step, the share on the network

    template<class Self, class F> static void forEachField(Self &s, F &&f)
    {
        f("mode", s.mode);
        f("every", s.every);
        f("step_ms", s.stepMs);
        f("network_share", s.networkShare);
    }
};

/// Rank 0, once the first steps have crossed the link, and again after a
/// re-plan: the link's measured rate, what each mode would cost on it
/// (agent/planner/syncforecast), and what the run does from here.
struct LinkEvent
{
    static constexpr const char *kName = "link";
    std::int64_t step = 0;               ///< measured over the steps up to this one
    double bytesPerS = 0;                ///< across nodes, per second of a node's communication
    double exactBytesPerStep = 0;        ///< what one node sends across nodes in an exact step
    double otherMs = 0;                  ///< a step's data and optimizer time
    std::vector<double> nodeSamplesPerS; ///< each machine's speed, in the config's node order
    std::vector<std::string> nodes;
    std::vector<SyncModeForecast> modes; ///< exact first
    std::string fastestNode;
    double fastestAloneMs = 0; ///< that node alone with the whole global batch
    std::string mode;          ///< what the run synchronizes with from here: "exact" or "local"
    std::int64_t every = 1;    ///< local: its round
    bool chosen = false;       ///< sync.mode auto made this choice

    template<class Self, class F> static void forEachField(Self &s, F &&f)
    {
        f("step", s.step);
        f("bytes_per_s", s.bytesPerS);
        f("exact_bytes_per_step", s.exactBytesPerStep);
        f("other_ms", s.otherMs);
        f("node_samples_per_s", s.nodeSamplesPerS);
        f("nodes", s.nodes);
        f("modes", s.modes);
        f("fastest_node", s.fastestNode);
        f("fastest_alone_ms", s.fastestAloneMs);
        f("mode", s.mode);
        f("every", s.every);
        f("chosen", s.chosen);
    }
};

/// Every eval.interval steps and at the end.
struct EvalEvent
{
    /// The figure an evaluation is named after: accuracy for classifiers,
    /// perplexity for text models, else the held-out loss.
    struct Headline
    {
        const char *key; ///< "accuracy", "perplexity" or "loss"
        double value;
    };

    static constexpr const char *kName = "eval";
    std::int64_t step = 0;
    std::optional<double> loss;       ///< mean held-out loss (per token for text)
    std::optional<double> accuracy;   ///< classifiers
    std::optional<double> perplexity; ///< text models
    std::int64_t samples = 0;
    double ms = 0;

    template<class Self, class F> static void forEachField(Self &s, F &&f)
    {
        f("step", s.step);
        f("loss", s.loss);
        f("accuracy", s.accuracy);
        f("perplexity", s.perplexity);
        f("samples", s.samples);
        f("ms", s.ms);
    }

    std::optional<Headline> headline() const
    {
        if (accuracy)
            return Headline{"accuracy", *accuracy};
        if (perplexity)
            return Headline{"perplexity", *perplexity};
        if (loss)
            return Headline{"loss", *loss};
        return std::nullopt;
    }
};

/// After a checkpoint is complete on every node.
struct CheckpointEvent
{
    static constexpr const char *kName = "checkpoint";
    std::int64_t step = 0;
    std::string dir; ///< its step directory
    std::int64_t bytes = 0;
    double ms = 0;

    template<class Self, class F> static void forEachField(Self &s, F &&f)
    {
        f("step", s.step);
        f("dir", s.dir);
        f("bytes", s.bytes);
        f("ms", s.ms);
    }
};

/// Rank 0 wrote the trained model.
struct ModelEvent
{
    static constexpr const char *kName = "model";
    std::int64_t step = -1; ///< the parameters' step
    std::string dir;        ///< the export directory
    std::int64_t bytes = 0; ///< model.pt's size
    double ms = 0;

    template<class Self, class F> static void forEachField(Self &s, F &&f)
    {
        f("step", s.step);
        f("dir", s.dir);
        f("bytes", s.bytes);
        f("ms", s.ms);
    }
};

/// The last event of a successful run.
struct DoneEvent
{
    static constexpr const char *kName = "done";
    std::int64_t steps = 0;
    std::string reason; ///< completed, stopped
    double loss = 0;
    std::int64_t samples = 0;
    double wallS = 0;

    template<class Self, class F> static void forEachField(Self &s, F &&f)
    {
        f("steps", s.steps);
        f("reason", s.reason);
        f("loss", s.loss);
        f("samples", s.samples);
        f("wall_s", s.wallS);
    }
};

/// Something the run goes on without, written by rank 0 before `ready`.
struct WarningEvent
{
    static constexpr const char *kName = "warning";
    std::string message;
    std::optional<std::vector<std::string>> unknownKeys; ///< the config's keys this worker does not read
    std::optional<std::string> commDtype;                ///< what gradients travel as, after a fallback

    template<class Self, class F> static void forEachField(Self &s, F &&f)
    {
        f("message", s.message);
        f("unknown_keys", s.unknownKeys);
        f("comm_dtype", s.commDtype);
    }
};

/// The last event of a failed run.
struct ErrorEvent
{
    static constexpr const char *kName = "error";
    std::string message;
    std::string cause; ///< config, usage, communication, data, checkpoint, internal
    std::int64_t exitCode = 0;

    template<class Self, class F> static void forEachField(Self &s, F &&f)
    {
        f("message", s.message);
        f("cause", s.cause);
        f("exit_code", s.exitCode);
    }
};

/// `hamgam-worker --check-collectives`: its one line.
struct CollectivesCheckEvent
{
    static constexpr const char *kName = "collectives_check";
    std::string backend; ///< nccl, gloo
    std::string device;
    std::map<std::string, std::string> results; ///< by collective: ok, skipped, or "wrong: ..."
    bool ok = false;

    template<class Self, class F> static void forEachField(Self &s, F &&f)
    {
        f("backend", s.backend);
        f("device", s.device);
        f("results", s.results);
        f("ok", s.ok);
    }
};

} // namespace hamgam::contracts
