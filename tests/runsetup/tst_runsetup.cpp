// The run setup form as a user fills it in: each bad value shows its message
// next to its own field and disables Check and Start; putting it right clears
// the message and enables them again. A config saved as JSON loads back the
// same; the messages and the explanations under the choices follow a switch to
// Persian; the action icons render offscreen.
#include "appicons.h"
#include "configfieldeditors.h"
#include "noderegistry.h"
#include "runsetupwidget.h"
#include "testsupport.h"
#include "traininggroupmodel.h"
#include "translatabletext.h"
#include "translations.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeWidget>

using namespace TestSupport;

/// "field:<key>=<value>" edits, applied in order.
using Edits = QStringList;

class TestRunSetup : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();
    void validConfigCanStart();
    void badValueShowsNextToItsField_data();
    void badValueShowsNextToItsField();
    void groupChangeThatBreaksTheManualSplitOpensAdvanced();
    void groupProblemsShowBelowTheForm();
    void savedConfigLoadsBackTheSame();
    void editorsFollowTheTable();
    void loadWarnsOfUnknownFields();
    void loadingAnotherConfigClearsOldFindings();
    void theCheckShowsTheLinkForecast();
    void modelAndDatasetAreExplained();
    void aTallWindowLeavesNoGapInTheForm();
    void messagesFollowTheLanguage();
    void agentFindingsFollowTheLanguage();
    void plainMessagesGoOnALanguageChange();
    void actionIconsRender();

private:
    static RunConfig validConfig();
    void apply(const Edits &edits);
    /// The message shown next to a field, or an empty string when none is shown.
    QString shownError(const QString &field) const;
    /// Waits out the form's debounced validation.
    void settle() const;

    std::unique_ptr<Translations> m_translations;
    Controller m_controller;
    std::unique_ptr<NodeRegistry> m_registry;
    std::unique_ptr<TrainingGroupModel> m_group;
    std::unique_ptr<RunSetupWidget> m_form;
};

void TestRunSetup::initTestCase()
{
    // English plural forms ("2 machines") come from the English catalogue.
    m_translations = std::make_unique<Translations>();
    QVERIFY(m_translations->setLanguage(QStringLiteral("en")));
    m_controller = makeController();
    m_registry = std::make_unique<NodeRegistry>(m_controller.profile.identity(), m_controller.profile.pins());
}

void TestRunSetup::cleanupTestCase()
{
    m_registry.reset();
    m_translations.reset();
}

void TestRunSetup::init()
{
    // Two machines, four and two devices: six devices in the group. They need
    // no agents: the form reads the group's nodes and devices only.
    m_group = std::make_unique<TrainingGroupModel>(*m_registry);
    m_form = std::make_unique<RunSetupWidget>(*m_group);
    m_form->resize(560, 900);
    m_form->setConfig(validConfig());
    m_form->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_form.get()));
    settle();
}

void TestRunSetup::cleanup()
{
    m_form.reset();
    m_group.reset();
}

RunConfig TestRunSetup::validConfig()
{
    RunConfig c;
    c.name = QStringLiteral("setup test");
    c.model.kind = QStringLiteral("mlp");
    c.model.hidden = {256, 128};
    c.dataset.kind = QStringLiteral("fashion-mnist");
    c.dataset.path = QStringLiteral("/usr/share/datasets/fashion-mnist");
    c.strategy = QStringLiteral("lshdp");
    c.globalBatch = 256;
    c.steps = 500;
    RunConfig::Node a;
    a.agent = QStringLiteral("agent-a");
    a.name = QStringLiteral("lab-a");
    a.devices = {0, 1, 2, 3};
    RunConfig::Node b;
    b.agent = QStringLiteral("agent-b");
    b.name = QStringLiteral("lab-b");
    b.devices = {0, 1};
    c.nodes = {a, b};
    return c;
}

void TestRunSetup::settle() const
{
    // Validation runs a moment after the last edit: wait for it, however slow the
    // machine (sanitizers, a busy CI), rather than for a fixed time.
    QTRY_VERIFY_WITH_TIMEOUT(!m_form->validationPending(), 30000);
    QCoreApplication::processEvents();
}

void TestRunSetup::apply(const Edits &edits)
{
    for (const QString &edit : edits) {
        const qsizetype eq = edit.indexOf(QLatin1Char('='));
        const QString name = QStringLiteral("field:") + edit.left(eq);
        const QString value = edit.mid(eq + 1);
        QWidget *w = m_form->findChild<QWidget *>(name);
        QVERIFY2(w, qPrintable(name));
        if (auto *line = qobject_cast<QLineEdit *>(w)) {
            // Typed, as a user does: select all, then the new text.
            line->setFocus();
            line->selectAll();
            if (value.isEmpty())
                QTest::keyClick(line, Qt::Key_Backspace);
            else
                QTest::keyClicks(line, value);
            QCOMPARE(line->text(), value);
        } else if (auto *spin = qobject_cast<QSpinBox *>(w)) {
            spin->setValue(value.toInt());
        } else if (auto *dspin = qobject_cast<QDoubleSpinBox *>(w)) {
            dspin->setValue(value.toDouble());
        } else if (auto *combo = qobject_cast<QComboBox *>(w)) {
            const int i = combo->findData(value);
            QVERIFY2(i >= 0, qPrintable(edit));
            combo->setCurrentIndex(i);
        } else if (auto *box = qobject_cast<QCheckBox *>(w)) {
            box->setChecked(value == QLatin1String("true"));
        } else {
            QFAIL(qPrintable(QStringLiteral("no way to edit %1").arg(name)));
        }
    }
    settle();
}

