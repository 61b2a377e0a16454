// Checkpoints: resuming with the same ranks continues bit-exactly; resuming
// with other ranks re-shards and re-plans and stays exact to rounding; a stop
// command checkpoints and exits; corrupt or truncated checkpoints are refused
// with a message that names the file.
#include "workercluster.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using Ints = QList<int>;

class TestWorkerCheckpoint : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void resumeIsBitExact_data();
    void resumeIsBitExact();
    void localStepsResumeExactly();
    void autoResumesAsItChose();
    void resumeWithOtherRanks_data();
    void resumeWithOtherRanks();
    void stopCommandCheckpointsAndExits();
    void keepsOnlyTheNewest();
    void damagedCheckpointIsRefused_data();
    void damagedCheckpointIsRefused();

private:
    static QJsonObject config(const QString &strategy, int steps, const QString &checkpointDir, int interval,
                              const Ints &nodes, const Ints &nodeBatches);
    // Runs to the end; returns rank 0's parameters (empty on failure).
    QVector<float> run(const QJsonObject &cfg, const Ints &nodes, const QStringList &extra = {});

    QTemporaryDir m_dir;
    QVector<float> m_straight; // lshdp 2x2, 20 steps, no interruption
};

QJsonObject TestWorkerCheckpoint::config(const QString &strategy, int steps, const QString &checkpointDir,
                                         int interval, const Ints &nodes, const Ints &nodeBatches)
{
    const QJsonArray nodeList = WorkerCluster::nodesJson(nodes, nodeBatches);
    QJsonObject c{
        {QStringLiteral("version"), 1},
        {QStringLiteral("strategy"), strategy},
        {QStringLiteral("model"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("mlp")},
                                              {QStringLiteral("hidden"), QJsonArray{24}}}},
        {QStringLiteral("dataset"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("synthetic")},
                                                {QStringLiteral("samples"), 150},
                                                {QStringLiteral("shape"), QJsonArray{1, 6, 6}}}},
        {QStringLiteral("global_batch"), 32},
        {QStringLiteral("steps"), steps},
        {QStringLiteral("seed"), 11},
        {QStringLiteral("optimizer"),
         QJsonObject{{QStringLiteral("kind"), QStringLiteral("adamw")}, {QStringLiteral("lr"), 0.01}}},
        {QStringLiteral("schedule"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("cosine")},
                                                 {QStringLiteral("warmup_steps"), 4}}},
        {QStringLiteral("comm"), QJsonObject{{QStringLiteral("timeout_s"), 30}}},
        {QStringLiteral("nodes"), nodeList}};
    if (!checkpointDir.isEmpty())
        c.insert(QStringLiteral("checkpoint"), QJsonObject{{QStringLiteral("dir"), checkpointDir},
                                                           {QStringLiteral("interval"), interval},
                                                           {QStringLiteral("keep"), 5}});
    return c;
}

QVector<float> TestWorkerCheckpoint::run(const QJsonObject &cfg, const Ints &nodes, const QStringList &extra)
{
    WorkerCluster cluster(m_dir.path());
    cluster.start(cfg, nodes, extra);
    if (!cluster.waitFinished(90000) || cluster.exitCodes() != Ints(cluster.size(), 0)) {
        qWarning("run failed: %s", cluster.summary().constData());
        return {};
    }
    return cluster.parameters(0);
}

void TestWorkerCheckpoint::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_straight = run(config(QStringLiteral("lshdp"), 20, {}, 0, {2, 2}, {9, 23}), {2, 2});
    QVERIFY(!m_straight.isEmpty());
}

void TestWorkerCheckpoint::resumeIsBitExact_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::newRow("lshdp") << "lshdp";
    QTest::newRow("fsdp") << "fsdp";
}

void TestWorkerCheckpoint::resumeIsBitExact()
{
    QFETCH(QString, strategy);
    const QString dir = m_dir.filePath(QStringLiteral("exact-") + strategy);
    const QVector<float> straight = run(config(strategy, 20, {}, 0, {2, 2}, {9, 23}), {2, 2});
    QVERIFY(!straight.isEmpty());

    // First half: killed (a crash) right after the checkpoint of step 10.
    WorkerCluster first(m_dir.path());
    first.start(config(strategy, 20, dir, 10, {2, 2}, {9, 23}), {2, 2});
    QVERIFY2(first.waitForEvents(0, QStringLiteral("checkpoint"), 1, 60000), first.summary().constData());
    for (int r = 0; r < first.size(); ++r)
        first.kill(r);
    first.waitFinished(10000);

    WorkerCluster second(m_dir.path());
    second.start(config(strategy, 20, {}, 0, {2, 2}, {9, 23}), {2, 2},
                 {QStringLiteral("--resume"), dir + QStringLiteral("/step-00000010")});
    QVERIFY2(second.waitFinished(60000), second.summary().constData());
    QCOMPARE(second.exitCodes(), Ints({0, 0, 0, 0}));
    const auto steps = second.events(0, QStringLiteral("step"));
    QCOMPARE(steps.size(), 10);
    QCOMPARE(steps.first().value(QStringLiteral("step")).toInt(), 11);
    QVERIFY(second.events(0, QStringLiteral("ready")).first().value(QStringLiteral("resumed")).toBool());
    for (int r : {0, 3})
        QCOMPARE(maxAbsDiff(second.parameters(r), straight), 0.0);
}

