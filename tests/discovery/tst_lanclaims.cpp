// What someone on the lab network can claim with unauthenticated beacons, and
// what the controller does with it (docs/security.md, "Discovery"): a beacon
// may add an unknown machine, never close, move or relabel a pinned machine's
// verified connection; names and short ids resolve only among machines whose
// certificate TLS has shown. Every datagram goes to 127.0.0.1.
#include "agentclient.h"
#include "discoverylistener.h"
#include "fakeprobe.h"
#include "fingerprintstore.h"
#include "machinesmodel.h"
#include "noderegistry.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>
#include <QUdpSocket>

using namespace TestSupport;

namespace {
QList<QHostAddress> loopbackTargets()
{
    return {QHostAddress(QStringLiteral("127.255.255.255"))};
}

/// Sends forged beacons from `from` (a loopback address) to the controller's discovery port.
class BeaconForger
{
public:
    BeaconForger(const QString &from, quint16 discoveryPort)
        : m_port(discoveryPort)
    {
        QVERIFY2(m_socket.bind(QHostAddress(from), 0), qPrintable(m_socket.errorString()));
    }
    void send(const Beacon &beacon)
    {
        m_socket.writeDatagram(beacon.encode(), QHostAddress(QStringLiteral("127.0.0.1")), m_port);
    }

private:
    QUdpSocket m_socket;
    quint16 m_port;
};

Beacon beaconLike(const AgentDaemon &agent, const QString &fingerprint, quint16 port)
{
    Beacon b;
    b.nodeId = agent.nodeId();
    b.hostname = QStringLiteral("forged-host");
    b.name = QStringLiteral("forged name");
    b.controlPort = port;
    b.agentVersion = QStringLiteral("9.9.9");
    b.fingerprint = fingerprint;
    b.intervalMs = 200;
    b.devices = {{QStringLiteral("Forged GPU"), QStringLiteral("gpu"), 0, 0}};
    return b;
}

/// A real agent (its own certificate) whose node id is `id`, as someone on the network may start one.
LocalAgent startClaimant(quint16 port, const Controller &controller, const QString &id, const QString &name)
{
    auto dir = std::make_unique<QTemporaryDir>();
    QFile f(QDir(dir->path()).filePath(QStringLiteral("node-id")));
    if (!f.open(QIODevice::WriteOnly) || f.write(id.toLatin1() + '\n') < 0)
        qFatal("cannot write the claimant's node id");
    f.close();
    LocalAgent agent =
        startAgent(port, {controller.profile.identity().fingerprint()}, {}, 200, name, dir->path());
    agent.dir = std::move(dir); // the agent's directory lives as long as the agent
    return agent;
}

// A fingerprint nobody holds (64 hex digits).
const QString kForeignFingerprint = QString(64, QLatin1Char('e'));
} // namespace

class TestLanClaims : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void forgedBeaconsNeverTouchAVerifiedConnection();
    void pinnedNodeMovesOnlyWhereTlsProvesIt();
    void deadAddressesDoNotKeepAMachineAway();
    void shortIdClaimIsAmbiguousNotExact();
    void ctlAdviceAndTrustNeverPickAClaimant();
};

