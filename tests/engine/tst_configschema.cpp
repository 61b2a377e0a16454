// One run-config schema (issue #18, item 5): what the controller's
// RunConfig::toJson() writes is what the worker's WorkerConfig::parse reads,
// field by field, after the trip a start makes; a field that one side knows
// and the other does not fails here, and so does a config the controller
// accepts that the worker would refuse.
#include "message.h"
#include "runconfig.h"
#include "runconfigfield.h"
#include "workerconfig.h"

#include <functional>
#include <optional>
#include <QCborMap>
#include <QCborValue>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <set>
#include <string>

namespace engine = hamgam::engine;

namespace {

namespace contracts = hamgam::contracts;

// The table's fields of one kind (agent/contracts/runconfigfields.cpp).
QSet<QString> tableFields(bool contracts::RunConfigField::*flag)
{
    QSet<QString> out;
    for (const contracts::RunConfigField &field : contracts::runConfigFields())
        if (field.*flag)
            out.insert(QString::fromUtf8(field.key.data(), qsizetype(field.key.size())));
    return out;
}

// Fields toJson() writes that the worker does not read: the table's controller-only ones.
const QSet<QString> kControllerOnly = tableFields(&contracts::RunConfigField::controllerOnly);

// Fields the worker reads that toJson() never writes: the table's older spellings ("comm.fp16").
const QSet<QString> kWorkerOnly = tableFields(&contracts::RunConfigField::readOnlyAlias);

// Fields no config can set to another value: both sides refuse any version but
// 1 (workerRefusalsAreControllerRefusals).
const QSet<QString> kFixed = {QStringLiteral("version")};

QString num(qint64 v)
{
    return QString::number(v);
}
QString real(double v)
{
    return QString::number(v, 'g', 17);
}
QString flag(bool v)
{
    return v ? QStringLiteral("true") : QStringLiteral("false");
}
QString str(const std::string &v)
{
    return QString::fromStdString(v);
}
template<typename List> QString ints(const List &values)
{
    QStringList out;
    for (const auto &v : values)
        out << num(qint64(v));
    return QLatin1Char('[') + out.join(QLatin1Char(',')) + QLatin1Char(']');
}
template<typename T> QString optional(const std::optional<T> &v)
{
    return v ? num(qint64(*v)) : QStringLiteral("null");
}
// One text per entry of a list, so a list field compares as a whole.
template<typename List, typename Render> QString each(const List &entries, Render render)
{
    QStringList out;
    for (const auto &e : entries)
        out << render(e);
    return out.join(QLatin1Char('|'));
}

/// One field of the schema: its JSON path (a list's entries as "nodes[].batch"),
/// whether toJson() writes it for a config, and its value as each side holds it.
struct Field
{
    QString path;
    std::function<bool(const RunConfig &)> written;
    std::function<QString(const RunConfig &)> controller;
    std::function<QString(const engine::WorkerConfig &)> worker;
};

bool always(const RunConfig &)
{
    return true;
}
std::function<bool(const RunConfig &)> modelIs(const char *kind)
{
    return [kind](const RunConfig &c) { return c.model.kind == QLatin1String(kind); };
}
bool torchScript(const RunConfig &c)
{
    return !QStringList{QStringLiteral("mlp"), QStringLiteral("cnn"), QStringLiteral("gpt")}.contains(
        c.model.kind);
}
bool synthetic(const RunConfig &c)
{
    return c.dataset.kind == QLatin1String("synthetic");
}
bool files(const RunConfig &c)
{
    return !synthetic(c);
}
bool images(const RunConfig &c)
{
    return c.dataset.kind == QLatin1String("images");
}
bool shaped(const RunConfig &c)
{
    return synthetic(c) || images(c);
}
bool csvTable(const RunConfig &c)
{
    return c.dataset.kind == QLatin1String("csv");
}

using W = engine::WorkerConfig;
using N = RunConfig::Node;
using S = RunConfig::SlowdownChange;

const QList<Field> &fields()
{
    static const QList<Field> table = {
        {QStringLiteral("version"), always, [](const RunConfig &c) { return num(c.version); },
         [](const W &w) { return num(w.version); }},
        {QStringLiteral("name"), always, [](const RunConfig &c) { return c.name; },
         [](const W &w) { return str(w.name); }},
        {QStringLiteral("strategy"), always, [](const RunConfig &c) { return c.strategy; },
         [](const W &w) { return QString::fromLatin1(W::strategyName(w.strategy)); }},
        {QStringLiteral("model.kind"), always, [](const RunConfig &c) { return c.model.kind; },
         [](const W &w) { return str(w.model.kind); }},
        {QStringLiteral("model.hidden"), modelIs("mlp"),
         [](const RunConfig &c) { return ints(c.model.hidden); },
         [](const W &w) { return ints(w.model.hidden); }},
        {QStringLiteral("model.activation"), modelIs("mlp"),
         [](const RunConfig &c) { return c.model.activation; },
         [](const W &w) { return str(w.model.activation); }},
        {QStringLiteral("model.channels"), modelIs("cnn"),
         [](const RunConfig &c) { return num(c.model.channels); },
         [](const W &w) { return num(w.model.channels); }},
        {QStringLiteral("model.blocks"), modelIs("cnn"),
         [](const RunConfig &c) { return num(c.model.blocks); },
         [](const W &w) { return num(w.model.blocks); }},
        {QStringLiteral("model.groups"), modelIs("cnn"),
         [](const RunConfig &c) { return num(c.model.groups); },
         [](const W &w) { return num(w.model.groups); }},
        {QStringLiteral("model.layers"), modelIs("gpt"),
         [](const RunConfig &c) { return num(c.model.layers); },
         [](const W &w) { return num(w.model.layers); }},
        {QStringLiteral("model.width"), modelIs("gpt"), [](const RunConfig &c) { return num(c.model.width); },
         [](const W &w) { return num(w.model.width); }},
        {QStringLiteral("model.heads"), modelIs("gpt"), [](const RunConfig &c) { return num(c.model.heads); },
         [](const W &w) { return num(w.model.heads); }},
        {QStringLiteral("model.context"), modelIs("gpt"),
         [](const RunConfig &c) { return num(c.model.context); },
         [](const W &w) { return num(w.model.context); }},
        {QStringLiteral("model.path"), torchScript, [](const RunConfig &c) { return c.model.path; },
         [](const W &w) { return str(w.model.path); }},
        {QStringLiteral("dataset.kind"), always, [](const RunConfig &c) { return c.dataset.kind; },
         [](const W &w) { return str(w.dataset.kind); }},
        {QStringLiteral("dataset.path"), files, [](const RunConfig &c) { return c.dataset.path; },
         [](const W &w) { return str(w.dataset.path); }},
        {QStringLiteral("dataset.samples"), synthetic,
         [](const RunConfig &c) { return num(c.dataset.samples); },
         [](const W &w) { return num(w.dataset.samples); }},
        {QStringLiteral("dataset.classes"), synthetic,
         [](const RunConfig &c) { return num(c.dataset.classes); },
         [](const W &w) { return num(w.dataset.classes); }},
        {QStringLiteral("dataset.shape"), shaped, [](const RunConfig &c) { return ints(c.dataset.shape); },
         [](const W &w) { return ints(w.dataset.shape); }},
        {QStringLiteral("dataset.label"), csvTable, [](const RunConfig &c) { return c.dataset.label; },
         [](const W &w) { return str(w.dataset.label); }},
        {QStringLiteral("dataset.augment"), images,
         [](const RunConfig &c) { return flag(c.dataset.augment); },
         [](const W &w) { return flag(w.dataset.augment); }},
        {QStringLiteral("global_batch"), always, [](const RunConfig &c) { return num(c.globalBatch); },
         [](const W &w) { return num(w.globalBatch); }},
        {QStringLiteral("steps"), always, [](const RunConfig &c) { return num(c.steps); },
         [](const W &w) { return num(w.steps); }},
        {QStringLiteral("epochs"), always, [](const RunConfig &c) { return num(c.epochs); },
         [](const W &w) { return num(w.epochs); }},
        {QStringLiteral("optimizer.kind"), always, [](const RunConfig &c) { return c.optimizer.kind; },
         [](const W &w) { return str(w.optimizer.kind); }},
        {QStringLiteral("optimizer.lr"), always, [](const RunConfig &c) { return real(c.optimizer.lr); },
         [](const W &w) { return real(w.optimizer.lr); }},
        {QStringLiteral("optimizer.momentum"), always,
         [](const RunConfig &c) { return real(c.optimizer.momentum); },
         [](const W &w) { return real(w.optimizer.momentum); }},
        {QStringLiteral("optimizer.nesterov"), always,
         [](const RunConfig &c) { return flag(c.optimizer.nesterov); },
         [](const W &w) { return flag(w.optimizer.nesterov); }},
        {QStringLiteral("optimizer.weight_decay"), always,
         [](const RunConfig &c) { return real(c.optimizer.weightDecay); },
         [](const W &w) { return real(w.optimizer.weightDecay); }},
        {QStringLiteral("optimizer.betas"), always,
         [](const RunConfig &c) -> QString {
             return real(c.optimizer.beta1) + QLatin1Char(',') + real(c.optimizer.beta2);
         },
         [](const W &w) -> QString {
             return real(w.optimizer.beta1) + QLatin1Char(',') + real(w.optimizer.beta2);
         }},
        {QStringLiteral("optimizer.eps"), always, [](const RunConfig &c) { return real(c.optimizer.eps); },
         [](const W &w) { return real(w.optimizer.eps); }},
        {QStringLiteral("schedule.kind"), always, [](const RunConfig &c) { return c.schedule.kind; },
         [](const W &w) { return str(w.schedule.kind); }},
        {QStringLiteral("schedule.warmup_steps"), always,
         [](const RunConfig &c) { return num(c.schedule.warmupSteps); },
         [](const W &w) { return num(w.schedule.warmupSteps); }},
        {QStringLiteral("schedule.min_lr_ratio"), always,
         [](const RunConfig &c) { return real(c.schedule.minLrRatio); },
         [](const W &w) { return real(w.schedule.minLrRatio); }},
        {QStringLiteral("grad_clip"), always, [](const RunConfig &c) { return real(c.gradClip); },
         [](const W &w) { return real(w.gradClip); }},
        // The worker keeps the seed's 64 bits unsigned.
        {QStringLiteral("seed"), always, [](const RunConfig &c) { return QString::number(quint64(c.seed)); },
         [](const W &w) { return QString::number(quint64(w.seed)); }},
        {QStringLiteral("threads"), always, [](const RunConfig &c) { return num(c.threads); },
         [](const W &w) { return num(w.threads); }},
        {QStringLiteral("planner.profile_steps"), always,
         [](const RunConfig &c) { return num(c.planner.profileSteps); },
         [](const W &w) { return num(w.planner.profileSteps); }},
        {QStringLiteral("planner.replan_interval"), always,
         [](const RunConfig &c) { return num(c.planner.replanInterval); },
         [](const W &w) { return num(w.planner.replanInterval); }},
        {QStringLiteral("planner.margin"), always, [](const RunConfig &c) { return real(c.planner.margin); },
         [](const W &w) { return real(w.planner.margin); }},
        {QStringLiteral("planner.ewma"), always, [](const RunConfig &c) { return real(c.planner.ewma); },
         [](const W &w) { return real(w.planner.ewma); }},
        {QStringLiteral("comm.bucket_mb"), always, [](const RunConfig &c) { return real(c.comm.bucketMb); },
         [](const W &w) { return real(w.comm.bucketMb); }},
        {QStringLiteral("comm.dtype"), always, [](const RunConfig &c) { return c.comm.dtype; },
         [](const W &w) { return str(w.comm.dtype); }},
        {QStringLiteral("comm.timeout_s"), always, [](const RunConfig &c) { return real(c.comm.timeoutS); },
         [](const W &w) { return real(w.comm.timeoutS); }},
        {QStringLiteral("comm.watchdog_grace_s"), always,
         [](const RunConfig &c) { return real(c.comm.watchdogGraceS); },
         [](const W &w) { return real(w.comm.watchdogGraceS); }},
        {QStringLiteral("eval.interval"), always, [](const RunConfig &c) { return num(c.eval.interval); },
         [](const W &w) { return num(w.eval.interval); }},
        {QStringLiteral("eval.samples"), always, [](const RunConfig &c) { return num(c.eval.samples); },
         [](const W &w) { return num(w.eval.samples); }},
        {QStringLiteral("checkpoint.dir"), always, [](const RunConfig &c) { return c.checkpoint.dir; },
         [](const W &w) { return str(w.checkpoint.dir); }},
        {QStringLiteral("checkpoint.interval"), always,
         [](const RunConfig &c) { return num(c.checkpoint.interval); },
         [](const W &w) { return num(w.checkpoint.interval); }},
        {QStringLiteral("checkpoint.keep"), always, [](const RunConfig &c) { return num(c.checkpoint.keep); },
         [](const W &w) { return num(w.checkpoint.keep); }},
        {QStringLiteral("lsdp.stream_params"), always,
         [](const RunConfig &c) { return flag(c.streamParams); },
         [](const W &w) { return flag(w.streamParams); }},
        {QStringLiteral("memory_budget_mb"), always, [](const RunConfig &c) { return num(c.memoryBudgetMb); },
         [](const W &w) { return num(w.memoryBudgetMb); }},
        {QStringLiteral("memory.recompute"), always, [](const RunConfig &c) { return flag(c.recompute); },
         [](const W &w) { return flag(w.recompute); }},
        {QStringLiteral("elastic"), always, [](const RunConfig &c) { return flag(c.elastic); },
         [](const W &w) { return flag(w.elastic); }},
        {QStringLiteral("precision"), always, [](const RunConfig &c) { return c.precision; },
         [](const W &w) {
             return QString::fromLatin1(w.bf16 ? "bf16" : w.fp16 ? "fp16" : "fp32");
         }},
        {QStringLiteral("slowdown_schedule[].rank"), always,
         [](const RunConfig &c) { return each(c.slowdownSchedule, [](const S &s) { return num(s.rank); }); },
         [](const W &w) {
             return each(w.slowdownSchedule, [](const engine::SlowdownChange &s) { return num(s.rank); });
         }},
        {QStringLiteral("slowdown_schedule[].from_step"), always,
         [](const RunConfig &c) {
             return each(c.slowdownSchedule, [](const S &s) { return num(s.fromStep); });
         },
         [](const W &w) {
             return each(w.slowdownSchedule, [](const engine::SlowdownChange &s) { return num(s.fromStep); });
         }},
        {QStringLiteral("slowdown_schedule[].factor"), always,
         [](const RunConfig &c) {
             return each(c.slowdownSchedule, [](const S &s) { return real(s.factor); });
         },
         [](const W &w) {
             return each(w.slowdownSchedule, [](const engine::SlowdownChange &s) { return real(s.factor); });
         }},
        {QStringLiteral("nodes[].agent"), always,
         [](const RunConfig &c) { return each(c.nodes, [](const N &n) { return n.agent; }); },
         [](const W &w) { return each(w.nodes, [](const engine::NodeConfig &n) { return str(n.agent); }); }},
        {QStringLiteral("nodes[].name"), always,
         [](const RunConfig &c) { return each(c.nodes, [](const N &n) { return n.name; }); },
         [](const W &w) { return each(w.nodes, [](const engine::NodeConfig &n) { return str(n.name); }); }},
        {QStringLiteral("nodes[].devices"), always,
         [](const RunConfig &c) { return each(c.nodes, [](const N &n) { return ints(n.devices); }); },
         [](const W &w) {
             return each(w.nodes, [](const engine::NodeConfig &n) { return ints(n.devices); });
         }},
        {QStringLiteral("nodes[].batch"), always,
         [](const RunConfig &c) { return each(c.nodes, [](const N &n) { return optional(n.batch); }); },
         [](const W &w) {
             return each(w.nodes, [](const engine::NodeConfig &n) { return optional(n.batch); });
         }},
        {QStringLiteral("nodes[].max_batch"), always,
         [](const RunConfig &c) { return each(c.nodes, [](const N &n) { return optional(n.maxBatch); }); },
         [](const W &w) {
             return each(w.nodes, [](const engine::NodeConfig &n) { return optional(n.maxBatch); });
         }},
        {QStringLiteral("nodes[].slowdown"), always,
         [](const RunConfig &c) { return each(c.nodes, [](const N &n) { return real(n.slowdown); }); },
         [](const W &w) {
             return each(w.nodes, [](const engine::NodeConfig &n) { return real(n.slowdown); });
         }},
    };
    static const QList<Field> withHeldByKey = [] {
        // The fields held by key need no line here: both sides hold them in byKey.
        QList<Field> all = table;
        for (const contracts::RunConfigField &field : contracts::runConfigFields()) {
            if (!field.heldByKey)
                continue;
            const std::string key(field.key);
            all.append({QString::fromStdString(key), always,
                        [key](const RunConfig &c) {
                            return QString::fromStdString(
                                contracts::FieldValues::toJsonText(c.byKey.all().find(key)->second));
                        },
                        [key](const W &w) {
                            return QString::fromStdString(
                                contracts::FieldValues::toJsonText(w.byKey.all().find(key)->second));
                        }});
        }
        return all;
    }();
    return withHeldByKey;
}

/// Whether a path is a field of the run-config table, or a list whose entries' fields are.
bool described(const QString &path)
{
    if (contracts::findRunConfigField(path.toStdString()))
        return true;
    const std::string list = path.toStdString() + "[].";
    const auto &all = contracts::runConfigFields();
    return std::any_of(all.cbegin(), all.cend(), [&list](const contracts::RunConfigField &f) {
        return f.key.substr(0, list.size()) == list;
    });
}

/// Every leaf of a JSON document, a list's entries as "nodes[].batch"; an empty list is a leaf.
void leaves(const QString &path, const QJsonValue &v, QSet<QString> *out)
{
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            leaves(path.isEmpty() ? it.key() : path + QLatin1Char('.') + it.key(), it.value(), out);
    } else if (v.isArray() && !v.toArray().isEmpty() && v.toArray().first().isObject()) {
        for (const QJsonValue item : v.toArray())
            leaves(path + QStringLiteral("[]"), item, out);
    } else {
        out->insert(path);
    }
}

