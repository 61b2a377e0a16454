// One run-config schema (issue #18, item 5): what the controller's
// RunConfig::toJson() writes is what the worker's WorkerConfig::parse reads,
// row by row of the run-config table, after the trip a start makes. The worker's
// side is read through its own field list (WorkerConfig::forEachPlainField), the
// controller's from its JSON, so no field has a line here; a row one side does not
// hold fails, and so does a default that is not the table's or a config the
// controller accepts that the worker would refuse.
#include "message.h"
#include "runconfig.h"
#include "runconfigfield.h"
#include "workerconfig.h"

#include <cmath>
#include <functional>
#include <optional>
#include <QCborMap>
#include <QCborValue>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>
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
// A number as both sides are compared by: a whole one as an integer, any other with 17 digits.
QString real(double v)
{
    if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 9e15)
        return num(qint64(v));
    return QString::number(v, 'g', 17);
}

/// A JSON value as comparable text: a string as itself, numbers by real(), lists item by item.
QString canonical(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::String:
        return v.toString();
    case QJsonValue::Bool:
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double:
        return double(v.toInteger()) == v.toDouble() ? num(v.toInteger()) : real(v.toDouble());
    case QJsonValue::Array: {
        QStringList items;
        for (const QJsonValue item : v.toArray())
            items << canonical(item);
        return QLatin1Char('[') + items.join(QLatin1Char(',')) + QLatin1Char(']');
    }
    case QJsonValue::Null:
        return QStringLiteral("null");
    default:
        return QStringLiteral("(absent)");
    }
}
QString canonicalText(std::string_view json)
{
    const QByteArray wrapped = "[" + QByteArray(json.data(), qsizetype(json.size())) + "]";
    return canonical(QJsonDocument::fromJson(wrapped).array().at(0));
}

/// A worker member as canonical() writes the same value in JSON.
QString text(const std::string &v)
{
    return QString::fromStdString(v);
}
QString text(bool v)
{
    return v ? QStringLiteral("true") : QStringLiteral("false");
}
template<typename T> QString text(const T &v)
{
    if constexpr (std::is_integral_v<T>)
        return num(qint64(v));
    else
        return real(double(v));
}
template<typename T> QString text(const std::vector<T> &values)
{
    QStringList out;
    for (const T &v : values)
        out << text(v);
    return QLatin1Char('[') + out.join(QLatin1Char(',')) + QLatin1Char(']');
}
template<typename T> QString text(const std::optional<T> &v)
{
    return v ? text(*v) : QStringLiteral("null");
}

QString keyOf(const contracts::RunConfigField &field)
{
    return QString::fromUtf8(field.key.data(), qsizetype(field.key.size()));
}

using W = engine::WorkerConfig;
using Side = QMap<QString, QString>; // a field's key -> its value as canonical text

/// A list's entry fields ("nodes[].batch"), each entry's value in turn, joined by "|".
template<typename Entry> void addEntries(Side &out, const QString &list, const std::vector<Entry> &entries)
{
    for (const Entry &entry : entries)
        Entry::forEachField(entry, [&](const char *leaf, const auto &member) {
            QString &joined = out[list + QStringLiteral("[].") + QLatin1String(leaf)];
            joined += (joined.isEmpty() ? QString() : QStringLiteral("|")) + text(member);
        });
}

/// What the worker holds, by the table's keys: its plain members through WorkerConfig's own list,
/// then the four fields of a shape of their own, the lists' entries and the fields held by key.
Side workerSide(const W &w)
{
    Side out;
    W::forEachPlainField(
        w, [&](const char *key, const auto &member) { out[QLatin1String(key)] = text(member); });
    out[QStringLiteral("strategy")] = QString::fromLatin1(W::strategyName(w.strategy));
    out[QStringLiteral("precision")] = w.bf16   ? QStringLiteral("bf16")
                                       : w.fp16 ? QStringLiteral("fp16")
                                                : QStringLiteral("fp32");
    out[QStringLiteral("optimizer.betas")] = text(std::vector<double>{w.optimizer.beta1, w.optimizer.beta2});
    out[QStringLiteral("eval.interval")] =
        w.eval.interval == engine::EvalConfig::kEachEpoch ? QStringLiteral("epoch") : num(w.eval.interval);
    addEntries(out, QStringLiteral("nodes"), w.nodes);
    addEntries(out, QStringLiteral("slowdown_schedule"), w.slowdownSchedule);
    for (const auto &[key, value] : w.byKey.all())
        out[QString::fromStdString(key)] = canonicalText(contracts::FieldValues::toJsonText(value));
    return out;
}

