// The run config: JSON round trip, one clear message per bad field, and the
// config diff that Compare shows.
#include "runconfig.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

class TestRunConfig : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void defaultsAreValidOnceNodesAreGiven();
    void roundTrip();
    void invalid_data();
    void invalid();
    void typeErrorsNameTheField();
    void wireDtypes();
    void evaluationAtEachEpochByDefault();
    void notJson();
    void unknownFields_data();
    void unknownFields();
    void everyWrittenFieldIsKnown();
    void differingFields();
    void tensorParallelStrategies_data();
    void tensorParallelStrategies();

private:
    static RunConfig valid()
    {
        RunConfig c;
        c.name = QStringLiteral("test");
        c.nodes = {{QStringLiteral("node-a"), QStringLiteral("a"), {0}, {}, {}, 1.0},
                   {QStringLiteral("node-b"), QStringLiteral("b"), {0, 1}, {}, {}, 1.0}};
        return c;
    }
};

void TestRunConfig::defaultsAreValidOnceNodesAreGiven()
{
    QVERIFY(valid().validate().isEmpty());
    RunConfig empty;
    const auto errors = empty.validate();
    QCOMPARE(errors.size(), 1);
    QCOMPARE(errors.first().field, QStringLiteral("nodes"));
}

void TestRunConfig::roundTrip()
{
    RunConfig c = valid();
    c.strategy = QStringLiteral("hdp");
    c.model.kind = QStringLiteral("gpt");
    c.model.layers = 3;
    c.dataset.kind = QStringLiteral("text");
    c.dataset.path = QStringLiteral("/tmp/corpus.txt");
    c.optimizer.kind = QStringLiteral("adamw");
    c.optimizer.beta2 = 0.95;
    c.nodes[0].batch = 100;
    c.nodes[1].batch = 156;
    c.nodes[1].maxBatch = 200;
    c.slowdownSchedule = {{1, 30, 2.0}};
    QList<ConfigError> errors;
    const RunConfig back = RunConfig::fromJson(c.toJson(), &errors);
    QVERIFY(errors.isEmpty());
    QCOMPARE(back.toJson(), c.toJson());
    QCOMPARE(back.nodes[1].maxBatch.value_or(0), 200);
    QCOMPARE(back.optimizer.beta2, 0.95);
    QCOMPARE(back.slowdownSchedule.first().fromStep, 30);
}

