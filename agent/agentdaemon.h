#pragma once

#include "agentaccess.h"
#include "agentoptions.h"
#include "agentsession.h"
#include "expected.h"
#include "identity.h"
#include "telemetry.h"

#include <memory>
#include <optional>
#include <QList>
#include <QObject>
#include <QTimer>

class AgentServer;
class BeaconSender;
class DeviceProbe;
class LabClock;
class LabRequests;
class LabService;
class RunSupervisor;
class TelemetrySampler;
struct RunEvent;

/// The agent: its identity and trust list, the TLS control server, discovery
/// beacons and telemetry. Run supervision and the shared lab (leases, queue,
/// bookings, rules: LabService) plug in through requests.
class AgentDaemon final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AgentDaemon)

public:
    AgentDaemon(AgentOptions options, std::unique_ptr<DeviceProbe> probe, QObject *parent = nullptr);
    /// With the lab's clock given (tests and the queue benchmark move time by hand); the system clock
    /// otherwise.
    AgentDaemon(AgentOptions options, std::unique_ptr<DeviceProbe> probe, std::unique_ptr<LabClock> labClock,
                QObject *parent = nullptr);
    ~AgentDaemon() override;

    Status start();

    const Identity &identity() const { return *m_identity; }
    QString nodeId() const { return m_nodeId; }
    QString name() const { return m_name; }
    quint16 port() const;
    int sessionCount() const { return int(m_sessions.size()); }
    TelemetrySampler *sampler() const { return m_sampler; }
    RunSupervisor *runs() const { return m_runs; }
    LabService *lab() const { return m_lab; }
    AgentAccess &access() { return *m_access; }

    /// Files in the config dir.
    static QString trustListPath(const QString &configDir) { return AgentAccess::trustListPath(configDir); }
    static QString adminListPath(const QString &configDir) { return AgentAccess::adminListPath(configDir); }
    static Expected<QString> loadOrCreateNodeId(const QString &configDir);

Q_SIGNALS:
    void idleExit();

private:
    void onSocket(class QSslSocket *socket);
    void onRequest(AgentSession *session, const Message &request);
    void onStartRun(AgentSession *session, const Message &request);
    /// model_fetch: a piece of a run's trained model, to its user or an admin.
    void onModelFetch(AgentSession *session, const Message &request);
    void onEndRun(AgentSession *session, const Message &request);
    /// A run's journal and events (paths, model, checkpoints) are its user's, under a name bound to
    /// this very certificate, and an admin's; anyone else gets its summary only.
    bool mayFollow(const AgentSession *session, const QString &runId) const;
    void onSampled(const TelemetrySnapshot &snapshot);
    void onRunEvent(const RunEvent &event);
    void onRunState(const QString &runId, const QString &state, const QString &reason);
    /// To every ready session subscribed to `topic`.
    void broadcast(const QString &topic, const Message &message);
    void updateSampling();
    void checkIdle();

    AgentOptions m_options;
    std::unique_ptr<DeviceProbe> m_probeHolder;
    std::optional<Identity> m_identity;
    std::unique_ptr<AgentAccess> m_access;
    std::unique_ptr<LabClock> m_labClock;
    LabService *m_lab = nullptr;
    std::unique_ptr<LabRequests> m_labRequests; ///< reads and answers the lab requests for m_lab
    QString m_nodeId;
    QString m_name;
    AgentServer *m_server = nullptr;
    BeaconSender *m_beacons = nullptr;
    TelemetrySampler *m_sampler = nullptr;
    RunSupervisor *m_runs = nullptr;
    std::unique_ptr<class PathPolicy> m_paths;
    QList<AgentSession *> m_sessions;
    QTimer m_idleTimer;
    qint64 m_idleSinceMs = 0;
};
