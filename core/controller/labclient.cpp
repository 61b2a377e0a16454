#include "labclient.h"

#include "agentclient.h"
#include "csv.h"
#include "noderegistry.h"

#include <algorithm>
#include <memory>
#include <QCborArray>
#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>
#include <QMap>

namespace {
qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

QString trLab(const char *text)
{
    return QCoreApplication::translate("LabClient", text);
}

// Calls `done` once every one of `count` answers came.
struct Countdown
{
    int pending = 0;
    std::function<void()> done;
    void one()
    {
        if (--pending == 0 && done)
            done();
    }
};
} // namespace

LabClient::LabClient(NodeRegistry &registry, QObject *parent)
    : QObject(parent)
    , m_registry(registry)
{}

LabClient::~LabClient() = default;

void LabClient::fetch(bool series, std::function<void(const LabSnapshot &snapshot)> done)
{
    auto snapshot = std::make_shared<LabSnapshot>();
    const QStringList keys = m_registry.readyKeys();
    auto countdown = std::make_shared<Countdown>();
    countdown->pending = int(keys.size()) + 1;
    countdown->done = [snapshot, done] {
        std::sort(snapshot->nodes.begin(), snapshot->nodes.end(),
                  [](const LabNode &a, const LabNode &b) { return a.name < b.name; });
        done(*snapshot);
    };
    for (const QString &key : keys) {
        AgentClient *client = m_registry.client(key);
        const Node *node = m_registry.node(key);
        const QString name = node ? node->name : key;
        const qint64 sent = nowMs();
        client->request(Message::Type::LabState,
                        QCborMap{{QStringLiteral("now"), sent}, {QStringLiteral("series"), series}}, this,
                        [snapshot, countdown, sent, name](const Expected<QCborMap> &reply) {
                            if (reply) {
                                const qint64 offset = labClockOffset(
                                    sent, nowMs(), reply->value(QStringLiteral("now")).toInteger());
                                snapshot->nodes.append(LabNode::fromReply(*reply, offset));
                            } else {
                                snapshot->errors << QStringLiteral("%1: %2").arg(name, reply.error());
                            }
                            countdown->one();
                        });
    }
    countdown->one();
}

void LabClient::usage(int weeks, std::function<void(const QList<LabUsageRow> &rows, const QStringList &errors,
                                                    const QStringList &machines)>
                                     done)
{
    auto sums = std::make_shared<QMap<std::pair<qint64, QString>, double>>();
    auto errors = std::make_shared<QStringList>();
    auto machines = std::make_shared<QStringList>(); ///< those that answered: what the figures cover
    const QStringList keys = m_registry.readyKeys();
    auto countdown = std::make_shared<Countdown>();
    countdown->pending = int(keys.size()) + 1;
    countdown->done = [sums, errors, machines, done] {
        QList<LabUsageRow> rows;
        for (auto it = sums->cbegin(); it != sums->cend(); ++it)
            rows.append({it.key().second, it.key().first, it.value()});
        machines->sort(Qt::CaseInsensitive);
        done(rows, *errors, *machines);
    };
    // Weeks as this user's calendar begins them (issue #29, item 14): the locale's first day, 00:00 here.
    const QCborMap body{
        {QStringLiteral("weeks"), weeks},
        {QStringLiteral("first_day"), int(QLocale().firstDayOfWeek())},
        {QStringLiteral("utc_offset_min"), QDateTime::currentDateTime().offsetFromUtc() / 60}};
    for (const QString &key : keys) {
        const Node *node = m_registry.node(key);
        const QString name = node ? node->name : key;
        m_registry.client(key)->request(
            Message::Type::Usage, body, this,
            [sums, errors, machines, countdown, name](const Expected<QCborMap> &reply) {
                if (!reply) {
                    *errors << QStringLiteral("%1: %2").arg(name, reply.error());
                } else {
                    *machines << name;
                    // Every agent begins the weeks as asked: the same key whatever its clock.
                    for (const QCborValue v : reply->value(QStringLiteral("weeks")).toArray()) {
                        const QCborMap r = v.toMap();
                        (*sums)[{r.value(QStringLiteral("week_start")).toInteger(),
                                 r.value(QStringLiteral("user")).toString()}] +=
                            r.value(QStringLiteral("gpu_hours")).toDouble();
                    }
                }
                countdown->one();
            });
    }
    countdown->one();
}

