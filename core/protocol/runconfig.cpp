#include "runconfig.h"

#include "runconfigfield.h"

#include <cmath>
#include <limits>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QSet>

namespace {

// Reads typed fields out of one JSON object, keeping defaults for absent fields
// and recording one error per field of the wrong type.
class Reader
{
public:
    /// `known`, when given, collects the path of every field read: the schema as this version has it.
    Reader(QJsonObject object, QString prefix, QList<ConfigError> *errors, QSet<QString> *known = nullptr)
        : m_object(std::move(object))
        , m_prefix(std::move(prefix))
        , m_errors(errors)
        , m_known(known)
    {}

    QString path(const QString &key) const
    {
        return m_prefix.isEmpty() ? key : m_prefix + QLatin1Char('.') + key;
    }
    bool has(const char *key) const { return m_object.contains(QLatin1String(key)); }
    /// A reader of an object inside this one (an element of a list), sharing the schema's record.
    Reader nested(QJsonObject object, QString prefix) const
    {
        return Reader(std::move(object), std::move(prefix), m_errors, m_known);
    }

    void string(const char *key, QString *out) const
    {
        const QJsonValue v = value(key);
        if (v.isUndefined() || v.isNull())
            return;
        if (!v.isString())
            return wrong(key, RunConfig::tr("must be text"));
        *out = v.toString();
    }
    template<typename Int> void integer(const char *key, Int *out) const
    {
        const QJsonValue v = value(key);
        if (v.isUndefined() || v.isNull())
            return;
        const double d = v.toDouble(std::nan(""));
        if (!v.isDouble() || d != std::floor(d) || std::abs(d) > 9.0e15)
            return wrong(key, RunConfig::tr("must be a whole number"));
        *out = Int(d);
    }
    /// A whole number, or `word` standing for `wordValue` (eval.interval's "epoch").
    void integerOrWord(const char *key, const char *word, int wordValue, int *out) const
    {
        const QJsonValue v = value(key);
        if (!v.isString())
            return integer(key, out);
        if (v.toString() != QLatin1String(word))
            return wrong(key, RunConfig::tr("must be \"%1\" or a whole number").arg(QLatin1String(word)));
        *out = wordValue;
    }
    void optionalInteger(const char *key, std::optional<int> *out) const
    {
        const QJsonValue v = value(key);
        if (v.isUndefined() || v.isNull()) {
            out->reset();
            return;
        }
        int value = 0;
        integer(key, &value);
        if (v.isDouble() && v.toDouble() == std::floor(v.toDouble()))
            *out = value;
    }
    void number(const char *key, double *out) const
    {
        const QJsonValue v = value(key);
        if (v.isUndefined() || v.isNull())
            return;
        if (!v.isDouble())
            return wrong(key, RunConfig::tr("must be a number"));
        *out = v.toDouble();
    }
    void boolean(const char *key, bool *out) const
    {
        const QJsonValue v = value(key);
        if (v.isUndefined() || v.isNull())
            return;
        if (!v.isBool())
            return wrong(key, RunConfig::tr("must be true or false"));
        *out = v.toBool();
    }
    void integers(const char *key, QList<int> *out) const
    {
        const QJsonValue v = value(key);
        if (v.isUndefined() || v.isNull())
            return;
        if (!v.isArray())
            return wrong(key, RunConfig::tr("must be a list of whole numbers"));
        QList<int> values;
        for (const QJsonValue item : v.toArray()) {
            if (!item.isDouble() || item.toDouble() != std::floor(item.toDouble()) ||
                std::abs(item.toDouble()) > std::numeric_limits<int>::max())
                return wrong(key, RunConfig::tr("must be a list of whole numbers"));
            values.append(int(item.toDouble()));
        }
        *out = values;
    }
    Reader object(const char *key) const
    {
        const QJsonValue v = value(key);
        if (!v.isUndefined() && !v.isNull() && !v.isObject())
            wrong(key, RunConfig::tr("must be an object"));
        return Reader(v.toObject(), path(QLatin1String(key)), m_errors, m_known);
    }
    QJsonArray array(const char *key) const
    {
        const QJsonValue v = value(key);
        if (!v.isUndefined() && !v.isNull() && !v.isArray())
            wrong(key, RunConfig::tr("must be a list"));
        return v.toArray();
    }

private:
    QJsonValue value(const char *key) const
    {
        if (m_known)
            m_known->insert(path(QLatin1String(key)));
        return m_object.value(QLatin1String(key));
    }
    void wrong(const char *key, const QString &what) const
    {
        m_errors->append({path(QLatin1String(key)), what});
    }

