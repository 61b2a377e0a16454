// Checkpoints in folders other users can write into (issue #17): a planted
// symbolic link or another user's entry is never followed, written into, read
// or removed. Rotation removes only the step folders this run wrote; a folder
// another user owns, or one others can write into without the sticky bit, is
// refused before the first step; resuming reads only our own real files.
// A planted step folder sends the step to a fresh name instead of failing the
// run, and a checkpoint records its lab user, whose alone a resume for that
// user reads (issue #29, items 4 and 10).
// Real workers (one rank), each attack against the worker as it is built.
#include "workercluster.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <sys/stat.h>
#include <unistd.h>

using Ints = QList<int>;

namespace {

// What another user owns in these tests: only root can give files away.
constexpr uid_t kNobody = 65534;

bool isRoot()
{
    return ::geteuid() == 0;
}

bool giveAway(const QString &path)
{
    return ::lchown(QFile::encodeName(path).constData(), kNobody, kNobody) == 0;
}

bool giveAwayTree(const QString &dir)
{
    if (!giveAway(dir))
        return false;
    for (const QString &name :
         QDir(dir).entryList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::System))
        if (!giveAway(dir + QLatin1Char('/') + name))
            return false;
    return true;
}

bool makeFolder(const QString &path, mode_t mode)
{
    return QDir().mkpath(path) && ::chmod(QFile::encodeName(path).constData(), mode) == 0;
}

bool writeFile(const QString &path, const QByteArray &data)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool isSymLink(const QString &path)
{
    struct stat st
    {
    };
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 && S_ISLNK(st.st_mode);
}

// A victim's folder with three files (what the rotation of issue #17 deleted).
bool makeVictim(const QString &dir)
{
    return QDir().mkpath(dir) && writeFile(dir + QStringLiteral("/thesis.tex"), "chapter one") &&
           writeFile(dir + QStringLiteral("/data.csv"), "1,2,3") &&
           writeFile(dir + QStringLiteral("/notes.txt"), "keep me");
}

bool victimIntact(const QString &dir)
{
    return readFile(dir + QStringLiteral("/thesis.tex")) == "chapter one" &&
           readFile(dir + QStringLiteral("/data.csv")) == "1,2,3" &&
           readFile(dir + QStringLiteral("/notes.txt")) == "keep me" &&
           QDir(dir).entryList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden).size() == 3;
}

} // namespace

class TestCheckpointSafety : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void worldWritableFolderIsRefused();
    void foreignFolderIsRefused();
    void stickyFolderTouchesOnlyThisRunsSteps();
    void plantedStepGetsAFreshName_data();
    void plantedStepGetsAFreshName();
    void resumeReadsOnlyTheLabUsersCheckpoint();
    void resumeSkipsPlantedCheckpoints();
    void resumeReadsNoLinkedFile_data();
    void resumeReadsNoLinkedFile();
    void foldersWeMakeAreOurs();

private:
    static QJsonObject config(const QString &checkpointDir, int steps, int interval, int keep);
    /// One rank to the end; its exit code, and its error event's message if it failed.
    int run(const QJsonObject &cfg, const QStringList &extra, QString *error, int *firstStep = nullptr,
            QString *log = nullptr);

    QTemporaryDir m_dir;
};

QJsonObject TestCheckpointSafety::config(const QString &checkpointDir, int steps, int interval, int keep)
{
    QJsonObject c{
        {QStringLiteral("version"), 1},
        {QStringLiteral("strategy"), QStringLiteral("dp")},
        {QStringLiteral("model"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("mlp")},
                                              {QStringLiteral("hidden"), QJsonArray{8}}}},
        {QStringLiteral("dataset"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("synthetic")},
                                                {QStringLiteral("samples"), 64},
                                                {QStringLiteral("shape"), QJsonArray{1, 4, 4}}}},
        {QStringLiteral("global_batch"), 8},
        {QStringLiteral("steps"), steps},
        {QStringLiteral("seed"), 3},
        {QStringLiteral("optimizer"),
         QJsonObject{{QStringLiteral("kind"), QStringLiteral("adamw")}, {QStringLiteral("lr"), 0.01}}},
        {QStringLiteral("comm"), QJsonObject{{QStringLiteral("timeout_s"), 30}}},
        {QStringLiteral("nodes"), WorkerCluster::nodesJson({1})}};
    if (!checkpointDir.isEmpty())
        c.insert(QStringLiteral("checkpoint"), QJsonObject{{QStringLiteral("dir"), checkpointDir},
                                                           {QStringLiteral("interval"), interval},
                                                           {QStringLiteral("keep"), keep}});
    return c;
}