QString TestRunSetup::shownError(const QString &field) const
{
    QLabel *label = m_form->findChild<QLabel *>(QStringLiteral("error:") + field);
    if (!label)
        return QStringLiteral("<no error label for %1>").arg(field);
    return label->isVisibleTo(m_form.get()) ? label->text() : QString();
}

void TestRunSetup::validConfigCanStart()
{
    QVERIFY2(m_form->currentErrors().isEmpty(), qPrintable(m_form->currentErrors().value(0).message));
    QVERIFY(m_form->startButton()->isEnabled());
    QCOMPARE(m_form->config().deviceCount(), 6);
    // No message anywhere.
    for (QLabel *label : m_form->findChildren<QLabel *>(QRegularExpression(QStringLiteral("^error:"))))
        QVERIFY2(!label->isVisibleTo(m_form.get()), qPrintable(label->objectName()));
}

void TestRunSetup::badValueShowsNextToItsField_data()
{
    QTest::addColumn<Edits>("bad");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("message");
    QTest::addColumn<Edits>("fix");

    QTest::newRow("empty name") << Edits{QStringLiteral("name=")} << QStringLiteral("name")
                                << QStringLiteral("give the run a name")
                                << Edits{QStringLiteral("name=mlp on six GPUs")};
    QTest::newRow("global batch below the device count")
        << Edits{QStringLiteral("global_batch=4")} << QStringLiteral("global_batch")
        << QStringLiteral("the global batch (4) is smaller than the number of devices (6)")
        << Edits{QStringLiteral("global_batch=6")};
    QTest::newRow("manual split not adding up")
        << Edits{QStringLiteral("nodes.batch=200, 50")} << QStringLiteral("nodes.batch")
        << QStringLiteral("the manual batches add up to 250, not to the global batch 256")
        << Edits{QStringLiteral("nodes.batch=200, 56")};
    QTest::newRow("manual split missing a machine")
        << Edits{QStringLiteral("nodes.batch=256")} << QStringLiteral("nodes.batch")
        << QStringLiteral("give one whole number per machine of the group (2 machines)")
        << Edits{QStringLiteral("nodes.batch=")};
    QTest::newRow("manual split giving a device nothing")
        << Edits{QStringLiteral("nodes.batch=255, 1")} << QStringLiteral("nodes.batch")
        << QStringLiteral("a node's batch must give each of its devices at least one sample")
        << Edits{QStringLiteral("nodes.batch=250, 6")};
    QTest::newRow("hidden sizes not numbers")
        << Edits{QStringLiteral("model.hidden=256, wide")} << QStringLiteral("model.hidden")
        << QStringLiteral("write whole numbers separated by commas")
        << Edits{QStringLiteral("model.hidden=256, 64")};
    QTest::newRow("no hidden layer") << Edits{QStringLiteral("model.hidden=")}
                                     << QStringLiteral("model.hidden")
                                     << QStringLiteral("an MLP has 1 to 16 hidden layers")
                                     << Edits{QStringLiteral("model.hidden=32")};
    QTest::newRow("TorchScript without a file")
        << Edits{QStringLiteral("model.kind=torchscript"), QStringLiteral("model.path=")}
        << QStringLiteral("model.path") << QStringLiteral("give the path of the TorchScript module")
        << Edits{QStringLiteral("model.path=/srv/models/net.pt")};
    QTest::newRow("TorchScript path relative")
        << Edits{QStringLiteral("model.kind=torchscript"), QStringLiteral("model.path=models/net.pt")}
        << QStringLiteral("model.path") << QStringLiteral("give an absolute path")
        << Edits{QStringLiteral("model.kind=mlp")};
    QTest::newRow("dataset without a path")
        << Edits{QStringLiteral("dataset.path=")} << QStringLiteral("dataset.path")
        << QStringLiteral("the dataset path is missing") << Edits{QStringLiteral("dataset.kind=synthetic")};
    QTest::newRow("dataset path relative")
        << Edits{QStringLiteral("dataset.path=data/fashion")} << QStringLiteral("dataset.path")
        << QStringLiteral("give an absolute path") << Edits{QStringLiteral("dataset.path=/data/fashion")};
    QTest::newRow("gpt on images") << Edits{QStringLiteral("model.kind=gpt")}
                                   << QStringLiteral("dataset.kind")
                                   << QStringLiteral("the gpt model trains on text")
                                   << Edits{QStringLiteral("dataset.kind=synthetic")};
    QTest::newRow("GroupNorm groups not dividing the channels")
        << Edits{QStringLiteral("model.kind=cnn"), QStringLiteral("model.channels=30"),
                 QStringLiteral("model.groups=8")}
        << QStringLiteral("model.groups") << QStringLiteral("GroupNorm groups must divide the channel count")
        << Edits{QStringLiteral("model.groups=6")};
    QTest::newRow("heads not dividing the width")
        << Edits{QStringLiteral("model.kind=gpt"), QStringLiteral("dataset.kind=synthetic"),
                 QStringLiteral("model.width=100"), QStringLiteral("model.heads=8")}
        << QStringLiteral("model.heads") << QStringLiteral("the number of heads must divide the width")
        << Edits{QStringLiteral("model.heads=4")};
    QTest::newRow("checkpoints without a directory")
        << Edits{QStringLiteral("checkpoint.interval=100"), QStringLiteral("checkpoint.dir=")}
        << QStringLiteral("checkpoint.dir") << QStringLiteral("give a checkpoint directory")
        << Edits{QStringLiteral("checkpoint.dir=/var/tmp/ckpt")};
    QTest::newRow("elastic without a checkpoint directory")
        << Edits{QStringLiteral("elastic=true")} << QStringLiteral("checkpoint.dir")
        << QStringLiteral("give a checkpoint directory") << Edits{QStringLiteral("elastic=false")};
    QTest::newRow("tensor parallel on a cnn")
        << Edits{QStringLiteral("model.kind=cnn"), QStringLiteral("strategy=tp1d")}
        << QStringLiteral("model.kind")
        << QStringLiteral("strategy tp1d splits the linear layers of the mlp and gpt models, not cnn")
        << Edits{QStringLiteral("strategy=hdp")};
}