    QJsonObject m_object;
    QString m_prefix;
    QList<ConfigError> *m_errors;
    QSet<QString> *m_known;
};

// Optimal string alignment distance: edits, with a swap of two neighbours as one ("stpes").
int editDistance(const QString &a, const QString &b)
{
    const qsizetype n = a.size(), m = b.size();
    QList<QList<int>> d(n + 1, QList<int>(m + 1, 0));
    for (qsizetype i = 0; i <= n; ++i)
        d[i][0] = int(i);
    for (qsizetype j = 0; j <= m; ++j)
        d[0][j] = int(j);
    for (qsizetype i = 1; i <= n; ++i) {
        for (qsizetype j = 1; j <= m; ++j) {
            const int cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    }
    return d[n][m];
}

// How far a typo may be from the field meant: one edit in a short name, up to three in a long one.
int typoAllowance(const QString &key)
{
    return key.size() <= 4 ? 1 : key.size() <= 9 ? 2 : 3;
}

QString normalizedKey(const QString &key)
{
    QString k = key.toLower();
    k.replace(QLatin1Char('-'), QLatin1Char('_'));
    k.replace(QLatin1Char(' '), QLatin1Char('_'));
    return k;
}

// Names people reach for, from other frameworks, and the field that holds them here.
const std::pair<const char *, const char *> kAliases[] = {
    {"learning_rate", "lr"},   {"batch_size", "global_batch"},
    {"batch", "global_batch"}, {"warmup", "warmup_steps"},
    {"clip", "grad_clip"},     {"max_steps", "steps"},
    {"num_steps", "steps"},    {"num_epochs", "epochs"},
    {"gpus", "devices"},       {"machine", "agent"},
    {"host", "agent"},         {"optim", "optimizer"},
    {"scheduler", "schedule"}, {"lr_schedule", "schedule"},
    {"data", "dataset"},       {"network", "model"},
    {"arch", "model"},         {"checkpoints", "checkpoint"},
};

QString parentOf(const QString &path)
{
    const qsizetype dot = path.lastIndexOf(QLatin1Char('.'));
    return dot < 0 ? QString() : path.left(dot);
}

QString leafOf(const QString &path)
{
    return path.mid(path.lastIndexOf(QLatin1Char('.')) + 1);
}

// The known field a misspelt one most likely means: a sibling first (its name, or a
// name it goes by elsewhere), then the same name one level away ("lr" at the top ->
// "optimizer.lr") when that is the only one. Empty when nothing is close.
QString suggestionFor(const QString &path, const QSet<QString> &known)
{
    const QString parent = parentOf(path);
    const QString key = normalizedKey(leafOf(path));
    QString best;
    int bestDistance = typoAllowance(key) + 1;
    QStringList siblings;
    for (const QString &k : known) {
        if (parentOf(k) == parent)
            siblings << k;
    }
    std::sort(siblings.begin(), siblings.end()); // the same answer every time, whatever the hash order
    for (const QString &sibling : std::as_const(siblings)) {
        const QString name = leafOf(sibling);
        QStringList spellings{name};
        for (const auto &[alias, field] : kAliases) {
            if (name == QLatin1String(field))
                spellings << QLatin1String(alias);
        }
        for (const QString &spelling : std::as_const(spellings)) {
            const int d = editDistance(key, spelling);
            if (d < bestDistance) {
                bestDistance = d;
                best = sibling;
            }
        }
    }
    if (!best.isEmpty())
        return best;
    QStringList elsewhere;
    for (const QString &k : known) {
        if (normalizedKey(leafOf(k)) == key && !k.contains(QLatin1Char('[')))
            elsewhere << k;
    }
    return elsewhere.size() == 1 ? elsewhere.first() : QString();
}

// Every field of `object` (at `prefix`) that the reader never asked for. A known object
// or list of objects is walked into; an unknown one is reported once, as a whole.
void collectUnknown(const QJsonObject &object, const QString &prefix, const QSet<QString> &known,
                    QList<UnknownConfigField> *out)
{
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString path = prefix.isEmpty() ? it.key() : prefix + QLatin1Char('.') + it.key();
        if (!known.contains(path)) {
            out->append({path, suggestionFor(path, known)});
            continue;
        }
        if (it.value().isObject()) {
            collectUnknown(it.value().toObject(), path, known, out);
        } else if (it.value().isArray()) {
            const QJsonArray items = it.value().toArray();
            for (qsizetype i = 0; i < items.size(); ++i) {
                if (items[i].isObject())
                    collectUnknown(items[i].toObject(), QStringLiteral("%1[%2]").arg(path).arg(i), known,
                                   out);
            }
        }
    }
}

QJsonArray toArray(const QList<int> &values)
{
    QJsonArray a;
    for (int v : values)
        a.append(v);
    return a;
}

} // namespace

QString RunConfig::strategyDescription(const QString &strategy)
{
    if (strategy == QLatin1String("dp"))
        return tr("Data parallel: equal batches on every device; fast devices wait for the slowest.");
    if (strategy == QLatin1String("hdp"))
        return tr(
            "Heterogeneous data parallel: each device's batch follows its measured speed, so nobody waits.");
    if (strategy == QLatin1String("lsdp"))
        return tr("Locally sharded: parameters and optimizer state split inside each node and into its CPU "
                  "memory; only "
                  "gradients cross the network.");
    if (strategy == QLatin1String("lshdp"))
        return tr("LSHDP: locally sharded, with batches that follow each device's speed. Best on mixed, "
                  "slow-networked labs.");
    if (strategy == QLatin1String("fsdp"))
        return tr(
            "Fully sharded across all nodes: least memory, but parameters cross the network at every layer.");
    if (strategy == QLatin1String("tp1d"))
        return tr(
            "1D tensor parallel (Megatron) inside each node, any number of GPUs: every layer split across "
            "the node's "
            "GPUs over its fast links; nodes share only gradients, with batches that follow their speed.");
    if (strategy == QLatin1String("tp2d"))
        return tr("2D tensor parallel (SUMMA) inside each node of 4, 9, 16… GPUs: less traffic and memory "
                  "per GPU than "
                  "1D; nodes share only gradients, with batches that follow their speed.");
    if (strategy == QLatin1String("tp3d"))
        return tr("3D tensor parallel inside each node of 8, 27… GPUs: the least traffic and memory per GPU; "
                  "nodes share "
                  "only gradients, with batches that follow their speed.");
    return {};
}

