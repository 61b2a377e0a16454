#include "runsupervisor.h"

#include "eventkind.h"
#include "logging.h"
#include "nodestate.h"
#include "runfailuretext.h"
#include "workerdevice.h"
#include "workerprocess.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <pwd.h>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>
#include <sys/stat.h>
#include <unistd.h>

using Text = TranslatableText;

namespace {
Text reasonText(const char *source)
{
    return Text("RunSupervisor", source);
}

const QString kSecretField = QStringLiteral("rendezvous_secret");
constexpr EventKind kStateEvent = EventKind::State;

// The run's rendezvous secret, for its workers only: a file of the agent's user alone.
QString rendezvousKeyPath(const RunJournal &journal)
{
    return QDir(journal.dir()).filePath(QStringLiteral("rendezvous.key"));
}

// Created 0600 in one step (O_EXCL: never an existing file or a planted link),
// so it is never readable by anyone else, not even for a moment.
bool writeRendezvousKey(const QString &path, const QByteArray &hex, QString &error)
{
    const QByteArray native = QFile::encodeName(path);
    const int fd = ::open(native.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) {
        error = QString::fromLocal8Bit(std::strerror(errno));
        return false;
    }
    const QByteArray content = hex + '\n';
    bool ok = ::fchmod(fd, 0600) == 0; // whatever the umask
    qsizetype written = 0;
    while (ok && written < content.size()) {
        const ssize_t n = ::write(fd, content.constData() + written, size_t(content.size() - written));
        if (n < 0 && errno == EINTR)
            continue;
        ok = n > 0;
        written += n > 0 ? n : 0;
    }
    if (!ok)
        error = QString::fromLocal8Bit(std::strerror(errno));
    ::close(fd);
    if (!ok)
        ::unlink(native.constData());
    return ok;
}
} // namespace

RunSupervisor::RunSupervisor(QString runsDir, QString workerProgram, QString nodeId, int maxActiveRuns,
                             QObject *parent)
    : QObject(parent)
    , m_runsDir(std::move(runsDir))
    , m_workerProgram(std::move(workerProgram))
    , m_nodeId(std::move(nodeId))
    , m_maxActiveRuns(maxActiveRuns)
{
    // Journals are flushed line by line; a periodic fdatasync bounds what a power cut can take.
    connect(&m_syncTimer, &QTimer::timeout, this, [this] {
        for (Run *r : std::as_const(m_runs)) {
            if (!isFinal(r->journal->state()))
                r->journal->sync();
        }
    });
    m_syncTimer.start(1000);
}

RunSupervisor::~RunSupervisor()
{
    // The agent is going away (SIGTERM, an update): its workers go with it, and
    // the journal says so, so a controller learns why the run ended.
    for (Run *r : std::as_const(m_runs)) {
        const NodeState state = NodeStates::fromString(r->journal->state());
        const bool active =
            !NodeStates::isFinal(state) && state != NodeState::Queued; // a queued run waits on
        for (WorkerProcess *w : std::as_const(r->workers))
            w->disconnect(this);
        qDeleteAll(r->workers);
        if (active) {
            const Text reason =
                reasonText(QT_TR_NOOP("the agent on this machine was stopped while the run was active"));
            r->journal->append(kStateEvent, -1, -1,
                               statePayload(NodeStates::name(NodeState::Failed), reason));
            (void)r->journal->setState(NodeStates::name(NodeState::Failed), reason.toString());
        }
        QFile::remove(rendezvousKeyPath(*r->journal));
        delete r;
    }
}

bool RunSupervisor::isFinal(const QString &state)
{
    return NodeStates::isFinal(NodeStates::fromString(state));
}

void RunSupervisor::restore()
{
    const QDir dir(m_runsDir);
    for (const QString &name : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        auto journal = RunJournal::open(dir.filePath(name), m_nodeId);
        if (!journal)
            continue;
        auto *run = new Run;
        run->journal = std::move(*journal);
        const NodeState state = NodeStates::fromString(run->journal->state());
        if (!NodeStates::isFinal(state) && state != NodeState::Queued) {
            // Its workers died with the previous agent process; a queued run has none and waits on.
            run->failure =
                reasonText(QT_TR_NOOP("the agent on this machine stopped while the run was active"));
            run->journal->append(kStateEvent, -1, -1,
                                 statePayload(NodeStates::name(NodeState::Failed), run->failure));
            (void)run->journal->setState(NodeStates::name(NodeState::Failed), run->failure.toString());
        }
        QFile::remove(rendezvousKeyPath(*run->journal)); // no worker of it runs any more
        m_runs.insert(run->journal->runId(), run);
    }
    QSet<QString> users;
    for (const Run *r : std::as_const(m_runs))
        users.insert(r->journal->startRequest().value(QStringLiteral("user")).toString());
    for (const QString &user : std::as_const(users))
        collectEnded(user);
}

