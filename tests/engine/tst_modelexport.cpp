// The trained model out (issue #20, item 5): each built-in model's TorchScript
// export computes what the engine's units compute, after a round trip through
// the archive a PyTorch user loads; a user's TorchScript model comes back with
// its trained parameters; model.json says what goes in and what comes out.
#include "model.h"
#include "modelexporter.h"
#include "modelfactory.h"
#include "paramspec.h"
#include "unit.h"

#include <ATen/ATen.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <QTemporaryDir>
#include <QTest>
#include <sstream>
#include <torch/script.h>

using namespace hamgam::engine;

Q_DECLARE_METATYPE(ModelConfig)
Q_DECLARE_METATYPE(DatasetInfo)

namespace {

/// Random parameters for every unit: shaped per unit, and flat per unit as ParameterStore gives them.
struct Parameters
{
    std::vector<std::vector<at::Tensor>> shaped;
    std::vector<at::Tensor> flat;
};

Parameters randomParameters(const Model &model)
{
    Parameters p;
    for (const auto &unit : model.units()) {
        std::vector<at::Tensor> shaped, flat;
        for (const ParamSpec &spec : unit->params()) {
            shaped.push_back(at::randn(spec.shape) * 0.3);
            flat.push_back(shaped.back().reshape({-1}));
        }
        p.shaped.push_back(shaped);
        p.flat.push_back(at::cat(flat));
    }
    return p;
}

torch::jit::Module roundTrip(const torch::jit::Module &module)
{
    std::stringstream archive;
    module.save(archive);
    return torch::jit::load(archive);
}

} // namespace

class TestModelExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { at::manual_seed(11); }
    void exportComputesWhatTheUnitsCompute_data();
    void exportComputesWhatTheUnitsCompute();
    void torchScriptModelLeavesWithItsTrainedParameters();
    void filesDescribeTheModel();
};

void TestModelExport::exportComputesWhatTheUnitsCompute_data()
{
    QTest::addColumn<ModelConfig>("config");
    QTest::addColumn<DatasetInfo>("data");
    ModelConfig mlp;
    mlp.kind = "mlp";
    mlp.hidden = {12, 7};
    QTest::newRow("mlp relu on images") << mlp << DatasetInfo{{1, 4, 4}, 5, false};
    mlp.activation = "gelu";
    QTest::newRow("mlp gelu") << mlp << DatasetInfo{{3, 2, 2}, 4, false};
    mlp.activation = "tanh";
    mlp.hidden = {};
    QTest::newRow("mlp tanh, one layer") << mlp << DatasetInfo{{1, 3, 3}, 3, false};
    DatasetInfo table{{3}, 3, false};
    table.classNames = {"setosa", "versicolor", "virginica"};
    table.featureNames = {"petal", "weight", "noise"};
    table.featureMean = {17.5, 0.03, -12.25};
    table.featureDeviation = {6.1, 0.008, 2887.0};
    mlp.hidden = {8};
    mlp.activation = "relu";
    QTest::newRow("mlp on a table (standardized inside)") << mlp << table;
    ModelConfig cnn;
    cnn.kind = "cnn";
    cnn.channels = 8;
    cnn.blocks = 2;
    cnn.groups = 4;
    QTest::newRow("cnn") << cnn << DatasetInfo{{3, 9, 7}, 6, false};
    ModelConfig gpt;
    gpt.kind = "gpt";
    gpt.layers = 2;
    gpt.width = 16;
    gpt.heads = 4;
    gpt.context = 8;
    QTest::newRow("gpt") << gpt << DatasetInfo{{8}, 256, true};
}