void TestRunConfig::invalid_data()
{
    QTest::addColumn<QString>("patch"); // JSON merged into a valid config
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("message");
    QTest::newRow("global batch below devices") << R"({"global_batch": 2})"
                                                << "global_batch"
                                                << "smaller than the number of devices";
    QTest::newRow("unknown model") << R"({"model": {"kind": "resnet9000"}})"
                                   << "model.kind"
                                   << "unknown model";
    QTest::newRow("unknown strategy") << R"({"strategy": "zero"})"
                                      << "strategy"
                                      << "unknown strategy";
    QTest::newRow("dataset missing") << R"({"dataset": {"kind": "fashion-mnist", "path": ""}})"
                                     << "dataset.path"
                                     << "missing";
    QTest::newRow("steps and epochs") << R"({"steps": 10, "epochs": 2})"
                                      << "steps"
                                      << "either";
    QTest::newRow("no steps") << R"({"steps": 0})"
                              << "steps"
                              << "either";
    QTest::newRow("node listed twice")
        << R"({"nodes": [{"agent": "x", "devices": [0]}, {"agent": "x", "devices": [0]}]})"
        << "nodes[1].agent"
        << "listed twice";
    QTest::newRow("override does not sum")
        << R"({"nodes": [{"agent": "x", "devices": [0], "batch": 100}, {"agent": "y", "devices": [0], "batch": 100}]})"
        << "nodes"
        << "add up to 200";
    QTest::newRow("override for one node only")
        << R"({"nodes": [{"agent": "x", "devices": [0], "batch": 100}, {"agent": "y", "devices": [0]}]})"
        << "nodes"
        << "every node";
    QTest::newRow("duplicate device") << R"({"nodes": [{"agent": "x", "devices": [0, 0]}]})"
                                      << "nodes[0].devices"
                                      << "distinct";
    QTest::newRow("slowdown below 1") << R"({"nodes": [{"agent": "x", "devices": [0], "slowdown": 0.5}]})"
                                      << "nodes[0].slowdown"
                                      << "between 1 and 100";
    QTest::newRow("learning rate") << R"({"optimizer": {"kind": "sgd", "lr": 0}})"
                                   << "optimizer.lr"
                                   << "learning rate";
    QTest::newRow("unknown optimizer") << R"({"optimizer": {"kind": "lion"}})"
                                       << "optimizer.kind"
                                       << "unknown optimizer";
    QTest::newRow("heads do not divide width")
        << R"({"model": {"kind": "gpt", "width": 100, "heads": 3}, "dataset": {"kind": "text", "path": "/x"}})"
        << "model.heads"
        << "divide";
    QTest::newRow("gpt on images") << R"({"model": {"kind": "gpt"}})"
                                   << "dataset.kind"
                                   << "text";
    QTest::newRow("checkpoint dir") << R"({"checkpoint": {"interval": 10, "dir": ""}})"
                                    << "checkpoint.dir"
                                    << "checkpoint directory";
    QTest::newRow("timeout") << R"({"comm": {"timeout_s": 1}})"
                             << "comm.timeout_s"
                             << "timeout";
    QTest::newRow("wire dtype") << R"({"comm": {"dtype": "fp8"}})"
                                << "comm.dtype"
                                << "fp32, fp16 or bf16";
    QTest::newRow("version") << R"({"version": 7})"
                             << "version"
                             << "not supported";
    QTest::newRow("no name") << R"({"name": "  "})"
                             << "name"
                             << "name";
    // Paths every agent opens on its own disk, where a relative path means nothing (agent/pathpolicy.cpp).
    QTest::newRow("TorchScript path relative")
        << R"({"model": {"kind": "torchscript", "path": "models/net.pt"}})"
        << "model.path"
        << "give an absolute path";
    QTest::newRow("dataset path relative")
        << R"({"dataset": {"kind": "fashion-mnist", "path": "data/fashion"}})"
        << "dataset.path"
        << "give an absolute path";
    QTest::newRow("text path relative")
        << R"({"model": {"kind": "gpt"}, "dataset": {"kind": "text", "path": "corpus.txt"}})"
        << "dataset.path"
        << "give an absolute path";
    QTest::newRow("checkpoint dir relative") << R"({"checkpoint": {"dir": "ckpt"}})"
                                             << "checkpoint.dir"
                                             << "give an absolute path";
    // What the worker refuses, refused here first (tests/engine/tst_configschema.cpp).
    QTest::newRow("cnn on flat samples")
        << R"({"model": {"kind": "cnn"}, "dataset": {"kind": "synthetic", "shape": [784]}})"
        << "dataset.shape"
        << "[channels, height, width]";
    QTest::newRow("memory cap below the device count")
        << R"({"nodes": [{"agent": "x", "devices": [0, 1], "max_batch": 1}]})"
        << "nodes[0].max_batch"
        << "each of its devices";
}

void TestRunConfig::invalid()
{
    QFETCH(QString, patch);
    QFETCH(QString, field);
    QFETCH(QString, message);
    QJsonObject json = valid().toJson();
    const QJsonObject p = QJsonDocument::fromJson(patch.toUtf8()).object();
    for (auto it = p.begin(); it != p.end(); ++it)
        json[it.key()] = it.value();
    QList<ConfigError> errors;
    const RunConfig c = RunConfig::fromJson(json, &errors);
    QVERIFY(errors.isEmpty());
    errors = c.validate();
    QVERIFY2(!errors.isEmpty(), "no error reported");
    bool found = false;
    for (const ConfigError &e : std::as_const(errors)) {
        if (e.field == field && e.message.contains(message))
            found = true;
    }
    QVERIFY2(found, qPrintable(QStringLiteral("expected %1: ...%2...; got %3: %4")
                                   .arg(field, message, errors.first().field, errors.first().message)));
    // One message per bad field: the valid fields do not complain.
    QVERIFY(errors.size() <= 2);
}

// comm.dtype (issue #16); a file's older `fp16: true` reads as fp16.
void TestRunConfig::wireDtypes()
{
    auto read = [](const char *comm, QList<ConfigError> *errors) {
        QJsonObject json = valid().toJson();
        json[QStringLiteral("comm")] = QJsonDocument::fromJson(comm).object();
        return RunConfig::fromJson(json, errors);
    };
    QList<ConfigError> errors;
    const RunConfig older = read(R"({"fp16": true})", &errors);
    QVERIFY(errors.isEmpty());
    QCOMPARE(older.comm.dtype, QStringLiteral("fp16"));
    QCOMPARE(
        older.toJson().value(QStringLiteral("comm")).toObject().value(QStringLiteral("dtype")).toString(),
        QStringLiteral("fp16"));
    const RunConfig bf16 = read(R"({"dtype": "bf16"})", &errors);
    QVERIFY(errors.isEmpty() && bf16.validate().isEmpty());
    QVERIFY(bf16.comm.halfPrecision());
    QCOMPARE(RunConfig::fromJson(bf16.toJson(), &errors).comm.dtype, QStringLiteral("bf16"));
    QVERIFY(!valid().comm.halfPrecision());
    (void)read(R"({"fp16": true, "dtype": "bf16"})", &errors);
    QCOMPARE(errors.size(), 1);
    QCOMPARE(errors.first().field, QStringLiteral("comm.dtype"));
    QVERIFY(errors.first().message.contains(QLatin1String("give one")));
}