void TestRunSetup::badValueShowsNextToItsField()
{
    QFETCH(Edits, bad);
    QFETCH(QString, field);
    QFETCH(QString, message);
    QFETCH(Edits, fix);

    QVERIFY(m_form->startButton()->isEnabled());
    apply(bad);
    const QString shown = shownError(field);
    QVERIFY2(shown.contains(message), qPrintable(QStringLiteral("error:%1 shows \"%2\"").arg(field, shown)));
    QVERIFY(!m_form->startButton()->isEnabled());
    QList<ConfigError> errors = m_form->currentErrors();
    QVERIFY(!errors.isEmpty());
    // Each message next to a field, none left for the message line below the form.
    QVERIFY2(!m_form->messageLabel()->isVisibleTo(m_form.get()), qPrintable(m_form->messageLabel()->text()));

    apply(fix);
    QCOMPARE(shownError(field), QString());
    QVERIFY2(m_form->currentErrors().isEmpty(), qPrintable(m_form->currentErrors().value(0).message));
    QVERIFY(m_form->startButton()->isEnabled());
}

void TestRunSetup::groupChangeThatBreaksTheManualSplitOpensAdvanced()
{
    // A manual split typed for two machines, then a third joins the group: the
    // problem is in the folded Advanced section, which opens to show it.
    apply({QStringLiteral("nodes.batch=200, 56")});
    QVERIFY(m_form->startButton()->isEnabled());
    auto *advanced = m_form->findChild<QToolButton *>();
    QVERIFY(advanced && advanced->isCheckable());
    advanced->setChecked(false);
    QVERIFY(!m_form->findChild<QWidget *>(QStringLiteral("field:nodes.batch"))->isVisibleTo(m_form.get()));
    QList<TrainingGroupModel::Entry> entries = m_group->entries();
    entries.append({QStringLiteral("agent-c"), {0}});
    m_group->setEntries(entries);
    settle();
    QVERIFY(!m_form->startButton()->isEnabled());
    QVERIFY(advanced->isChecked());
    QVERIFY2(shownError(QStringLiteral("nodes.batch")).contains(QStringLiteral("(3 machines)")),
             qPrintable(shownError(QStringLiteral("nodes.batch"))));
}

void TestRunSetup::groupProblemsShowBelowTheForm()
{
    // What only the training group can put right has no field: it shows on the
    // message line, also with a manual split typed (which stays without a message).
    apply({QStringLiteral("nodes.batch=128, 128"), QStringLiteral("strategy=tp1d")});
    QLabel *line = m_form->messageLabel();
    QVERIFY(line->isVisibleTo(m_form.get()));
    QVERIFY2(line->text().contains(QStringLiteral("needs the same number of devices on every node")),
             qPrintable(line->text()));
    QCOMPARE(shownError(QStringLiteral("nodes.batch")), QString());
    QVERIFY(!m_form->startButton()->isEnabled());
    apply({QStringLiteral("strategy=lshdp")});
    QVERIFY(!line->isVisibleTo(m_form.get()));
    QVERIFY(m_form->startButton()->isEnabled());

    m_group->setEntries({});
    settle();
    QVERIFY2(line->text().contains(QStringLiteral("add at least one machine")), qPrintable(line->text()));
    QVERIFY(!m_form->startButton()->isEnabled());
}

