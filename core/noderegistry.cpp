#include "noderegistry.h"

#include "agentclient.h"
#include "discoverylistener.h"
#include "fingerprintstore.h"
#include "identity.h"
#include "logging.h"
#include "protocol.h"

#include <QCborArray>
#include <QCoreApplication>
#include <QDateTime>

namespace {
QString manualKey(const QString &host, quint16 port)
{
    return QStringLiteral("%1:%2").arg(host).arg(port);
}
} // namespace

NodeRegistry::NodeRegistry(const Identity &identity, FingerprintStore &pins, QObject *parent)
    : QObject(parent), m_identity(identity), m_pins(pins), m_clock([] { return QDateTime::currentMSecsSinceEpoch(); })
{
    connect(&m_tick, &QTimer::timeout, this, &NodeRegistry::onTick);
    m_tick.start(250);
}

NodeRegistry::~NodeRegistry()
{
    // Clients are children; silence their signals before they go.
    for (AgentClient *client : std::as_const(m_clients))
        client->disconnect(this);
}

void NodeRegistry::start(DiscoveryListener *listener)
{
    m_listener = listener;
    if (listener) {
        connect(listener, &DiscoveryListener::beaconReceived, this, &NodeRegistry::onBeacon);
        listener->query();
    }
}

QList<Node> NodeRegistry::nodes() const
{
    QList<Node> out;
    out.reserve(m_order.size());
    for (const QString &key : m_order)
        out.append(m_nodes.value(key));
    return out;
}

const Node *NodeRegistry::node(const QString &key) const
{
    auto it = m_nodes.constFind(key);
    return it == m_nodes.cend() ? nullptr : &it.value();
}

AgentClient *NodeRegistry::client(const QString &key) const
{
    AgentClient *c = m_clients.value(key);
    return c && c->state() == AgentClient::State::Ready ? c : nullptr;
}

QStringList NodeRegistry::readyKeys() const
{
    QStringList out;
    for (const QString &key : m_order) {
        if (client(key) && m_nodes.value(key).trust == Node::Trust::Pinned)
            out.append(key);
    }
    return out;
}

Node &NodeRegistry::upsert(const QString &key, bool *created)
{
    auto it = m_nodes.find(key);
    *created = it == m_nodes.end();
    if (*created) {
        Node node;
        node.key = key;
        it = m_nodes.insert(key, node);
        m_order.append(key);
    }
    return it.value();
}

void NodeRegistry::addManual(const QString &host, quint16 port)
{
    for (const Node &n : std::as_const(m_nodes)) {
        if (n.manual && n.address == host && n.port == port)
            return;
    }
    bool created = false;
    Node &node = upsert(manualKey(host, port), &created);
    node.name = host;
    node.address = host;
    node.port = port;
    node.manual = true;
    if (created)
        Q_EMIT nodeAdded(node.key);
    Q_EMIT manualEntriesChanged();
    ensureConnection(node);
}

QStringList NodeRegistry::manualEntries() const
{
    QStringList out;
    for (const QString &key : m_order) {
        const Node &n = m_nodes[key];
        if (n.manual && !n.local)
            out.append(manualKey(n.address, n.port));
    }
    return out;
}

void NodeRegistry::addLocal(const QString &host, quint16 port, const QString &nodeId, const QString &fingerprint)
{
    if (!fingerprint.isEmpty() && m_pins.fingerprintForNode(nodeId) != fingerprint) {
        if (auto s = m_pins.add(fingerprint, tr("this computer"), nodeId); !s)
            qCWarning(lcTrust).noquote() << s.error();
    }
    bool created = false;
    Node &node = upsert(nodeId, &created);
    node.nodeId = nodeId;
    node.address = host;
    node.port = port;
    node.local = true;
    node.manual = true;
    node.pinnedFingerprint = m_pins.fingerprintForNode(nodeId);
    node.trust = Node::Trust::Pinned;
    if (node.name.isEmpty())
        node.name = tr("this computer");
    if (created)
        Q_EMIT nodeAdded(node.key);
    else
        Q_EMIT nodeChanged(node.key);
    ensureConnection(node);
}

void NodeRegistry::trust(const QString &key)
{
    auto it = m_nodes.find(key);
    if (it == m_nodes.end() || it->nodeId.isEmpty())
        return;
    Node &node = it.value();
    const QString fp = node.fingerprintToConfirm();
    if (auto s = m_pins.add(fp, node.name, node.nodeId); !s) {
        node.message = s.error();
        Q_EMIT nodeChanged(key);
        return;
    }
    qCInfo(lcTrust).noquote() << "pinned" << node.name << Identity::displayFingerprint(fp);
    node.pinnedFingerprint = fp;
    node.trust = Node::Trust::Pinned;
    node.message.clear();
    m_nextAttemptMs.remove(key);
    Q_EMIT nodeChanged(key);
    ensureConnection(node);
}

