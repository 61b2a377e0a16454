#include "modelexporter.h"

#include "atomicwriter.h"
#include "error.h"
#include "model.h"
#include "modelfactory.h"
#include "torchscriptunit.h"

#include <cerrno>
#include <cstring>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <sys/stat.h>
#include <torch/version.h>

namespace hamgam::engine {

namespace {

// Every class of the archive lives in one compilation unit under this prefix,
// so their names never meet (a unit "block0", its holder "block0.attn").
const std::string kPrefix = "__torch__.hamgam.";

std::string className(const std::string &path)
{
    std::string name = path;
    for (char &c : name)
        if (c == '.')
            c = '_';
    return kPrefix + name;
}

} // namespace

ModelExporter::ModelExporter(const Model &model, ModelConfig config, DatasetInfo data)
    : m_model(model)
    , m_config(std::move(config))
    , m_data(std::move(data))
{}

ModelExporter::~ModelExporter() = default;

Result<const Model *> ModelExporter::logicalModel()
{
    bool sharded = false;
    for (const auto &unit : m_model.units())
        sharded = sharded || unit->shards() != nullptr;
    if (!sharded)
        return &m_model;
    if (!m_logical) {
        auto built = ModelFactory::build(m_config, m_data, nullptr, at::kCPU);
        if (!built)
            return built.error();
        m_logical = std::move(*built);
    }
    return m_logical.get();
}

Result<torch::jit::Module> ModelExporter::module(const std::vector<at::Tensor> &unitParameters)
{
    using R = Result<torch::jit::Module>;
    auto logical = logicalModel();
    if (!logical)
        return logical.error();
    const Model &model = **logical;
    if (unitParameters.size() != model.units().size())
        return R::failure(ErrorKind::Internal,
                          "export: parameters for " + std::to_string(unitParameters.size()) +
                              " units, the model has " + std::to_string(model.units().size()));
    try {
        // Each unit's parameters, shaped as it declares them.
        std::vector<std::vector<at::Tensor>> params(model.units().size());
        for (size_t u = 0; u < model.units().size(); ++u) {
            const at::Tensor flat = unitParameters[u].to(at::kCPU, at::kFloat).contiguous();
            std::int64_t offset = 0;
            for (const ParamSpec &spec : model.units()[u]->params()) {
                params[u].push_back(flat.narrow(0, offset, spec.numel()).view(spec.shape).clone());
                offset += spec.numel();
            }
            if (offset != flat.numel())
                return R::failure(ErrorKind::Internal, "export: unit " + model.units()[u]->name() + " has " +
                                                           std::to_string(flat.numel()) +
                                                           " elements, expected " + std::to_string(offset));
        }
        if (const auto *script = dynamic_cast<const TorchScriptUnit *>(model.units().front().get());
            script && model.units().size() == 1)
            return script->trainedModule(params.front());

        auto cu = std::make_shared<torch::jit::CompilationUnit>();
        torch::jit::Module top(c10::QualifiedName(kPrefix + "Model"), cu);
        std::string forward = "def forward(self, x):\n";
        if (!m_data.featureMean.empty()) {
            // The loader's standardization, in its double arithmetic: raw columns in.
            const auto width = static_cast<std::int64_t>(m_data.featureMean.size());
            top.register_buffer("input_mean",
                                at::tensor(m_data.featureMean, at::kDouble).reshape({1, width}).clone());
            top.register_buffer("input_deviation",
                                at::tensor(m_data.featureDeviation, at::kDouble).reshape({1, width}).clone());
            forward += "    x = ((x.double() - self.input_mean) / self.input_deviation).float()\n";
        }
        for (size_t u = 0; u < model.units().size(); ++u) {
            const Unit &unit = *model.units()[u];
            const std::string source = unit.scriptSource();
            if (source.empty())
                return R::failure(ErrorKind::Config,
                                  "export: the unit " + unit.name() + " has no TorchScript form");
            torch::jit::Module holder(c10::QualifiedName(className(unit.name())), cu);
            // "attn.qkv.weight": parameter weight of submodule qkv of submodule attn.
            std::map<std::string, torch::jit::Module> submodules;
            for (size_t p = 0; p < unit.params().size(); ++p) {
                const std::string &name = unit.params()[p].name;
                torch::jit::Module owner = holder;
                std::string path = unit.name();
                size_t start = 0;
                for (size_t dot = name.find('.'); dot != std::string::npos; dot = name.find('.', start)) {
                    const std::string part = name.substr(start, dot - start);
                    path += "." + part;
                    auto found = submodules.find(path);
                    if (found == submodules.end()) {
                        torch::jit::Module child(c10::QualifiedName(className(path)), cu);
                        owner.register_module(part, child);
                        found = submodules.emplace(path, child).first;
                    }
                    owner = found->second;
                    start = dot + 1;
                }
                owner.register_parameter(name.substr(start), params[u][p], /*is_buffer=*/false);
            }
            holder.define(source);
            top.register_module(unit.name(), holder);
            forward += "    x = self." + unit.name() + ".forward(x)\n";
        }
        forward += "    return x\n";
        if (!m_data.classNames.empty()) {
            c10::List<std::string> names;
            for (const auto &n : m_data.classNames)
                names.push_back(n);
            top.register_attribute("classes", c10::ListType::ofStrings(), names);
        }
        top.define(forward);
        top.eval();
        return top;
    } catch (const std::exception &e) {
        return R::failure(ErrorKind::Internal,
                          "export: cannot build the TorchScript module: " + firstLine(e));
    }
}

nlohmann::json ModelExporter::description(const nlohmann::json &about) const
{
    nlohmann::json d = about;
    d["format"] = "torchscript";
    d["file"] = "model.pt";
    d["model"] = m_model.description();
    d["torch"] = TORCH_VERSION;
    if (m_model.task() == Model::Task::LanguageModel) {
        d["task"] = "language-model";
        d["input"] = {{"shape", {"N", "T"}},
                      {"dtype", "int64"},
                      {"context", m_config.context},
                      {"meaning", "bytes of text, T at most " + std::to_string(m_config.context)}};
        d["output"] = {{"shape", {"N", "T", m_data.classes}},
                       {"meaning", "logits of the next byte at each position"}};
        return d;
    }
    d["task"] = "classification";
    nlohmann::json shape = nlohmann::json::array({"N"});
    for (auto s : m_data.sampleShape)
        shape.push_back(s);
    d["input"] = {{"shape", shape}, {"dtype", "float32"}};
    if (!m_data.featureNames.empty()) {
        d["input"]["meaning"] = "the feature columns, raw, in this order (the model standardizes them)";
        d["input"]["columns"] = m_data.featureNames;
    } else if (m_data.sampleShape.size() == 3) {
        d["input"]["meaning"] = "images [channels, height, width], pixel values / 255 (0..1)";
    }
    d["output"] = {{"shape", {"N", m_data.classes}}, {"meaning", "logits per class"}};
    // Always the classes' names, so a reader maps an output to a word the same way for every dataset;
    // a set that names none gives its numbers.
    std::vector<std::string> names = m_data.classNames;
    for (std::int64_t c = static_cast<std::int64_t>(names.size()); c < m_data.classes; ++c)
        names.push_back(std::to_string(c));
    d["classes"] = names;
    return d;
}

Result<std::int64_t> ModelExporter::write(const std::string &dir,
                                          const std::vector<at::Tensor> &unitParameters,
                                          const nlohmann::json &about)
{
    using R = Result<std::int64_t>;
    auto built = module(unitParameters);
    if (!built)
        return built.error();
    if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST)
        return R::failure(ErrorKind::Checkpoint,
                          "cannot create the export directory " + dir + ": " + std::strerror(errno));
    std::ostringstream archive;
    try {
        built->save(archive);
    } catch (const std::exception &e) {
        return R::failure(ErrorKind::Internal, "export: cannot save the module: " + firstLine(e));
    }
    const std::string bytes = archive.str();
    // model.json last: a reader that finds it finds the model it describes.
    if (Status s = AtomicWriter::writeFile(dir + "/model.pt", bytes); !s)
        return s.error();
    if (Status s = AtomicWriter::writeFile(dir + "/model.json", description(about).dump(2) + "\n"); !s)
        return s.error();
    return static_cast<std::int64_t>(bytes.size());
}

} // namespace hamgam::engine
