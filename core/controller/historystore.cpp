#include "historystore.h"

#include "atomicfile.h"
#include "bidi.h"
#include "csv.h"
#include "eventkind.h"
#include "historyschema.h"
#include "logging.h"
#include "stepcolumns.h"

#include <algorithm>
#include <QCborValue>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <sqlite3.h>

namespace {
QJsonObject parseObject(const QString &text)
{
    return QJsonDocument::fromJson(text.toUtf8()).object();
}
QJsonArray parseArray(const QString &text)
{
    return QJsonDocument::fromJson(text.toUtf8()).array();
}

RunRecord readRun(const QSqlQuery &q)
{
    RunRecord r;
    r.id = q.value(0).toString();
    r.name = q.value(1).toString();
    r.strategy = q.value(2).toString();
    r.config = parseObject(q.value(3).toString());
    r.status = RunStatusText::fromKey(q.value(4).toString());
    // The reason untranslated where the row has it (written since history version 4), else as worded then.
    const QVariant reasonText = q.value(12);
    if (!reasonText.isNull())
        r.reason = TranslatableText::fromCbor(QCborValue::fromCbor(reasonText.toByteArray()));
    if (r.reason.isEmpty()) // none kept untranslated, or what was kept cannot be read
        r.reason = TranslatableText(q.value(5).toString());
    r.createdMs = q.value(6).toLongLong();
    r.startedMs = q.value(7).toLongLong();
    r.endedMs = q.value(8).toLongLong();
    r.summary = parseObject(q.value(9).toString());
    for (const QJsonValue v : parseArray(q.value(10).toString()))
        r.tags << v.toString();
    r.note = q.value(11).toString();
    return r;
}

const char *const kRunColumns =
    "id, name, strategy, config, status, reason, created_ms, started_ms, ended_ms, summary, tags, note, "
    "reason_text";
} // namespace

HistoryStore::HistoryStore(QString path, QObject *parent)
    : QObject(parent)
    , m_path(std::move(path))
    , m_connection(QStringLiteral("hamgam-history-%1").arg(quintptr(this), 0, 16))
{}

HistoryStore::~HistoryStore()
{
    if (m_writer) {
        QMetaObject::invokeMethod(m_writer, &HistoryWriter::shutdown, Qt::BlockingQueuedConnection);
        m_thread.quit();
        m_thread.wait();
        delete m_writer;
    }
    {
        QSqlDatabase d = QSqlDatabase::database(m_connection, false);
        if (d.isOpen())
            d.close();
    }
    if (m_watch) {
        delete m_watch;
        QSqlDatabase::database(m_connection + QStringLiteral("-watch"), false).close();
        QSqlDatabase::removeDatabase(m_connection + QStringLiteral("-watch"));
    }
    QSqlDatabase::removeDatabase(m_connection);
}

QStringList HistoryStore::stepMetrics()
{
    return StepColumns::metrics();
}

namespace {
/// Where a read that failed says so (HistoryStore::readFailed), instead of passing for an empty result.
using ReadFailure = std::function<void(const QString &)>;

bool exec(QSqlQuery &q, const ReadFailure &failed)
{
    // A prepare that failed (a table gone) leaves its error, and Qt's exec() then may still say true.
    if (!q.lastError().isValid() && q.exec())
        return true;
    failed(q.lastError().text());
    return false;
}

} // namespace

std::function<void(const QString &)> HistoryStore::readFailure() const
{
    return [this](const QString &error) {
        qCWarning(lcHistory).noquote() << "a read of the history failed:" << error;
        // Reads are const: failing one changes nothing of the store but what it tells its users.
        Q_EMIT const_cast<HistoryStore *>(this)->readFailed(error);
    };
}

void HistoryStore::watchForChanges(int intervalMs)
{
    const QString name = m_connection + QStringLiteral("-watch");
    if (!m_watch) {
        // A connection of its own that never holds a read open: data_version moves for a connection
        // between its transactions only.
        QSqlDatabase d = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        d.setDatabaseName(m_path);
        d.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=1000;QSQLITE_OPEN_READONLY"));
        m_watch = new QTimer(this);
        connect(m_watch, &QTimer::timeout, this, [this, name] {
            const qint64 version = dataVersion(name);
            const bool moved = m_dataVersion >= 0 && version >= 0 && version != m_dataVersion;
            m_dataVersion = version;
            if (moved)
                Q_EMIT changedElsewhere();
        });
    }
    m_dataVersion = dataVersion(name); // what is there now is what the caller reads next
    m_watch->start(intervalMs);
}