RunSupervisor::Run *RunSupervisor::find(const QString &runId) const
{
    return m_runs.value(runId);
}

int RunSupervisor::activeRuns() const
{
    int n = 0;
    for (const Run *r : std::as_const(m_runs)) {
        const NodeState state = NodeStates::fromString(r->journal->state());
        n += NodeStates::isFinal(state) || state == NodeState::Queued ? 0 : 1; // a queued run runs nothing
    }
    return n;
}

Status RunSupervisor::checkRunId(const QString &runId)
{
    static const QRegularExpression safeId(QStringLiteral("^[A-Za-z0-9._-]{1,80}$"));
    if (!safeId.match(runId).hasMatch())
        return Status::failure(tr("invalid run id"));
    return {};
}

Status RunSupervisor::checkStart(const QJsonObject &request)
{
    const QJsonObject config = request.value(QStringLiteral("config")).toObject();
    const int nodeIndex = request.value(QStringLiteral("node_index")).toInt(-1);
    const int firstRank = request.value(QStringLiteral("first_rank")).toInt(-1);
    const int worldSize = request.value(QStringLiteral("world_size")).toInt(-1);
    const QString master = request.value(QStringLiteral("master")).toString();
    const QJsonArray nodes = config.value(QStringLiteral("nodes")).toArray();
    if (nodeIndex < 0 || nodeIndex >= nodes.size() || firstRank < 0 || worldSize < 1 || master.isEmpty())
        return Status::failure(tr("the start request lacks the node index, ranks or master address"));
    const qsizetype devices = nodes[nodeIndex].toObject().value(QStringLiteral("devices")).toArray().size();
    if (devices == 0 || firstRank + devices > worldSize)
        return Status::failure(tr("the start request's ranks do not fit its world size"));
    // The run's workers prove this secret to each other's rendezvous store (docs/security.md).
    static const QRegularExpression secretFormat(QStringLiteral("^[0-9a-fA-F]{64}$"));
    if (!secretFormat.match(request.value(kSecretField).toString()).hasMatch())
        return Status::failure(tr("the start request lacks a well-formed rendezvous secret (64 hexadecimal "
                                  "digits): is the controller older than this agent?"));
    return {};
}

Expected<RunSupervisor::Run *> RunSupervisor::createRun(const QJsonObject &request)
{
    const QString runId = request.value(QStringLiteral("run_id")).toString();
    if (auto s = checkRunId(runId); !s)
        return Expected<Run *>::failure(s.error());
    if (m_runs.contains(runId))
        return Expected<Run *>::failure(tr("run %1 is already known on this agent").arg(runId));
    // The journal keeps the request without the secret: config.json is read by
    // anyone who may read the journal, and it outlives the run.
    QJsonObject stored = request;
    stored.remove(kSecretField);
    auto journal = RunJournal::create(QDir(m_runsDir).filePath(runId), runId, m_nodeId, stored);
    if (!journal)
        return Expected<Run *>::failure(journal.error());
    auto *run = new Run;
    run->journal = std::move(*journal);
    m_runs.insert(runId, run);
    return run;
}

Status RunSupervisor::start(const QJsonObject &request)
{
    if (auto s = checkRunId(request.value(QStringLiteral("run_id")).toString()); !s)
        return s;
    if (activeRuns() >= m_maxActiveRuns)
        return Status::failure(
            tr("this agent already runs %Ln training(s), its limit", nullptr, m_maxActiveRuns));
    if (auto s = checkStart(request); !s)
        return s;
    auto run = createRun(request);
    if (!run)
        return Status::failure(run.error());
    return launch(*run, request);
}

