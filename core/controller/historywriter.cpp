#include "historywriter.h"

#include "eventkind.h"
#include "jsonnumber.h"
#include "logging.h"
#include "stepcolumns.h"

#include <limits>
#include <QCborValue>
#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>

namespace {
QString json(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}
QString json(const QJsonArray &a)
{
    return QString::fromUtf8(QJsonDocument(a).toJson(QJsonDocument::Compact));
}
QVariant nullable(const QJsonValue &v)
{
    return v.isDouble() ? QVariant(v.toDouble()) : QVariant();
}
QVariant nullableInt(const QJsonValue &v)
{
    // Not a number, or beyond qint64: NULL (jsonInt64 never returns the minimum itself).
    constexpr qint64 none = std::numeric_limits<qint64>::min();
    const qint64 i = jsonInt64(v, none);
    return i == none ? QVariant() : QVariant(i);
}

// A reason's untranslated form for `reason_text`; NULL for plain text (then `reason` is all there is).
QVariant reasonText(const TranslatableText &reason)
{
    if (reason.isPlain())
        return QVariant(QMetaType::fromType<QByteArray>());
    return QCborValue(reason.toCbor()).toCbor();
}
} // namespace

// Prepared once per connection: the hot path binds and executes only.
struct HistoryWriter::Statements
{
    QSqlQuery event;
    QSqlQuery step;
    QSqlQuery telemetry;
    QSqlQuery lastSeq;
};

HistoryWriter::HistoryWriter(QString path)
    : m_path(std::move(path))
    , m_connection(QStringLiteral("hamgam-history-writer-%1").arg(quintptr(this), 0, 16))
{}

HistoryWriter::~HistoryWriter()
{
    shutdown();
}

void HistoryWriter::shutdown()
{
    drain();
    m_st.reset();
    if (m_db.isValid()) {
        m_db.close();
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(m_connection);
    }
}

bool HistoryWriter::openDatabase()
{
    if (m_db.isOpen())
        return true;
    m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
    m_db.setDatabaseName(m_path);
    m_db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=10000"));
    if (!m_db.open()) {
        Q_EMIT failed(m_db.lastError().text());
        return false;
    }
    QSqlQuery q(m_db);
    q.exec(QStringLiteral("PRAGMA journal_mode=WAL"));
    // NORMAL is durable in WAL mode against application crashes (kill -9);
    // only a power loss may drop the last transactions.
    q.exec(QStringLiteral("PRAGMA synchronous=NORMAL"));
    q.exec(QStringLiteral("PRAGMA foreign_keys=ON"));
    m_st.reset(new Statements{QSqlQuery(m_db), QSqlQuery(m_db), QSqlQuery(m_db), QSqlQuery(m_db)});
    m_st->event.prepare(QStringLiteral("INSERT OR IGNORE INTO events(run_id, source, seq, time_ms, kind, "
                                       "rank, device, payload) VALUES (?,?,?,?,?,?,?,?)"));
    const QString placeholders = QStringLiteral(",?").repeated(int(StepColumns::all().size()));
    m_st->step.prepare(QStringLiteral("INSERT OR IGNORE INTO steps(run_id, rank, step, time_ms, %1) "
                                      "VALUES (?,?,?,?%2)")
                           .arg(StepColumns::joined(), placeholders));
    m_st->telemetry.prepare(QStringLiteral("INSERT OR IGNORE INTO telemetry(run_id, agent_id, device, "
                                           "time_ms, util, mem_used, mem_total, temperature, power) "
                                           "VALUES (?,?,?,?,?,?,?,?,?)"));
    m_st->lastSeq.prepare(
        QStringLiteral("UPDATE run_nodes SET last_seq = MAX(last_seq, ?) WHERE run_id = ? AND agent_id = ?"));
    return true;
}

void HistoryWriter::post(Operation op)
{
    QMutexLocker lock(&m_mutex);
    m_queue.push_back(std::move(op));
    ++m_posted;
    if (!m_scheduled) {
        m_scheduled = true;
        QMetaObject::invokeMethod(this, &HistoryWriter::drain, Qt::QueuedConnection);
    }
}

void HistoryWriter::flush()
{
    QMutexLocker lock(&m_mutex);
    const qint64 target = m_posted;
    if (QThread::currentThread() == thread()) {
        lock.unlock();
        drain();
        return;
    }
    while (m_applied < target)
        m_done.wait(&m_mutex);
}