qint64 HistoryStore::dataVersion(const QString &connection) const
{
    QSqlDatabase d = QSqlDatabase::database(connection, false);
    if (!d.isOpen() && !d.open())
        return -1; // an unreadable file says so at the next read
    QSqlQuery q(d);
    return q.exec(QStringLiteral("PRAGMA data_version")) && q.next() ? q.value(0).toLongLong() : -1;
}

QSqlDatabase HistoryStore::db() const
{
    return QSqlDatabase::database(m_connection, false);
}

Status HistoryStore::open()
{
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    QSqlDatabase d = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
    d.setDatabaseName(m_path);
    d.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=10000"));
    if (!d.open())
        return Status::failure(tr("cannot open the history %1: %2").arg(m_path, d.lastError().text()));
    QSqlQuery q(d);
    if (!q.exec(QStringLiteral("PRAGMA journal_mode=WAL")))
        return Status::failure(tr("cannot open the history %1: %2").arg(m_path, q.lastError().text()));
    q.exec(QStringLiteral("PRAGMA foreign_keys=ON"));
    if (!q.exec(QStringLiteral("PRAGMA quick_check")) || !q.next() ||
        q.value(0).toString() != QLatin1String("ok"))
        return Status::failure(tr("the history %1 is damaged (%2); move it away to start a new one")
                                   .arg(m_path, q.value(0).toString()));
    if (auto s = HistorySchema::migrate(d); !s)
        return s;

    m_writer = new HistoryWriter(m_path);
    m_writer->moveToThread(&m_thread);
    connect(m_writer, &HistoryWriter::committed, this, &HistoryStore::committed);
    connect(m_writer, &HistoryWriter::failed, this, &HistoryStore::writeFailed);
    m_thread.setObjectName(QStringLiteral("history-writer"));
    m_thread.start();
    return {};
}

void HistoryStore::createRun(const RunRecord &run, const QList<RunNodeRecord> &nodes)
{
    m_writer->post(HistoryWriter::CreateRun{run, nodes});
}

void HistoryStore::updateRun(const QString &id, RunStatus status, const TranslatableText &reason,
                             qint64 startedMs, qint64 endedMs)
{
    m_writer->post(HistoryWriter::UpdateRun{id, status, reason, startedMs, endedMs});
}

void HistoryStore::removeRun(const QString &id)
{
    m_writer->post(HistoryWriter::RemoveRun{id});
}

void HistoryStore::setSummary(const QString &id, const QJsonObject &summary)
{
    m_writer->post(HistoryWriter::SetSummary{id, summary});
}

void HistoryStore::setNotes(const QString &id, const QStringList &tags, const QString &note)
{
    m_writer->post(HistoryWriter::SetNotes{id, tags, note});
}

void HistoryStore::setFinalPlan(const QString &runId, int nodeIndex, const QJsonArray &plan)
{
    m_writer->post(HistoryWriter::SetFinalPlan{runId, nodeIndex, plan});
}

void HistoryStore::appendEvents(const QList<RunEvent> &events)
{
    if (!events.isEmpty())
        m_writer->post(HistoryWriter::Events{events});
}

void HistoryStore::appendTelemetry(const QString &runId, const QString &agentId, qint64 timeMs,
                                   const QList<DeviceSample> &devices)
{
    m_writer->post(HistoryWriter::Telemetry{runId, agentId, timeMs, devices});
}

void HistoryStore::flush()
{
    if (m_writer)
        m_writer->flush();
}

qint64 HistoryStore::committedRows() const
{
    return m_writer ? m_writer->committedRows() : 0;
}

