// The two step policies on one rank without processes: the data-parallel one
// trains and evaluates this rank's samples with the loss over the step's
// global batch; the tensor-parallel one cuts a node's samples into its rows.
#include "dataparallelstep.h"
#include "eventjson.h"
#include "modelfactory.h"
#include "modelrunner.h"
#include "parameterstore.h"
#include "tensorparallel.h"
#include "tensorparallelstep.h"

#include <ATen/ATen.h>
#include <memory>
#include <nlohmann/json.hpp>
#include <QTest>

using namespace hamgam::engine;

namespace {

/// Eight images of 1×2×2 pixels and their labels, the same on every call.
class TinyImages final : public Dataset
{
public:
    TinyImages()
    {
        at::manual_seed(7);
        m_images = at::randn({8, 1, 2, 2});
        m_labels = at::tensor({0, 1, 2, 0, 1, 2, 0, 1}, at::kLong);
    }
    DatasetInfo info() const override { return {{1, 2, 2}, 3, false}; }
    std::int64_t trainSize() const override { return 8; }
    std::int64_t evalSize() const override { return 8; }
    void trainBatch(const std::vector<std::int64_t> &indices, std::int64_t /*epoch*/, at::Tensor &input,
                    at::Tensor &target) const override
    {
        const at::Tensor index = at::tensor(indices, at::kLong);
        input = m_images.index_select(0, index);
        target = m_labels.index_select(0, index);
    }
    void evalBatch(std::int64_t begin, std::int64_t end, at::Tensor &input, at::Tensor &target) const override
    {
        input = m_images.narrow(0, begin, end - begin);
        target = m_labels.narrow(0, begin, end - begin);
    }

private:
    at::Tensor m_images;
    at::Tensor m_labels;
};

} // namespace

class TestStepPolicy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void dataParallelTrainsItsOwnSamples();
    void dataParallelWithoutSamplesRunsTheCollectivesOnly();
    void passesAddUpToTheWholeBatch();
    void dataParallelEvaluates();
    void labelSmoothingTrainsButIsNotEvaluated();
    void tensorParallelRows();
    void tensorParallelDescribesItsLayout();

private:
    Batch batchOf(std::int64_t begin, std::int64_t end) const;

    TinyImages m_data;
    std::unique_ptr<Model> m_model;
    std::unique_ptr<ParameterStore> m_store;
    std::unique_ptr<ModelRunner> m_runner;
};

void TestStepPolicy::init()
{
    ModelConfig config;
    config.kind = "mlp";
    config.hidden = {8};
    auto model = ModelFactory::build(config, m_data.info());
    QVERIFY(model.ok());
    m_model = std::move(*model);
    // One rank alone: its parameters resident, nothing to all-reduce.
    auto scheme = ShardingScheme::create({{0}}, 0);
    QVERIFY(scheme.ok());
    m_store = std::make_unique<ParameterStore>(
        *m_model, ParameterStore::Placement{*scheme, nullptr, nullptr, {nullptr}}, 0);
    m_store->initialize(42);
    m_runner = std::make_unique<ModelRunner>(*m_model, *m_store);
}

Batch TestStepPolicy::batchOf(std::int64_t begin, std::int64_t end) const
{
    Batch b;
    b.samples = end - begin;
    if (b.samples > 0)
        m_data.evalBatch(begin, end, b.input, b.target);
    return b;
}

void TestStepPolicy::dataParallelTrainsItsOwnSamples()
{
    DataParallelStep step(*m_model, *m_runner, m_data, at::kCPU);
    const Batch batch = batchOf(0, 3);
    const double expected = m_model->lossSum(m_runner->evaluate(batch.input), batch.target).item<double>();

    m_store->beginStep();
    const auto losses = step.train(batch, 6, 1, 1.0);
    QVERIFY(m_store->finishGradients().ok());
    QCOMPARE(losses.lossSum, expected);
    QCOMPARE(losses.countedSamples, std::int64_t(3));
    const double norm = *m_store->gradNorm();
    QVERIFY(norm > 0);

    // The loss is divided by the step's global batch: half the batch, twice the gradient.
    m_store->beginStep();
    QCOMPARE(step.train(batch, 3, 1, 1.0).lossSum, expected);
    QVERIFY(m_store->finishGradients().ok());
    QVERIFY(std::abs(*m_store->gradNorm() - 2 * norm) < 1e-6 * norm);
}