QString UnknownConfigField::message() const
{
    if (!suggestion.isEmpty())
        return RunConfig::tr("unknown field, ignored: did you mean \"%1\"?").arg(suggestion);
    return RunConfig::tr("unknown field, ignored: this Hamgam reads run config version %1 (is the field "
                         "from a newer version?)")
        .arg(RunConfig::kVersion);
}

RunConfig RunConfig::fromJsonText(const QByteArray &text, QList<ConfigError> *errors,
                                  QList<UnknownConfigField> *unknown)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        errors->append(
            {QString(),
             tr("not valid JSON at offset %1: %2").arg(parseError.offset).arg(parseError.errorString())});
        return {};
    }
    if (!doc.isObject()) {
        errors->append({QString(), tr("a run config is a JSON object")});
        return {};
    }
    return fromJson(doc.object(), errors, unknown);
}

RunConfig RunConfig::fromJson(const QJsonObject &json, QList<ConfigError> *errors,
                              QList<UnknownConfigField> *unknown)
{
    RunConfig c;
    QSet<QString> known;
    const Reader r(json, {}, errors, unknown ? &known : nullptr);
    r.integer("version", &c.version);
    r.string("name", &c.name);
    r.string("strategy", &c.strategy);

    const Reader m = r.object("model");
    m.string("kind", &c.model.kind);
    m.integers("hidden", &c.model.hidden);
    m.string("activation", &c.model.activation);
    m.integer("channels", &c.model.channels);
    m.integer("blocks", &c.model.blocks);
    m.integer("groups", &c.model.groups);
    m.integer("layers", &c.model.layers);
    m.integer("width", &c.model.width);
    m.integer("heads", &c.model.heads);
    m.integer("context", &c.model.context);
    m.string("path", &c.model.path);

    const Reader d = r.object("dataset");
    d.string("kind", &c.dataset.kind);
    if (c.dataset.kind != QLatin1String("fashion-mnist") && !d.has("path"))
        c.dataset.path.clear();
    d.string("path", &c.dataset.path);
    d.integer("samples", &c.dataset.samples);
    d.integer("classes", &c.dataset.classes);
    d.integers("shape", &c.dataset.shape);
    d.string("label", &c.dataset.label);
    d.boolean("augment", &c.dataset.augment);

    r.integer("global_batch", &c.globalBatch);
    r.integer("steps", &c.steps);
    r.integer("epochs", &c.epochs);
    if (json.contains(QLatin1String("epochs")) && !json.contains(QLatin1String("steps")) && c.epochs > 0)
        c.steps = 0;

    const Reader o = r.object("optimizer");
    o.string("kind", &c.optimizer.kind);
    o.number("lr", &c.optimizer.lr);
    o.number("momentum", &c.optimizer.momentum);
    o.boolean("nesterov", &c.optimizer.nesterov);
    o.number("weight_decay", &c.optimizer.weightDecay);
    o.number("eps", &c.optimizer.eps);
    const QJsonArray betas = o.array("betas");
    if (!betas.isEmpty()) {
        if (betas.size() != 2 || !betas[0].isDouble() || !betas[1].isDouble())
            errors->append({QStringLiteral("optimizer.betas"), tr("must be two numbers")});
        else {
            c.optimizer.beta1 = betas[0].toDouble();
            c.optimizer.beta2 = betas[1].toDouble();
        }
    }

    const Reader s = r.object("schedule");
    s.string("kind", &c.schedule.kind);
    s.integer("warmup_steps", &c.schedule.warmupSteps);
    s.number("min_lr_ratio", &c.schedule.minLrRatio);

    r.number("grad_clip", &c.gradClip);
    r.integer("seed", &c.seed);
    r.integer("threads", &c.threads);

    const Reader p = r.object("planner");
    p.integer("profile_steps", &c.planner.profileSteps);
    p.integer("replan_interval", &c.planner.replanInterval);
    p.number("margin", &c.planner.margin);
    p.number("ewma", &c.planner.ewma);

    const Reader cm = r.object("comm");
    cm.number("bucket_mb", &c.comm.bucketMb);
    bool fp16 = false;
    cm.boolean("fp16", &fp16);
    cm.string("dtype", &c.comm.dtype);
    if (fp16 && c.comm.dtype == QLatin1String("bf16"))
        errors->append({QStringLiteral("comm.dtype"),
                        tr("comm.fp16 asks for fp16 gradients and comm.dtype for bf16: give one")});
    else if (fp16)
        c.comm.dtype = QStringLiteral("fp16");
    cm.integer("timeout_s", &c.comm.timeoutS);
    cm.integer("watchdog_grace_s", &c.comm.watchdogGraceS);

    const Reader e = r.object("eval");
    e.integerOrWord("interval", "epoch", Eval::EachEpoch, &c.eval.interval);
    e.integer("samples", &c.eval.samples);

    const Reader ck = r.object("checkpoint");
    ck.string("dir", &c.checkpoint.dir);
    ck.integer("interval", &c.checkpoint.interval);
    ck.integer("keep", &c.checkpoint.keep);

    r.object("lsdp").boolean("stream_params", &c.streamParams);
    r.string("precision", &c.precision);
    r.integer("memory_budget_mb", &c.memoryBudgetMb);
    r.object("memory").boolean("recompute", &c.recompute);
    r.boolean("elastic", &c.elastic);

    const QJsonArray schedule = r.array("slowdown_schedule");
    for (qsizetype i = 0; i < schedule.size(); ++i) {
        const Reader item = r.nested(schedule[i].toObject(), QStringLiteral("slowdown_schedule[%1]").arg(i));
        SlowdownChange change;
        item.integer("rank", &change.rank);
        item.integer("from_step", &change.fromStep);
        item.number("factor", &change.factor);
        c.slowdownSchedule.append(change);
    }

    const QJsonArray nodes = r.array("nodes");
    for (qsizetype i = 0; i < nodes.size(); ++i) {
        const QString prefix = QStringLiteral("nodes[%1]").arg(i);
        if (!nodes[i].isObject()) {
            errors->append({prefix, tr("must be an object")});
            continue;
        }
        const Reader n = r.nested(nodes[i].toObject(), prefix);
        Node node;
        n.string("agent", &node.agent);
        n.string("name", &node.name);
        n.integers("devices", &node.devices);
        n.optionalInteger("batch", &node.batch);
        n.optionalInteger("max_batch", &node.maxBatch);
        n.number("slowdown", &node.slowdown);
        c.nodes.append(node);
    }
    // The fields held by key: read by their row of the table, with the same readers as the others.
    using Value = hamgam::contracts::FieldValues::Value;
    for (const hamgam::contracts::RunConfigField &field : hamgam::contracts::runConfigFields()) {
        if (!field.heldByKey)
            continue;
        const std::string section(field.section()), leaf(field.leaf());
        const Reader in = section.empty() ? r : r.object(section.c_str());
        switch (field.type) {
        case hamgam::contracts::FieldType::Bool: {
            bool value = c.byKey.flag(field.key);
            in.boolean(leaf.c_str(), &value);
            c.byKey.set(field.key, Value(value));
            break;
        }
        case hamgam::contracts::FieldType::Integer: {
            std::int64_t value = c.byKey.integer(field.key);
            in.integer(leaf.c_str(), &value);
            c.byKey.set(field.key, Value(value));
            break;
        }
        case hamgam::contracts::FieldType::Number: {
            double value = c.byKey.number(field.key);
            in.number(leaf.c_str(), &value);
            c.byKey.set(field.key, Value(value));
            break;
        }
        default: {
            QString value = QString::fromStdString(c.byKey.text(field.key));
            in.string(leaf.c_str(), &value);
            c.byKey.set(field.key, Value(value.toStdString()));
        }
        }
    }
    if (unknown)
        collectUnknown(json, {}, known, unknown);
    return c;
}