QList<RunRecord> HistoryStore::runs(const RunFilter &filter) const
{
    QString sql = QStringLiteral("SELECT %1 FROM runs WHERE 1=1").arg(QLatin1String(kRunColumns));
    QVariantList binds;
    if (!filter.nameContains.isEmpty()) {
        sql += QStringLiteral(" AND name LIKE ? ESCAPE '\\'");
        QString pattern = filter.nameContains;
        pattern.replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
            .replace(QLatin1Char('%'), QStringLiteral("\\%"))
            .replace(QLatin1Char('_'), QStringLiteral("\\_"));
        binds << QStringLiteral("%%1%").arg(pattern);
    }
    if (!filter.textContains.isEmpty()) {
        sql += QStringLiteral(
            " AND (name LIKE ? ESCAPE '\\' OR tags LIKE ? ESCAPE '\\' OR note LIKE ? ESCAPE '\\')");
        QString pattern = filter.textContains;
        pattern.replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
            .replace(QLatin1Char('%'), QStringLiteral("\\%"))
            .replace(QLatin1Char('_'), QStringLiteral("\\_"));
        for (int i = 0; i < 3; ++i)
            binds << QStringLiteral("%%1%").arg(pattern);
    }
    auto inList = [&](const char *column, const QStringList &values) {
        if (values.isEmpty())
            return;
        QStringList marks;
        for (const QString &v : values) {
            marks << QStringLiteral("?");
            binds << v;
        }
        sql += QStringLiteral(" AND %1 IN (%2)").arg(QLatin1String(column), marks.join(QLatin1Char(',')));
    };
    inList("status", filter.statuses);
    inList("strategy", filter.strategies);
    if (filter.fromMs > 0) {
        sql += QStringLiteral(" AND created_ms >= ?");
        binds << filter.fromMs;
    }
    if (filter.toMs > 0) {
        sql += QStringLiteral(" AND created_ms <= ?");
        binds << filter.toMs;
    }
    sql += QStringLiteral(" ORDER BY created_ms DESC LIMIT %1").arg(qMax(1, filter.limit));
    QSqlQuery q(db());
    q.prepare(sql);
    for (const QVariant &b : std::as_const(binds))
        q.addBindValue(b);
    QList<RunRecord> out;
    if (!exec(q, readFailure()))
        return out;
    while (q.next())
        out.append(readRun(q));
    return out;
}

std::optional<RunRecord> HistoryStore::run(const QString &id) const
{
    QSqlQuery q(db());
    q.prepare(QStringLiteral("SELECT %1 FROM runs WHERE id = ?").arg(QLatin1String(kRunColumns)));
    q.addBindValue(id);
    if (exec(q, readFailure()) && q.next())
        return readRun(q);
    return std::nullopt;
}

std::optional<RunRecord> HistoryStore::findRun(const QString &prefix) const
{
    if (auto exact = run(prefix))
        return exact;
    QSqlQuery q(db());
    q.prepare(
        QStringLiteral(
            "SELECT %1 FROM runs WHERE substr(id, 1, ?) = ? OR name = ? ORDER BY created_ms DESC LIMIT 2")
            .arg(QLatin1String(kRunColumns)));
    q.addBindValue(prefix.size());
    q.addBindValue(prefix);
    q.addBindValue(prefix);
    if (!exec(q, readFailure()) || !q.next())
        return std::nullopt;
    RunRecord first = readRun(q);
    if (q.next() && readRun(q).name != prefix)
        return std::nullopt; // ambiguous id prefix
    return first;
}

QList<BusyMachine> HistoryStore::busyAtStart(const QString &runId) const
{
    QList<BusyMachine> out;
    for (const RunEvent &e : events(runId, {EventKinds::name(EventKind::Launch)})) {
        for (const QJsonValue v : e.payload.value(QStringLiteral("preflight")).toArray()) {
            const QJsonObject p = v.toObject();
            const QJsonArray busy = p.value(QStringLiteral("busy")).toArray();
            const QString node = p.value(QStringLiteral("node")).toString();
            if (busy.isEmpty() ||
                std::any_of(out.cbegin(), out.cend(), [&](const BusyMachine &m) { return m.node == node; }))
                continue;
            out.append({node, busy});
        }
    }
    return out;
}

QList<RunRecord> HistoryStore::matchRuns(const QString &text, int limit) const
{
    if (auto exact = run(text))
        return {*exact};
    QSqlQuery q(db());
    q.prepare(QStringLiteral("SELECT %1 FROM runs WHERE substr(id, 1, ?) = ? OR name = ? "
                             "ORDER BY created_ms DESC LIMIT %2")
                  .arg(QLatin1String(kRunColumns))
                  .arg(qMax(1, limit)));
    q.addBindValue(text.size());
    q.addBindValue(text);
    q.addBindValue(text);
    QList<RunRecord> out;
    if (text.isEmpty() || !exec(q, readFailure()))
        return out;
    while (q.next())
        out.append(readRun(q));
    return out;
}