void TestRunConfig::evaluationAtEachEpochByDefault()
{
    QCOMPARE(valid().eval.interval, RunConfig::Eval::EachEpoch);
    QCOMPARE(valid().toJson().value(QStringLiteral("eval")).toObject().value(QStringLiteral("interval")),
             QJsonValue(QStringLiteral("epoch")));
    auto read = [](const QJsonValue &interval, QList<ConfigError> *errors) {
        QJsonObject json = valid().toJson();
        json[QStringLiteral("eval")] = QJsonObject{{QStringLiteral("interval"), interval}};
        errors->clear();
        return RunConfig::fromJson(json, errors);
    };
    QList<ConfigError> errors;
    QCOMPARE(read(QStringLiteral("epoch"), &errors).eval.interval, RunConfig::Eval::EachEpoch);
    QVERIFY(errors.isEmpty());
    const RunConfig every = read(250, &errors);
    QVERIFY(errors.isEmpty() && every.validate().isEmpty());
    QCOMPARE(RunConfig::fromJson(every.toJson(), &errors).eval.interval, 250);
    QCOMPARE(read(0, &errors).eval.interval, 0); // off
    (void)read(QStringLiteral("weekly"), &errors);
    QCOMPARE(errors.size(), 1);
    QCOMPARE(errors.first().field, QStringLiteral("eval.interval"));
    QVERIFY2(errors.first().message.contains(QLatin1String("\"epoch\"")), qPrintable(errors.first().message));
    RunConfig negative = valid();
    negative.eval.interval = -5;
    QCOMPARE(negative.validate().size(), 1);
}

void TestRunConfig::typeErrorsNameTheField()
{
    QJsonObject json = valid().toJson();
    json[QStringLiteral("global_batch")] = QStringLiteral("lots");
    json[QStringLiteral("optimizer")] = QJsonObject{{QStringLiteral("lr"), QStringLiteral("fast")}};
    json[QStringLiteral("nodes")] =
        QJsonArray{QJsonObject{{QStringLiteral("agent"), 5}, {QStringLiteral("devices"), QJsonArray{0}}}};
    QList<ConfigError> errors;
    RunConfig::fromJson(json, &errors);
    QStringList fields;
    for (const ConfigError &e : std::as_const(errors))
        fields << e.field;
    fields.sort();
    QCOMPARE(fields, (QStringList{QStringLiteral("global_batch"), QStringLiteral("nodes[0].agent"),
                                  QStringLiteral("optimizer.lr")}));
}

void TestRunConfig::notJson()
{
    QList<ConfigError> errors;
    RunConfig::fromJsonText("{\"name\": ", &errors);
    QCOMPARE(errors.size(), 1);
    QVERIFY(errors.first().message.contains(QLatin1String("JSON")));
    errors.clear();
    RunConfig::fromJsonText("[1,2]", &errors);
    QCOMPARE(errors.size(), 1);
}

// Issue #21: a typo ("stpes") was silently ignored and the default 500 steps trained.
void TestRunConfig::unknownFields_data()
{
    QTest::addColumn<QString>("patch");        // JSON merged into a valid config, one level deep
    QTest::addColumn<QStringList>("expected"); // "field -> suggestion" ("" when none)
    QTest::newRow("swapped letters") << R"({"stpes": 100})" << QStringList{QStringLiteral("stpes -> steps")};
    QTest::newRow("missing letter, nested")
        << R"({"optimizer": {"kind": "sgd", "lerning_rate": 0.1}})"
        << QStringList{QStringLiteral("optimizer.lerning_rate -> optimizer.lr")};
    QTest::newRow("another framework's name")
        << R"({"batch_size": 64})" << QStringList{QStringLiteral("batch_size -> global_batch")};
    QTest::newRow("case and dashes") << R"({"Global-Batch": 64})"
                                     << QStringList{QStringLiteral("Global-Batch -> global_batch")};
    QTest::newRow("one level too high")
        << R"({"lr": 0.1})" << QStringList{QStringLiteral("lr -> optimizer.lr")};
    QTest::newRow("inside a node")
        << R"({"nodes": [{"agent": "a", "devcies": [0]}, {"agent": "b", "gpus": [1]}]})"
        << QStringList{QStringLiteral("nodes[0].devcies -> nodes[0].devices"),
                       QStringLiteral("nodes[1].gpus -> nodes[1].devices")};
    QTest::newRow("a newer version's field")
        << R"({"mixed_precision": {"enabled": true}})" << QStringList{QStringLiteral("mixed_precision -> ")};
    QTest::newRow("a newer version's nested field")
        << R"({"comm": {"sparsify": "top_k"}})" << QStringList{QStringLiteral("comm.sparsify -> ")};
    QTest::newRow("every field known") << R"({"steps": 100, "comm": {"fp16": true}})" << QStringList{};
}