void TestWorkerCheckpoint::localStepsResumeExactly()
{
    // sync.mode local: the outer step's anchor and momentum are in the
    // checkpoint, and each node's own AdamW state (the nodes' differ).
    auto local = [](QJsonObject cfg) {
        cfg.insert(QStringLiteral("sync"), QJsonObject{{QStringLiteral("mode"), QStringLiteral("local")},
                                                       {QStringLiteral("every"), 5}});
        return cfg;
    };
    const QString dir = m_dir.filePath(QStringLiteral("local"));
    const QVector<float> straight =
        run(local(config(QStringLiteral("lshdp"), 20, {}, 0, {2, 2}, {9, 23})), {2, 2});
    QVERIFY(!straight.isEmpty());
    QVERIFY2(maxAbsDiff(straight, m_straight) > 1e-6, "local steps trained as exactly as lshdp");

    WorkerCluster first(m_dir.path());
    first.start(local(config(QStringLiteral("lshdp"), 20, dir, 10, {2, 2}, {9, 23})), {2, 2});
    QVERIFY2(first.waitForEvents(0, QStringLiteral("checkpoint"), 1, 60000), first.summary().constData());
    for (int r = 0; r < first.size(); ++r)
        first.kill(r);
    first.waitFinished(10000);

    WorkerCluster second(m_dir.path());
    second.start(local(config(QStringLiteral("lshdp"), 20, {}, 0, {2, 2}, {9, 23})), {2, 2},
                 {QStringLiteral("--resume"), dir + QStringLiteral("/step-00000010")});
    QVERIFY2(second.waitFinished(60000), second.summary().constData());
    QCOMPARE(second.exitCodes(), Ints({0, 0, 0, 0}));
    for (int r : {0, 3})
        QCOMPARE(maxAbsDiff(second.parameters(r), straight), 0.0);

    // The same checkpoint under exact steps: AdamW's moments and the outer step's slots are not
    // each other's, and the refusal says why.
    WorkerCluster exact(m_dir.path());
    exact.start(config(QStringLiteral("lshdp"), 20, {}, 0, {2, 2}, {9, 23}), {2, 2},
                {QStringLiteral("--resume"), dir + QStringLiteral("/step-00000010")});
    QVERIFY2(exact.waitFinished(60000), exact.summary().constData());
    QCOMPARE(exact.exitCode(0), 5); // a checkpoint error
    QVERIFY2(exact.summary().contains("written with sync.mode local"), exact.summary().constData());
}

void TestWorkerCheckpoint::autoResumesAsItChose()
{
    // sync.mode auto chose local steps at step 6 (loopback's latency is most of this model's step):
    // the checkpoint of step 10 says so (local_every), and a resume goes on with local steps, to
    // the bit of an uninterrupted run (which closes a round at its checkpoint too).
    auto automatic = [](QJsonObject cfg) {
        cfg.insert(QStringLiteral("sync"), QJsonObject{{QStringLiteral("mode"), QStringLiteral("auto")}});
        return cfg;
    };
    const QString dir = m_dir.filePath(QStringLiteral("auto"));
    WorkerCluster straight(m_dir.path());
    straight.start(automatic(config(QStringLiteral("lshdp"), 20,
                                    m_dir.filePath(QStringLiteral("auto-straight")), 10, {1, 1}, {9, 23})),
                   {1, 1});
    QVERIFY2(straight.waitFinished(90000), straight.summary().constData());
    QCOMPARE(straight.exitCodes(), Ints({0, 0}));
    const auto links = straight.events(0, QStringLiteral("link"));
    QVERIFY2(!links.isEmpty() &&
                 links.first().value(QStringLiteral("mode")).toString() == QLatin1String("local"),
             straight.summary().constData());

    WorkerCluster first(m_dir.path());
    first.start(automatic(config(QStringLiteral("lshdp"), 20, dir, 10, {1, 1}, {9, 23})), {1, 1});
    QVERIFY2(first.waitForEvents(0, QStringLiteral("checkpoint"), 1, 60000), first.summary().constData());
    for (int r = 0; r < first.size(); ++r)
        first.kill(r);
    first.waitFinished(10000);
    QFile manifest(dir + QStringLiteral("/step-00000010/manifest-node-0.json"));
    QVERIFY(manifest.open(QIODevice::ReadOnly));
    const int every = int(
        QJsonDocument::fromJson(manifest.readAll()).object().value(QStringLiteral("local_every")).toInt());
    QCOMPARE(every, int(links.first().value(QStringLiteral("every")).toInteger()));

    WorkerCluster second(m_dir.path());
    second.start(automatic(config(QStringLiteral("lshdp"), 20, {}, 0, {1, 1}, {9, 23})), {1, 1},
                 {QStringLiteral("--resume"), dir + QStringLiteral("/step-00000010")});
    QVERIFY2(second.waitFinished(60000), second.summary().constData());
    QCOMPARE(second.exitCodes(), Ints({0, 0}));
    QCOMPARE(maxAbsDiff(second.parameters(0), straight.parameters(0)), 0.0);
}

