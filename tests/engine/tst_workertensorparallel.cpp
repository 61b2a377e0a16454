// Tensor parallelism inside a node (tp1d, tp2d, tp3d), data parallel across
// nodes: 20 steps of mlp and of a small gpt end with the same parameters as one
// process with the same global batch (max |Δ| ≤ 1e-5 in fp32), on one node and
// on two nodes with uneven batches; each step reports the bytes of each kind of
// collective; checkpoints resume exactly and re-shard; configs whose nodes do
// not fit the layout are refused with one clear message.
#include "workercluster.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QTemporaryDir>
#include <QTest>

class TestWorkerTensorParallel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void sameParametersAsOneProcess_data();
    void sameParametersAsOneProcess();
    void resumesFromItsCheckpoints();
    void refusesWhatDoesNotFit_data();
    void refusesWhatDoesNotFit();

private:
    static QJsonObject config(const QString &strategy, const QString &model, int globalBatch);

    QTemporaryDir m_dir;
    ReferenceRuns m_references{m_dir.path()};
};

using Ints = QList<int>;

void TestWorkerTensorParallel::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

QJsonObject TestWorkerTensorParallel::config(const QString &strategy, const QString &model, int globalBatch)
{
    const bool gpt = model == QLatin1String("gpt");
    // Tiny models: 8 ranks share two cores. The gpt trains with AdamW at a small
    // rate, the mlp with SGD and momentum (docs/engine.md, "Exactness").
    const QJsonObject modelJson = gpt ? QJsonObject{{QStringLiteral("kind"), QStringLiteral("gpt")},
                                                    {QStringLiteral("layers"), 2},
                                                    {QStringLiteral("width"), 16},
                                                    {QStringLiteral("heads"), 2},
                                                    {QStringLiteral("context"), 8}}
                                      : QJsonObject{{QStringLiteral("kind"), QStringLiteral("mlp")},
                                                    {QStringLiteral("hidden"), QJsonArray{24, 16}},
                                                    {QStringLiteral("activation"), QStringLiteral("tanh")}};
    const QJsonObject opt = gpt ? QJsonObject{{QStringLiteral("kind"), QStringLiteral("adamw")},
                                              {QStringLiteral("lr"), 0.002},
                                              {QStringLiteral("weight_decay"), 0.01}}
                                : QJsonObject{{QStringLiteral("kind"), QStringLiteral("sgd")},
                                              {QStringLiteral("lr"), 0.1},
                                              {QStringLiteral("momentum"), 0.9},
                                              {QStringLiteral("weight_decay"), 0.001}};
    return equivalenceConfig(strategy, modelJson, opt, globalBatch);
}

void TestWorkerTensorParallel::sameParametersAsOneProcess_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QString>("model");
    QTest::addColumn<Ints>("nodes");       // ranks per node
    QTest::addColumn<Ints>("nodeBatches"); // manual share per node; empty: the planner's
    QTest::addColumn<int>("globalBatch");

    for (const char *model : {"mlp", "gpt"}) {
        const QString m = QString::fromLatin1(model);
        QTest::addRow("tp1d %s 2 ranks", model) << "tp1d" << m << Ints{2} << Ints{} << 32;
        QTest::addRow("tp1d %s 4 ranks", model) << "tp1d" << m << Ints{4} << Ints{} << 32;
        QTest::addRow("tp2d %s 4 ranks", model) << "tp2d" << m << Ints{4} << Ints{} << 32;
        QTest::addRow("tp3d %s 8 ranks", model) << "tp3d" << m << Ints{8} << Ints{} << 32;
        QTest::addRow("tp1d %s 2 nodes x 2 at 9/23", model) << "tp1d" << m << Ints{2, 2} << Ints{9, 23} << 32;
        QTest::addRow("tp2d %s 2 nodes x 4 at 9/23", model) << "tp2d" << m << Ints{4, 4} << Ints{9, 23} << 32;
        QTest::addRow("tp3d %s 2 nodes x 8 at 9/23", model) << "tp3d" << m << Ints{8, 8} << Ints{9, 23} << 32;
    }
    // Any group size for 1D: 3 ranks, where the gpt's 2 heads leave one rank none.
    QTest::newRow("tp1d gpt 3 ranks") << "tp1d"
                                      << "gpt" << Ints{3} << Ints{} << 32;
    // One device per node: q = 1, every collective a local copy; plain data parallel.
    QTest::newRow("tp3d gpt 2 nodes x 1 at 13/19") << "tp3d"
                                                   << "gpt" << Ints{1, 1} << Ints{13, 19} << 32;
    // Fewer samples than ranks: the second node has none in every step.
    QTest::newRow("tp2d mlp 2 nodes, batch 3") << "tp2d"
                                               << "mlp" << Ints{4, 4} << Ints{} << 3;
}

