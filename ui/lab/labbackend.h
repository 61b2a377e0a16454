#pragma once

#include "expected.h"
#include "labclient.h"
#include "labsnapshot.h"

#include <functional>
#include <QJsonObject>
#include <QStringList>

/// What the Shared lab tab asks of the lab: the seam between the views and
/// the agents. The app's is LabClientBackend (LabClient over the registry's
/// connections); tests give the views a fake one and check what they asked.
class LabBackend
{
public:
    virtual ~LabBackend() = default;

    virtual void fetch(bool series, std::function<void(const LabSnapshot &snapshot)> done) = 0;
    virtual void usage(int weeks, std::function<void(const QList<LabUsageRow> &rows,
                                                     const QStringList &errors, const QStringList &machines)>
                                      done) = 0;
    virtual void reserve(const QList<LabClient::BookingRequest> &where, qint64 fromMs, qint64 toMs,
                         const QString &note,
                         std::function<void(const Expected<QList<LabBooking>> &result)> done) = 0;
    virtual void unreserve(const QString &nodeId, const QString &bookingId,
                           std::function<void(const Status &status)> done) = 0;
    virtual void cancel(const QString &runId, std::function<void(const Status &status)> done) = 0;
    virtual void setPolicy(const QJsonObject &policy,
                           std::function<void(const QStringList &failures)> done) = 0;
};