void TestWorkerCheckpoint::resumeWithOtherRanks_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<Ints>("nodes");
    QTest::addColumn<Ints>("nodeBatches");
    QTest::newRow("lshdp 2x2 -> 1+2 ranks, planned") << "lshdp" << Ints{1, 2} << Ints{};
    QTest::newRow("lshdp 2x2 -> 3 nodes, manual") << "lshdp" << Ints{1, 1, 1} << Ints{10, 10, 12};
    QTest::newRow("lshdp 2x2 -> fsdp on 2 ranks") << "fsdp" << Ints{2} << Ints{};
}

void TestWorkerCheckpoint::resumeWithOtherRanks()
{
    QFETCH(QString, strategy);
    QFETCH(Ints, nodes);
    QFETCH(Ints, nodeBatches);
    static int run = 0;
    const QString dir = m_dir.filePath(QStringLiteral("reshard-%1").arg(++run));
    WorkerCluster first(m_dir.path());
    first.start(config(QStringLiteral("lshdp"), 20, dir, 10, {2, 2}, {9, 23}), {2, 2});
    QVERIFY2(first.waitForEvents(0, QStringLiteral("checkpoint"), 1, 60000), first.summary().constData());
    for (int r = 0; r < first.size(); ++r)
        first.kill(r);
    first.waitFinished(10000);

    QJsonObject cfg = config(strategy, 20, {}, 0, nodes, nodeBatches);
    WorkerCluster second(m_dir.path());
    second.start(cfg, nodes, {QStringLiteral("--resume"), dir + QStringLiteral("/step-00000010")});
    QVERIFY2(second.waitFinished(60000), second.summary().constData());
    QCOMPARE(second.exitCodes(), Ints(second.size(), 0));
    QCOMPARE(second.events(0, QStringLiteral("step")).first().value(QStringLiteral("step")).toInt(), 11);
    const double diff = maxAbsDiff(second.parameters(0), m_straight);
    QVERIFY2(diff <= 1e-5, qPrintable(QStringLiteral("max |Δ| = %1").arg(diff)));
    if (strategy == QLatin1String("lshdp") && nodeBatches.isEmpty()) {
        // The planner starts over for the new ranks.
        const auto rebalances = second.events(0, QStringLiteral("rebalance"));
        QVERIFY(!rebalances.isEmpty());
        QCOMPARE(rebalances.first().value(QStringLiteral("reason")).toString(), QStringLiteral("resume"));
    }
}

void TestWorkerCheckpoint::stopCommandCheckpointsAndExits()
{
    const QString dir = m_dir.filePath(QStringLiteral("stop"));
    QJsonObject cfg = config(QStringLiteral("lshdp"), 20, dir, 0, {1, 1}, {});
    cfg.insert(QStringLiteral("steps"), 100000);
    WorkerCluster cluster(m_dir.path());
    cluster.start(cfg, {1, 1});
    QVERIFY2(cluster.waitForEvents(1, QStringLiteral("step"), 5, 60000), cluster.summary().constData());
    cluster.sendCommand(1, R"({"cmd":"stop"})");
    QVERIFY2(cluster.waitFinished(30000), cluster.summary().constData());
    QCOMPARE(cluster.exitCodes(), Ints({0, 0}));
    for (int r = 0; r < 2; ++r) {
        const auto done = cluster.events(r, QStringLiteral("done"));
        QCOMPARE(done.size(), 1);
        QCOMPARE(done.first().value(QStringLiteral("reason")).toString(), QStringLiteral("stopped"));
        const int steps = done.first().value(QStringLiteral("steps")).toInt();
        QVERIFY(steps >= 5 && steps < 100000);
        const auto checkpoints = cluster.events(r, QStringLiteral("checkpoint"));
        QCOMPARE(checkpoints.size(), 1);
        QCOMPARE(checkpoints.first().value(QStringLiteral("step")).toInt(), steps);
    }
    const QStringList saved = QDir(dir).entryList({QStringLiteral("step-*")}, QDir::Dirs);
    QCOMPARE(saved.size(), 1);
    QVERIFY(QFile::exists(dir + QLatin1Char('/') + saved.first() + QStringLiteral("/manifest-node-0.json")));
    QVERIFY(QFile::exists(dir + QLatin1Char('/') + saved.first() + QStringLiteral("/manifest-node-1.json")));
}

