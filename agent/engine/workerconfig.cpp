#include "workerconfig.h"

#include "runconfigfield.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <numeric>
#include <set>

namespace hamgam::engine {

using nlohmann::json;

namespace {

// Reads one optional field with a type check; the path names it in messages.
class Reader
{
public:
    Reader(const json &object, std::string path, std::set<std::string> *fieldsRead)
        : m_object(object)
        , m_path(std::move(path))
        , m_fieldsRead(fieldsRead)
    {}

    bool failed() const { return !m_error.empty(); }
    const std::string &error() const { return m_error; }

    /// Whether the field is there and not null; noted as read either way.
    bool has(const char *key)
    {
        m_asked.insert(key);
        if (m_fieldsRead)
            m_fieldsRead->insert(m_path + key);
        return m_object.contains(key) && !m_object.at(key).is_null();
    }

    template<typename T> void get(const char *key, T &out)
    {
        if (!has(key) || failed())
            return;
        const json &v = m_object.at(key);
        if constexpr (std::is_same_v<T, bool>) {
            if (!v.is_boolean())
                return fail(key, "must be true or false");
            out = v.get<bool>();
        } else if constexpr (std::is_same_v<T, std::string>) {
            if (!v.is_string())
                return fail(key, "must be a string");
            out = v.get<std::string>();
        } else if constexpr (std::is_floating_point_v<T>) {
            if (!v.is_number())
                return fail(key, "must be a number");
            out = v.get<T>();
            if (!std::isfinite(out))
                return fail(key, "must be finite");
        } else if constexpr (std::is_integral_v<T>) {
            if (v.is_number_unsigned())
                out = static_cast<T>(v.get<std::uint64_t>());
            else if (v.is_number_integer())
                out = static_cast<T>(v.get<std::int64_t>());
            else if (v.is_number_float() && std::floor(v.get<double>()) == v.get<double>())
                out = static_cast<T>(v.get<double>());
            else
                return fail(key, "must be an integer");
        }
        if constexpr (std::is_arithmetic_v<T> && !std::is_same_v<T, bool>)
            checkBounds(key, static_cast<double>(out));
    }

    template<typename T> void getList(const char *key, std::vector<T> &out)
    {
        if (!has(key) || failed())
            return;
        const json &v = m_object.at(key);
        if (!v.is_array())
            return fail(key, "must be a list");
        std::vector<T> values;
        for (const auto &item : v) {
            if (!item.is_number_integer())
                return fail(key, "must be a list of integers");
            values.push_back(item.get<T>());
            checkBounds(key, static_cast<double>(values.back()));
            if (failed())
                return;
        }
        out = std::move(values);
    }

    /// Any member of WorkerConfig's field lists, by its type: a list, a value that may be absent, a value.
    template<typename T> void read(const char *key, std::vector<T> &out) { getList(key, out); }
    template<typename T> void read(const char *key, std::optional<T> &out)
    {
        if (!has(key))
            return;
        T value{};
        get(key, value);
        out = value;
    }
    template<typename T> void read(const char *key, T &out) { get(key, out); }

    /// The table's bounds for this field (agent/contracts), for a value or each item of a list.
    void checkBounds(const char *key, double value)
    {
        const contracts::RunConfigField *field = contracts::findRunConfigField(m_path + key);
        if (field && !field->inBounds(value))
            fail(key, field->boundsProblem(value));
    }

    void fail(const char *key, const std::string &what) { m_error = m_path + key + " " + what; }

