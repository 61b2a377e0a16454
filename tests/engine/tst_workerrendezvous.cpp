// Issue #17, item 3: the rendezvous store at rank 0 serves the run's workers
// only. Against a real 2-rank run on loopback, a client that speaks c10d's
// TCPStore protocol can neither read the members nor overwrite them, and
// clients that send half a request and hold on do not stall the run; every
// socket the workers listen on is bound to the master's address alone.
#include "workercluster.h"

#include <arpa/inet.h>
#include <cstdio>
#include <cstdlib>
#include <netinet/in.h>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <sys/socket.h>
#include <thread>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>
#include <unistd.h>

namespace {

// A 2-rank dp run long enough to be attacked (each step slowed to about 30 ms
// by the demo emulation, on a fixed split, so that timing changes nothing),
// checkpointing every 100 steps so the store is used all along (checkpoint
// manifests go through it).
QJsonObject runConfig(const QString &checkpointDir)
{
    return {{QStringLiteral("version"), 1},
            {QStringLiteral("strategy"), QStringLiteral("dp")},
            {QStringLiteral("model"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("mlp")},
                                                  {QStringLiteral("hidden"), QJsonArray{24}}}},
            {QStringLiteral("dataset"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("synthetic")},
                                                    {QStringLiteral("samples"), 200},
                                                    {QStringLiteral("shape"), QJsonArray{1, 8, 8}}}},
            {QStringLiteral("global_batch"), 32},
            {QStringLiteral("steps"), 400},
            {QStringLiteral("seed"), 5},
            {QStringLiteral("optimizer"),
             QJsonObject{{QStringLiteral("kind"), QStringLiteral("sgd")}, {QStringLiteral("lr"), 0.05}}},
            {QStringLiteral("checkpoint"), QJsonObject{{QStringLiteral("dir"), checkpointDir},
                                                       {QStringLiteral("interval"), 100},
                                                       {QStringLiteral("keep"), 2}}},
            // Short: on a stalled store the run fails in seconds, not minutes.
            {QStringLiteral("comm"), QJsonObject{{QStringLiteral("timeout_s"), 10}}},
            {QStringLiteral("nodes"), QJsonArray{QJsonObject{{QStringLiteral("devices"), QJsonArray{0}},
                                                             {QStringLiteral("batch"), 16},
                                                             {QStringLiteral("slowdown"), 40}},
                                                 QJsonObject{{QStringLiteral("devices"), QJsonArray{0}},
                                                             {QStringLiteral("batch"), 16},
                                                             {QStringLiteral("slowdown"), 40}}}}};
}

c10d::TCPStoreOptions plainClientOptions(quint16 port, int timeoutMs)
{
    c10d::TCPStoreOptions o;
    o.port = port;
    o.isServer = false;
    o.waitWorkers = false;
    o.timeout = std::chrono::milliseconds(timeoutMs);
    return o;
}