void TestRunConfig::unknownFields()
{
    QFETCH(QString, patch);
    QFETCH(QStringList, expected);
    QJsonObject json = valid().toJson();
    const QJsonObject p = QJsonDocument::fromJson(patch.toUtf8()).object();
    for (auto it = p.begin(); it != p.end(); ++it)
        json[it.key()] = it.value();
    QList<ConfigError> errors;
    QList<UnknownConfigField> unknown;
    const RunConfig c = RunConfig::fromJson(json, &errors, &unknown);
    QVERIFY(errors.isEmpty());
    QStringList got;
    for (const UnknownConfigField &u : std::as_const(unknown)) {
        got << u.field + QStringLiteral(" -> ") + u.suggestion;
        // Said as the user reads it: a "did you mean" only with a suggestion.
        QCOMPARE(u.message().contains(QLatin1String("did you mean \"") + u.suggestion + QLatin1Char('"')),
                 !u.suggestion.isEmpty());
        QCOMPARE(u.asError().field, u.field);
    }
    QCOMPARE(got, expected);
    // Ignored, not an error: the config still parses and the rest of it holds.
    QCOMPARE(c.nodes.size(), json.value(QStringLiteral("nodes")).toArray().size());
    // Without the list nothing changes for the callers that do not ask.
    QList<ConfigError> again;
    QCOMPARE(RunConfig::fromJson(json, &again).toJson(), c.toJson());
    QVERIFY(again.isEmpty());
}

void TestRunConfig::everyWrittenFieldIsKnown()
{
    // What this version writes, it reads back with no field unknown, whatever model and dataset.
    for (const QString &model : RunConfig::modelKinds()) {
        for (const QString &dataset : RunConfig::datasetKinds()) {
            RunConfig c = valid();
            c.model.kind = model;
            c.dataset.kind = dataset;
            c.slowdownSchedule = {{1, 30, 2.0}};
            c.nodes[0].batch = 100;
            QList<ConfigError> errors;
            QList<UnknownConfigField> unknown;
            RunConfig::fromJson(c.toJson(), &errors, &unknown);
            QVERIFY2(unknown.isEmpty(), qPrintable(model + QLatin1Char('/') + dataset + QStringLiteral(": ") +
                                                   unknown.value(0).field));
        }
    }
}

void TestRunConfig::differingFields()
{
    RunConfig a = valid();
    RunConfig b = valid();
    b.strategy = QStringLiteral("dp");
    b.optimizer.lr = 0.1;
    b.nodes[1].devices = {0};
    QStringList diff = RunConfig::differingFields(a.toJson(), b.toJson());
    diff.sort();
    QCOMPARE(diff, (QStringList{QStringLiteral("nodes[1].devices"), QStringLiteral("optimizer.lr"),
                                QStringLiteral("strategy")}));
    QVERIFY(RunConfig::differingFields(a.toJson(), a.toJson()).isEmpty());

    // Issue #31, item 2: for people, the machines' ids are no setting, and a field a config lacks
    // (a file from before it existed) differs only from a value other than its default.
    QJsonObject older = a.toJson();
    QJsonObject loss = older.value(QStringLiteral("loss")).toObject();
    older.remove(QStringLiteral("loss"));
    b = a;
    b.nodes[0].agent = QStringLiteral("another-agent-id");
    QCOMPARE(RunConfig::differingFields(older, b.toJson()).size(), 2); // loss.label_smoothing, nodes[0].agent
    QVERIFY(RunConfig::differingSettings(older, b.toJson()).isEmpty());
    b.byKey.set("loss.label_smoothing", 0.1);
    QCOMPARE(RunConfig::differingSettings(older, b.toJson()),
             QStringList{QStringLiteral("loss.label_smoothing")});
    QVERIFY(!loss.isEmpty());
}