    /// A key read otherwise (an object of its own): not unknown.
    void known(const char *key) { m_asked.insert(key); }
    /// Appends `prefix` and each key of the object that this reader never looked for.
    void noteUnknown(std::vector<std::string> &out, const std::string &prefix) const
    {
        if (!m_object.is_object())
            return;
        // A field the table declares is not unknown here: held by key, it is read by the generic pass.
        for (const auto &item : m_object.items())
            if (m_asked.count(item.key()) == 0 && !contracts::findRunConfigField(m_path + item.key()))
                out.push_back(prefix + item.key());
    }
    void noteUnknown(std::vector<std::string> &out) const { noteUnknown(out, m_path); }

private:
    const json &m_object;
    std::string m_path;
    std::set<std::string> *m_fieldsRead;
    std::set<std::string> m_asked;
    std::string m_error;
};

Result<WorkerConfig> configError(const std::string &message)
{
    return Result<WorkerConfig>::failure(ErrorKind::Config, "run config: " + message);
}

// One reader per object of the config, in the table's order (agent/contracts), each made when first
// asked for, so every field of an object, by hand or by the lists, is read by one reader that then
// knows which of the object's keys nobody read.
class SectionReaders
{
public:
    SectionReaders(const json &root, std::set<std::string> *fieldsRead)
        : m_root(root)
        , m_fieldsRead(fieldsRead)
    {}

