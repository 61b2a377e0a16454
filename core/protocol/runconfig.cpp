#include "runconfig.h"

#include "runconfigfield.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QRegularExpression>
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

bool RunConfig::approximate() const
{
    return sync.local() || comm.compression == QLatin1String("powersgd");
}

QString RunConfig::exchangeDescription() const
{
    if (sync.local())
        return tr("approximate: local steps, an outer step every %Ln step(s)", nullptr, sync.every);
    if (sync.automatic())
        return tr("auto: exact until the link is measured, then local steps (an outer step every %Ln step(s) "
                  "at most) if they are predicted faster",
                  nullptr, sync.every);
    if (comm.compression == QLatin1String("powersgd"))
        return tr("approximate: PowerSGD gradients of rank %1").arg(comm.powersgdRank);
    return tr("exact");
}

bool RunConfig::keepsOuterState() const
{
    if (sync.local())
        return true;
    if (!sync.automatic() || nodes.size() < 2 || comm.compression != QLatin1String("none") ||
        precision == QLatin1String("fp16"))
        return false;
    if (strategy == QLatin1String("lsdp") || strategy == QLatin1String("lshdp"))
        return true;
    return (strategy == QLatin1String("dp") || strategy == QLatin1String("hdp")) &&
           std::none_of(nodes.cbegin(), nodes.cend(), [](const Node &n) { return n.devices.size() > 1; });
}

bool RunConfig::automatic(const QJsonObject &config)
{
    return config.value(QStringLiteral("sync")).toObject().value(QStringLiteral("mode")).toString() ==
           QLatin1String("auto");
}

bool RunConfig::approximate(const QJsonObject &config)
{
    // A stored config holds every field; a missing one is its default, which is exact.
    return config.value(QStringLiteral("sync")).toObject().value(QStringLiteral("mode")).toString() ==
               QLatin1String("local") ||
           config.value(QStringLiteral("comm")).toObject().value(QStringLiteral("compression")).toString() ==
               QLatin1String("powersgd");
}

QString RunConfig::exchangeDescription(const QJsonObject &config)
{
    QList<ConfigError> errors;
    return fromJson(config, &errors).exchangeDescription();
}

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

namespace {

namespace contracts = hamgam::contracts;

const contracts::RunConfigField &rowOf(std::string_view key)
{
    const contracts::RunConfigField *field = contracts::findRunConfigField(key);
    Q_ASSERT_X(field, "RunConfig", "a member listed without a row in the table");
    return *field;
}

// One member read in its C++ type; an int of a StepsOrEpoch row also takes the word "epoch".
void readMember(const Reader &in, const char *leaf, const contracts::RunConfigField &, QString &out)
{
    in.string(leaf, &out);
}
void readMember(const Reader &in, const char *leaf, const contracts::RunConfigField &field, int &out)
{
    if (field.type == contracts::FieldType::StepsOrEpoch)
        in.integerOrWord(leaf, "epoch", RunConfig::Eval::EachEpoch, &out);
    else
        in.integer(leaf, &out);
}
void readMember(const Reader &in, const char *leaf, const contracts::RunConfigField &, qint64 &out)
{
    in.integer(leaf, &out);
}
void readMember(const Reader &in, const char *leaf, const contracts::RunConfigField &, double &out)
{
    in.number(leaf, &out);
}
void readMember(const Reader &in, const char *leaf, const contracts::RunConfigField &, bool &out)
{
    in.boolean(leaf, &out);
}
void readMember(const Reader &in, const char *leaf, const contracts::RunConfigField &, QList<int> &out)
{
    in.integers(leaf, &out);
}
void readMember(const Reader &in, const char *leaf, const contracts::RunConfigField &,
                std::optional<int> &out)
{
    in.optionalInteger(leaf, &out);
}

// One member as toJson writes it: whole numbers past int's range as doubles, eval.interval's -1 as
// its word, an absent optional as null.
QJsonValue jsonOf(const contracts::RunConfigField &field, int value)
{
    if (field.type == contracts::FieldType::StepsOrEpoch && value == RunConfig::Eval::EachEpoch)
        return QStringLiteral("epoch");
    return value;
}
QJsonValue jsonOf(const contracts::RunConfigField &, qint64 value)
{
    return double(value);
}
QJsonValue jsonOf(const contracts::RunConfigField &, const QList<int> &values)
{
    return toArray(values);
}
QJsonValue jsonOf(const contracts::RunConfigField &, const std::optional<int> &value)
{
    return value ? QJsonValue(*value) : QJsonValue();
}
template<typename T> QJsonValue jsonOf(const contracts::RunConfigField &, const T &value)
{
    return value;
}

// The readers of a config's objects ("model", ...), each made when first asked for, so an object of
// the wrong type is reported once however many of its fields are read.
class SectionReaders
{
public:
    explicit SectionReaders(const Reader &top)
        : m_top(top)
    {}
    const Reader &of(const std::string &section)
    {
        if (section.empty())
            return m_top;
        auto it = m_readers.find(section);
        if (it == m_readers.end())
            it = m_readers.try_emplace(section, m_top.object(section.c_str())).first;
        return it->second;
    }

private:
    const Reader &m_top;
    std::map<std::string, Reader> m_readers;
};

// A list's entries ("nodes"), each read through its type's field list.
template<typename Entry>
QList<Entry> readEntries(const Reader &top, const QJsonArray &items, const char *list,
                         QList<ConfigError> *errors)
{
    QList<Entry> out;
    for (qsizetype i = 0; i < items.size(); ++i) {
        const QString prefix = QStringLiteral("%1[%2]").arg(QLatin1String(list)).arg(i);
        if (!items[i].isObject()) {
            errors->append({prefix, RunConfig::tr("must be an object")});
            continue;
        }
        const Reader in = top.nested(items[i].toObject(), prefix);
        Entry entry;
        Entry::forEachField(entry, [&](const char *leaf, auto &member) {
            readMember(in, leaf, rowOf(std::string(list) + "[]." + leaf), member);
        });
        out.append(entry);
    }
    return out;
}

template<typename Entry> QJsonArray writeEntries(const QList<Entry> &entries, const char *list)
{
    QJsonArray out;
    for (const Entry &entry : entries) {
        QJsonObject o;
        Entry::forEachField(entry, [&](const char *leaf, const auto &member) {
            o[QLatin1String(leaf)] = jsonOf(rowOf(std::string(list) + "[]." + leaf), member);
        });
        out.append(o);
    }
    return out;
}

} // namespace

