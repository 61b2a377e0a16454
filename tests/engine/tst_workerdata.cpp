// Data: Debian's Fashion-MNIST trains and evaluates; byte-level text trains a
// gpt whose perplexity falls; damaged IDX files (truncated, corrupt, missing,
// foreign, a header declaring gigabytes in a tiny file, beyond the caps) stop
// every rank with a data error that names the file. CIFAR-10 and CIFAR-100
// binary directories train (the fine label and the colour planes read where
// the format puts them) and damaged ones are refused the same way.
#include "datamemorylimit.h"
#include "idxheader.h"
#include "testsupport.h"
#include "workercluster.h"

#include <QColor>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

class TestWorkerData : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void fashionMnistTrainsAndEvaluates();
    void textTrainsGpt();
    void idxDirectoryTrains();
    void evaluatesAtEachEpochByDefault_data();
    void evaluatesAtEachEpochByDefault();
    void shardedEvaluationWithUnevenShares();
    void damagedIdxIsRefused_data();
    void damagedIdxIsRefused();
    void cifarTrainsAndEvaluates_data();
    void cifarTrainsAndEvaluates();
    void damagedCifarIsRefused_data();
    void damagedCifarIsRefused();
    void csvTableTrains_data();
    void csvTableTrains();
    void exportedModelReproducesTheRunsAccuracy_data();
    void exportedModelReproducesTheRunsAccuracy();
    void everyDatasetKindEvaluatesOutsideHamgam_data();
    void everyDatasetKindEvaluatesOutsideHamgam();
    void damagedCsvIsRefused_data();
    void damagedCsvIsRefused();
    void imageFolderTrains_data();
    void imageFolderTrains();
    void augmentationIsTheSameWhateverTheSplit();
    void damagedImagesAreRefused_data();
    void damagedImagesAreRefused();

private:
    /// `count` CIFAR records whose class is in the green plane only: the red plane is noise, and in
    /// CIFAR-100 the coarse label says nothing. A reader that takes the wrong label byte or plane
    /// cannot learn it.
    static QByteArray cifar(int count, int classes, int seed);
    QString makeCifarDirectory(const QString &name, int classes);
    static void writeFile(const QString &dir, const QString &name, const QByteArray &data);
    /// Both ranks stopped with exit 4 and a data error whose message says `message` and names `file`.
    static void verifyDataErrorOnEveryRank(WorkerCluster &cluster, const QString &message,
                                           const QString &file);
    static QByteArray idx(int count, int rows, int cols, int modulo);
    /// `rows` rows of a table whose class (three, by name or number) sets the mean of its
    /// first two columns; the columns' units differ a thousandfold, the third is noise.
    static QByteArray csv(int rows, bool named, quint32 seed);
    /// `rows` rows of two overlapping classes ("low", "high") in two columns: no model gets all right.
    static QByteArray overlappingCsv(int rows, quint32 seed);
    /// `perClass` images of each of three classes under `dir`/<class>/: the class is where the bright
    /// band is (top, middle, bottom), so a horizontal flip keeps it. Sizes, colours and formats vary
    /// (PNG and JPEG, 12 to 40 pixels a side), so reading, converting and resizing are all exercised.
    static void writeImages(const QString &dir, int perClass, quint32 seed);
    QJsonObject imageConfig(const QString &path, const QJsonArray &shape, bool augment, int steps) const;
    QString makeIdxDirectory(const QString &name);
    static QJsonObject config(const QJsonObject &dataset, const QJsonObject &model, int steps,
                              int evalInterval);
    /// Trains `cfg` with AdamW at `lr`, global batch 32, on two ranks that must both finish;
    /// checks the training split's size and gives rank 0's eval events.
    void trainWithAdamW(QJsonObject cfg, double lr, int trainSamples, QList<QJsonObject> *evals);

    QTemporaryDir m_dir;
};

static const char kFashion[] = "/usr/share/datasets/fashion-mnist";

void TestWorkerData::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

QByteArray TestWorkerData::idx(int count, int rows, int cols, int modulo)
{
    QByteArray b;
    b.append(char(0)).append(char(0)).append(char(8)).append(char(rows ? 3 : 1));
    auto be32 = [&](int v) {
        b.append(char((v >> 24) & 0xff))
            .append(char((v >> 16) & 0xff))
            .append(char((v >> 8) & 0xff))
            .append(char(v & 0xff));
    };
    be32(count);
    if (rows) {
        be32(rows);
        be32(cols);
    }
    const int per = rows ? rows * cols : 1;
    for (int i = 0; i < count; ++i)
        for (int k = 0; k < per; ++k)
            b.append(char(rows ? ((i % modulo) * 25 + k) % 256 : i % modulo));
    return b;
}

void TestWorkerData::writeFile(const QString &dir, const QString &name, const QByteArray &data)
{
    QFile f(dir + QLatin1Char('/') + name);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(data), data.size());
}

void TestWorkerData::verifyDataErrorOnEveryRank(WorkerCluster &cluster, const QString &message,
                                                const QString &file)
{
    QVERIFY2(cluster.waitFinished(60000), cluster.summary().constData());
    QCOMPARE(cluster.exitCodes(), QList<int>({4, 4}));
    for (int r = 0; r < 2; ++r) {
        const auto error = cluster.events(r, QStringLiteral("error")).first();
        QCOMPARE(error.value(QStringLiteral("cause")).toString(), QStringLiteral("data"));
        const QString text = error.value(QStringLiteral("message")).toString();
        QVERIFY2(text.contains(message) && text.contains(file), qPrintable(text));
    }
}

QString TestWorkerData::makeIdxDirectory(const QString &name)
{
    const QString dir = m_dir.filePath(name);
    QDir().mkpath(dir);
    auto write = [&](const QString &file, const QByteArray &data) { writeFile(dir, file, data); };
    write(QStringLiteral("train-images-idx3-ubyte"), idx(120, 6, 5, 10));
    write(QStringLiteral("train-labels-idx1-ubyte"), idx(120, 0, 0, 10));
    write(QStringLiteral("t10k-images-idx3-ubyte"), idx(30, 6, 5, 10));
    write(QStringLiteral("t10k-labels-idx1-ubyte"), idx(30, 0, 0, 10));
    return dir;
}