void TestRunSetup::savedConfigLoadsBackTheSame()
{
    // Many fields away from their defaults, in the main form and in Advanced.
    apply({QStringLiteral("name=cnn, saved"),
           QStringLiteral("model.kind=cnn"),
           QStringLiteral("model.channels=48"),
           QStringLiteral("model.blocks=3"),
           QStringLiteral("model.groups=6"),
           QStringLiteral("dataset.kind=synthetic"),
           QStringLiteral("dataset.samples=12345"),
           QStringLiteral("strategy=lshdp"), // local steps with hdp: refused on a machine of two devices
           QStringLiteral("global_batch=300"),
           QStringLiteral("optimizer.kind=adamw"),
           QStringLiteral("optimizer.lr=0.003"),
           QStringLiteral("checkpoint.dir=/var/tmp/ckpt"),
           QStringLiteral("checkpoint.interval=50"),
           QStringLiteral("optimizer.weight_decay=0.01"),
           QStringLiteral("schedule.kind=constant"),
           QStringLiteral("schedule.warmup_steps=7"),
           QStringLiteral("grad_clip=1.5"),
           QStringLiteral("seed=7"),
           QStringLiteral("planner.replan_interval=15"),
           QStringLiteral("comm.dtype=bf16"),
           QStringLiteral("sync.mode=local"),
           QStringLiteral("sync.every=8"),
           QStringLiteral("eval.interval=25"),
           QStringLiteral("elastic=true"),
           QStringLiteral("loss.label_smoothing=0.15"),
           QStringLiteral("nodes.batch=200, 100"),
           QStringLiteral("nodes.slowdown=1, 2.5")});
    QVERIFY2(m_form->currentErrors().isEmpty(), qPrintable(m_form->currentErrors().value(0).message));
    const RunConfig saved = m_form->config();
    QCOMPARE(saved.nodes.value(1).batch.value_or(-1), 100);
    QCOMPARE(saved.nodes.value(1).slowdown, 2.5);
    QCOMPARE(saved.byKey.number("loss.label_smoothing"), 0.15);
    QVERIFY(saved.sync.local());
    QCOMPARE(saved.sync.every, 8);

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("run.json"));
    QString error;
    QVERIFY2(m_form->saveTo(path, &error), qPrintable(error));

    // A fresh form and an empty group: both come back from the file.
    TrainingGroupModel group(*m_registry);
    RunSetupWidget loaded(group);
    QVERIFY2(loaded.loadFrom(path, &error), qPrintable(error));
    QCOMPARE(group.rowCount(), 2);
    QCOMPARE(QJsonDocument(loaded.config().toJson()).toJson(), QJsonDocument(saved.toJson()).toJson());
    QVERIFY(loaded.currentErrors().isEmpty());
    QVERIFY(loaded.startButton()->isEnabled());

    // A file that is not a config says what is wrong and changes nothing.
    QFile broken(dir.filePath(QStringLiteral("broken.json")));
    QVERIFY(broken.open(QIODevice::WriteOnly));
    broken.write("{\"version\": 1, \"global_batch\": \"many\"");
    broken.close();
    QVERIFY(!loaded.loadFrom(broken.fileName(), &error));
    QVERIFY2(error.contains(QStringLiteral("JSON")), qPrintable(error));
    QCOMPARE(QJsonDocument(loaded.config().toJson()).toJson(), QJsonDocument(saved.toJson()).toJson());
}

// Issue #30, item 2: the form binds its editors by their field:<key> names, and makes them from
// the run-config table's rows: a field's bounds are the table's, and a field held by key (label
// smoothing) needs no line in the form's config() or setConfig().
void TestRunSetup::editorsFollowTheTable()
{
    const QStringList bound = ConfigFieldEditors::boundKeys(m_form.get());
    for (const char *key : {"name", "model.kind", "model.channels", "dataset.path", "strategy",
                            "global_batch", "optimizer.lr", "comm.dtype", "precision", "lsdp.stream_params",
                            "memory.recompute", "loss.label_smoothing", "elastic", "seed"})
        QVERIFY2(bound.contains(QLatin1String(key)), key);
    // The form converts these itself: steps or epochs by a choice, the margin in percent, "epoch" as -1.
    for (const char *key : {"steps", "epochs", "planner.margin", "eval.interval", "model.hidden"})
        QVERIFY2(!bound.contains(QLatin1String(key)), key);
    auto *channels = m_form->findChild<QSpinBox *>(QStringLiteral("field:model.channels"));
    QCOMPARE(channels->maximum(), 1024);
    QCOMPARE(m_form->findChild<QSpinBox *>(QStringLiteral("field:comm.timeout_s"))->minimum(), 2);
    auto *smoothing = m_form->findChild<QDoubleSpinBox *>(QStringLiteral("field:loss.label_smoothing"));
    QVERIFY(smoothing);
    QCOMPARE(smoothing->minimum(), 0.0);
    QVERIFY(smoothing->maximum() < 1.0);                      // the table's "below 1"
    QCOMPARE(m_form->learningRateBox()->minimum(), 0.000001); // "above 0", one step of its 6 decimals in

    // A config's value reaches its editor and comes back, through the key alone.
    RunConfig c = m_form->config();
    c.byKey.set("loss.label_smoothing", hamgam::contracts::FieldValues::Value(0.3));
    c.model.kind = QStringLiteral("cnn");
    c.model.channels = 48;
    m_form->setConfig(c);
    QCOMPARE(smoothing->value(), 0.3);
    QCOMPARE(channels->value(), 48);
    QCOMPARE(m_form->config().byKey.number("loss.label_smoothing"), 0.3);
    QCOMPARE(m_form->config().model.channels, 48);
}