Status RunSupervisor::enqueue(const QJsonObject &request)
{
    auto run = createRun(request);
    if (!run)
        return Status::failure(run.error());
    setState(*run, NodeStates::name(NodeState::Queued), {});
    return {};
}

Status RunSupervisor::startQueued(const QString &runId, const QJsonObject &start)
{
    Run *run = find(runId);
    if (!run)
        return Status::failure(tr("no run %1 on this agent").arg(runId));
    if (NodeStates::fromString(run->journal->state()) != NodeState::Queued)
        return Status::failure(tr("run %1 is not waiting in the queue here").arg(runId));
    if (activeRuns() >= m_maxActiveRuns)
        return Status::failure(
            tr("this agent already runs %Ln training(s), its limit", nullptr, m_maxActiveRuns));
    QJsonObject request = run->journal->startRequest();
    for (auto it = start.begin(); it != start.end(); ++it)
        request[it.key()] = it.value();
    if (auto s = checkStart(request); !s)
        return s;
    QJsonObject stored = request;
    stored.remove(kSecretField);
    if (auto s = run->journal->setStartRequest(stored); !s)
        return s;
    setState(run, NodeStates::name(NodeState::Starting), {});
    return launch(run, request);
}

Status RunSupervisor::cancelQueued(const QString &runId, const TranslatableText &reason)
{
    Run *run = find(runId);
    if (!run)
        return Status::failure(tr("no run %1 on this agent").arg(runId));
    if (NodeStates::fromString(run->journal->state()) != NodeState::Queued)
        return Status::failure(tr("run %1 is not waiting in the queue here").arg(runId));
    setState(run, NodeStates::name(NodeState::Aborted), reason);
    return {};
}

Status RunSupervisor::launch(Run *run, const QJsonObject &request)
{
    // A start that fails from here on is journaled as failed, so it holds no place and leaves no key.
    auto failStart = [this, run](const TranslatableText &reason) {
        setState(run, NodeStates::name(NodeState::Failed), reason);
        return Status::failure(reason.toString());
    };
    const QJsonObject config = request.value(QStringLiteral("config")).toObject();
    const int nodeIndex = request.value(QStringLiteral("node_index")).toInt(-1);
    const int firstRank = request.value(QStringLiteral("first_rank")).toInt(-1);
    const int worldSize = request.value(QStringLiteral("world_size")).toInt(-1);
    const QString master = request.value(QStringLiteral("master")).toString();
    const QString secret = request.value(kSecretField).toString();
    QList<int> devices;
    for (const QJsonValue v : config.value(QStringLiteral("nodes"))
                                  .toArray()[nodeIndex]
                                  .toObject()
                                  .value(QStringLiteral("devices"))
                                  .toArray())
        devices.append(v.toInt());

    // The worker reads the config from a file of its own (the journal's copy holds the whole request).
    const QString configPath = QDir(run->journal->dir()).filePath(QStringLiteral("worker-config.json"));
    {
        QFile f(configPath);
        if (!f.open(QIODevice::WriteOnly) ||
            f.write(QJsonDocument(config).toJson(QJsonDocument::Compact)) < 0)
            return failStart(reasonText(QT_TR_NOOP("cannot write %1")).ltrArg(configPath));
    }
    // The secret goes to the workers in a file of the agent's user, never on
    // their command line (process lists are public) nor in their environment.
    const QString keyPath = rendezvousKeyPath(*run->journal);
    if (QString error; !writeRendezvousKey(keyPath, secret.toLatin1(), error))
        return failStart(reasonText(QT_TR_NOOP("cannot write %1: %2")).ltrArg(keyPath).arg(error));
    const bool gpu = request.value(QStringLiteral("device_kind")).toString() == QLatin1String("gpu");
    for (qsizetype j = 0; j < devices.size(); ++j) {
        WorkerProcess::Spec spec;
        spec.program = m_workerProgram;
        spec.rank = firstRank + int(j);
        spec.device = devices[j];
        spec.arguments = {QStringLiteral("--config"),
                          configPath,
                          QStringLiteral("--rank"),
                          QString::number(spec.rank),
                          QStringLiteral("--world-size"),
                          QString::number(worldSize),
                          QStringLiteral("--local-rank"),
                          QString::number(j),
                          QStringLiteral("--local-world-size"),
                          QString::number(devices.size()),
                          QStringLiteral("--master"),
                          master,
                          QStringLiteral("--node-index"),
                          QString::number(nodeIndex),
                          QStringLiteral("--rendezvous-key-file"),
                          keyPath};
        if (!m_workerInterface.isEmpty())
            spec.arguments << QStringLiteral("--gloo-interface") << m_workerInterface;
        // Rank 0 writes the trained model into the run's directory; the other ranks gather it.
        spec.arguments << QStringLiteral("--export-dir")
                       << QDir(run->journal->dir()).filePath(QStringLiteral("model"));
        // Each checkpoint says whose run wrote it; a resume loads only the user's
        // own unless the agent let a lab admin take any (AgentDaemon::onStartRun).
        if (const QString user = request.value(QStringLiteral("user")).toString(); !user.isEmpty())
            spec.arguments << QStringLiteral("--lab-user") << user;
        if (request.contains(QStringLiteral("resume")))
            spec.arguments << QStringLiteral("--resume")
                           << request.value(QStringLiteral("resume")).toString();
        if (const QString owner = request.value(QStringLiteral("resume_user")).toString(); !owner.isEmpty())
            spec.arguments << QStringLiteral("--resume-user") << owner;
        spec.arguments << WorkerDevice::arguments(gpu);
        spec.environment << WorkerDevice::environment(gpu, spec.device);
        auto *worker = new WorkerProcess(spec, this);
        run->workers.append(worker);
        connect(worker, &WorkerProcess::eventReceived, this,
                [this, run, worker](const QJsonObject &e) { onWorkerEvent(run, worker, e); });
        connect(worker, &WorkerProcess::finished, this,
                [this, run, worker](int code, bool crashed, const QString &description) {
                    onWorkerFinished(run, worker, code, crashed, description);
                });
    }
    setState(run, NodeStates::name(NodeState::Running), {});
    for (WorkerProcess *w : std::as_const(run->workers))
        w->start();
    return {};
}