QList<RunNodeRecord> HistoryStore::nodes(const QString &runId) const
{
    QSqlQuery q(db());
    q.prepare(QStringLiteral(
        "SELECT node_index, agent_id, name, address, first_rank, devices, final_plan, last_seq "
        "FROM run_nodes WHERE run_id = ? ORDER BY node_index"));
    q.addBindValue(runId);
    QList<RunNodeRecord> out;
    if (!exec(q, readFailure()))
        return out;
    while (q.next()) {
        RunNodeRecord n;
        n.nodeIndex = q.value(0).toInt();
        n.agentId = q.value(1).toString();
        n.name = q.value(2).toString();
        n.address = q.value(3).toString();
        n.firstRank = q.value(4).toInt();
        for (const QJsonValue v : parseArray(q.value(5).toString()))
            n.devices.append(v.toInt());
        n.finalPlan = parseArray(q.value(6).toString());
        n.lastSeq = q.value(7).toLongLong();
        out.append(n);
    }
    return out;
}

qint64 HistoryStore::lastSeq(const QString &runId, const QString &source) const
{
    QSqlQuery q(db());
    q.prepare(QStringLiteral("SELECT COALESCE(MAX(seq), 0) FROM events WHERE run_id = ? AND source = ?"));
    q.addBindValue(runId);
    q.addBindValue(source);
    return exec(q, readFailure()) && q.next() ? q.value(0).toLongLong() : 0;
}

QList<RunEvent> HistoryStore::events(const QString &runId, const QStringList &kinds, int limit) const
{
    QString sql = QStringLiteral(
        "SELECT source, seq, time_ms, kind, rank, device, payload FROM events WHERE run_id = ?");
    if (!kinds.isEmpty()) {
        QStringList marks;
        for (qsizetype i = 0; i < kinds.size(); ++i)
            marks << QStringLiteral("?");
        sql += QStringLiteral(" AND kind IN (%1)").arg(marks.join(QLatin1Char(',')));
    }
    sql += QStringLiteral(" ORDER BY time_ms, source, seq LIMIT %1").arg(limit);
    QSqlQuery q(db());
    q.setForwardOnly(true);
    q.prepare(sql);
    q.addBindValue(runId);
    for (const QString &k : kinds)
        q.addBindValue(k);
    QList<RunEvent> out;
    if (!exec(q, readFailure()))
        return out;
    while (q.next()) {
        RunEvent e;
        e.runId = runId;
        e.source = q.value(0).toString();
        e.seq = q.value(1).toLongLong();
        e.timeMs = q.value(2).toLongLong();
        e.kind = q.value(3).toString();
        e.rank = q.value(4).isNull() ? -1 : q.value(4).toInt();
        e.device = q.value(5).isNull() ? -1 : q.value(5).toInt();
        e.payload = parseObject(q.value(6).toString());
        out.append(e);
    }
    return out;
}

qint64 HistoryStore::stepRowCount(const QString &runId) const
{
    QSqlQuery q(db());
    q.prepare(QStringLiteral("SELECT COUNT(*) FROM steps WHERE run_id = ?"));
    q.addBindValue(runId);
    return exec(q, readFailure()) && q.next() ? q.value(0).toLongLong() : 0;
}

