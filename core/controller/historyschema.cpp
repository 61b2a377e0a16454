#include "historyschema.h"

#include "logging.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>

namespace {

// Version 1: runs, their nodes, per-rank step metrics, device telemetry, events.
const char *const kVersion1[] = {
    R"(CREATE TABLE runs (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        strategy TEXT NOT NULL,
        config TEXT NOT NULL,
        status TEXT NOT NULL,
        reason TEXT,
        created_ms INTEGER NOT NULL,
        started_ms INTEGER,
        ended_ms INTEGER,
        summary TEXT))",      R"(CREATE INDEX runs_created ON runs(created_ms))",
    R"(CREATE TABLE run_nodes (
        run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        node_index INTEGER NOT NULL,
        agent_id TEXT NOT NULL,
        name TEXT,
        address TEXT,
        first_rank INTEGER NOT NULL,
        devices TEXT NOT NULL,
        final_plan TEXT,
        PRIMARY KEY (run_id, node_index)))",
    R"(CREATE TABLE steps (
        run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        rank INTEGER NOT NULL,
        step INTEGER NOT NULL,
        time_ms INTEGER NOT NULL,
        epoch INTEGER,
        loss REAL,
        local_batch INTEGER,
        data_ms REAL,
        compute_ms REAL,
        wait_ms REAL,
        comm_ms REAL,
        optimizer_ms REAL,
        samples_per_s REAL,
        device_bytes INTEGER,
        bytes_intra INTEGER,
        bytes_inter INTEGER,
        PRIMARY KEY (run_id, rank, step)) WITHOUT ROWID)",
    R"(CREATE TABLE telemetry (
        run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        agent_id TEXT NOT NULL,
        device INTEGER NOT NULL,
        time_ms INTEGER NOT NULL,
        util REAL,
        mem_used INTEGER,
        mem_total INTEGER,
        PRIMARY KEY (run_id, agent_id, device, time_ms)) WITHOUT ROWID)",
    R"(CREATE TABLE events (
        run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        source TEXT NOT NULL,
        seq INTEGER NOT NULL,
        time_ms INTEGER NOT NULL,
        kind TEXT NOT NULL,
        rank INTEGER,
        device INTEGER,
        payload TEXT NOT NULL,
        PRIMARY KEY (run_id, source, seq)) WITHOUT ROWID)",    R"(CREATE INDEX events_kind ON events(run_id, kind))",
};

// Version 2: reattach needs to know, per node, the last journal entry stored;
// telemetry keeps temperature and power (a throttling GPU explains a slow node).
const char *const kVersion2[] = {
    R"(ALTER TABLE run_nodes ADD COLUMN last_seq INTEGER NOT NULL DEFAULT 0)",
    R"(ALTER TABLE telemetry ADD COLUMN temperature REAL)",
    R"(ALTER TABLE telemetry ADD COLUMN power REAL)",
    R"(UPDATE run_nodes SET last_seq = COALESCE((SELECT MAX(seq) FROM events
           WHERE events.run_id = run_nodes.run_id AND events.source = run_nodes.agent_id), 0))",
};

// Version 3: a supervisor's tags (a JSON array) and note on a run, searched with its name.
const char *const kVersion3[] = {
    R"(ALTER TABLE runs ADD COLUMN tags TEXT NOT NULL DEFAULT '[]')",
    R"(ALTER TABLE runs ADD COLUMN note TEXT NOT NULL DEFAULT '')",
};

// Version 4: a run's reason untranslated (TranslatableText as CBOR), read in whatever language its
// reader has; `reason` keeps the text as worded then, for rows written before.
const char *const kVersion4[] = {
    R"(ALTER TABLE runs ADD COLUMN reason_text BLOB)",
};

struct Step
{
    const char *const *statements;
    size_t count;
};

template<size_t N> constexpr Step step(const char *const (&statements)[N])
{
    return {statements, N};
}

const Step kSteps[] = {step(kVersion1), step(kVersion2), step(kVersion3), step(kVersion4)};
static_assert(std::size(kSteps) == HistorySchema::kVersion);

} // namespace

int HistorySchema::version(QSqlDatabase &db)
{
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("PRAGMA user_version")) || !q.next())
        return -1;
    return q.value(0).toInt();
}

Status HistorySchema::migrate(QSqlDatabase &db)
{
    int current = version(db);
    if (current < 0)
        return Status::failure(
            tr("cannot read the history database's version: %1").arg(db.lastError().text()));
    if (current > kVersion)
        return Status::failure(
            tr("the history database has version %1, newer than this Hamgam (%2); use a newer Hamgam "
               "or another --history file")
                .arg(current)
                .arg(kVersion));
    while (current < kVersion) {
        const Step &s = kSteps[current];
        if (!db.transaction())
            return Status::failure(tr("cannot start a transaction: %1").arg(db.lastError().text()));
        QSqlQuery q(db);
        for (size_t i = 0; i < s.count; ++i) {
            if (!q.exec(QString::fromLatin1(s.statements[i]))) {
                const QString error = q.lastError().text();
                db.rollback();
                return Status::failure(
                    tr("migrating the history to version %1 failed: %2").arg(current + 1).arg(error));
            }
        }
        if (!q.exec(QStringLiteral("PRAGMA user_version = %1").arg(current + 1)) || !db.commit()) {
            const QString error = db.lastError().text();
            db.rollback();
            return Status::failure(
                tr("migrating the history to version %1 failed: %2").arg(current + 1).arg(error));
        }
        qCInfo(lcHistory) << "history migrated to version" << current + 1;
        ++current;
    }
    return {};
}