Status RunSupervisor::stop(const QString &runId)
{
    Run *run = find(runId);
    if (!run)
        return Status::failure(tr("no run %1 on this agent").arg(runId));
    if (isFinal(run->journal->state()))
        return {};
    if (NodeStates::fromString(run->journal->state()) == NodeState::Queued)
        return cancelQueued(runId, reasonText(QT_TR_NOOP("taken out of the queue before it started")));
    run->stopRequested = true;
    setState(run, NodeStates::name(NodeState::Stopping), {});
    for (WorkerProcess *w : std::as_const(run->workers))
        w->requestStop();
    return {};
}

Status RunSupervisor::abort(const QString &runId)
{
    Run *run = find(runId);
    if (!run)
        return Status::failure(tr("no run %1 on this agent").arg(runId));
    if (isFinal(run->journal->state()))
        return {};
    if (NodeStates::fromString(run->journal->state()) == NodeState::Queued)
        return cancelQueued(runId, reasonText(QT_TR_NOOP("taken out of the queue before it started")));
    run->abortRequested = true;
    for (WorkerProcess *w : std::as_const(run->workers))
        w->terminate(2000);
    return {};
}

Status RunSupervisor::stopFor(const QString &runId, const TranslatableText &reason)
{
    Run *run = find(runId);
    if (!run)
        return Status::failure(tr("no run %1 on this agent").arg(runId));
    if (!isFinal(run->journal->state()))
        run->endReason = reason;
    return stop(runId);
}

Status RunSupervisor::abortFor(const QString &runId, const TranslatableText &reason)
{
    Run *run = find(runId);
    if (!run)
        return Status::failure(tr("no run %1 on this agent").arg(runId));
    if (!isFinal(run->journal->state()))
        run->endReason = reason;
    return abort(runId);
}