// Issue #21: Load ignored "stpes" without a word and the run trained the default 500 steps.
void TestRunSetup::loadWarnsOfUnknownFields()
{
    static const QRegularExpression persianLetter(QStringLiteral("[\\x{0600}-\\x{06FF}]"));
    QJsonObject json = validConfig().toJson();
    json[QStringLiteral("stpes")] = 100;
    json[QStringLiteral("future_feature")] = true;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("typo.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QJsonDocument(json).toJson());
    f.close();

    QString error;
    QVERIFY2(m_form->loadFrom(path, &error), qPrintable(error)); // loaded: the fields are only ignored
    QCOMPARE(m_form->config().steps, 500);
    const QString shown = m_form->messageLabel()->text();
    QVERIFY(m_form->messageLabel()->isVisibleTo(m_form.get()));
    QVERIFY2(shown.contains(QLatin1String("2 fields in it are not known")), qPrintable(shown));
    QVERIFY2(shown.contains(QLatin1String("stpes: unknown field, ignored: did you mean \"steps\"?")),
             qPrintable(shown));
    QVERIFY2(shown.contains(QLatin1String("future_feature: unknown field, ignored")), qPrintable(shown));

    // The warning follows a language switch, the field names kept as written.
    QVERIFY(m_translations->setLanguage(QStringLiteral("fa")));
    QCoreApplication::sendPostedEvents();
    settle();
    const QString persian = m_form->messageLabel()->text();
    QVERIFY2(persian.contains(persianLetter) && !persian.contains(QLatin1String("unknown field")) &&
                 persian.contains(QLatin1String("stpes")) && persian.contains(QStringLiteral("«steps»")),
             qPrintable(persian));
    // Every line reads right to left, though it starts with a Latin field name.
    for (const QString &line : persian.split(QLatin1Char('\n')))
        QVERIFY2(line.startsWith(QChar(0x200F)), qPrintable(line));
    QVERIFY(m_translations->setLanguage(QStringLiteral("en")));
    QCoreApplication::sendPostedEvents();
    settle();

    // A clean file clears the warning.
    QVERIFY(m_form->saveTo(path, &error));
    QVERIFY2(m_form->loadFrom(path, &error), qPrintable(error));
    QVERIFY(!m_form->messageLabel()->isVisibleTo(m_form.get()));
}

void TestRunSetup::loadingAnotherConfigClearsOldFindings()
{
    // Issue #31: the pre-flight findings and their message stayed after another config was loaded,
    // as if they spoke of it.
    RunController::NodePreflight p;
    p.name = QStringLiteral("lab-a");
    p.agentId = QStringLiteral("agent-a");
    p.reached = true;
    p.addError(TranslatableText("Preflight", "this machine is not in the run's node list"));
    m_form->showPreflight({p}, false);
    QCOMPARE(m_form->preflightTree()->topLevelItemCount(), 1);
    QVERIFY(m_form->preflightTree()->isVisibleTo(m_form.get()));
    QVERIFY(m_form->shownMessage().contains(QLatin1String("Pre-flight found problems")));

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("other.json"));
    QString error;
    QVERIFY(m_form->saveTo(path, &error));
    QVERIFY2(m_form->loadFrom(path, &error), qPrintable(error));
    QCOMPARE(m_form->preflightTree()->topLevelItemCount(), 0);
    QVERIFY(!m_form->preflightTree()->isVisibleTo(m_form.get()));
    QVERIFY2(!m_form->shownMessage().contains(QLatin1String("Pre-flight")),
             qPrintable(m_form->shownMessage()));
    // Nor do they come back on a language change.
    QVERIFY(m_translations->setLanguage(QStringLiteral("fa")));
    QCoreApplication::sendPostedEvents();
    settle();
    QCOMPARE(m_form->preflightTree()->topLevelItemCount(), 0);
    QVERIFY(m_translations->setLanguage(QStringLiteral("en")));
    QCoreApplication::sendPostedEvents();
    settle();

    // The same when the config comes from History ("New run from this one").
    m_form->showPreflight({p}, false);
    m_form->setConfig(validConfig());
    QCOMPARE(m_form->preflightTree()->topLevelItemCount(), 0);
    QVERIFY2(!m_form->shownMessage().contains(QLatin1String("Pre-flight")),
             qPrintable(m_form->shownMessage()));
}