/// The worker's config file for a run, made as a start makes it: the controller
/// puts toJson() in a start_run message as CBOR (core/controller/runcontroller.cpp),
/// the agent decodes the body to JSON (agent/agentdaemon.cpp) and writes its
/// "config" to the file its workers read (agent/runsupervisor.cpp).
std::optional<QByteArray> workerFile(const RunConfig &c)
{
    const Message sent(Message::Type::StartRun,
                       QCborMap{{QStringLiteral("config"), QCborMap::fromJsonObject(c.toJson())},
                                {QStringLiteral("run_id"), QStringLiteral("schema")}},
                       1);
    const Expected<Message> received = Message::decode(sent.encode());
    if (!received)
        return std::nullopt;
    const QJsonObject body = QCborValue(received->body()).toJsonValue().toObject();
    return QJsonDocument(body.value(QStringLiteral("config")).toObject()).toJson(QJsonDocument::Compact);
}

/// The fields on which the two sides differ, as "field: controller X, worker Y".
QStringList disagreements(const RunConfig &c, const engine::WorkerConfig &w, bool everyField)
{
    QStringList out;
    for (const Field &f : fields()) {
        if (!everyField && !f.written(c))
            continue;
        if (f.controller(c) != f.worker(w))
            out << QStringLiteral("%1: controller %2, worker %3").arg(f.path, f.controller(c), f.worker(w));
    }
    return out;
}