void RunSupervisor::annotate(TelemetrySnapshot &snapshot) const
{
    for (const Run *r : std::as_const(m_runs)) {
        if (isFinal(r->journal->state()))
            continue;
        const QString user = r->journal->startRequest().value(QStringLiteral("user")).toString();
        for (const WorkerProcess *w : std::as_const(r->workers)) {
            if (w->pid() <= 0)
                continue;
            for (DeviceSample &d : snapshot.devices) {
                if (d.index != w->device())
                    continue;
                auto it = std::find_if(d.processes.begin(), d.processes.end(),
                                       [&](const DeviceProcess &p) { return p.pid == w->pid(); });
                if (it == d.processes.end()) {
                    if (d.kind != DeviceSample::Kind::Cpu)
                        continue; // a GPU's list is NVML's: a worker not on it holds no GPU memory yet
                    DeviceProcess p;
                    p.pid = w->pid();
                    p.name = QFileInfo(m_workerProgram).fileName();
                    p.user = QString::fromLocal8Bit(qgetenv("USER"));
                    if (const passwd *pw = ::getpwuid(::geteuid()); pw && pw->pw_name)
                        p.user = QString::fromLocal8Bit(pw->pw_name);
                    d.processes.append(p);
                    it = d.processes.end() - 1;
                }
                it->labUser = user;
                it->runId = r->journal->runId();
            }
        }
    }
}

QString RunSupervisor::userOf(const QString &runId) const
{
    const Run *run = find(runId);
    return run ? run->journal->startRequest().value(QStringLiteral("user")).toString() : QString();
}

QString RunSupervisor::stateOf(const QString &runId) const
{
    const Run *run = find(runId);
    return run ? run->journal->state() : QString();
}

QJsonArray RunSupervisor::list() const
{
    QJsonArray out;
    for (const Run *r : std::as_const(m_runs)) {
        QJsonObject o = r->journal->stateObject();
        o[QStringLiteral("run_id")] = r->journal->runId();
        o[QStringLiteral("name")] = r->journal->startRequest()
                                        .value(QStringLiteral("config"))
                                        .toObject()
                                        .value(QStringLiteral("name"));
        o[QStringLiteral("last_seq")] = double(r->journal->lastSeq());
        o[QStringLiteral("node_index")] = r->journal->startRequest().value(QStringLiteral("node_index"));
        o[QStringLiteral("user")] = r->journal->startRequest().value(QStringLiteral("user"));
        out.append(o);
    }
    return out;
}

QJsonObject RunSupervisor::summary(const QString &runId) const
{
    const Run *run = find(runId);
    if (!run)
        return {};
    const QJsonObject start = run->journal->startRequest();
    const QJsonObject config = start.value(QStringLiteral("config")).toObject();
    QJsonArray nodes;
    for (const QJsonValue n : config.value(QStringLiteral("nodes")).toArray())
        nodes.append(n.toObject().value(QStringLiteral("name")));
    QJsonObject o;
    o[QStringLiteral("run_id")] = run->journal->runId();
    o[QStringLiteral("user")] = start.value(QStringLiteral("user"));
    o[QStringLiteral("name")] = config.value(QStringLiteral("name"));
    o[QStringLiteral("nodes")] = nodes;
    o[QStringLiteral("node_index")] = start.value(QStringLiteral("node_index"));
    const QJsonObject state = run->journal->stateObject();
    for (const char *key : {"state", "started", "ended"})
        if (state.contains(QLatin1String(key)))
            o[QLatin1String(key)] = state.value(QLatin1String(key));
    return o;
}

QStringList RunSupervisor::modelFiles()
{
    return {QStringLiteral("model.json"), QStringLiteral("model.pt")};
}

Expected<QString> RunSupervisor::modelFile(const QString &runId, const QString &file) const
{
    Run *run = find(runId);
    if (!run)
        return Expected<QString>::failure(tr("no run %1 on this agent").arg(runId));
    // A name from the network: only the two files the worker writes, never a path.
    if (!modelFiles().contains(file))
        return Expected<QString>::failure(tr("a trained model has no file \"%1\"").arg(file));
    const QString path = QDir(run->journal->dir()).filePath(QStringLiteral("model/") + file);
    if (!QFileInfo(path).isFile())
        return Expected<QString>::failure(
            tr("run %1 has not written its trained model on this node").arg(runId));
    return path;
}

Expected<QList<RunEvent>> RunSupervisor::journal(const QString &runId, qint64 after, int limit) const
{
    Run *run = find(runId);
    if (!run)
        return Expected<QList<RunEvent>>::failure(tr("no run %1 on this agent").arg(runId));
    return run->journal->read(after, qBound(1, limit, 5000));
}

void RunSupervisor::onWorkerEvent(Run *run, WorkerProcess *worker, const QJsonObject &e)
{
    const QString kind = e.value(QStringLiteral("event")).toString();
    Q_EMIT event(run->journal->append(kind, worker->rank(), worker->device(), e));
}