void TestWorkerTensorParallel::sameParametersAsOneProcess()
{
    QFETCH(QString, strategy);
    QFETCH(QString, model);
    QFETCH(Ints, nodes);
    QFETCH(Ints, nodeBatches);
    QFETCH(int, globalBatch);

    QJsonObject cfg = config(strategy, model, globalBatch);
    cfg.insert(QStringLiteral("nodes"), WorkerCluster::nodesJson(nodes, nodeBatches));
    const QVector<float> expected = m_references.parameters(cfg);
    QVERIFY2(!expected.isEmpty(), "the one-process reference run failed");

    WorkerCluster cluster(m_dir.path());
    cluster.start(cfg, nodes);
    QVERIFY2(cluster.waitFinished(120000), cluster.summary().constData());
    for (int r = 0; r < cluster.size(); ++r)
        QVERIFY2(cluster.exitCode(r) == 0, cluster.summary().constData());

    // Every rank dumps the whole model, gathered over its node.
    for (int r : {0, cluster.size() - 1}) {
        const double diff = maxAbsDiff(cluster.parameters(r), expected);
        QVERIFY2(diff <= 1e-5, qPrintable(QStringLiteral("rank %1: max |Δ| = %2").arg(r).arg(diff)));
    }
    const auto ready = cluster.events(0, QStringLiteral("ready"));
    QCOMPARE(ready.size(), 1);
    const QJsonObject layout = ready.first().value(QStringLiteral("tensor_parallel")).toObject();
    QCOMPARE(layout.value(QStringLiteral("size")).toInt(), nodes.first());

    const auto steps0 = cluster.events(0, QStringLiteral("step"));
    const auto stepsLast = cluster.events(cluster.size() - 1, QStringLiteral("step"));
    QCOMPARE(steps0.size(), 20);
    QCOMPARE(stepsLast.size(), 20);
    for (int i = 0; i < 20; ++i)
        QCOMPARE(steps0[i].value(QStringLiteral("loss")).toDouble(),
                 stepsLast[i].value(QStringLiteral("loss")).toDouble());
    if (globalBatch == 32) // 200 samples: six steps of 32, then the epoch's last 8
        QCOMPARE(steps0[6].value(QStringLiteral("global_batch")).toInt(), 8);
    if (!nodeBatches.isEmpty())
        QCOMPARE(steps0[0].value(QStringLiteral("local_batch")).toInt(), nodeBatches.first());

    // The collectives each layout runs inside the node, by kind; only gradients cross nodes.
    const QJsonObject kinds = steps0[1].value(QStringLiteral("bytes_within_node_by_kind")).toObject();
    auto bytes = [&](const char *kind) { return kinds.value(QLatin1String(kind)).toDouble(); };
    QCOMPARE(bytes("all_to_all"), 0.0);
    if (nodes.first() == 1) {
        double inside = 0; // one device per node: nothing to send inside it
        for (auto it = kinds.begin(); it != kinds.end(); ++it)
            inside += it.value().toDouble();
        QCOMPARE(inside, 0.0);
    } else if (strategy == QLatin1String("tp1d")) {
        QVERIFY2(bytes("all_reduce") > 0, QJsonDocument(kinds).toJson().constData());
        QCOMPARE(bytes("broadcast") + bytes("reduce") + bytes("all_gather") + bytes("reduce_scatter"),
                 model == QLatin1String("gpt") ? bytes("all_gather") : 0.0); // the gpt gathers its logits
    } else if (strategy == QLatin1String("tp2d")) {
        QVERIFY(bytes("all_reduce") > 0 && bytes("broadcast") > 0 && bytes("reduce") > 0);
        QCOMPARE(bytes("reduce_scatter"), 0.0);
    } else {
        QVERIFY(bytes("all_reduce") > 0 && bytes("all_gather") > 0 && bytes("reduce_scatter") > 0);
        QCOMPARE(bytes("broadcast") + bytes("reduce"), 0.0);
    }
    double sum = 0;
    for (auto it = kinds.begin(); it != kinds.end(); ++it)
        sum += it.value().toDouble();
    QCOMPARE(sum, steps0[1].value(QStringLiteral("bytes_within_node")).toDouble());
    QVERIFY(steps0[1].contains(QStringLiteral("tensor_parallel_ms")));
    if (nodes.size() == 1)
        QCOMPARE(steps0[1].value(QStringLiteral("bytes_across_nodes")).toDouble(), 0.0);
    else
        QVERIFY(steps0[1].value(QStringLiteral("bytes_across_nodes")).toDouble() > 0);
}

