#pragma once

#include "beacon.h"
#include "telemetry.h"

#include <optional>
#include <QDateTime>
#include <QString>

/// What a controller knows about one machine (one agent): where it is, whether
/// it is online, whether it is trusted, and its latest telemetry.
struct Node
{
    enum class Link
    {
        Offline,
        Online,
        Connecting,
        Connected
    };
    enum class Trust
    {
        Unknown,         ///< fingerprint not pinned yet: ask the user
        Pinned,          ///< fingerprint pinned and matching
        Changed,         ///< the agent shows a different fingerprint than the pinned one: refused
        RejectedByAgent, ///< the agent does not trust this controller
    };

    QString key; ///< node id, or "host:port" for a manual entry not yet reached
    QString nodeId;
    QString name;
    QString hostname;
    QString address;
    quint16 port = 0;
    /// A machine that claimed this node's id with another certificate, or from
    /// another address than the one TLS proved: shown as a warning, never obeyed.
    struct Claimant
    {
        QString address;
        quint16 port = 0;
        QString fingerprint; ///< what it advertised or showed in TLS
        qint64 lastSeenMs = 0;
        qint64 firstSeenMs = 0;
        bool refuted = false; ///< TLS there showed another certificate: never tried again
    };
    static constexpr int kMaxClaimants = 32;

    QString advertisedFingerprint; ///< from the beacon (unauthenticated)
    QString observedFingerprint;   ///< from the TLS handshake
    QString pinnedFingerprint;
    /// Where TLS last proved the pinned certificate (empty: nowhere yet). A
    /// pinned node's address moves only to an address proven the same way.
    QString verifiedAddress;
    quint16 verifiedPort = 0;
    QList<Claimant> claimants;
    QString agentVersion;
    bool manual = false;
    bool local = false; ///< the agent on this computer
    qint64 lastBeaconMs = 0;
    int beaconIntervalMs = 0;
    Link link = Link::Offline;
    Trust trust = Trust::Unknown;
    QString message; ///< the last problem, for the user
    QList<Beacon::Device> advertisedDevices;
    std::optional<TelemetrySnapshot> telemetry;

    bool isOnline() const { return link != Link::Offline; }
    /// A TLS handshake showed this certificate (a beacon alone proves nothing).
    bool certificateSeen() const { return !observedFingerprint.isEmpty(); }
    bool addressVerified() const
    {
        return !verifiedAddress.isEmpty() && verifiedAddress == address && verifiedPort == port;
    }
    bool isConnected() const { return link == Link::Connected; }
    /// The order machines are listed in everywhere (the Machines list, `nodes`, `watch`): this computer
    /// first, then by name as people sort words, then by key, so a list never reshuffles as beacons come.
    static bool listedBefore(const Node &a, const Node &b)
    {
        if (a.local != b.local)
            return a.local;
        const int byName = QString::localeAwareCompare(a.name.toCaseFolded(), b.name.toCaseFolded());
        return byName != 0 ? byName < 0 : a.key < b.key;
    }
    /// The fingerprint a trust prompt should show.
    QString fingerprintToConfirm() const
    {
        return observedFingerprint.isEmpty() ? advertisedFingerprint : observedFingerprint;
    }
};