void NodeRegistry::forget(const QString &key)
{
    auto it = m_nodes.find(key);
    if (it == m_nodes.end())
        return;
    if (!it->nodeId.isEmpty())
        (void)m_pins.removeNode(it->nodeId);
    dropClient(key);
    if (it->manual || it->link == Node::Link::Offline) {
        const bool wasManual = it->manual;
        m_nodes.erase(it);
        m_order.removeAll(key);
        Q_EMIT nodeRemoved(key);
        if (wasManual)
            Q_EMIT manualEntriesChanged();
        return;
    }
    it->pinnedFingerprint.clear();
    it->trust = Node::Trust::Unknown;
    if (it->link == Node::Link::Connected || it->link == Node::Link::Connecting)
        it->link = Node::Link::Online;
    Q_EMIT nodeChanged(key);
}

void NodeRegistry::onBeacon(const Beacon &beacon, const QHostAddress &from)
{
    bool created = false;
    Node &node = upsert(beacon.nodeId, &created);
    node.nodeId = beacon.nodeId;
    node.hostname = beacon.hostname;
    node.name = beacon.name.isEmpty() ? beacon.hostname : beacon.name;
    if (!node.local || node.address.isEmpty()) {
        node.address = from.toString();
        node.port = beacon.controlPort;
    }
    node.advertisedFingerprint = beacon.fingerprint;
    node.agentVersion = beacon.agentVersion;
    node.advertisedDevices = beacon.devices;
    node.lastBeaconMs = now();
    node.beaconIntervalMs = beacon.intervalMs;
    if (node.link == Node::Link::Offline)
        node.link = Node::Link::Online;

    node.pinnedFingerprint = m_pins.fingerprintForNode(node.nodeId);
    const Node::Trust before = node.trust;
    if (node.pinnedFingerprint.isEmpty()) {
        if (node.trust != Node::Trust::RejectedByAgent)
            node.trust = Node::Trust::Unknown;
    } else if (node.pinnedFingerprint != beacon.fingerprint) {
        node.trust = Node::Trust::Changed;
        node.message = tr("The agent's certificate has changed. It may be reinstalled, or another machine may "
                          "pretend to be it. Pinned: %1. Now: %2. Forget the machine to trust the new certificate.")
                           .arg(Identity::displayFingerprint(node.pinnedFingerprint),
                                Identity::displayFingerprint(beacon.fingerprint));
        dropClient(node.key);
    } else if (node.trust != Node::Trust::RejectedByAgent) {
        node.trust = Node::Trust::Pinned;
    }
    if (created)
        Q_EMIT nodeAdded(node.key);
    else
        Q_EMIT nodeChanged(node.key);
    if (node.trust == Node::Trust::Unknown && (created || before != Node::Trust::Unknown))
        Q_EMIT trustNeeded(node.key);
    if (node.trust == Node::Trust::Pinned)
        ensureConnection(node);
}

void NodeRegistry::onTick()
{
    const qint64 t = now();
    for (const QString &key : std::as_const(m_order)) {
        Node &node = m_nodes[key];
        const bool beaconFresh = node.lastBeaconMs > 0
                                 && t - node.lastBeaconMs
                                        <= qint64(Protocol::kMissedBeaconsBeforeOffline) * node.beaconIntervalMs;
        if (node.link == Node::Link::Online && !beaconFresh && !m_clients.contains(key)) {
            node.link = Node::Link::Offline;
            node.telemetry.reset();
            Q_EMIT nodeChanged(key);
        }
        const bool reachable = beaconFresh || node.manual;
        const bool wanted = node.trust == Node::Trust::Pinned || node.trust == Node::Trust::RejectedByAgent
                            || (node.manual && node.nodeId.isEmpty());
        if (reachable && wanted && !m_clients.contains(key) && t >= m_nextAttemptMs.value(key, 0))
            ensureConnection(node);
    }
}

void NodeRegistry::ensureConnection(Node &node)
{
    if (m_clients.contains(node.key) || node.address.isEmpty() || node.port == 0)
        return;
    if (node.trust == Node::Trust::Changed)
        return;
    auto *client = new AgentClient(m_identity, node.address, node.port, this);
    m_clients.insert(node.key, client);
    connect(client, &AgentClient::handshakeDone, this, [this, client] { onHandshake(client); });
    connect(client, &AgentClient::disconnected, this,
            [this, client](const QString &reason, const QString &code) { onDisconnected(client, reason, code); });
    connect(client, &AgentClient::telemetryReceived, this, [this, client](const TelemetrySnapshot &snapshot) {
        const QString key = keyOf(client);
        auto it = m_nodes.find(key);
        if (it == m_nodes.end())
            return;
        it->telemetry = snapshot;
        if (!snapshot.host.hostname.isEmpty())
            it->hostname = snapshot.host.hostname;
        Q_EMIT telemetryUpdated(key);
    });
    if (node.link != Node::Link::Connected)
        node.link = Node::Link::Connecting;
    Q_EMIT nodeChanged(node.key);
    client->connectToAgent();
}