int TestCheckpointSafety::run(const QJsonObject &cfg, const QStringList &extra, QString *error,
                              int *firstStep, QString *log)
{
    WorkerCluster cluster(m_dir.path());
    cluster.start(cfg, {1}, extra, /*dump=*/false);
    if (!cluster.waitFinished(60000)) {
        qWarning("worker did not finish: %s", cluster.summary().constData());
        return -1;
    }
    const auto errors = cluster.events(0, QStringLiteral("error"));
    if (error)
        *error = errors.isEmpty()
                     ? QString()
                     : errors.first().value(QStringLiteral("cause")).toString() + QStringLiteral(": ") +
                           errors.first().value(QStringLiteral("message")).toString();
    if (firstStep) {
        const auto steps = cluster.events(0, QStringLiteral("step"));
        *firstStep = steps.isEmpty() ? -1 : steps.first().value(QStringLiteral("step")).toInt();
    }
    if (log)
        *log = cluster.log(0);
    const int code = cluster.exitCode(0);
    // A failure the test did not expect says why in ctest's output (CI keeps no temp files).
    if (code != 0 && code != 5)
        qWarning("worker exit %d: %s\n%s", code, cluster.summary().constData(),
                 qPrintable(cluster.log(0).right(4000)));
    return code;
}

void TestCheckpointSafety::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(QFileInfo::exists(WorkerCluster::workerPath()));
}

void TestCheckpointSafety::worldWritableFolderIsRefused()
{
    // mkdir -m 777 /var/tmp/hamgam-ckpt: anyone can plant or swap entries in it.
    const QString folder = m_dir.filePath(QStringLiteral("world-writable"));
    const QString victim = m_dir.filePath(QStringLiteral("victim-ww"));
    QVERIFY(makeFolder(folder, 0777));
    QVERIFY(makeVictim(victim));
    QVERIFY(QFile::link(victim, folder + QStringLiteral("/step-00000000")));

    QString error;
    const int code = run(config(folder, 6, 2, 1), {}, &error);
    QCOMPARE(code, 5);
    QVERIFY2(error.startsWith(QLatin1String("checkpoint: ")) && error.contains(folder) &&
                 error.contains(QLatin1String("sticky")),
             qPrintable(error));
    QVERIFY(victimIntact(victim));
    // Refused before anything was written.
    QCOMPARE(QDir(folder).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System),
             QStringList{QStringLiteral("step-00000000")});
}

void TestCheckpointSafety::foreignFolderIsRefused()
{
    if (!isRoot())
        QSKIP("needs root to make a folder another user owns");
    const QString folder = m_dir.filePath(QStringLiteral("foreign"));
    QVERIFY(makeFolder(folder, 0755));
    QVERIFY(writeFile(folder + QStringLiteral("/README"), "mine"));
    QVERIFY(giveAwayTree(folder));

    QString error;
    QCOMPARE(run(config(folder, 4, 2, 1), {}, &error), 5);
    QVERIFY2(error.startsWith(QLatin1String("checkpoint: ")) && error.contains(folder) &&
                 error.contains(QLatin1String("another user")),
             qPrintable(error));
    QCOMPARE(QDir(folder).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System),
             QStringList{QStringLiteral("README")});
}