void TestRunSetup::theCheckShowsTheLinkForecast()
{
    // Issue #32, items 4 and 5: Check shows what each sync mode would cost on the link a run of these
    // machines measured, in the reader's language, and warns where one machine alone is faster.
    hamgam::contracts::LinkEvent link;
    link.step = 6;
    link.bytesPerS = 10e6;
    link.modes = {{"exact", 1, 1120, 0.71}, {"local", 16, 370, 0.14}};
    link.fastestNode = "lab-a";
    link.fastestAloneMs = 300;
    link.mode = "exact";
    RunController::NodePreflight p;
    p.name = QStringLiteral("lab-a");
    p.agentId = QStringLiteral("agent-a");
    p.reached = true;
    m_form->setLinkForecast(link, QStringLiteral("baseline"));
    m_form->showPreflight({p}, true);
    QTreeWidget *tree = m_form->preflightTree();
    QCOMPARE(tree->topLevelItemCount(), 2);
    QTreeWidgetItem *item = tree->topLevelItem(1);
    QCOMPARE(item->text(0), QStringLiteral("Network link, as run baseline measured it"));
    QStringList lines;
    for (int i = 0; i < item->childCount(); ++i)
        lines << item->child(i)->toolTip(0);
    // HAMGAM_SCREENSHOTS_DIR: the form as a user sees it after Check, for a look in both languages.
    const QString shots = qEnvironmentVariable("HAMGAM_SCREENSHOTS_DIR");
    auto shoot = [&](const QString &name) {
        if (shots.isEmpty())
            return;
        m_form->resize(900, 760);
        m_form->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_form.get()));
        QVERIFY(m_form->grab().save(QDir(shots).filePath(name)));
    };
    shoot(QStringLiteral("run-form-link-en.png"));
    QVERIFY2(
        lines.join(QLatin1Char('\n')).contains(QStringLiteral("local steps every 16 steps: predicted 3.0")) &&
            lines.join(QLatin1Char('\n')).contains(QStringLiteral("lab-a alone would be faster")),
        qPrintable(lines.join(QLatin1Char('\n'))));
    QVERIFY(m_translations->setLanguage(QStringLiteral("fa")));
    QCoreApplication::sendPostedEvents();
    settle();
    QVERIFY2(tree->topLevelItem(1)->text(0).contains(QStringLiteral("پیوند شبکه")),
             qPrintable(tree->topLevelItem(1)->text(0)));
    shoot(QStringLiteral("run-form-link-fa.png"));
    QVERIFY(m_translations->setLanguage(QStringLiteral("en")));
    QCoreApplication::sendPostedEvents();
    settle();
    // Another config: the forecast spoke of the old one.
    m_form->setConfig(validConfig());
    m_form->showPreflight({p}, true);
    QCOMPARE(tree->topLevelItemCount(), 1);
}

void TestRunSetup::aTallWindowLeavesNoGapInTheForm()
{
    // Issue #31: maximized, the model's options stretched and left a large gap above the dataset.
    m_form->resize(1400, 1400);
    m_form->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_form.get()));
    auto *pages = m_form->findChild<QStackedWidget *>();
    auto *dataset = m_form->findChild<QComboBox *>(QStringLiteral("field:dataset.kind"));
    QVERIFY(pages && dataset);
    QCoreApplication::processEvents();
    // The model's options take the room they need, and the dataset follows them.
    const int spare = pages->height() - pages->currentWidget()->sizeHint().height();
    QVERIFY2(spare < m_form->fontMetrics().height(), qPrintable(QString::number(spare)));
    const int pagesBottom = pages->mapTo(m_form.get(), QPoint(0, pages->height())).y();
    const int datasetTop = dataset->mapTo(m_form.get(), QPoint(0, 0)).y();
    const int gap = datasetTop - pagesBottom;
    QVERIFY2(gap < 3 * m_form->fontMetrics().height(), qPrintable(QString::number(gap)));
}

void TestRunSetup::modelAndDatasetAreExplained()
{
    auto *model = m_form->findChild<QComboBox *>(QStringLiteral("field:model.kind"));
    auto *dataset = m_form->findChild<QComboBox *>(QStringLiteral("field:dataset.kind"));
    auto *modelHelp = m_form->findChild<QLabel *>(QStringLiteral("help:model"));
    auto *datasetHelp = m_form->findChild<QLabel *>(QStringLiteral("help:dataset"));
    QVERIFY(model && dataset && modelHelp && datasetHelp);
    QSet<QString> seen;
    for (int i = 0; i < model->count(); ++i) {
        model->setCurrentIndex(i);
        QVERIFY2(!modelHelp->text().isEmpty(), qPrintable(model->currentData().toString()));
        QCOMPARE(modelHelp->text(), RunSetupWidget::modelDescription(model->currentData().toString()));
        QVERIFY(modelHelp->isVisibleTo(m_form.get()));
        seen.insert(modelHelp->text());
    }
    for (int i = 0; i < dataset->count(); ++i) {
        dataset->setCurrentIndex(i);
        QVERIFY2(!datasetHelp->text().isEmpty(), qPrintable(dataset->currentData().toString()));
        QCOMPARE(datasetHelp->text(), RunSetupWidget::datasetDescription(dataset->currentData().toString()));
        seen.insert(datasetHelp->text());
    }
    QCOMPARE(seen.size(), model->count() + dataset->count()); // one line each, none shared
}

