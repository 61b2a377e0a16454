#pragma once

#include "expected.h"
#include "labsnapshot.h"
#include "message.h"

#include <functional>
#include <QJsonObject>
#include <QObject>

class NodeRegistry;

/// The shared lab's requests from a controller (docs/lab.md): it asks every
/// connected, trusted agent for its part (devices and holders, bookings,
/// queue, rules, usage) and puts the answers on this computer's clock; it
/// books devices on several machines all or nothing, cancels queued runs and
/// sends the admin's rules to every agent. hamgamctl and the app's Lab tab
/// share it.
class LabClient final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LabClient)

public:
    explicit LabClient(NodeRegistry &registry, QObject *parent = nullptr);
    ~LabClient() override;

    /// Every connected agent's lab_state; `series`: with each device's day and week of utilization.
    void fetch(bool series, std::function<void(const LabSnapshot &snapshot)> done);
    /// Device-hours per user and week over the last `weeks` weeks, summed over the agents.
    void usage(int weeks, std::function<void(const QList<LabUsageRow> &rows, const QStringList &errors,
                                             const QStringList &machines)>
                              done);

    struct BookingRequest
    {
        QString nodeId;
        QList<int> devices;
    };
    /// Books [fromMs, toMs) (this computer's clock) on every listed machine, or on none: a refusal
    /// anywhere cancels the bookings already made. The error names the machine and why.
    void reserve(const QList<BookingRequest> &where, qint64 fromMs, qint64 toMs, const QString &note,
                 std::function<void(const Expected<QList<LabBooking>> &result)> done);
    void unreserve(const QString &nodeId, const QString &bookingId, std::function<void(const Status &)> done);
    /// What the agents said to a request about one run: done, or each refusal (one line per
    /// machine); `known` is false when no agent had the run at all (not found, not refused).
    struct RunAnswer
    {
        Status status;
        bool known = false;
    };
    /// Takes a queued run out of the queue on every agent that has it.
    void cancel(const QString &runId, std::function<void(const RunAnswer &answer)> done);
    /// Stops (or aborts) a run on every agent that runs it, whoever its user:
    /// the agents let the admin and the users the rules name end others' runs
    /// (issue #29, item 11), and refuse everyone else with the reason.
    void endRun(const QString &runId, bool abort, std::function<void(const Status &)> done);
    /// The admin's rules to every connected agent (and, optionally, a user bound or unbound).
    /// One line per agent that refused or could not be asked.
    void setPolicy(const QJsonObject &policy, const QJsonObject &extra,
                   std::function<void(const QStringList &failures)> done);

    /// Usage rows as CSV (user, week, GPU-hours), machine-readable: ISO dates, ASCII digits.
    static QByteArray usageCsv(const QList<LabUsageRow> &rows);

private:
    /// `type` with the run id to every ready agent; agents that never had the run are not failures.
    void askEveryAgent(Message::Type type, const QString &runId, std::function<void(const RunAnswer &)> done);

    NodeRegistry &m_registry;
};
