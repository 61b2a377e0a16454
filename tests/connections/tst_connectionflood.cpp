// Unauthenticated sockets cannot starve controllers (docs/security.md,
// "Connections"): ConnectionLimiter's rules as a table, then a real agent on
// loopback under a flood of idle TCP connections from 127.0.0.2 that are
// renewed the moment the agent closes them, while a trusted controller on
// 127.0.0.1 connects again and again. Before the fix, 64 idle sockets took
// every place and every trusted attempt was refused. Then 8 idle sockets from
// the controller's own address (a NAT, another user of the same computer):
// they filled that address's share and kept the controller out (issue #29,
// item 9) until idle sockets gave way to a newcomer from their address.
#include "agentclient.h"
#include "connectionlimiter.h"
#include "fakeprobe.h"
#include "fingerprintstore.h"
#include "testsupport.h"

#include <memory>
#include <QSet>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QTest>
#include <vector>

using namespace TestSupport;

class TestConnectionFlood : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void limits_data();
    void limits();
    void pendingPerAddressAndReserve();
    void floodKeepsNobodyOut_data();
    void floodKeepsNobodyOut();
};

void TestConnectionFlood::limits_data()
{
    QTest::addColumn<int>("total");
    QTest::addColumn<int>("perAddress");
    QTest::addColumn<int>("reserved");
    QTest::newRow("default 64") << 64 << 8 << 16;
    QTest::newRow("2 places") << 2 << 2 << 0;
    QTest::newRow("1 place") << 1 << 1 << 0;
    QTest::newRow("10 places") << 10 << 8 << 2;
    QTest::newRow("4096 places") << 4096 << 8 << 1024;
}

void TestConnectionFlood::limits()
{
    QFETCH(int, total);
    QFETCH(int, perAddress);
    QFETCH(int, reserved);
    const ConnectionLimiter::Limits l = ConnectionLimiter::forTotal(total);
    QCOMPARE(l.total, total);
    QCOMPARE(l.pendingPerAddress, perAddress);
    QCOMPARE(l.reservedForTrusted, reserved);
}

void TestConnectionFlood::pendingPerAddressAndReserve()
{
    ConnectionLimiter limiter({10, 3, 4});
    const QHostAddress a(QStringLiteral("10.0.0.1")); // bookkeeping only: nothing is sent anywhere
    const QHostAddress b(QStringLiteral("10.0.0.2"));
    const QHostAddress mappedA(QStringLiteral("::ffff:10.0.0.1"));
    QVERIFY(limiter.admit(a));
    QVERIFY(limiter.admit(mappedA)); // the same host, written as IPv6
    QVERIFY(limiter.admit(a));
    QVERIFY(!limiter.admit(a)); // 3 pending from one address
    QCOMPARE(limiter.pendingFrom(a), 3);
    QVERIFY(limiter.admit(b));
    QVERIFY(limiter.admit(b));
    QVERIFY(limiter.admit(b));
    QVERIFY(!limiter.admit(QHostAddress(QStringLiteral("10.0.0.3")))); // 6 pending = 10 - 4 reserved
    // A trusted session leaves the pending pool: room again for others.
    limiter.promote(a);
    QCOMPARE(limiter.pending(), 5);
    QCOMPARE(limiter.trusted(), 1);
    QVERIFY(limiter.admit(QHostAddress(QStringLiteral("10.0.0.3"))));
    // Trusted sessions may use the reserve; unauthenticated ones never.
    limiter.promote(b);
    limiter.promote(b);
    limiter.promote(b);
    QCOMPARE(limiter.trusted(), 4);
    QCOMPARE(limiter.pending(), 3);
    QVERIFY(limiter.admit(a));
    QVERIFY(!limiter.admit(a)); // a is at 3 again
    QVERIFY(limiter.admit(QHostAddress(QStringLiteral("10.0.0.4"))));
    QVERIFY(limiter.admit(QHostAddress(QStringLiteral("10.0.0.5"))));
    QCOMPARE(limiter.pending(), 6);
    QVERIFY(!limiter.admit(QHostAddress(QStringLiteral("10.0.0.6")))); // the pending pool is full
    limiter.release(a, false);
    limiter.release(b, true);
    QCOMPARE(limiter.pending(), 5);
    QCOMPARE(limiter.trusted(), 3);
    // Everything in use by trusted sessions and pending ones: nothing more, however new the address.
    for (int i = 0; i < 2; ++i)
        limiter.promote(a);
    QCOMPARE(limiter.trusted(), 5);
    QCOMPARE(limiter.pending(), 3);
    QVERIFY(limiter.admit(QHostAddress(QStringLiteral("10.0.0.7"))));
    QVERIFY(limiter.admit(QHostAddress(QStringLiteral("10.0.0.8"))));
    QCOMPARE(limiter.pending() + limiter.trusted(), 10);
    QVERIFY(!limiter.admit(QHostAddress(QStringLiteral("10.0.0.9"))));
    // One host's IPv6 /64 counts as one address.
    ConnectionLimiter six({10, 2, 0});
    QVERIFY(six.admit(QHostAddress(QStringLiteral("2001:db8:1:2::1"))));
    QVERIFY(six.admit(QHostAddress(QStringLiteral("2001:db8:1:2::ffff"))));
    QVERIFY(!six.admit(QHostAddress(QStringLiteral("2001:db8:1:2:abcd::9"))));
    QVERIFY(six.admit(QHostAddress(QStringLiteral("2001:db8:1:3::1"))));
    // Releasing what was never admitted changes nothing.
    limiter.release(QHostAddress(QStringLiteral("10.9.9.9")), false);
    QCOMPARE(limiter.pending(), 5);
}

