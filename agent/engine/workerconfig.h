#pragma once

#include "fieldvalues.h"
#include "result.h"
#include "tensorparallellayout.h"

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace hamgam::engine {

/// How parameters, gradients and optimizer state are placed (docs/engine.md).
enum class Strategy
{
    Dp,
    Hdp,
    Lsdp,
    Lshdp,
    Fsdp,
    Tp1d, ///< tensor parallel inside each node (Megatron 1D), data parallel across nodes
    Tp2d, ///< as Tp1d with SUMMA over a q×q grid
    Tp3d, ///< as Tp1d over a q×q×q cube (Bian et al.)
};

/// `model`: which network, and its sizes.
struct ModelConfig
{
    std::string kind = "mlp"; ///< mlp, cnn, gpt, torchscript
    std::vector<std::int64_t> hidden{256, 256};
    std::string activation = "relu"; ///< mlp: relu, gelu or tanh
    std::int64_t channels = 32;
    std::int64_t blocks = 2;
    std::int64_t groups = 8;
    std::int64_t layers = 2;
    std::int64_t width = 128;
    std::int64_t heads = 4;
    std::int64_t context = 64;
    std::string path; ///< torchscript
};

/// `dataset`: where the samples come from.
struct DatasetConfig
{
    std::string kind = "fashion-mnist"; ///< fashion-mnist, cifar-10, cifar-100, images, csv, text, synthetic
    std::string path;
    std::string label = "label";                ///< csv: the label column's name
    std::int64_t samples = 60000;               ///< synthetic: training samples
    std::int64_t classes = 10;                  ///< synthetic
    std::vector<std::int64_t> shape{1, 28, 28}; ///< synthetic images; images: the model's input
    bool augment = false;                       ///< images: seeded random crop and flip
};

/// `optimizer`: SGD or AdamW and their hyper-parameters.
struct OptimizerConfig
{
    std::string kind = "sgd"; ///< sgd, adamw
    double lr = 0.05;
    double momentum = 0.9;
    double weightDecay = 0.0;
    bool nesterov = false;
    double beta1 = 0.9;
    double beta2 = 0.999;
    double eps = 1e-8;
};

/// `schedule`: the learning rate over the run.
struct ScheduleConfig
{
    std::string kind = "cosine"; ///< constant, cosine
    std::int64_t warmupSteps = 20;
    double minLrRatio = 0.1;
};

/// `planner`: profiling and online re-planning.
struct PlannerConfig
{
    int profileSteps = 3;
    int replanInterval = 20;
    double margin = 0.05;
    double ewma = 0.3;
};

/// `comm`: gradient buckets, wire format and timeouts.
struct CommConfig
{
    double bucketMb = 25.0;
    /// Gradients on the wire: "fp32" (exact), "fp16" (half the bytes; sums
    /// divided by the batch underflow below 6e-8) or "bf16" (half the bytes,
    /// fp32's range, 3 fewer digits). `fp16: true` is the older spelling of "fp16".
    std::string dtype = "fp32";
    bool fp16 = false; ///< dtype == "fp16" (kept for what reads it)
    /// "none" (exact) or "powersgd": rank-`powersgdRank` gradients with error
    /// feedback after `powersgdWarmupSteps` exact steps (docs/engine.md, "Compressed gradients").
    std::string compression = "none";
    int powersgdRank = 4;
    int powersgdWarmupSteps = 10;
    double timeoutS = 60.0;
    double watchdogGraceS = 10.0;
};

/// `sync`: how the nodes meet (docs/engine.md, "Local steps"). "exact": every
/// step's gradient is summed; "local": each node steps on its own, exact
/// inside the node, and every `every` steps an outer Nesterov step moves the
/// shared parameters by the nodes' sample-weighted change (DiLoCo's defaults).
struct SyncConfig
{
    std::string mode = "exact";
    int every = 16;
    double outerLr = 0.7;
    double outerMomentum = 0.9;
    bool outerNesterov = true;
    bool local() const { return mode == "local"; }
    /// Exact until the link is measured, then local steps when the forecast says they pay (issue #32).
    bool automatic() const { return mode == "auto"; }
};

/// `eval`: held-out evaluation.
struct EvalConfig
{
    /// "epoch" in the config, the default: at each epoch's end and at the run's end.
    static constexpr std::int64_t kEachEpoch = -1;
    std::int64_t interval = kEachEpoch; ///< steps between evaluations, 0: off, or kEachEpoch
    std::int64_t samples = 2000;
};

/// `checkpoint`: where and how often.
struct CheckpointConfig
{
    std::string dir;
    std::int64_t interval = 0;
    int keep = 2;
};

/// One entry of `nodes`: a machine of the run and its devices.
struct NodeConfig
{
    std::string agent;
    std::string name;
    std::vector<int> devices{0};
    std::optional<std::int64_t> batch;    ///< manual share of the node, split over its devices
    std::optional<std::int64_t> maxBatch; ///< memory cap of the node, split over its devices
    double slowdown = 1.0;

    /// Each member by its key in an entry of `nodes` (the table's "nodes[].KEY").
    template<typename Self, typename Visit> static void forEachField(Self &n, Visit &&visit)
    {
        visit("agent", n.agent);
        visit("name", n.name);
        visit("devices", n.devices);
        visit("batch", n.batch);
        visit("max_batch", n.maxBatch);
        visit("slowdown", n.slowdown);
    }
};

/// One entry of `slowdown_schedule`.
struct SlowdownChange
{
    int rank = 0;
    std::int64_t fromStep = 0;
    double factor = 1.0;

    /// Each member by its key in an entry of `slowdown_schedule`.
    template<typename Self, typename Visit> static void forEachField(Self &s, Visit &&visit)
    {
        visit("rank", s.rank);
        visit("from_step", s.fromStep);
        visit("factor", s.factor);
    }
};

/// The run config (docs/worker-config.md, version 1) as the worker sees it;
/// defaults are those of docs/run-config.md, the controller's side of the contract.
struct WorkerConfig
{
    int version = 1;
    std::string name = "run";
    Strategy strategy = Strategy::Lshdp;
    ModelConfig model;
    DatasetConfig dataset;
    std::int64_t globalBatch = 256;
    std::int64_t steps = 500; ///< default only when epochs is not given either
    std::int64_t epochs = 0;
    OptimizerConfig optimizer;
    ScheduleConfig schedule;
    double gradClip = 0.0;
    std::uint64_t seed = 42;
    int threads = 0;
    PlannerConfig planner;
    CommConfig comm;
    SyncConfig sync;
    EvalConfig eval;
    CheckpointConfig checkpoint;
    /// `precision`: bf16 runs matmuls and convolutions in bf16 (autocast); parameters,
    /// gradients and optimizer state stay fp32 (the master weights).
    bool bf16 = false;
    /// `precision: fp16`: the same in fp16, with dynamic loss scaling (LossScaler); on the CPU
    /// it needs LibTorch 2.2 or later.
    bool fp16 = false;
    bool streamParams = false; ///< lsdp.stream_params
    std::int64_t memoryBudgetMb = 0;
    /// memory.recompute: each unit keeps only its input for the backward and computes again there.
    bool recompute = false;
    bool elastic = false;
    std::vector<SlowdownChange> slowdownSchedule;
    std::vector<NodeConfig> nodes;
    /// The fields the table holds by key (agent/contracts/runconfigfields.cpp), such as
    /// loss.label_smoothing: read where they are used, `byKey.number("loss.label_smoothing")`.
    contracts::FieldValues byKey;
    /// The config's keys that this worker does not read, as paths ("stream_params",
    /// "lsdp.foo", "nodes[1].gpu"; the top level's first): ignored, and warned about.
    std::vector<std::string> unknownKeys;

    /// Parses and validates the JSON text; unknown fields are ignored (and
    /// listed in unknownKeys). With
    /// `fieldsRead`, also notes the path of every field it looks for, there or
    /// not ("model.kind", "nodes[].batch"; an entry's fields once the list has
    /// one), so a test can hold RunConfig::toJson() to it (tests/engine/tst_configschema.cpp).
    static Result<WorkerConfig> parse(const std::string &json, std::set<std::string> *fieldsRead = nullptr);

    /// The worker's member for each field of the run-config table (agent/contracts) that it keeps as a
    /// plain value, by the field's key. parse() reads every one of them through this list, and the
    /// schema test reads the worker's side of a config through it (tests/engine/tst_configschema.cpp),
    /// so a new plain option is a line here, its row in the table and its use. What is not here is
    /// read in a shape of its own (strategy, precision, optimizer.betas, eval.interval), held by key
    /// (`byKey`), or a list's entries (NodeConfig::forEachField, SlowdownChange::forEachField).
    template<typename Self, typename Visit> static void forEachPlainField(Self &c, Visit &&visit)
    {
        visit("version", c.version);
        visit("name", c.name);
        visit("global_batch", c.globalBatch);
        visit("steps", c.steps);
        visit("epochs", c.epochs);
        visit("grad_clip", c.gradClip);
        visit("seed", c.seed);
        visit("threads", c.threads);
        visit("memory_budget_mb", c.memoryBudgetMb);
        visit("elastic", c.elastic);
        visit("model.kind", c.model.kind);
        visit("model.hidden", c.model.hidden);
        visit("model.activation", c.model.activation);
        visit("model.channels", c.model.channels);
        visit("model.blocks", c.model.blocks);
        visit("model.groups", c.model.groups);
        visit("model.layers", c.model.layers);
        visit("model.width", c.model.width);
        visit("model.heads", c.model.heads);
        visit("model.context", c.model.context);
        visit("model.path", c.model.path);
        visit("dataset.kind", c.dataset.kind);
        visit("dataset.path", c.dataset.path);
        visit("dataset.samples", c.dataset.samples);
        visit("dataset.classes", c.dataset.classes);
        visit("dataset.shape", c.dataset.shape);
        visit("dataset.label", c.dataset.label);
        visit("dataset.augment", c.dataset.augment);
        visit("optimizer.kind", c.optimizer.kind);
        visit("optimizer.lr", c.optimizer.lr);
        visit("optimizer.momentum", c.optimizer.momentum);
        visit("optimizer.weight_decay", c.optimizer.weightDecay);
        visit("optimizer.nesterov", c.optimizer.nesterov);
        visit("optimizer.eps", c.optimizer.eps);
        visit("schedule.kind", c.schedule.kind);
        visit("schedule.warmup_steps", c.schedule.warmupSteps);
        visit("schedule.min_lr_ratio", c.schedule.minLrRatio);
        visit("planner.profile_steps", c.planner.profileSteps);
        visit("planner.replan_interval", c.planner.replanInterval);
        visit("planner.margin", c.planner.margin);
        visit("planner.ewma", c.planner.ewma);
        visit("comm.bucket_mb", c.comm.bucketMb);
        visit("comm.fp16", c.comm.fp16);
        visit("comm.dtype", c.comm.dtype);
        visit("comm.compression", c.comm.compression);
        visit("comm.powersgd_rank", c.comm.powersgdRank);
        visit("comm.powersgd_warmup_steps", c.comm.powersgdWarmupSteps);
        visit("comm.timeout_s", c.comm.timeoutS);
        visit("comm.watchdog_grace_s", c.comm.watchdogGraceS);
        visit("sync.mode", c.sync.mode);
        visit("sync.every", c.sync.every);
        visit("sync.outer_lr", c.sync.outerLr);
        visit("sync.outer_momentum", c.sync.outerMomentum);
        visit("sync.outer_nesterov", c.sync.outerNesterov);
        visit("eval.samples", c.eval.samples);
        visit("checkpoint.dir", c.checkpoint.dir);
        visit("checkpoint.interval", c.checkpoint.interval);
        visit("checkpoint.keep", c.checkpoint.keep);
        visit("lsdp.stream_params", c.streamParams);
        visit("memory.recompute", c.recompute);
    }

    static const char *strategyName(Strategy s);
    /// Why this run cannot take local steps (sync.mode local is refused, auto stays exact), or empty.
    std::string localStepsRefusal() const;
    /// hdp, lshdp and the tensor-parallel strategies (per node) plan heterogeneous batches.
    bool heterogeneous() const
    {
        return strategy == Strategy::Hdp || strategy == Strategy::Lshdp || tensorParallel();
    }
    /// tp1d, tp2d, tp3d: each node's ranks split every layer; nodes are data parallel.
    bool tensorParallel() const
    {
        return strategy == Strategy::Tp1d || strategy == Strategy::Tp2d || strategy == Strategy::Tp3d;
    }
    /// The layout of tp1d/tp2d/tp3d; nothing for the other strategies.
    std::optional<TensorParallelLayout::Kind> tensorParallelKind() const
    {
        switch (strategy) {
        case Strategy::Tp1d:
            return TensorParallelLayout::Kind::OneD;
        case Strategy::Tp2d:
            return TensorParallelLayout::Kind::TwoD;
        case Strategy::Tp3d:
            return TensorParallelLayout::Kind::ThreeD;
        default:
            return std::nullopt;
        }
    }
    bool locallySharded() const { return strategy == Strategy::Lsdp || strategy == Strategy::Lshdp; }
    /// Ranks the nodes list describes (Σ devices), 0 when there is no list.
    int rankCount() const;
    /// The node of a rank by the nodes list (ranks numbered node by node), -1 if out of range.
    int nodeOfRank(int rank) const;
    /// The emulated slowdown of a rank at a step (node factor, then the schedule).
    double slowdownAt(int rank, std::int64_t step) const;
};

} // namespace hamgam::engine