void TestWorkerCheckpoint::keepsOnlyTheNewest()
{
    const QString dir = m_dir.filePath(QStringLiteral("keep"));
    QJsonObject cfg = config(QStringLiteral("dp"), 20, dir, 3, {1, 1}, {});
    QJsonObject ck = cfg.value(QStringLiteral("checkpoint")).toObject();
    ck.insert(QStringLiteral("keep"), 2);
    cfg.insert(QStringLiteral("checkpoint"), ck);
    QVERIFY(!run(cfg, {1, 1}).isEmpty());
    // Every 3 steps and at the end (20): the newest two remain.
    QCOMPARE(QDir(dir).entryList({QStringLiteral("step-*")}, QDir::Dirs),
             QStringList({QStringLiteral("step-00000018"), QStringLiteral("step-00000020")}));
    // dp: the first rank of each node writes the whole state, so each node's
    // directory is complete on its own.
    QVERIFY(QFile::exists(dir + QStringLiteral("/step-00000020/rank-0.bin")));
    QVERIFY(QFile::exists(dir + QStringLiteral("/step-00000020/rank-1.bin")));
}

void TestWorkerCheckpoint::damagedCheckpointIsRefused_data()
{
    QTest::addColumn<QString>("damage");
    QTest::addColumn<QString>("message");
    QTest::newRow("flipped byte") << "flip"
                                  << "rank-1.bin is corrupt (CRC32 mismatch)";
    QTest::newRow("truncated shard") << "truncate"
                                     << "rank-2.bin is truncated";
    QTest::newRow("missing shard") << "remove"
                                   << "rank-3.bin cannot be opened";
    QTest::newRow("truncated manifest") << "manifest"
                                        << "manifest-node-0.json: corrupt or truncated";
}

void TestWorkerCheckpoint::damagedCheckpointIsRefused()
{
    QFETCH(QString, damage);
    QFETCH(QString, message);
    const QString dir = m_dir.filePath(QStringLiteral("damaged-") + damage);
    QVERIFY(!run(config(QStringLiteral("lshdp"), 20, dir, 10, {2, 2}, {9, 23}), {2, 2}).isEmpty());
    const QString step = dir + QStringLiteral("/step-00000010/");
    if (damage == QLatin1String("flip")) {
        QFile f(step + QStringLiteral("rank-1.bin"));
        QVERIFY(f.open(QIODevice::ReadWrite));
        f.seek(40);
        char c;
        f.getChar(&c);
        f.seek(40);
        f.putChar(char(c ^ 0x10));
    } else if (damage == QLatin1String("truncate")) {
        QFile f(step + QStringLiteral("rank-2.bin"));
        QVERIFY(f.resize(f.size() - 100));
    } else if (damage == QLatin1String("remove")) {
        QVERIFY(QFile::remove(step + QStringLiteral("rank-3.bin")));
    } else {
        QFile f(step + QStringLiteral("manifest-node-0.json"));
        QVERIFY(f.resize(f.size() / 2));
    }
    WorkerCluster cluster(m_dir.path());
    cluster.start(config(QStringLiteral("lshdp"), 20, {}, 0, {2, 2}, {9, 23}), {2, 2},
                  {QStringLiteral("--resume"), step});
    QVERIFY2(cluster.waitFinished(60000), cluster.summary().constData());
    QCOMPARE(cluster.exitCodes(), Ints({5, 5, 5, 5}));
    bool named = false;
    for (int r = 0; r < 4; ++r) {
        const auto errors = cluster.events(r, QStringLiteral("error"));
        QCOMPARE(errors.size(), 1);
        QCOMPARE(errors.first().value(QStringLiteral("cause")).toString(), QStringLiteral("checkpoint"));
        named = named || errors.first().value(QStringLiteral("message")).toString().contains(message);
    }
    QVERIFY2(named, cluster.summary().constData());
}

QTEST_GUILESS_MAIN(TestWorkerCheckpoint)
#include "tst_workercheckpoint.moc"