void TestRunSetup::messagesFollowTheLanguage()
{
    static const QRegularExpression persianLetter(QStringLiteral("[\\x{0600}-\\x{06FF}]"));
    static const QRegularExpression englishWord(
        QStringLiteral("\\b(the|give|must|smaller|name|write|numbers)\\b"));
    apply({QStringLiteral("name="), QStringLiteral("global_batch=4"),
           QStringLiteral("model.hidden=256, wide")});
    const QStringList fields{QStringLiteral("name"), QStringLiteral("global_batch"),
                             QStringLiteral("model.hidden")};
    QStringList english;
    for (const QString &f : fields) {
        english << shownError(f);
        QVERIFY2(!english.last().isEmpty() && !english.last().contains(persianLetter),
                 qPrintable(english.last()));
    }
    const QString englishHelp = m_form->findChild<QLabel *>(QStringLiteral("help:model"))->text();

    QVERIFY(m_translations->setLanguage(QStringLiteral("fa")));
    // The language change is posted: deliver it, then let validation run again.
    QCoreApplication::sendPostedEvents();
    settle();
    for (const QString &f : fields) {
        const QString shown = shownError(f);
        QVERIFY2(shown.contains(persianLetter) && !shown.contains(englishWord),
                 qPrintable(QStringLiteral("%1: %2").arg(f, shown)));
    }
    for (const char *help : {"help:model", "help:dataset", "help:strategy"}) {
        const QString text = m_form->findChild<QLabel *>(QLatin1String(help))->text();
        QVERIFY2(text.contains(persianLetter), qPrintable(text));
    }
    QVERIFY(!m_form->startButton()->isEnabled());
    QVERIFY(m_form->startButton()->text() != QLatin1String("Start"));

    // Fixed while Persian: the messages go; back in English, nothing comes back.
    apply(
        {QStringLiteral("name=run"), QStringLiteral("global_batch=256"), QStringLiteral("model.hidden=256")});
    for (const QString &f : fields)
        QCOMPARE(shownError(f), QString());
    QVERIFY(m_form->startButton()->isEnabled());
    QVERIFY(m_translations->setLanguage(QStringLiteral("en")));
    QCoreApplication::sendPostedEvents();
    settle();
    QCOMPARE(m_form->findChild<QLabel *>(QStringLiteral("help:model"))->text(), englishHelp);
    QCOMPARE(m_form->startButton()->text(), QStringLiteral("Start"));
    QVERIFY(m_form->startButton()->isEnabled());
}

// Issue #21: an agent's pre-flight finding stayed English in the Persian interface, its path garbled.
void TestRunSetup::agentFindingsFollowTheLanguage()
{
    static const QRegularExpression persianLetter(QStringLiteral("[\\x{0600}-\\x{06FF}]"));
    RunController::NodePreflight p;
    p.name = QStringLiteral("lab-a");
    p.agentId = QStringLiteral("agent-a");
    p.reached = true;
    // As it comes from an agent that answered in English: untranslated, with its path.
    p.addError(TranslatableText("DatasetCheck", "the dataset directory %1 does not exist on this machine")
                   .ltrArg(QStringLiteral("/data/fashion")));
    p.addWarning(TranslatableText("Preflight", "this machine is not in the run's node list"));
    m_form->showPreflight({p}, false);
    auto finding = [&] { return m_form->preflightTree()->topLevelItem(0)->child(0)->text(0); };
    QCOMPARE(finding(), QStringLiteral("the dataset directory /data/fashion does not exist on this machine"));

    QVERIFY(m_translations->setLanguage(QStringLiteral("fa")));
    QCoreApplication::sendPostedEvents();
    settle();
    const QString persian = finding();
    QVERIFY2(persian.contains(persianLetter) && !persian.contains(QLatin1String("does not exist")),
             qPrintable(persian));
    // The path stays left to right inside the Persian sentence.
    QVERIFY2(persian.contains(QChar(0x2066) + QStringLiteral("/data/fashion") + QChar(0x2069)),
             qPrintable(persian));
    QVERIFY(m_form->preflightTree()->topLevelItem(0)->text(0).contains(persianLetter));
    // Percent as Persian writes it.
    auto *margin = m_form->findChild<QDoubleSpinBox *>(QStringLiteral("field:planner.margin"));
    QVERIFY(margin);
    QVERIFY2(margin->suffix().contains(QChar(0x066A)), qPrintable(margin->suffix()));
    QVERIFY2(!margin->suffix().startsWith(QLatin1Char(' ')), qPrintable(margin->suffix())); // "۵٪", not "۵ ٪"

    QVERIFY(m_translations->setLanguage(QStringLiteral("en")));
    QCoreApplication::sendPostedEvents();
    settle();
    QCOMPARE(finding(), QStringLiteral("the dataset directory /data/fashion does not exist on this machine"));
    QCOMPARE(margin->suffix(), QStringLiteral(" %"));
}