QJsonObject RunConfig::toJson() const
{
    QJsonObject modelJson{{QStringLiteral("kind"), model.kind}};
    if (model.kind == QLatin1String("mlp")) {
        modelJson[QStringLiteral("hidden")] = toArray(model.hidden);
        modelJson[QStringLiteral("activation")] = model.activation;
    } else if (model.kind == QLatin1String("cnn")) {
        modelJson[QStringLiteral("channels")] = model.channels;
        modelJson[QStringLiteral("blocks")] = model.blocks;
        modelJson[QStringLiteral("groups")] = model.groups;
    } else if (model.kind == QLatin1String("gpt")) {
        modelJson[QStringLiteral("layers")] = model.layers;
        modelJson[QStringLiteral("width")] = model.width;
        modelJson[QStringLiteral("heads")] = model.heads;
        modelJson[QStringLiteral("context")] = model.context;
    } else {
        modelJson[QStringLiteral("path")] = model.path;
    }
    QJsonObject datasetJson{{QStringLiteral("kind"), dataset.kind}};
    if (dataset.kind == QLatin1String("synthetic")) {
        datasetJson[QStringLiteral("samples")] = double(dataset.samples);
        datasetJson[QStringLiteral("classes")] = dataset.classes;
        datasetJson[QStringLiteral("shape")] = toArray(dataset.shape);
    } else {
        datasetJson[QStringLiteral("path")] = dataset.path;
    }
    if (dataset.kind == QLatin1String("csv"))
        datasetJson[QStringLiteral("label")] = dataset.label;
    if (dataset.kind == QLatin1String("images")) {
        datasetJson[QStringLiteral("shape")] = toArray(dataset.shape);
        datasetJson[QStringLiteral("augment")] = dataset.augment;
    }
    QJsonArray scheduleJson;
    for (const SlowdownChange &s : slowdownSchedule)
        scheduleJson.append(QJsonObject{{QStringLiteral("rank"), s.rank},
                                        {QStringLiteral("from_step"), double(s.fromStep)},
                                        {QStringLiteral("factor"), s.factor}});
    QJsonArray nodeArray;
    for (const Node &n : nodes) {
        QJsonObject o{{QStringLiteral("agent"), n.agent},
                      {QStringLiteral("name"), n.name},
                      {QStringLiteral("devices"), toArray(n.devices)},
                      {QStringLiteral("slowdown"), n.slowdown}};
        o[QStringLiteral("batch")] = n.batch ? QJsonValue(*n.batch) : QJsonValue();
        o[QStringLiteral("max_batch")] = n.maxBatch ? QJsonValue(*n.maxBatch) : QJsonValue();
        nodeArray.append(o);
    }
    QJsonObject json{
        {QStringLiteral("version"), version},
        {QStringLiteral("name"), name},
        {QStringLiteral("strategy"), strategy},
        {QStringLiteral("model"), modelJson},
        {QStringLiteral("dataset"), datasetJson},
        {QStringLiteral("global_batch"), globalBatch},
        {QStringLiteral("steps"), double(steps)},
        {QStringLiteral("epochs"), epochs},
        {QStringLiteral("optimizer"),
         QJsonObject{{QStringLiteral("kind"), optimizer.kind},
                     {QStringLiteral("lr"), optimizer.lr},
                     {QStringLiteral("momentum"), optimizer.momentum},
                     {QStringLiteral("nesterov"), optimizer.nesterov},
                     {QStringLiteral("weight_decay"), optimizer.weightDecay},
                     {QStringLiteral("betas"), QJsonArray{optimizer.beta1, optimizer.beta2}},
                     {QStringLiteral("eps"), optimizer.eps}}},
        {QStringLiteral("schedule"), QJsonObject{{QStringLiteral("kind"), schedule.kind},
                                                 {QStringLiteral("warmup_steps"), schedule.warmupSteps},
                                                 {QStringLiteral("min_lr_ratio"), schedule.minLrRatio}}},
        {QStringLiteral("grad_clip"), gradClip},
        {QStringLiteral("seed"), double(seed)},
        {QStringLiteral("threads"), threads},
        {QStringLiteral("planner"), QJsonObject{{QStringLiteral("profile_steps"), planner.profileSteps},
                                                {QStringLiteral("replan_interval"), planner.replanInterval},
                                                {QStringLiteral("margin"), planner.margin},
                                                {QStringLiteral("ewma"), planner.ewma}}},
        {QStringLiteral("comm"), QJsonObject{{QStringLiteral("bucket_mb"), comm.bucketMb},
                                             {QStringLiteral("dtype"), comm.dtype},
                                             {QStringLiteral("timeout_s"), comm.timeoutS},
                                             {QStringLiteral("watchdog_grace_s"), comm.watchdogGraceS}}},
        {QStringLiteral("eval"),
         QJsonObject{{QStringLiteral("interval"), eval.interval == Eval::EachEpoch
                                                      ? QJsonValue(QStringLiteral("epoch"))
                                                      : QJsonValue(eval.interval)},
                     {QStringLiteral("samples"), eval.samples}}},
        {QStringLiteral("checkpoint"), QJsonObject{{QStringLiteral("dir"), checkpoint.dir},
                                                   {QStringLiteral("interval"), checkpoint.interval},
                                                   {QStringLiteral("keep"), checkpoint.keep}}},
        {QStringLiteral("lsdp"), QJsonObject{{QStringLiteral("stream_params"), streamParams}}},
        {QStringLiteral("precision"), precision},
        {QStringLiteral("memory_budget_mb"), memoryBudgetMb},
        {QStringLiteral("memory"), QJsonObject{{QStringLiteral("recompute"), recompute}}},
        {QStringLiteral("elastic"), elastic},
        {QStringLiteral("slowdown_schedule"), scheduleJson},
        {QStringLiteral("nodes"), nodeArray},
    };
    writeHeldByKey(json);
    return json;
}

