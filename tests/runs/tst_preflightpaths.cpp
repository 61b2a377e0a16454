// Pre-flight and start_run apply the path policy (--allow-dir) before they
// touch a path (issue #17): a refused checkpoint directory is not created, a
// refused file is not opened, and the message for a refused path is the same
// whether it exists or not, whatever its size or type. The `resume` field of
// start_run is confined like the config's paths. An in-process agent on
// loopback with a fake probe; no worker runs.
#include "agentclient.h"
#include "fakeprobe.h"
#include "preflight.h"
#include "runconfig.h"
#include "runsupervisor.h"
#include "testsupport.h"

#include <QCborArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <sys/stat.h>
#include <unistd.h>

using namespace TestSupport;

namespace {

AgentOptions loopbackOptions(const QString &configDir, const QString &allowed)
{
    AgentOptions options;
    options.port = 0;
    options.bind = QHostAddress::LocalHost;
    options.configDir = configDir;
    options.discovery = false;
    options.allowedDirs = {allowed};
    options.workerPath = QDir(configDir).filePath(QStringLiteral("no-such-worker"));
    return options;
}

bool writeFile(const QString &path, const QByteArray &data)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

// Everything under dir, recursively, links not followed: what a probe may have created.
QStringList tree(const QString &dir)
{
    QStringList out;
    for (const QFileInfo &i :
         QDir(dir).entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System)) {
        out << i.fileName();
        if (i.isDir() && !i.isSymLink())
            for (const QString &sub : tree(i.filePath()))
                out << i.fileName() + QLatin1Char('/') + sub;
    }
    out.sort();
    return out;
}

} // namespace

class TestPreflightPaths : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void refusedCheckpointDirIsNotCreated_data();
    void refusedCheckpointDirIsNotCreated();
    void refusedPathsRevealNothing_data();
    void refusedPathsRevealNothing();
    void allowedPathsAreStillChecked();
    void cifarDirectoryIsChecked_data();
    void cifarDirectoryIsChecked();
    void csvTableIsChecked_data();
    void csvTableIsChecked();
    void imageFolderIsChecked_data();
    void imageFolderIsChecked();
    void checkpointDirWorkersWouldRefuse_data();
    void checkpointDirWorkersWouldRefuse();
    void resumeOutsideIsRefused_data();
    void resumeOutsideIsRefused();
    void busyMachineIsReportedAsFigures();

private:
    Expected<QCborMap> request(Message::Type type, const QCborMap &body);
    /// The pre-flight's error strings with `path` replaced by PATH.
    QStringList preflightErrors(const RunConfig &config, const QString &path);
    RunConfig baseConfig() const;

    QTemporaryDir m_dir;
    QString m_allowed, m_outside;
    Controller m_controller;
    std::unique_ptr<QTemporaryDir> m_agentDir;
    std::unique_ptr<AgentDaemon> m_daemon;
    std::unique_ptr<AgentClient> m_client;
};

Expected<QCborMap> TestPreflightPaths::request(Message::Type type, const QCborMap &body)
{
    std::optional<Expected<QCborMap>> result;
    m_client->request(type, body, nullptr, [&](const Expected<QCborMap> &r) { result = r; });
    (void)QTest::qWaitFor([&] { return result.has_value(); }, 10000);
    return result.value_or(Expected<QCborMap>::failure(QStringLiteral("no reply")));
}

RunConfig TestPreflightPaths::baseConfig() const
{
    RunConfig config;
    config.name = QStringLiteral("probe");
    config.dataset.kind = QStringLiteral("synthetic");
    config.nodes = {{m_daemon->nodeId(), QStringLiteral("n"), {0}, {}, {}, 1.0}};
    return config;
}