void TestLanClaims::forgedBeaconsNeverTouchAVerifiedConnection()
{
    // Before the fix: one forged beacon with the node's id and another
    // fingerprint made the registry close the pinned, live TLS connection, and
    // one with the real fingerprint from another address moved the node there.
    const quint16 port = randomDiscoveryPort();
    Controller controller = makeController();
    LocalAgent agent =
        startAgent(port, {controller.profile.identity().fingerprint()}, {}, 200, QStringLiteral("real"));
    const QString id = agent.daemon->nodeId();
    const QString realFingerprint = agent.daemon->identity().fingerprint();
    QVERIFY(controller.profile.pins().add(realFingerprint, QStringLiteral("real"), id).ok());

    DiscoveryListener listener(port, loopbackTargets());
    QVERIFY(listener.start());
    NodeRegistry registry(controller.profile.identity(), controller.profile.pins());
    QSignalSpy ready(&registry, &NodeRegistry::clientReady);
    registry.start(&listener);
    QVERIFY(ready.wait(5000));
    QTRY_VERIFY_WITH_TIMEOUT(registry.node(id)->telemetry.has_value(), 5000);
    AgentClient *client = registry.client(id);
    QVERIFY(client);
    QSignalSpy dropped(client, &AgentClient::disconnected);
    const quint16 realPort = agent.daemon->port();

    // 50 Hz for 2 s from two addresses: another certificate; the real one from
    // elsewhere; the real address with another port.
    BeaconForger elsewhere(QStringLiteral("127.0.0.2"), port);
    BeaconForger sameHost(QStringLiteral("127.0.0.1"), port);
    for (int i = 0; i < 100; ++i) {
        elsewhere.send(beaconLike(*agent.daemon, kForeignFingerprint, realPort));
        elsewhere.send(beaconLike(*agent.daemon, realFingerprint, 40999));
        sameHost.send(beaconLike(*agent.daemon, kForeignFingerprint, quint16(realPort + 1)));
        QTest::qWait(20);
    }
    QTest::qWait(500);

    QCOMPARE(dropped.count(), 0);
    QVERIFY(registry.client(id) ==
            client); // the same live connection (no QCOMPARE: it would print a deleted object)
    QCOMPARE(ready.count(), 1);
    const Node *n = registry.node(id);
    QVERIFY(n);
    QCOMPARE(n->trust, Node::Trust::Pinned);
    QCOMPARE(n->link, Node::Link::Connected);
    QCOMPARE(n->address, QStringLiteral("127.0.0.1"));
    QCOMPARE(n->port, realPort);
    QCOMPARE(n->name, QStringLiteral("real"));
    for (const Beacon::Device &d : n->advertisedDevices)
        QVERIFY(d.name != QLatin1String("Forged GPU"));
    for (const DeviceSample &d : n->telemetry->devices)
        QVERIFY(d.name != QLatin1String("Forged GPU"));
    // The claims are shown beside the real machine.
    QVERIFY(n->claimants.size() >= 2);
    bool sawElsewhere = false;
    for (const Node::Claimant &c : n->claimants)
        sawElsewhere = sawElsewhere || c.address == QLatin1String("127.0.0.2");
    QVERIFY(sawElsewhere);
    QVERIFY(!NodeRegistry::claimantWarning(*n).isEmpty());
    // The Machines list shows the warning on the machine's card, still as trusted and connected.
    MachinesModel model(registry);
    const QModelIndex row = model.indexOfKey(id);
    QVERIFY(row.isValid());
    QVERIFY(model.data(row, MachinesModel::ClaimantWarningRole)
                .toString()
                .contains(QLatin1String("claims to be")));
    QCOMPARE(model.data(row, MachinesModel::TrustRole).toInt(), int(Node::Trust::Pinned));
    QCOMPARE(model.data(row, MachinesModel::LinkRole).toInt(), int(Node::Link::Connected));
    // The connection still works.
    QCOMPARE(registry.readyKeys(), QStringList{id});
    QCOMPARE(registry.nodes().size(), 1);
}

