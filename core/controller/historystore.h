#pragma once

#include "expected.h"
#include "historywriter.h"
#include "runrecord.h"

#include <functional>
#include <optional>
#include <QCoreApplication>
#include <QDateTime>
#include <QObject>
#include <QSqlDatabase>
#include <QStringList>
#include <QThread>
#include <QTimer>

/// Filters for the runs list.
struct RunFilter
{
    QString nameContains;
    QString textContains;   ///< in the name, a tag or the note
    QStringList statuses;   ///< keys, e.g. "finished"; empty: all
    QStringList strategies; ///< empty: all
    qint64 fromMs = 0;
    qint64 toMs = 0; ///< 0: no limit
    int limit = 1000;
};

/// A machine that was busy with other work when a run started, as its pre-flight found it.
struct BusyMachine
{
    QString node;    ///< the node's name
    QJsonArray busy; ///< Preflight::Result::busy: {"kind": "cpu", "load", "cores"} or {"kind": "gpu", ...}
};

/// A series ready for a plot: x and y of equal length, at most the asked
/// number of points. When downsampled, each bucket contributes its minimum and
/// its maximum, so spikes stay visible.
struct Series
{
    QList<double> x;
    QList<double> y;
    qint64 sourceRows = 0;
    bool downsampled = false;
};

/// The run history (SQLite, WAL, foreign keys, stepwise migrations). Reads run
/// on the caller's thread with their own connection; every write goes to a
/// HistoryWriter on its own thread, batched in transactions.
/// Default location: the controller's data dir (history.sqlite); --history PATH overrides it.
class HistoryStore final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HistoryStore)

public:
    enum class XAxis
    {
        Step,
        Time
    };
    enum class Aggregate
    {
        Mean,
        Sum,
        Max
    };

    explicit HistoryStore(QString path, QObject *parent = nullptr);
    ~HistoryStore() override;

    Status open();
    QString path() const { return m_path; }

    // Writes: queued, applied in order on the writer thread.
    void createRun(const RunRecord &run, const QList<RunNodeRecord> &nodes);
    void updateRun(const QString &id, RunStatus status, const TranslatableText &reason = {},
                   qint64 startedMs = 0, qint64 endedMs = 0);
    void setSummary(const QString &id, const QJsonObject &summary);
    /// Removes a run that never started (refused before any worker ran) with all its rows.
    void removeRun(const QString &id);
    /// The user's tags and note on a run (RunRecord::tags, ::note).
    void setNotes(const QString &id, const QStringList &tags, const QString &note);
    void setFinalPlan(const QString &runId, int nodeIndex, const QJsonArray &plan);
    void appendEvents(const QList<RunEvent> &events);
    void appendTelemetry(const QString &runId, const QString &agentId, qint64 timeMs,
                         const QList<DeviceSample> &devices);
    /// Blocks until every write posted so far is committed.
    void flush();
    /// Looks every `intervalMs` whether anyone else committed to the file (hamgamctl, another app,
    /// an `attach` that marked a run failed) and says so with changedElsewhere(), so the app's lists
    /// read again by themselves. SQLite's data_version moves with every other connection's commit.
    void watchForChanges(int intervalMs);
    qint64 committedRows() const;

    // Reads.
    QList<RunRecord> runs(const RunFilter &filter = {}) const;
    std::optional<RunRecord> run(const QString &id) const;
    /// The run whose id starts with `prefix`, or whose name is `prefix`, if exactly one matches.
    std::optional<RunRecord> findRun(const QString &prefix) const;
    /// Every run `text` may mean, newest first: the run of that exact id alone, else each
    /// run whose id starts with it or whose name is it (at most `limit`). More than one
    /// means the user must say which.
    QList<RunRecord> matchRuns(const QString &text, int limit = 20) const;
    QList<RunNodeRecord> nodes(const QString &runId) const;
    /// The machines busy with other work when the run started (or an elastic attempt of it):
    /// its speed then says as much about them as about its settings. Empty for a run started
    /// on idle machines, or by an older agent that did not say.
    QList<BusyMachine> busyAtStart(const QString &runId) const;
    qint64 lastSeq(const QString &runId, const QString &source) const;
    QList<RunEvent> events(const QString &runId, const QStringList &kinds = {}, int limit = 100000) const;
    qint64 stepRowCount(const QString &runId) const;
    /// metric: a column of the steps table (loss, samples_per_s, wait_ms, ...). rank >= 0: that
    /// rank; rank < 0: all ranks combined per step with `aggregate`.
    Series series(const QString &runId, const QString &metric, int rank, XAxis x, int maxPoints,
                  Aggregate aggregate = Aggregate::Mean) const;
    /// Utilization (or memory) of one device over time, downsampled the same way.
    Series telemetrySeries(const QString &runId, const QString &agentId, int device, const QString &metric,
                           int maxPoints) const;
    /// Final loss, eval metric, throughput, mean and max wait % etc., computed from the stored rows.
    QJsonObject computeSummary(const QString &runId) const;
    /// Per rank: mean data/compute/wait/comm/optimizer ms and mean local batch, for comparisons.
    QList<QJsonObject> rankBreakdown(const QString &runId) const;

    /// steps.csv, events.csv, telemetry.csv and run.json in `dir`, machine-readable (ISO dates,
    /// ASCII digits); `headers` replaces the English column names (a localized export).
    Expected<QStringList> exportCsv(const QString &runId, const QString &dir,
                                    const QHash<QString, QString> &headers = {}) const;

    static QStringList stepMetrics();

Q_SIGNALS:
    void committed(qint64 rows);
    void writeFailed(const QString &message);
    /// The file changed through another connection (watchForChanges).
    void changedElsewhere();
    /// A read failed (a damaged or locked file, a full disk): what it returned is empty or partial,
    /// and the app and hamgamctl say so rather than show an empty history as the truth.
    void readFailed(const QString &message);

private:
    QSqlDatabase db() const;
    /// SQLite's count of other connections' commits, as `connection` sees it; -1 when unreadable.
    qint64 dataVersion(const QString &connection) const;
    /// What a read calls when SQLite fails it: logs it and emits readFailed.
    std::function<void(const QString &)> readFailure() const;

    QString m_path;
    QString m_connection;
    QTimer *m_watch = nullptr;
    qint64 m_dataVersion = -1;
    QThread m_thread;
    HistoryWriter *m_writer = nullptr;

public:
    /// Per device of a run, from its telemetry: agent, device, samples, mean_util, max_util (percent),
    /// mean_mem_used, mem_total (bytes); ordered by agent and device. For comparisons of utilization.
    QList<QJsonObject> deviceUtilization(const QString &runId) const;
};