QStringList TestPreflightPaths::preflightErrors(const RunConfig &config, const QString &path)
{
    auto reply = request(Message::Type::Preflight,
                         QCborMap{{QStringLiteral("config"), QCborMap::fromJsonObject(config.toJson())},
                                  {QStringLiteral("node_index"), 0}});
    if (!reply.ok())
        return {QStringLiteral("no reply: ") + reply.error()};
    QStringList out;
    for (const QCborValue &e : reply->value(QStringLiteral("errors")).toArray())
        out << e.toString()
                   .replace(path, QStringLiteral("PATH"))
                   .replace(m_agentDir->path(), QStringLiteral("AGENT"))
                   .replace(m_dir.path(), QStringLiteral("TMP")); // random names could hold a digit run
    return out;
}

void TestPreflightPaths::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_allowed = m_dir.filePath(QStringLiteral("allowed"));
    m_outside = m_dir.filePath(QStringLiteral("outside"));
    QVERIFY(QDir().mkpath(m_allowed));
    QVERIFY(QDir().mkpath(m_outside + QStringLiteral("/mnist")));
    QVERIFY(QDir().mkpath(m_outside + QStringLiteral("/ckpt")));
    // A secret of a known size outside, and links out of the allowed directory.
    QVERIFY(writeFile(m_outside + QStringLiteral("/secret.txt"), QByteArray(1234, 'x')));
    QVERIFY(QFile::link(m_outside, m_allowed + QStringLiteral("/escape")));
    QVERIFY(QDir().mkpath(m_outside + QStringLiteral("/sub")));
    QVERIFY(QFile::link(m_outside + QStringLiteral("/sub"), m_allowed + QStringLiteral("/down")));
    m_controller = makeController();
}

void TestPreflightPaths::init()
{
    m_agentDir = std::make_unique<QTemporaryDir>();
    FingerprintStore trust(AgentDaemon::trustListPath(m_agentDir->path()));
    QVERIFY(trust.add(m_controller.profile.identity().fingerprint(), QStringLiteral("test")).ok());
    m_daemon = std::make_unique<AgentDaemon>(loopbackOptions(m_agentDir->path(), m_allowed),
                                             std::make_unique<FakeProbe>());
    QVERIFY(m_daemon->start().ok());
    m_client = std::make_unique<AgentClient>(m_controller.profile.identity(), QStringLiteral("127.0.0.1"),
                                             m_daemon->port());
    QSignalSpy ready(m_client.get(), &AgentClient::handshakeDone);
    m_client->connectToAgent();
    QVERIFY(ready.wait(5000));
}

void TestPreflightPaths::cleanup()
{
    m_client.reset();
    m_daemon.reset();
    m_agentDir.reset();
}

void TestPreflightPaths::refusedCheckpointDirIsNotCreated_data()
{
    QTest::addColumn<QString>("dir");
    QTest::addColumn<QString>("wouldBe"); // where a mkpath would have created it
    QTest::newRow("outside") << QStringLiteral("OUT/new/ckpt") << QStringLiteral("OUT/new");
    QTest::newRow("through a link out")
        << QStringLiteral("ALLOWED/escape/linked/ckpt") << QStringLiteral("OUT/linked");
    QTest::newRow("link, then dot-dot")
        << QStringLiteral("ALLOWED/down/../dotdot") << QStringLiteral("OUT/dotdot");
}