namespace {
struct Extent
{
    double lo = 0;
    double hi = 0;
    qint64 rowsAtMost = 0; ///< an upper bound of the rows in the source
};

// Runs "source" (a query yielding x, y, ordered by x in storage) and
// downsamples it to at most maxPoints: min and max of each x bucket, both at
// the bucket's mean x, so spikes survive and the curve looks as at full
// resolution. The extent comes from index seeks, so the rows are scanned once.
Series downsample(QSqlDatabase db, const QString &source, const QVariantList &binds, const Extent &extent,
                  int maxPoints, const ReadFailure &failed)
{
    Series out;
    out.sourceRows = extent.rowsAtMost;
    QSqlQuery q(db);
    q.setForwardOnly(true);
    if (extent.rowsAtMost <= maxPoints) {
        q.prepare(QStringLiteral("SELECT x, y FROM (%1) ORDER BY x").arg(source));
        for (const QVariant &b : binds)
            q.addBindValue(b);
        if (!exec(q, failed))
            return out;
        while (q.next()) {
            out.x.append(q.value(0).toDouble());
            out.y.append(q.value(1).toDouble());
        }
        out.sourceRows = out.x.size();
        return out;
    }
    // Scanning a million rows through QSqlQuery costs a QVariant per value, and
    // GROUP BY sorts; so the scan goes straight through SQLite's own API on the
    // same connection, and buckets are formed on the fly (rows arrive in x order).
    const int buckets = qMax(1, maxPoints / 2);
    const double width = extent.hi > extent.lo ? (extent.hi - extent.lo) / buckets : 1.0;
    const QVariant handle = db.driver()->handle();
    sqlite3 *raw = handle.isValid() && qstrcmp(handle.typeName(), "sqlite3*") == 0
                       ? *static_cast<sqlite3 *const *>(handle.data())
                       : nullptr;
    if (!raw) {
        failed(QStringLiteral("the history's database is not SQLite"));
        return out;
    }
    sqlite3_stmt *stmt = nullptr;
    const QByteArray sql = source.toUtf8();
    if (sqlite3_prepare_v2(raw, sql.constData(), int(sql.size()), &stmt, nullptr) != SQLITE_OK) {
        failed(QString::fromUtf8(sqlite3_errmsg(raw)));
        return out;
    }
    for (int i = 0; i < binds.size(); ++i) {
        const QVariant &b = binds[i];
        if (b.typeId() == QMetaType::QString) {
            const QByteArray text = b.toString().toUtf8();
            sqlite3_bind_text(stmt, i + 1, text.constData(), int(text.size()), SQLITE_TRANSIENT);
        } else {
            sqlite3_bind_int64(stmt, i + 1, b.toLongLong());
        }
    }
    out.downsampled = true;
    out.sourceRows = 0;
    out.x.reserve(2 * buckets);
    out.y.reserve(2 * buckets);
    int current = -1;
    double sumX = 0;
    double minY = 0;
    double maxY = 0;
    qint64 count = 0;
    auto emitBucket = [&] {
        if (count == 0)
            return;
        const double x = sumX / double(count);
        out.x.append(x);
        out.y.append(minY);
        out.x.append(x);
        out.y.append(maxY);
    };
    while (sqlite3_step(stmt) == SQLITE_ROW) {
        const double x = sqlite3_column_double(stmt, 0);
        const double y = sqlite3_column_double(stmt, 1);
        const int b = qBound(0, int((x - extent.lo) / width), buckets - 1);
        if (b != current) {
            emitBucket();
            current = b;
            sumX = 0;
            count = 0;
            minY = maxY = y;
        }
        sumX += x;
        ++count;
        minY = qMin(minY, y);
        maxY = qMax(maxY, y);
        ++out.sourceRows;
    }
    emitBucket();
    sqlite3_finalize(stmt);
    return out;
}

// First and last row of an index range: two seeks, no scan.
bool seekEnds(QSqlDatabase db, const QString &table, const QString &where, const QVariantList &binds,
              const QString &order, const QString &columns, QVariantList *first, QVariantList *last,
              const ReadFailure &failed)
{
    for (int end = 0; end < 2; ++end) {
        QSqlQuery q(db);
        q.prepare(QStringLiteral("SELECT %1 FROM %2 WHERE %3 ORDER BY %4 %5 LIMIT 1")
                      .arg(columns, table, where, order,
                           end == 0 ? QStringLiteral("ASC") : QStringLiteral("DESC")));
        for (const QVariant &b : binds)
            q.addBindValue(b);
        if (!exec(q, failed) || !q.next())
            return false;
        QVariantList &target = end == 0 ? *first : *last;
        for (int i = 0; i < columns.count(QLatin1Char(',')) + 1; ++i)
            target.append(q.value(i));
    }
    return true;
}
} // namespace

Series HistoryStore::series(const QString &runId, const QString &metric, int rank, XAxis x, int maxPoints,
                            Aggregate aggregate) const
{
    // The metric becomes part of the SQL: accept only known column names.
    if (!stepMetrics().contains(metric))
        return {};
    // The step range of one rank (rank 0 when combining: every rank runs the same steps).
    QVariantList first;
    QVariantList last;
    if (!seekEnds(db(), QStringLiteral("steps"), QStringLiteral("run_id = ? AND rank = ?"),
                  {runId, qMax(0, rank)}, QStringLiteral("step"), QStringLiteral("step, time_ms"), &first,
                  &last, readFailure()))
        return {};
    Extent extent;
    const int column = x == XAxis::Step ? 0 : 1;
    extent.lo = first[column].toDouble();
    extent.hi = last[column].toDouble();
    extent.rowsAtMost = last[0].toLongLong() - first[0].toLongLong() + 1;

    QString source;
    QVariantList binds{runId};
    if (rank >= 0) {
        source = QStringLiteral(
                     "SELECT %1 AS x, %2 AS y FROM steps WHERE run_id = ? AND rank = ? AND %2 IS NOT NULL")
                     .arg(x == XAxis::Step ? QStringLiteral("step") : QStringLiteral("time_ms"), metric);
        binds << rank;
    } else {
        const QString agg = aggregate == Aggregate::Sum   ? QStringLiteral("SUM")
                            : aggregate == Aggregate::Max ? QStringLiteral("MAX")
                                                          : QStringLiteral("AVG");
        source =
            QStringLiteral(
                "SELECT %1 AS x, %2(%3) AS y FROM steps WHERE run_id = ? AND %3 IS NOT NULL GROUP BY step")
                .arg(x == XAxis::Step ? QStringLiteral("step") : QStringLiteral("MAX(time_ms)"), agg, metric);
    }
    return downsample(db(), source, binds, extent, qMax(2, maxPoints), readFailure());
}

