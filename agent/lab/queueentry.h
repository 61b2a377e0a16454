#pragma once

#include <optional>
#include <QJsonObject>
#include <QList>
#include <QString>

/// A run waiting on this node for its devices. Every node of a queued run
/// journals its entry; the first node's agent coordinates it (starts it when
/// all its leases can be granted).
struct QueueEntry
{
    QString runId; ///< the agent run id (1 to 80 of [A-Za-z0-9._-]: it names the entry's file)
    QString user;
    QString controller; ///< fingerprint of the controller that submitted it
    QString runName;
    qint64 submittedMs = 0;
    qint64 predictedMs = 0; ///< predicted duration; 0 unknown (the policy's longest run, or 1 h, is assumed)
    QList<int> devices;     ///< explicit devices on this node (sorted, unique), or empty and...
    int count = 0;          ///< ...any `count` devices
    bool coordinator = false; ///< this agent starts it
    QString coordinatorNodeId;
    QJsonObject plan; ///< what the coordinator needs to start it (config, nodes, peers): opaque here

    /// How many devices of this node it needs.
    int deviceCount() const { return devices.isEmpty() ? count : int(devices.size()); }
    static bool isValidRunId(const QString &runId);

    QJsonObject toJson() const;
    /// nullopt when a field is missing or out of range (a damaged entry).
    static std::optional<QueueEntry> fromJson(const QJsonObject &o);

    friend bool operator==(const QueueEntry &, const QueueEntry &) = default;
};
