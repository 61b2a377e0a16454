#pragma once

#include <optional>
#include <QJsonObject>
#include <QList>
#include <QString>

/// One run's hold on some devices of this node. Pending until the run's
/// workers start (a controller that dies meanwhile leaves nothing held past
/// expiresMs), then active until released.
struct Lease
{
    enum class State
    {
        Pending,
        Active
    };

    QString id;         ///< "lease-" + 16 hex digits (random)
    QString runId;      ///< the agent run id the lease is for
    QString user;       ///< Hamgam user name
    QString controller; ///< fingerprint of the controller (or coordinator agent) that asked
    QList<int> devices; ///< sorted, unique
    State state = State::Pending;
    qint64 createdMs = 0;
    qint64 expiresMs = 0;     ///< pending: createdMs + ttl; active: 0 (no expiry)
    qint64 activeSinceMs = 0; ///< 0 while pending
    qint64 expectedEndMs = 0; ///< predicted end; 0 unknown
    bool queued = false;      ///< started from the queue (for notifications and usage)

    bool isActive() const { return state == State::Active; }
    QJsonObject toJson() const;
    /// nullopt when a field is missing or out of range (a damaged entry).
    static std::optional<Lease> fromJson(const QJsonObject &o);

    friend bool operator==(const Lease &, const Lease &) = default;
};