void RunSupervisor::onWorkerFinished(Run *run, WorkerProcess *worker, int exitCode, bool crashed,
                                     const QString &description)
{
    ++run->exited;
    // An exit 0 is only a success when the worker says it completed, or stopped because we asked:
    // a worker stopped by a SIGTERM from outside the agent (a user's kill, a system shutdown)
    // also exits 0 with reason "stopped", and that run did not finish.
    const QString doneReason = worker->doneEvent().value(QStringLiteral("reason")).toString();
    const bool unexplainedExit = !crashed && exitCode == 0 && !run->stopRequested && !run->abortRequested &&
                                 doneReason != QLatin1String("completed");
    const bool failed = crashed || exitCode != 0 || unexplainedExit;
    Q_EMIT event(run->journal->append(
        EventKind::WorkerExit, worker->rank(), worker->device(),
        QJsonObject{{QStringLiteral("exit_code"), exitCode},
                    {QStringLiteral("crashed"), crashed},
                    {QStringLiteral("description"), description},
                    {QStringLiteral("stderr"), worker->lastStderrLines().join(QLatin1Char('\n'))}}));
    if (failed && !run->abortRequested && run->failure.isEmpty()) {
        // The first failure is the cause; whatever follows on this node is its consequence.
        QString detail = worker->lastError().value(QStringLiteral("message")).toString();
        if (detail.isEmpty() && !worker->lastStderrLines().isEmpty())
            detail = worker->lastStderrLines().last();
        // Exit codes and signal numbers in ASCII digits, whatever the language: they are looked up.
        const QString code = QString::number(exitCode);
        Text reason;
        if (unexplainedExit)
            reason = doneReason == QLatin1String("stopped")
                         ? reasonText(QT_TR_NOOP(
                               "device %1 (rank %2) stopped although the controller did not ask it "
                               "to (a SIGTERM from outside the agent?)"))
                         : reasonText(QT_TR_NOOP("device %1 (rank %2) exited before its run completed"));
        else if (crashed && exitCode < 0) // never ran: the description says why (WorkerProcess)
            reason = reasonText(QT_TR_NOOP("device %1 (rank %2) could not be started: %3"));
        else if (crashed)
            reason = detail.isEmpty()
                         ? reasonText(QT_TR_NOOP("device %1 (rank %2) killed by signal %3 (%4)"))
                         : reasonText(QT_TR_NOOP("device %1 (rank %2) killed by signal %3 (%4): %5"));
        else
            reason = detail.isEmpty() ? reasonText(QT_TR_NOOP("device %1 (rank %2) exited with code %3"))
                                      : reasonText(QT_TR_NOOP("device %1 (rank %2) exited with code %3: %4"));
        reason.arg(worker->device()).arg(worker->rank());
        if (unexplainedExit) {
            // the reason says all
        } else if (crashed && exitCode < 0) {
            reason.arg(description);
        } else {
            reason.arg(code);
            if (crashed)
                reason.ltrArg(RunFailureText::signalName(exitCode));
            if (!detail.isEmpty())
                reason.arg(detail);
        }
        run->failure = reason;
        run->failureCause = worker->lastError().value(QStringLiteral("cause")).toString();
        for (WorkerProcess *w : std::as_const(run->workers)) {
            if (w != worker)
                w->terminate(3000);
        }
    }
    if (run->exited < run->workers.size())
        return;
    if (run->abortRequested)
        setState(run, NodeStates::name(NodeState::Aborted),
                 !run->endReason.isEmpty() ? run->endReason
                                           : reasonText(QT_TR_NOOP("aborted by the controller")));
    else if (!run->failure.isEmpty())
        setState(run, NodeStates::name(NodeState::Failed), run->failure, run->failureCause);
    else if (run->stopRequested)
        setState(run, NodeStates::name(NodeState::Stopped),
                 // Stopped for the lab's rules or by another user: its reason says which. Otherwise the
                 // workers write a checkpoint on a stop only where the run has a directory for it.
                 !run->endReason.isEmpty() ? run->endReason
                 : run->journal->startRequest()
                         .value(QStringLiteral("config"))
                         .toObject()
                         .value(QStringLiteral("checkpoint"))
                         .toObject()
                         .value(QStringLiteral("dir"))
                         .toString()
                         .trimmed()
                         .isEmpty()
                     ? reasonText(QT_TR_NOOP("stopped by the controller; no checkpoint was written (the run "
                                             "has no checkpoint directory)"))
                     : reasonText(QT_TR_NOOP("stopped by the controller after a checkpoint")));
    else
        setState(run, NodeStates::name(NodeState::Finished), {});
}