Series HistoryStore::telemetrySeries(const QString &runId, const QString &agentId, int device,
                                     const QString &metric, int maxPoints) const
{
    static const QStringList allowed = {QStringLiteral("util"), QStringLiteral("mem_used"),
                                        QStringLiteral("temperature"), QStringLiteral("power")};
    if (!allowed.contains(metric))
        return {};
    const QVariantList binds{runId, agentId, device};
    QVariantList first;
    QVariantList last;
    if (!seekEnds(db(), QStringLiteral("telemetry"),
                  QStringLiteral("run_id = ? AND agent_id = ? AND device = ?"), binds,
                  QStringLiteral("time_ms"), QStringLiteral("time_ms"), &first, &last, readFailure()))
        return {};
    QSqlQuery count(db());
    count.prepare(
        QStringLiteral("SELECT COUNT(*) FROM telemetry WHERE run_id = ? AND agent_id = ? AND device = ?"));
    for (const QVariant &b : binds)
        count.addBindValue(b);
    Extent extent{first[0].toDouble(), last[0].toDouble(),
                  exec(count, readFailure()) && count.next() ? count.value(0).toLongLong() : 0};
    const QString source =
        QStringLiteral("SELECT time_ms AS x, %1 AS y FROM telemetry WHERE run_id = ? AND agent_id = ? "
                       "AND device = ? AND %1 IS NOT NULL")
            .arg(metric);
    return downsample(db(), source, binds, extent, qMax(2, maxPoints), readFailure());
}

QJsonObject HistoryStore::computeSummary(const QString &runId) const
{
    QJsonObject s;
    QSqlQuery q(db());
    q.prepare(QStringLiteral("SELECT MAX(step), COUNT(DISTINCT rank) FROM steps WHERE run_id = ?"));
    q.addBindValue(runId);
    if (!exec(q, readFailure()) || !q.next() || q.value(0).isNull())
        return s;
    // Step numbers count completed steps, from 1.
    const qint64 lastStep = q.value(0).toLongLong();
    s[QStringLiteral("steps")] = double(lastStep);
    s[QStringLiteral("ranks")] = q.value(1).toInt();

    q.prepare(QStringLiteral("SELECT AVG(loss) FROM steps WHERE run_id = ? AND step = ?"));
    q.addBindValue(runId);
    q.addBindValue(lastStep);
    if (exec(q, readFailure()) && q.next() && !q.value(0).isNull())
        s[QStringLiteral("final_loss")] = q.value(0).toDouble();

    // Throughput over the steady part: from the end of the second step to the last.
    const qint64 from = qMin<qint64>(2, lastStep);
    q.prepare(
        QStringLiteral("SELECT SUM(local_batch), MAX(time_ms) FROM steps WHERE run_id = ? AND step > ?"));
    q.addBindValue(runId);
    q.addBindValue(from);
    qint64 samples = 0;
    qint64 endMs = 0;
    if (exec(q, readFailure()) && q.next()) {
        samples = q.value(0).toLongLong();
        endMs = q.value(1).toLongLong();
    }
    q.prepare(QStringLiteral("SELECT MAX(time_ms) FROM steps WHERE run_id = ? AND step = ?"));
    q.addBindValue(runId);
    q.addBindValue(from);
    if (exec(q, readFailure()) && q.next() && endMs > q.value(0).toLongLong() && samples > 0)
        s[QStringLiteral("samples_per_s")] =
            double(samples) * 1000.0 / double(endMs - q.value(0).toLongLong());

    q.prepare(QStringLiteral("SELECT rank, AVG(100.0 * wait_ms / NULLIF(COALESCE(data_ms,0) + "
                             "COALESCE(compute_ms,0) + COALESCE(wait_ms,0) + "
                             "COALESCE(comm_ms,0) + COALESCE(optimizer_ms,0), 0)) FROM steps WHERE run_id = "
                             "? AND step > ? GROUP BY rank"));
    q.addBindValue(runId);
    q.addBindValue(from);
    double sum = 0;
    double worst = 0;
    int n = 0;
    if (exec(q, readFailure())) {
        while (q.next()) {
            const double w = q.value(1).toDouble();
            sum += w;
            worst = qMax(worst, w);
            ++n;
        }
    }
    if (n > 0) {
        s[QStringLiteral("mean_wait_pct")] = sum / n;
        s[QStringLiteral("max_wait_pct")] = worst;
    }
    const auto evals = events(runId, {EventKinds::name(EventKind::Eval)});
    if (!evals.isEmpty()) {
        const QJsonObject last = evals.last().payload;
        for (const char *key : {"accuracy", "perplexity", "loss"}) {
            if (last.contains(QLatin1String(key)))
                s[QStringLiteral("eval_%1").arg(QLatin1String(key))] = last.value(QLatin1String(key));
        }
    }
    return s;
}

