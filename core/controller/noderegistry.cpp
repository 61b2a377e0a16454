#include "noderegistry.h"

#include "agentclient.h"
#include "controllerprofile.h"
#include "discoverylistener.h"
#include "fingerprintstore.h"
#include "identity.h"
#include "logging.h"
#include "protocol.h"
#include "username.h"

#include <algorithm>
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
    : QObject(parent)
    , m_identity(identity)
    , m_user(UserName::fromSystem())
    , m_pins(pins)
    , m_clock([] { return QDateTime::currentMSecsSinceEpoch(); })
{
    connect(&m_tick, &QTimer::timeout, this, &NodeRegistry::onTick);
    m_tick.start(250);
}

NodeRegistry::NodeRegistry(const ControllerProfile &profile, QObject *parent)
    : NodeRegistry(profile.identity(), profile.pins(), parent)
{
    m_user = profile.userName();
}

NodeRegistry::~NodeRegistry()
{
    // Clients are children; silence their signals before they go.
    for (AgentClient *client : std::as_const(m_clients))
        client->disconnect(this);
}

void NodeRegistry::setUser(const QString &user)
{
    if (user == m_user)
        return;
    m_user = user;
    for (AgentClient *client : std::as_const(m_clients)) {
        client->setUser(user);
        client->disconnectFromAgent(); // connected again by the usual reconnect, with the new name
    }
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
    std::sort(out.begin(), out.end(), Node::listedBefore);
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
    QList<Node> ready;
    for (const QString &key : m_order) {
        if (client(key) && m_nodes.value(key).trust == Node::Trust::Pinned)
            ready.append(m_nodes.value(key));
    }
    std::sort(ready.begin(), ready.end(), Node::listedBefore);
    QStringList out;
    for (const Node &n : std::as_const(ready))
        out.append(n.key);
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

void NodeRegistry::addLocal(const QString &host, quint16 port, const QString &nodeId,
                            const QString &fingerprint)
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

void NodeRegistry::trust(const QString &key, const QString &shownFingerprint)
{
    auto it = m_nodes.find(key);
    if (it == m_nodes.end() || it->nodeId.isEmpty())
        return;
    Node &node = it.value();
    const QString fp = node.fingerprintToConfirm();
    if (!shownFingerprint.isEmpty() && fp != shownFingerprint) {
        // What the user compared is no longer what would be pinned: pin nothing, ask again.
        node.message = tr("The certificate changed while you were asked; nothing was pinned.");
        Q_EMIT nodeChanged(key);
        Q_EMIT trustNeeded(key);
        return;
    }
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
    it->observedFingerprint.clear(); // a reinstalled machine shows its new certificate next time
    it->verifiedAddress.clear();
    it->verifiedPort = 0;
    it->claimants.clear();
    it->trust = Node::Trust::Unknown;
    if (it->link == Node::Link::Connected || it->link == Node::Link::Connecting)
        it->link = Node::Link::Online;
    Q_EMIT nodeChanged(key);
}

void NodeRegistry::onBeacon(const Beacon &beacon, const QHostAddress &from)
{
    if (beacon.nodeId.isEmpty() || beacon.controlPort == 0)
        return;
    // A beacon is unauthenticated: for a pinned machine it is a hint where to
    // look, never a reason to close, move or relabel what TLS has proven.
    const QString pinned = m_pins.fingerprintForNode(beacon.nodeId);
    if (!pinned.isEmpty())
        return onPinnedBeacon(beacon, from.toString(), pinned);

    bool created = false;
    Node &node = upsert(beacon.nodeId, &created);
    const QString address = from.toString();
    if (!created && node.certificateSeen()) {
        // TLS already showed a certificate for this id: a voice with another
        // one is a claimant, not an update.
        if (node.observedFingerprint != beacon.fingerprint) {
            if (noteClaimant(node, address, beacon.controlPort, beacon.fingerprint, false))
                Q_EMIT nodeChanged(node.key);
            return;
        }
        if (node.address != address || node.port != beacon.controlPort) {
            // The same (public) certificate announced from elsewhere proves nothing: the
            // address TLS looked at stays, or a trust prompt could end up pinning another's.
            if (noteClaimant(node, address, beacon.controlPort, beacon.fingerprint, false))
                Q_EMIT nodeChanged(node.key);
            return;
        }
    }
    node.nodeId = beacon.nodeId;
    node.hostname = beacon.hostname;
    node.name = beacon.name.isEmpty() ? beacon.hostname : beacon.name;
    if (!node.local || node.address.isEmpty()) {
        node.address = address;
        node.port = beacon.controlPort;
    }
    node.advertisedFingerprint = beacon.fingerprint;
    node.agentVersion = beacon.agentVersion;
    node.advertisedDevices = beacon.devices;
    node.lastBeaconMs = now();
    node.beaconIntervalMs = beacon.intervalMs;
    if (node.link == Node::Link::Offline)
        node.link = Node::Link::Online;
    node.pinnedFingerprint.clear();
    if (node.trust != Node::Trust::RejectedByAgent)
        node.trust = Node::Trust::Unknown;
    if (created)
        Q_EMIT nodeAdded(node.key);
    else
        Q_EMIT nodeChanged(node.key);
    if (created)
        Q_EMIT trustNeeded(node.key);
    // Look at the certificate over TLS once, so `trust` can show one that was proven.
    if (!node.certificateSeen())
        ensureConnection(node);
}

void NodeRegistry::onPinnedBeacon(const Beacon &beacon, const QString &address, const QString &pinned)
{
    bool created = false;
    Node &node = upsert(beacon.nodeId, &created);
    node.nodeId = beacon.nodeId;
    node.pinnedFingerprint = pinned;
    if (node.trust == Node::Trust::Unknown)
        node.trust = Node::Trust::Pinned;
    const bool sameAddress = node.address == address && node.port == beacon.controlPort;
    if (beacon.fingerprint != pinned || !sameAddress) {
        // Another certificate, or another address: a claimant. One with the pinned certificate is
        // also a candidate address, tried in turn (tryAddresses) and adopted only once TLS proves it.
        const bool news = noteClaimant(node, address, beacon.controlPort, beacon.fingerprint, false);
        if (created)
            Q_EMIT nodeAdded(node.key);
        else if (news)
            Q_EMIT nodeChanged(node.key);
        if (beacon.fingerprint == pinned)
            tryAddresses(node);
        return;
    }
    // The machine at the address it was last reached at (or about to be tried at). Once TLS has
    // spoken, its hello names the machine: a UDP source address is easy to forge.
    if (!node.addressVerified() || node.name.isEmpty()) {
        node.hostname = beacon.hostname;
        node.name = beacon.name.isEmpty() ? beacon.hostname : beacon.name;
    }
    node.advertisedFingerprint = beacon.fingerprint;
    node.agentVersion = beacon.agentVersion;
    if (!node.telemetry)
        node.advertisedDevices = beacon.devices;
    node.lastBeaconMs = now();
    node.beaconIntervalMs = beacon.intervalMs;
    if (node.link == Node::Link::Offline)
        node.link = Node::Link::Online;
    if (created)
        Q_EMIT nodeAdded(node.key);
    else
        Q_EMIT nodeChanged(node.key);
    tryAddresses(node);
}

void NodeRegistry::tryAddresses(Node &node)
{
    // Beacons may arrive at any rate: attempts keep the reconnect pace, one connection at a time.
    if (node.trust != Node::Trust::Pinned || m_clients.contains(node.key) ||
        now() < m_nextAttemptMs.value(node.key, 0))
        return;
    if (node.local || node.manual) { // an address the user (or the app) gave: only that one
        ensureConnection(node);
        return;
    }
    // Turns: after a candidate, the proven address; after the proven address, the candidate seen
    // first (a machine announces itself steadily; a forger's fresh addresses come later and each is
    // tried once), so no stream of beacons naming dead or hostile addresses keeps the machine away.
    const Node::Claimant *candidate = nullptr;
    for (const Node::Claimant &c : std::as_const(node.claimants)) {
        if (!c.refuted && c.fingerprint == node.pinnedFingerprint &&
            (!candidate || c.firstSeenMs < candidate->firstSeenMs) &&
            !(c.address == node.verifiedAddress && c.port == node.verifiedPort))
            candidate = &c;
    }
    const bool provenTurn =
        !node.verifiedAddress.isEmpty() && (m_candidateTried.contains(node.key) || !candidate);
    if (provenTurn) {
        node.address = node.verifiedAddress;
        node.port = node.verifiedPort;
        m_candidateTried.remove(node.key);
    } else if (candidate) {
        node.address = candidate->address;
        node.port = candidate->port;
        m_candidateTried.insert(node.key);
    }
    ensureConnection(node);
}

bool NodeRegistry::noteClaimant(Node &node, const QString &address, quint16 port, const QString &fingerprint,
                                bool refuted)
{
    const qint64 t = now();
    bool known = false;
    bool news = false;
    for (Node::Claimant &c : node.claimants) {
        if (c.address != address || c.port != port)
            continue;
        // TLS refuted the address: every claim made for it is refuted with it.
        news = news || (refuted && !c.refuted);
        c.refuted = c.refuted || refuted;
        if (c.fingerprint == fingerprint) {
            c.lastSeenMs = t;
            known = true;
        }
    }
    if (known)
        return news;
    // A candidate with the pinned certificate, before any address is proven, is how every
    // controller first finds a machine: worth a warning only once something is at stake.
    if (fingerprint != node.pinnedFingerprint || refuted || node.addressVerified())
        qCWarning(lcTrust).noquote() << "a machine at" << address << port << "claims to be" << node.nodeId
                                     << "with fingerprint"
                                     << Identity::displayFingerprint(fingerprint).left(23);
    node.claimants.prepend({address, port, fingerprint, t, t, refuted});
    // The list is bounded; claims not refuted go first, so refuted addresses stay refuted.
    while (node.claimants.size() > Node::kMaxClaimants) {
        auto unrefuted = std::find_if(node.claimants.rbegin(), node.claimants.rend(),
                                      [](const Node::Claimant &c) { return !c.refuted; });
        if (unrefuted != node.claimants.rend())
            node.claimants.erase(std::next(unrefuted).base());
        else
            node.claimants.removeLast();
    }
    return true;
}

void NodeRegistry::refuteAddress(Node &node, const QString &shownFingerprint)
{
    noteClaimant(node, node.address, node.port, shownFingerprint, true);
    if (!node.manual && !node.local) {
        // Back to where TLS proved the node last (nowhere yet: wait for the next beacon).
        node.address = node.verifiedAddress;
        node.port = node.verifiedPort;
    }
    node.link = node.lastBeaconMs > 0 ? Node::Link::Online : Node::Link::Offline;
    m_nextAttemptMs.insert(node.key, now() + m_reconnectMs);
}

QString NodeRegistry::claimantWarning(const Node &node)
{
    // Claims that count: another certificate, an address TLS refuted, or any other address once
    // the machine is proven somewhere (a candidate before that is just how it is first found).
    const auto counts = [&](const Node::Claimant &c) {
        return c.fingerprint != node.pinnedFingerprint || c.refuted ||
               (node.addressVerified() &&
                !(c.address == node.verifiedAddress && c.port == node.verifiedPort));
    };
    const auto found = std::find_if(node.claimants.cbegin(), node.claimants.cend(), counts);
    if (found == node.claimants.cend())
        return {};
    const Node::Claimant &c = *found;
    const int claims = int(std::count_if(node.claimants.cbegin(), node.claimants.cend(), counts));
    const QString where = QStringLiteral("%1:%2").arg(c.address).arg(c.port);
    if (c.fingerprint == node.pinnedFingerprint && !node.pinnedFingerprint.isEmpty())
        return tr("Warning: a machine at %1 also claims to be %2 (%n claim(s) in all); it was not proven by "
                  "TLS and is "
                  "ignored.",
                  nullptr, claims)
            .arg(where, node.name);
    return tr("Warning: a machine at %1 claims to be %2 with another certificate (%3; %n claim(s) in all). "
              "It is "
              "ignored. If %2 was reinstalled, forget it and trust it again; otherwise someone may be "
              "impersonating it.",
              nullptr, claims)
        .arg(where, node.name, Identity::displayFingerprint(c.fingerprint).left(23));
}

QList<const Node *> NodeRegistry::match(const QString &text, Scope scope) const
{
    QList<const Node *> out;
    if (text.isEmpty())
        return out;
    for (const QString &key : m_order) {
        const auto it = m_nodes.constFind(key); // a reference into the hash: operator[] const would copy
        if (it == m_nodes.cend())
            continue;
        const Node &n = it.value();
        const bool inScope =
            scope == Scope::Any ||
            (scope == Scope::Trusted && n.trust == Node::Trust::Pinned && !n.nodeId.isEmpty()) ||
            (scope == Scope::CertificateSeen && n.certificateSeen() && !n.nodeId.isEmpty());
        if (!inScope)
            continue;
        // No early return on an exact id: a claimant may choose its id to be another node's short id.
        if ((!n.nodeId.isEmpty() && n.nodeId.startsWith(text)) || n.name == text || n.hostname == text ||
            n.address == text || n.key == text)
            out.append(&n);
    }
    return out;
}

QString NodeRegistry::shortId(const QString &nodeId) const
{
    qsizetype length = qMin<qsizetype>(8, nodeId.size());
    for (const Node &n : std::as_const(m_nodes)) {
        if (n.nodeId == nodeId || n.nodeId.isEmpty())
            continue;
        // Long enough that no other listed id starts with it (nor it with another's).
        qsizetype common = 0;
        while (common < n.nodeId.size() && common < nodeId.size() && n.nodeId[common] == nodeId[common])
            ++common;
        length = qMax(length, qMin(common + 1, nodeId.size()));
    }
    return nodeId.left(length);
}

void NodeRegistry::onTick()
{
    const qint64 t = now();
    for (const QString &key : std::as_const(m_order)) {
        Node &node = m_nodes[key];
        const bool beaconFresh =
            node.lastBeaconMs > 0 &&
            t - node.lastBeaconMs <= qint64(Protocol::kMissedBeaconsBeforeOffline) * node.beaconIntervalMs;
        if (node.link == Node::Link::Online && !beaconFresh && !m_clients.contains(key)) {
            node.link = Node::Link::Offline;
            node.telemetry.reset();
            Q_EMIT nodeChanged(key);
        }
        const bool reachable = beaconFresh || node.manual;
        const bool wanted =
            node.trust == Node::Trust::Pinned || node.trust == Node::Trust::RejectedByAgent ||
            (node.manual && node.nodeId.isEmpty()) ||
            (node.trust == Node::Trust::Unknown && !node.certificateSeen() && !node.nodeId.isEmpty());
        if (node.trust == Node::Trust::Pinned && !node.local && !node.manual) {
            // Announced lately, at its proven address or a candidate one: try them in turn. A machine
            // nobody has announced is not dialled (a dead host would hold `hamgamctl` up).
            const qint64 fresh = qint64(Protocol::kMissedBeaconsBeforeOffline) *
                                 qMax(node.beaconIntervalMs, Protocol::kBeaconIntervalMs);
            const bool announced =
                beaconFresh ||
                std::any_of(node.claimants.cbegin(), node.claimants.cend(), [&](const Node::Claimant &c) {
                    return !c.refuted && c.fingerprint == node.pinnedFingerprint && t - c.lastSeenMs <= fresh;
                });
            if (announced)
                tryAddresses(node);
            continue;
        }
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
    client->setUser(m_user);
    m_clients.insert(node.key, client);
    connect(client, &AgentClient::handshakeDone, this, [this, client] { onHandshake(client); });
    connect(
        client, &AgentClient::disconnected, this,
        [this, client](const QString &reason, const QString &code) { onDisconnected(client, reason, code); });
    connect(client, &AgentClient::pushReceived, this, [this, client](const Message &message) {
        if (message.type() == Message::Type::LabChanged || message.type() == Message::Type::LabNotice)
            Q_EMIT labMessage(keyOf(client), message);
    });
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
    const QString observed = client->peerFingerprint();
    if (Node &current = m_nodes[key]; !current.nodeId.isEmpty() && nodeId != current.nodeId) {
        // Another machine answers where this one was announced (or was found before).
        refuteAddress(current, observed);
        if (current.manual || current.local)
            current.message =
                tr("The agent at %1 is another machine now (it says it is %2).")
                    .arg(QStringLiteral("%1:%2").arg(current.address).arg(current.port), nodeId);
        dropClient(key);
        Q_EMIT nodeChanged(key);
        return;
    }
    if (key != nodeId && !nodeId.isEmpty()) {
        // A machine added by hand tells whose it is. When that node is already
        // reached elsewhere, this peer does not replace it: the same certificate
        // is the same machine (the hand-made entry merges), another is a claimant.
        auto existing = m_nodes.find(nodeId);
        if (existing != m_nodes.end() && m_clients.contains(nodeId)) {
            Node &entry = m_nodes[key];
            const QString known = existing->pinnedFingerprint.isEmpty() ? existing->observedFingerprint
                                                                        : existing->pinnedFingerprint;
            dropClient(key);
            if (known == observed) {
                existing->manual = true;
                m_nodes.remove(key);
                m_order.removeAll(key);
                m_nextAttemptMs.remove(key);
                Q_EMIT nodeRemoved(key);
                Q_EMIT nodeChanged(nodeId);
            } else {
                if (noteClaimant(*existing, entry.address, entry.port, observed, true))
                    Q_EMIT nodeChanged(nodeId);
                entry.link = Node::Link::Online;
                entry.message = tr("The agent here claims to be %1, which is reached at another address with "
                                   "another certificate; it is ignored.")
                                    .arg(existing->name);
                m_nextAttemptMs.insert(key, now() + 5 * m_reconnectMs);
                Q_EMIT nodeChanged(key);
            }
            return;
        }
        rekey(key, nodeId);
        key = nodeId;
    }
    Node &node = m_nodes[key];
    const QString shownBefore = node.fingerprintToConfirm();
    node.nodeId = nodeId;
    node.observedFingerprint = observed;
    node.agentVersion = client->agentVersion();
    node.pinnedFingerprint = m_pins.fingerprintForNode(nodeId);
    node.message.clear();

    if (node.pinnedFingerprint.isEmpty()) {
        if (!client->agentName().isEmpty())
            node.name = client->agentName();
        node.trust = Node::Trust::Unknown;
        node.link = Node::Link::Online;
        dropClient(key);
        Q_EMIT nodeChanged(key);
        if (shownBefore != observed)
            Q_EMIT trustNeeded(key);
        return;
    }
    if (node.pinnedFingerprint != node.observedFingerprint) {
        if (!node.addressVerified() && !node.local && !node.manual) {
            // An address only a beacon named: whoever answers there is a claimant.
            node.observedFingerprint.clear();
            refuteAddress(node, observed);
            dropClient(key);
            Q_EMIT nodeChanged(key);
            return;
        }
        node.trust = Node::Trust::Changed;
        node.link = Node::Link::Online;
        node.message =
            tr("The agent's certificate has changed. It may be reinstalled, or another machine may "
               "pretend to be it. Pinned: %1. Now: %2. Forget the machine to trust the new certificate.")
                .arg(Identity::displayFingerprint(node.pinnedFingerprint),
                     Identity::displayFingerprint(node.observedFingerprint));
        qCWarning(lcTrust).noquote() << node.address << node.message;
        dropClient(key);
        Q_EMIT nodeChanged(key);
        return;
    }
    if (!client->agentName().isEmpty())
        node.name = client->agentName(); // the UI marks the local one as "This computer" itself
    node.verifiedAddress = node.address;
    node.verifiedPort = node.port;
    m_candidateTried.remove(key);
    node.claimants.removeIf([&](const Node::Claimant &c) {
        return c.address == node.address && c.port == node.port && c.fingerprint == node.pinnedFingerprint;
    });
    node.trust = Node::Trust::Pinned;
    node.link = Node::Link::Connected;
    m_nextAttemptMs.remove(key);
    QCborMap body;
    // The shared lab's pushes too (docs/lab.md): its views refresh on them, and its notices reach the user.
    body[QStringLiteral("topics")] = QCborArray{QStringLiteral("telemetry"), QStringLiteral("lab")};
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
    const bool beaconFresh =
        node.lastBeaconMs > 0 &&
        now() - node.lastBeaconMs <= qint64(Protocol::kMissedBeaconsBeforeOffline) * node.beaconIntervalMs;
    node.link = beaconFresh ? Node::Link::Online : Node::Link::Offline;
    if (node.link == Node::Link::Offline)
        node.telemetry.reset();
    const bool pinned = !m_pins.fingerprintForNode(node.nodeId).isEmpty() && !node.nodeId.isEmpty();
    if (pinned && !client->peerFingerprint().isEmpty() &&
        client->peerFingerprint() != m_pins.fingerprintForNode(node.nodeId) && !node.addressVerified() &&
        !node.manual && !node.local) {
        // TLS showed another certificate at an address a beacon named, and that agent
        // refused us: a claimant, not a sign that the real machine distrusts us.
        refuteAddress(node, client->peerFingerprint());
        Q_EMIT nodeChanged(key);
        return;
    }
    if (!pinned && !client->peerFingerprint().isEmpty() && node.observedFingerprint.isEmpty()) {
        // A look at an unknown machine's certificate: TLS showed it even if the agent then refused us.
        const QString shownBefore = node.fingerprintToConfirm();
        node.observedFingerprint = client->peerFingerprint();
        if (shownBefore != node.observedFingerprint && !node.nodeId.isEmpty())
            Q_EMIT trustNeeded(key);
    }
    if (pinned && !node.addressVerified() && !node.manual && !node.local) {
        // A candidate address from a beacon did not answer: not tried again; back to the proven one.
        noteClaimant(node, node.address, node.port, m_pins.fingerprintForNode(node.nodeId), true);
        node.address = node.verifiedAddress;
        node.port = node.verifiedPort;
    }
    if (code == QLatin1String("untrusted") && !pinned && !node.manual) {
        node.message = tr("This agent does not trust this computer. On the agent's machine, run: "
                          "hamgam-agent --trust %1")
                           .arg(Identity::displayFingerprint(m_identity.fingerprint()));
        m_nextAttemptMs.insert(key, now() + 5 * m_reconnectMs);
    } else if (code == QLatin1String("untrusted")) {
        node.trust = Node::Trust::RejectedByAgent;
        node.message = tr("This agent does not trust this computer. On the agent's machine, run: "
                          "hamgam-agent --trust %1")
                           .arg(Identity::displayFingerprint(m_identity.fingerprint()));
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
