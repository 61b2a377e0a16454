// The run config's table (agent/contracts/runconfigfields.cpp, issue #30, items 1 and 2):
// one row per field, from which the worker and the controller check bounds, the form
// builds and binds its editors, and docs/run-config.md's table is generated.
#include "fieldvalues.h"
#include "runconfig.h"
#include "runconfigfield.h"
#include "translations.h"
#include "workerconfig.h"

#include <cmath>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QTest>
#include <stdexcept>

namespace contracts = hamgam::contracts;
namespace engine = hamgam::engine;

namespace {

const char *const kBegin = "<!-- generated from agent/contracts/runconfigfields.cpp; tests/engine/"
                           "tst_runconfigfields checks it: HAMGAM_WRITE_DOCS=1 build/bin/tst_runconfigfields "
                           "rewrites it -->\n";
const char *const kEnd = "<!-- end of the generated table -->";

QString keyOf(const contracts::RunConfigField &field)
{
    return QString::fromUtf8(field.key.data(), qsizetype(field.key.size()));
}

// A small valid config in which `field` applies (a cnn's channels need a cnn), as JSON.
QJsonObject contextFor(const contracts::RunConfigField &field)
{
    QJsonObject json = RunConfig().toJson();
    json[QStringLiteral("nodes")] = QJsonArray{QJsonObject{{QStringLiteral("agent"), QStringLiteral("a")},
                                                           {QStringLiteral("devices"), QJsonArray{0}}}};
    json[QStringLiteral("slowdown_schedule")] = QJsonArray{QJsonObject{
        {QStringLiteral("rank"), 0}, {QStringLiteral("from_step"), 0}, {QStringLiteral("factor"), 1.0}}};
    if (!field.appliesWhen.empty()) {
        const std::string_view when = field.appliesWhen;
        const auto eq = when.find('=');
        const QString on = QString::fromUtf8(when.data(), qsizetype(eq));
        const std::string_view rest = when.substr(eq + 1);
        const QString value =
            QString::fromUtf8(rest.data(), qsizetype(rest.substr(0, rest.find('|')).size()));
        const QStringList path = on.split(QLatin1Char('.'));
        QJsonObject section = json.value(path[0]).toObject();
        section[path[1]] = value;
        if (value == QLatin1String("gpt") || value == QLatin1String("synthetic")) {
            // gpt trains on text or synthetic data, and the table's other fields follow.
            QJsonObject dataset{{QStringLiteral("kind"), QStringLiteral("synthetic")}};
            json[QStringLiteral("dataset")] = dataset;
        }
        if (value == QLatin1String("csv") || value == QLatin1String("images") ||
            value == QLatin1String("torchscript")) {
            section[QStringLiteral("path")] = QStringLiteral("/data/x");
        }
        json[path[0]] = section;
    }
    return json;
}

void setAt(QJsonObject &json, const contracts::RunConfigField &field, const QJsonValue &value)
{
    const QString key = keyOf(field);
    if (key.contains(QLatin1String("[]."))) {
        const QString list = key.section(QLatin1String("[]."), 0, 0);
        const QString leaf = key.section(QLatin1String("[]."), 1);
        QJsonArray entries = json.value(list).toArray();
        QJsonObject entry = entries.first().toObject();
        entry[leaf] = value;
        entries[0] = entry;
        json[list] = entries;
        return;
    }
    const QStringList path = key.split(QLatin1Char('.'));
    if (path.size() == 1) {
        json[key] = value;
        return;
    }
    QJsonObject section = json.value(path[0]).toObject();
    section[path[1]] = value;
    json[path[0]] = section;
}

// The table's value just outside a bound, as the field's JSON.
QJsonValue outside(const contracts::RunConfigField &field, bool belowMin)
{
    const bool whole =
        field.type != contracts::FieldType::Number && field.type != contracts::FieldType::NumberPair;
    const double step = whole ? 1 : (std::abs(belowMin ? field.min : field.max) > 1 ? 0.5 : 1e-3);
    double v = belowMin ? (field.minOpen ? field.min : field.min - step)
                        : (field.maxOpen ? field.max : field.max + step);
    // eval.interval: RunConfig holds the word "epoch" as -1 (RunConfig::Eval::EachEpoch) and writes it as the
    // word.
    if (field.type == contracts::FieldType::StepsOrEpoch && belowMin)
        v = RunConfig::Eval::EachEpoch - 1;
    if (field.type == contracts::FieldType::IntegerList)
        return QJsonArray{v};
    if (field.type == contracts::FieldType::NumberPair)
        return QJsonArray{v, 0.5};
    return v;
}

} // namespace

class TestRunConfigFields : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keysAreOnceAndFound();
    void boundsAreWorded();
    void heldByKeyFieldsStartAtTheirDefault();
    void bothSidesHoldEveryBound_data();
    void bothSidesHoldEveryBound();
    void choicesAreTheTables();
    void aFieldHeldByKeyCrossesToTheWorker();
    void docsTableIsGenerated();
};

