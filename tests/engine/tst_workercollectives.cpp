// hamgam-worker --check-collectives: the engine's own collectives through a
// group of one rank with a real backend (Gloo here; NCCL on a GPU, as
// scripts/gpu-check runs it), one collectives_check event, exit 0 only when
// every result is right.
#include "workercluster.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

class TestWorkerCollectives : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void everyCollectiveIsRightOnGloo();
    void cudaRunsNcclOrSaysWhyNot();

private:
    /// Runs the check; its stdout's lines, its exit code.
    QList<QJsonObject> check(const QStringList &extra, int &exitCode, QByteArray &log);

    QTemporaryDir m_dir;
    QString m_key;
};

void TestWorkerCollectives::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_key = m_dir.filePath(QStringLiteral("run.key"));
    QVERIFY(WorkerCluster::writeKeyFile(m_key));
}

QList<QJsonObject> TestWorkerCollectives::check(const QStringList &extra, int &exitCode, QByteArray &log)
{
    QProcess p;
    p.start(WorkerCluster::workerPath(),
            QStringList{QStringLiteral("--check-collectives"), QStringLiteral("--master"),
                        QStringLiteral("127.0.0.1:%1").arg(WorkerCluster::freePort()),
                        QStringLiteral("--rendezvous-key-file"), m_key}
                << extra);
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished(5000);
    }
    exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    log = p.readAllStandardError();
    QList<QJsonObject> lines;
    for (const QByteArray &line : p.readAllStandardOutput().split('\n'))
        if (!line.isEmpty())
            lines << QJsonDocument::fromJson(line).object();
    return lines;
}

void TestWorkerCollectives::everyCollectiveIsRightOnGloo()
{
    int exitCode = -1;
    QByteArray log;
    const auto lines = check({QStringLiteral("--device"), QStringLiteral("cpu")}, exitCode, log);
    QVERIFY2(lines.size() == 1, log.constData()); // one line, the event
    const QJsonObject event = lines.first();
    const QByteArray text = QJsonDocument(event).toJson(QJsonDocument::Compact);
    QCOMPARE(event.value(QStringLiteral("event")).toString(), QStringLiteral("collectives_check"));
    QCOMPARE(event.value(QStringLiteral("backend")).toString(), QStringLiteral("gloo"));
    QCOMPARE(event.value(QStringLiteral("device")).toString(), QStringLiteral("cpu"));
    // Every collective the engine uses is there and right. bf16 sums: 1.13's
    // Gloo has none, 2.6's has, Debian unstable's 2.14 (its own Gloo) has none
    // again; the worker tries, so from 2.14 either verdict is honest.
    QJsonObject results = event.value(QStringLiteral("results")).toObject();
    const int version = WorkerCluster::libTorchVersion();
    const QString bf16Verdict = results.value(QStringLiteral("all-reduce bf16")).toString();
    const bool bf16Skipped = bf16Verdict == QLatin1String("skipped: this LibTorch's Gloo cannot sum bf16");
    if (version < 200)
        QVERIFY2(bf16Skipped, text.constData());
    else if (version < 214)
        QCOMPARE(bf16Verdict, QStringLiteral("ok"));
    else
        QVERIFY2(bf16Skipped || bf16Verdict == QLatin1String("ok"), text.constData());
    results.insert(QStringLiteral("all-reduce bf16"), QStringLiteral("ok"));
    const QJsonObject expected{{QStringLiteral("all-reduce"), QStringLiteral("ok")},
                               {QStringLiteral("all-gather"), QStringLiteral("ok")},
                               {QStringLiteral("all-to-all"), QStringLiteral("ok")},
                               {QStringLiteral("broadcast"), QStringLiteral("ok")},
                               {QStringLiteral("reduce"), QStringLiteral("ok")},
                               {QStringLiteral("all-reduce bf16"), QStringLiteral("ok")}};
    QVERIFY2(results == expected, text.constData());
    QVERIFY2(event.value(QStringLiteral("ok")).toBool(), text.constData());
    QCOMPARE(exitCode, 0);
}

void TestWorkerCollectives::cudaRunsNcclOrSaysWhyNot()
{
    // This machine has no GPU (or the worker no CUDA): a config error that
    // says so, no check. Where there is one, it is NCCL's turn, and all right.
    int exitCode = -1;
    QByteArray log;
    const auto lines = check({QStringLiteral("--device"), QStringLiteral("cuda")}, exitCode, log);
    QVERIFY2(lines.size() == 1, log.constData());
    const QJsonObject event = lines.first();
    const QByteArray text = QJsonDocument(event).toJson(QJsonDocument::Compact);
    if (event.value(QStringLiteral("event")).toString() == QLatin1String("collectives_check")) {
        QCOMPARE(event.value(QStringLiteral("backend")).toString(), QStringLiteral("nccl"));
        QCOMPARE(event.value(QStringLiteral("device")).toString(), QStringLiteral("cuda:0"));
        QVERIFY2(event.value(QStringLiteral("ok")).toBool(), text.constData());
        QCOMPARE(exitCode, 0);
        return;
    }
    QCOMPARE(event.value(QStringLiteral("event")).toString(), QStringLiteral("error"));
    QCOMPARE(event.value(QStringLiteral("cause")).toString(), QStringLiteral("config"));
    const QString message = event.value(QStringLiteral("message")).toString();
    QVERIFY2(message.contains(QLatin1String("built without CUDA")) ||
                 message.contains(QLatin1String("CUDA shows no GPU")),
             text.constData());
    QCOMPARE(exitCode, 1);
}

QTEST_GUILESS_MAIN(TestWorkerCollectives)
#include "tst_workercollectives.moc"