void TestRunConfig::tensorParallelStrategies_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QList<int>>("devices"); // per node
    QTest::addColumn<QString>("patch");      // merged into the config
    QTest::addColumn<QString>("field");      // empty: valid
    QTest::addColumn<QString>("message");
    QTest::newRow("tp1d any count") << "tp1d" << QList<int>{3, 3} << "{}"
                                    << ""
                                    << "";
    QTest::newRow("tp2d 4 and 4") << "tp2d" << QList<int>{4, 4} << "{}"
                                  << ""
                                  << "";
    QTest::newRow("tp3d 8") << "tp3d" << QList<int>{8} << "{}"
                            << ""
                            << "";
    QTest::newRow("tp2d one device") << "tp2d" << QList<int>{1, 1} << "{}"
                                     << ""
                                     << "";
    QTest::newRow("tp2d on 3") << "tp2d" << QList<int>{4, 3} << "{}"
                               << "nodes[1].devices"
                               << "b has 3 devices, which is not a square";
    QTest::newRow("tp3d on 4") << "tp3d" << QList<int>{4} << "{}"
                               << "nodes[0].devices"
                               << "a has 4 devices, which is not a cube";
    QTest::newRow("tp1d unequal") << "tp1d" << QList<int>{2, 1} << "{}"
                                  << "nodes"
                                  << "same number of devices on every node (a has 2, b has 1)";
    QTest::newRow("tp1d cnn") << "tp1d" << QList<int>{2} << R"({"model": {"kind": "cnn"}})"
                              << "model.kind"
                              << "mlp and gpt models, not cnn";
    // The mlp's input and output layers are cut too: a sample and the classes need q each.
    QTest::newRow("tp3d 27, two classes")
        << "tp3d" << QList<int>{27} << R"({"dataset": {"kind": "synthetic", "classes": 2}})"
        << "dataset.classes"
        << "cuts the output layer into 3 blocks: it needs at least 3 classes";
    QTest::newRow("tp2d 9, samples of two values")
        << "tp2d" << QList<int>{9} << R"({"dataset": {"kind": "synthetic", "shape": [2]}})"
        << "dataset.shape"
        << "a sample needs at least 3 values";
    QTest::newRow("tp2d 121 on Fashion-MNIST") << "tp2d" << QList<int>{121} << R"({"global_batch": 256})"
                                               << "dataset.kind"
                                               << "it needs at least 11 classes";
    QTest::newRow("tp2d 4, two classes")
        << "tp2d" << QList<int>{4} << R"({"dataset": {"kind": "synthetic", "classes": 2}})"
        << ""
        << "";
    QTest::newRow("tp2d one head")
        << "tp2d" << QList<int>{4}
        << R"({"model": {"kind": "gpt", "heads": 1, "width": 64}, "dataset": {"kind": "text", "path": "/x"}})"
        << "model.heads"
        << "at least 2";
}

void TestRunConfig::tensorParallelStrategies()
{
    QFETCH(QString, strategy);
    QFETCH(QList<int>, devices);
    QFETCH(QString, patch);
    QFETCH(QString, field);
    QFETCH(QString, message);
    // The run setup form offers what strategies() lists, each with its explanation.
    QVERIFY(RunConfig::strategies().contains(strategy));
    QVERIFY(!RunConfig::strategyDescription(strategy).isEmpty());

    RunConfig c = valid();
    c.strategy = strategy;
    c.globalBatch = 64;
    c.nodes.clear();
    for (qsizetype n = 0; n < devices.size(); ++n) {
        RunConfig::Node node;
        node.agent = QStringLiteral("node-%1").arg(n);
        node.name = QString(QLatin1Char(char('a' + n)));
        node.devices.clear();
        for (int d = 0; d < devices[n]; ++d)
            node.devices.append(d);
        c.nodes.append(node);
    }
    QJsonObject json = c.toJson();
    const QJsonObject p = QJsonDocument::fromJson(patch.toUtf8()).object();
    for (auto it = p.begin(); it != p.end(); ++it)
        json[it.key()] = it.value();
    QList<ConfigError> errors;
    c = RunConfig::fromJson(json, &errors);
    QVERIFY(errors.isEmpty());
    errors = c.validate();
    if (field.isEmpty()) {
        QVERIFY2(errors.isEmpty(), qPrintable(errors.isEmpty() ? QString()
                                                               : errors.first().field + QLatin1String(": ") +
                                                                     errors.first().message));
        return;
    }
    QCOMPARE(errors.size(), 1); // one clear message
    QCOMPARE(errors.first().field, field);
    QVERIFY2(errors.first().message.contains(message), qPrintable(errors.first().message));
}

QTEST_APPLESS_MAIN(TestRunConfig)
#include "tst_runconfig.moc"