QJsonObject TestWorkerData::config(const QJsonObject &dataset, const QJsonObject &model, int steps,
                                   int evalInterval)
{
    return {{QStringLiteral("version"), 1},
            {QStringLiteral("strategy"), QStringLiteral("lshdp")},
            {QStringLiteral("model"), model},
            {QStringLiteral("dataset"), dataset},
            {QStringLiteral("global_batch"), 64},
            {QStringLiteral("steps"), steps},
            {QStringLiteral("optimizer"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("sgd")},
                                                      {QStringLiteral("lr"), 0.1},
                                                      {QStringLiteral("momentum"), 0.9}}},
            {QStringLiteral("eval"),
             QJsonObject{{QStringLiteral("interval"), evalInterval}, {QStringLiteral("samples"), 1000}}},
            {QStringLiteral("schedule"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("constant")},
                                                     {QStringLiteral("warmup_steps"), 0}}},
            {QStringLiteral("comm"), QJsonObject{{QStringLiteral("timeout_s"), 30}}}};
}

void TestWorkerData::trainWithAdamW(QJsonObject cfg, double lr, int trainSamples, QList<QJsonObject> *evals)
{
    cfg.insert(QStringLiteral("global_batch"), 32);
    cfg.insert(QStringLiteral("optimizer"),
               QJsonObject{{QStringLiteral("kind"), QStringLiteral("adamw")}, {QStringLiteral("lr"), lr}});
    WorkerCluster cluster(m_dir.path());
    cluster.start(cfg, {1, 1}, {}, false);
    QVERIFY2(cluster.waitFinished(120000), cluster.summary().constData());
    QCOMPARE(cluster.exitCodes(), QList<int>({0, 0}));
    const QJsonObject ready = cluster.events(0, QStringLiteral("ready")).first();
    QCOMPARE(ready.value(QStringLiteral("train_samples")).toInt(), trainSamples);
    *evals = cluster.events(0, QStringLiteral("eval"));
    QVERIFY2(!evals->isEmpty(), cluster.summary().constData());
}

void TestWorkerData::fashionMnistTrainsAndEvaluates()
{
    if (!QFile::exists(QLatin1String(kFashion) + QStringLiteral("/train-images-idx3-ubyte.gz")))
        QSKIP("Debian's dataset-fashion-mnist is not installed");
    const QJsonObject mlp{{QStringLiteral("kind"), QStringLiteral("mlp")},
                          {QStringLiteral("hidden"), QJsonArray{128}}};
    WorkerCluster cluster(m_dir.path());
    cluster.start(config({{QStringLiteral("kind"), QStringLiteral("fashion-mnist")}}, mlp, 60, 30), {2}, {},
                  false);
    QVERIFY2(cluster.waitFinished(120000), cluster.summary().constData());
    QCOMPARE(cluster.exitCodes(), QList<int>({0, 0}));
    const auto ready = cluster.events(0, QStringLiteral("ready")).first();
    QCOMPARE(ready.value(QStringLiteral("train_samples")).toInt(), 60000);
    QCOMPARE(ready.value(QStringLiteral("eval_samples")).toInt(), 10000);
    const auto evals = cluster.events(0, QStringLiteral("eval"));
    QCOMPARE(evals.size(), 2);
    // Ten classes: chance is 0.1; a minute of SGD gets far beyond it.
    QVERIFY2(evals.last().value(QStringLiteral("accuracy")).toDouble() > 0.6,
             qPrintable(QString::number(evals.last().value(QStringLiteral("accuracy")).toDouble())));
    QCOMPARE(evals.last().value(QStringLiteral("samples")).toInt(), 1000);
    // Both ranks computed the same all-reduced figures.
    QCOMPARE(cluster.events(1, QStringLiteral("eval")).last().value(QStringLiteral("accuracy")).toDouble(),
             evals.last().value(QStringLiteral("accuracy")).toDouble());
    // Loading and batching run ahead on a thread: waiting for data is rare.
    const auto steps = cluster.events(0, QStringLiteral("step"));
    double data = 0, compute = 0;
    for (const auto &s : steps.mid(5)) {
        data += s.value(QStringLiteral("data_ms")).toDouble();
        compute += s.value(QStringLiteral("compute_ms")).toDouble();
    }
    QVERIFY2(data < 0.5 * compute,
             qPrintable(QStringLiteral("data %1 ms vs compute %2 ms").arg(data).arg(compute)));
}