void TestRunConfigFields::keysAreOnceAndFound()
{
    QSet<QString> keys;
    for (const contracts::RunConfigField &field : contracts::runConfigFields()) {
        QVERIFY2(!keys.contains(keyOf(field)), qPrintable(keyOf(field)));
        keys.insert(keyOf(field));
        QVERIFY2(!field.label.empty() && !field.meaning.empty(), qPrintable(keyOf(field)));
        QCOMPARE(contracts::findRunConfigField(field.key), &field);
        // Its default is valid JSON of its type, inside its own bounds.
        const QJsonValue def =
            QJsonDocument::fromJson("[" + QByteArray(field.defaultJson.data()) + "]").array().first();
        QVERIFY2(!def.isUndefined(), qPrintable(keyOf(field)));
        if (def.isDouble() && field.type != contracts::FieldType::StepsOrEpoch)
            QVERIFY2(field.inBounds(def.toDouble()), qPrintable(keyOf(field)));
    }
    QCOMPARE(contracts::canonicalKey("nodes[12].batch"), std::string("nodes[].batch"));
    QCOMPARE(contracts::findRunConfigField("nodes[3].max_batch")->key, std::string_view("nodes[].max_batch"));
    QVERIFY(!contracts::findRunConfigField("optimizer.lerning_rate"));
}

void TestRunConfigFields::boundsAreWorded()
{
    const auto &lr = *contracts::findRunConfigField("optimizer.lr");
    QCOMPARE(lr.boundsProblem(0), std::string("must be above 0 and at most 10"));
    QCOMPARE(lr.boundsProblem(0.1), std::string());
    QCOMPARE(lr.boundsText(), std::string("(0, 10]"));
    QCOMPARE(contracts::findRunConfigField("model.channels")->boundsText(), std::string("1–1024"));
    QCOMPARE(contracts::findRunConfigField("schedule.warmup_steps")->boundsProblem(-1),
             std::string("must be at least 0"));
    QVERIFY(!contracts::findRunConfigField("optimizer.momentum")->inBounds(1.0));
    QVERIFY(!contracts::findRunConfigField("optimizer.momentum")->inBounds(std::nan("")));
    Translations::Scoped english(QStringLiteral("en"));
    QCOMPARE(RunConfig::boundsMessage(QStringLiteral("optimizer.lr")),
             QStringLiteral("learning rate must be above 0 and at most 10"));
    QCOMPARE(RunConfig::boundsMessage(QStringLiteral("nodes[2].slowdown")),
             QStringLiteral("emulated slowdown must be between 1 and 100"));
    // The label is the table's, in the user's language.
    Translations::Scoped persian(QStringLiteral("fa"));
    QVERIFY2(
        RunConfig::boundsMessage(QStringLiteral("optimizer.lr")).startsWith(QStringLiteral("نرخ یادگیری")),
        qPrintable(RunConfig::boundsMessage(QStringLiteral("optimizer.lr"))));
}

void TestRunConfigFields::heldByKeyFieldsStartAtTheirDefault()
{
    const contracts::FieldValues values;
    QCOMPARE(values.number("loss.label_smoothing"), 0.0);
    contracts::FieldValues changed;
    changed.set("loss.label_smoothing", contracts::FieldValues::Value(0.1));
    QCOMPARE(changed.number("loss.label_smoothing"), 0.1);
    // A key the table does not hold by key, or a value of another type, is a programming error.
    QVERIFY_THROWS_EXCEPTION(std::logic_error, values.number("optimizer.lr"));
    QVERIFY_THROWS_EXCEPTION(std::logic_error,
                             changed.set("loss.label_smoothing", contracts::FieldValues::Value(true)));
}

void TestRunConfigFields::bothSidesHoldEveryBound_data()
{
    QTest::addColumn<int>("index");
    QTest::addColumn<bool>("belowMin");
    const auto &all = contracts::runConfigFields();
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (all[i].hasMin())
            QTest::addRow("%s below", all[i].key.data()) << int(i) << true;
        if (all[i].hasMax())
            QTest::addRow("%s above", all[i].key.data()) << int(i) << false;
    }
}