// Gradient accumulation (issue #20, item 1): the same samples in several
// passes, more passes than samples included, give the one-pass gradient.
void TestStepPolicy::passesAddUpToTheWholeBatch()
{
    DataParallelStep step(*m_model, *m_runner, m_data, at::kCPU);
    const Batch batch = batchOf(0, 5);
    m_store->beginStep();
    const double whole = step.train(batch, 8, 1, 1.0).lossSum;
    QVERIFY(m_store->finishGradients().ok());
    const at::Tensor expected = m_store->gradients().clone();
    for (std::int64_t passes : {2, 3, 5, 7}) {
        m_store->beginStep();
        const auto losses = step.train(batch, 8, passes, 1.0);
        QVERIFY(m_store->finishGradients().ok());
        QVERIFY(std::abs(losses.lossSum - whole) < 1e-5 * whole);
        QCOMPARE(losses.countedSamples, std::int64_t(5));
        const double diff = (m_store->gradients() - expected).abs().max().item<double>();
        QVERIFY2(diff < 1e-6, qPrintable(QStringLiteral("%1 passes: max |Δ| = %2").arg(passes).arg(diff)));
    }
}

void TestStepPolicy::dataParallelWithoutSamplesRunsTheCollectivesOnly()
{
    DataParallelStep step(*m_model, *m_runner, m_data, at::kCPU);
    m_store->beginStep();
    step.train(batchOf(0, 3), 3, 1, 1.0);
    QVERIFY(m_store->finishGradients().ok());
    QVERIFY(*m_store->gradNorm() > 0);

    m_store->beginStep();
    const auto losses = step.train(Batch{}, 3, 1, 1.0);
    QVERIFY(m_store->finishGradients().ok());
    QCOMPARE(losses.lossSum, 0.0);
    QCOMPARE(losses.countedSamples, std::int64_t(0));
    QCOMPARE(*m_store->gradNorm(), 0.0); // every unit's gradient given as zero
    QVERIFY(step.measuresMemory());
    QVERIFY(!step.takeTensorParallelMs());
    QVERIFY(!step.readyInfo());
}

void TestStepPolicy::dataParallelEvaluates()
{
    DataParallelStep step(*m_model, *m_runner, m_data, at::kCPU);
    at::Tensor input, target;
    m_data.evalBatch(2, 7, input, target);
    const at::Tensor out = m_runner->evaluate(input);
    const double loss = m_model->lossSum(out, target).item<double>();
    const auto correct = static_cast<double>(m_model->correct(out, target));

    double lossSum = 1.0, correctSum = 2.0; // the policy adds to what is there
    step.evaluate(2, 7, lossSum, correctSum);
    QCOMPARE(lossSum, 1.0 + loss);
    QCOMPARE(correctSum, 2.0 + correct);
    step.evaluate(7, 7, lossSum, correctSum); // a share used up: the forward's collectives only
    QCOMPARE(lossSum, 1.0 + loss);
    QCOMPARE(correctSum, 2.0 + correct);
}

// loss.label_smoothing (issue #30, item 2): training's loss takes the smoothed targets,
// (1 − ε)·CE + ε·mean over the classes of −log p, as PyTorch's label_smoothing; the held-out
// loss stays plain cross-entropy, so runs with and without it compare.
void TestStepPolicy::labelSmoothingTrainsButIsNotEvaluated()
{
    const double epsilon = 0.2;
    const Batch batch = batchOf(0, 6);
    const at::Tensor out = m_runner->evaluate(batch.input);
    const at::Tensor logp = at::log_softmax(out, 1);
    const double plain = -logp.gather(1, batch.target.unsqueeze(1)).sum().item<double>();
    const double uniform = -logp.mean(1).sum().item<double>();
    const double expected = (1 - epsilon) * plain + epsilon * uniform;

    m_model->setLabelSmoothing(epsilon);
    QVERIFY(std::abs(m_model->lossSum(out, batch.target).item<double>() - expected) < 1e-5 * expected);
    QVERIFY(std::abs(m_model->heldOutLossSum(out, batch.target).item<double>() - plain) < 1e-5 * plain);
    DataParallelStep step(*m_model, *m_runner, m_data, at::kCPU);
    m_store->beginStep();
    const double trained = step.train(batch, 6, 1, 1.0).lossSum;
    QVERIFY(m_store->finishGradients().ok());
    QVERIFY(std::abs(trained - expected) < 1e-5 * expected);
    double lossSum = 0, correct = 0;
    step.evaluate(0, 6, lossSum, correct);
    QVERIFY(std::abs(lossSum - plain) < 1e-5 * plain);
    m_model->setLabelSmoothing(0);
}

