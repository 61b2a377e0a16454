// One memory estimate (issue #30, items 1 and 3): the models the engine builds
// hold the parameters and keep the activations that the shared MemoryEstimate
// (agent/planner) says they do, for every built-in model on every dataset's
// samples, with and without recomputation. Pre-flight sizes runs with the
// estimate; the worker plans its first caps with the same figures.
#include "flatoptimizer.h"
#include "initialplan.h"
#include "memoryestimate.h"
#include "modelestimate.h"
#include "modelfactory.h"
#include "parameterstore.h"
#include "runconfig.h"
#include "workerconfig.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace hamgam::engine;
using hamgam::MemoryEstimate;

class TestUnitFootprint : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theEnginesModelsAreTheEstimates_data();
    void theEnginesModelsAreTheEstimates();
    void preflightAndTheWorkerAgree_data();
    void preflightAndTheWorkerAgree();
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

void TestUnitFootprint::preflightAndTheWorkerAgree_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("dataset");
    QTest::addColumn<QString>("precision");
    QTest::addColumn<bool>("recompute");
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QString>("optimizer");
    for (const char *model : {"mlp", "cnn", "gpt"})
        for (int d = 0; d < int(std::size(kDatasets)); ++d)
            for (const char *precision : {"fp32", "bf16"})
                for (bool recompute : {false, true})
                    for (const char *strategy : {"dp", "lsdp"})
                        for (const char *optimizer : {"sgd", "adamw"})
                            QTest::addRow("%s %s %s%s %s %s", model, kDatasets[d].dataset, precision,
                                          recompute ? " recompute" : "", strategy, optimizer)
                                << QString::fromLatin1(model) << d << QString::fromLatin1(precision)
                                << recompute << QString::fromLatin1(strategy)
                                << QString::fromLatin1(optimizer);
}