void TestCheckpointSafety::stickyFolderTouchesOnlyThisRunsSteps()
{
    // A shared folder like /tmp (mode 1777): allowed, but only our entries are touched.
    const QString folder = m_dir.filePath(QStringLiteral("sticky"));
    const QString victim = m_dir.filePath(QStringLiteral("victim-sticky"));
    QVERIFY(makeFolder(folder, 01777));
    QVERIFY(makeVictim(victim));
    // The attack of issue #17: a link that sorts before every step this run writes.
    const QString link = folder + QStringLiteral("/step-00000000");
    QVERIFY(QFile::link(victim, link));
    // An earlier run's step of ours, never written by this run (odd step).
    const QString earlier = folder + QStringLiteral("/step-00000003");
    QVERIFY(QDir().mkpath(earlier));
    QVERIFY(writeFile(earlier + QStringLiteral("/rank-0.bin"), "earlier run"));
    // Another user's checkpoint.
    const QString foreign = folder + QStringLiteral("/step-00000001");
    if (isRoot()) {
        QVERIFY(giveAway(link));
        QVERIFY(QDir().mkpath(foreign));
        QVERIFY(writeFile(foreign + QStringLiteral("/rank-0.bin"), "theirs"));
        QVERIFY(giveAwayTree(foreign));
    }

    QString error;
    QCOMPARE(run(config(folder, 6, 2, 1), {}, &error), 0);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(victimIntact(victim));
    QVERIFY(isSymLink(link));
    QCOMPARE(readFile(earlier + QStringLiteral("/rank-0.bin")), QByteArray("earlier run"));
    if (isRoot())
        QCOMPARE(readFile(foreign + QStringLiteral("/rank-0.bin")), QByteArray("theirs"));
    // Of this run's steps 2, 4 and 6 only the newest is kept.
    QVERIFY(!QFileInfo::exists(folder + QStringLiteral("/step-00000002")));
    QVERIFY(!QFileInfo::exists(folder + QStringLiteral("/step-00000004")));
    QVERIFY(QFileInfo(folder + QStringLiteral("/step-00000006/rank-0.bin")).isFile());
    QVERIFY(QFileInfo(folder + QStringLiteral("/step-00000006/manifest-node-0.json")).isFile());
}

void TestCheckpointSafety::plantedStepGetsAFreshName_data()
{
    QTest::addColumn<QString>("trap");
    QTest::newRow("symbolic link to another folder") << "link";
    QTest::newRow("another user's folder") << "foreign";
}

void TestCheckpointSafety::plantedStepGetsAFreshName()
{
    // Issue #29, item 10: the planted name used to fail the run (exit 5).
    QFETCH(QString, trap);
    if (trap == QLatin1String("foreign") && !isRoot())
        QSKIP("needs root to make a folder another user owns");
    const QString folder = m_dir.filePath(QStringLiteral("planted-") + trap);
    const QString victim = m_dir.filePath(QStringLiteral("victim-planted-") + trap);
    QVERIFY(makeFolder(folder, 01777));
    // The name of this run's last checkpoint, planted before it.
    const QString step = folder + QStringLiteral("/step-00000004");
    if (trap == QLatin1String("link")) {
        QVERIFY(makeVictim(victim));
        QVERIFY(QFile::link(victim, step));
    } else {
        QVERIFY(makeFolder(step, 0777));
        QVERIFY(giveAway(step));
    }

    QString error;
    QCOMPARE(run(config(folder, 4, 2, 5), {}, &error), 0);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    if (trap == QLatin1String("link")) {
        QVERIFY(victimIntact(victim));
        QVERIFY(isSymLink(step));
    } else {
        QVERIFY(QDir(step)
                    .entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System)
                    .isEmpty());
    }
    // Step 4 went to a fresh name nobody could guess; step 2 to its own.
    const QStringList fresh = QDir(folder).entryList({QStringLiteral("step-00000004.*")}, QDir::Dirs);
    QCOMPARE(fresh.size(), 1);
    QVERIFY2(
        QRegularExpression(QStringLiteral("^step-00000004\\.[0-9a-f]{16}$")).match(fresh.first()).hasMatch(),
        qPrintable(fresh.first()));
    QVERIFY(QFileInfo(folder + QLatin1Char('/') + fresh.first() + QStringLiteral("/manifest-node-0.json"))
                .isFile());
    QVERIFY(QFileInfo(folder + QStringLiteral("/step-00000002/manifest-node-0.json")).isFile());
    // A resume finds it as the newest.
    int firstStep = 0;
    QString log;
    QCOMPARE(run(config({}, 6, 0, 1), {QStringLiteral("--resume"), folder}, &error, &firstStep, &log), 0);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(firstStep, 5);
    QVERIFY2(log.contains(QStringLiteral("resumed from ") + folder + QLatin1Char('/') + fresh.first()),
             qPrintable(log));
}