int RunConfig::deviceCount() const
{
    int count = 0;
    for (const Node &n : nodes)
        count += int(n.devices.size());
    return count;
}

QList<ConfigError> RunConfig::validate() const
{
    // One function per group of fields, run in this order (the errors keep it); a rule that
    // crosses groups (a model and its dataset, a batch and its devices) sits with the later one.
    QList<ConfigError> e;
    validateIdentity(e);
    validateFieldBounds(e);
    validateModel(e);
    validateDataset(e);
    validateLength(e);
    validateOptimizer(e);
    validatePlannerAndComm(e);
    validateEvalCheckpointMemory(e);
    validateNodes(e);
    return e;
}

void RunConfig::add(QList<ConfigError> &errors, const QString &field, const QString &message)
{
    errors.append({field, message});
}

void RunConfig::validateIdentity(QList<ConfigError> &e) const
{
    if (version != kVersion)
        add(e, QStringLiteral("version"),
            tr("version %1 is not supported; this Hamgam reads version %2").arg(version).arg(kVersion));
    if (name.trimmed().isEmpty())
        add(e, QStringLiteral("name"), tr("give the run a name"));
    else if (name.size() > 120)
        add(e, QStringLiteral("name"), tr("a name has at most 120 characters"));
    if (!strategies().contains(strategy))
        add(e, QStringLiteral("strategy"),
            tr("unknown strategy \"%1\"; choose one of %2")
                .arg(strategy, QLocale().createSeparatedList(strategies())));
}