qint64 HistoryWriter::committedRows() const
{
    QMutexLocker lock(&m_mutex);
    return m_rows;
}

void HistoryWriter::drain()
{
    std::deque<Operation> batch;
    {
        QMutexLocker lock(&m_mutex);
        batch.swap(m_queue);
        m_scheduled = false;
    }
    if (batch.empty())
        return;
    qint64 rows = 0;
    bool ok = openDatabase() && m_db.transaction();
    if (ok) {
        for (const Operation &op : batch) {
            if (!apply(op, &rows)) {
                ok = false;
                break;
            }
        }
    }
    if (ok && !m_db.commit())
        ok = false;
    QString error;
    if (!ok) {
        error = m_db.lastError().text();
        m_db.rollback();
        qCWarning(lcHistory).noquote() << "history write failed:" << error;
    }
    {
        QMutexLocker lock(&m_mutex);
        m_applied += qint64(batch.size());
        if (ok)
            m_rows += rows;
        m_done.wakeAll();
    }
    if (ok)
        Q_EMIT committed(rows);
    else
        Q_EMIT failed(error);
}

bool HistoryWriter::apply(const Operation &op, qint64 *rows)
{
    Statements *st = m_st.get();
    QSqlQuery q(m_db);
    if (const auto *c = std::get_if<CreateRun>(&op)) {
        q.prepare(QStringLiteral(
            "INSERT OR IGNORE INTO runs(id, name, strategy, config, status, reason, reason_text, created_ms, "
            "started_ms, ended_ms, summary) VALUES (?,?,?,?,?,?,?,?,?,?,?)"));
        const RunRecord &r = c->run;
        for (const QVariant &v :
             {QVariant(r.id), QVariant(r.name), QVariant(r.strategy), QVariant(json(r.config)),
              QVariant(RunStatusText::key(r.status)), QVariant(r.reason.toString()), reasonText(r.reason),
              QVariant(r.createdMs), r.startedMs ? QVariant(r.startedMs) : QVariant(),
              r.endedMs ? QVariant(r.endedMs) : QVariant(), QVariant(json(r.summary))})
            q.addBindValue(v);
        if (!q.exec())
            return false;
        QSqlQuery n(m_db);
        n.prepare(QStringLiteral(
            "INSERT OR IGNORE INTO run_nodes(run_id, node_index, agent_id, name, address, first_rank, "
            "devices, final_plan, last_seq) VALUES (?,?,?,?,?,?,?,?,?)"));
        for (const RunNodeRecord &node : c->nodes) {
            QJsonArray devices;
            for (int d : node.devices)
                devices.append(d);
            for (const QVariant &v :
                 {QVariant(r.id), QVariant(node.nodeIndex), QVariant(node.agentId), QVariant(node.name),
                  QVariant(node.address), QVariant(node.firstRank), QVariant(json(devices)),
                  QVariant(json(node.finalPlan)), QVariant(node.lastSeq)})
                n.addBindValue(v);
            if (!n.exec())
                return false;
        }
        *rows += 1 + c->nodes.size();
        return true;
    }
    if (const auto *u = std::get_if<UpdateRun>(&op)) {
        q.prepare(QStringLiteral(
            "UPDATE runs SET status = ?, reason = CASE WHEN ? THEN reason ELSE ? END, "
            "reason_text = CASE WHEN ? THEN reason_text ELSE ? END, "
            "started_ms = COALESCE(?, started_ms), ended_ms = COALESCE(?, ended_ms) WHERE id = ?"));
        // No reason keeps the one before (a resumed run says why it resumed until it ends).
        const bool keep = u->reason.isEmpty();
        q.addBindValue(RunStatusText::key(u->status));
        q.addBindValue(keep);
        q.addBindValue(u->reason.toString());
        q.addBindValue(keep);
        q.addBindValue(reasonText(u->reason));
        q.addBindValue(u->startedMs ? QVariant(u->startedMs) : QVariant());
        q.addBindValue(u->endedMs ? QVariant(u->endedMs) : QVariant());
        q.addBindValue(u->id);
        *rows += 1;
        return q.exec();
    }
    if (const auto *r = std::get_if<RemoveRun>(&op)) {
        // Children first: every table that names the run, then the run.
        for (const char *table : {"steps", "telemetry", "events", "run_nodes"}) {
            q.prepare(QStringLiteral("DELETE FROM %1 WHERE run_id = ?").arg(QLatin1String(table)));
            q.addBindValue(r->id);
            if (!q.exec())
                return false;
        }
        q.prepare(QStringLiteral("DELETE FROM runs WHERE id = ?"));
        q.addBindValue(r->id);
        *rows += 1;
        return q.exec();
    }
    if (const auto *s = std::get_if<SetSummary>(&op)) {
        q.prepare(QStringLiteral("UPDATE runs SET summary = ? WHERE id = ?"));
        q.addBindValue(json(s->summary));
        q.addBindValue(s->id);
        *rows += 1;
        return q.exec();
    }
    if (const auto *n = std::get_if<SetNotes>(&op)) {
        q.prepare(QStringLiteral("UPDATE runs SET tags = ?, note = ? WHERE id = ?"));
        q.addBindValue(QString::fromUtf8(
            QJsonDocument(QJsonArray::fromStringList(n->tags)).toJson(QJsonDocument::Compact)));
        // A null QString binds NULL, which the NOT NULL column refuses (and the batch with it).
        q.addBindValue(n->note.isNull() ? QStringLiteral("") : n->note);
        q.addBindValue(n->id);
        *rows += 1;
        return q.exec();
    }
    if (const auto *p = std::get_if<SetFinalPlan>(&op)) {
        q.prepare(QStringLiteral("UPDATE run_nodes SET final_plan = ? WHERE run_id = ? AND node_index = ?"));
        q.addBindValue(json(p->plan));
        q.addBindValue(p->runId);
        q.addBindValue(p->nodeIndex);
        *rows += 1;
        return q.exec();
    }
    if (const auto *e = std::get_if<Events>(&op)) {
        QHash<QPair<QString, QString>, qint64> maxSeq;
        for (const RunEvent &ev : e->events) {
            const bool isStep = ev.kind.value() == EventKind::Step;
            st->event.bindValue(0, ev.runId);
            st->event.bindValue(1, ev.source);
            st->event.bindValue(2, ev.seq);
            st->event.bindValue(3, ev.timeMs);
            st->event.bindValue(4, ev.kind.name());
            st->event.bindValue(5, ev.rank >= 0 ? QVariant(ev.rank) : QVariant());
            st->event.bindValue(6, ev.device >= 0 ? QVariant(ev.device) : QVariant());
            // Step metrics live in their own table; the event row keeps only what is not there.
            st->event.bindValue(7, isStep ? QStringLiteral("{}") : json(ev.payload));
            if (!st->event.exec())
                return false;
            ++*rows;
            qint64 &m = maxSeq[{ev.runId, ev.source}];
            m = qMax(m, ev.seq);
            if (!isStep)
                continue;
            const QJsonObject &p = ev.payload;
            st->step.bindValue(0, ev.runId);
            st->step.bindValue(1, ev.rank);
            st->step.bindValue(2, jsonInt64(p.value(QLatin1String("step"))));
            st->step.bindValue(3, ev.timeMs);
            // A field the line lacks is NULL, not 0: an older or hand-written worker's step.
            int column = 4;
            for (const StepColumn &c : StepColumns::all()) {
                const QJsonValue v = p.value(QLatin1String(c.eventKey));
                st->step.bindValue(column++, c.integer ? nullableInt(v) : nullable(v));
            }
            if (!st->step.exec())
                return false;
            ++*rows;
        }
        for (auto it = maxSeq.cbegin(); it != maxSeq.cend(); ++it) {
            st->lastSeq.bindValue(0, it.value());
            st->lastSeq.bindValue(1, it.key().first);
            st->lastSeq.bindValue(2, it.key().second);
            if (!st->lastSeq.exec())
                return false;
        }
        return true;
    }
    if (const auto *t = std::get_if<Telemetry>(&op)) {
        for (const DeviceSample &d : t->devices) {
            if (d.lost)
                continue; // no reading: a lost GPU's zeros are not its utilization
            st->telemetry.bindValue(0, t->runId);
            st->telemetry.bindValue(1, t->agentId);
            st->telemetry.bindValue(2, d.index);
            st->telemetry.bindValue(3, t->timeMs);
            st->telemetry.bindValue(4, d.utilization);
            st->telemetry.bindValue(5, d.memoryUsed);
            st->telemetry.bindValue(6, d.memoryTotal);
            st->telemetry.bindValue(7, d.temperature >= 0 ? QVariant(d.temperature) : QVariant());
            st->telemetry.bindValue(8, d.power >= 0 ? QVariant(d.power) : QVariant());
            if (!st->telemetry.exec())
                return false;
            ++*rows;
        }
        return true;
    }
    return true;
}