void TestWorkerData::textTrainsGpt()
{
    const QString path = m_dir.filePath(QStringLiteral("corpus.txt"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        for (int i = 0; i < 300; ++i)
            f.write(QStringLiteral("هم‌گام %1: the lab trains in step, node by node.\n")
                        .arg(i % 7)
                        .toUtf8());
    }
    QJsonObject cfg =
        config({{QStringLiteral("kind"), QStringLiteral("text")}, {QStringLiteral("path"), path}},
               {{QStringLiteral("kind"), QStringLiteral("gpt")},
                {QStringLiteral("layers"), 1},
                {QStringLiteral("width"), 32},
                {QStringLiteral("heads"), 2},
                {QStringLiteral("context"), 32}},
               30, 10);
    cfg.insert(QStringLiteral("strategy"), QStringLiteral("fsdp"));
    cfg.insert(QStringLiteral("global_batch"), 16);
    cfg.insert(QStringLiteral("optimizer"),
               QJsonObject{{QStringLiteral("kind"), QStringLiteral("adamw")}, {QStringLiteral("lr"), 0.01}});
    WorkerCluster cluster(m_dir.path());
    cluster.start(cfg, {1, 1}, {}, false);
    QVERIFY2(cluster.waitFinished(120000), cluster.summary().constData());
    QCOMPARE(cluster.exitCodes(), QList<int>({0, 0}));
    const auto evals = cluster.events(0, QStringLiteral("eval"));
    QCOMPARE(evals.size(), 3);
    const double first = evals.first().value(QStringLiteral("perplexity")).toDouble();
    const double last = evals.last().value(QStringLiteral("perplexity")).toDouble();
    QVERIFY2(first < 256 && last < 0.5 * first, qPrintable(QStringLiteral("%1 -> %2").arg(first).arg(last)));
}

void TestWorkerData::evaluatesAtEachEpochByDefault_data()
{
    QTest::addColumn<QJsonValue>("interval"); // undefined: no eval section at all
    QTest::addColumn<QList<int>>("steps");
    // 120 training samples, global batch 64: an epoch is 2 steps; the run's 5th step ends it mid-epoch.
    QTest::newRow("no eval section") << QJsonValue(QJsonValue::Undefined) << QList<int>{2, 4, 5};
    QTest::newRow("epoch") << QJsonValue(QStringLiteral("epoch")) << QList<int>{2, 4, 5};
    QTest::newRow("every 3 steps") << QJsonValue(3) << QList<int>{3, 5};
    QTest::newRow("off") << QJsonValue(0) << QList<int>{};
}

void TestWorkerData::evaluatesAtEachEpochByDefault()
{
    QFETCH(QJsonValue, interval);
    QFETCH(QList<int>, steps);
    const QString dir = makeIdxDirectory(QStringLiteral("epochs"));
    QJsonObject cfg = config(
        {{QStringLiteral("kind"), QStringLiteral("fashion-mnist")}, {QStringLiteral("path"), dir}},
        {{QStringLiteral("kind"), QStringLiteral("mlp")}, {QStringLiteral("hidden"), QJsonArray{16}}}, 5, 0);
    if (interval.isUndefined())
        cfg.remove(QStringLiteral("eval"));
    else
        cfg.insert(QStringLiteral("eval"), QJsonObject{{QStringLiteral("interval"), interval}});
    WorkerCluster cluster(m_dir.path());
    cluster.start(cfg, {1, 1}, {}, false);
    QVERIFY2(cluster.waitFinished(60000), cluster.summary().constData());
    QCOMPARE(cluster.exitCodes(), QList<int>({0, 0}));
    QList<int> evaluated;
    for (const auto &e : cluster.events(0, QStringLiteral("eval"))) {
        evaluated << e.value(QStringLiteral("step")).toInt();
        QCOMPARE(e.value(QStringLiteral("samples")).toInt(), 30); // the whole held-out split
        QVERIFY(e.value(QStringLiteral("accuracy")).isDouble());
    }
    QCOMPARE(evaluated, steps);
}

void TestWorkerData::idxDirectoryTrains()
{
    const QString dir = makeIdxDirectory(QStringLiteral("good"));
    WorkerCluster cluster(m_dir.path());
    cluster.start(
        config({{QStringLiteral("kind"), QStringLiteral("fashion-mnist")}, {QStringLiteral("path"), dir}},
               {{QStringLiteral("kind"), QStringLiteral("cnn")},
                {QStringLiteral("channels"), 4},
                {QStringLiteral("blocks"), 1},
                {QStringLiteral("groups"), 2}},
               3, 3),
        {1, 1}, {}, false);
    QVERIFY2(cluster.waitFinished(60000), cluster.summary().constData());
    QCOMPARE(cluster.exitCodes(), QList<int>({0, 0}));
    QCOMPARE(
        cluster.events(0, QStringLiteral("ready")).first().value(QStringLiteral("train_samples")).toInt(),
        120);
}

void TestWorkerData::shardedEvaluationWithUnevenShares()
{
    // 5 held-out samples over 3 fsdp ranks in chunks of 2: rank 2 runs out
    // first and must still join the parameter gathers of the others' forwards.
    QJsonObject cfg = config(
        {{QStringLiteral("kind"), QStringLiteral("synthetic")},
         {QStringLiteral("samples"), 64},
         {QStringLiteral("shape"), QJsonArray{1, 8, 8}}},
        {{QStringLiteral("kind"), QStringLiteral("mlp")}, {QStringLiteral("hidden"), QJsonArray{16}}}, 4, 2);
    cfg.insert(QStringLiteral("strategy"), QStringLiteral("fsdp"));
    cfg.insert(QStringLiteral("global_batch"), 2);
    cfg.insert(QStringLiteral("eval"),
               QJsonObject{{QStringLiteral("interval"), 2}, {QStringLiteral("samples"), 5}});
    WorkerCluster cluster(m_dir.path());
    cluster.start(cfg, {1, 1, 1}, {}, false);
    QVERIFY2(cluster.waitFinished(60000), cluster.summary().constData());
    QCOMPARE(cluster.exitCodes(), QList<int>({0, 0, 0}));
    for (int r = 0; r < 3; ++r) {
        const auto evals = cluster.events(r, QStringLiteral("eval"));
        QCOMPARE(evals.size(), 2);
        QCOMPARE(evals.last().value(QStringLiteral("samples")).toInt(), 5);
        QCOMPARE(evals.last().value(QStringLiteral("loss")).toDouble(),
                 cluster.events(0, QStringLiteral("eval")).last().value(QStringLiteral("loss")).toDouble());
    }
}

void TestWorkerData::damagedIdxIsRefused_data()
{
    QTest::addColumn<QString>("damage");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QByteArray>("content"); // damage "replace": the file's new content
    QTest::newRow("truncated images") << "truncate"
                                      << "train-images-idx3-ubyte"
                                      << "truncated: the header declares 3600 bytes" << QByteArray();
    QTest::newRow("missing labels") << "remove"
                                    << "t10k-labels-idx1-ubyte"
                                    << "cannot open" << QByteArray();
    QTest::newRow("foreign file") << "foreign"
                                  << "train-labels-idx1-ubyte"
                                  << "bad magic" << QByteArray();
    QTest::newRow("count mismatch") << "short"
                                    << "train-labels-idx1-ubyte"
                                    << "labels" << QByteArray();
    QTest::newRow("truncated gzip") << "gzip-truncate"
                                    << "train-images-idx3-ubyte.gz"
                                    << "truncated or corrupt compressed data" << QByteArray();
    QTest::newRow("corrupt gzip") << "gzip-corrupt"
                                  << "train-labels-idx1-ubyte.gz"
                                  << "truncated or corrupt compressed data" << QByteArray();
    // fuzz_idx's finding: a header declaring 16 GiB (2^28 x 8 x 8, the most allowed) in a 20-byte file
    // was allocated before reading. The workers run under a 4 GiB data limit, so that would fail here.
    QTest::newRow("header declares 16 GiB") << "replace"
                                            << "train-images-idx3-ubyte"
                                            << "truncated: the header declares 17179869184 bytes of data"
                                            << idxHeader({1u << 28, 8, 8}) + QByteArray("\1\2\3\4", 4);
    QTest::newRow("labels declare 2^28 items")
        << "replace"
        << "t10k-labels-idx1-ubyte"
        << "truncated: the header declares 268435456 bytes of data" << idxHeader({1u << 28});
    // The caps: one dimension at most 2^28, the product at most 16 GiB.
    QTest::newRow("dimension over 2^28")
        << "replace"
        << "train-images-idx3-ubyte"
        << "dimension 0 is 268435457, which is implausible" << idxHeader({(1u << 28) + 1, 6, 5});
    QTest::newRow("more than 16 GiB") << "replace"
                                      << "train-images-idx3-ubyte"
                                      << "declares more than 16 GiB of data" << idxHeader({1u << 28, 8, 9});
}

void TestWorkerData::damagedIdxIsRefused()
{
    QFETCH(QString, damage);
    QFETCH(QString, file);
    QFETCH(QString, message);
    QFETCH(QByteArray, content);
    const QString dir = makeIdxDirectory(QStringLiteral("bad-") + damage);
    const QString path = dir + QLatin1Char('/') + file;
    if (damage.startsWith(QLatin1String("gzip"))) {
        // gzip's own tool, as the Debian package ships its files.
        const QString raw = path.chopped(3);
        QVERIFY(QProcess::execute(QStringLiteral("gzip"), {QStringLiteral("-f"), raw}) == 0);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        if (damage == QLatin1String("gzip-truncate")) {
            QVERIFY(f.resize(f.size() - 40));
        } else {
            f.seek(f.size() - 6); // inside the CRC32/length trailer
            f.putChar('\x55');
        }
    } else if (damage == QLatin1String("truncate")) {
        QVERIFY(QFile(path).resize(1000));
    } else if (damage == QLatin1String("remove")) {
        QVERIFY(QFile::remove(path));
    } else if (damage == QLatin1String("replace")) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(content);
    } else if (damage == QLatin1String("foreign")) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("PK\x03\x04 this is a zip file, not IDX");
    } else {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(idx(119, 0, 0, 10));
    }
    WorkerCluster cluster(m_dir.path());
    {
        // The workers inherit the limit: no room for what a hostile header declares.
        const DataMemoryLimit limit(rlim_t(4) << 30);
        QVERIFY(limit.isActive());
        cluster.start(
            config(
                {{QStringLiteral("kind"), QStringLiteral("fashion-mnist")}, {QStringLiteral("path"), dir}},
                {{QStringLiteral("kind"), QStringLiteral("mlp")}, {QStringLiteral("hidden"), QJsonArray{8}}},
                3, 0),
            {1, 1}, {}, false);
    }
    verifyDataErrorOnEveryRank(cluster, message, file);
}