void TestLanClaims::pinnedNodeMovesOnlyWhereTlsProvesIt()
{
    // A beacon with the real, public fingerprint points at an impostor agent
    // (its own certificate): the registry tries it, TLS shows the wrong
    // certificate, and the node is not moved there nor marked changed; the
    // real address, once announced, is proven and adopted.
    const quint16 port = randomDiscoveryPort();
    Controller controller = makeController();
    QTemporaryDir realDir;
    QVERIFY(trustController(realDir.path(), controller));
    AgentDaemon real(loopbackOptions(realDir.path()), std::make_unique<FakeProbe>());
    QVERIFY(real.start().ok());
    QTemporaryDir impostorDir;
    QVERIFY(trustController(impostorDir.path(), controller));
    AgentDaemon impostor(loopbackOptions(impostorDir.path()), std::make_unique<FakeProbe>());
    QVERIFY(impostor.start().ok());
    const QString realFingerprint = real.identity().fingerprint();
    QVERIFY(controller.profile.pins().add(realFingerprint, QStringLiteral("real"), real.nodeId()).ok());

    DiscoveryListener listener(port, loopbackTargets());
    QVERIFY(listener.start());
    NodeRegistry registry(controller.profile.identity(), controller.profile.pins());
    registry.setReconnectIntervalMs(200);
    QSignalSpy ready(&registry, &NodeRegistry::clientReady);
    registry.start(&listener);
    BeaconForger forger(QStringLiteral("127.0.0.1"), port);
    forger.send(beaconLike(real, realFingerprint, impostor.port()));
    QTRY_VERIFY_WITH_TIMEOUT(registry.node(real.nodeId()) &&
                                 !registry.node(real.nodeId())->claimants.isEmpty() &&
                                 registry.node(real.nodeId())->claimants.first().refuted,
                             5000);
    const Node *n = registry.node(real.nodeId());
    QCOMPARE(n->trust, Node::Trust::Pinned);
    QVERIFY(!n->isConnected());
    QCOMPARE(n->claimants.first().port, impostor.port());
    QCOMPARE(ready.count(), 0);
    // Announced again, the refuted address is not tried again.
    forger.send(beaconLike(real, realFingerprint, impostor.port()));
    QVERIFY(!ready.wait(600));

    // The real address: proven by TLS, adopted.
    Beacon honest = beaconLike(real, realFingerprint, real.port());
    honest.name = QStringLiteral("real");
    forger.send(honest);
    QVERIFY(ready.count() > 0 || ready.wait(5000));
    n = registry.node(real.nodeId());
    QCOMPARE(n->port, real.port());
    QVERIFY(n->addressVerified());
    QCOMPARE(n->link, Node::Link::Connected);
    // Now the impostor's address cannot take the node away.
    forger.send(beaconLike(real, realFingerprint, impostor.port()));
    QTest::qWait(300);
    QCOMPARE(registry.node(real.nodeId())->port, real.port());
    QVERIFY(registry.node(real.nodeId())->isConnected());
}

void TestLanClaims::deadAddressesDoNotKeepAMachineAway()
{
    // While a pinned machine is away (its agent restarts), beacons with its real
    // fingerprint name dead addresses 50 times a second. The registry tries
    // candidates and the proven address in turn, so the machine is reached
    // again once it is back.
    const quint16 port = randomDiscoveryPort();
    Controller controller = makeController();
    QTemporaryDir dir;
    QVERIFY(trustController(dir.path(), controller));
    AgentOptions options = loopbackOptions(dir.path());
    auto agent = std::make_unique<AgentDaemon>(options, std::make_unique<FakeProbe>());
    QVERIFY(agent->start().ok());
    const quint16 agentPort = agent->port();
    const QString id = agent->nodeId();
    const QString fingerprint = agent->identity().fingerprint();
    QVERIFY(controller.profile.pins().add(fingerprint, QStringLiteral("real"), id).ok());

    DiscoveryListener listener(port, loopbackTargets());
    QVERIFY(listener.start());
    NodeRegistry registry(controller.profile.identity(), controller.profile.pins());
    registry.setReconnectIntervalMs(200);
    QSignalSpy ready(&registry, &NodeRegistry::clientReady);
    registry.start(&listener);
    BeaconForger forger(QStringLiteral("127.0.0.1"), port);
    forger.send(beaconLike(*agent, fingerprint, agentPort));
    QVERIFY(ready.wait(5000));

    agent.reset(); // away
    QTRY_VERIFY_WITH_TIMEOUT(!registry.node(id)->isConnected(), 5000);
    quint16 deadPort = 1;
    auto flood = [&](int ms) {
        for (int waited = 0; waited < ms; waited += 20) {
            Beacon dead;
            dead.nodeId = id;
            dead.hostname = QStringLiteral("forged-host");
            dead.controlPort = deadPort++;
            dead.fingerprint = fingerprint;
            dead.intervalMs = 200;
            forger.send(dead);
            QTest::qWait(20);
        }
    };
    flood(1000);
    options.port = agentPort; // back, on its port
    agent = std::make_unique<AgentDaemon>(options, std::make_unique<FakeProbe>());
    QVERIFY(agent->start().ok());
    const int before = int(ready.count());
    flood(6000);
    QVERIFY2(ready.count() > before, "the machine was not reached again while beacons named dead addresses");
    QCOMPARE(registry.node(id)->port, agentPort);
}

