#pragma once

#include "fieldvalues.h"

#include <optional>
#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

/// One problem with one field of a run config, for the user.
struct ConfigError
{
    QString field;   ///< JSON path, e.g. "nodes[1].batch"
    QString message; ///< translated
};

/// A field of a run config that this version does not read: a typo, or a
/// field of a newer Hamgam. It is ignored (the default stands), so the user is
/// told, with the nearest field this version knows when one is close.
struct UnknownConfigField
{
    QString field;      ///< JSON path as written, e.g. "optimizer.lerning_rate"
    QString suggestion; ///< the known field meant, e.g. "optimizer.lr"; empty when none is close
    /// Translated when called, so a message shown again after a language switch follows it.
    QString message() const;
    ConfigError asError() const { return {field, message()}; }
};

/// A run's configuration: the versioned JSON document users save, load, send to
/// agents and keep in the history (docs/run-config.md lists every field with
/// its default and limits). Parsing keeps the defaults for fields that are
/// absent and reports a message for each field of the wrong type; validate()
/// reports every semantic problem, one message per bad field, so a form can
/// show them next to their fields and nothing starts while any remains.
struct RunConfig
{
    Q_DECLARE_TR_FUNCTIONS(RunConfig)

public:
    static constexpr int kVersion = 1;

    // The sections' members start at the table's defaults (agent/contracts/runconfigfields.cpp):
    // RunConfig() sets every member forEachPlainField names from its row, so no default is written
    // here a second time.
    struct Model
    {
        QString kind;       ///< mlp, cnn, gpt, torchscript
        QList<int> hidden;  ///< mlp
        QString activation; ///< mlp: relu, gelu, tanh
        int channels{};     ///< cnn
        int blocks{};       ///< cnn
        int groups{};       ///< cnn GroupNorm groups
        int layers{};       ///< gpt
        int width{};        ///< gpt
        int heads{};        ///< gpt
        int context{};      ///< gpt
        QString path;       ///< torchscript
    };
    struct Dataset
    {
        QString kind;     ///< fashion-mnist, cifar-10, cifar-100, images, csv, text, synthetic
        QString path;     ///< the default is Fashion-MNIST's; any other kind needs its own
        QString label;    ///< csv: the label column
        qint64 samples{}; ///< synthetic
        int classes{};    ///< synthetic
        QList<int> shape; ///< synthetic; images: the model's input [channels, height, width]
        bool augment{};   ///< images: seeded random crop and flip
    };
    struct Optimizer
    {
        QString kind; ///< sgd, adamw
        double lr{};
        double momentum{};
        bool nesterov{};
        double weightDecay{};
        double beta1{}; ///< optimizer.betas, a pair of its own shape
        double beta2{};
        double eps{};
    };
    struct Schedule
    {
        QString kind; ///< cosine, constant
        int warmupSteps{};
        double minLrRatio{};
    };
    struct Planner
    {
        int profileSteps{};
        int replanInterval{};
        double margin{};
        double ewma{};
    };
    struct Comm
    {
        double bucketMb{};
        /// Gradients on the wire: fp32 (exact), fp16 or bf16 (docs/engine.md,
        /// "Wire formats"). A file's `fp16: true`, the older spelling, reads as fp16.
        QString dtype;
        bool halfPrecision() const { return dtype != QLatin1String("fp32"); }
        /// "none" (exact) or "powersgd" (approximate: docs/engine.md, "Compressed gradients").
        QString compression;
        int powersgdRank{};
        int powersgdWarmupSteps{};
        int timeoutS{};
        int watchdogGraceS{};
    };
    /// How the nodes meet: "exact" (every step's gradient summed) or "local"
    /// (approximate: inner steps on each node, an outer step every `every`;
    /// docs/engine.md, "Local steps").
    struct Sync
    {
        QString mode;
        int every{};
        double outerLr{};
        double outerMomentum{};
        bool outerNesterov{};
        bool local() const { return mode == QLatin1String("local"); }
        /// Exact until the link is measured, then local steps where they are predicted faster.
        bool automatic() const { return mode == QLatin1String("auto"); }
    };
    struct Eval
    {
        /// `eval.interval` "epoch" (the default): the held-out split at each epoch's end
        /// and at the run's end, so a short run is still evaluated once.
        static constexpr int EachEpoch = -1;
        int interval{}; ///< steps between evaluations, 0: off, or EachEpoch
        int samples{};
    };
    struct Checkpoint
    {
        QString dir;
        int interval{};
        int keep{};
    };
    // A list's entry keeps its defaults in its initializers, as the brace lists that make nodes need
    // (the table's "nodes[]." rows; tst_configschema holds the two to each other).
    struct SlowdownChange
    {
        int rank = 0;
        qint64 fromStep = 0;
        double factor = 1.0;