// Issue #21: a red Persian "add at least one machine" stayed after a switch to English.
void TestRunSetup::plainMessagesGoOnALanguageChange()
{
    static const QRegularExpression persianLetter(QStringLiteral("[\\x{0600}-\\x{06FF}]"));
    // The group's own problem, worded by validation: worded again in the new language.
    {
        TrainingGroupModel group(*m_registry);
        RunSetupWidget form(group);
        form.show();
        QVERIFY(QTest::qWaitForWindowExposed(&form));
        QTRY_VERIFY_WITH_TIMEOUT(!form.validationPending(), 30000);
        QVERIFY2(form.shownMessage().contains(QLatin1String("add at least one machine")),
                 qPrintable(form.shownMessage()));
        QVERIFY(m_translations->setLanguage(QStringLiteral("fa")));
        QCoreApplication::sendPostedEvents();
        QTRY_VERIFY_WITH_TIMEOUT(!form.validationPending(), 30000);
        QVERIFY2(form.shownMessage().contains(persianLetter) &&
                     !form.shownMessage().contains(QLatin1String("machine")),
                 qPrintable(form.shownMessage()));
        QVERIFY(m_translations->setLanguage(QStringLiteral("en")));
        QCoreApplication::sendPostedEvents();
        QTRY_VERIFY_WITH_TIMEOUT(!form.validationPending(), 30000);
        QVERIFY2(form.shownMessage().contains(QLatin1String("add at least one machine")) &&
                     !form.shownMessage().contains(persianLetter),
                 qPrintable(form.shownMessage()));
    }

    // A message that cannot be worded again (text as it came) goes rather than stay in the old language.
    m_form->showMessage(QStringLiteral("could not start: box-a is gone"), true);
    QCOMPARE(m_form->shownMessage(), QStringLiteral("could not start: box-a is gone"));
    QVERIFY(m_translations->setLanguage(QStringLiteral("fa")));
    QCoreApplication::sendPostedEvents();
    settle();
    QCOMPARE(m_form->shownMessage(), QString());
    // One that can is worded again.
    m_form->showMessage([] { return RunSetupWidget::tr("Check"); }, false);
    QVERIFY(m_translations->setLanguage(QStringLiteral("en")));
    QCoreApplication::sendPostedEvents();
    settle();
    QCOMPARE(m_form->shownMessage(), QStringLiteral("Check"));
}

void TestRunSetup::actionIconsRender()
{
    // The SVGs are embedded and Qt's SVG icon engine draws them offscreen:
    // each icon paints something at toolbar and at window-icon size.
    const QList<QPair<const char *, QIcon>> icons{{"app", AppIcons::app()},
                                                  {"start", AppIcons::start()},
                                                  {"stop", AppIcons::stop()},
                                                  {"abort", AppIcons::abort()},
                                                  {"check", AppIcons::check()},
                                                  {"addMachine", AppIcons::addMachine()},
                                                  {"install", AppIcons::install()},
                                                  {"compare", AppIcons::compare()},
                                                  {"exportFiles", AppIcons::exportFiles()}};
    for (const auto &[name, icon] : icons) {
        QVERIFY2(!icon.isNull(), name);
        for (int size : {16, 64}) {
            const QImage image = icon.pixmap(size, size).toImage().convertToFormat(QImage::Format_ARGB32);
            QVERIFY2(image.width() >= size, name);
            int painted = 0;
            for (int y = 0; y < image.height(); ++y) {
                for (int x = 0; x < image.width(); ++x)
                    painted += qAlpha(image.pixel(x, y)) > 0 ? 1 : 0;
            }
            // Something drawn, and not a filled square (a missing engine draws nothing).
            QVERIFY2(painted > image.width() * image.height() / 10 &&
                         painted < image.width() * image.height(),
                     qPrintable(QStringLiteral("%1 at %2 px: %3 pixels")
                                    .arg(QLatin1String(name))
                                    .arg(size)
                                    .arg(painted)));
        }
    }
    // The run buttons carry theirs.
    QVERIFY(!m_form->startButton()->icon().isNull());
    int withIcons = 0;
    for (QPushButton *b : m_form->findChildren<QPushButton *>())
        withIcons += b->icon().isNull() ? 0 : 1;
    QCOMPARE(withIcons, 4); // Check, Start, Stop, Abort
}

QTEST_MAIN(TestRunSetup)
#include "tst_runsetup.moc"