RunConfig::RunConfig()
{
    // Each default as the table writes it, read as a config would be: one conversion for both.
    forEachPlainField(*this, [](const char *key, auto &member) {
        const contracts::RunConfigField &field = rowOf(key);
        const QJsonValue value =
            QJsonDocument::fromJson(
                QByteArray("[") + QByteArray(field.defaultJson.data(), qsizetype(field.defaultJson.size())) +
                "]")
                .array()
                .first();
        QList<ConfigError> none;
        const std::string leaf(field.leaf());
        readMember(Reader(QJsonObject{{QLatin1String(leaf.c_str()), value}}, {}, &none), leaf.c_str(), field,
                   member);
        Q_ASSERT(none.isEmpty());
    });
    const std::string_view betasJson = rowOf("optimizer.betas").defaultJson;
    const QJsonArray betas =
        QJsonDocument::fromJson(QByteArray(betasJson.data(), qsizetype(betasJson.size()))).array();
    optimizer.beta1 = betas.at(0).toDouble();
    optimizer.beta2 = betas.at(1).toDouble();
}

RunConfig RunConfig::fromJson(const QJsonObject &json, QList<ConfigError> *errors,
                              QList<UnknownConfigField> *unknown)
{
    RunConfig c;
    QSet<QString> known;
    const Reader r(json, {}, errors, unknown ? &known : nullptr);
    SectionReaders sections(r);
    forEachPlainField(c, [&](const char *key, auto &member) {
        const contracts::RunConfigField &field = rowOf(key);
        const std::string leaf(field.leaf());
        readMember(sections.of(std::string(field.section())), leaf.c_str(), field, member);
    });
    // A path given for Fashion-MNIST is its default; any other kind brings its own.
    if (c.dataset.kind != QLatin1String("fashion-mnist") && !sections.of("dataset").has("path"))
        c.dataset.path.clear();
    if (json.contains(QLatin1String("epochs")) && !json.contains(QLatin1String("steps")) && c.epochs > 0)
        c.steps = 0;

    // The fields of a shape of their own: a pair, and an older spelling.
    const QJsonArray betas = sections.of("optimizer").array("betas");
    if (!betas.isEmpty()) {
        if (betas.size() != 2 || !betas[0].isDouble() || !betas[1].isDouble())
            errors->append({QStringLiteral("optimizer.betas"), tr("must be two numbers")});
        else {
            c.optimizer.beta1 = betas[0].toDouble();
            c.optimizer.beta2 = betas[1].toDouble();
        }
    }
    bool fp16 = false;
    sections.of("comm").boolean("fp16", &fp16);
    if (fp16 && c.comm.dtype == QLatin1String("bf16"))
        errors->append({QStringLiteral("comm.dtype"),
                        tr("comm.fp16 asks for fp16 gradients and comm.dtype for bf16: give one")});
    else if (fp16)
        c.comm.dtype = QStringLiteral("fp16");

    c.slowdownSchedule =
        readEntries<SlowdownChange>(r, r.array("slowdown_schedule"), "slowdown_schedule", errors);
    c.nodes = readEntries<Node>(r, r.array("nodes"), "nodes", errors);

    // The fields held by key: read by their row of the table, with the same readers as the others.
    using Value = contracts::FieldValues::Value;
    for (const contracts::RunConfigField &field : contracts::runConfigFields()) {
        if (!field.heldByKey)
            continue;
        const std::string leaf(field.leaf());
        const Reader &in = sections.of(std::string(field.section()));
        switch (field.type) {
        case contracts::FieldType::Bool: {
            bool value = c.byKey.flag(field.key);
            in.boolean(leaf.c_str(), &value);
            c.byKey.set(field.key, Value(value));
            break;
        }
        case contracts::FieldType::Integer: {
            std::int64_t value = c.byKey.integer(field.key);
            in.integer(leaf.c_str(), &value);
            c.byKey.set(field.key, Value(value));
            break;
        }
        case contracts::FieldType::Number: {
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
    // Each plain field where its row says it applies (a cnn's channels are not written for an mlp).
    const auto kindOf = [this](std::string_view key) {
        std::string text;
        forEachPlainField(*this, [&](const char *k, const auto &member) {
            if constexpr (std::is_same_v<std::decay_t<decltype(member)>, QString>)
                if (key == k)
                    text = member.toStdString();
        });
        return text;
    };
    QJsonObject json;
    forEachPlainField(*this, [&](const char *key, const auto &member) {
        const contracts::RunConfigField &field = rowOf(key);
        if (field.appliesFor(kindOf))
            setValueAt(json, QLatin1String(key), jsonOf(field, member));
    });
    setValueAt(json, QStringLiteral("optimizer.betas"), QJsonArray{optimizer.beta1, optimizer.beta2});
    json[QStringLiteral("slowdown_schedule")] = writeEntries(slowdownSchedule, "slowdown_schedule");
    json[QStringLiteral("nodes")] = writeEntries(nodes, "nodes");
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
    if (comm.compression == QLatin1String("powersgd") && strategy == QLatin1String("fsdp"))
        add(e, QStringLiteral("comm.compression"),
            tr("powersgd compresses the replicas' all-reduce, which fsdp does not have; choose lshdp or dp"));
    if (sync.mode != QLatin1String("exact") && sync.mode != QLatin1String("local") && !sync.automatic())
        add(e, QStringLiteral("sync.mode"),
            tr("nodes synchronize exact, local or auto, not \"%1\"").arg(sync.mode));
    if (sync.local()) {
        const QStringList joins{QStringLiteral("dp"), QStringLiteral("hdp"), QStringLiteral("lsdp"),
                                QStringLiteral("lshdp")};
        if (!joins.contains(strategy))
            add(e, QStringLiteral("sync.mode"),
                tr("local steps need a strategy whose nodes each hold the whole model: lshdp, lsdp, hdp or "
                   "dp"));
        if (nodes.size() < 2)
            add(e, QStringLiteral("sync.mode"), tr("local steps need at least two machines in the group"));
        const bool nodeReplicas = strategy == QLatin1String("dp") || strategy == QLatin1String("hdp");
        if (nodeReplicas &&
            std::any_of(nodes.cbegin(), nodes.cend(), [](const Node &n) { return n.devices.size() > 1; }))
            add(e, QStringLiteral("sync.mode"),
                tr("local steps with %1 would leave a machine's devices apart; with several devices on a "
                   "machine choose lshdp or lsdp")
                    .arg(strategy));
        if (comm.compression != QLatin1String("none"))
            add(e, QStringLiteral("sync.mode"),
                tr("local steps already send the gradient once every %n steps; leave comm.compression at "
                   "none",
                   nullptr, sync.every));
        if (precision == QLatin1String("fp16"))
            add(e, QStringLiteral("sync.mode"),
                tr("local steps with fp16 would scale each node's loss apart; use bf16 precision"));
    }
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

QStringList RunConfig::differingSettings(const QJsonObject &a, const QJsonObject &b)
{
    static const QRegularExpression agentId(QStringLiteral("^nodes\\[\\d+\\]\\.agent$"));
    QHash<QString, QJsonValue> va, vb;
    for (const auto &[k, v] : flatten(a))
        va.insert(k, v);
    for (const auto &[k, v] : flatten(b))
        vb.insert(k, v);
    const auto isDefault = [](const QString &path, const QJsonValue &value) {
        const contracts::RunConfigField *field = contracts::findRunConfigField(path.toStdString());
        if (!field)
            return false;
        const QByteArray json =
            "[" + QByteArray(field->defaultJson.data(), qsizetype(field->defaultJson.size())) + "]";
        return QJsonDocument::fromJson(json).array().first() == value;
    };
    QStringList out;
    for (const QString &path : differingFields(a, b)) {
        if (agentId.match(path).hasMatch())
            continue;
        if (!va.contains(path) && isDefault(path, vb.value(path)))
            continue;
        if (!vb.contains(path) && isDefault(path, va.value(path)))
            continue;
        out << path;
    }
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