QByteArray TestWorkerData::cifar(int count, int classes, int seed)
{
    QByteArray b;
    quint32 state = quint32(seed) * 2654435761u + 1;
    auto next = [&] { return state = state * 1664525u + 1013904223u; };
    for (int i = 0; i < count; ++i) {
        const int label = (i * 7 + seed) % 4; // four classes in use, whatever the format's count
        if (classes == 100)
            b.append(char(next() % 20)); // the coarse label: unrelated to the class
        b.append(char(label));
        for (int k = 0; k < 1024; ++k)
            b.append(char(next() % 256)); // red: noise
        for (int k = 0; k < 1024; ++k)
            b.append(char(40 + 50 * label + int(next() % 20))); // green: the class
        for (int k = 0; k < 1024; ++k)
            b.append(char(128)); // blue
    }
    return b;
}

QString TestWorkerData::makeCifarDirectory(const QString &name, int classes)
{
    const QString dir = m_dir.filePath(name);
    QDir().mkpath(dir);
    auto write = [&](const QString &file, const QByteArray &data) { writeFile(dir, file, data); };
    if (classes == 10) {
        write(QStringLiteral("data_batch_1.bin"), cifar(100, 10, 1));
        write(QStringLiteral("data_batch_2.bin"), cifar(60, 10, 2));
        write(QStringLiteral("test_batch.bin"), cifar(40, 10, 3));
    } else {
        write(QStringLiteral("train.bin"), cifar(160, 100, 1));
        write(QStringLiteral("test.bin"), cifar(40, 100, 3));
    }
    return dir;
}

void TestWorkerData::cifarTrainsAndEvaluates_data()
{
    QTest::addColumn<int>("classes");
    QTest::newRow("cifar-10") << 10;
    QTest::newRow("cifar-100") << 100;
}

void TestWorkerData::cifarTrainsAndEvaluates()
{
    QFETCH(int, classes);
    const QString kind = QStringLiteral("cifar-%1").arg(classes);
    const QString dir = makeCifarDirectory(kind, classes);
    QJsonObject cfg =
        config({{QStringLiteral("kind"), kind}, {QStringLiteral("path"), dir}},
               {{QStringLiteral("kind"), QStringLiteral("mlp")}, {QStringLiteral("hidden"), QJsonArray{16}}},
               80, 80);
    // 3072 inputs, a third of them noise: a gentle step, or the first updates overshoot.
    QList<QJsonObject> evals;
    trainWithAdamW(cfg, 0.003, 160, &evals); // every training file, in order
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(evals.last().value(QStringLiteral("samples")).toInt(), 40);
    // The class is in the green plane: a reader that mixed the planes or took the coarse label would
    // be near 25 %.
    const double accuracy = evals.last().value(QStringLiteral("accuracy")).toDouble();
    QVERIFY2(accuracy >= 0.9, qPrintable(QStringLiteral("held-out accuracy %1").arg(accuracy)));
}

QByteArray TestWorkerData::csv(int rows, bool named, quint32 seed)
{
    static const char *const kNames[] = {"Iris-setosa", "Iris-versicolor", "Iris-virginica"};
    QRandomGenerator rng(seed);
    QByteArray out = "petal_mm, \"weight, g\",noise,species\r\n"; // a quoted name, spaces, CRLF
    for (int i = 0; i < rows; ++i) {
        const int c = int(rng.bounded(3));
        const double petal = 10.0 + 15.0 * c + 4.0 * (rng.generateDouble() - 0.5);
        const double weight = 0.001 * (50.0 - 20.0 * c) + 0.004 * (rng.generateDouble() - 0.5);
        const double noise = 1e4 * (rng.generateDouble() - 0.5);
        out += QByteArray::number(petal, 'g', 6) + ',' + QByteArray::number(weight, 'e', 4) + ',' +
               QByteArray::number(noise, 'f', 1) + ',' +
               (named ? QByteArray(kNames[c]) : QByteArray::number(c)) + "\r\n";
    }
    return out;
}

void TestWorkerData::csvTableTrains_data()
{
    QTest::addColumn<bool>("directory"); // train.csv + test.csv, or one file with every tenth row held out
    QTest::addColumn<bool>("named");     // labels as names or as class numbers
    QTest::addColumn<int>("train");
    QTest::addColumn<int>("heldOut");
    QTest::newRow("one file, named classes") << false << true << 270 << 30;
    QTest::newRow("train.csv and test.csv, numbered classes") << true << false << 300 << 60;
}

