// MemoryEstimate: what pre-flight and the worker's first plan both take a
// device's memory to be (issue #30, items 1 and 3): the units of each model
// on each dataset's samples, recomputation, precision, the placement, and so
// the samples a budget holds in one pass and the passes a batch takes.
#include "memoryestimate.h"

#include <QTest>

using hamgam::MemoryEstimate;
using hamgam::UnitFootprint;

class TestMemoryEstimate : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void unitsFollowTheSamples();
    void recomputationKeepsInputsAndTheLargestUnit();
    void precisionHalvesActivationsNotTheModel();
    void placementDecidesWhatADeviceHolds();
    void passesSplitABatchThatDoesNotFit_data();
    void passesSplitABatchThatDoesNotFit();
    void usableMemoryKeepsTheMargin();
};

void TestMemoryEstimate::unitsFollowTheSamples()
{
    MemoryEstimate::ModelSpec mlp;
    mlp.kind = "mlp";
    mlp.hidden = {256};
    // Fashion-MNIST, CIFAR-10 and a 12-feature table with 3 classes: the first and last layers differ.
    const MemoryEstimate::Sample mnist{{1, 28, 28}, 10, false};
    const MemoryEstimate::Sample cifar{{3, 32, 32}, 10, false};
    const MemoryEstimate::Sample table{{12}, 3, false};
    QCOMPARE(MemoryEstimate::parameters(MemoryEstimate::units(mlp, mnist)), 784 * 256 + 256 + 256 * 10 + 10);
    QCOMPARE(MemoryEstimate::parameters(MemoryEstimate::units(mlp, cifar)), 3072 * 256 + 256 + 256 * 10 + 10);
    QCOMPARE(MemoryEstimate::parameters(MemoryEstimate::units(mlp, table)), 12 * 256 + 256 + 256 * 3 + 3);
    QCOMPARE(MemoryEstimate::activationElementsPerSample(MemoryEstimate::units(mlp, cifar), false),
             3072 + 2 * 256 + 256 + 10);
    // A CNN sees the image at half its side after the stem; it needs [channels, height, width].
    MemoryEstimate::ModelSpec cnn;
    cnn.kind = "cnn";
    cnn.channels = 16;
    cnn.blocks = 2;
    const auto cnnUnits = MemoryEstimate::units(cnn, cifar);
    QCOMPARE(cnnUnits.size(), size_t(4));
    QCOMPARE(cnnUnits[1].activationElements, 7 * 16 * 16 * 16);
    QVERIFY(MemoryEstimate::units(cnn, table).empty());
    // A gpt takes text windows only; the vocabulary sizes its embedding and head.
    MemoryEstimate::ModelSpec gpt;
    gpt.kind = "gpt";
    gpt.layers = 2;
    gpt.width = 64;
    gpt.heads = 4;
    gpt.context = 32;
    const auto gptUnits = MemoryEstimate::units(gpt, {{32}, 256, true});
    QCOMPARE(gptUnits.size(), size_t(4));
    QCOMPARE(MemoryEstimate::parameters(gptUnits),
             256 * 64 + 32 * 64 + 2 * (12 * 64 * 64 + 13 * 64) + 2 * 64 + 256 * 64);
    QVERIFY(MemoryEstimate::units(gpt, mnist).empty());
    // A TorchScript module is known only once loaded.
    MemoryEstimate::ModelSpec script;
    script.kind = "torchscript";
    QVERIFY(MemoryEstimate::units(script, mnist).empty());
}

void TestMemoryEstimate::recomputationKeepsInputsAndTheLargestUnit()
{
    const std::vector<UnitFootprint> units{{0, 100, 10}, {0, 300, 20}, {0, 50, 5}};
    QCOMPARE(MemoryEstimate::activationElementsPerSample(units, false), 450);
    // Inputs only, plus the largest unit made again in its backward.
    QCOMPARE(MemoryEstimate::activationElementsPerSample(units, true), 10 + 20 + 5 + 300);
}