RunConfig base()
{
    RunConfig c;
    c.name = QStringLiteral("schema");
    c.nodes = {{QStringLiteral("agent-a"), QStringLiteral("lab-a"), {0}, {}, {}, 1.0},
               {QStringLiteral("agent-b"), QStringLiteral("lab-b"), {0, 1}, {}, {}, 1.0}};
    return c;
}

/// One field (or two that only go together) set to a value other than its
/// default. `group`: "any" goes with every other change, "alone" only in turn,
/// a model kind with the changes of that kind.
struct Change
{
    const char *name;
    const char *group;
    std::function<void(RunConfig &)> apply;
};

void gptOnText(RunConfig &c)
{
    c.model.kind = QStringLiteral("gpt");
    c.dataset.kind = QStringLiteral("text");
    c.dataset.path = QStringLiteral("/srv/corpus.txt");
}

const QList<Change> &changes()
{
    static const QList<Change> list = {
        {"name", "any", [](RunConfig &c) { c.name = QStringLiteral("another run"); }},
        {"strategy hdp", "any", [](RunConfig &c) { c.strategy = QStringLiteral("hdp"); }},
        {"strategy dp", "alone", [](RunConfig &c) { c.strategy = QStringLiteral("dp"); }},
        {"strategy lsdp", "alone", [](RunConfig &c) { c.strategy = QStringLiteral("lsdp"); }},
        {"strategy fsdp", "alone", [](RunConfig &c) { c.strategy = QStringLiteral("fsdp"); }},
        {"strategy tp1d", "alone",
         [](RunConfig &c) {
             c.strategy = QStringLiteral("tp1d");
             c.nodes[1].devices = {0};
         }},
        {"strategy tp2d", "alone",
         [](RunConfig &c) {
             c.strategy = QStringLiteral("tp2d");
             c.nodes[0].devices = c.nodes[1].devices = {0, 1, 2, 3};
         }},
        {"strategy tp3d", "alone",
         [](RunConfig &c) {
             c.strategy = QStringLiteral("tp3d");
             c.nodes[0].devices = c.nodes[1].devices = {0, 1, 2, 3, 4, 5, 6, 7};
         }},
        {"model.hidden", "mlp",
         [](RunConfig &c) {
             c.model.hidden = {64, 32, 16};
         }},
        {"model.activation", "mlp", [](RunConfig &c) { c.model.activation = QStringLiteral("gelu"); }},
        {"dataset.samples", "mlp",
         [](RunConfig &c) {
             c.dataset.kind = QStringLiteral("synthetic");
             c.dataset.samples = 1000;
         }},
        {"dataset.classes", "mlp",
         [](RunConfig &c) {
             c.dataset.kind = QStringLiteral("synthetic");
             c.dataset.classes = 5;
         }},
        {"dataset.shape", "mlp",
         [](RunConfig &c) {
             c.dataset.kind = QStringLiteral("synthetic");
             c.dataset.shape = {3, 8, 8};
         }},
        {"model.channels", "cnn",
         [](RunConfig &c) {
             c.model.kind = QStringLiteral("cnn");
             c.model.channels = 48;
         }},
        {"model.blocks", "cnn",
         [](RunConfig &c) {
             c.model.kind = QStringLiteral("cnn");
             c.model.blocks = 3;
         }},
        {"model.groups", "cnn",
         [](RunConfig &c) {
             c.model.kind = QStringLiteral("cnn");
             c.model.groups = 4;
         }},
        {"dataset.augment", "alone",
         [](RunConfig &c) {
             c.dataset.kind = QStringLiteral("images");
             c.dataset.path = QStringLiteral("/srv/datasets/flowers");
             c.dataset.shape = {3, 64, 48};
             c.dataset.augment = true;
         }},
        {"dataset.label", "alone",
         [](RunConfig &c) {
             c.dataset.kind = QStringLiteral("csv");
             c.dataset.path = QStringLiteral("/srv/datasets/iris.csv");
             c.dataset.label = QStringLiteral("species");
         }},
        {"dataset.path", "cnn",
         [](RunConfig &c) { c.dataset.path = QStringLiteral("/srv/datasets/fashion"); }},
        {"model.layers", "gpt",
         [](RunConfig &c) {
             gptOnText(c);
             c.model.layers = 3;
         }},
        {"model.width", "gpt",
         [](RunConfig &c) {
             gptOnText(c);
             c.model.width = 64;
         }},
        {"model.heads", "gpt",
         [](RunConfig &c) {
             gptOnText(c);
             c.model.heads = 8;
         }},
        {"model.context", "gpt",
         [](RunConfig &c) {
             gptOnText(c);
             c.model.context = 32;
         }},
        {"model.path", "torchscript",
         [](RunConfig &c) {
             c.model.kind = QStringLiteral("torchscript");
             c.model.path = QStringLiteral("/srv/models/net.pt");
         }},
        {"global_batch", "any", [](RunConfig &c) { c.globalBatch = 300; }},
        {"steps", "any", [](RunConfig &c) { c.steps = 1000; }},
        {"epochs", "alone",
         [](RunConfig &c) {
             c.steps = 0;
             c.epochs = 3;
         }},
        {"optimizer.kind", "any", [](RunConfig &c) { c.optimizer.kind = QStringLiteral("adamw"); }},
        {"optimizer.lr", "any", [](RunConfig &c) { c.optimizer.lr = 0.01; }},
        {"optimizer.momentum", "any", [](RunConfig &c) { c.optimizer.momentum = 0.5; }},
        {"optimizer.nesterov", "any", [](RunConfig &c) { c.optimizer.nesterov = true; }},
        {"optimizer.weight_decay", "any", [](RunConfig &c) { c.optimizer.weightDecay = 0.01; }},
        {"optimizer.betas", "any",
         [](RunConfig &c) {
             c.optimizer.beta1 = 0.8;
             c.optimizer.beta2 = 0.95;
         }},
        {"optimizer.eps", "any", [](RunConfig &c) { c.optimizer.eps = 1e-6; }},
        {"schedule.kind", "any", [](RunConfig &c) { c.schedule.kind = QStringLiteral("constant"); }},
        {"schedule.warmup_steps", "any", [](RunConfig &c) { c.schedule.warmupSteps = 5; }},
        {"schedule.min_lr_ratio", "any", [](RunConfig &c) { c.schedule.minLrRatio = 0.25; }},
        {"grad_clip", "any", [](RunConfig &c) { c.gradClip = 1.5; }},
        {"seed", "any", [](RunConfig &c) { c.seed = 123456789012; }}, // more than 32 bits
        {"threads", "any", [](RunConfig &c) { c.threads = 4; }},
        {"planner.profile_steps", "any", [](RunConfig &c) { c.planner.profileSteps = 5; }},
        {"planner.replan_interval", "any", [](RunConfig &c) { c.planner.replanInterval = 50; }},
        {"planner.margin", "any", [](RunConfig &c) { c.planner.margin = 0.125; }},
        {"planner.ewma", "any", [](RunConfig &c) { c.planner.ewma = 0.5; }},
        {"comm.bucket_mb", "any", [](RunConfig &c) { c.comm.bucketMb = 0.5; }},
        {"comm.dtype bf16", "any", [](RunConfig &c) { c.comm.dtype = QStringLiteral("bf16"); }},
        {"comm.dtype fp16", "alone", [](RunConfig &c) { c.comm.dtype = QStringLiteral("fp16"); }},
        {"comm.timeout_s", "any", [](RunConfig &c) { c.comm.timeoutS = 120; }},
        {"comm.watchdog_grace_s", "any", [](RunConfig &c) { c.comm.watchdogGraceS = 30; }},
        {"eval.interval", "any", [](RunConfig &c) { c.eval.interval = 10; }},
        {"eval.interval off", "any", [](RunConfig &c) { c.eval.interval = 0; }},
        {"eval.samples", "any", [](RunConfig &c) { c.eval.samples = 500; }},
        {"precision", "any", [](RunConfig &c) { c.precision = QStringLiteral("bf16"); }},
        {"precision fp16", "alone", [](RunConfig &c) { c.precision = QStringLiteral("fp16"); }},
        {"checkpoint.dir", "any",
         [](RunConfig &c) { c.checkpoint.dir = QStringLiteral("/var/tmp/schema-ckpt"); }},
        {"checkpoint.interval", "any",
         [](RunConfig &c) {
             c.checkpoint.dir = QStringLiteral("/var/tmp/schema-ckpt");
             c.checkpoint.interval = 100;
         }},
        {"checkpoint.keep", "any", [](RunConfig &c) { c.checkpoint.keep = 5; }},
        {"lsdp.stream_params", "any", [](RunConfig &c) { c.streamParams = true; }},
        {"memory_budget_mb", "any", [](RunConfig &c) { c.memoryBudgetMb = 2048; }},
        // Not with a TorchScript model (refused), so not in "everything" of that kind.
        {"memory.recompute", "alone", [](RunConfig &c) { c.recompute = true; }},
        {"elastic", "any",
         [](RunConfig &c) {
             c.checkpoint.dir = QStringLiteral("/var/tmp/schema-ckpt");
             c.elastic = true;
         }},
        {"slowdown_schedule", "any",
         [](RunConfig &c) {
             c.slowdownSchedule = {{1, 30, 2.5}};
         }},
        {"nodes[].agent", "any", [](RunConfig &c) { c.nodes[1].agent = QStringLiteral("agent-c"); }},
        {"nodes[].name", "any", [](RunConfig &c) { c.nodes[0].name = QStringLiteral("renamed"); }},
        {"nodes[].devices", "any",
         [](RunConfig &c) {
             c.nodes[1].devices = {2, 3};
         }},
        {"nodes[].batch", "any", // after global_batch: the split adds up to it
         [](RunConfig &c) {
             c.nodes[0].batch = c.globalBatch / 4;
             c.nodes[1].batch = c.globalBatch - *c.nodes[0].batch;
         }},
        {"nodes[].max_batch", "any",
         [](RunConfig &c) {
             c.nodes[0].maxBatch = 64;
             c.nodes[1].maxBatch = 128;
         }},
        {"nodes[].slowdown", "any", [](RunConfig &c) { c.nodes[1].slowdown = 1.5; }},
        {"loss.label_smoothing", "any",
         [](RunConfig &c) { c.byKey.set("loss.label_smoothing", contracts::FieldValues::Value(0.1)); }},
    };
    return list;
}