void LabClient::reserve(const QList<BookingRequest> &where, qint64 fromMs, qint64 toMs, const QString &note,
                        std::function<void(const Expected<QList<LabBooking>> &result)> done)
{
    struct State
    {
        QList<LabBooking> made;
        QStringList failures;
    };
    auto state = std::make_shared<State>();
    auto countdown = std::make_shared<Countdown>();
    countdown->pending = int(where.size()) + 1;
    countdown->done = [this, state, done] {
        if (state->failures.isEmpty()) {
            done(state->made);
            return;
        }
        // All or nothing: a booking on some of the machines only is not what was asked for.
        for (const LabBooking &b : std::as_const(state->made))
            unreserve(b.nodeId, b.id, [](const Status &) {});
        done(Expected<QList<LabBooking>>::failure(state->failures.join(QLatin1Char('\n'))));
    };
    for (const BookingRequest &w : where) {
        const Node *node = m_registry.node(w.nodeId);
        AgentClient *client = m_registry.client(w.nodeId);
        const QString name = node ? node->name : w.nodeId;
        if (!client) {
            state->failures << QStringLiteral("%1: %2").arg(name, trLab("not connected"));
            countdown->one();
            continue;
        }
        QCborArray devices;
        for (int d : w.devices)
            devices.append(d);
        const qint64 sent = nowMs();
        client->request(
            Message::Type::Reserve,
            QCborMap{{QStringLiteral("devices"), devices},
                     {QStringLiteral("from"), fromMs},
                     {QStringLiteral("to"), toMs},
                     {QStringLiteral("note"), note},
                     {QStringLiteral("now"), sent}},
            this, [state, countdown, name, sent, nodeId = w.nodeId](const Expected<QCborMap> &reply) {
                if (!reply) {
                    state->failures << QStringLiteral("%1: %2").arg(name, reply.error());
                } else {
                    const qint64 offset =
                        labClockOffset(sent, nowMs(), reply->value(QStringLiteral("now")).toInteger());
                    LabBooking b;
                    b.id = reply->value(QStringLiteral("id")).toString();
                    b.nodeId = nodeId;
                    b.nodeName = name;
                    b.user = reply->value(QStringLiteral("user")).toString();
                    b.note = reply->value(QStringLiteral("note")).toString();
                    for (const QCborValue d : reply->value(QStringLiteral("devices")).toArray())
                        b.devices.append(int(d.toInteger()));
                    b.fromMs = labBookingEdge(reply->value(QStringLiteral("from")).toInteger(), offset);
                    b.toMs = labBookingEdge(reply->value(QStringLiteral("to")).toInteger(), offset);
                    state->made.append(b);
                }
                countdown->one();
            });
    }
    countdown->one();
}

void LabClient::unreserve(const QString &nodeId, const QString &bookingId,
                          std::function<void(const Status &)> done)
{
    AgentClient *client = m_registry.client(nodeId);
    if (!client) {
        done(Status::failure(trLab("not connected")));
        return;
    }
    client->request(
        Message::Type::Unreserve, QCborMap{{QStringLiteral("id"), bookingId}}, this,
        [done](const Expected<QCborMap> &reply) { done(reply ? Status() : Status::failure(reply.error())); });
}

void LabClient::cancel(const QString &runId, std::function<void(const RunAnswer &)> done)
{
    askEveryAgent(Message::Type::QueueCancel, runId, std::move(done));
}

void LabClient::endRun(const QString &runId, bool abort, std::function<void(const Status &)> done)
{
    askEveryAgent(abort ? Message::Type::AbortRun : Message::Type::StopRun, runId,
                  [done = std::move(done)](const RunAnswer &answer) { done(answer.status); });
}

void LabClient::askEveryAgent(Message::Type type, const QString &runId,
                              std::function<void(const RunAnswer &)> done)
{
    auto failures = std::make_shared<QStringList>();
    auto found = std::make_shared<bool>(false);
    const QStringList keys = m_registry.readyKeys();
    auto countdown = std::make_shared<Countdown>();
    countdown->pending = int(keys.size()) + 1;
    countdown->done = [failures, found, done, runId] {
        if (!*found && failures->isEmpty())
            done({Status::failure(trLab("no agent has run %1").arg(runId)), false});
        else
            done({failures->isEmpty() ? Status() : Status::failure(failures->join(QLatin1Char('\n'))), true});
    };
    for (const QString &key : keys) {
        const Node *node = m_registry.node(key);
        const QString name = node ? node->name : key;
        m_registry.client(key)->request(type, QCborMap{{QStringLiteral("run_id"), runId}}, this,
                                        [failures, found, countdown, name](const Expected<QCborMap> &reply) {
                                            // Agents that never had the run say so: not a failure.
                                            if (reply)
                                                *found = true;
                                            else if (!reply.error().contains(QLatin1String("no run")))
                                                *failures
                                                    << QStringLiteral("%1: %2").arg(name, reply.error());
                                            countdown->one();
                                        });
    }
    countdown->one();
}

void LabClient::setPolicy(const QJsonObject &policy, const QJsonObject &extra,
                          std::function<void(const QStringList &failures)> done)
{
    auto failures = std::make_shared<QStringList>();
    const QStringList keys = m_registry.readyKeys();
    auto countdown = std::make_shared<Countdown>();
    countdown->pending = int(keys.size()) + 1;
    countdown->done = [failures, done] { done(*failures); };
    QCborMap body = QCborMap::fromJsonObject(extra);
    body[QStringLiteral("policy")] = QCborMap::fromJsonObject(policy);
    for (const QString &key : keys) {
        const Node *node = m_registry.node(key);
        const QString name = node ? node->name : key;
        m_registry.client(key)->request(Message::Type::PolicySet, body, this,
                                        [failures, countdown, name](const Expected<QCborMap> &reply) {
                                            if (!reply)
                                                *failures
                                                    << QStringLiteral("%1: %2").arg(name, reply.error());
                                            countdown->one();
                                        });
    }
    countdown->one();
}

QByteArray LabClient::usageCsv(const QList<LabUsageRow> &rows)
{
    QString csv =
        Csv::row({QStringLiteral("user"), QStringLiteral("week_start"), QStringLiteral("gpu_hours")});
    for (const LabUsageRow &r : rows) // a user name comes from another machine: quoted as it needs
        csv += Csv::row({r.user, QDateTime::fromMSecsSinceEpoch(r.weekStartMs).date().toString(Qt::ISODate),
                         QString::number(r.gpuHours, 'f', 3)});
    return csv.toUtf8();
}