    /// The reader of an object ("model"); an absent one reads as empty. parse() has checked that
    /// each one there is an object.
    Reader &of(const std::string &section)
    {
        static const json kEmpty = json::object();
        auto it = m_readers.find(section);
        if (it == m_readers.end()) {
            const json &object =
                m_root.contains(section) && m_root.at(section).is_object() ? m_root.at(section) : kEmpty;
            it = m_readers.try_emplace(section, object, section + ".", m_fieldsRead).first;
        }
        return it->second;
    }
    /// A dotted key's reader and its own name there: "model.kind" -> (model's reader, "kind").
    std::pair<Reader &, std::string> leafOf(std::string_view key)
    {
        const auto dot = key.rfind('.');
        return {of(std::string(key.substr(0, dot))), std::string(key.substr(dot + 1))};
    }
    /// The first problem, objects in the table's order.
    std::string firstError()
    {
        for (const std::string &section : contracts::runConfigSections())
            if (auto it = m_readers.find(section); it != m_readers.end() && it->second.failed())
                return it->second.error();
        return {};
    }
    void noteUnknown(std::vector<std::string> &out) const
    {
        for (const std::string &section : contracts::runConfigSections())
            if (auto it = m_readers.find(section); it != m_readers.end())
                it->second.noteUnknown(out);
    }

private:
    const json &m_root;
    std::set<std::string> *m_fieldsRead;
    std::map<std::string, Reader> m_readers;
};

// The fields held by key (agent/contracts): read by their table row, not by a line of their own, so
// a new one needs no code here.
std::string readHeldByKey(Reader &top, SectionReaders &sections, WorkerConfig &c)
{
    for (const contracts::RunConfigField &field : contracts::runConfigFields()) {
        if (!field.heldByKey || field.controllerOnly)
            continue;
        const std::string section(field.section());
        Reader &reader = section.empty() ? top : sections.of(section);
        const std::string leaf(field.leaf());
        // Each value read over its default, in the type the table gives it.
        auto read = [&](auto value) {
            reader.get(leaf.c_str(), value);
            return contracts::FieldValues::Value(value);
        };
        switch (field.type) {
        case contracts::FieldType::Bool:
            c.byKey.set(field.key, read(c.byKey.flag(field.key)));
            break;
        case contracts::FieldType::Integer:
            c.byKey.set(field.key, read(c.byKey.integer(field.key)));
            break;
        case contracts::FieldType::Number:
            c.byKey.set(field.key, read(c.byKey.number(field.key)));
            break;
        default: {
            const auto value = read(c.byKey.text(field.key));
            if (!reader.failed() && !field.allows(std::get<std::string>(value)))
                return std::string(field.key) + " \"" + std::get<std::string>(value) + "\" is not one of " +
                       std::string(field.choices);
            c.byKey.set(field.key, value);
        }
        }
        if (reader.failed())
            return reader.error();
    }
    return {};
}

// A list's entries ("nodes", "slowdown_schedule"), each read through its type's field list; unknown
// keys are noted with the entry's index.
template<typename Entry>
std::string readEntries(const json &list, const std::string &name, std::vector<Entry> &out,
                        std::set<std::string> *fieldsRead, std::vector<std::string> &unknownKeys)
{
    if (!list.is_array())
        return name + " must be a list";
    for (std::size_t i = 0; i < list.size(); ++i) {
        const json &item = list[i];
        if (!item.is_object())
            return name + " entries must be objects";
        Entry entry;
        Reader reader(item, name + "[].", fieldsRead);
        Entry::forEachField(entry, [&](const char *key, auto &member) { reader.read(key, member); });
        if (reader.failed())
            return reader.error();
        reader.noteUnknown(unknownKeys, name + "[" + std::to_string(i) + "].");
        out.push_back(std::move(entry));
    }
    return {};
}

} // namespace

std::string WorkerConfig::localStepsRefusal() const
{
    if (strategy != Strategy::Dp && strategy != Strategy::Hdp && strategy != Strategy::Lsdp &&
        strategy != Strategy::Lshdp)
        return "needs a strategy whose nodes each hold the whole model: lshdp, lsdp, hdp or dp";
    if (nodes.size() < 2)
        return "needs at least two machines: on one there is nobody to meet";
    const bool nodeReplicas = strategy == Strategy::Dp || strategy == Strategy::Hdp;
    for (const NodeConfig &node : nodes)
        if (nodeReplicas && node.devices.size() > 1)
            return std::string("with ") + strategyName(strategy) +
                   ": it all-reduces between the devices of one node; with several devices on a node choose "
                   "lshdp or lsdp";
    if (comm.compression != "none")
        return "with comm.compression: leave compression at none";
    if (fp16)
        return "with precision fp16 would scale each node's loss apart: use bf16";
    return {};
}

const char *WorkerConfig::strategyName(Strategy s)
{
    switch (s) {
    case Strategy::Dp:
        return "dp";
    case Strategy::Hdp:
        return "hdp";
    case Strategy::Lsdp:
        return "lsdp";
    case Strategy::Lshdp:
        return "lshdp";
    case Strategy::Fsdp:
        return "fsdp";
    case Strategy::Tp1d:
        return "tp1d";
    case Strategy::Tp2d:
        return "tp2d";
    case Strategy::Tp3d:
        return "tp3d";
    }
    return "dp";
}

int WorkerConfig::rankCount() const
{
    int n = 0;
    for (const auto &node : nodes)
        n += static_cast<int>(node.devices.size());
    return n;
}

int WorkerConfig::nodeOfRank(int rank) const
{
    int first = 0;
    for (size_t i = 0; i < nodes.size(); ++i) {
        const int count = static_cast<int>(nodes[i].devices.size());
        if (rank >= first && rank < first + count)
            return static_cast<int>(i);
        first += count;
    }
    return -1;
}

double WorkerConfig::slowdownAt(int rank, std::int64_t step) const
{
    double factor = 1.0;
    const int node = nodeOfRank(rank);
    if (node >= 0)
        factor = nodes[static_cast<size_t>(node)].slowdown;
    std::int64_t latest = -1;
    for (const auto &change : slowdownSchedule) {
        if (change.rank == rank && change.fromStep <= step && change.fromStep >= latest) {
            factor = change.factor;
            latest = change.fromStep;
        }
    }
    return factor;
}

Result<WorkerConfig> WorkerConfig::parse(const std::string &text, std::set<std::string> *fieldsRead)
{
    json root;
    try {
        root = json::parse(text);
    } catch (const json::parse_error &e) {
        return configError(std::string("not valid JSON: ") + e.what());
    }
    if (!root.is_object())
        return configError("must be a JSON object");

    WorkerConfig c;
    // The top level first: its version and kinds are checked before any object is read.
    Reader r(root, "", fieldsRead);
    forEachPlainField(c, [&](std::string_view key, auto &member) {
        if (key.find('.') == std::string_view::npos)
            r.read(std::string(key).c_str(), member);
    });
    std::string strategy = strategyName(c.strategy);
    r.get("strategy", strategy);
    std::string precision = "fp32";
    r.get("precision", precision);
    if (r.failed())
        return configError(r.error());
    if (c.epochs > 0 && (!root.contains("steps") || root.at("steps").is_null()))
        c.steps = 0; // a length in epochs alone
    if (c.version != 1)
        return configError("version " + std::to_string(c.version) +
                           " is not supported (this worker reads version 1)");

    if (precision == "bf16")
        c.bf16 = true;
    else if (precision == "fp16")
        c.fp16 = true;
    else if (precision != "fp32")
        return configError("precision \"" + precision + "\" is not one of fp32, bf16, fp16");

    if (strategy == "dp")
        c.strategy = Strategy::Dp;
    else if (strategy == "hdp")
        c.strategy = Strategy::Hdp;
    else if (strategy == "lsdp")
        c.strategy = Strategy::Lsdp;
    else if (strategy == "lshdp")
        c.strategy = Strategy::Lshdp;
    else if (strategy == "fsdp")
        c.strategy = Strategy::Fsdp;
    else if (strategy == "tp1d")
        c.strategy = Strategy::Tp1d;
    else if (strategy == "tp2d")
        c.strategy = Strategy::Tp2d;
    else if (strategy == "tp3d")
        c.strategy = Strategy::Tp3d;
    else
        return configError("strategy \"" + strategy +
                           "\" is not one of dp, hdp, lsdp, lshdp, fsdp, tp1d, tp2d, tp3d");

    // Every object the table declares fields in (agent/contracts), lists of entries aside.
    for (const std::string &key : contracts::runConfigSections()) {
        if (key.find('[') != std::string::npos)
            continue;
        r.known(key.c_str());
        if (root.contains(key) && !root.at(key).is_null() && !root.at(key).is_object())
            return configError(key + " must be an object");
    }

    // The objects' plain fields, each through its line in forEachPlainField.
    SectionReaders sections(root, fieldsRead);
    forEachPlainField(c, [&](std::string_view key, auto &member) {
        if (key.find('.') == std::string_view::npos)
            return;
        auto [reader, leaf] = sections.leafOf(key);
        reader.read(leaf.c_str(), member);
    });
    if (const std::string e = sections.firstError(); !e.empty())
        return configError(e);

    // "torchscript:PATH" is accepted as a kind, as the issue writes it; "text:PATH" likewise.
    if (c.model.kind.rfind("torchscript:", 0) == 0) {
        c.model.path = c.model.kind.substr(12);
        c.model.kind = "torchscript";
    }
    if (c.dataset.kind.rfind("text:", 0) == 0) {
        c.dataset.path = c.dataset.kind.substr(5);
        c.dataset.kind = "text";
    }
    if (c.dataset.kind == "fashion-mnist" && c.dataset.path.empty())
        c.dataset.path = "/usr/share/datasets/fashion-mnist";

    // The fields of a shape of their own.
    if (Reader &o = sections.of("optimizer"); o.has("betas")) {
        const json &b = root.at("optimizer").at("betas");
        if (!b.is_array() || b.size() != 2 || !b[0].is_number() || !b[1].is_number())
            return configError("optimizer.betas must be a list of two numbers");
        c.optimizer.beta1 = b[0].get<double>();
        c.optimizer.beta2 = b[1].get<double>();
        o.checkBounds("betas", c.optimizer.beta1);
        o.checkBounds("betas", c.optimizer.beta2);
        if (o.failed())
            return configError(o.error());
    }
    if (c.comm.dtype != "fp32" && c.comm.dtype != "fp16" && c.comm.dtype != "bf16")
        return configError("comm.dtype must be fp32, fp16 or bf16");
    if (c.comm.fp16 && c.comm.dtype == "bf16")
        return configError("comm.fp16 asks for fp16 gradients, comm.dtype for bf16: give one");
    if (c.comm.fp16)
        c.comm.dtype = "fp16";
    c.comm.fp16 = c.comm.dtype == "fp16";
    if (c.comm.compression != "none" && c.comm.compression != "powersgd")
        return configError("comm.compression must be none or powersgd");
    if (c.comm.compression == "powersgd" && c.strategy == Strategy::Fsdp)
        return configError(
            "comm.compression powersgd compresses the replicas' all-reduce, which fsdp does not "
            "have (its gradients are reduce-scattered over every rank)");
    if (Reader &e = sections.of("eval"); e.has("interval")) {
        if (const json &interval = root.at("eval").at("interval"); interval.is_string()) {
            if (interval.get<std::string>() != "epoch")
                return configError("eval.interval must be \"epoch\" or a number of steps");
            c.eval.interval = EvalConfig::kEachEpoch;
        } else {
            e.get("interval", c.eval.interval);
            if (e.failed())
                return configError(e.error());
        }
    }
    if (auto problem = readHeldByKey(r, sections, c); !problem.empty())
        return configError(problem);
    sections.noteUnknown(c.unknownKeys);

    // The lists are noted as read even when absent; their entries' fields when there is one.
    if (r.has("slowdown_schedule")) {
        if (auto e = readEntries(root.at("slowdown_schedule"), "slowdown_schedule", c.slowdownSchedule,
                                 fieldsRead, c.unknownKeys);
            !e.empty())
            return configError(e);
    }
    if (r.has("nodes")) {
        if (auto e = readEntries(root.at("nodes"), "nodes", c.nodes, fieldsRead, c.unknownKeys); !e.empty())
            return configError(e);
        for (const NodeConfig &node : c.nodes) {
            if (node.devices.empty())
                return configError("nodes[].devices must list at least one device");
            if (node.maxBatch && *node.maxBatch < static_cast<std::int64_t>(node.devices.size()))
                return configError("nodes[].max_batch must allow at least one sample per device");
        }
    }
    {
        std::vector<std::string> top; // the top level's before the objects'
        r.noteUnknown(top);
        c.unknownKeys.insert(c.unknownKeys.begin(), top.begin(), top.end());
    }

    // Cross-field validation.
    if (!c.sync.local() && !c.sync.automatic() && c.sync.mode != "exact")
        return configError("sync.mode must be exact, local or auto");
    if (c.sync.local())
        if (std::string why = c.localStepsRefusal(); !why.empty())
            return configError("sync.mode local " + why);
    if (c.steps == 0 && c.epochs == 0)
        return configError("give steps or epochs (or both; steps then caps the run)");
    const auto &m = c.model;
    if (m.kind != "mlp" && m.kind != "cnn" && m.kind != "gpt" && m.kind != "torchscript")
        return configError("model.kind \"" + m.kind + "\" is not one of mlp, cnn, gpt, torchscript:PATH");
    if (m.kind == "mlp") {
        if (m.activation != "relu" && m.activation != "gelu" && m.activation != "tanh")
            return configError("model.activation must be relu, gelu or tanh");
    }
    if (m.kind == "cnn" && m.channels % m.groups != 0)
        return configError("model.channels must be a positive multiple of model.groups");
    if (m.kind == "gpt" && m.width % m.heads != 0)
        return configError("model.width must be a positive multiple of model.heads");
    if (m.kind == "torchscript" && m.path.empty())
        return configError("model.path (or kind \"torchscript:PATH\") names the TorchScript file");
    const auto &d = c.dataset;
    const bool cifar = d.kind == "cifar-10" || d.kind == "cifar-100";
    if (d.kind != "fashion-mnist" && d.kind != "text" && d.kind != "synthetic" && d.kind != "csv" &&
        d.kind != "images" && !cifar)
        return configError(
            "dataset.kind \"" + d.kind +
            "\" is not one of fashion-mnist, cifar-10, cifar-100, images, csv, text:PATH, synthetic");
    if (d.kind == "images") {
        if (d.path.empty())
            return configError("dataset.path names the image folder (one sub-folder of images per class)");
        if (d.shape.size() != 3 || (d.shape[0] != 1 && d.shape[0] != 3) || d.shape[1] < 1 ||
            d.shape[1] > 4096 || d.shape[2] < 1 || d.shape[2] > 4096)
            return configError("dataset.shape gives the images' size as [channels (1 or 3), height, width], "
                               "each side 1 to 4096 pixels");
    }
    if (d.kind == "csv" && d.path.empty())
        return configError("dataset.path names the CSV file (or a directory of train.csv and test.csv)");
    if (d.kind == "csv" && d.label.empty())
        return configError("dataset.label names the label column of the CSV table");
    if (d.kind == "csv" && m.kind != "mlp" && m.kind != "torchscript")
        return configError(
            "a CSV table's rows are flat: train them with the mlp model (or a torchscript model)");
    if (d.kind == "text" && d.path.empty())
        return configError("dataset.path (or kind \"text:PATH\") names the text file");
    if (cifar && d.path.empty())
        return configError("dataset.path names the " + d.kind + " directory (its binary version)");
    if (d.kind == "synthetic") {
        if (d.shape.empty())
            return configError("dataset.shape must not be empty");
    }
    if (m.kind == "gpt" && (d.kind == "fashion-mnist" || d.kind == "images" || cifar))
        return configError("the gpt model trains on text:PATH or synthetic data, not on images");
    if ((m.kind == "mlp" || m.kind == "cnn") && d.kind == "text")
        return configError("text data needs the gpt model (or a torchscript model)");
    if (m.kind == "cnn" && d.kind == "synthetic" && d.shape.size() != 3)
        return configError("the cnn model needs dataset.shape [channels, height, width]");
    const auto &o = c.optimizer;
    if (o.kind != "sgd" && o.kind != "adamw")
        return configError("optimizer.kind must be sgd or adamw");
    if (c.schedule.kind != "constant" && c.schedule.kind != "cosine" && c.schedule.kind != "none")
        return configError("schedule.kind must be constant or cosine");
    if (c.checkpoint.interval > 0 && c.checkpoint.dir.empty())
        return configError("checkpoint.interval needs checkpoint.dir");
    const auto manual = std::count_if(c.nodes.begin(), c.nodes.end(),
                                      [](const NodeConfig &n) { return n.batch.has_value(); });
    if (manual != 0 && manual != static_cast<long>(c.nodes.size()))
        return configError("nodes[].batch must be given for every node or for none");
    if (manual != 0) {
        std::int64_t sum = 0;
        for (const auto &n : c.nodes)
            sum += *n.batch;
        if (sum != c.globalBatch)
            return configError("the nodes' batches add up to " + std::to_string(sum) +
                               ", not to global_batch " + std::to_string(c.globalBatch));
    }
    if (c.recompute && c.model.kind == "torchscript")
        return configError("memory.recompute is not available with a TorchScript model: its forward would "
                           "run twice in training mode (batch norm statistics, dropout masks)");
    if (c.recompute && c.tensorParallel())
        return configError("memory.recompute is not available with the tensor-parallel strategies, which "
                           "already split each layer's activations over the node's devices");
    if ((c.bf16 || c.fp16) && c.tensorParallel())
        return configError("precision " + precision +
                           " is not available yet with the tensor-parallel strategies; use fp32, "
                           "or a data-parallel strategy");
    if (c.tensorParallel()) {
        if (m.kind != "mlp" && m.kind != "gpt")
            return configError("strategy " + std::string(strategyName(c.strategy)) +
                               " splits the linear layers of the mlp and gpt models, not " + m.kind);
        std::vector<int> sizes;
        for (const auto &n : c.nodes)
            sizes.push_back(static_cast<int>(n.devices.size()));
        if (const std::string problem = TensorParallelLayout::checkNodeSizes(*c.tensorParallelKind(), sizes);
            !problem.empty())
            return configError(problem);
    }
    return c;
}

} // namespace hamgam::engine