QList<QJsonObject> HistoryStore::rankBreakdown(const QString &runId) const
{
    QSqlQuery q(db());
    q.prepare(QStringLiteral(
        "SELECT rank, AVG(local_batch), AVG(data_ms), AVG(compute_ms), AVG(wait_ms), AVG(comm_ms), "
        "AVG(optimizer_ms), AVG(samples_per_s) FROM steps WHERE run_id = ? GROUP BY rank ORDER BY rank"));
    q.addBindValue(runId);
    QList<QJsonObject> out;
    if (!exec(q, readFailure()))
        return out;
    const char *keys[] = {"rank",    "local_batch", "data_ms",      "compute_ms",
                          "wait_ms", "comm_ms",     "optimizer_ms", "samples_per_s"};
    while (q.next()) {
        QJsonObject o;
        for (int i = 0; i < 8; ++i)
            o[QLatin1String(keys[i])] = q.value(i).toDouble();
        out.append(o);
    }
    return out;
}

namespace {
QString isoTime(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs);
}

/// The SQL for the name the run gave the agent in \a column of \a table (its node's name), so a CSV
/// reads "box-a" where the table holds a UUID; the id itself where no node of the run has it (the
/// controller).
QString nodeNameOf(const QString &table, const QString &column)
{
    return QStringLiteral(
               "COALESCE((SELECT NULLIF(n.name, '') FROM run_nodes n WHERE n.run_id = %1.run_id AND "
               "n.agent_id = %1.%2 ORDER BY n.node_index LIMIT 1), %1.%2)")
        .arg(table, column);
}
} // namespace