void RunConfig::validateModel(QList<ConfigError> &e) const
{
    if (!modelKinds().contains(model.kind)) {
        add(e, QStringLiteral("model.kind"),
            tr("unknown model \"%1\"; choose one of %2")
                .arg(model.kind, QLocale().createSeparatedList(modelKinds())));
    } else if (model.kind == QLatin1String("mlp")) {
        if (model.hidden.isEmpty() || model.hidden.size() > 16)
            add(e, QStringLiteral("model.hidden"), tr("an MLP has 1 to 16 hidden layers"));
        if (model.activation != QLatin1String("relu") && model.activation != QLatin1String("gelu") &&
            model.activation != QLatin1String("tanh"))
            add(e, QStringLiteral("model.activation"),
                tr("unknown activation \"%1\"; choose relu, gelu or tanh").arg(model.activation));
    } else if (model.kind == QLatin1String("cnn")) {
        // The bounds of each field are the table's (validateFieldBounds); here what joins two.
        if (model.groups >= 1 && model.channels % model.groups != 0)
            add(e, QStringLiteral("model.groups"), tr("GroupNorm groups must divide the channel count"));
    } else if (model.kind == QLatin1String("gpt")) {
        if (model.heads >= 1 && model.width % model.heads != 0)
            add(e, QStringLiteral("model.heads"), tr("the number of heads must divide the width"));
    } else if (model.path.isEmpty()) {
        add(e, QStringLiteral("model.path"), tr("give the path of the TorchScript module"));
    } else if (QDir::isRelativePath(model.path)) {
        // Every agent opens the config's paths on its own disk and refuses relative
        // ones (agent/pathpolicy.cpp): say so before any machine is asked.
        add(e, QStringLiteral("model.path"),
            tr("give an absolute path, such as /home/me/model.pt: every machine opens "
               "the file on its own disk"));
    }
}

void RunConfig::validateDataset(QList<ConfigError> &e) const
{
    if (!datasetKinds().contains(dataset.kind)) {
        add(e, QStringLiteral("dataset.kind"),
            tr("unknown dataset \"%1\"; choose one of %2")
                .arg(dataset.kind, QLocale().createSeparatedList(datasetKinds())));
    } else if (dataset.kind == QLatin1String("synthetic")) {
        if (dataset.shape.isEmpty())
            add(e, QStringLiteral("dataset.shape"), tr("the sample shape needs positive sizes"));
        else if (model.kind == QLatin1String("cnn") && dataset.shape.size() != 3)
            add(e, QStringLiteral("dataset.shape"),
                tr("the cnn model needs images: give the shape as [channels, height, width]"));
    } else if (dataset.path.trimmed().isEmpty()) {
        add(e, QStringLiteral("dataset.path"), tr("the dataset path is missing"));
    } else if (QDir::isRelativePath(dataset.path)) {
        add(e, QStringLiteral("dataset.path"),
            tr("give an absolute path: every machine reads the dataset from its own disk"));
    }
    if (dataset.kind == QLatin1String("images") &&
        (dataset.shape.size() != 3 || (dataset.shape[0] != 1 && dataset.shape[0] != 3) ||
         std::any_of(dataset.shape.cbegin() + qMin<qsizetype>(1, dataset.shape.size()), dataset.shape.cend(),
                     [](int d) { return d < 1 || d > 4096; })))
        add(e, QStringLiteral("dataset.shape"),
            tr("give the images' size as [channels, height, width]: 1 "
               "(grey) or 3 (colour) channels, each side "
               "1 to 4096 pixels"));
    if (dataset.kind == QLatin1String("csv") && dataset.label.trimmed().isEmpty())
        add(e, QStringLiteral("dataset.label"), tr("name the table's label column"));
    if (dataset.kind == QLatin1String("csv") && model.kind != QLatin1String("mlp") &&
        model.kind != QLatin1String("torchscript"))
        add(e, QStringLiteral("model.kind"),
            tr("a table's rows are flat: train them with the mlp model (or a TorchScript model)"));
    if (model.kind == QLatin1String("gpt") &&
        (dataset.kind == QLatin1String("fashion-mnist") || dataset.kind == QLatin1String("images") ||
         dataset.kind.startsWith(QLatin1String("cifar-"))))
        add(e, QStringLiteral("dataset.kind"), tr("the gpt model trains on text: use a text dataset"));
    if (model.kind != QLatin1String("gpt") && model.kind != QLatin1String("torchscript") &&
        dataset.kind == QLatin1String("text"))
        add(e, QStringLiteral("model.kind"), tr("text datasets need the gpt model"));
}

void RunConfig::validateLength(QList<ConfigError> &e) const
{
    const int devices = deviceCount();
    if (devices > 0 && globalBatch >= 1 && globalBatch < devices)
        add(e, QStringLiteral("global_batch"),
            tr("the global batch (%1) is smaller than the number of devices "
               "(%2): every device needs at least one sample")
                .arg(globalBatch)
                .arg(devices));
    if (steps >= 0 && epochs >= 0 && (steps > 0) == (epochs > 0))
        add(e, QStringLiteral("steps"), tr("give either a number of steps or a number of epochs"));
}

void RunConfig::validateOptimizer(QList<ConfigError> &e) const
{
    if (optimizer.kind != QLatin1String("sgd") && optimizer.kind != QLatin1String("adamw"))
        add(e, QStringLiteral("optimizer.kind"),
            tr("unknown optimizer \"%1\"; choose sgd or adamw").arg(optimizer.kind));
    if (schedule.kind != QLatin1String("cosine") && schedule.kind != QLatin1String("constant"))
        add(e, QStringLiteral("schedule.kind"),
            tr("unknown schedule \"%1\"; choose cosine or constant").arg(schedule.kind));
}