void TestWorkerTensorParallel::resumesFromItsCheckpoints()
{
    // 20 steps with a checkpoint after 10; resuming at 10 on the same ranks ends
    // bit-exactly where the run did, and resuming as tp1d on 2 ranks re-shards
    // the logical ranges each rank wrote.
    const QString dir = m_dir.filePath(QStringLiteral("tp-checkpoints"));
    QJsonObject cfg = config(QStringLiteral("tp2d"), QStringLiteral("gpt"), 32);
    cfg.insert(QStringLiteral("checkpoint"), QJsonObject{{QStringLiteral("dir"), dir},
                                                         {QStringLiteral("interval"), 10},
                                                         {QStringLiteral("keep"), 3}});
    WorkerCluster full(m_dir.path());
    full.start(cfg, {4});
    QVERIFY2(full.waitFinished(120000), full.summary().constData());
    QCOMPARE(full.exitCodes(), (QList<int>{0, 0, 0, 0}));
    const QVector<float> end = full.parameters(0);
    const QString step10 = dir + QStringLiteral("/step-00000010");

    QJsonObject again = cfg;
    again.insert(QStringLiteral("checkpoint"),
                 QJsonObject{{QStringLiteral("dir"), m_dir.filePath(QStringLiteral("tp-checkpoints-2"))}});
    WorkerCluster same(m_dir.path());
    same.start(again, {4}, {QStringLiteral("--resume"), step10});
    QVERIFY2(same.waitFinished(120000), same.summary().constData());
    QCOMPARE(same.exitCodes(), (QList<int>{0, 0, 0, 0}));
    QCOMPARE(same.events(0, QStringLiteral("step")).size(), 10);
    QCOMPARE(maxAbsDiff(same.parameters(3), end), 0.0);

    again.insert(QStringLiteral("strategy"), QStringLiteral("tp1d"));
    WorkerCluster other(m_dir.path());
    other.start(again, {2}, {QStringLiteral("--resume"), step10});
    QVERIFY2(other.waitFinished(120000), other.summary().constData());
    QCOMPARE(other.exitCodes(), (QList<int>{0, 0}));
    const double diff = maxAbsDiff(other.parameters(1), end);
    QVERIFY2(diff <= 1e-5, qPrintable(QStringLiteral("max |Δ| = %1").arg(diff)));
}

void TestWorkerTensorParallel::refusesWhatDoesNotFit_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QString>("model");
    QTest::addColumn<Ints>("nodes");
    QTest::addColumn<bool>("listNodes"); // in the config (refused at parse) or only by the ranks that join
    QTest::addColumn<QString>("message");
    QTest::newRow("tp2d on 3 devices")
        << "tp2d"
        << "mlp" << Ints{3} << false << "node 0 has 3 devices, which is not a square";
    QTest::newRow("tp3d on 4 devices")
        << "tp3d"
        << "mlp" << Ints{4} << false << "node 0 has 4 devices, which is not a cube";
    QTest::newRow("tp2d listed 4 and 3")
        << "tp2d"
        << "mlp" << Ints{4, 3} << true << "node 1 has 3 devices, which is not a square";
    QTest::newRow("tp1d on unequal nodes")
        << "tp1d"
        << "mlp" << Ints{2, 1} << true
        << "needs the same number of devices on every node (node 0 has 2, node 1 has 1)";
    QTest::newRow("tp2d with fewer heads than q")
        << "tp2d"
        << "gpt-1-head" << Ints{4} << false << "model.heads (1) must be at least 2";
    QTest::newRow("tp1d with a cnn") << "tp1d"
                                     << "cnn" << Ints{2} << false
                                     << "splits the linear layers of the mlp and gpt";
}

void TestWorkerTensorParallel::refusesWhatDoesNotFit()
{
    QFETCH(QString, strategy);
    QFETCH(QString, model);
    QFETCH(Ints, nodes);
    QFETCH(bool, listNodes);
    QFETCH(QString, message);

    QJsonObject cfg =
        config(strategy, model.startsWith(QLatin1String("gpt")) ? QStringLiteral("gpt") : model, 32);
    if (model == QLatin1String("gpt-1-head")) {
        QJsonObject m = cfg.value(QStringLiteral("model")).toObject();
        m.insert(QStringLiteral("heads"), 1);
        cfg.insert(QStringLiteral("model"), m);
    } else if (model == QLatin1String("cnn")) {
        cfg.insert(QStringLiteral("model"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("cnn")},
                                                        {QStringLiteral("channels"), 8},
                                                        {QStringLiteral("blocks"), 1},
                                                        {QStringLiteral("groups"), 4}});
    }
    if (listNodes)
        cfg.insert(QStringLiteral("nodes"), WorkerCluster::nodesJson(nodes));
    WorkerCluster cluster(m_dir.path());
    cluster.start(cfg, nodes, {}, false);
    QVERIFY2(cluster.waitFinished(60000), cluster.summary().constData());
    for (int r = 0; r < cluster.size(); ++r) {
        QVERIFY2(cluster.exitCode(r) == 1, cluster.summary().constData());
        const auto errors = cluster.events(r, QStringLiteral("error"));
        QCOMPARE(errors.size(), 1);
        QCOMPARE(errors.first().value(QStringLiteral("cause")).toString(), QStringLiteral("config"));
        QVERIFY2(errors.first().value(QStringLiteral("message")).toString().contains(message),
                 cluster.summary().constData());
    }
}

QTEST_GUILESS_MAIN(TestWorkerTensorParallel)
#include "tst_workertensorparallel.moc"
