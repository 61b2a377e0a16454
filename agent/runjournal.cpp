#include "runjournal.h"

#include "atomicfile.h"
#include "jsonnumber.h"
#include "nodestate.h"

#include <QDateTime>
#include <QDir>
#include <QJsonDocument>
#include <unistd.h>

namespace {
QByteArray compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}
} // namespace

Expected<std::unique_ptr<RunJournal>> RunJournal::create(const QString &dir, const QString &runId,
                                                         const QString &source,
                                                         const QJsonObject &startRequest)
{
    using Result = Expected<std::unique_ptr<RunJournal>>;
    if (QDir(dir).exists(QStringLiteral("journal.jsonl")))
        return Result::failure(tr("run %1 already exists on this agent").arg(runId));
    if (!QDir().mkpath(dir))
        return Result::failure(tr("cannot create the run directory %1").arg(dir));
    if (auto s = AtomicFile::write(QDir(dir).filePath(QStringLiteral("config.json")),
                                   QJsonDocument(startRequest).toJson());
        !s)
        return Result::failure(s.error());
    std::unique_ptr<RunJournal> j(new RunJournal);
    j->m_dir = dir;
    j->m_runId = runId;
    j->m_source = source;
    j->m_startRequest = startRequest;
    j->m_file = std::make_unique<QFile>(QDir(dir).filePath(QStringLiteral("journal.jsonl")));
    if (!j->m_file->open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Unbuffered))
        return Result::failure(tr("cannot create the journal in %1: %2").arg(dir, j->m_file->errorString()));
    if (auto s = j->setState(NodeStates::name(NodeState::Starting), {}); !s)
        return Result::failure(s.error());
    return Result(std::move(j));
}

Expected<std::unique_ptr<RunJournal>> RunJournal::open(const QString &dir, const QString &source)
{
    using Result = Expected<std::unique_ptr<RunJournal>>;
    std::unique_ptr<RunJournal> j(new RunJournal);
    j->m_dir = dir;
    j->m_source = source;
    QFile config(QDir(dir).filePath(QStringLiteral("config.json")));
    if (!config.open(QIODevice::ReadOnly))
        return Result::failure(tr("%1 has no config.json").arg(dir));
    j->m_startRequest = QJsonDocument::fromJson(config.readAll()).object();
    j->m_runId = j->m_startRequest.value(QStringLiteral("run_id")).toString();
    QFile state(QDir(dir).filePath(QStringLiteral("state.json")));
    if (state.open(QIODevice::ReadOnly))
        j->m_state = QJsonDocument::fromJson(state.readAll()).object();
    j->m_file = std::make_unique<QFile>(QDir(dir).filePath(QStringLiteral("journal.jsonl")));
    if (!j->m_file->open(QIODevice::ReadWrite | QIODevice::Append | QIODevice::Unbuffered))
        return Result::failure(tr("cannot open the journal in %1: %2").arg(dir, j->m_file->errorString()));
    j->index();
    return Result(std::move(j));
}

Status RunJournal::setStartRequest(const QJsonObject &request)
{
    if (auto s = AtomicFile::write(QDir(m_dir).filePath(QStringLiteral("config.json")),
                                   QJsonDocument(request).toJson());
        !s)
        return s;
    m_startRequest = request;
    return {};
}

void RunJournal::index()
{
    // A torn last line (the agent died mid-write) is cut off, so appends stay well formed.
    QFile reader(m_file->fileName());
    if (!reader.open(QIODevice::ReadOnly))
        return;
    qint64 offset = 0;
    qint64 goodEnd = 0;
    while (!reader.atEnd()) {
        const QByteArray line = reader.readLine();
        if (!line.endsWith('\n'))
            break;
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        if (o.isEmpty())
            break;
        m_offsets.append(offset);
        offset += line.size();
        goodEnd = offset;
    }
    if (goodEnd < m_file->size()) {
        m_file->resize(goodEnd);
        m_unsynced = true;
    }
    m_lastSeq = m_offsets.size();
}

RunEvent RunJournal::append(const RunEventKind &kind, int rank, int device, const QJsonObject &payload)
{
    RunEvent e;
    e.runId = m_runId;
    e.source = m_source;
    e.seq = m_lastSeq + 1;
    e.timeMs =
        qint64(payload.value(QStringLiteral("time")).toDouble(double(QDateTime::currentMSecsSinceEpoch())));
    e.kind = kind;
    e.rank = rank;
    e.device = device;
    e.payload = payload;
    QJsonObject line{{QStringLiteral("seq"), double(e.seq)}, {QStringLiteral("time"), double(e.timeMs)},
                     {QStringLiteral("kind"), kind.name()},  {QStringLiteral("rank"), rank},
                     {QStringLiteral("device"), device},     {QStringLiteral("event"), payload}};
    const qint64 offset = m_file->size();
    const QByteArray bytes = compact(line) + '\n';
    m_unsynced = true;
    if (m_file->write(bytes) == bytes.size()) {
        m_offsets.append(offset);
        m_lastSeq = e.seq;
    } else {
        // The disk is full or gone: the event still reaches connected controllers,
        // but it gets no seq a later backfill could ask for.
        e.seq = 0;
    }
    return e;
}

QList<RunEvent> RunJournal::read(qint64 after, int limit) const
{
    QList<RunEvent> out;
    if (after >= m_lastSeq)
        return out;
    QFile reader(m_file->fileName());
    if (!reader.open(QIODevice::ReadOnly))
        return out;
    reader.seek(m_offsets.value(qMax<qint64>(0, after)));
    while (out.size() < limit && !reader.atEnd()) {
        const QByteArray line = reader.readLine();
        if (!line.endsWith('\n'))
            break;
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        RunEvent e;
        e.runId = m_runId;
        e.source = m_source;
        e.seq = jsonInt64(o.value(QStringLiteral("seq")));
        e.timeMs = jsonInt64(o.value(QStringLiteral("time")));
        e.kind = o.value(QStringLiteral("kind")).toString();
        e.rank = o.value(QStringLiteral("rank")).toInt(-1);
        e.device = o.value(QStringLiteral("device")).toInt(-1);
        e.payload = o.value(QStringLiteral("event")).toObject();
        if (e.seq > after)
            out.append(e);
    }
    return out;
}

Status RunJournal::setState(const QString &state, const QString &reason)
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    m_state[QStringLiteral("state")] = state;
    if (!reason.isEmpty())
        m_state[QStringLiteral("reason")] = reason;
    const NodeState parsed = NodeStates::fromString(state);
    if (parsed == NodeState::Running && !m_state.contains(QStringLiteral("started")))
        m_state[QStringLiteral("started")] = double(now);
    if (NodeStates::isFinal(parsed))
        m_state[QStringLiteral("ended")] = double(now);
    sync();
    return AtomicFile::write(QDir(m_dir).filePath(QStringLiteral("state.json")),
                             QJsonDocument(m_state).toJson(),
                             QFileDevice::ReadOwner | QFileDevice::WriteOwner);
}

void RunJournal::sync()
{
    // Only what changed: a machine with a long queue holds a journal per waiting run, and syncing
    // each every second cost a share of a core that grew with the queue (issue #29, item 7).
    if (m_unsynced && m_file && m_file->isOpen()) {
        ::fdatasync(m_file->handle());
        m_unsynced = false;
    }
}
