#pragma once

#include "translatabletext.h"

#include <optional>
#include <QCborMap>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

/// The shared lab as one controller sees it at one moment (docs/lab.md):
/// every device of every agent with who holds it, the bookings, the queue and
/// the rules, parsed from the agents' lab_state replies. Every time is on this
/// computer's clock: each agent's times are moved by the offset its reply's
/// `now` showed, so agents whose clocks are minutes apart line up.
struct LabBooking
{
    QString id;
    QString nodeId;
    QString nodeName;
    QString user;
    QString note;
    QList<int> devices;
    qint64 fromMs = 0;
    qint64 toMs = 0;
};

struct LabHold
{
    QString leaseId;
    QString runId;
    QString user;
    qint64 sinceMs = 0;
    qint64 untilMs = 0; ///< expected end; 0 unknown
    bool pending = false;
    bool queued = false;
};

/// Utilization over a day (1-minute buckets) or a week (10-minute buckets); -1 where no sample came.
struct LabSeries
{
    qint64 startMs = 0;
    qint64 stepMs = 0;
    QList<int> util;
    /// Mean of the buckets that have a sample; -1 when none has.
    double mean() const;
};

struct LabDevice
{
    enum class State
    {
        Free,
        Held,
        Pending,
        Booked
    };
    QString nodeId;
    QString nodeName;
    int index = 0;
    QString name;
    QString kind;
    int util = 0;
    qint64 memUsed = 0;
    qint64 memTotal = 0;
    State state = State::Free;
    std::optional<LabHold> hold;
    std::optional<LabBooking> booking;     ///< active now
    std::optional<LabBooking> nextBooking; ///< the next one to begin
    LabSeries day;
    LabSeries week;

    static QString stateKey(State state);
    static State stateFromKey(const QString &key);
};

struct LabQueueEntry
{
    QString runId;
    QString name;
    QString user;
    QString nodeId; ///< the agent that reported it (the run's coordinator in LabSnapshot::queue())
    QString nodeName;
    int position = 0;
    bool placeable = true;
    qint64 estimatedStartMs = 0; ///< 0 when it cannot be placed
    qint64 estimatedEndMs = 0;
    qint64 submittedMs = 0;
    qint64 predictedS = 0;
    QList<int> devices;
    bool coordinator = false;
    int nodes = 1;
    TranslatableText why; ///< why it waits; empty when it starts now
};

struct LabNode
{
    QString nodeId;
    QString name;
    QString user; ///< who this controller is, as that agent knows it
    bool admin = false;
    QJsonObject policy;
    /// Files the agent found damaged at start: the rules' to everyone, the others to the admin.
    QStringList problems;
    qint64 offsetMs = 0; ///< the agent's clock minus this computer's
    QList<LabDevice> devices;
    QList<LabBooking> bookings;
    QList<LabQueueEntry> queue;

    /// One agent's lab_state reply; `offsetMs` from its `now`.
    static LabNode fromReply(const QCborMap &reply, qint64 offsetMs);
};

struct LabSnapshot
{
    QList<LabNode> nodes;
    QStringList errors; ///< agents that could not be asked, one line each

    QList<LabDevice> devices() const;
    QList<LabBooking> bookings() const;
    /// Every agent's problems, each line led by the machine's name.
    QStringList problems() const;
    /// Each queued run once, as its coordinator sees it, by estimated start (unplaceable last).
    QList<LabQueueEntry> queue() const;
};

/// Device-hours per user and week, summed over the agents.
struct LabUsageRow
{
    QString user;
    qint64 weekStartMs = 0;
    double gpuHours = 0;
};

/// Device-hours as a user reads them, in the default locale: one decimal, but minutes where a
/// non-zero amount would round to "0.0" (issue #29, item 14), so a short run never reads as none.
QString labDeviceTime(double hours);

/// The agent's clock minus ours, from a request sent at `sentMs`, answered at `receivedMs` with `agentNowMs`.
qint64 labClockOffset(qint64 sentMs, qint64 receivedMs, qint64 agentNowMs);

/// A booking's edge on this computer's clock. The agent keeps bookings in
/// whole minutes of its clock, and the offset is only known to a few
/// milliseconds: the edge is rounded to the minute again, so 07:00 chosen
/// is 07:00 read back, never 06:59:59.997 shown as 06:59 (issue #29, item 14).
qint64 labBookingEdge(qint64 agentMs, qint64 offsetMs);