// The attacker: c10d's own TCPStore client, in a process of its own (this
// test's executable, started again with HAMGAM_TEST_ATTACK), because a
// TCPStore client's background thread ends its process when the server
// closes its connection. "read PORT KEY" prints what it read (exit 0) or why
// it could not (exit 1); "write PORT KEY VALUE" sets KEY over and over,
// printing 'c' for each connection it makes, until it is killed. (From
// LibTorch 2.x the client's constructor itself validates the server and
// throws: then the TCP connection alone shows that the attack reached the port.)
int attack(const QStringList &args)
{
    const quint16 port = quint16(args.value(1).toUInt());
    const std::string key = args.value(2).toStdString();
    if (args.value(0) == QLatin1String("read")) {
        try {
            c10d::TCPStore store("127.0.0.1", plainClientOptions(port, 8000));
            const auto value = store.get(key);
            std::fwrite(value.data(), 1, value.size(), stdout);
            std::fflush(stdout);
            ::_exit(0);
        } catch (const std::exception &e) {
            std::fprintf(stderr, "%s\n",
                         QString::fromUtf8(e.what()).section(QLatin1Char('\n'), 0, 0).toUtf8().constData());
            std::fflush(stderr);
            ::_exit(1);
        }
    }
    const std::string garbage = args.value(3).toStdString();
    for (;;) {
        if (const int fd = ::socket(AF_INET, SOCK_STREAM, 0); fd >= 0) {
            sockaddr_in to{};
            to.sin_family = AF_INET;
            to.sin_port = htons(port);
            to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
            if (::connect(fd, reinterpret_cast<const sockaddr *>(&to), sizeof to) == 0) {
                std::fputc('c', stdout);
                std::fflush(stdout);
            }
            ::close(fd);
        }
        try {
            c10d::TCPStore store("127.0.0.1", plainClientOptions(port, 1000));
            for (;;)
                store.set(key, std::vector<uint8_t>(garbage.begin(), garbage.end()));
        } catch (const std::exception &) {
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
    }
}

void startAttacker(QProcess &p, const QStringList &args)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HAMGAM_TEST_ATTACK"), args.join(QLatin1Char(' ')));
    p.setProcessEnvironment(env);
    p.start(QCoreApplication::applicationFilePath(), {});
}

// A c10d TCPStore query in its wire form (1.13): the query type (GET = 2),
// then the key as a 64-bit length in host order and its bytes.
QByteArray tcpStoreGetQuery(const QByteArray &key)
{
    QByteArray q(1, char(2));
    const quint64 size = quint64(key.size());
    q.append(reinterpret_cast<const char *>(&size), sizeof size);
    return q + key;
}

bool connectWithin(QTcpSocket &socket, quint16 port, int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < timeoutMs) {
        socket.connectToHost(QHostAddress::LocalHost, port);
        if (socket.waitForConnected(500))
            return true;
        socket.abort();
        QThread::msleep(20);
    }
    return false;
}

// The local addresses (as /proc/net/tcp* writes them) of the listening TCP sockets of a process.
QStringList listeningAddresses(qint64 pid)
{
    QSet<QString> inodes;
    const QDir fdDir(QStringLiteral("/proc/%1/fd").arg(pid));
    for (const QString &fd : fdDir.entryList(QDir::NoDotAndDotDot | QDir::AllEntries | QDir::System)) {
        const QString target = QFile::symLinkTarget(fdDir.filePath(fd));
        if (target.contains(QLatin1String("socket:[")))
            inodes.insert(target.section(QLatin1Char('['), 1).chopped(1));
    }
    QStringList out;
    for (const char *table : {"tcp", "tcp6"}) {
        QFile f(QStringLiteral("/proc/%1/net/%2").arg(pid).arg(QLatin1String(table)));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        f.readLine(); // header
        while (!f.atEnd()) {
            const QStringList cols =
                QString::fromLatin1(f.readLine()).split(QLatin1Char(' '), Qt::SkipEmptyParts);
            // sl local_address rem_address st ... inode (column 9)
            if (cols.size() > 9 && cols[3] == QLatin1String("0A") && inodes.contains(cols[9]))
                out << cols[1];
        }
    }
    return out;
}

} // namespace

class TestWorkerRendezvous : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void listensOnlyOnTheMasterAddress();
    void plainClientReadsNothing();
    void plainClientCannotOverwriteMembers();
    void halfRequestsDoNotStallTheRun();

private:
    QJsonObject config(const QString &name);
    void verifyUndisturbed(WorkerCluster &cluster);

    QTemporaryDir m_dir;
    QList<QVector<float>> m_reference; ///< per rank
};

QJsonObject TestWorkerRendezvous::config(const QString &name)
{
    return runConfig(m_dir.filePath(QStringLiteral("ckpt-") + name));
}