/// Every change at once that goes with a model kind.
RunConfig everything(const char *kind)
{
    RunConfig c = base();
    for (const Change &change : changes()) {
        if (qstrcmp(change.group, "any") == 0 || qstrcmp(change.group, kind) == 0)
            change.apply(c);
    }
    return c;
}

const char *const kKinds[] = {"mlp", "cnn", "gpt", "torchscript"};

/// Every config of this test by name: the base, each change in turn, everything at once per model kind.
QList<std::pair<QString, RunConfig>> configs()
{
    QList<std::pair<QString, RunConfig>> out{{QStringLiteral("defaults"), base()}};
    for (const Change &change : changes()) {
        RunConfig c = base();
        change.apply(c);
        out.append({QString::fromLatin1(change.name), c});
    }
    for (const char *kind : kKinds)
        out.append({QStringLiteral("everything, %1").arg(QLatin1String(kind)), everything(kind)});
    return out;
}

QString normalised(QString path)
{
    static const QRegularExpression index(QStringLiteral("\\[\\d+\\]"));
    return path.replace(index, QStringLiteral("[]"));
}

} // namespace

class TestConfigSchema : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void defaultsAgree();
    void everyFieldAgrees_data();
    void everyFieldAgrees();
    void everyFieldIsSetInTurn();
    void bothSidesKnowTheSameFields();
    void workerRefusalsAreControllerRefusals_data();
    void workerRefusalsAreControllerRefusals();
};

