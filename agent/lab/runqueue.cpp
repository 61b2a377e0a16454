#include "runqueue.h"

#include "labclock.h"

#include <algorithm>
#include <QDir>
#include <QFile>
#include <vector>

namespace {
constexpr int kFileVersion = 1;
const QString kSuffix = QStringLiteral(".json");
} // namespace

RunQueue::RunQueue(QString dir, const LabClock &clock)
    : m_dir(std::move(dir))
    , m_clock(clock)
{}

QString RunQueue::fileOf(const QString &runId) const
{
    return QDir(m_dir).filePath(runId + kSuffix);
}

Expected<LabLoad> RunQueue::load()
{
    m_entries.clear();
    m_blocked.clear();
    LabLoad report;
    QStringList failures;
    // Hidden too: a run id may begin with a dot. Temporary files end in .tmp and stay out.
    const QStringList names =
        QDir(m_dir).entryList({QStringLiteral("*") + kSuffix}, QDir::Files | QDir::Hidden, QDir::Name);
    for (const QString &name : names) {
        const QString path = QDir(m_dir).filePath(name);
        const QString runId = name.chopped(kSuffix.size());
        const LabFile::Contents contents = LabFile::read(path, kFileVersion);
        QString problem = contents.problem;
        if (problem.isEmpty()) {
            const auto entry = QueueEntry::fromJson(contents.root.value(QStringLiteral("entry")).toObject());
            if (entry && entry->runId == runId) {
                m_entries.insert(runId, *entry);
                continue;
            }
            problem = entry ? tr("it holds run %1, not %2").arg(entry->runId, runId)
                            : tr("not a valid queue entry");
        }
        auto kept = LabFile::keepDamaged(path, m_clock.nowMs(), true);
        if (!kept) {
            m_blocked.insert(runId, kept.error());
            failures.append(LabFile::blockedMessage(path, kept.error()));
            continue;
        }
        report.problems.append(LabFile::unusableMessage(path, problem, *kept));
        report.keptAs.append(*kept);
    }
    if (!failures.isEmpty())
        return Expected<LabLoad>::failure(failures.join(QLatin1Char('\n')));
    return report;
}

Status RunQueue::add(const QueueEntry &entry)
{
    if (!QueueEntry::isValidRunId(entry.runId))
        return Status::failure(tr("\"%1\" is not a valid run id").arg(entry.runId));
    // What is kept is what a reload would read back (devices normalized).
    const auto stored = QueueEntry::fromJson(entry.toJson());
    if (!stored)
        return Status::failure(
            tr("run %1 is not a valid queue entry: it needs a user and its devices").arg(entry.runId));
    if (m_blocked.contains(entry.runId))
        return Status::failure(LabFile::blockedMessage(fileOf(entry.runId), m_blocked.value(entry.runId)));
    if (const auto it = m_entries.constFind(entry.runId); it != m_entries.cend() && it->user != entry.user)
        return Status::failure(tr("run %1 is already queued here by %2").arg(entry.runId, it->user));
    QJsonObject root;
    root.insert(QStringLiteral("entry"), entry.toJson());
    if (const Status written = LabFile::write(fileOf(entry.runId), kFileVersion, root); !written)
        return written;
    m_entries.insert(entry.runId, *stored);
    return {};
}

int RunQueue::countOf(const QString &user) const
{
    return int(std::count_if(m_entries.cbegin(), m_entries.cend(),
                             [&user](const QueueEntry &e) { return e.user == user; }));
}

Expected<QueueEntry> RunQueue::remove(const QString &runId)
{
    const auto it = m_entries.constFind(runId);
    if (it == m_entries.cend())
        return Expected<QueueEntry>::failure(tr("run %1 is not queued here").arg(runId));
    QFile file(fileOf(runId));
    if (file.exists() && !file.remove())
        return Expected<QueueEntry>::failure(
            tr("cannot remove %1: %2").arg(file.fileName(), file.errorString()));
    const QueueEntry removed = *it;
    m_entries.remove(runId);
    return removed;
}

QList<QueueEntry> RunQueue::entries() const
{
    // Sorted as pointers, copied once: this runs on every submission over the whole queue.
    std::vector<const QueueEntry *> sorted;
    sorted.reserve(size_t(m_entries.size()));
    for (const QueueEntry &e : m_entries)
        sorted.push_back(&e);
    std::stable_sort(sorted.begin(), sorted.end(), [](const QueueEntry *a, const QueueEntry *b) {
        return a->submittedMs != b->submittedMs ? a->submittedMs < b->submittedMs : a->runId < b->runId;
    });
    QList<QueueEntry> list;
    list.reserve(qsizetype(sorted.size()));
    for (const QueueEntry *e : sorted)
        list.append(*e);
    return list;
}

std::optional<QueueEntry> RunQueue::entry(const QString &runId) const
{
    const auto it = m_entries.constFind(runId);
    return it == m_entries.cend() ? std::nullopt : std::optional<QueueEntry>(*it);
}
