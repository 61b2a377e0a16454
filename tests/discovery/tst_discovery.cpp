// Discovery on loopback: two agents and a controller find each other by
// beacon and by query, and a silent agent goes offline after three missed beacons.
#include "discoverylistener.h"
#include "noderegistry.h"
#include "testsupport.h"

#include <QNetworkDatagram>
#include <QSignalSpy>
#include <QTest>
#include <QUdpSocket>

using namespace TestSupport;

class TestDiscovery : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void twoAgentsAreDiscovered();
    void queryIsAnsweredAtOnce();
    void silentAgentGoesOfflineAfterThreeMissedBeacons();
    void manualEntryIsReachedWithoutBeacons();
    void noiseOnTheDiscoveryPortIsIgnored();
};

namespace {
QList<QHostAddress> loopbackTargets()
{
    return {QHostAddress(QStringLiteral("127.255.255.255"))};
}
} // namespace

void TestDiscovery::twoAgentsAreDiscovered()
{
    const quint16 port = randomDiscoveryPort();
    Controller controller = makeController();
    DiscoveryListener listener(port, loopbackTargets());
    QVERIFY2(listener.start(), qPrintable(listener.errorString()));
    NodeRegistry registry(controller.profile.identity(), controller.profile.pins());
    QSignalSpy added(&registry, &NodeRegistry::nodeAdded);
    QSignalSpy trustNeeded(&registry, &NodeRegistry::trustNeeded);
    registry.start(&listener);

    LocalAgent a = startAgent(port, {}, {}, 200, QStringLiteral("alpha"));
    LocalAgent b = startAgent(port, {}, {}, 200, QStringLiteral("beta"));
    QTRY_COMPARE_WITH_TIMEOUT(registry.nodes().size(), 2, 3000);
    QCOMPARE(trustNeeded.count(), 2);

    const Node *na = registry.node(a.daemon->nodeId());
    const Node *nb = registry.node(b.daemon->nodeId());
    QVERIFY(na && nb);
    QCOMPARE(na->name, QStringLiteral("alpha"));
    QCOMPARE(nb->name, QStringLiteral("beta"));
    QCOMPARE(na->port, a.daemon->port());
    QCOMPARE(na->address, QStringLiteral("127.0.0.1"));
    QCOMPARE(na->advertisedFingerprint, a.daemon->identity().fingerprint());
    QCOMPARE(na->trust, Node::Trust::Unknown);
    QVERIFY(na->isOnline());
    QCOMPARE(na->advertisedDevices.size(), 1);
    QCOMPARE(na->advertisedDevices.first().name, QStringLiteral("Fake GPU 3090"));
}

void TestDiscovery::queryIsAnsweredAtOnce()
{
    const quint16 port = randomDiscoveryPort();
    // Agents that announce only once a minute: only the query can find them quickly.
    LocalAgent a = startAgent(port, {}, {}, 60000, QStringLiteral("slow-a"));
    LocalAgent b = startAgent(port, {}, {}, 60000, QStringLiteral("slow-b"));
    QTest::qWait(100);
    Controller controller = makeController();
    DiscoveryListener listener(port, loopbackTargets());
    QVERIFY(listener.start());
    NodeRegistry registry(controller.profile.identity(), controller.profile.pins());
    registry.start(&listener);
    QTRY_COMPARE_WITH_TIMEOUT(registry.nodes().size(), 2, 1500);
}

void TestDiscovery::silentAgentGoesOfflineAfterThreeMissedBeacons()
{
    const quint16 port = randomDiscoveryPort();
    Controller controller = makeController();
    DiscoveryListener listener(port, loopbackTargets());
    QVERIFY(listener.start());
    NodeRegistry registry(controller.profile.identity(), controller.profile.pins());
    registry.start(&listener);

    LocalAgent a = startAgent(port, {}, {}, 300, QStringLiteral("leaving"));
    const QString id = a.daemon->nodeId();
    QTRY_VERIFY_WITH_TIMEOUT(registry.node(id) && registry.node(id)->isOnline(), 3000);
    a.daemon.reset(); // no more beacons
    // One or two missed beacons are not enough...
    QTest::qWait(500);
    QVERIFY(registry.node(id)->isOnline());
    // ...three are.
    QTRY_VERIFY_WITH_TIMEOUT(!registry.node(id)->isOnline(), 2000);
}

void TestDiscovery::manualEntryIsReachedWithoutBeacons()
{
    Controller controller = makeController();
    LocalAgent a = startAgent(randomDiscoveryPort(), {controller.profile.identity().fingerprint()}, {}, 200,
                              QStringLiteral("other-subnet"));
    NodeRegistry registry(controller.profile.identity(), controller.profile.pins());
    QSignalSpy trustNeeded(&registry, &NodeRegistry::trustNeeded);
    registry.start(nullptr);
    registry.addManual(QStringLiteral("127.0.0.1"), a.daemon->port());
    QCOMPARE(registry.manualEntries(), QStringList{QStringLiteral("127.0.0.1:%1").arg(a.daemon->port())});
    // Reached by TLS: the node id and fingerprint are learnt, then the user is asked.
    QVERIFY(trustNeeded.wait(5000));
    const QString key = trustNeeded.first().first().toString();
    QCOMPARE(key, a.daemon->nodeId());
    QCOMPARE(registry.node(key)->observedFingerprint, a.daemon->identity().fingerprint());
    registry.trust(key);
    QTRY_VERIFY_WITH_TIMEOUT(registry.node(key)->isConnected(), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(registry.node(key)->telemetry.has_value(), 5000);
    QVERIFY(registry.node(key)->manual);
}

void TestDiscovery::noiseOnTheDiscoveryPortIsIgnored()
{
    const quint16 port = randomDiscoveryPort();
    Controller controller = makeController();
    DiscoveryListener listener(port, loopbackTargets());
    QVERIFY(listener.start());
    QSignalSpy beacons(&listener, &DiscoveryListener::beaconReceived);
    QUdpSocket noise;
    noise.writeDatagram(QByteArray("not a beacon"), QHostAddress(QStringLiteral("127.255.255.255")), port);
    noise.writeDatagram(QByteArray(20000, 'x'), QHostAddress(QStringLiteral("127.255.255.255")), port);
    QVERIFY(!beacons.wait(500));
    LocalAgent a = startAgent(port, {}, {}, 200);
    QVERIFY(beacons.wait(3000));
}

QTEST_GUILESS_MAIN(TestDiscovery)
#include "tst_discovery.moc"