        /// Each member by its key in an entry of `slowdown_schedule`.
        template<typename Self, typename Visit> static void forEachField(Self &s, Visit &&visit)
        {
            visit("rank", s.rank);
            visit("from_step", s.fromStep);
            visit("factor", s.factor);
        }
    };
    struct Node
    {
        QString agent; ///< node id of the agent
        QString name;
        QList<int> devices = {0};
        std::optional<int> batch;    ///< manual share of the global batch
        std::optional<int> maxBatch; ///< memory cap of the node, in samples, split over its devices
        double slowdown = 1.0;       ///< demo emulation, >= 1

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

    int version{};
    QString name;
    QString strategy;
    Model model;
    Dataset dataset;
    int globalBatch{};
    qint64 steps{};
    int epochs{};
    Optimizer optimizer;
    Schedule schedule;
    double gradClip{};
    qint64 seed{};
    int threads{};
    Planner planner;
    Comm comm;
    Sync sync;
    Eval eval;
    Checkpoint checkpoint;
    bool streamParams{}; ///< lsdp.stream_params
    /// `precision`: "fp32", "bf16" (matmuls and convolutions in bf16, master weights in fp32), or
    /// "fp16" (the same in fp16, with dynamic loss scaling).
    QString precision;
    int memoryBudgetMb{};
    /// `memory.recompute`: keep only each unit's input for the backward, and compute its inside again there.
    bool recompute{};
    bool elastic{};
    QList<SlowdownChange> slowdownSchedule;
    QList<Node> nodes;
    /// The fields the table holds by key (agent/contracts/runconfigfields.cpp), such as
    /// loss.label_smoothing: parsed, written, checked and shown from their row alone.
    hamgam::contracts::FieldValues byKey;

    /// Every field at its default, from the table.
    RunConfig();

    /// RunConfig's member for each field of the table it keeps as a plain value, by the field's key:
    /// the constructor sets the defaults, fromJson reads and toJson writes through this one list (the
    /// worker's twin is WorkerConfig::forEachPlainField). What is not here has a shape of its own
    /// (optimizer.betas, the comm.fp16 alias), is held by key (`byKey`) or is a list's entry
    /// (Node::forEachField, SlowdownChange::forEachField).
    template<typename Self, typename Visit> static void forEachPlainField(Self &c, Visit &&visit)
    {
        visit("version", c.version);
        visit("name", c.name);
        visit("strategy", c.strategy);
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
        visit("global_batch", c.globalBatch);
        visit("steps", c.steps);
        visit("epochs", c.epochs);
        visit("optimizer.kind", c.optimizer.kind);
        visit("optimizer.lr", c.optimizer.lr);
        visit("optimizer.momentum", c.optimizer.momentum);
        visit("optimizer.nesterov", c.optimizer.nesterov);
        visit("optimizer.weight_decay", c.optimizer.weightDecay);
        visit("optimizer.eps", c.optimizer.eps);
        visit("schedule.kind", c.schedule.kind);
        visit("schedule.warmup_steps", c.schedule.warmupSteps);
        visit("schedule.min_lr_ratio", c.schedule.minLrRatio);
        visit("grad_clip", c.gradClip);
        visit("seed", c.seed);
        visit("threads", c.threads);
        visit("planner.profile_steps", c.planner.profileSteps);
        visit("planner.replan_interval", c.planner.replanInterval);
        visit("planner.margin", c.planner.margin);
        visit("planner.ewma", c.planner.ewma);
        visit("comm.bucket_mb", c.comm.bucketMb);
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
        visit("eval.interval", c.eval.interval);
        visit("eval.samples", c.eval.samples);
        visit("checkpoint.dir", c.checkpoint.dir);
        visit("checkpoint.interval", c.checkpoint.interval);
        visit("checkpoint.keep", c.checkpoint.keep);
        visit("lsdp.stream_params", c.streamParams);
        visit("precision", c.precision);
        visit("memory_budget_mb", c.memoryBudgetMb);
        visit("memory.recompute", c.recompute);
        visit("elastic", c.elastic);
    }