void TestConfigSchema::defaultsAgree()
{
    // A document that gives nothing but its version: both sides fill the same
    // defaults, every field compared, those of the other model kinds too.
    QList<ConfigError> errors;
    const RunConfig c = RunConfig::fromJson(QJsonObject{{QStringLiteral("version"), 1}}, &errors);
    QVERIFY(errors.isEmpty());
    const auto w = engine::WorkerConfig::parse(R"({"version":1})");
    QVERIFY2(w.ok(), w.ok() ? "" : w.error().message.c_str());
    const QStringList differ = disagreements(c, *w, true);
    QVERIFY2(differ.isEmpty(), qPrintable(differ.join(QLatin1Char('\n'))));
    // And a RunConfig as constructed is what fromJson makes of that document.
    QCOMPARE(RunConfig().toJson(), c.toJson());
}

void TestConfigSchema::everyFieldAgrees_data()
{
    QTest::addColumn<int>("index");
    const auto all = configs();
    for (qsizetype i = 0; i < all.size(); ++i)
        QTest::newRow(qPrintable(all[i].first)) << int(i);
}

void TestConfigSchema::everyFieldAgrees()
{
    QFETCH(int, index);
    const RunConfig c = configs().at(index).second;
    // A config the controller accepts...
    const QList<ConfigError> problems = c.validate();
    QVERIFY2(problems.isEmpty(),
             qPrintable(problems.value(0).field + QStringLiteral(": ") + problems.value(0).message));
    // ...the worker accepts too, and reads as the controller wrote it.
    const auto file = workerFile(c);
    QVERIFY(file);
    const auto w = engine::WorkerConfig::parse(file->toStdString());
    QVERIFY2(w.ok(), w.ok() ? "" : w.error().message.c_str());
    // No key of it is unknown to the worker: a run the app starts never warns.
    QVERIFY2(w->unknownKeys.empty(), w->unknownKeys.empty() ? "" : w->unknownKeys.front().c_str());
    const QStringList differ = disagreements(c, *w, false);
    QVERIFY2(differ.isEmpty(), qPrintable(differ.join(QLatin1Char('\n'))));
    // The controller reads its own file back the same (what the agent validates).
    QList<ConfigError> errors;
    const RunConfig back = RunConfig::fromJson(QJsonDocument::fromJson(*file).object(), &errors);
    QVERIFY(errors.isEmpty());
    QCOMPARE(back.toJson(), c.toJson());
}