void TestWorkerData::csvTableTrains()
{
    QFETCH(bool, directory);
    QFETCH(bool, named);
    QFETCH(int, train);
    QFETCH(int, heldOut);
    QString path;
    if (directory) {
        path = m_dir.filePath(QStringLiteral("table-dir"));
        QDir().mkpath(path);
        writeFile(path, QStringLiteral("train.csv"), csv(train, named, 1));
        writeFile(path, QStringLiteral("test.csv"), csv(heldOut, named, 2));
    } else {
        path = m_dir.filePath(QStringLiteral("iris.csv"));
        writeFile(m_dir.path(), QStringLiteral("iris.csv"), csv(train + heldOut, named, 3));
    }
    QJsonObject cfg = config(
        {{QStringLiteral("kind"), QStringLiteral("csv")},
         {QStringLiteral("path"), path},
         {QStringLiteral("label"), QStringLiteral("species")}},
        {{QStringLiteral("kind"), QStringLiteral("mlp")}, {QStringLiteral("hidden"), QJsonArray{16}}}, 60, 0);
    cfg.remove(QStringLiteral("eval")); // the default: each epoch's end
    QList<QJsonObject> evals;
    trainWithAdamW(cfg, 0.01, train, &evals);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(evals.first().value(QStringLiteral("samples")).toInt(), heldOut);
    QCOMPARE(evals.last().value(QStringLiteral("samples")).toInt(), heldOut);
    // The classes are apart in the first two columns only, and those are 0.001 and 10 apart in
    // their units: a reader that did not standardize, or mixed a column up, stays far below this.
    const double accuracy = evals.last().value(QStringLiteral("accuracy")).toDouble();
    QVERIFY2(accuracy >= 0.95, qPrintable(QStringLiteral("held-out accuracy %1").arg(accuracy)));
}

QByteArray TestWorkerData::overlappingCsv(int rows, quint32 seed)
{
    QRandomGenerator rng(seed);
    QByteArray out = "x,y,class\n";
    for (int i = 0; i < rows; ++i) {
        const int c = int(rng.bounded(2));
        // Two unit-spread blobs 1.6 apart along x + y: about 13 % of each class lies across.
        const double x = (c ? 0.8 : -0.8) + 2.0 * (rng.generateDouble() - 0.5) * 1.7;
        const double y = (c ? 0.8 : -0.8) + 2.0 * (rng.generateDouble() - 0.5) * 1.7;
        out += QByteArray::number(100 + 30 * x, 'g', 8) + ',' + QByteArray::number(y, 'g', 8) + ',' +
               (c ? "high" : "low") + '\n';
    }
    return out;
}

void TestWorkerData::exportedModelReproducesTheRunsAccuracy_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QList<int>>("nodes");
    QTest::newRow("lshdp, 2 nodes") << QStringLiteral("lshdp") << QList<int>{1, 1};
    QTest::newRow("fsdp, 3 ranks (sharded parameters)") << QStringLiteral("fsdp") << QList<int>{3};
    QTest::newRow("tp1d, 2 ranks (split layers)") << QStringLiteral("tp1d") << QList<int>{2};
}

// Issue #20, item 5: the model the run writes, loaded in Debian's PyTorch by
// scripts/evaluate-model, scores on the held-out split what the run measured.
void TestWorkerData::exportedModelReproducesTheRunsAccuracy()
{
    QFETCH(QString, strategy);
    QFETCH(QList<int>, nodes);
    if (!TestSupport::hasPythonTorch())
        QSKIP("Debian's python3-torch is not installed (scripts/install-deps installs it)");
    const QString table = m_dir.filePath(QStringLiteral("overlap-") + strategy);
    QVERIFY(QDir().mkpath(table));
    writeFile(table, QStringLiteral("train.csv"), overlappingCsv(400, 5));
    writeFile(table, QStringLiteral("test.csv"), overlappingCsv(200, 6));
    QJsonObject cfg = config(
        {{QStringLiteral("kind"), QStringLiteral("csv")},
         {QStringLiteral("path"), table},
         {QStringLiteral("label"), QStringLiteral("class")}},
        {{QStringLiteral("kind"), QStringLiteral("mlp")}, {QStringLiteral("hidden"), QJsonArray{8}}}, 30, 0);
    cfg.remove(QStringLiteral("eval"));
    cfg.insert(QStringLiteral("strategy"), strategy);
    cfg.insert(QStringLiteral("global_batch"), 32);
    cfg.insert(QStringLiteral("optimizer"),
               QJsonObject{{QStringLiteral("kind"), QStringLiteral("adamw")}, {QStringLiteral("lr"), 0.02}});
    const QString exportDir = m_dir.filePath(QStringLiteral("model-") + strategy);
    WorkerCluster cluster(m_dir.path());
    cluster.start(cfg, nodes, {QStringLiteral("--export-dir"), exportDir}, false);
    QVERIFY2(cluster.waitFinished(120000), cluster.summary().constData());
    QVERIFY2(cluster.exitCodes() == QList<int>(cluster.size(), 0), cluster.summary().constData());
    const QList<QJsonObject> models = cluster.events(0, QStringLiteral("model"));
    QCOMPARE(models.size(), 1); // no checkpoints: at the end only
    QCOMPARE(models.first().value(QStringLiteral("step")).toInt(), 30);
    QCOMPARE(cluster.events(1, QStringLiteral("model")).size(), 0); // rank 0 writes
    const QJsonObject eval = cluster.events(0, QStringLiteral("eval")).last();

    QString error;
    const QJsonObject measured = TestSupport::evaluateModel(exportDir, table, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(measured.value(QStringLiteral("samples")).toInt(), 200);
    const double accuracy = eval.value(QStringLiteral("accuracy")).toDouble();
    // Neither chance nor perfect: the comparison means something.
    QVERIFY2(accuracy > 0.6 && accuracy < 0.99, qPrintable(QString::number(accuracy)));
    QCOMPARE(measured.value(QStringLiteral("correct")).toInt(), qRound(accuracy * 200));
    const double loss = eval.value(QStringLiteral("loss")).toDouble();
    QVERIFY2(std::abs(measured.value(QStringLiteral("loss")).toDouble() - loss) < 1e-5 * loss,
             QJsonDocument(measured).toJson(QJsonDocument::Compact).constData());
}

void TestWorkerData::everyDatasetKindEvaluatesOutsideHamgam_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("heldOut");        // samples scripts/evaluate-model must find held out
    QTest::addColumn<QString>("firstClass"); // model.json's first class name; empty for a language model
    QTest::newRow("fashion-mnist") << QStringLiteral("fashion-mnist") << QStringLiteral("fashion-small")
                                   << QStringLiteral("mlp") << 30 << QStringLiteral("T-shirt/top");
    QTest::newRow("another MNIST-format set") << QStringLiteral("fashion-mnist") << QStringLiteral("digits")
                                              << QStringLiteral("mlp") << 30 << QStringLiteral("0");
    QTest::newRow("cifar-10") << QStringLiteral("cifar-10") << QStringLiteral("c10") << QStringLiteral("cnn")
                              << 40 << QStringLiteral("airplane");
    QTest::newRow("cifar-100, its names file") << QStringLiteral("cifar-100") << QStringLiteral("c100")
                                               << QStringLiteral("mlp") << 40 << QStringLiteral("fine-0");
    QTest::newRow("synthetic images")
        << QStringLiteral("synthetic") << QString() << QStringLiteral("mlp") << 50 << QStringLiteral("0");
    QTest::newRow("text") << QStringLiteral("text") << QStringLiteral("prose.txt") << QStringLiteral("gpt")
                          << 10 << QString();
    QTest::newRow("synthetic text") << QStringLiteral("synthetic") << QString() << QStringLiteral("gpt") << 50
                                    << QString();
}

