#pragma once

#include "labbackend.h"

class NodeRegistry;

/// The app's LabBackend: a LabClient over the registry's connected agents.
/// Replies never come after it is gone (the client is the context of every
/// request).
class LabClientBackend final : public LabBackend
{
public:
    explicit LabClientBackend(NodeRegistry &registry);
    ~LabClientBackend() override;
    Q_DISABLE_COPY_MOVE(LabClientBackend)

    void fetch(bool series, std::function<void(const LabSnapshot &snapshot)> done) override;
    void usage(int weeks, std::function<void(const QList<LabUsageRow> &rows, const QStringList &errors,
                                             const QStringList &machines)>
                              done) override;
    void reserve(const QList<LabClient::BookingRequest> &where, qint64 fromMs, qint64 toMs,
                 const QString &note,
                 std::function<void(const Expected<QList<LabBooking>> &result)> done) override;
    void unreserve(const QString &nodeId, const QString &bookingId,
                   std::function<void(const Status &status)> done) override;
    void cancel(const QString &runId, std::function<void(const Status &status)> done) override;
    void setPolicy(const QJsonObject &policy, std::function<void(const QStringList &failures)> done) override;

private:
    LabClient m_client;
};