Expected<QStringList> HistoryStore::exportCsv(const QString &runId, const QString &dir,
                                              const QHash<QString, QString> &headers) const
{
    using Result = Expected<QStringList>;
    const auto record = run(runId);
    if (!record)
        return Result::failure(tr("no run %1").arg(runId));
    if (!QDir().mkpath(dir))
        return Result::failure(tr("cannot create %1").arg(Bidi::ltr(QDir::toNativeSeparators(dir))));
    auto header = [&](const QStringList &names) -> QString {
        QStringList out;
        for (const QString &n : names)
            out << headers.value(n, n);
        return Csv::row(out);
    };
    QStringList written;
    auto writeTable = [&](const QString &file, const QStringList &columns, const QString &sql,
                          int timeColumn) -> Status {
        QSqlQuery q(db());
        q.setForwardOnly(true);
        q.prepare(sql);
        q.addBindValue(runId);
        if (!q.exec())
            return Status::failure(q.lastError().text());
        QString text = header(columns);
        while (q.next()) {
            QStringList cells;
            for (int i = 0; i < columns.size(); ++i)
                cells << (i == timeColumn ? isoTime(q.value(i).toLongLong()) : Csv::field(q.value(i)));
            text += cells.join(QLatin1Char(',')) + QLatin1Char('\n'); // each cell quoted as it needs
        }
        if (auto s = AtomicFile::write(QDir(dir).filePath(file), text.toUtf8(),
                                       QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                           QFileDevice::ReadGroup | QFileDevice::ReadOther);
            !s)
            return s;
        written << file;
        return {};
    };
    QStringList stepColumns{QStringLiteral("time"), QStringLiteral("rank"), QStringLiteral("step")};
    for (const StepColumn &c : StepColumns::all())
        stepColumns << QLatin1String(c.column);
    if (auto s = writeTable(QStringLiteral("steps.csv"), stepColumns,
                            QStringLiteral("SELECT time_ms, rank, step, %1 FROM steps "
                                           "WHERE run_id = ? ORDER BY step, rank")
                                .arg(StepColumns::joined()),
                            0);
        !s)
        return Result::failure(s.error());
    if (auto s = writeTable(
            QStringLiteral("events.csv"),
            {QStringLiteral("time"), QStringLiteral("node"), QStringLiteral("source"), QStringLiteral("seq"),
             QStringLiteral("kind"), QStringLiteral("rank"), QStringLiteral("device"),
             QStringLiteral("payload")},
            QStringLiteral("SELECT time_ms, %2, source, seq, kind, rank, device, payload FROM events e "
                           "WHERE run_id = ? AND kind != '%1' ORDER BY time_ms, source, seq")
                .arg(EventKinds::name(EventKind::Step),
                     nodeNameOf(QStringLiteral("e"), QStringLiteral("source"))),
            0);
        !s)
        return Result::failure(s.error());
    if (auto s = writeTable(
            QStringLiteral("telemetry.csv"),
            {QStringLiteral("time"), QStringLiteral("node"), QStringLiteral("agent"),
             QStringLiteral("device"), QStringLiteral("util"), QStringLiteral("mem_used"),
             QStringLiteral("mem_total"), QStringLiteral("temperature"), QStringLiteral("power")},
            QStringLiteral("SELECT time_ms, %1, agent_id, device, util, mem_used, mem_total, temperature, "
                           "power FROM telemetry t WHERE run_id = ? ORDER BY time_ms, agent_id, device")
                .arg(nodeNameOf(QStringLiteral("t"), QStringLiteral("agent_id"))),
            0);
        !s)
        return Result::failure(s.error());
    QJsonArray nodeArray;
    for (const RunNodeRecord &n : nodes(runId))
        nodeArray.append(QJsonObject{{QStringLiteral("index"), n.nodeIndex},
                                     {QStringLiteral("agent"), n.agentId},
                                     {QStringLiteral("name"), n.name},
                                     {QStringLiteral("first_rank"), n.firstRank},
                                     {QStringLiteral("final_plan"), n.finalPlan}});
    const QJsonObject json{
        {QStringLiteral("id"), record->id},
        {QStringLiteral("name"), record->name},
        {QStringLiteral("strategy"), record->strategy},
        {QStringLiteral("status"), RunStatusText::key(record->status)},
        {QStringLiteral("reason"), record->reason.toString()},
        {QStringLiteral("created"), isoTime(record->createdMs)},
        {QStringLiteral("started"), record->startedMs ? isoTime(record->startedMs) : QString()},
        {QStringLiteral("ended"), record->endedMs ? isoTime(record->endedMs) : QString()},
        {QStringLiteral("summary"), record->summary},
        {QStringLiteral("config"), record->config},
        {QStringLiteral("nodes"), nodeArray}};
    if (auto s =
            AtomicFile::write(QDir(dir).filePath(QStringLiteral("run.json")), QJsonDocument(json).toJson(),
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup |
                                  QFileDevice::ReadOther);
        !s)
        return Result::failure(s.error());
    written << QStringLiteral("run.json");
    return written;
}

QList<QJsonObject> HistoryStore::deviceUtilization(const QString &runId) const
{
    QSqlQuery q(db());
    q.prepare(QStringLiteral(
        "SELECT agent_id, device, COUNT(*), AVG(util), MAX(util), AVG(mem_used), MAX(mem_total) "
        "FROM telemetry WHERE run_id = ? GROUP BY agent_id, device ORDER BY agent_id, device"));
    q.addBindValue(runId);
    QList<QJsonObject> out;
    if (!exec(q, readFailure()))
        return out;
    while (q.next()) {
        QJsonObject o{{QStringLiteral("agent"), q.value(0).toString()},
                      {QStringLiteral("device"), q.value(1).toInt()},
                      {QStringLiteral("samples"), q.value(2).toDouble()}};
        const char *keys[] = {"mean_util", "max_util", "mean_mem_used", "mem_total"};
        for (int i = 0; i < 4; ++i) {
            if (!q.value(3 + i).isNull())
                o[QLatin1String(keys[i])] = q.value(3 + i).toDouble();
        }
        out.append(o);
    }
    return out;
}