QString NodeRegistry::keyOf(AgentClient *client) const
{
    for (auto it = m_clients.cbegin(); it != m_clients.cend(); ++it) {
        if (it.value() == client)
            return it.key();
    }
    return {};
}

void NodeRegistry::rekey(const QString &oldKey, const QString &newKey)
{
    Node pending = m_nodes.take(oldKey);
    AgentClient *client = m_clients.take(oldKey);
    const int index = m_order.indexOf(oldKey);
    bool created = false;
    Node &node = upsert(newKey, &created);
    if (created) {
        node = pending;
        node.key = newKey;
        m_order.removeAll(newKey);
        m_order.insert(index, newKey);
    } else {
        node.manual = true;
        node.address = pending.address;
        node.port = pending.port;
        dropClient(newKey);
    }
    m_order.removeAll(oldKey);
    if (client)
        m_clients.insert(newKey, client);
    m_nextAttemptMs.remove(oldKey);
    Q_EMIT nodeRemoved(oldKey);
    if (created)
        Q_EMIT nodeAdded(newKey);
}

void NodeRegistry::onHandshake(AgentClient *client)
{
    QString key = keyOf(client);
    if (key.isEmpty())
        return;
    const QString nodeId = client->nodeId();
    if (key != nodeId && !nodeId.isEmpty()) {
        rekey(key, nodeId);
        key = nodeId;
    }
    Node &node = m_nodes[key];
    node.nodeId = nodeId;
    node.observedFingerprint = client->peerFingerprint();
    node.agentVersion = client->agentVersion();
    if (!client->agentName().isEmpty())
        node.name = client->agentName(); // the UI marks the local one as "This computer" itself
    node.pinnedFingerprint = m_pins.fingerprintForNode(nodeId);
    node.message.clear();

    if (node.pinnedFingerprint.isEmpty()) {
        node.trust = Node::Trust::Unknown;
        node.link = Node::Link::Online;
        dropClient(key);
        Q_EMIT nodeChanged(key);
        Q_EMIT trustNeeded(key);
        return;
    }
    if (node.pinnedFingerprint != node.observedFingerprint) {
        node.trust = Node::Trust::Changed;
        node.link = Node::Link::Online;
        node.message = tr("The agent's certificate has changed. It may be reinstalled, or another machine may "
                          "pretend to be it. Pinned: %1. Now: %2. Forget the machine to trust the new certificate.")
                           .arg(Identity::displayFingerprint(node.pinnedFingerprint),
                                Identity::displayFingerprint(node.observedFingerprint));
        qCWarning(lcTrust).noquote() << node.address << node.message;
        dropClient(key);
        Q_EMIT nodeChanged(key);
        return;
    }
    node.trust = Node::Trust::Pinned;
    node.link = Node::Link::Connected;
    m_nextAttemptMs.remove(key);
    QCborMap body;
    body[QStringLiteral("topics")] = QCborArray{QStringLiteral("telemetry")};
    client->request(Message::Type::Subscribe, body, this, [](const Expected<QCborMap> &) {});
    Q_EMIT nodeChanged(key);
    Q_EMIT clientReady(key);
}

void NodeRegistry::onDisconnected(AgentClient *client, const QString &reason, const QString &code)
{
    const QString key = keyOf(client);
    if (key.isEmpty())
        return;
    m_clients.remove(key);
    client->deleteLater();
    Node &node = m_nodes[key];
    const bool beaconFresh = node.lastBeaconMs > 0
                             && now() - node.lastBeaconMs
                                    <= qint64(Protocol::kMissedBeaconsBeforeOffline) * node.beaconIntervalMs;
    node.link = beaconFresh ? Node::Link::Online : Node::Link::Offline;
    if (node.link == Node::Link::Offline)
        node.telemetry.reset();
    if (code == QLatin1String("untrusted")) {
        node.trust = Node::Trust::RejectedByAgent;
        node.message = tr("This agent does not trust this computer. On the agent's machine, run: "
                          "hamgam-agent --trust %1")
                           .arg(m_identity.fingerprint());
        m_nextAttemptMs.insert(key, now() + 5 * m_reconnectMs);
    } else {
        if (node.trust != Node::Trust::Changed)
            node.message = reason;
        m_nextAttemptMs.insert(key, now() + m_reconnectMs);
    }
    Q_EMIT nodeChanged(key);
}

void NodeRegistry::dropClient(const QString &key)
{
    AgentClient *client = m_clients.take(key);
    if (!client)
        return;
    client->disconnect(this);
    client->disconnectFromAgent();
    client->deleteLater();
}