// Issue #30, item 3: pre-flight's estimate (agent/modelestimate, from the run config and the samples it
// read) and the worker's first cap (InitialPlan::ownCap, from the model it built and the memory its
// ParameterStore really holds) give the same verdict for a batch: whole, in passes, or not one sample.
void TestUnitFootprint::preflightAndTheWorkerAgree()
{
    QFETCH(QString, model);
    QFETCH(int, dataset);
    QFETCH(QString, precision);
    QFETCH(bool, recompute);
    QFETCH(QString, strategy);
    QFETCH(QString, optimizer);
    const DatasetInfo &info = kDatasets[dataset].info;
    QJsonObject json{
        {QStringLiteral("version"), 1},
        {QStringLiteral("strategy"), strategy},
        {QStringLiteral("model"), QJsonObject{{QStringLiteral("kind"), model},
                                              {QStringLiteral("hidden"), QJsonArray{256, 128}},
                                              {QStringLiteral("channels"), 16},
                                              {QStringLiteral("blocks"), 2},
                                              {QStringLiteral("groups"), 4},
                                              {QStringLiteral("layers"), 2},
                                              {QStringLiteral("width"), 64},
                                              {QStringLiteral("heads"), 4},
                                              {QStringLiteral("context"), 16}}},
        {QStringLiteral("dataset"),
         // Only named: the samples are kDatasets', as the dataset check reads them from the files.
         QJsonObject{{QStringLiteral("kind"), QString::fromLatin1(kDatasets[dataset].dataset)},
                     {QStringLiteral("path"), QStringLiteral("/srv/data/set")}}},
        {QStringLiteral("optimizer"),
         QJsonObject{{QStringLiteral("kind"), optimizer}, {QStringLiteral("momentum"), 0.9}}},
        {QStringLiteral("precision"), precision},
        {QStringLiteral("memory"), QJsonObject{{QStringLiteral("recompute"), recompute}}},
        {QStringLiteral("global_batch"), 64},
        {QStringLiteral("nodes"), QJsonArray{QJsonObject{{QStringLiteral("agent"), QStringLiteral("box")},
                                                         {QStringLiteral("devices"), QJsonArray{0}}}}}};
    QList<ConfigError> errors;
    const RunConfig run = RunConfig::fromJson(json, &errors);
    QStringList problems;
    for (const ConfigError &e : std::as_const(errors))
        problems << e.field + QStringLiteral(": ") + e.message;
    QVERIFY2(errors.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    // Pre-flight: what it read of the samples (the dataset check gives the same for files).
    const ModelEstimate preflight(run, MemoryEstimate::Sample{info.sampleShape, info.classes, info.tokens});
    // The worker: the model it builds, the store that holds it on one device, its optimizer's state.
    auto worker = WorkerConfig::parse(QJsonDocument(run.toJson()).toJson().toStdString());
    // A model that does not take such samples: the worker refuses the config, and pre-flight has
    // nothing to estimate (the run config's own rules refuse it before pre-flight).
    if (!worker.ok()) {
        QVERIFY2(!preflight.known(), worker.error().message.c_str());
        return;
    }
    auto built = ModelFactory::build(worker->model, info);
    QCOMPARE(preflight.known(), built.ok());
    if (!built.ok())
        return;
    FlatOptimizer::Settings os;
    os.kind = worker->optimizer.kind == "adamw" ? FlatOptimizer::Kind::AdamW : FlatOptimizer::Kind::Sgd;
    os.momentum = worker->optimizer.momentum;
    const FlatOptimizer flat(os);
    auto scheme = ShardingScheme::create({{0}}, 0);
    QVERIFY(scheme.ok());
    ParameterStore::Placement placement{*scheme, nullptr, nullptr, {nullptr}};
    placement.hostMaster = strategy == QLatin1String("lsdp");
    ParameterStore store(**built, placement, flat.stateSlots());
    InitialPlan::Footprint footprint;
    footprint.residentBytes = store.deviceResidentBytes();
    footprint.freesAfterUse = store.freesAfterUse();
    for (int i = 0; i < (*built)->unitCount(); ++i)
        footprint.largestUnitNumel = std::max(footprint.largestUnitNumel, (*built)->unitNumel(i));
    footprint.activationElementsPerSample = (*built)->activationElementsPerSample(worker->recompute);
    auto topology = Topology::fromNodeIndices(0, {0});
    QVERIFY(topology.ok());

    const MemoryEstimate estimate = preflight.forDevice(1);
    // Budgets around what pre-flight says: one that holds about 1,000 samples, and one below the model.
    const std::int64_t mib = 1 << 20;
    const std::int64_t roomy = (estimate.bytes(1000) + mib - 1) / mib;
    const std::int64_t tight = estimate.fixedBytes / mib;
    for (const std::int64_t budgetMb : {roomy, tight}) {
        if (budgetMb < 1)
            continue;
        worker->memoryBudgetMb = budgetMb;
        const auto workerCap = InitialPlan::ownCap(*worker, *topology, footprint);
        const std::int64_t preflightCap = estimate.capSamples(budgetMb * mib);
        const QString where =
            QStringLiteral("budget %1 MiB: pre-flight %2 samples a pass, the worker %3")
                .arg(budgetMb)
                .arg(preflightCap)
                .arg(workerCap.ok() ? QString::number(*workerCap) : QStringLiteral("refuses"));
        // Not one sample: both refuse.
        QVERIFY2((preflightCap < 1) == !workerCap.ok(), qPrintable(where));
        if (preflightCap < 1)
            continue;
        // Whole, or in passes, alike; the caps themselves within 1 %.
        for (const std::int64_t batch : {preflightCap / 2, preflightCap * 3}) {
            const std::int64_t preflightPasses = estimate.passes(batch, budgetMb * mib);
            const std::int64_t workerPasses = (batch + *workerCap - 1) / *workerCap;
            QVERIFY2((preflightPasses > 1) == (workerPasses > 1), qPrintable(where));
        }
        QVERIFY2(std::abs(double(*workerCap - preflightCap)) <= 0.01 * double(preflightCap),
                 qPrintable(where));
    }
}

QTEST_GUILESS_MAIN(TestUnitFootprint)
#include "tst_unitfootprint.moc"