void TestConfigSchema::everyFieldIsSetInTurn()
{
    // Each change makes the worker's file differ from the base's, and together
    // they set every field of the table but the version to another value.
    const QJsonObject baseFile = QJsonDocument::fromJson(*workerFile(base())).object();
    QSet<QString> changed;
    for (const Change &change : changes()) {
        RunConfig c = base();
        change.apply(c);
        const QStringList differ =
            RunConfig::differingFields(baseFile, QJsonDocument::fromJson(*workerFile(c)).object());
        QVERIFY2(!differ.isEmpty(), change.name);
        for (const QString &field : differ)
            changed.insert(normalised(field));
    }
    for (const Field &f : fields()) {
        if (!kFixed.contains(f.path))
            QVERIFY2(changed.contains(f.path),
                     qPrintable(f.path + QStringLiteral(" is never set to another value")));
    }
}

void TestConfigSchema::bothSidesKnowTheSameFields()
{
    QSet<QString> written;
    for (const auto &entry : configs())
        leaves(QString(), QJsonDocument::fromJson(*workerFile(entry.second)).object(), &written);
    std::set<std::string> readSet;
    for (const char *kind : kKinds)
        QVERIFY(engine::WorkerConfig::parse(workerFile(everything(kind))->toStdString(), &readSet).ok());
    QSet<QString> read;
    for (const std::string &path : readSet)
        read.insert(QString::fromStdString(path));

    // Every field toJson() writes is one of the table (so the worker reads it and
    // both hold the same value) or the controller's own.
    for (const QString &path : std::as_const(written))
        QVERIFY2(described(path) || kControllerOnly.contains(path),
                 qPrintable(path +
                            QStringLiteral(
                                ": written by RunConfig::toJson(), unknown to the worker and to this test")));
    // Every field the worker reads is one of the table or the worker's own.
    for (const QString &path : std::as_const(read))
        QVERIFY2(described(path) || kWorkerOnly.contains(path),
                 qPrintable(
                     path +
                     QStringLiteral(": read by WorkerConfig::parse, never written by RunConfig::toJson()")));
    // The table and the lists hold nothing stale.
    for (const Field &f : fields()) {
        QVERIFY2(written.contains(f.path),
                 qPrintable(f.path + QStringLiteral(" is not written by RunConfig::toJson()")));
        QVERIFY2(read.contains(f.path),
                 qPrintable(f.path + QStringLiteral(" is not read by WorkerConfig::parse")));
    }
    // Every row of the run-config table is a field here, with each side's value.
    for (const contracts::RunConfigField &field : contracts::runConfigFields()) {
        const QString key = QString::fromUtf8(field.key.data(), qsizetype(field.key.size()));
        QVERIFY2(field.readOnlyAlias || std::any_of(fields().cbegin(), fields().cend(),
                                                    [&key](const Field &f) { return f.path == key; }),
                 qPrintable(key + QStringLiteral(": a row of the table this test does not compare")));
    }
    for (const QString &path : kControllerOnly)
        QVERIFY2(written.contains(path) && !read.contains(path), qPrintable(path));
    for (const QString &path : kWorkerOnly)
        QVERIFY2(read.contains(path) && !written.contains(path), qPrintable(path));
}