void TestRunConfigFields::bothSidesHoldEveryBound()
{
    QFETCH(int, index);
    QFETCH(bool, belowMin);
    const contracts::RunConfigField &field = contracts::runConfigFields().at(std::size_t(index));
    QJsonObject json = contextFor(field);
    {
        // The context alone is valid on both sides.
        QList<ConfigError> errors;
        const RunConfig c = RunConfig::fromJson(json, &errors);
        QVERIFY(errors.isEmpty());
        const QList<ConfigError> problems = c.validate();
        QVERIFY2(problems.isEmpty(),
                 qPrintable(problems.value(0).field + QLatin1String(": ") + problems.value(0).message));
        const auto w = engine::WorkerConfig::parse(QJsonDocument(json).toJson().toStdString());
        QVERIFY2(w.ok(), w.ok() ? "" : w.error().message.c_str());
    }
    setAt(json, field, outside(field, belowMin));
    Translations::Scoped english(QStringLiteral("en"));
    QList<ConfigError> errors;
    const RunConfig c = RunConfig::fromJson(json, &errors);
    QVERIFY(errors.isEmpty());
    const QString canonical = keyOf(field);
    const QList<ConfigError> problems = c.validate();
    const bool refused = std::any_of(problems.cbegin(), problems.cend(), [&](const ConfigError &e) {
        return QString::fromStdString(contracts::canonicalKey(e.field.toStdString())) == canonical &&
               e.message == RunConfig::boundsMessage(canonical);
    });
    QVERIFY2(refused, qPrintable(QStringLiteral("the controller lets %1 pass").arg(canonical)));
    const auto w = engine::WorkerConfig::parse(QJsonDocument(json).toJson().toStdString());
    QVERIFY2(!w.ok(), "the worker lets it pass");
    QVERIFY2(QString::fromStdString(w.error().message).contains(canonical), w.error().message.c_str());
}

void TestRunConfigFields::choicesAreTheTables()
{
    QCOMPARE(RunConfig::strategies().join(QLatin1Char(' ')),
             QStringLiteral("dp hdp lsdp lshdp fsdp tp1d tp2d tp3d"));
    QCOMPARE(RunConfig::modelKinds().size(), 4);
    QVERIFY(RunConfig::datasetKinds().contains(QStringLiteral("cifar-100")));
}

void TestRunConfigFields::aFieldHeldByKeyCrossesToTheWorker()
{
    // loss.label_smoothing has no member on either side: its row alone parses, writes and checks it.
    QJsonObject json = RunConfig().toJson();
    json[QStringLiteral("loss")] = QJsonObject{{QStringLiteral("label_smoothing"), 0.1}};
    QList<ConfigError> errors;
    QList<UnknownConfigField> unknown;
    const RunConfig c = RunConfig::fromJson(json, &errors, &unknown);
    QVERIFY(errors.isEmpty());
    QVERIFY(unknown.isEmpty());
    QCOMPARE(c.byKey.number("loss.label_smoothing"), 0.1);
    QCOMPARE(c.toJson()
                 .value(QStringLiteral("loss"))
                 .toObject()
                 .value(QStringLiteral("label_smoothing"))
                 .toDouble(),
             0.1);
    const auto w = engine::WorkerConfig::parse(QJsonDocument(c.toJson()).toJson().toStdString());
    QVERIFY2(w.ok(), w.ok() ? "" : w.error().message.c_str());
    QCOMPARE(w->byKey.number("loss.label_smoothing"), 0.1);
    QVERIFY(w->unknownKeys.empty());
    // A typo inside its object is still unknown to both.
    json[QStringLiteral("loss")] = QJsonObject{{QStringLiteral("label_smothing"), 0.1}};
    RunConfig::fromJson(json, &errors, &unknown);
    QCOMPARE(unknown.size(), 1);
    QCOMPARE(unknown.first().suggestion, QStringLiteral("loss.label_smoothing"));
    const auto typo = engine::WorkerConfig::parse(QJsonDocument(json).toJson().toStdString());
    QVERIFY(typo.ok());
    QCOMPARE(typo->unknownKeys, std::vector<std::string>{"loss.label_smothing"});
    // And a value of the wrong type is refused by both.
    json[QStringLiteral("loss")] = QJsonObject{{QStringLiteral("label_smoothing"), QStringLiteral("0.1")}};
    errors.clear();
    RunConfig::fromJson(json, &errors);
    QCOMPARE(errors.size(), 1);
    QCOMPARE(errors.first().field, QStringLiteral("loss.label_smoothing"));
    QVERIFY(!engine::WorkerConfig::parse(QJsonDocument(json).toJson().toStdString()).ok());
}

void TestRunConfigFields::docsTableIsGenerated()
{
    const QString path = QStringLiteral(HAMGAM_SOURCE_DIR "/docs/run-config.md");
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(file.readAll());
    file.close();
    const qsizetype begin = text.indexOf(QString::fromUtf8(kBegin));
    const qsizetype end = text.indexOf(QString::fromUtf8(kEnd));
    QVERIFY2(begin >= 0 && end > begin, "docs/run-config.md has no generated table");
    const qsizetype from = begin + QString::fromUtf8(kBegin).size();
    const QString table = QString::fromStdString(contracts::runConfigMarkdownTable());
    if (qEnvironmentVariableIsSet("HAMGAM_WRITE_DOCS")) {
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write((text.left(from) + table + text.mid(end)).toUtf8());
        return;
    }
    QVERIFY2(text.mid(from, end - from) == table, "docs/run-config.md's table differs from the table: "
                                                  "HAMGAM_WRITE_DOCS=1 build/bin/tst_runconfigfields");
}

QTEST_GUILESS_MAIN(TestRunConfigFields)
#include "tst_runconfigfields.moc"