void TestWorkerRendezvous::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // The undisturbed run every attacked one must reproduce exactly.
    WorkerCluster cluster(m_dir.path());
    cluster.start(config(QStringLiteral("reference")), {1, 1});
    QVERIFY2(cluster.waitFinished(90000), cluster.summary().constData());
    QCOMPARE(cluster.exitCodes(), (QList<int>{0, 0}));
    m_reference = {cluster.parameters(0), cluster.parameters(1)};
    QVERIFY(!m_reference[0].isEmpty() && !m_reference[1].isEmpty());
}

void TestWorkerRendezvous::verifyUndisturbed(WorkerCluster &cluster)
{
    QVERIFY2(cluster.waitFinished(90000), cluster.summary().constData());
    QVERIFY2(cluster.exitCodes() == (QList<int>{0, 0}), cluster.summary().constData());
    QCOMPARE(cluster.events(0, QStringLiteral("done")).size(), 1);
    for (int r = 0; r < 2; ++r)
        QCOMPARE(maxAbsDiff(cluster.parameters(r), m_reference[r]), 0.0);
}

void TestWorkerRendezvous::listensOnlyOnTheMasterAddress()
{
    // The master is 127.0.0.1: the store and Gloo listen there, not on every interface.
    QJsonObject c = config(QStringLiteral("listen"));
    c[QStringLiteral("steps")] = 1000000;
    c.remove(QStringLiteral("checkpoint"));
    WorkerCluster cluster(m_dir.path());
    cluster.start(c, {1, 1}, {}, false);
    for (int r = 0; r < 2; ++r)
        QVERIFY2(cluster.waitForEvents(r, QStringLiteral("step"), 2, 60000), cluster.summary().constData());
    const QStringList addresses = listeningAddresses(cluster.pid(0)) + listeningAddresses(cluster.pid(1));
    QVERIFY2(!addresses.isEmpty(), "no listening socket found");
    const QString masterPort =
        QStringLiteral("%1").arg(cluster.masterPort(), 4, 16, QLatin1Char('0')).toUpper();
    bool storeSeen = false;
    for (const QString &a : addresses) {
        // 0100007F is 127.0.0.1; IPv4-mapped IPv6 would end in it too.
        QVERIFY2(a.startsWith(QLatin1String("0100007F:")) || a.contains(QLatin1String("FFFF00000100007F:")),
                 qPrintable(QStringLiteral("a worker listens on %1 (every listening socket: %2)")
                                .arg(a, addresses.join(QLatin1Char(' ')))));
        storeSeen = storeSeen || a.endsWith(QLatin1Char(':') + masterPort);
    }
    QVERIFY2(storeSeen, qPrintable(addresses.join(QLatin1Char(' '))));
}

void TestWorkerRendezvous::plainClientReadsNothing()
{
    WorkerCluster cluster(m_dir.path());
    cluster.start(config(QStringLiteral("read")), {1, 1});
    // Once rank 0 trains, both members are in the store.
    QVERIFY2(cluster.waitForEvents(0, QStringLiteral("step"), 1, 60000), cluster.summary().constData());

    // A TCPStore query as raw bytes: no answer at all, and the connection is closed.
    QTcpSocket raw;
    QVERIFY(connectWithin(raw, cluster.masterPort(), 5000));
    raw.write(tcpStoreGetQuery("hamgam/member/0"));
    QVERIFY(raw.waitForBytesWritten(2000));
    QElapsedTimer t;
    t.start();
    QByteArray answer;
    while (raw.state() == QAbstractSocket::ConnectedState && t.elapsed() < 8000) {
        raw.waitForReadyRead(200);
        answer += raw.readAll();
    }
    answer += raw.readAll();
    QVERIFY2(answer.isEmpty(),
             QByteArray("the store answered a plain client: " + answer.toHex()).constData());
    QVERIFY2(raw.state() != QAbstractSocket::ConnectedState, "a plain client was not disconnected");

    // c10d's own client, as any PyTorch user has it at hand: nothing either.
    QProcess reader;
    startAttacker(reader, {QStringLiteral("read"), QString::number(cluster.masterPort()),
                           QStringLiteral("hamgam/member/0")});
    QVERIFY(reader.waitForFinished(30000));
    const QByteArray read = reader.readAllStandardOutput();
    QVERIFY2(read.isEmpty(), QByteArray("a plain TCPStore client read member/0: " + read).constData());
    QVERIFY2(reader.exitStatus() != QProcess::NormalExit || reader.exitCode() != 0,
             reader.readAllStandardError().constData());

    QVERIFY2(cluster.exitCodes() == (QList<int>{-1000, -1000}),
             "the run ended before the attack did: too short to show anything");
    verifyUndisturbed(cluster);
}