void TestConfigSchema::workerRefusalsAreControllerRefusals_data()
{
    // What the worker refuses when it reads the config, the controller refuses
    // before anything starts, on the field at fault.
    QTest::addColumn<QString>("patch"); // JSON merged into the base config
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("worker");
    QTest::newRow("another version") << R"({"version": 2})"
                                     << "version"
                                     << "version 2 is not supported";
    QTest::newRow("cnn on flat samples")
        << R"({"model": {"kind": "cnn"}, "dataset": {"kind": "synthetic", "shape": [784]}})"
        << "dataset.shape"
        << "the cnn model needs dataset.shape";
    QTest::newRow("memory cap below the device count")
        << R"({"nodes": [{"agent": "a", "devices": [0, 1], "max_batch": 1}]})"
        << "nodes[0].max_batch"
        << "max_batch must allow at least one sample per device";
    QTest::newRow("unknown wire dtype") << R"({"comm": {"dtype": "fp8"}})"
                                        << "comm.dtype"
                                        << "comm.dtype";
    QTest::newRow("fp16 with tensor parallelism")
        << R"({"strategy": "tp1d", "precision": "fp16", "nodes": [{"agent": "a", "devices": [0, 1]}]})"
        << "precision"
        << "tensor-parallel";
    QTest::newRow("unknown precision") << R"({"precision": "fp8"})"
                                       << "precision"
                                       << "not one of fp32, bf16, fp16";
    QTest::newRow("bf16 with tensor parallelism")
        << R"({"strategy": "tp1d", "precision": "bf16", "nodes": [{"agent": "a", "devices": [0, 1]}]})"
        << "precision"
        << "tensor-parallel";
    QTest::newRow("tp2d on 3 devices")
        << R"({"strategy": "tp2d", "nodes": [{"agent": "a", "devices": [0, 1, 2]}]})"
        << "nodes[0].devices"
        << "not a square";
}