void TestMemoryEstimate::precisionHalvesActivationsNotTheModel()
{
    const auto fp32 = MemoryEstimate::of(1000, false, 0, 100, MemoryEstimate::Precision::Fp32);
    const auto half = MemoryEstimate::of(1000, false, 0, 100, MemoryEstimate::Precision::Half);
    QCOMPARE(fp32.perSampleBytes, 400);
    QCOMPARE(half.perSampleBytes, 200);
    // Master weights, gradients and state stay fp32.
    QCOMPARE(half.fixedBytes, fp32.fixedBytes);
}

void TestMemoryEstimate::placementDecidesWhatADeviceHolds()
{
    MemoryEstimate::Residency whole;
    whole.parameters = 1000;
    whole.stateSlots = 2; // adamw
    QCOMPARE(MemoryEstimate::residentBytes(whole), 1000 * 4 * 4);
    MemoryEstimate::Residency fsdp = whole;
    fsdp.sharded = true;
    fsdp.shards = 4;
    QCOMPARE(MemoryEstimate::residentBytes(fsdp), 1000 * 4 * 4 / 4);
    MemoryEstimate::Residency lsdp = fsdp;
    lsdp.optimizerOnHost = true;
    QCOMPARE(MemoryEstimate::residentBytes(lsdp), 1000 * 4 * 2 / 4);
    // Gathered or streamed units: two of the largest in flight.
    QCOMPARE(MemoryEstimate::of(2000, true, 300, 10, MemoryEstimate::Precision::Fp32).fixedBytes,
             2000 + 2 * 300 * 4);
}

void TestMemoryEstimate::passesSplitABatchThatDoesNotFit_data()
{
    QTest::addColumn<qint64>("batch");
    QTest::addColumn<qint64>("budget");
    QTest::addColumn<qint64>("cap");
    QTest::addColumn<qint64>("passes");
    // 1,000 bytes fixed, 100 a sample.
    QTest::newRow("fits whole") << qint64(50) << qint64(7000) << qint64(60) << qint64(1);
    QTest::newRow("exactly") << qint64(60) << qint64(7000) << qint64(60) << qint64(1);
    QTest::newRow("two passes") << qint64(61) << qint64(7000) << qint64(60) << qint64(2);
    QTest::newRow("many passes") << qint64(512) << qint64(1100) << qint64(1) << qint64(512);
    QTest::newRow("not one sample") << qint64(8) << qint64(1099) << qint64(0) << qint64(0);
    QTest::newRow("not even the model") << qint64(8) << qint64(900) << qint64(0) << qint64(0);
}

void TestMemoryEstimate::passesSplitABatchThatDoesNotFit()
{
    QFETCH(qint64, batch);
    QFETCH(qint64, budget);
    QFETCH(qint64, cap);
    QFETCH(qint64, passes);
    const auto e = MemoryEstimate::of(1000, false, 0, 25, MemoryEstimate::Precision::Fp32);
    QCOMPARE(e.capSamples(budget), cap);
    QCOMPARE(e.passes(batch, budget), passes);
    if (cap > 0)
        QVERIFY(e.bytes(cap) <= budget && e.bytes(cap + 1) > budget);
}

void TestMemoryEstimate::usableMemoryKeepsTheMargin()
{
    const qint64 GiB = qint64(1) << 30;
    // 5 % of an 80 GiB card; 256 MiB of a small one; never above the budget; never below zero.
    QCOMPARE(MemoryEstimate::usableDeviceBytes(80 * GiB, 70 * GiB, 0), 70 * GiB - 4 * GiB);
    QCOMPARE(MemoryEstimate::usableDeviceBytes(2 * GiB, GiB, 0), GiB - (qint64(256) << 20));
    QCOMPARE(MemoryEstimate::usableDeviceBytes(80 * GiB, 70 * GiB, 8 * GiB), 8 * GiB);
    QCOMPARE(MemoryEstimate::usableDeviceBytes(80 * GiB, GiB, 0), 0);
}

QTEST_GUILESS_MAIN(TestMemoryEstimate)
#include "tst_memoryestimate.moc"
