#include "modelfetcher.h"

#include "agentclientlink.h"
#include "bidi.h"
#include "eventkind.h"
#include "historystore.h"
#include "noderegistry.h"
#include "runlauncher.h"
#include "workereventjson.h"

#include <QCborValue>
#include <QDir>
#include <QFileInfo>
#include <QTimer>

namespace {
const char *const kFiles[] = {"model.pt", "model.json"};
constexpr int kFileCount = 2;
constexpr int kMaxRestarts = 3;
} // namespace

Expected<ModelFetcher::Source> ModelFetcher::locate(const HistoryStore &history, const QString &runId)
{
    const QList<RunEvent> events = history.events(runId, {EventKinds::name(EventKind::Model)});
    if (events.isEmpty())
        return Expected<Source>::failure(
            tr("run %1 has written no trained model (a run writes one at each checkpoint and at its end)")
                .arg(runId));
    const RunEvent &last = events.last();
    // "agent" or "agent#2": the agent, and the elastic attempt whose run id there is "run-a2".
    Source s;
    s.agentId = last.source.section(QLatin1Char('#'), 0, 0);
    const int attempt =
        last.source.contains(QLatin1Char('#')) ? last.source.section(QLatin1Char('#'), 1).toInt() : 0;
    s.agentRunId = RunLauncher::agentRunId(runId, attempt);
    const auto model = WorkerEventJson::read<hamgam::contracts::ModelEvent>(last.payload);
    s.step = model.step;
    s.bytes = model.bytes;
    return s;
}

ModelFetcher::ModelFetcher(NodeRegistry &registry, QObject *parent)
    : QObject(parent)
    , m_registry(registry)
{}

ModelFetcher::~ModelFetcher() = default;

QString ModelFetcher::modelAlreadyIn(const QString &directory)
{
    for (const char *name : kFiles) {
        const QString path = QDir(directory).filePath(QString::fromLatin1(name));
        if (QFileInfo::exists(path))
            return path;
    }
    return {};
}

QString ModelFetcher::alreadyHoldsAModel(const QString &directory)
{
    return tr("%1 already holds a trained model; choose another folder, or replace it")
        .arg(Bidi::ltr(QDir::toNativeSeparators(directory)));
}

void ModelFetcher::fetch(const Source &source, const QString &directory, Existing existing)
{
    m_source = source;
    m_directory = directory;
    m_restarts = 0;
    // From the event loop: a caller that waits for finished() has connected to it.
    QTimer::singleShot(0, this, [this, existing] {
        if (existing == Existing::Refuse && !modelAlreadyIn(m_directory).isEmpty()) {
            fail(alreadyHoldsAModel(m_directory));
            return;
        }
        if (!QDir().mkpath(m_directory)) {
            fail(tr("cannot create the folder %1").arg(Bidi::ltr(QDir::toNativeSeparators(m_directory))));
            return;
        }
        startOver();
    });
}

void ModelFetcher::startOver()
{
    m_out.clear(); // uncommitted: nothing of a half model reaches the folder
    for (const char *name : kFiles) {
        auto f = std::make_unique<QSaveFile>(QDir(m_directory).filePath(QString::fromLatin1(name)));
        if (!f->open(QIODevice::WriteOnly)) {
            fail(tr("cannot write %1: %2").arg(Bidi::ltr(f->fileName()), f->errorString()));
            return;
        }
        m_out.push_back(std::move(f));
    }
    m_file = 0;
    m_offset = 0;
    m_modified = {0, 0};
    m_sizes = {0, 0};
    m_checking = -1;
    requestPiece();
}

void ModelFetcher::requestPiece()
{
    AgentLink *link = AgentClientLink::of(m_registry.client(m_source.agentId));
    if (!link) {
        fail(tr("the machine that holds the model (%1) is not connected").arg(m_source.agentId));
        return;
    }
    // The last look: each file at its end, to see that neither changed.
    const int file = m_checking >= 0 ? m_checking : m_file;
    const qint64 offset = m_checking >= 0 ? m_sizes[size_t(file)] : m_offset;
    const QCborMap body{{QStringLiteral("run_id"), m_source.agentRunId},
                        {QStringLiteral("file"), QString::fromLatin1(kFiles[file])},
                        {QStringLiteral("offset"), offset}};
    link->request(Message::Type::ModelFetch, body, this, [this](const Expected<QCborMap> &reply) {
        if (!reply) {
            fail(reply.error());
            return;
        }
        onPiece(*reply);
    });
}

void ModelFetcher::onPiece(const QCborMap &reply)
{
    const qint64 size = reply.value(QStringLiteral("size")).toInteger(-1);
    const qint64 offset = reply.value(QStringLiteral("offset")).toInteger(-1);
    const qint64 modified = reply.value(QStringLiteral("modified")).toInteger(0);
    const QByteArray data = reply.value(QStringLiteral("data")).toByteArray();
    if (m_checking >= 0) {
        const auto f = size_t(m_checking);
        if (modified != m_modified[f] || size != m_sizes[f]) {
            startOverOrFail();
            return;
        }
        if (++m_checking < kFileCount) {
            requestPiece();
            return;
        }
        // The worker writes model.json after model.pt: an older model.json
        // describes the model before, and the pair is being written now.
        if (m_modified[1] < m_modified[0]) {
            startOverOrFail();
            return;
        }
        for (auto &out : m_out) {
            if (!out->commit()) {
                fail(tr("cannot write %1: %2").arg(out->fileName(), out->errorString()));
                return;
            }
        }
        m_out.clear();
        Q_EMIT finished(true, {});
        return;
    }
    // What the agent sends is checked like anything from the network.
    if (size < 0 || offset != m_offset || data.size() > size - offset || (data.isEmpty() && offset < size)) {
        fail(tr("the agent sent a piece of %1 that does not fit").arg(QString::fromLatin1(kFiles[m_file])));
        return;
    }
    const auto f = size_t(m_file);
    if (m_offset == 0) {
        m_modified[f] = modified;
        m_sizes[f] = size;
    } else if (modified != m_modified[f] || size != m_sizes[f]) {
        startOverOrFail();
        return;
    }
    QSaveFile &out = *m_out[f];
    if (out.write(data) != data.size()) {
        fail(tr("cannot write %1: %2").arg(out.fileName(), out.errorString()));
        return;
    }
    m_offset += data.size();
    if (m_file == 0)
        Q_EMIT progress(m_offset, size);
    if (m_offset == size) {
        ++m_file;
        m_offset = 0;
        if (m_file == kFileCount)
            m_checking = 0;
    }
    requestPiece();
}

void ModelFetcher::startOverOrFail()
{
    if (++m_restarts > kMaxRestarts) {
        fail(tr("the model changed on its machine while it was fetched, %n time(s); try again when the run "
                "has ended",
                nullptr, m_restarts));
        return;
    }
    // A new model is being written (a checkpoint of a running run): a moment for it to land.
    QTimer::singleShot(200, this, &ModelFetcher::startOver);
}

void ModelFetcher::fail(const QString &error)
{
    m_out.clear();
    Q_EMIT finished(false, error);
}