    /// `unknown`, when given, receives every field this version does not read, with a
    /// "did you mean" where a known field is close; those fields are ignored either way.
    static RunConfig fromJson(const QJsonObject &json, QList<ConfigError> *errors,
                              QList<UnknownConfigField> *unknown = nullptr);
    static RunConfig fromJsonText(const QByteArray &text, QList<ConfigError> *errors,
                                  QList<UnknownConfigField> *unknown = nullptr);
    QJsonObject toJson() const;

    /// Every semantic problem; empty when the config can be started.
    QList<ConfigError> validate() const;
    int deviceCount() const;

    /// The choices, as the table declares them (agent/contracts/runconfigfields.cpp).
    static QStringList strategies();
    static QStringList modelKinds();
    static QStringList datasetKinds();
    /// A field's label from the table, translated ("learning rate"); the key when it has none.
    static QString fieldLabel(const QString &key);
    /// What a field's bounds in the table allow, as a message: "learning rate must be above 0 and at most
    /// 10".
    static QString boundsMessage(const QString &key);
    /// One line explaining a strategy, for forms and `hamgamctl --help`.
    static QString strategyDescription(const QString &strategy);
    /// True where the nodes do not sum every step's exact gradient
    /// (comm.compression powersgd, sync.mode local): shown as such wherever a run is.
    bool approximate() const;
    /// How the gradient crosses between nodes, in words: "exact", or the
    /// approximate mode and its setting ("approximate: local steps, an outer step every 16").
    QString exchangeDescription() const;
    /// The same for a stored run's config (History reads these for every row it paints).
    static bool approximate(const QJsonObject &config);
    /// sync.mode auto: exact or local steps, as the measured link decides (its link events say which).
    static bool automatic(const QJsonObject &config);
    /// Whether the workers keep the outer step's state (two slots beside the optimizer's): sync.mode
    /// local, and auto where local steps are possible (the worker's WorkerConfig::localStepsRefusal).
    bool keepsOuterState() const;
    static QString exchangeDescription(const QJsonObject &config);
    /// The config fields (dotted paths) whose values differ between two configs.
    static QStringList differingFields(const QJsonObject &a, const QJsonObject &b);
    /// The settings that tell two runs apart, for people (Compare, `hamgamctl compare`): differingFields()
    /// less what is no setting (a node's agent id; its name is compared) and a field one config lacks
    /// where the other holds the table's default (a file from before the field existed).
    static QStringList differingSettings(const QJsonObject &a, const QJsonObject &b);
    /// A field's value in a config's JSON by its key ("optimizer.lr"), and setting it there; the
    /// run form binds its editors with these.
    static QJsonValue valueAt(const QJsonObject &json, const QString &key);
    static void setValueAt(QJsonObject &json, const QString &key, const QJsonValue &value);
    /// Every leaf of a JSON object as "a.b[2].c" -> value.
    static QList<std::pair<QString, QJsonValue>> flatten(const QJsonObject &json);

private:
    // The table's part (core/protocol/runconfigtable.cpp): writing the fields held by key (fromJson
    // reads them), and every field's bounds.
    void writeHeldByKey(QJsonObject &json) const;
    void validateFieldBounds(QList<ConfigError> &errors) const;
    // validate()'s rule groups, in the order it runs them.
    void validateIdentity(QList<ConfigError> &errors) const;
    void validateModel(QList<ConfigError> &errors) const;
    void validateDataset(QList<ConfigError> &errors) const;
    void validateLength(QList<ConfigError> &errors) const;
    void validateOptimizer(QList<ConfigError> &errors) const;
    void validatePlannerAndComm(QList<ConfigError> &errors) const;
    void validateEvalCheckpointMemory(QList<ConfigError> &errors) const;
    /// The training group: each node, then tensor parallelism's shapes, the manual batches and the
    /// emulated slowdowns.
    void validateNodes(QList<ConfigError> &errors) const;
    /// tp1d/tp2d/tp3d: each node's GPUs must form the layout (any, q², q³), equally on every node.
    void validateTensorParallel(QList<ConfigError> &errors) const;
    static void add(QList<ConfigError> &errors, const QString &field, const QString &message);
};