/// What the controller wrote, by the table's keys: each field toJson() wrote, and a list's entry
/// fields joined as workerSide() joins them (an entry without one has the table's default).
Side controllerSide(const QJsonObject &json)
{
    Side out;
    for (const contracts::RunConfigField &field : contracts::runConfigFields()) {
        const QString key = keyOf(field);
        const qsizetype entries = key.indexOf(QStringLiteral("[]."));
        if (entries < 0) {
            const QJsonValue value = RunConfig::valueAt(json, key);
            if (!value.isUndefined())
                out[key] = canonical(value);
            continue;
        }
        const QString leaf = key.mid(entries + 3);
        QStringList joined;
        for (const QJsonValue entry : json.value(key.left(entries)).toArray()) {
            const QJsonValue value = entry.toObject().value(leaf);
            joined << (value.isUndefined() ? canonicalText(field.defaultJson) : canonical(value));
        }
        if (!joined.isEmpty())
            out[key] = joined.join(QLatin1Char('|'));
    }
    return out;
}

/// The fields on which the worker's reading differs from what the controller wrote, as "field:
/// controller X, worker Y"; only what the controller wrote is compared (a field that does not apply
/// is not written).
QStringList disagreements(const RunConfig &c, const W &w)
{
    QStringList out;
    const Side worker = workerSide(w);
    const Side controller = controllerSide(c.toJson());
    for (auto it = controller.cbegin(); it != controller.cend(); ++it) {
        if (kWorkerOnly.contains(it.key()) || kControllerOnly.contains(it.key()))
            continue;
        if (worker.value(it.key(), QStringLiteral("(not held)")) != it.value())
            out << QStringLiteral("%1: controller %2, worker %3")
                       .arg(it.key(), it.value(), worker.value(it.key(), QStringLiteral("(not held)")));
    }
    return out;
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
        {"comm.compression", "alone", [](RunConfig &c) { c.comm.compression = QStringLiteral("powersgd"); }},
        {"comm.powersgd_rank", "any", [](RunConfig &c) { c.comm.powersgdRank = 8; }},
        {"comm.powersgd_warmup_steps", "any", [](RunConfig &c) { c.comm.powersgdWarmupSteps = 3; }},
        {"comm.timeout_s", "any", [](RunConfig &c) { c.comm.timeoutS = 120; }},
        {"comm.watchdog_grace_s", "any", [](RunConfig &c) { c.comm.watchdogGraceS = 30; }},
        {"sync.mode", "alone", [](RunConfig &c) { c.sync.mode = QStringLiteral("local"); }},
        {"sync.every", "any", [](RunConfig &c) { c.sync.every = 4; }},
        {"sync.outer_lr", "any", [](RunConfig &c) { c.sync.outerLr = 1.0; }},
        {"sync.outer_momentum", "any", [](RunConfig &c) { c.sync.outerMomentum = 0.5; }},
        {"sync.outer_nesterov", "any", [](RunConfig &c) { c.sync.outerNesterov = false; }},
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
    // Both sides fill the table's defaults, field by field: those of the other model and dataset
    // kinds, and a list entry's, too. The worker reads a document that gives its version and one
    // empty entry of each list.
    const auto w = W::parse(R"({"version":1,"nodes":[{}],"slowdown_schedule":[{}]})");
    QVERIFY2(w.ok(), w.ok() ? "" : w.error().message.c_str());
    const Side worker = workerSide(*w);
    for (const contracts::RunConfigField &field : contracts::runConfigFields()) {
        const QString key = keyOf(field);
        const QString expected = canonicalText(field.defaultJson);
        QVERIFY2(worker.value(key) == expected,
                 qPrintable(QStringLiteral("%1: table %2, worker %3").arg(key, expected, worker.value(key))));
        if (field.readOnlyAlias)
            continue; // never written
        // The controller reads the same document, with the field's condition met ("model.kind=cnn")
        // so that it writes the field.
        QJsonObject document{{QStringLiteral("version"), 1},
                             {QStringLiteral("nodes"), QJsonArray{QJsonObject()}},
                             {QStringLiteral("slowdown_schedule"), QJsonArray{QJsonObject()}}};
        if (!field.appliesWhen.empty()) {
            const std::string_view condition = field.appliesWhen;
            const auto eq = condition.find('=');
            const std::string_view value = condition.substr(eq + 1, condition.find('|') - eq - 1);
            RunConfig::setValueAt(document, QString::fromUtf8(condition.data(), qsizetype(eq)),
                                  QString::fromUtf8(value.data(), qsizetype(value.size())));
        }
        QList<ConfigError> errors;
        const RunConfig c = RunConfig::fromJson(document, &errors);
        QVERIFY(errors.isEmpty());
        const QString controller = controllerSide(c.toJson()).value(key, QStringLiteral("(not written)"));
        QVERIFY2(controller == expected,
                 qPrintable(QStringLiteral("%1: table %2, controller %3").arg(key, expected, controller)));
    }
    // And a RunConfig as constructed is what fromJson makes of a document of its version alone.
    QList<ConfigError> errors;
    QCOMPARE(RunConfig().toJson(),
             RunConfig::fromJson(QJsonObject{{QStringLiteral("version"), 1}}, &errors).toJson());
    QVERIFY(errors.isEmpty());
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
    const QStringList differ = disagreements(c, *w);
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
    for (const contracts::RunConfigField &field : contracts::runConfigFields()) {
        const QString key = keyOf(field);
        if (!kFixed.contains(key) && !field.readOnlyAlias)
            QVERIFY2(changed.contains(key),
                     qPrintable(key + QStringLiteral(" is never set to another value")));
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
    // Every row of the table is written and read...
    for (const contracts::RunConfigField &field : contracts::runConfigFields()) {
        const QString key = keyOf(field);
        QVERIFY2(field.readOnlyAlias || written.contains(key),
                 qPrintable(key + QStringLiteral(" is not written by RunConfig::toJson()")));
        QVERIFY2(read.contains(key), qPrintable(key + QStringLiteral(" is not read by WorkerConfig::parse")));
    }
    // ...and held by the worker where this test finds it, every line of its lists a row of the table.
    const Side worker = workerSide(*W::parse(workerFile(everything("mlp"))->toStdString()));
    for (const contracts::RunConfigField &field : contracts::runConfigFields())
        QVERIFY2(worker.contains(keyOf(field)),
                 qPrintable(keyOf(field) + QStringLiteral(": a row of the table the worker does not hold")));
    for (const QString &key : worker.keys())
        QVERIFY2(contracts::findRunConfigField(key.toStdString()),
                 qPrintable(key + QStringLiteral(": held by the worker, not a row of the table")));
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
    QTest::newRow("local steps with fsdp") << R"({"strategy": "fsdp", "sync": {"mode": "local"}})"
                                           << "sync.mode"
                                           << "sync.mode local needs";
    QTest::newRow("local steps on one machine")
        << R"({"sync": {"mode": "local"}, "nodes": [{"agent": "a", "devices": [0, 1]}]})"
        << "sync.mode"
        << "at least two machines";
    QTest::newRow("local steps with dp on a node of two devices")
        << R"({"strategy": "dp", "sync": {"mode": "local"}})"
        << "sync.mode"
        << "choose lshdp or lsdp";
    QTest::newRow("local steps with powersgd")
        << R"({"sync": {"mode": "local"}, "comm": {"compression": "powersgd"}})"
        << "sync.mode"
        << "comm.compression";
    QTest::newRow("local steps with fp16") << R"({"sync": {"mode": "local"}, "precision": "fp16"})"
                                           << "sync.mode"
                                           << "bf16";
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