void TestConfigSchema::workerRefusalsAreControllerRefusals()
{
    QFETCH(QString, patch);
    QFETCH(QString, field);
    QFETCH(QString, worker);
    QJsonObject json = base().toJson();
    const QJsonObject p = QJsonDocument::fromJson(patch.toUtf8()).object();
    QVERIFY(!p.isEmpty());
    for (auto it = p.begin(); it != p.end(); ++it)
        json[it.key()] = it.value();
    QList<ConfigError> errors;
    const RunConfig c = RunConfig::fromJson(json, &errors);
    QVERIFY(errors.isEmpty());

    const auto w = engine::WorkerConfig::parse(workerFile(c)->toStdString());
    QVERIFY2(!w.ok(), "the worker accepts it");
    QVERIFY2(QString::fromStdString(w.error().message).contains(worker), w.error().message.c_str());
    const QList<ConfigError> problems = c.validate();
    QVERIFY2(std::any_of(problems.cbegin(), problems.cend(),
                         [&field](const ConfigError &e) { return e.field == field; }),
             qPrintable(QStringLiteral("the controller does not refuse %1 (%2 problem(s))")
                            .arg(field)
                            .arg(problems.size())));
}

QTEST_APPLESS_MAIN(TestConfigSchema)
#include "tst_configschema.moc"