void TestModelExport::exportComputesWhatTheUnitsCompute()
{
    QFETCH(ModelConfig, config);
    QFETCH(DatasetInfo, data);
    auto built = ModelFactory::build(config, data, nullptr, at::kCPU);
    QVERIFY2(built, built ? "" : built.error().message.c_str());
    Model &model = **built;
    const Parameters p = randomParameters(model);

    at::Tensor input;
    if (data.tokens) {
        input = at::randint(0, 256, {3, 6}, at::kLong); // shorter than the context, as a prompt is
    } else {
        std::vector<std::int64_t> shape{5};
        shape.insert(shape.end(), data.sampleShape.begin(), data.sampleShape.end());
        input = at::rand(shape) * 10.0;
    }
    // The engine's forward, unit by unit, on what the loader would give it.
    at::Tensor x = input;
    if (!data.featureMean.empty()) {
        const at::Tensor mean = at::tensor(data.featureMean, at::kDouble);
        const at::Tensor deviation = at::tensor(data.featureDeviation, at::kDouble);
        x = ((input.to(at::kDouble) - mean) / deviation).to(at::kFloat);
    }
    {
        at::NoGradGuard noGrad;
        for (int u = 0; u < model.unitCount(); ++u)
            x = model.unit(u).forward(x, p.shaped[size_t(u)]);
    }

    ModelExporter exporter(model, config, data);
    auto module = exporter.module(p.flat);
    QVERIFY2(module, module ? "" : module.error().message.c_str());
    torch::jit::Module loaded = roundTrip(*module);
    at::NoGradGuard noGrad;
    const at::Tensor out = loaded.forward({input}).toTensor();
    QCOMPARE(out.sizes().vec(), x.sizes().vec());
    const double diff = (out - x).abs().max().item<double>();
    QVERIFY2(diff < 1e-5, qPrintable(QStringLiteral("max |exported - engine| = %1").arg(diff)));
    // The archive's parameters are named as the engine's (state_dict keys a PyTorch user sees).
    std::vector<std::string> names;
    for (const auto &param : loaded.named_parameters(true))
        names.push_back(param.name);
    std::vector<std::string> expected;
    for (const auto &unit : model.units())
        for (const ParamSpec &spec : unit->params())
            expected.push_back(unit->name() + "." + spec.name);
    std::sort(names.begin(), names.end());
    std::sort(expected.begin(), expected.end());
    QCOMPARE(names, expected);
    if (!data.classNames.empty()) {
        const auto classes = loaded.attr("classes").toList();
        QCOMPARE(classes.size(), data.classNames.size());
        QCOMPARE(classes.get(1).toStringRef(), data.classNames[1]);
    }
}

void TestModelExport::torchScriptModelLeavesWithItsTrainedParameters()
{
    // A user's model, as torch.jit.script would save it: a parameter and a buffer.
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("user.pt")).toStdString();
    {
        torch::jit::Module user("__torch__.UserNet");
        user.register_parameter("weight", at::randn({3, 4}), false);
        user.register_parameter("bias", at::zeros({3}), false);
        user.register_buffer("scale", at::full({1}, 2.0));
        user.define(R"(
def forward(self, x):
    return torch.linear(x, self.weight, self.bias) * self.scale
)");
        user.save(path);
    }
    ModelConfig config;
    config.kind = "torchscript";
    config.path = path;
    const DatasetInfo data{{4}, 3, false};
    auto built = ModelFactory::build(config, data, nullptr, at::kCPU);
    QVERIFY2(built, built ? "" : built.error().message.c_str());
    Model &model = **built;
    const Parameters trained = randomParameters(model);
    ModelExporter exporter(model, config, data);
    auto module = exporter.module(trained.flat);
    QVERIFY2(module, module ? "" : module.error().message.c_str());
    torch::jit::Module loaded = roundTrip(*module);
    const at::Tensor input = at::randn({2, 4});
    at::NoGradGuard noGrad;
    const at::Tensor expected = model.unit(0).forward(input, trained.shaped[0]);
    const at::Tensor out = loaded.forward({input}).toTensor();
    QVERIFY((out - expected).abs().max().item<double>() < 1e-6);
    // Not the parameters it started with.
    QVERIFY(loaded.attr("weight").toTensor().equal(trained.shaped[0][0]));
}

void TestModelExport::filesDescribeTheModel()
{
    ModelConfig mlp;
    mlp.kind = "mlp";
    mlp.hidden = {6};
    DatasetInfo images{{3, 4, 4}, 2, false};
    images.classNames = {"cat", "dog"};
    auto built = ModelFactory::build(mlp, images, nullptr, at::kCPU);
    QVERIFY(built);
    const Parameters p = randomParameters(**built);
    QTemporaryDir dir;
    const std::string out = dir.filePath(QStringLiteral("model")).toStdString();
    ModelExporter exporter(**built, mlp, images);
    const nlohmann::json about = {{"step", 40}, {"eval", {{"accuracy", 0.75}}}};
    auto bytes = exporter.write(out, p.flat, about);
    QVERIFY2(bytes, bytes ? "" : bytes.error().message.c_str());
    std::ifstream json(out + "/model.json");
    const auto d = nlohmann::json::parse(json);
    QCOMPARE(d["step"].get<int>(), 40);
    QCOMPARE(d["task"].get<std::string>(), std::string("classification"));
    QVERIFY(d["input"]["shape"] == nlohmann::json::parse(R"(["N", 3, 4, 4])"));
    QVERIFY(d["classes"] == nlohmann::json::parse(R"(["cat", "dog"])"));
    QCOMPARE(d["eval"]["accuracy"].get<double>(), 0.75);
    QCOMPARE(QFileInfo(QString::fromStdString(out + "/model.pt")).size(), qint64(*bytes));
    // Written again (the next checkpoint): replaced whole, nothing left beside.
    QVERIFY(exporter.write(out, p.flat, about));
    QCOMPARE(QDir(QString::fromStdString(out)).entryList(QDir::Files | QDir::Hidden).size(), 2);
}

QTEST_APPLESS_MAIN(TestModelExport)
#include "tst_modelexport.moc"