void TestWorkerRendezvous::plainClientCannotOverwriteMembers()
{
    // From before rank 1 publishes itself until the run is over, a plain
    // client keeps overwriting member/1 with garbage.
    WorkerCluster cluster(m_dir.path());
    cluster.start(config(QStringLiteral("write")), {1, 1});
    const QStringList args{QStringLiteral("write"), QString::number(cluster.masterPort()),
                           QStringLiteral("hamgam/member/1"), QStringLiteral("not-a-member")};
    QProcess writer;
    startAttacker(writer, args);
    QByteArray connections;
    QElapsedTimer t;
    t.start();
    bool finished = false;
    while (!finished && t.elapsed() < 90000) {
        finished = cluster.waitFinished(50);
        connections += writer.readAllStandardOutput();
        if (writer.state() == QProcess::NotRunning) { // c10d's client ended itself: again
            connections += writer.readAllStandardOutput();
            startAttacker(writer, args);
        }
    }
    writer.kill();
    writer.waitForFinished(5000);
    connections += writer.readAllStandardOutput();
    QVERIFY2(finished, cluster.summary().constData());
    QVERIFY2(connections.contains('c'), "the attacker never reached the master's port");
    verifyUndisturbed(cluster);
}

void TestWorkerRendezvous::halfRequestsDoNotStallTheRun()
{
    // Clients that send 4 bytes (half a request) and hold the connection:
    // some in TCPStore's protocol, some the first bytes of the store's own
    // handshake (which only the authentication deadline ends), before the
    // workers meet and again at the first checkpoint.
    WorkerCluster cluster(m_dir.path());
    cluster.start(config(QStringLiteral("stall")), {1, 1});
    std::vector<std::unique_ptr<QTcpSocket>> stallers;
    auto stall = [&](int count) {
        for (int i = 0; i < count; ++i) {
            auto s = std::make_unique<QTcpSocket>();
            QVERIFY(connectWithin(*s, cluster.masterPort(), 30000));
            s->write(i % 2 == 0 ? QByteArray("\x00\x00\x00\x00", 4) : QByteArray("HGMR"));
            QVERIFY(s->waitForBytesWritten(2000));
            stallers.push_back(std::move(s));
        }
    };
    stall(4);
    QVERIFY2(cluster.waitForEvents(0, QStringLiteral("checkpoint"), 1, 60000), cluster.summary().constData());
    stall(4);
    verifyUndisturbed(cluster);
    // And none of them was let in: each was disconnected.
    for (auto &s : stallers) {
        if (s->state() == QAbstractSocket::ConnectedState)
            s->waitForDisconnected(8000);
        QVERIFY2(s->state() != QAbstractSocket::ConnectedState,
                 "a client holding half a request kept its place");
    }
}

int main(int argc, char **argv)
{
    if (const char *a = std::getenv("HAMGAM_TEST_ATTACK"))
        return attack(QString::fromUtf8(a).split(QLatin1Char(' ')));
    QCoreApplication app(argc, argv);
    TestWorkerRendezvous test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "tst_workerrendezvous.moc"
