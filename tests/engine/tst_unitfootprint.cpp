// One memory estimate (issue #30, items 1 and 3): the models the engine builds
// hold the parameters and keep the activations that the shared MemoryEstimate
// (agent/planner) says they do, for every built-in model on every dataset's
// samples, with and without recomputation. Pre-flight sizes runs with the
// estimate; the worker plans its first caps with the same figures.
#include "memoryestimate.h"
#include "modelfactory.h"

#include <QTest>

using namespace hamgam::engine;
using hamgam::MemoryEstimate;

class TestUnitFootprint : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theEnginesModelsAreTheEstimates_data();
    void theEnginesModelsAreTheEstimates();
};

namespace {

struct Case
{
    const char *dataset;
    DatasetInfo info;
};

const Case kDatasets[] = {
    {"fashion-mnist", {{1, 28, 28}, 10, false}},
    {"cifar-100", {{3, 32, 32}, 100, false}},
    {"csv", {{12}, 3, false}},
    {"images", {{3, 64, 48}, 5, false}},
    {"text", {{16}, 256, true}},
};

ModelConfig modelConfig(const std::string &kind, const std::string &activation)
{
    ModelConfig c;
    c.kind = kind;
    c.hidden = {64, 32};
    c.activation = activation;
    c.channels = 8;
    c.blocks = 2;
    c.groups = 4;
    c.layers = 2;
    c.width = 32;
    c.heads = 4;
    c.context = 16;
    return c;
}

} // namespace

void TestUnitFootprint::theEnginesModelsAreTheEstimates_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("activation");
    QTest::addColumn<int>("dataset");
    for (const char *model : {"mlp", "cnn", "gpt"}) {
        for (int d = 0; d < int(std::size(kDatasets)); ++d) {
            for (const char *activation : {"relu", "tanh"}) {
                if (std::string(model) != "mlp" && std::string(activation) != "relu")
                    continue;
                QTest::addRow("%s %s %s", model, activation, kDatasets[d].dataset)
                    << QString::fromLatin1(model) << QString::fromLatin1(activation) << d;
            }
        }
    }
}

void TestUnitFootprint::theEnginesModelsAreTheEstimates()
{
    QFETCH(QString, model);
    QFETCH(QString, activation);
    QFETCH(int, dataset);
    const ModelConfig config = modelConfig(model.toStdString(), activation.toStdString());
    const DatasetInfo &info = kDatasets[dataset].info;
    MemoryEstimate::ModelSpec spec;
    spec.kind = config.kind;
    spec.hidden = config.hidden;
    spec.channels = config.channels;
    spec.blocks = config.blocks;
    spec.layers = config.layers;
    spec.width = config.width;
    spec.heads = config.heads;
    spec.context = config.context;
    const auto units = MemoryEstimate::units(spec, {info.sampleShape, info.classes, info.tokens});
    auto built = ModelFactory::build(config, info);
    // A model that does not take such samples is refused by the engine and estimated as nothing.
    QCOMPARE(units.empty(), !built.ok());
    if (!built.ok())
        return;
    const Model &m = **built;
    QCOMPARE(size_t(m.unitCount()), units.size());
    for (int i = 0; i < m.unitCount(); ++i)
        QCOMPARE(m.logicalUnitNumel(i), units[size_t(i)].parameters);
    for (bool recompute : {false, true})
        QCOMPARE(m.activationElementsPerSample(recompute),
                 MemoryEstimate::activationElementsPerSample(units, recompute));
}

QTEST_GUILESS_MAIN(TestUnitFootprint)
#include "tst_unitfootprint.moc"
