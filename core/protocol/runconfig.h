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

    struct Model
    {
        QString kind = QStringLiteral("mlp");        ///< mlp, cnn, gpt, torchscript
        QList<int> hidden = {256, 256};              ///< mlp
        QString activation = QStringLiteral("relu"); ///< mlp: relu, gelu, tanh
        int channels = 32;                           ///< cnn
        int blocks = 2;                              ///< cnn
        int groups = 8;                              ///< cnn GroupNorm groups
        int layers = 2;                              ///< gpt
        int width = 128;                             ///< gpt
        int heads = 4;                               ///< gpt
        int context = 64;                            ///< gpt
        QString path;                                ///< torchscript
    };
    struct Dataset
    {
        QString kind = QStringLiteral(
            "fashion-mnist"); ///< fashion-mnist, cifar-10, cifar-100, images, csv, text, synthetic
        QString path = QStringLiteral("/usr/share/datasets/fashion-mnist");
        QString label = QStringLiteral("label"); ///< csv: the label column
        qint64 samples = 60000;                  ///< synthetic
        int classes = 10;                        ///< synthetic
        QList<int> shape = {1, 28, 28}; ///< synthetic; images: the model's input [channels, height, width]
        bool augment = false;           ///< images: seeded random crop and flip
    };
    struct Optimizer
    {
        QString kind = QStringLiteral("sgd"); ///< sgd, adamw
        double lr = 0.05;
        double momentum = 0.9;
        bool nesterov = false;
        double weightDecay = 0.0;
        double beta1 = 0.9;
        double beta2 = 0.999;
        double eps = 1e-8;
    };
    struct Schedule
    {
        QString kind = QStringLiteral("cosine"); ///< cosine, constant
        int warmupSteps = 20;
        double minLrRatio = 0.1;
    };
    struct Planner
    {
        int profileSteps = 3;
        int replanInterval = 20;
        double margin = 0.05;
        double ewma = 0.3;
    };
    struct Comm
    {
        double bucketMb = 25;
        /// Gradients on the wire: fp32 (exact), fp16 or bf16 (docs/engine.md,
        /// "Wire formats"). A file's `fp16: true`, the older spelling, reads as fp16.
        QString dtype = QStringLiteral("fp32");
        bool halfPrecision() const { return dtype != QLatin1String("fp32"); }
        int timeoutS = 60;
        int watchdogGraceS = 10;
    };
    struct Eval
    {
        /// `eval.interval` "epoch" (the default): the held-out split at each epoch's end
        /// and at the run's end, so a short run is still evaluated once.
        static constexpr int EachEpoch = -1;
        int interval = EachEpoch; ///< steps between evaluations, 0: off, or EachEpoch
        int samples = 2000;
    };
    struct Checkpoint
    {
        QString dir;
        int interval = 0;
        int keep = 2;
    };
    struct SlowdownChange
    {
        int rank = 0;
        qint64 fromStep = 0;
        double factor = 1.0;
    };
    struct Node
    {
        QString agent; ///< node id of the agent
        QString name;
        QList<int> devices = {0};
        std::optional<int> batch;    ///< manual share of the global batch
        std::optional<int> maxBatch; ///< memory cap of the node, in samples, split over its devices
        double slowdown = 1.0;       ///< demo emulation, >= 1
    };

    int version = kVersion;
    QString name = QStringLiteral("run");
    QString strategy = QStringLiteral("lshdp");
    Model model;
    Dataset dataset;
    int globalBatch = 256;
    qint64 steps = 500;
    int epochs = 0;
    Optimizer optimizer;
    Schedule schedule;
    double gradClip = 0.0;
    qint64 seed = 42;
    int threads = 0;
    Planner planner;
    Comm comm;
    Eval eval;
    Checkpoint checkpoint;
    bool streamParams = false;
    /// `precision`: "fp32", "bf16" (matmuls and convolutions in bf16, master weights in fp32), or
    /// "fp16" (the same in fp16, with dynamic loss scaling).
    QString precision = QStringLiteral("fp32");
    int memoryBudgetMb = 0;
    /// `memory.recompute`: keep only each unit's input for the backward, and compute its inside again there.
    bool recompute = false;
    bool elastic = false;
    QList<SlowdownChange> slowdownSchedule;
    QList<Node> nodes;
    /// The fields the table holds by key (agent/contracts/runconfigfields.cpp), such as
    /// loss.label_smoothing: parsed, written, checked and shown from their row alone.
    hamgam::contracts::FieldValues byKey;

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
    /// The config fields (dotted paths) whose values differ between two configs.
    static QStringList differingFields(const QJsonObject &a, const QJsonObject &b);
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