void TestStepPolicy::tensorParallelRows()
{
    const DatasetInfo images = m_data.info();
    at::Tensor input, target;
    m_data.evalBatch(0, 3, input, target);

    // 3 samples in 2 row parts: 2 rows each, the fourth row padding.
    auto second = TensorParallelStep::rows(input, target, 3, images, 2, 1, 1);
    QCOMPARE(second.input.sizes().vec(), (std::vector<std::int64_t>{2, 1, 2, 2}));
    QVERIFY(at::equal(second.input[0], input[2]));
    QCOMPARE(second.input[1].abs().sum().item<float>(), 0.0f);
    QCOMPARE(second.target.sizes().vec(), std::vector<std::int64_t>{2});
    QCOMPARE(second.target[0].item<std::int64_t>(), target[2].item<std::int64_t>());
    QCOMPARE(second.target[1].item<std::int64_t>(), std::int64_t(0));
    QCOMPARE(second.valid, std::int64_t(1));
    // The input's part and the output's part may differ (tp3d's layouts A and B).
    auto mixed = TensorParallelStep::rows(input, target, 3, images, 2, 1, 0);
    QVERIFY(at::equal(mixed.input[0], input[2]));
    QVERIFY(at::equal(mixed.target, target.narrow(0, 0, 2)));
    QCOMPARE(mixed.valid, std::int64_t(2));

    // A node without samples: one zero row per part, none of them real.
    auto none = TensorParallelStep::rows(at::Tensor(), at::Tensor(), 0, images, 4, 3, 3);
    QCOMPARE(none.input.sizes().vec(), (std::vector<std::int64_t>{1, 1, 2, 2}));
    QCOMPARE(none.input.scalar_type(), at::kFloat);
    QCOMPARE(none.target.scalar_type(), at::kLong);
    QCOMPARE(none.valid, std::int64_t(0));

    // Tokens, one part: the samples as they are.
    const DatasetInfo text{{5}, 256, true};
    const at::Tensor tokens = at::arange(10, at::kLong).reshape({2, 5});
    auto whole = TensorParallelStep::rows(tokens, tokens + 1, 2, text, 1, 0, 0);
    QVERIFY(at::equal(whole.input, tokens));
    QVERIFY(at::equal(whole.target, tokens + 1));
    QCOMPARE(whole.valid, std::int64_t(2));
    auto padded = TensorParallelStep::rows(tokens, tokens + 1, 2, text, 4, 3, 3);
    QCOMPARE(padded.input.sizes().vec(), (std::vector<std::int64_t>{1, 5}));
    QCOMPARE(padded.target.sizes().vec(), (std::vector<std::int64_t>{1, 5}));
    QCOMPARE(padded.input.scalar_type(), at::kLong);
    QCOMPARE(padded.valid, std::int64_t(0));
}

void TestStepPolicy::tensorParallelDescribesItsLayout()
{
    auto layout = TensorParallelLayout::create(TensorParallelLayout::Kind::TwoD, 4, 3);
    QVERIFY(layout.ok());
    TensorParallel tp(*layout); // not connected: nothing here communicates
    TensorParallelStep step(tp, *m_model, *m_runner, m_data, at::kCPU, 3);
    QVERIFY(step.readyInfo());
    QCOMPARE(hamgam::engine::EventJsonWriter::object(*step.readyInfo()).dump(),
             std::string(R"({"coords":[1,1],"dims":2,"row_parts":2,"side":2,"size":4})"));
    QVERIFY(!step.measuresMemory()); // a node's ranks share its samples
    step.beginStep();
    const auto blocked = step.takeTensorParallelMs();
    QVERIFY(blocked.has_value());
    QCOMPARE(*blocked, 0.0);
}

QTEST_APPLESS_MAIN(TestStepPolicy)
#include "tst_steppolicy.moc"