void TestLanClaims::shortIdClaimIsAmbiguousNotExact()
{
    // Before the fix: a machine whose node id was exactly another node's
    // 8-character short id was taken as the exact match for that short id.
    const quint16 port = randomDiscoveryPort();
    Controller controller = makeController();
    LocalAgent real =
        startAgent(port, {controller.profile.identity().fingerprint()}, {}, 200, QStringLiteral("box"));
    const QString shortId = real.daemon->nodeId().left(8);
    LocalAgent impostor = startClaimant(port, controller, shortId, QStringLiteral("box2"));
    QCOMPARE(impostor.daemon->nodeId(), shortId);

    DiscoveryListener listener(port, loopbackTargets());
    QVERIFY(listener.start());
    NodeRegistry registry(controller.profile.identity(), controller.profile.pins());
    registry.start(&listener);
    // Both are looked at over TLS once: their certificates are seen.
    QTRY_VERIFY_WITH_TIMEOUT(registry.node(real.daemon->nodeId()) &&
                                 registry.node(real.daemon->nodeId())->certificateSeen() &&
                                 registry.node(shortId) && registry.node(shortId)->certificateSeen(),
                             5000);
    QCOMPARE(registry.node(real.daemon->nodeId())->observedFingerprint,
             real.daemon->identity().fingerprint());

    QCOMPARE(registry.match(shortId, NodeRegistry::Scope::CertificateSeen).size(),
             2); // ambiguous: neither wins
    QCOMPARE(registry.match(real.daemon->nodeId(), NodeRegistry::Scope::CertificateSeen).size(), 1);
    // The ids shown tell them apart.
    QVERIFY(registry.shortId(real.daemon->nodeId()).size() > 8);
    QCOMPARE(registry.shortId(shortId), shortId);
    QVERIFY(
        !registry.shortId(real.daemon->nodeId()).startsWith(registry.shortId(shortId) + QLatin1Char('x')));

    // Once the real one is pinned, configs resolve its short id to it alone.
    QVERIFY(controller.profile.pins()
                .add(real.daemon->identity().fingerprint(), QStringLiteral("box"), real.daemon->nodeId())
                .ok());
    registry.trust(real.daemon->nodeId());
    const QList<const Node *> trusted = registry.match(shortId, NodeRegistry::Scope::Trusted);
    QCOMPARE(trusted.size(), 1);
    QCOMPARE(trusted.first()->nodeId, real.daemon->nodeId());
    // An unverified beacon-only claim is not in the trust scope at all.
    BeaconForger forger(QStringLiteral("127.0.0.2"), port);
    Beacon ghost = beaconLike(*real.daemon, kForeignFingerprint, 1);
    ghost.nodeId = QStringLiteral("ghost-machine");
    ghost.name = QStringLiteral("box");
    forger.send(ghost);
    QTRY_VERIFY_WITH_TIMEOUT(registry.node(QStringLiteral("ghost-machine")) != nullptr, 3000);
    QCOMPARE(registry.match(QStringLiteral("ghost-machine"), NodeRegistry::Scope::CertificateSeen).size(), 0);
    QCOMPARE(registry.match(QStringLiteral("box"), NodeRegistry::Scope::Trusted).size(), 1);
}