void TestCheckpointSafety::resumeReadsOnlyTheLabUsersCheckpoint()
{
    // Every lab user's runs write as the agent's system user: the manifest says whose a checkpoint is.
    const QString folder = m_dir.filePath(QStringLiteral("lab-users"));
    QVERIFY(makeFolder(folder, 0755));
    const QString alices = folder + QStringLiteral("/step-00000004");
    QString error;
    QCOMPARE(run(config(folder, 4, 4, 5), {QStringLiteral("--lab-user"), QStringLiteral("alice")}, &error),
             0);
    const QByteArray manifest = readFile(alices + QStringLiteral("/manifest-node-0.json"));
    const QByteArray shard = readFile(alices + QStringLiteral("/rank-0.bin"));
    QCOMPARE(QJsonDocument::fromJson(manifest).object().value(QStringLiteral("user")).toString(),
             QStringLiteral("alice"));
    QVERIFY(!shard.isEmpty());

    // Bob's run in the same folder: his step 4 goes to a fresh name, hers stays as it was.
    QCOMPARE(run(config(folder, 4, 2, 5), {QStringLiteral("--lab-user"), QStringLiteral("bob")}, &error), 0);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(readFile(alices + QStringLiteral("/manifest-node-0.json")), manifest);
    QCOMPARE(readFile(alices + QStringLiteral("/rank-0.bin")), shard);
    const QStringList bobs = QDir(folder).entryList({QStringLiteral("step-00000004.*")}, QDir::Dirs);
    QCOMPARE(bobs.size(), 1);
    const QString bobsStep = folder + QLatin1Char('/') + bobs.first();
    QCOMPARE(QJsonDocument::fromJson(readFile(bobsStep + QStringLiteral("/manifest-node-0.json")))
                 .object()
                 .value(QStringLiteral("user"))
                 .toString(),
             QStringLiteral("bob"));
    // The newest of all records nobody (a run by hand).
    QCOMPARE(run(config(folder, 6, 6, 5), {}, &error), 0);
    QVERIFY(QFileInfo(folder + QStringLiteral("/step-00000006/manifest-node-0.json")).isFile());
    QVERIFY(!readFile(folder + QStringLiteral("/step-00000006/manifest-node-0.json")).contains("\"user\""));

    // Each lab user's resume from the folder finds their own newest, skipping the rest.
    for (const auto &[user, from] :
         {std::pair{QStringLiteral("alice"), alices}, std::pair{QStringLiteral("bob"), bobsStep}}) {
        int firstStep = 0;
        QString log;
        QCOMPARE(run(config({}, 6, 0, 1),
                     {QStringLiteral("--resume"), folder, QStringLiteral("--resume-user"), user}, &error,
                     &firstStep, &log),
                 0);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(firstStep, 5);
        QVERIFY2(log.contains(QStringLiteral("resumed from ") + from + QLatin1Char(' ')), qPrintable(log));
    }
    // Without one (an admin's resume, or by hand): the newest, whoever wrote it.
    int firstStep = 0;
    QCOMPARE(run(config({}, 8, 0, 1), {QStringLiteral("--resume"), folder}, &error, &firstStep), 0);
    QCOMPARE(firstStep, 7);
    // Her step named outright, for bob: refused. A user with none there: nothing to resume.
    QCOMPARE(run(config({}, 6, 0, 1),
                 {QStringLiteral("--resume"), alices, QStringLiteral("--resume-user"), QStringLiteral("bob")},
                 &error),
             5);
    QVERIFY2(error.startsWith(QLatin1String("checkpoint: ")) &&
                 error.contains(QLatin1String("lab user alice's")) &&
                 error.contains(QLatin1String("not bob's")),
             qPrintable(error));
    QCOMPARE(
        run(config({}, 6, 0, 1),
            {QStringLiteral("--resume"), folder, QStringLiteral("--resume-user"), QStringLiteral("carol")},
            &error),
        5);
    QVERIFY2(error.contains(QLatin1String("no complete checkpoint of lab user carol")), qPrintable(error));
}