void RunConfig::validatePlannerAndComm(QList<ConfigError> &e) const
{
    if (comm.dtype != QLatin1String("fp32") && comm.dtype != QLatin1String("fp16") &&
        comm.dtype != QLatin1String("bf16"))
        add(e, QStringLiteral("comm.dtype"),
            tr("gradients travel as fp32, fp16 or bf16, not \"%1\"").arg(comm.dtype));
}

void RunConfig::validateEvalCheckpointMemory(QList<ConfigError> &e) const
{
    if ((checkpoint.interval > 0 || elastic) && checkpoint.dir.trimmed().isEmpty())
        add(e, QStringLiteral("checkpoint.dir"), tr("give a checkpoint directory"));
    else if (!checkpoint.dir.trimmed().isEmpty() && QDir::isRelativePath(checkpoint.dir))
        add(e, QStringLiteral("checkpoint.dir"),
            tr("give an absolute path: every machine writes its checkpoints on its own disk"));
    if (precision != QLatin1String("fp32") && precision != QLatin1String("bf16") &&
        precision != QLatin1String("fp16"))
        add(e, QStringLiteral("precision"),
            tr("the precision is fp32, bf16 or fp16, not \"%1\"").arg(precision));
    else if (precision != QLatin1String("fp32") && strategy.startsWith(QLatin1String("tp")))
        add(e, QStringLiteral("precision"),
            tr("%1 is not available yet with the tensor-parallel strategies; use fp32 or a data-parallel "
               "strategy")
                .arg(precision));
    if (recompute && model.kind == QLatin1String("torchscript"))
        add(e, QStringLiteral("memory.recompute"),
            tr("recomputation is not available with a TorchScript model, whose forward would run twice in "
               "training mode (batch norm statistics, dropout masks)"));
    if (recompute && strategy.startsWith(QLatin1String("tp")))
        add(e, QStringLiteral("memory.recompute"),
            tr("recomputation is not available with the tensor-parallel strategies, which already split each "
               "layer's activations over the node's devices"));
}

void RunConfig::validateNodes(QList<ConfigError> &e) const
{
    if (nodes.isEmpty())
        add(e, QStringLiteral("nodes"), tr("add at least one machine to the training group"));
    QSet<QString> agents;
    bool anyBatch = false;
    bool allBatch = true;
    qint64 batchSum = 0;
    for (qsizetype i = 0; i < nodes.size(); ++i) {
        const Node &n = nodes[i];
        const QString prefix = QStringLiteral("nodes[%1]").arg(i);
        if (n.agent.trimmed().isEmpty())
            add(e, prefix + QStringLiteral(".agent"), tr("which machine? the agent id is missing"));
        else if (agents.contains(n.agent))
            add(e, prefix + QStringLiteral(".agent"),
                tr("%1 is listed twice").arg(n.name.isEmpty() ? n.agent : n.name));
        agents.insert(n.agent);
        if (n.devices.isEmpty())
            add(e, prefix + QStringLiteral(".devices"), tr("choose at least one device"));
        if (QSet<int>(n.devices.cbegin(), n.devices.cend()).size() != n.devices.size())
            add(e, prefix + QStringLiteral(".devices"), tr("device indices must be distinct"));
        anyBatch = anyBatch || n.batch.has_value();
        allBatch = allBatch && n.batch.has_value();
        if (n.batch) {
            batchSum += *n.batch;
            if (*n.batch < n.devices.size())
                add(e, prefix + QStringLiteral(".batch"),
                    tr("a node's batch must give each of its devices at least one sample"));
        }
        // The worker splits a node's cap over its devices, as it does its batch.
        if (n.maxBatch && *n.maxBatch < qMax<qsizetype>(1, n.devices.size()))
            add(e, prefix + QStringLiteral(".max_batch"),
                tr("a node's memory cap must give each of its devices at least one sample"));
    }
    validateTensorParallel(e);
    const int devices = deviceCount();
    if (anyBatch && !allBatch)
        add(e, QStringLiteral("nodes"), tr("a manual batch split needs a batch for every node"));
    else if (anyBatch && batchSum != globalBatch)
        add(e, QStringLiteral("nodes"),
            tr("the manual batches add up to %1, not to the global batch %2").arg(batchSum).arg(globalBatch));
    for (qsizetype i = 0; i < slowdownSchedule.size(); ++i) {
        const SlowdownChange &s = slowdownSchedule[i];
        if (s.rank >= qMax(1, devices))
            add(e, QStringLiteral("slowdown_schedule[%1]").arg(i),
                tr("rank %1 is not in the run, which has %Ln rank(s)", nullptr, qMax(1, devices))
                    .arg(s.rank));
    }
}