void TestLanClaims::ctlAdviceAndTrustNeverPickAClaimant()
{
    // The whole path a user takes: `hamgamctl nodes` prints advice, the user
    // follows it with `hamgamctl trust`. Before the fix the advice named the
    // 8-character id and `trust` pinned the claimant whose id was exactly that.
    const quint16 port = randomDiscoveryPort();
    Controller controller = makeController();
    LocalAgent real =
        startAgent(port, {controller.profile.identity().fingerprint()}, {}, 200, QStringLiteral("box"));
    const QString shortId = real.daemon->nodeId().left(8);
    LocalAgent impostor = startClaimant(port, controller, shortId, QStringLiteral("box-impostor"));
    const QString ctl = QStringLiteral(HAMGAM_BIN_DIR "/hamgamctl");
    const QStringList common{QStringLiteral("--config-dir"),
                             controller.dir->filePath(QStringLiteral("config")),
                             QStringLiteral("--data-dir"),
                             controller.dir->filePath(QStringLiteral("data")),
                             QStringLiteral("--discovery-port"),
                             QString::number(port),
                             QStringLiteral("--discovery-targets"),
                             QStringLiteral("127.255.255.255"),
                             QStringLiteral("--wait"),
                             QStringLiteral("2500")};
    // The agents live in this process: wait with the event loop running.
    auto runCtl = [&](const QStringList &args, QString *out, QString *err) {
        QProcess p;
        p.start(ctl, args + common);
        if (!p.waitForStarted(5000))
            return -1;
        for (int waited = 0; p.state() != QProcess::NotRunning && waited < 30000; waited += 50)
            QTest::qWait(50);
        if (p.state() != QProcess::NotRunning) {
            p.kill();
            p.waitForFinished(2000);
            return -2;
        }
        *out = QString::fromUtf8(p.readAllStandardOutput());
        *err = QString::fromUtf8(p.readAllStandardError());
        return p.exitCode();
    };
    QString out, err;
    QCOMPARE(runCtl({QStringLiteral("nodes")}, &out, &err), 0);
    // The advice names whole ids and the certificate TLS showed.
    QVERIFY2(out.contains(QStringLiteral("hamgamctl trust %1 --fingerprint %2")
                              .arg(real.daemon->nodeId(), real.daemon->identity().fingerprint())),
             qPrintable(out));
    // Whichever advice line the user follows pins the machine whose certificate that line shows.
    QVERIFY2(out.contains(QStringLiteral("hamgamctl trust %1 --fingerprint %2")
                              .arg(shortId, impostor.daemon->identity().fingerprint())),
             qPrintable(out));

    // Typing the short id is ambiguous: nothing is pinned.
    QCOMPARE(runCtl({QStringLiteral("trust"), shortId}, &out, &err), 3);
    QVERIFY2(err.contains(real.daemon->nodeId()) && err.contains(shortId), qPrintable(err));
    QVERIFY(controller.profile.pins().fingerprintForNode(shortId).isEmpty());
    (void)controller.profile.pins().load();
    QVERIFY(controller.profile.pins().fingerprintForNode(shortId).isEmpty());
    QVERIFY(controller.profile.pins().fingerprintForNode(real.daemon->nodeId()).isEmpty());

    // Following the advice pins exactly the real machine.
    QCOMPARE(runCtl({QStringLiteral("trust"), real.daemon->nodeId(), QStringLiteral("--fingerprint"),
                     real.daemon->identity().fingerprint()},
                    &out, &err),
             0);
    (void)controller.profile.pins().load();
    QCOMPARE(controller.profile.pins().fingerprintForNode(real.daemon->nodeId()),
             real.daemon->identity().fingerprint());
    QVERIFY(controller.profile.pins().fingerprintForNode(shortId).isEmpty());
}

QTEST_GUILESS_MAIN(TestLanClaims)
#include "tst_lanclaims.moc"