void TestCheckpointSafety::resumeSkipsPlantedCheckpoints()
{
    // Another user's checkpoint of step 4, and ours of step 2 in a shared folder.
    const QString theirs = m_dir.filePath(QStringLiteral("their-checkpoints"));
    QVERIFY(makeFolder(theirs, 0755));
    QString error;
    QCOMPARE(run(config(theirs, 4, 4, 5), {}, &error), 0);
    const QString folder = m_dir.filePath(QStringLiteral("resume-shared"));
    QVERIFY(makeFolder(folder, 01777));
    QCOMPARE(run(config(folder, 2, 2, 5), {}, &error), 0);
    QVERIFY(QFileInfo(folder + QStringLiteral("/step-00000002/manifest-node-0.json")).isFile());
    // Planted: names that sort after ours, so the newest is theirs.
    QVERIFY(
        QFile::link(theirs + QStringLiteral("/step-00000004"), folder + QStringLiteral("/step-99999999")));
    if (isRoot()) {
        const QString copy = folder + QStringLiteral("/step-99999998");
        QVERIFY(QDir().mkpath(copy));
        for (const QString &name : QDir(theirs + QStringLiteral("/step-00000004")).entryList(QDir::Files))
            QVERIFY(QFile::copy(theirs + QStringLiteral("/step-00000004/") + name,
                                copy + QLatin1Char('/') + name));
        QVERIFY(giveAwayTree(copy));
        QVERIFY(giveAway(folder + QStringLiteral("/step-99999999")));
    }

    int firstStep = 0;
    QCOMPARE(run(config({}, 6, 0, 1), {QStringLiteral("--resume"), folder}, &error, &firstStep), 0);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(firstStep, 3); // from our step 2, not their step 4
}

void TestCheckpointSafety::resumeReadsNoLinkedFile_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("shard") << "rank-0.bin";
    QTest::newRow("manifest") << "manifest-node-0.json";
}

void TestCheckpointSafety::resumeReadsNoLinkedFile()
{
    // The file's content is right (the same bytes, elsewhere): only the link is wrong.
    QFETCH(QString, file);
    const QString folder = m_dir.filePath(QStringLiteral("linked-") + file);
    const QString elsewhere = m_dir.filePath(QStringLiteral("elsewhere-") + file);
    QVERIFY(makeFolder(folder, 0755));
    QVERIFY(QDir().mkpath(elsewhere));
    QString error;
    QCOMPARE(run(config(folder, 4, 4, 5), {}, &error), 0);
    const QString step = folder + QStringLiteral("/step-00000004");
    QVERIFY(QFile::rename(step + QLatin1Char('/') + file, elsewhere + QLatin1Char('/') + file));
    QVERIFY(QFile::link(elsewhere + QLatin1Char('/') + file, step + QLatin1Char('/') + file));

    QCOMPARE(run(config({}, 6, 0, 1), {QStringLiteral("--resume"), step}, &error), 5);
    QVERIFY2(error.startsWith(QLatin1String("checkpoint: ")), qPrintable(error));
    if (file.startsWith(QLatin1String("rank")))
        QVERIFY2(error.contains(file) && error.contains(QLatin1String("symbolic link")), qPrintable(error));
}

void TestCheckpointSafety::foldersWeMakeAreOurs()
{
    // Under a umask of 002 (user private groups) a plain mkdir makes 0775,
    // which the workers would then refuse as writable by others.
    const QString folder = m_dir.filePath(QStringLiteral("made/by/the/worker"));
    const mode_t old = ::umask(002);
    QString error;
    const int code = run(config(folder, 4, 2, 1), {}, &error);
    ::umask(old);
    QCOMPARE(code, 0);
    for (const QString &dir : QStringList{folder, folder + QStringLiteral("/step-00000004")}) {
        struct stat st
        {
        };
        QVERIFY(::stat(QFile::encodeName(dir).constData(), &st) == 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0755));
        QCOMPARE(st.st_uid, ::geteuid());
    }
}

QTEST_GUILESS_MAIN(TestCheckpointSafety)
#include "tst_checkpointsafety.moc"