// Issue #31, item 1: the model of a run on every kind of built-in dataset, the quick start's
// Fashion-MNIST first, loads and scores outside Hamgam; model.json always names the classes.
void TestWorkerData::everyDatasetKindEvaluatesOutsideHamgam()
{
    QFETCH(QString, kind);
    QFETCH(QString, folder);
    QFETCH(QString, model);
    QFETCH(int, heldOut);
    QFETCH(QString, firstClass);
    if (!TestSupport::hasPythonTorch())
        QSKIP("Debian's python3-torch is not installed (scripts/install-deps installs it)");
    QJsonObject dataset{{QStringLiteral("kind"), kind}};
    if (kind == QLatin1String("fashion-mnist")) {
        dataset.insert(QStringLiteral("path"), makeIdxDirectory(folder));
    } else if (kind.startsWith(QLatin1String("cifar"))) {
        const QString dir = makeCifarDirectory(folder, kind == QLatin1String("cifar-10") ? 10 : 100);
        if (kind == QLatin1String("cifar-100")) {
            QByteArray names;
            for (int c = 0; c < 100; ++c)
                names += "fine-" + QByteArray::number(c) + "\n";
            writeFile(dir, QStringLiteral("fine_label_names.txt"), names);
        }
        dataset.insert(QStringLiteral("path"), dir);
    } else if (kind == QLatin1String("text")) {
        QByteArray prose;
        for (int i = 0; prose.size() < 16 * 100 + 1; ++i)
            prose += "the lab trains on what it has, " + QByteArray::number(i) + ". ";
        writeFile(m_dir.path(), folder, prose.left(16 * 100 + 1)); // 100 windows of 16, 10 held out
        dataset.insert(QStringLiteral("path"), m_dir.filePath(folder));
    } else {
        dataset.insert(QStringLiteral("samples"), 200);
        dataset.insert(QStringLiteral("classes"), 4);
        dataset.insert(QStringLiteral("shape"), QJsonArray{1, 6, 6});
    }
    QJsonObject modelJson{{QStringLiteral("kind"), model}};
    if (model == QLatin1String("mlp"))
        modelJson.insert(QStringLiteral("hidden"), QJsonArray{16});
    if (model == QLatin1String("cnn"))
        modelJson = {{QStringLiteral("kind"), model},
                     {QStringLiteral("channels"), 8},
                     {QStringLiteral("blocks"), 1},
                     {QStringLiteral("groups"), 2}};
    if (model == QLatin1String("gpt"))
        modelJson = {{QStringLiteral("kind"), model},
                     {QStringLiteral("layers"), 1},
                     {QStringLiteral("width"), 16},
                     {QStringLiteral("heads"), 2},
                     {QStringLiteral("context"), 16}};
    QJsonObject cfg = config(dataset, modelJson, 6, 6);
    cfg.insert(QStringLiteral("strategy"), QStringLiteral("dp"));
    cfg.insert(QStringLiteral("global_batch"), 16);
    cfg.insert(QStringLiteral("eval"),
               QJsonObject{{QStringLiteral("interval"), 6}, {QStringLiteral("samples"), 50}});
    const QString exportDir =
        m_dir.filePath(QStringLiteral("model-") + QString::fromLatin1(QTest::currentDataTag()));
    WorkerCluster cluster(m_dir.path());
    cluster.start(cfg, {1}, {QStringLiteral("--export-dir"), exportDir}, false);
    QVERIFY2(cluster.waitFinished(120000), cluster.summary().constData());
    QVERIFY2(cluster.exitCodes() == QList<int>{0}, cluster.summary().constData());

    QFile file(exportDir + QStringLiteral("/model.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject about = QJsonDocument::fromJson(file.readAll()).object();
    if (!firstClass.isEmpty()) {
        const QJsonArray classes = about.value(QStringLiteral("classes")).toArray();
        QCOMPARE(classes.size(), about.value(QStringLiteral("output"))
                                     .toObject()
                                     .value(QStringLiteral("shape"))
                                     .toArray()
                                     .at(1)
                                     .toInt());
        QCOMPARE(classes.first().toString(), firstClass);
    }
    QString error;
    const QJsonObject measured =
        TestSupport::evaluateModel(exportDir, dataset.value(QStringLiteral("path")).toString(), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(measured.value(QStringLiteral("samples")).toInt(), heldOut);
    if (kind == QLatin1String("synthetic")) {
        // Made again from the seed, the held-out split is the run's own: the same loss.
        const double loss =
            cluster.events(0, QStringLiteral("eval")).last().value(QStringLiteral("loss")).toDouble();
        QVERIFY2(std::abs(measured.value(QStringLiteral("loss")).toDouble() - loss) < 1e-5 * loss,
                 QJsonDocument(measured).toJson(QJsonDocument::Compact).constData());
    }
}

void TestWorkerData::writeImages(const QString &dir, int perClass, quint32 seed)
{
    static const char *const kClasses[] = {"band-top", "band-middle", "band-bottom"};
    QRandomGenerator rng(seed);
    for (int c = 0; c < 3; ++c) {
        const QString classDir = dir + QLatin1Char('/') + QLatin1String(kClasses[c]);
        QVERIFY(QDir().mkpath(classDir));
        for (int i = 0; i < perClass; ++i) {
            const int width = 12 + int(rng.bounded(29)), height = 12 + int(rng.bounded(29));
            QImage image(width, height, QImage::Format_RGB888);
            const QColor hue = QColor::fromHsv(int(rng.bounded(360)), 200, 255);
            for (int y = 0; y < height; ++y) {
                const bool band = y * 3 / height == c;
                for (int x = 0; x < width; ++x) {
                    const double light = (band ? 0.9 : 0.15) + 0.1 * rng.generateDouble();
                    image.setPixelColor(x, y,
                                        QColor::fromRgbF(float(hue.redF() * light),
                                                         float(hue.greenF() * light),
                                                         float(hue.blueF() * light)));
                }
            }
            const bool jpeg = i % 2 == 1;
            const QString name = classDir + QStringLiteral("/img%1.%2")
                                                .arg(i, 3, 10, QLatin1Char('0'))
                                                .arg(jpeg ? QStringLiteral("JPG") : QStringLiteral("png"));
            QVERIFY(image.save(name, jpeg ? "JPEG" : "PNG", jpeg ? 90 : -1));
        }
    }
}

QJsonObject TestWorkerData::imageConfig(const QString &path, const QJsonArray &shape, bool augment,
                                        int steps) const
{
    QJsonObject cfg =
        config({{QStringLiteral("kind"), QStringLiteral("images")},
                {QStringLiteral("path"), path},
                {QStringLiteral("shape"), shape},
                {QStringLiteral("augment"), augment}},
               {{QStringLiteral("kind"), QStringLiteral("mlp")}, {QStringLiteral("hidden"), QJsonArray{32}}},
               steps, 0);
    cfg.remove(QStringLiteral("eval")); // the default: each epoch's end
    return cfg;
}

void TestWorkerData::imageFolderTrains_data()
{
    QTest::addColumn<bool>("split"); // train/ and test/, or every tenth image of a class held out
    QTest::addColumn<QJsonArray>("shape");
    QTest::addColumn<bool>("augment");
    QTest::addColumn<int>("train");
    QTest::addColumn<int>("heldOut");
    QTest::newRow("train/ and test/, colour, augmented") << true << QJsonArray{3, 24, 24} << true << 90 << 30;
    QTest::newRow("one folder, grey") << false << QJsonArray{1, 12, 12} << false << 108 << 12;
}

void TestWorkerData::imageFolderTrains()
{
    QFETCH(bool, split);
    QFETCH(QJsonArray, shape);
    QFETCH(bool, augment);
    QFETCH(int, train);
    QFETCH(int, heldOut);
    const QString root =
        m_dir.filePath(split ? QStringLiteral("images-split") : QStringLiteral("images-one"));
    if (split) {
        writeImages(root + QStringLiteral("/train"), 30, 11);
        writeImages(root + QStringLiteral("/test"), 10, 12);
    } else {
        writeImages(root, 40, 13);
    }
    if (QTest::currentTestFailed())
        return;
    QList<QJsonObject> evals;
    trainWithAdamW(imageConfig(root, shape, augment, 60), 0.01, train, &evals);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(evals.last().value(QStringLiteral("samples")).toInt(), heldOut);
    // Chance is a third; the class is only where the bright band lies.
    const double accuracy = evals.last().value(QStringLiteral("accuracy")).toDouble();
    QVERIFY2(accuracy >= 0.9, qPrintable(QStringLiteral("held-out accuracy %1").arg(accuracy)));
}

void TestWorkerData::augmentationIsTheSameWhateverTheSplit()
{
    // The crop and flip of a sample come from (seed, epoch, sample): one process and three ranks with
    // uneven shares end with the same parameters. Without augmentation they end elsewhere.
    const QString root = m_dir.filePath(QStringLiteral("images-augment"));
    writeImages(root, 12, 21);
    if (QTest::currentTestFailed())
        return;
    auto run = [&](bool augment, const QList<int> &nodes, const QList<int> &batches) {
        QJsonObject cfg = imageConfig(root, QJsonArray{3, 12, 12}, augment, 6);
        cfg.insert(QStringLiteral("strategy"), QStringLiteral("hdp"));
        cfg.insert(QStringLiteral("global_batch"), 16);
        cfg.insert(QStringLiteral("nodes"), WorkerCluster::nodesJson(nodes, batches));
        WorkerCluster cluster(m_dir.path());
        cluster.start(cfg, nodes);
        if (!cluster.waitFinished(120000) || cluster.exitCodes() != QList<int>(nodes.size(), 0))
            qWarning("%s", cluster.summary().constData());
        return cluster.parameters(0);
    };
    const QVector<float> one = run(true, {1}, {});
    const QVector<float> three = run(true, {1, 1, 1}, {3, 9, 4});
    const QVector<float> plain = run(false, {1}, {});
    QVERIFY(!one.isEmpty() && !three.isEmpty() && !plain.isEmpty());
    const double split = maxAbsDiff(one, three), effect = maxAbsDiff(one, plain);
    qInfo("augmented: one process against three ranks %.3g; augmented against not %.3g", split, effect);
    QVERIFY2(split <= 1e-5, qPrintable(QString::number(split)));
    QVERIFY2(effect > 1e-4, "augmentation changed nothing");
}

void TestWorkerData::damagedImagesAreRefused_data()
{
    QTest::addColumn<QString>("damage");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("message");
    QTest::newRow("text named .jpg") << "text"
                                     << "band-top/img001.JPG"
                                     << "not a JPEG or PNG image";
    QTest::newRow("torn PNG") << "torn"
                              << "band-middle/img002.png"
                              << "damaged";
    QTest::newRow("torn held-out JPEG") << "torn test"
                                        << "test/band-bottom/img001.JPG"
                                        << "damaged";
    QTest::newRow("empty class") << "empty"
                                 << "band-empty"
                                 << "holds no JPEG or PNG image";
    QTest::newRow("train/ without test/") << "no test"
                                          << "images-bad-no-test"
                                          << "nothing to hold out";
}

void TestWorkerData::damagedImagesAreRefused()
{
    QFETCH(QString, damage);
    QFETCH(QString, file);
    QFETCH(QString, message);
    const QString root = m_dir.filePath(QStringLiteral("images-bad-") +
                                        QString(damage).replace(QLatin1Char(' '), QLatin1Char('-')));
    const bool split = damage == QLatin1String("torn test") || damage == QLatin1String("no test");
    writeImages(split ? root + QStringLiteral("/train") : root, 10, 31);
    if (damage == QLatin1String("torn test"))
        writeImages(root + QStringLiteral("/test"), 3, 32);
    if (QTest::currentTestFailed())
        return;
    const QString path = root + QLatin1Char('/') + file;
    if (damage == QLatin1String("text")) {
        writeFile(QFileInfo(path).path(), QFileInfo(path).fileName(), "these are not pixels\n");
    } else if (damage.startsWith(QLatin1String("torn"))) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.resize(f.size() / 2));
    } else if (damage == QLatin1String("empty")) {
        QVERIFY(QDir().mkpath(path));
    }
    QJsonObject cfg = imageConfig(root, QJsonArray{3, 8, 8}, false, 12);
    cfg.insert(QStringLiteral("global_batch"), 32);
    WorkerCluster cluster(m_dir.path());
    cluster.start(cfg, {1}, {}, false); // one rank: every sample passes through it
    QVERIFY2(cluster.waitFinished(60000), cluster.summary().constData());
    QCOMPARE(cluster.exitCodes(), QList<int>({4}));
    const auto error = cluster.events(0, QStringLiteral("error")).first();
    QCOMPARE(error.value(QStringLiteral("cause")).toString(), QStringLiteral("data"));
    const QString text = error.value(QStringLiteral("message")).toString();
    QVERIFY2(text.contains(message) && text.contains(file), qPrintable(text));
}

void TestWorkerData::damagedCsvIsRefused_data()
{
    QTest::addColumn<QString>("damage");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("message");
    QTest::newRow("not a number") << "cell"
                                  << "table.csv"
                                  << "line 5, column \"noise\": \"n/a\" is not a number";
    QTest::newRow("ragged row") << "ragged"
                                << "table.csv"
                                << "line 7: 3 cells where the header has 4";
    QTest::newRow("no label column") << "label"
                                     << "table.csv"
                                     << "no column \"species\" for the labels";
    QTest::newRow("too few rows") << "short"
                                  << "table.csv"
                                  << "has 6 rows; at least 10 are needed";
    QTest::newRow("missing file") << "missing"
                                  << "table.csv"
                                  << "cannot read it";
    QTest::newRow("held-out label unknown") << "unknown label"
                                            << "test.csv"
                                            << "line 3: the label \"Iris-arctica\" is not among";
}

void TestWorkerData::damagedCsvIsRefused()
{
    QFETCH(QString, damage);
    QFETCH(QString, file);
    QFETCH(QString, message);
    const QString dir = m_dir.filePath(QStringLiteral("bad-csv-") +
                                       QString(damage).replace(QLatin1Char(' '), QLatin1Char('-')));
    QDir().mkpath(dir);
    QByteArray table = csv(40, true, 4);
    QList<QByteArray> lines = table.split('\n');
    QString path = dir + QStringLiteral("/table.csv");
    if (damage == QLatin1String("cell")) {
        lines[4] = lines[4].left(lines[4].indexOf(',', lines[4].indexOf(',') + 1) + 1) + "n/a,Iris-setosa\r";
        writeFile(dir, QStringLiteral("table.csv"), lines.join('\n'));
    } else if (damage == QLatin1String("ragged")) {
        lines[6] = "1,2,Iris-setosa\r";
        writeFile(dir, QStringLiteral("table.csv"), lines.join('\n'));
    } else if (damage == QLatin1String("label")) {
        writeFile(dir, QStringLiteral("table.csv"), table.replace("species", "kind"));
    } else if (damage == QLatin1String("short")) {
        writeFile(dir, QStringLiteral("table.csv"), csv(6, true, 5));
    } else if (damage == QLatin1String("unknown label")) {
        writeFile(dir, QStringLiteral("train.csv"), table);
        writeFile(dir, QStringLiteral("test.csv"),
                  "petal_mm,\"weight, g\",noise,species\n1,2,3,Iris-setosa\n4,5,6,Iris-arctica\n");
        path = dir;
    }
    QJsonObject cfg = config(
        {{QStringLiteral("kind"), QStringLiteral("csv")},
         {QStringLiteral("path"), path},
         {QStringLiteral("label"), QStringLiteral("species")}},
        {{QStringLiteral("kind"), QStringLiteral("mlp")}, {QStringLiteral("hidden"), QJsonArray{8}}}, 2, 0);
    WorkerCluster cluster(m_dir.path());
    cluster.start(cfg, {1, 1}, {}, false);
    verifyDataErrorOnEveryRank(cluster, message, file);
}

void TestWorkerData::damagedCifarIsRefused_data()
{
    QTest::addColumn<int>("classes");
    QTest::addColumn<QString>("damage");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("message");
    QTest::newRow("torn batch") << 10 << "tear"
                                << "data_batch_2.bin"
                                << "bytes are not whole records of 3073 bytes";
    QTest::newRow("missing test batch") << 10 << "remove"
                                        << "test_batch.bin"
                                        << "cannot read";
    QTest::newRow("no batches") << 10 << "remove"
                                << "data_batch_1.bin"
                                << "holds no data_batch_1.bin";
    QTest::newRow("label beyond the classes") << 10 << "label"
                                              << "test_batch.bin"
                                              << "record 1 has label 200, not one of the 10 classes";
    QTest::newRow("cifar-10 files as cifar-100") << 100 << "cifar-10"
                                                 << "train.bin"
                                                 << "bytes are not whole records of 3074 bytes";
}

void TestWorkerData::damagedCifarIsRefused()
{
    QFETCH(int, classes);
    QFETCH(QString, damage);
    QFETCH(QString, file);
    QFETCH(QString, message);
    const QString dir = makeCifarDirectory(QStringLiteral("bad-cifar-") + damage, classes);
    const QString path = dir + QLatin1Char('/') + file;
    if (damage == QLatin1String("tear")) {
        QVERIFY(QFile(path).resize(QFileInfo(path).size() - 10));
    } else if (damage == QLatin1String("remove")) {
        QVERIFY(QFile::remove(path));
    } else if (damage == QLatin1String("label")) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.seek(3073)); // the second record's label byte
        QVERIFY(f.putChar(char(200)));
    } else {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(cifar(5, 10, 1));
    }
    WorkerCluster cluster(m_dir.path());
    cluster.start(
        config({{QStringLiteral("kind"), QStringLiteral("cifar-%1").arg(classes)},
                {QStringLiteral("path"), dir}},
               {{QStringLiteral("kind"), QStringLiteral("mlp")}, {QStringLiteral("hidden"), QJsonArray{8}}},
               3, 0),
        {1, 1}, {}, false);
    verifyDataErrorOnEveryRank(cluster, message, file);
}

QTEST_GUILESS_MAIN(TestWorkerData)
#include "tst_workerdata.moc"
