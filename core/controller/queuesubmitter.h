#pragma once

#include "agentlink.h"
#include "runconfig.h"

#include <functional>
#include <QJsonObject>
#include <QObject>

class NodeRegistry;

/// Puts a run in the queue of every machine of its group, all or nothing
/// (docs/lab.md): each gets the config, the plan (every machine's address and
/// certificate, so the first, the coordinator, can start the run when all are
/// free) and the expected length; when one refuses, the machines that had
/// accepted are told to forget it. A part of RunController, as RunLauncher is
/// for a start.
class QueueSubmitter final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(QueueSubmitter)

public:
    /// One machine's part of the run.
    struct Target
    {
        QString agentId;
        QString name;
        QString agentRunId;
    };
    /// Where the run waits, in the coordinator's queue.
    struct Place
    {
        int position = 0;
        qint64 estimatedStartMs = 0; ///< on this computer's clock; 0: unknown
    };
    using Done = std::function<void(const QStringList &failures, const Place &place)>;
    /// The link to a connected agent; nullptr when it is not connected.
    using LinkFor = std::function<AgentLink *(const QString &agentId)>;

    QueueSubmitter(const NodeRegistry &registry, LinkFor linkFor, QObject *parent = nullptr);

    /// What a queued run's coordinator needs to start it: every node's address and certificate,
    /// first rank and devices.
    QJsonObject plan(const RunConfig &config) const;
    /// Submits to every target (config.nodes' order); `done` once all answered, with every refusal
    /// ("machine: why") or, when none refused, the coordinator's place.
    void submit(const RunConfig &config, const QList<Target> &targets, qint64 expectedSeconds,
                bool anyDevices, Done done);

private:
    const NodeRegistry &m_registry;
    LinkFor m_linkFor;
};
