#pragma once

#include "runrecord.h"
#include "telemetry.h"

#include <deque>
#include <memory>
#include <QJsonArray>
#include <QMutex>
#include <QObject>
#include <QSqlDatabase>
#include <QWaitCondition>
#include <variant>

/// A machine of a run, as the history keeps it.
struct RunNodeRecord
{
    int nodeIndex = 0;
    QString agentId;
    QString name;
    QString address;
    int firstRank = 0;
    QList<int> devices;
    QJsonArray finalPlan;
    qint64 lastSeq = 0;
};

/// Writes to the history database on its own thread, in batched transactions,
/// so neither the UI nor the network ever waits for the disk. Operations are
/// applied in the order they were posted; `committed` reports what reached the
/// disk, and only that counts as stored.
class HistoryWriter final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HistoryWriter)

public:
    struct CreateRun
    {
        RunRecord run;
        QList<RunNodeRecord> nodes;
    };
    struct UpdateRun
    {
        QString id;
        RunStatus status;
        TranslatableText reason;
        qint64 startedMs = 0; ///< 0: unchanged
        qint64 endedMs = 0;   ///< 0: unchanged
    };
    struct SetSummary
    {
        QString id;
        QJsonObject summary;
    };
    struct SetNotes
    {
        QString id;
        QStringList tags;
        QString note;
    };
    struct SetFinalPlan
    {
        QString runId;
        int nodeIndex;
        QJsonArray plan;
    };
    struct Events
    {
        QList<RunEvent> events;
    };
    struct Telemetry
    {
        QString runId;
        QString agentId;
        qint64 timeMs;
        QList<DeviceSample> devices;
    };
    /// A run that never started (its start refused before any worker ran): it leaves no row.
    struct RemoveRun
    {
        QString id;
    };
    using Operation =
        std::variant<CreateRun, UpdateRun, SetSummary, SetNotes, SetFinalPlan, Events, Telemetry, RemoveRun>;

    explicit HistoryWriter(QString path);
    ~HistoryWriter() override;

    /// Thread-safe.
    void post(Operation op);
    /// Blocks until everything posted before the call is committed (or failed).
    void flush();
    qint64 committedRows() const;
    /// Commits what is queued and closes the database; call on the writer's thread.
    void shutdown();

Q_SIGNALS:
    void committed(qint64 rows);
    void failed(const QString &message);

private:
    void drain();
    bool apply(const Operation &op, qint64 *rows);
    bool openDatabase();

    struct Statements;

    QString m_path;
    QString m_connection;
    QSqlDatabase m_db;
    std::unique_ptr<Statements> m_st;
    mutable QMutex m_mutex;
    QWaitCondition m_done;
    std::deque<Operation> m_queue;
    qint64 m_posted = 0;
    qint64 m_applied = 0;
    qint64 m_rows = 0;
    bool m_scheduled = false;
};
