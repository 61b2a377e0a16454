#include "labclientbackend.h"

LabClientBackend::LabClientBackend(NodeRegistry &registry)
    : m_client(registry)
{}

LabClientBackend::~LabClientBackend() = default;

void LabClientBackend::fetch(bool series, std::function<void(const LabSnapshot &)> done)
{
    m_client.fetch(series, std::move(done));
}

void LabClientBackend::usage(
    int weeks, std::function<void(const QList<LabUsageRow> &, const QStringList &, const QStringList &)> done)
{
    m_client.usage(weeks, std::move(done));
}

void LabClientBackend::reserve(const QList<LabClient::BookingRequest> &where, qint64 fromMs, qint64 toMs,
                               const QString &note,
                               std::function<void(const Expected<QList<LabBooking>> &)> done)
{
    m_client.reserve(where, fromMs, toMs, note, std::move(done));
}

void LabClientBackend::unreserve(const QString &nodeId, const QString &bookingId,
                                 std::function<void(const Status &)> done)
{
    m_client.unreserve(nodeId, bookingId, std::move(done));
}

void LabClientBackend::cancel(const QString &runId, std::function<void(const Status &)> done)
{
    m_client.cancel(runId,
                    [done = std::move(done)](const LabClient::RunAnswer &answer) { done(answer.status); });
}

void LabClientBackend::setPolicy(const QJsonObject &policy, std::function<void(const QStringList &)> done)
{
    m_client.setPolicy(policy, {}, std::move(done));
}