void RunConfig::validateTensorParallel(QList<ConfigError> &errors) const
{
    // The same rules as the worker's (agent/engine/tensorparallellayout.cpp): the
    // local group size is each node's device count.
    const int dims = strategy == QLatin1String("tp1d")   ? 1
                     : strategy == QLatin1String("tp2d") ? 2
                     : strategy == QLatin1String("tp3d") ? 3
                                                         : 0;
    if (dims == 0)
        return;
    auto root = [dims](int n) {
        for (int k = 1;; ++k) {
            const int p = dims == 2 ? k * k : k * k * k;
            if (p == n)
                return k;
            if (p > n)
                return 0;
        }
    };
    if (model.kind != QLatin1String("mlp") && model.kind != QLatin1String("gpt")) {
        add(errors, QStringLiteral("model.kind"),
            tr("strategy %1 splits the linear layers of the mlp and gpt models, not %2")
                .arg(strategy, model.kind));
        return;
    }
    int side = 0;
    for (qsizetype i = 0; i < nodes.size(); ++i) {
        const int count = int(nodes[i].devices.size());
        const QString node = nodes[i].name.isEmpty() ? QStringLiteral("node %1").arg(i) : nodes[i].name;
        if (count < 1)
            return; // reported with the node
        if (dims == 2 && root(count) == 0) {
            add(errors, QStringLiteral("nodes[%1].devices").arg(i),
                // Never one device here (1 is a square and a cube): always the plural.
                tr("strategy tp2d arranges each node's devices in a q×q grid: %1 has %2 devices, which is "
                   "not a square (1, 4, 9, 16, …)")
                    .arg(node)
                    .arg(count));
            return;
        }
        if (dims == 3 && root(count) == 0) {
            add(errors, QStringLiteral("nodes[%1].devices").arg(i),
                tr("strategy tp3d arranges each node's devices in a q×q×q cube: %1 has %2 devices, which is "
                   "not a cube (1, 8, 27, 64, …)")
                    .arg(node)
                    .arg(count));
            return;
        }
        if (i > 0 && count != nodes[0].devices.size()) {
            add(errors, QStringLiteral("nodes"),
                tr("strategy %1 needs the same number of devices on every node (%2 has %3, %4 has %5)")
                    .arg(strategy, nodes[0].name.isEmpty() ? QStringLiteral("node 0") : nodes[0].name)
                    .arg(nodes[0].devices.size())
                    .arg(node)
                    .arg(count));
            return;
        }
        side = dims == 1 ? count : root(count);
    }
    if (dims == 1 || side < 2)
        return;
    // 2D and 3D cut both dimensions of every layer into q blocks: none may be empty.
    const QString tooSmall =
        tr("strategy %1 cuts every layer into %2 blocks per dimension, so this must be at least %2");
    if (model.kind == QLatin1String("gpt")) {
        if (model.heads < side)
            add(errors, QStringLiteral("model.heads"), tooSmall.arg(strategy).arg(side));
        else if (model.width < side)
            add(errors, QStringLiteral("model.width"), tooSmall.arg(strategy).arg(side));
    } else {
        if (std::any_of(model.hidden.cbegin(), model.hidden.cend(), [side](int h) { return h < side; }))
            add(errors, QStringLiteral("model.hidden"), tooSmall.arg(strategy).arg(side));
        // The mlp's first and last layers are cut too (agent/engine/modelfactory.cpp): the
        // input is a whole sample, the output one logit per class; Fashion-MNIST has 28×28 and 10.
        const bool synthetic = dataset.kind == QLatin1String("synthetic");
        qint64 inputs = dataset.shape.isEmpty() ? 0 : 1;
        for (int d : dataset.shape)
            inputs = d < 1 ? 0 : qMin<qint64>(inputs * d, side); // 0: a bad shape, reported with the dataset
        if (synthetic && inputs > 0 && inputs < side)
            add(errors, QStringLiteral("dataset.shape"),
                tr("strategy %1 cuts the input layer into %2 blocks: a sample needs at least %2 values")
                    .arg(strategy)
                    .arg(side));
        if (synthetic ? dataset.classes >= 2 && dataset.classes < side : 10 < side)
            add(errors, synthetic ? QStringLiteral("dataset.classes") : QStringLiteral("dataset.kind"),
                tr("strategy %1 cuts the output layer into %2 blocks: it needs at least %2 classes")
                    .arg(strategy)
                    .arg(side));
    }
}

QList<std::pair<QString, QJsonValue>> RunConfig::flatten(const QJsonObject &json)
{
    QList<std::pair<QString, QJsonValue>> out;
    std::function<void(const QString &, const QJsonValue &)> walk = [&](const QString &path,
                                                                        const QJsonValue &v) {
        if (v.isObject()) {
            const QJsonObject o = v.toObject();
            for (auto it = o.begin(); it != o.end(); ++it)
                walk(path.isEmpty() ? it.key() : path + QLatin1Char('.') + it.key(), it.value());
        } else if (v.isArray() && !v.toArray().isEmpty() && v.toArray().first().isObject()) {
            const QJsonArray a = v.toArray();
            for (qsizetype i = 0; i < a.size(); ++i)
                walk(QStringLiteral("%1[%2]").arg(path).arg(i), a[i]);
        } else {
            out.append({path, v});
        }
    };
    walk(QString(), json);
    return out;
}

QStringList RunConfig::differingFields(const QJsonObject &a, const QJsonObject &b)
{
    const auto fa = flatten(a);
    const auto fb = flatten(b);
    QHash<QString, QJsonValue> mb;
    for (const auto &[k, v] : fb)
        mb.insert(k, v);
    QStringList out;
    QSet<QString> seen;
    for (const auto &[k, v] : fa) {
        seen.insert(k);
        if (mb.value(k) != v)
            out.append(k);
    }
    for (const auto &[k, v] : fb) {
        if (!seen.contains(k))
            out.append(k);
    }
    return out;
}
