// FlatOptimizer against torch::optim: the same parameters and gradients, once
// as separate tensors through torch's SGD/AdamW and once as one flat vector
// through the engine's optimizer, must end equal after many steps.
#include "flatoptimizer.h"

#include <QTest>
#include <torch/optim/adamw.h>
#include <torch/optim/sgd.h>

using hamgam::engine::FlatOptimizer;

class TestFlatOptimizer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void matchesTorch_data();
    void matchesTorch();
    void stateSlots();
    void temporaryBytes();

private:
    // Runs both optimizers for `steps` steps with the same pseudo-random
    // gradients; returns max |flat − torch| over all parameters.
    static double run(FlatOptimizer::Settings settings, double lr, int steps);
};

double TestFlatOptimizer::run(FlatOptimizer::Settings settings, double lr, int steps)
{
    torch::manual_seed(3);
    const std::vector<std::vector<std::int64_t>> shapes{{7, 5}, {5}, {3, 4, 2}, {1}};
    std::vector<torch::Tensor> params;
    std::int64_t total = 0;
    for (const auto &s : shapes) {
        params.push_back(torch::randn(s).requires_grad_(true));
        total += params.back().numel();
    }
    at::Tensor flat = at::empty({total});
    {
        std::int64_t at = 0;
        for (const auto &p : params) {
            flat.narrow(0, at, p.numel()).copy_(p.detach().reshape(-1));
            at += p.numel();
        }
    }
    std::unique_ptr<torch::optim::Optimizer> reference;
    if (settings.kind == FlatOptimizer::Kind::Sgd) {
        reference = std::make_unique<torch::optim::SGD>(params, torch::optim::SGDOptions(lr)
                                                                    .momentum(settings.momentum)
                                                                    .weight_decay(settings.weightDecay)
                                                                    .nesterov(settings.nesterov));
    } else {
        reference = std::make_unique<torch::optim::AdamW>(params, torch::optim::AdamWOptions(lr)
                                                                      .betas({settings.beta1, settings.beta2})
                                                                      .eps(settings.eps)
                                                                      .weight_decay(settings.weightDecay));
    }
    FlatOptimizer optimizer(settings);
    std::vector<at::Tensor> state;
    for (int s = 0; s < optimizer.stateSlots(); ++s)
        state.push_back(at::zeros({total}));

    for (int step = 1; step <= steps; ++step) {
        at::Tensor flatGrad = at::empty({total});
        std::int64_t at = 0;
        for (auto &p : params) {
            const torch::Tensor g = torch::randn(p.sizes()) * (1.0 + 0.1 * step);
            p.mutable_grad() = g.clone();
            flatGrad.narrow(0, at, p.numel()).copy_(g.reshape(-1));
            at += p.numel();
        }
        reference->step();
        optimizer.step(flat, flatGrad, state, lr, step);
    }
    double worst = 0;
    std::int64_t at = 0;
    for (const auto &p : params) {
        const double d = (flat.narrow(0, at, p.numel()) - p.detach().reshape(-1)).abs().max().item<double>();
        worst = std::max(worst, d);
        at += p.numel();
    }
    return worst;
}

void TestFlatOptimizer::matchesTorch_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<double>("lr");
    QTest::addColumn<double>("momentum");
    QTest::addColumn<double>("weightDecay");
    QTest::addColumn<bool>("nesterov");
    QTest::addColumn<qint64>("chunk");

    // Chunks of 7 elements cut every parameter but the last (65 elements in all):
    // the update runs chunk by chunk and must still be torch's.
    for (const qint64 chunk : {qint64(0), qint64(7)}) {
        const QByteArray suffix =
            chunk > 0 ? QByteArray(", chunks of ") + QByteArray::number(chunk) : QByteArray();
        QTest::newRow(QByteArray("sgd plain" + suffix).constData())
            << 0 << 0.1 << 0.0 << 0.0 << false << chunk;
        QTest::newRow(QByteArray("sgd momentum" + suffix).constData())
            << 0 << 0.05 << 0.9 << 0.0 << false << chunk;
        QTest::newRow(QByteArray("sgd momentum + weight decay" + suffix).constData())
            << 0 << 0.05 << 0.9 << 0.01 << false << chunk;
        QTest::newRow(QByteArray("sgd nesterov" + suffix).constData())
            << 0 << 0.05 << 0.9 << 0.001 << true << chunk;
        QTest::newRow(QByteArray("adamw" + suffix).constData()) << 1 << 0.001 << 0.0 << 0.0 << false << chunk;
        QTest::newRow(QByteArray("adamw + weight decay" + suffix).constData())
            << 1 << 0.003 << 0.0 << 0.05 << false << chunk;
    }
}

void TestFlatOptimizer::matchesTorch()
{
    QFETCH(int, kind);
    QFETCH(double, lr);
    QFETCH(double, momentum);
    QFETCH(double, weightDecay);
    QFETCH(bool, nesterov);
    QFETCH(qint64, chunk);
    FlatOptimizer::Settings s;
    s.chunkElements = chunk;
    s.kind = kind == 0 ? FlatOptimizer::Kind::Sgd : FlatOptimizer::Kind::AdamW;
    s.momentum = momentum;
    s.weightDecay = weightDecay;
    s.nesterov = nesterov;
    const double diff = run(s, lr, 50);
    // The same operations in the same order: equal up to vectorisation of the last bit.
    QVERIFY2(diff <= 1e-6, qPrintable(QStringLiteral("max difference %1").arg(diff)));
}

void TestFlatOptimizer::stateSlots()
{
    FlatOptimizer::Settings s;
    QCOMPARE(FlatOptimizer(s).stateSlots(), 0);
    s.momentum = 0.9;
    QCOMPARE(FlatOptimizer(s).stateSlots(), 1);
    s.kind = FlatOptimizer::Kind::AdamW;
    QCOMPARE(FlatOptimizer(s).stateSlots(), 2);
}

void TestFlatOptimizer::temporaryBytes()
{
    // Two fp32 temporaries of one chunk, never more than the shard itself.
    FlatOptimizer::Settings s;
    s.kind = FlatOptimizer::Kind::AdamW;
    QCOMPARE(FlatOptimizer(s).temporaryBytes(1000), qint64(8000));
    QCOMPARE(FlatOptimizer(s).temporaryBytes(qint64(1) << 30), qint64(8) << 20);
    s.chunkElements = 0; // the whole shard at once
    QCOMPARE(FlatOptimizer(s).temporaryBytes(qint64(1) << 30), qint64(8) << 30);
}

QTEST_APPLESS_MAIN(TestFlatOptimizer)
#include "tst_flatoptimizer.moc"