void TestConnectionFlood::floodKeepsNobodyOut_data()
{
    QTest::addColumn<QStringList>("sources");
    QTest::addColumn<int>("closedAtLeast"); ///< flood sockets the agent closed or refused: it was going on
    QTest::newRow("64 from one address") << QStringList(64, QStringLiteral("127.0.0.2")) << 64;
    // 8 addresses x 8 fill the whole unauthenticated pool (48 places): newcomers must still get in.
    QStringList many;
    for (int a = 2; a < 10; ++a)
        for (int i = 0; i < 8; ++i)
            many << QStringLiteral("127.0.0.%1").arg(a);
    QTest::newRow("64 from eight addresses") << many << 64;
    // The controller's own address, at its share of pending places: idle sockets give way to it.
    QTest::newRow("8 from the controller's own address") << QStringList(8, QStringLiteral("127.0.0.1")) << 12;
}

void TestConnectionFlood::floodKeepsNobodyOut()
{
    QFETCH(QStringList, sources);
    QFETCH(int, closedAtLeast);
    Controller controller = makeController();
    QTemporaryDir agentDir;
    QVERIFY(trustController(agentDir.path(), controller));
    AgentDaemon daemon(loopbackOptions(agentDir.path()),
                       std::make_unique<FakeProbe>()); // --max-connections 64
    QVERIFY(daemon.start().ok());

    // Idle sockets from the sources, each renewed as soon as it is closed or refused.
    std::vector<std::unique_ptr<QTcpSocket>> flood;
    int renewed = 0;
    auto open = [&](QTcpSocket *s) {
        s->abort();
        const QString from = s->property("from").toString();
        if (!s->bind(QHostAddress(from), 0))
            qFatal("cannot bind %s", qPrintable(from));
        s->connectToHost(QHostAddress::LocalHost, daemon.port());
    };
    for (const QString &from : std::as_const(sources)) {
        flood.push_back(std::make_unique<QTcpSocket>());
        QTcpSocket *s = flood.back().get();
        s->setProperty("from", from);
        connect(s, &QTcpSocket::disconnected, this, [&, s] {
            ++renewed;
            QMetaObject::invokeMethod(
                s, [&, s] { open(s); }, Qt::QueuedConnection); // gone with the socket
        });
        connect(s, &QTcpSocket::errorOccurred, this, [&, s](QAbstractSocket::SocketError) {
            if (s->state() == QAbstractSocket::UnconnectedState)
                QMetaObject::invokeMethod(
                    s, [&, s] { open(s); }, Qt::QueuedConnection); // gone with the socket
        });
        open(s);
    }
    QTest::qWait(500);
    // At most each address's share of places is held by the flood, and never the reserve.
    const qsizetype addresses = QSet<QString>(sources.cbegin(), sources.cend()).size();
    const ConnectionLimiter::Limits limits = ConnectionLimiter::forTotal(64);
    QVERIFY2(daemon.sessionCount() <= qMin(addresses * limits.pendingPerAddress,
                                           qsizetype(limits.total - limits.reservedForTrusted)),
             qPrintable(QString::number(daemon.sessionCount())));

    // Twelve trusted attempts over more than one TLS deadline: every one gets in.
    int succeeded = 0;
    for (int i = 0; i < 12; ++i) {
        AgentClient client(controller.profile.identity(), QStringLiteral("127.0.0.1"), daemon.port());
        QSignalSpy ready(&client, &AgentClient::handshakeDone);
        client.connectToAgent();
        if (ready.wait(5000))
            ++succeeded;
        client.disconnectFromAgent();
        QTest::qWait(300);
    }
    QCOMPARE(succeeded, 12);
    // The flood was really going on: the agent closed and refused its sockets the whole time.
    QVERIFY2(renewed > closedAtLeast, qPrintable(QString::number(renewed)));
    for (auto &s : flood)
        s->disconnect(this);
}

QTEST_GUILESS_MAIN(TestConnectionFlood)
#include "tst_connectionflood.moc"
