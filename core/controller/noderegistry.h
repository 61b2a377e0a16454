#pragma once

#include "message.h"
#include "node.h"

#include <functional>
#include <QHash>
#include <QHostAddress>
#include <QObject>
#include <QSet>
#include <QStringList>
#include <QTimer>

class AgentClient;
class ControllerProfile;
class DiscoveryListener;
class FingerprintStore;
class Identity;

/// A controller's view of the lab: merges agents found by discovery with
/// machines added by hand, pins fingerprints (trust on first use, refused when
/// changed), keeps one authenticated connection per trusted online agent and
/// its telemetry subscription. The app's Machines list and `hamgamctl nodes`
/// both read from here.
class NodeRegistry final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NodeRegistry)

public:
    using Clock = std::function<qint64()>;

    NodeRegistry(const Identity &identity, FingerprintStore &pins, QObject *parent = nullptr);
    /// The registry of a controller profile: its identity, its pinned agents, and its user name as
    /// who every request speaks for in the shared lab (docs/lab.md).
    explicit NodeRegistry(const ControllerProfile &profile, QObject *parent = nullptr);
    ~NodeRegistry() override;

    /// Starts listening for beacons (when a listener is given) and sends a query.
    void start(DiscoveryListener *listener);
    void setClock(Clock clock) { m_clock = std::move(clock); }
    void setReconnectIntervalMs(int ms) { m_reconnectMs = ms; }
    /// The user every connection speaks for (ControllerProfile::userName; the login name until set).
    /// Connections made before a change are made again, so agents learn the new name at once.
    void setUser(const QString &user);
    QString user() const { return m_user; }

    /// Every node, in the order lists show them (Node::listedBefore).
    QList<Node> nodes() const;
    const Node *node(const QString &key) const;
    AgentClient *client(const QString &key) const;
    /// Keys of connected, trusted nodes, in Node::listedBefore order.
    QStringList readyKeys() const;

    /// Which nodes a name, id or id prefix may resolve to.
    enum class Scope
    {
        Trusted,         ///< pinned: what configs and runs may name
        CertificateSeen, ///< a TLS handshake showed the certificate: what `trust` may pin
        Any,             ///< everything listed: what `forget` may drop
    };
    /// The nodes `text` names within `scope` (the id or its leading part, name, hostname, address). One
    /// means found; several are ambiguous and none is chosen, so a claimant cannot win by choosing as its
    /// id exactly the short id the user typed. The pointers live until the registry next changes.
    QList<const Node *> match(const QString &text, Scope scope) const;
    /// The shortest leading part of `nodeId` (8 characters at least) that no other listed id shares.
    QString shortId(const QString &nodeId) const;
    /// The warning to show beside a node that other machines claim to be; empty when none.
    static QString claimantWarning(const Node &node);

    /// A machine added by hand (another subnet); persisted by the caller via manualEntries().
    void addManual(const QString &host, quint16 port);
    QStringList manualEntries() const;
    /// The agent on this computer, trusted without a prompt (the app started it and read its certificate).
    void addLocal(const QString &host, quint16 port, const QString &nodeId, const QString &fingerprint);
    /// Pins the fingerprint shown to the user and connects. With `shownFingerprint`, only if that is
    /// still the one to confirm (a beacon may have come between the question and the answer).
    void trust(const QString &key, const QString &shownFingerprint = {});
    /// Forgets the pin and, for a manual entry, the entry.
    void forget(const QString &key);

Q_SIGNALS:
    /// A shared-lab push from a connected agent (lab_changed or lab_notice; docs/protocol.md).
    void labMessage(const QString &key, const Message &message);
    void nodeAdded(const QString &key);
    void nodeChanged(const QString &key);
    void nodeRemoved(const QString &key);
    void telemetryUpdated(const QString &key);
    /// A new agent was reached whose fingerprint is not pinned: ask the user.
    void trustNeeded(const QString &key);
    void manualEntriesChanged();
    void clientReady(const QString &key);

private:
    void onBeacon(const Beacon &beacon, const QHostAddress &from);
    void onPinnedBeacon(const Beacon &beacon, const QString &address, const QString &pinned);
    /// Connects a pinned node, when it is time, to its proven address or a candidate, in turn.
    void tryAddresses(Node &node);
    /// Records a claim on `node`; true when it is new (worth telling the views).
    bool noteClaimant(Node &node, const QString &address, quint16 port, const QString &fingerprint,
                      bool refuted);
    /// TLS at the node's current address showed someone else: remember it as a claimant and go back.
    void refuteAddress(Node &node, const QString &shownFingerprint);
    void onTick();
    void ensureConnection(Node &node);
    void onHandshake(AgentClient *client);
    void onDisconnected(AgentClient *client, const QString &reason, const QString &code);
    Node &upsert(const QString &key, bool *created);
    void rekey(const QString &oldKey, const QString &newKey);
    void dropClient(const QString &key);
    QString keyOf(AgentClient *client) const;
    qint64 now() const { return m_clock(); }

    const Identity &m_identity;
    QString m_user;
    FingerprintStore &m_pins;
    Clock m_clock;
    QHash<QString, Node> m_nodes;
    QStringList m_order; ///< insertion order, so lists are stable
    QHash<QString, AgentClient *> m_clients;
    QHash<QString, qint64> m_nextAttemptMs;
    QSet<QString> m_candidateTried; ///< nodes whose last attempt went to a beacon's candidate address
    QTimer m_tick;
    int m_reconnectMs = 3000;
    DiscoveryListener *m_listener = nullptr;
};