void TestPreflightPaths::refusedCheckpointDirIsNotCreated()
{
    QFETCH(QString, dir);
    QFETCH(QString, wouldBe);
    auto expand = [&](QString p) {
        return p.replace(QLatin1String("OUT"), m_outside).replace(QLatin1String("ALLOWED"), m_allowed);
    };
    const QStringList before = tree(m_dir.path());
    RunConfig config = baseConfig();
    config.checkpoint.dir = expand(dir);
    const QStringList errors = preflightErrors(config, config.checkpoint.dir);
    QVERIFY2(!errors.filter(QStringLiteral("PATH")).isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    QVERIFY2(!QFileInfo::exists(expand(wouldBe)), qPrintable(expand(wouldBe)));
    QCOMPARE(tree(m_dir.path()), before);
}

void TestPreflightPaths::refusedPathsRevealNothing_data()
{
    QTest::addColumn<QString>("field"); // text, torchscript, fashion-mnist, checkpoint
    QTest::addColumn<QString>("existing");
    QTest::addColumn<QString>("missing");
    QTest::newRow("text: /etc/shadow") << "text"
                                       << "/etc/shadow"
                                       << "/etc/does-not-exist-xyz";
    QTest::newRow("text: a file of 1234 bytes") << "text"
                                                << "OUT/secret.txt"
                                                << "OUT/no-such.txt";
    QTest::newRow("text: through a link") << "text"
                                          << "ALLOWED/escape/secret.txt"
                                          << "ALLOWED/escape/no-such.txt";
    QTest::newRow("text: a directory") << "text"
                                       << "OUT/mnist"
                                       << "OUT/no-such";
    QTest::newRow("torchscript") << "torchscript"
                                 << "OUT/secret.txt"
                                 << "OUT/no-such.pt";
    QTest::newRow("mnist directory") << "fashion-mnist"
                                     << "OUT/mnist"
                                     << "OUT/no-such";
    QTest::newRow("mnist: a file") << "fashion-mnist"
                                   << "OUT/secret.txt"
                                   << "OUT/no-such";
    QTest::newRow("checkpoint directory") << "checkpoint"
                                          << "OUT/ckpt"
                                          << "OUT/no-such-ckpt";
    QTest::newRow("checkpoint: a file") << "checkpoint"
                                        << "OUT/secret.txt"
                                        << "OUT/no-such-ckpt";
}

void TestPreflightPaths::refusedPathsRevealNothing()
{
    QFETCH(QString, field);
    QFETCH(QString, existing);
    QFETCH(QString, missing);
    auto expand = [&](QString p) {
        return p.replace(QLatin1String("OUT"), m_outside).replace(QLatin1String("ALLOWED"), m_allowed);
    };
    existing = expand(existing);
    missing = expand(missing);
    if (!QFileInfo::exists(existing))
        QSKIP("the existing file is not there on this machine");
    const QStringList before = tree(m_dir.path());
    // A size probe: the same path with contexts around its size (issue #17
    // found /etc/shadow's size in 16 of them). Every answer must be the same.
    QList<QStringList> answers;
    for (const QString &path : {existing, missing}) {
        for (int context : {16, 1000, 1240, 1300}) {
            RunConfig config = baseConfig();
            config.globalBatch = 8; // the memory estimate stays far below the fake GPU's
            if (field == QLatin1String("text")) {
                config.dataset.kind = QStringLiteral("text");
                config.dataset.path = path;
                config.model.kind = QStringLiteral("gpt");
                config.model.context = context;
            } else if (field == QLatin1String("fashion-mnist")) {
                config.dataset.kind = QStringLiteral("fashion-mnist");
                config.dataset.path = path;
            } else if (field == QLatin1String("torchscript")) {
                config.model.kind = QStringLiteral("torchscript");
                config.model.path = path;
            } else {
                config.checkpoint.dir = path;
            }
            answers << preflightErrors(config, path);
        }
    }
    for (const QStringList &a : std::as_const(answers))
        QCOMPARE(a, answers.first());
    const QString all = answers.first().join(QLatin1Char('\n'));
    QVERIFY2(all.contains(QLatin1String("outside the directories")), qPrintable(all));
    for (const char *leak : {"1234", "650", "too short", "does not exist", "cannot read", "not a", "lacks"})
        QVERIFY2(!all.contains(QLatin1String(leak)), qPrintable(all));
    QCOMPARE(tree(m_dir.path()), before);
}

void TestPreflightPaths::allowedPathsAreStillChecked()
{
    // Inside the allowed directory the findings are as specific as before.
    const QString text = m_allowed + QStringLiteral("/short.txt");
    QVERIFY(writeFile(text, "tiny"));
    RunConfig config = baseConfig();
    config.dataset.kind = QStringLiteral("text");
    config.dataset.path = text;
    config.model.kind = QStringLiteral("gpt");
    config.model.context = 16;
    config.checkpoint.dir = m_allowed + QStringLiteral("/ckpt/new");
    const QStringList errors = preflightErrors(config, text);
    QVERIFY2(!errors.filter(QStringLiteral("PATH is too short")).isEmpty(),
             qPrintable(errors.join(QLatin1Char('\n'))));
    QVERIFY2(errors.filter(QStringLiteral("outside")).isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    QVERIFY(QFileInfo(m_allowed + QStringLiteral("/ckpt/new")).isDir()); // created and probed, as before
    QVERIFY(QDir(m_allowed + QStringLiteral("/ckpt/new"))
                .isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden));
}

void TestPreflightPaths::cifarDirectoryIsChecked_data()
{
    // Issue #20, item 4: a damaged or missing CIFAR file is named at pre-flight, before any worker reads it.
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("files");   // name=records[+bytes], comma-separated
    QTest::addColumn<QString>("finding"); // empty: none
    QTest::newRow("cifar-10 whole") << "cifar-10"
                                    << QStringLiteral(
                                           "data_batch_1.bin=3,data_batch_2.bin=2,test_batch.bin=2")
                                    << QString();
    QTest::newRow("cifar-10 without batches")
        << "cifar-10" << QStringLiteral("test_batch.bin=2") << "PATH holds no data_batch_1.bin";
    QTest::newRow("cifar-10 without test batch")
        << "cifar-10" << QStringLiteral("data_batch_1.bin=2") << "cannot read PATH/test_batch.bin";
    QTest::newRow("cifar-10 torn test batch")
        << "cifar-10" << QStringLiteral("data_batch_1.bin=2,test_batch.bin=2+100")
        << "PATH/test_batch.bin is damaged or not CIFAR: 6,246 bytes are not whole records of 3,073 bytes";
    QTest::newRow("cifar-100 whole") << "cifar-100" << QStringLiteral("train.bin=4,test.bin=1") << QString();
    // CIFAR-10's records (3073 bytes) are not CIFAR-100's (3074).
    QTest::newRow("cifar-10 files as cifar-100")
        << "cifar-100" << QStringLiteral("train.bin=3073,test.bin=1")
        << "PATH/train.bin is damaged or not CIFAR: 3,073 bytes are not whole records of 3,074 bytes";
}

void TestPreflightPaths::cifarDirectoryIsChecked()
{
    QFETCH(QString, kind);
    QFETCH(QString, files);
    QFETCH(QString, finding);
    const QString dir =
        m_allowed + QStringLiteral("/cifar-") +
        QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-'));
    QVERIFY(QDir().mkpath(dir));
    const int record = kind == QLatin1String("cifar-100") ? 3074 : 3073;
    for (const QString &f : files.split(QLatin1Char(','))) {
        const QString name = f.section(QLatin1Char('='), 0, 0);
        const QString size = f.section(QLatin1Char('='), 1);
        // "N": N records; "N+B": N records and B bytes more; a bare byte count over 1000 is itself.
        const int records = size.section(QLatin1Char('+'), 0, 0).toInt();
        const int extra = size.section(QLatin1Char('+'), 1).toInt();
        const qint64 bytes = records > 1000 ? records : qint64(records) * record + extra;
        QVERIFY(writeFile(dir + QLatin1Char('/') + name, QByteArray(bytes, '\1')));
    }
    RunConfig config = baseConfig();
    config.dataset.kind = kind;
    config.dataset.path = dir;
    const QStringList errors = preflightErrors(config, dir);
    if (finding.isEmpty())
        QVERIFY2(errors.filter(QStringLiteral("PATH")).isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    else
        QVERIFY2(!errors.filter(finding).isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
}

void TestPreflightPaths::csvTableIsChecked_data()
{
    // Issue #20, item 4: the fault the worker would stop on (agent/datafiles, the same reader), by line.
    QTest::addColumn<QString>("content"); // "" for no file at all
    QTest::addColumn<QString>("label");
    QTest::addColumn<QString>("finding"); // empty: none
    QString whole = QStringLiteral("a,b,label\n");
    for (int i = 0; i < 12; ++i)
        whole += QStringLiteral("%1,%2,%3\n").arg(i).arg(i * 2).arg(i % 3);
    QTest::newRow("whole") << whole << "label" << QString();
    QTest::newRow("another label column") << whole << "species"
                                          << "the table PATH has no column \"species\" for the labels; its "
                                             "columns: a, b, label";
    QTest::newRow("a word among numbers")
        << QString(whole).replace(QStringLiteral("\n4,8,1"), QStringLiteral("\n4,eight,1")) << "label"
        << "the table PATH, line 6, column \"b\": \"eight\" is not a number";
    QTest::newRow("a row too short") << QString(whole).replace(QStringLiteral("\n3,6,0"),
                                                               QStringLiteral("\n3,0"))
                                     << "label"
                                     << "the table PATH, line 5: 2 cells where the header has 3";
    QTest::newRow("nine rows") << QStringLiteral("a,label\n1,0\n2,1\n3,0\n4,1\n5,0\n6,1\n7,0\n8,1\n9,0\n")
                               << "label"
                               << "the table PATH has 9 rows; at least 10 are needed";
    QTest::newRow("empty") << QStringLiteral("\n\n") << "label"
                           << "the table PATH is empty: a header row of column names is needed";
    QTest::newRow("missing") << QString() << "label"
                             << "cannot read the table PATH on this machine";
}

void TestPreflightPaths::csvTableIsChecked()
{
    QFETCH(QString, content);
    QFETCH(QString, label);
    QFETCH(QString, finding);
    const QString path =
        m_allowed + QStringLiteral("/table-") +
        QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-')) +
        QStringLiteral(".csv");
    if (!content.isNull())
        QVERIFY(writeFile(path, content.toUtf8()));
    RunConfig config = baseConfig();
    config.dataset.kind = QStringLiteral("csv");
    config.dataset.path = path;
    config.dataset.label = label;
    const QStringList errors = preflightErrors(config, path);
    if (finding.isEmpty())
        QVERIFY2(errors.filter(QStringLiteral("PATH")).isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    else
        QVERIFY2(!errors.filter(finding).isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
}

void TestPreflightPaths::imageFolderIsChecked_data()
{
    // Issue #20, item 4: the folder listed as the worker lists it, and every image's header read.
    QTest::addColumn<QString>("files");   // relative paths; "name=text" writes text instead of a PNG
    QTest::addColumn<QString>("finding"); // empty: none
    const QString whole = QStringLiteral("cats/a.png,cats/b.PNG,dogs/c.png,dogs/d.png,"
                                         "cats/e.png,cats/f.png,cats/g.png,cats/h.png,cats/i.png,cats/j.png,"
                                         "cats/k.png,cats/l.png");
    QTest::newRow("whole") << whole << QString();
    QTest::newRow("text named .jpg") << whole + QStringLiteral(",dogs/x.jpg=text")
                                     << "the image PATH/dogs/x.jpg cannot be used: not a JPEG or PNG image";
    QTest::newRow("torn header") << whole + QStringLiteral(",dogs/y.png=torn")
                                 << "the image PATH/dogs/y.png cannot be used: damaged";
    QTest::newRow("an empty class") << whole + QStringLiteral(",birds/notes.txt=text")
                                    << "the class folder PATH/birds holds no JPEG or PNG image";
    QTest::newRow("train/ without test/") << QStringLiteral("train/cats/a.png,train/dogs/b.png")
                                          << "the image folder PATH has nothing to hold out";
    QTest::newRow("a held-out class not trained")
        << QStringLiteral("train/cats/a.png,train/dogs/b.png,test/cats/c.png,test/owls/d.png")
        << "the held-out folder PATH/test/owls is not one of the training "
           "classes";
    QTest::newRow("missing") << QString() << "the image folder PATH does not exist on this machine";
}

void TestPreflightPaths::imageFolderIsChecked()
{
    QFETCH(QString, files);
    QFETCH(QString, finding);
    // A 2 x 2 RGB PNG.
    const QByteArray png = QByteArray::fromHex(
        "89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a730000001149444154789c63f8cfc000446"
        "0e23f03001df003fda03309890000000049454e44ae426082");
    const QString dir =
        m_allowed + QStringLiteral("/images-") +
        QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-'));
    for (const QString &entry : files.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString name = entry.section(QLatin1Char('='), 0, 0), kind = entry.section(QLatin1Char('='), 1);
        const QString path = dir + QLatin1Char('/') + name;
        QVERIFY(QDir().mkpath(QFileInfo(path).path()));
        QVERIFY(writeFile(path, kind == QLatin1String("text")   ? QByteArray("not pixels\n")
                                : kind == QLatin1String("torn") ? png.left(20)
                                                                : png));
    }
    RunConfig config = baseConfig();
    config.dataset.kind = QStringLiteral("images");
    config.dataset.path = dir;
    config.dataset.shape = {3, 8, 8};
    const QStringList errors = preflightErrors(config, dir);
    if (finding.isEmpty())
        QVERIFY2(errors.filter(QStringLiteral("PATH")).isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    else
        QVERIFY2(!errors.filter(finding).isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
}

void TestPreflightPaths::checkpointDirWorkersWouldRefuse_data()
{
    // What the workers' CheckpointFolder refuses, told at pre-flight already.
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("finding"); // empty: none
    QTest::newRow("mode 777") << "777"
                              << "has no sticky bit";
    QTest::newRow("mode 775") << "775"
                              << "has no sticky bit";
    QTest::newRow("shared, sticky (1777)") << "1777"
                                           << "";
    QTest::newRow("another user's") << "foreign"
                                    << "belongs to another user";
    QTest::newRow("new, under umask 002") << "new"
                                          << "";
}

void TestPreflightPaths::checkpointDirWorkersWouldRefuse()
{
    QFETCH(QString, kind);
    QFETCH(QString, finding);
    if (kind == QLatin1String("foreign") && ::geteuid() != 0)
        QSKIP("needs root to make a directory another user owns");
    const QString dir = m_allowed + QStringLiteral("/ckpt-") + kind;
    const QByteArray native = QFile::encodeName(dir);
    mode_t oldMask = 0;
    if (kind == QLatin1String("new")) {
        oldMask = ::umask(002);
    } else {
        QVERIFY(QDir().mkpath(dir));
        const mode_t mode = kind == QLatin1String("777")    ? 0777
                            : kind == QLatin1String("775")  ? 0775
                            : kind == QLatin1String("1777") ? 01777
                                                            : 0755;
        QVERIFY(::chmod(native.constData(), mode) == 0);
        if (kind == QLatin1String("foreign"))
            QVERIFY(::chown(native.constData(), 65534, 65534) == 0);
    }
    RunConfig config = baseConfig();
    config.checkpoint.dir = dir;
    const QStringList errors = preflightErrors(config, dir);
    if (kind == QLatin1String("new"))
        ::umask(oldMask);
    const QStringList about = errors.filter(QStringLiteral("PATH"));
    if (finding.isEmpty()) {
        QVERIFY2(about.isEmpty(), qPrintable(about.join(QLatin1Char('\n'))));
    } else {
        QCOMPARE(about.size(), 1);
        QVERIFY2(about.first().contains(finding), qPrintable(about.first()));
    }
    if (kind == QLatin1String("new")) {
        struct stat st = {};
        QVERIFY(::stat(native.constData(), &st) == 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0755)); // as the workers make it, so they accept it
    }
}

void TestPreflightPaths::resumeOutsideIsRefused_data()
{
    QTest::addColumn<QString>("resume");
    QTest::newRow("outside") << "OUT/ckpt";
    QTest::newRow("through a link out") << "ALLOWED/escape/ckpt";
    QTest::newRow("link, then dot-dot") << "ALLOWED/down/../ckpt";
    QTest::newRow("relative") << "ckpt/step-00000002";
    QTest::newRow("missing, outside") << "OUT/no-such/step-00000002";
}

void TestPreflightPaths::resumeOutsideIsRefused()
{
    QFETCH(QString, resume);
    resume.replace(QLatin1String("OUT"), m_outside).replace(QLatin1String("ALLOWED"), m_allowed);
    const QStringList before = tree(m_dir.path());
    const QCborMap body{{QStringLiteral("config"), QCborMap::fromJsonObject(baseConfig().toJson())},
                        {QStringLiteral("run_id"), QStringLiteral("resume-probe")},
                        {QStringLiteral("node_index"), 0},
                        {QStringLiteral("first_rank"), 0},
                        {QStringLiteral("world_size"), 1},
                        {QStringLiteral("master"), QStringLiteral("127.0.0.1:1")},
                        {QStringLiteral("rendezvous_secret"), QString(64, QLatin1Char('5'))},
                        {QStringLiteral("resume"), resume}};
    auto start = request(Message::Type::StartRun, body);
    QVERIFY2(!start.ok(), "the start was accepted");
    QVERIFY2(start.error().contains(resume), qPrintable(start.error()));
    QVERIFY(!QFileInfo::exists(m_agentDir->filePath(QStringLiteral("runs/resume-probe"))));
    QCOMPARE(m_daemon->runs()->list().size(), 0);
    QCOMPARE(tree(m_dir.path()), before);

    // The same start without the field is accepted: only the resume path was wrong.
    QCborMap plain = body;
    plain.remove(QStringLiteral("resume"));
    plain[QStringLiteral("run_id")] = QStringLiteral("plain");
    auto ok = request(Message::Type::StartRun, plain);
    QVERIFY2(ok.ok(), qPrintable(ok.error()));
    QTRY_COMPARE_WITH_TIMEOUT(m_daemon->runs()->activeRuns(), 0, 10000);
}

// Issue #21: pre-flight says in figures what else used the machine, for fair comparisons.
void TestPreflightPaths::busyMachineIsReportedAsFigures()
{
    Preflight::Input in;
    in.config.name = QStringLiteral("busy");
    in.config.dataset.kind = QStringLiteral("synthetic");
    in.config.nodes = {{QStringLiteral("me"), QStringLiteral("me"), {0}, {}, {}, 1.0}};
    in.workerProgram = QStringLiteral("/nonexistent/hamgam-worker");
    DeviceSample cpu;
    cpu.kind = DeviceSample::Kind::Cpu;
    cpu.name = QStringLiteral("CPU");
    cpu.cores = 2;
    in.telemetry.devices = {cpu};
    in.telemetry.host.cores = 2;
    in.telemetry.host.load1 = 7.0;
    const Preflight::Result busy = Preflight::run(in);
    QCOMPARE(busy.busy.size(), 1);
    const QJsonObject entry = busy.busy.first().toObject();
    QCOMPARE(entry.value(QStringLiteral("kind")).toString(), QStringLiteral("cpu"));
    QCOMPARE(entry.value(QStringLiteral("load")).toDouble(), 7.0);
    QCOMPARE(entry.value(QStringLiteral("cores")).toInt(), 2);
    QCOMPARE(busy.toJson().value(QStringLiteral("busy")).toArray(), busy.busy);
    in.telemetry.host.load1 = 0.2;
    QVERIFY(Preflight::run(in).busy.isEmpty());
}

QTEST_GUILESS_MAIN(TestPreflightPaths)
#include "tst_preflightpaths.moc"