QJsonObject RunSupervisor::statePayload(const QString &state, const TranslatableText &reason,
                                        const QString &cause)
{
    QJsonObject payload{{QStringLiteral("state"), state}, {QStringLiteral("reason"), reason.toString()}};
    if (!reason.isEmpty())
        payload[QStringLiteral("reason_text")] = reason.toCbor().toJsonObject();
    if (!cause.isEmpty())
        payload[QStringLiteral("cause")] = cause;
    return payload;
}

void RunSupervisor::setState(Run *run, const QString &state, const TranslatableText &reason,
                             const QString &cause)
{
    const QString text = reason.toString();
    Q_EMIT event(run->journal->append(kStateEvent, -1, -1, statePayload(state, reason, cause)));
    (void)run->journal->setState(state, text);
    if (isFinal(state))
        QFile::remove(rendezvousKeyPath(*run->journal)); // its workers are gone: the secret has no use left
    // Read before the signal: its handlers may start (and fail) other runs, and so set states in turn.
    const QString runId = run->journal->runId();
    const bool ended = isFinal(state);
    const QString user = run->journal->startRequest().value(QStringLiteral("user")).toString();
    Q_EMIT stateChanged(runId, state, text);
    // `run` is not touched after the signal, and the collection waits for the event loop: nothing
    // further up this call's stack (a start that failed inside a handler, the worker whose exit
    // ended the run) still holds a run it removes.
    if (ended)
        QMetaObject::invokeMethod(
            this, [this, user, runId] { collectEnded(user, runId); }, Qt::QueuedConnection);
}

bool RunSupervisor::leftAModel(const Run &run) const
{
    const QDir model(QDir(run.journal->dir()).filePath(QStringLiteral("model")));
    for (const QString &file : modelFiles()) {
        if (!model.exists(file))
            return false;
    }
    return true;
}

void RunSupervisor::collectEnded(const QString &user, const QString &justEnded)
{
    QList<Run *> withModel;
    QList<Run *> withoutModel;
    for (Run *r : std::as_const(m_runs)) {
        if (!isFinal(r->journal->state()) ||
            r->journal->startRequest().value(QStringLiteral("user")).toString() != user)
            continue;
        if (std::any_of(r->workers.cbegin(), r->workers.cend(),
                        [](const WorkerProcess *w) { return w->isRunning(); }))
            continue; // ended by its state, not yet by its last process
        (leftAModel(*r) ? withModel : withoutModel).append(r);
    }
    auto collect = [&](QList<Run *> &runs, int keep) {
        if (runs.size() <= keep)
            return;
        // Newest first (by when it ended, then id), so the ones past the count are the oldest.
        auto endedMs = [](const Run *r) {
            return r->journal->stateObject().value(QStringLiteral("ended")).toDouble();
        };
        std::sort(runs.begin(), runs.end(), [&](const Run *a, const Run *b) {
            const bool aJust = a->journal->runId() == justEnded;
            const bool bJust = b->journal->runId() == justEnded;
            if (aJust != bJust)
                return aJust;
            return endedMs(a) != endedMs(b) ? endedMs(a) > endedMs(b)
                                            : a->journal->runId() > b->journal->runId();
        });
        for (qsizetype i = keep; i < runs.size(); ++i) {
            Run *old = runs[i];
            const QString runId = old->journal->runId();
            const QString dir = QDir(m_runsDir).filePath(runId);
            m_runs.remove(runId);
            for (WorkerProcess *w : std::as_const(old->workers)) {
                w->disconnect(this); // its handlers name the run removed here
                w->deleteLater();
            }
            delete old; // closes its journal before its folder goes
            if (!QDir(dir).removeRecursively())
                qCWarning(lcRuns).noquote() << "could not remove the folder of run" << runId << "at" << dir;
        }
    };
    collect(withoutModel, kKeepWithoutModelPerUser);
    collect(withModel, kKeepWithModelPerUser);
}
