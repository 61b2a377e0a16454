#include "agentdaemon.h"

#include "agentserver.h"
#include "atomicfile.h"
#include "beaconsender.h"
#include "cborvalue.h"
#include "checkpointowners.h"
#include "deviceprobe.h"
#include "labclock.h"
#include "labrequests.h"
#include "labservice.h"
#include "labtext.h"
#include "logging.h"
#include "pathpolicy.h"
#include "preflight.h"
#include "runconfig.h"
#include "runsupervisor.h"
#include "telemetrysampler.h"
#include "tlsconfiguration.h"
#include "translations.h"
#include "version.h"

#include <QCborArray>
#include <QCborValue>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QSslSocket>
#include <QSysInfo>
#include <QUuid>
#include <sys/resource.h>

AgentDaemon::AgentDaemon(AgentOptions options, std::unique_ptr<DeviceProbe> probe, QObject *parent)
    : AgentDaemon(std::move(options), std::move(probe), std::make_unique<SystemLabClock>(), parent)
{}

AgentDaemon::AgentDaemon(AgentOptions options, std::unique_ptr<DeviceProbe> probe,
                         std::unique_ptr<LabClock> labClock, QObject *parent)
    : QObject(parent)
    , m_options(std::move(options))
    , m_probeHolder(std::move(probe))
    , m_labClock(std::move(labClock))
{}

AgentDaemon::~AgentDaemon()
{
    // The lab service reads the lab clock, the access lists and the path policy, which are members:
    // it goes first, before the members and the other children.
    if (m_access)
        m_access->setCoordinatorCheck({});
    m_labRequests.reset();
    delete m_lab;
    m_lab = nullptr;
}

Expected<QString> AgentDaemon::loadOrCreateNodeId(const QString &configDir)
{
    const QString path = QDir(configDir).filePath(QStringLiteral("node-id"));
    QFile file(path);
    if (file.open(QIODevice::ReadOnly)) {
        const QString id = QString::fromLatin1(file.readAll().trimmed());
        if (!id.isEmpty())
            return id;
    }
    const QString id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    if (auto s = AtomicFile::write(path, id.toLatin1() + '\n',
                                   QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup |
                                       QFileDevice::ReadOther);
        !s)
        return Expected<QString>::failure(s.error());
    return id;
}

quint16 AgentDaemon::port() const
{
    return m_server ? m_server->serverPort() : 0;
}

namespace {
// Every run this machine knows, waiting ones included, keeps its journal open, and every
// controller holds a socket: a queue the lab's caps allow (hundreds of runs) would pass the soft
// limit of 1,024 open files systemd gives a service and leave the agent unable to accept anyone.
// The hard limit is the admin's; the agent takes what it allows.
void raiseOpenFileLimit()
{
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur >= limit.rlim_max)
        return;
    constexpr rlim_t kEnough = 65536;
    limit.rlim_cur = limit.rlim_max == RLIM_INFINITY ? kEnough : std::min(limit.rlim_max, kEnough);
    if (::setrlimit(RLIMIT_NOFILE, &limit) != 0)
        qCWarning(lcRuns) << "cannot raise the open-file limit:" << qt_error_string(errno);
}
} // namespace

Status AgentDaemon::start()
{
    raiseOpenFileLimit();
    TlsConfiguration::useDirectConnections();
    if (!QDir().mkpath(m_options.configDir))
        return Status::failure(tr("cannot create the configuration directory %1").arg(m_options.configDir));
    QFile::setPermissions(m_options.configDir,
                          QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    m_name = m_options.name.isEmpty() ? QSysInfo::machineHostName() : m_options.name;

    auto identity = Identity::loadOrCreate(m_options.configDir, QStringLiteral("agent"),
                                           QStringLiteral("hamgam-agent %1").arg(m_name));
    if (!identity)
        return Status::failure(identity.error());
    m_identity = *identity;
    auto nodeId = loadOrCreateNodeId(m_options.configDir);
    if (!nodeId)
        return Status::failure(nodeId.error());
    m_nodeId = *nodeId;
    m_access = std::make_unique<AgentAccess>(m_options.configDir);
    if (auto s = m_access->load(); !s)
        return s;

    const QString worker =
        m_options.workerPath.isEmpty()
            ? QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("hamgam-worker"))
            : m_options.workerPath;
    m_runs = new RunSupervisor(QDir(m_options.configDir).filePath(QStringLiteral("runs")), worker, m_nodeId,
                               m_options.maxActiveRuns, this);
    m_runs->setWorkerInterface(m_options.workerInterface);
    m_runs->restore();
    m_paths = std::make_unique<PathPolicy>(m_options.allowedDirs.isEmpty() ? PathPolicy::defaultDirs()
                                                                           : m_options.allowedDirs);
    connect(m_runs, &RunSupervisor::event, this, &AgentDaemon::onRunEvent);
    connect(m_runs, &RunSupervisor::stateChanged, this, &AgentDaemon::onRunState);

    m_sampler = new TelemetrySampler(std::move(m_probeHolder), m_options.telemetryHz, this);
    connect(m_sampler, &TelemetrySampler::sampled, this, &AgentDaemon::onSampled);
    const TelemetrySnapshot first = m_sampler->sampleNow();

    LabService::Context lab{QDir(m_options.configDir).filePath(QStringLiteral("lab")),
                            m_nodeId,
                            m_name,
                            *m_identity,
                            *m_runs,
                            *m_sampler,
                            *m_access,
                            *m_labClock,
                            *m_paths};
    m_lab = new LabService(lab, this);
    if (auto s = m_lab->start(); !s)
        return s;
    m_labRequests = std::make_unique<LabRequests>(*m_lab);
    m_access->setCoordinatorCheck([this](const QString &fp) { return m_lab->isCoordinator(fp); });
    connect(m_lab, &LabService::changed, this, [this](const QString &what) {
        broadcast(QStringLiteral("lab"),
                  Message(Message::Type::LabChanged, {{QStringLiteral("what"), what}}));
    });
    connect(m_lab, &LabService::notice, this, [this](const QCborMap &body) {
        broadcast(QStringLiteral("lab"), Message(Message::Type::LabNotice, body));
    });

    m_server = new AgentServer(TlsConfiguration::make(*m_identity), m_options.maxConnections, this);
    connect(m_server, &AgentServer::socketAccepted, this, &AgentDaemon::onSocket);
    if (!m_server->listen(m_options.bind, m_options.port))
        return Status::failure(tr("cannot listen on %1 port %2: %3")
                                   .arg(m_options.bind.toString())
                                   .arg(m_options.port)
                                   .arg(m_server->errorString()));

    if (m_options.discovery) {
        m_beacons = new BeaconSender(m_options.discoveryPort, m_options.discoveryTargets, this);
        Beacon beacon;
        beacon.nodeId = m_nodeId;
        beacon.hostname = QSysInfo::machineHostName();
        beacon.name = m_name;
        beacon.controlPort = m_server->serverPort();
        beacon.agentVersion = QString::fromLatin1(Hamgam::kVersion);
        beacon.fingerprint = m_identity->fingerprint();
        for (const DeviceSample &d : first.devices)
            beacon.devices.append({d.name, DeviceSample::kindName(d.kind), d.cores, d.coreQuota});
        m_beacons->setBeacon(beacon);
        if (!m_beacons->start(m_options.bind, m_options.beaconIntervalMs))
            qCWarning(lcDiscovery).noquote() << tr("discovery disabled: cannot bind UDP port %1: %2")
                                                    .arg(m_options.discoveryPort)
                                                    .arg(m_beacons->errorString());
    }

    if (m_options.idleExitSeconds > 0) {
        m_idleSinceMs = QDateTime::currentMSecsSinceEpoch();
        connect(&m_idleTimer, &QTimer::timeout, this, &AgentDaemon::checkIdle);
        m_idleTimer.start(500);
    }
    return {};
}

void AgentDaemon::onSocket(QSslSocket *socket)
{
    AgentSession::HelloInfo hello{m_nodeId, m_name, QSysInfo::machineHostName()};
    const QSslSocket *place = socket; // the server's key for this connection's place (compared, not used)
    auto *session = new AgentSession(socket, *m_access, hello, this);
    m_sessions.append(session);
    connect(session, &AgentSession::authenticated, this, [this, place] { m_server->promote(place); });
    connect(session, &AgentSession::subscriptionsChanged, this, [this, session] {
        const bool wasActive = m_sampler->isActive();
        updateSampling();
        // A new subscriber gets the current state at once, not after a whole period.
        if (!session->isSubscribed(QStringLiteral("telemetry")))
            return;
        if (wasActive) {
            TelemetrySnapshot latest = m_sampler->latest();
            m_runs->annotate(latest);
            session->send(Message(Message::Type::Telemetry, latest.toCbor()));
        } else
            m_sampler->sampleNow(); // reaches every subscriber, this one included
    });
    connect(session, &AgentSession::requestReceived, this, &AgentDaemon::onRequest);
    connect(session, &AgentSession::closed, this, [this, place](AgentSession *s, const QString &) {
        m_sessions.removeAll(s);
        m_server->release(place, s->isTrusted());
        if (s->isReady())
            m_idleSinceMs = QDateTime::currentMSecsSinceEpoch();
        s->deleteLater();
        updateSampling();
    });
}

void AgentDaemon::onRequest(AgentSession *session, const Message &request)
{
    const Translations::Scoped language(session->language());
    if (session->role() == AgentSession::Role::Coordinator) {
        // Another agent, let in only to start the queued runs it coordinates: nothing else.
        const Message::Type t = request.type();
        if (t != Message::Type::LeaseAcquire && t != Message::Type::LeaseRelease &&
            t != Message::Type::StartRun && t != Message::Type::AbortRun) {
            session->replyError(request.id(), QStringLiteral("forbidden"),
                                tr("a coordinator may not send \"%1\"").arg(request.typeName()));
            return;
        }
    }
    switch (request.type()) {
    case Message::Type::HostInfo: {
        TelemetrySnapshot snapshot = m_sampler->isActive() ? m_sampler->latest() : m_sampler->sampleNow();
        m_runs->annotate(snapshot);
        QCborMap body = snapshot.toCbor();
        body[QStringLiteral("node_id")] = m_nodeId;
        body[QStringLiteral("name")] = m_name;
        body[QStringLiteral("fingerprint")] = m_identity->fingerprint();
        body[QStringLiteral("version")] = QString::fromLatin1(Hamgam::kVersion);
        body[QStringLiteral("telemetry_hz")] = m_sampler->rateHz();
        session->reply(request.id(), body);
        return;
    }
    case Message::Type::Preflight: {
        QList<ConfigError> errors;
        Preflight::Input in;
        const QJsonObject body = QCborValue(request.body()).toJsonValue().toObject();
        in.config = RunConfig::fromJson(body.value(QStringLiteral("config")).toObject(), &errors);
        in.nodeIndex = body.value(QStringLiteral("node_index")).toInt(-1);
        in.master = body.value(QStringLiteral("master")).toBool();
        in.workerProgram = m_runs->workerProgram();
        in.agentVersion = QString::fromLatin1(Hamgam::kVersion);
        in.telemetry = m_sampler->isActive() ? m_sampler->latest() : m_sampler->sampleNow();
        in.paths = m_paths.get(); // applied before any of the config's paths is touched
        Preflight::Result result;
        if (!errors.isEmpty()) {
            for (const ConfigError &e : std::as_const(errors))
                result.errors << tr("%1: %2").arg(e.field, e.message);
        } else {
            result = Preflight::run(in);
            // The lab's side: a held or booked device, or a rule, that would refuse the start now.
            if (m_lab && in.nodeIndex >= 0 && in.nodeIndex < in.config.nodes.size())
                result.warnings << m_lab->startWarnings(session->user(),
                                                        in.config.nodes[in.nodeIndex].devices,
                                                        body.value(QStringLiteral("expected_s")).toInteger());
        }
        QJsonObject reply = result.toJson();
        reply[QStringLiteral("device_kind")] =
            in.telemetry.devices.isEmpty() ? QStringLiteral("cpu")
                                           : DeviceSample::kindName(in.telemetry.devices.first().kind);
        reply[QStringLiteral("active_runs")] = m_runs->activeRuns();
        session->reply(request.id(), QCborMap::fromJsonObject(reply));
        return;
    }
    case Message::Type::StartRun:
        onStartRun(session, request);
        return;
    case Message::Type::StopRun:
    case Message::Type::AbortRun:
        onEndRun(session, request);
        return;
    case Message::Type::ListRuns: {
        QJsonArray runs;
        for (const QJsonValue r : m_runs->list()) {
            const QString runId = r.toObject().value(QStringLiteral("run_id")).toString();
            runs.append(mayFollow(session, runId) ? r.toObject() : m_runs->summary(runId));
        }
        QCborMap body;
        body[QStringLiteral("runs")] = QCborArray::fromJsonArray(runs);
        session->reply(request.id(), body);
        return;
    }
    case Message::Type::Journal: {
        const QString runId = request.body().value(QStringLiteral("run_id")).toString();
        const qint64 after = CborValue::integer(request.body().value(QStringLiteral("from")), 0);
        if (!mayFollow(session, runId)) {
            // Another user's run: who, what and when, never its events (issue #29, item 4).
            session->reply(request.id(), QCborMap{{QStringLiteral("summary"),
                                                   QCborMap::fromJsonObject(m_runs->summary(runId))}});
            return;
        }
        auto events = m_runs->journal(runId, after, 2000);
        if (!events) {
            session->replyError(request.id(), QStringLiteral("not_found"), events.error());
            return;
        }
        QCborArray array;
        for (const RunEvent &e : *events)
            array.append(QCborMap{{QStringLiteral("seq"), e.seq},
                                  {QStringLiteral("time"), e.timeMs},
                                  {QStringLiteral("kind"), e.kind.name()},
                                  {QStringLiteral("rank"), e.rank},
                                  {QStringLiteral("device"), e.device},
                                  {QStringLiteral("event"), QCborMap::fromJsonObject(e.payload)}});
        QCborMap body;
        body[QStringLiteral("events")] = array;
        body[QStringLiteral("last_seq")] = events->isEmpty() ? after : events->last().seq;
        session->reply(request.id(), body);
        return;
    }
    case Message::Type::ModelFetch:
        onModelFetch(session, request);
        return;
    default:
        if (LabRequests::handles(request.type())) {
            m_labRequests->handle(session, request);
            return;
        }
        session->replyError(request.id(), QStringLiteral("unsupported"),
                            tr("this agent does not support \"%1\"").arg(request.typeName()));
    }
}

void AgentDaemon::onModelFetch(AgentSession *session, const Message &request)
{
    // Pieces small enough for one frame (Protocol::kMaxFrameBytes) with room for the rest.
    constexpr qint64 kChunk = 512 * 1024;
    const QString runId = request.body().value(QStringLiteral("run_id")).toString();
    const QString file = request.body().value(QStringLiteral("file")).toString();
    const qint64 offset = CborValue::integer(request.body().value(QStringLiteral("offset")), 0);
    // A trained model is its user's work: theirs to take, or an admin's. The name
    // counts once it is this controller's (UserBindings), never as claimed.
    if (const Status bound = session->actAsUser(); !bound) {
        session->replyError(request.id(), QStringLiteral("forbidden"), bound.error());
        return;
    }
    const QString owner = m_runs->userOf(runId);
    if (!owner.isEmpty() && owner != session->user() && !session->isAdmin()) {
        session->replyError(
            request.id(), QStringLiteral("forbidden"),
            TranslatableText("AgentDaemon", QT_TR_NOOP("the trained model of run %1 belongs to %2"))
                .ltrArg(runId)
                .arg(owner));
        return;
    }
    const Expected<QString> path = m_runs->modelFile(runId, file);
    if (!path) {
        session->replyError(request.id(), QStringLiteral("not_found"), path.error());
        return;
    }
    QFile f(*path);
    if (!f.open(QIODevice::ReadOnly)) {
        session->replyError(request.id(), QStringLiteral("not_found"),
                            tr("cannot read %1: %2").arg(file, f.errorString()));
        return;
    }
    const qint64 size = f.size();
    if (offset < 0 || offset > size) {
        session->replyError(request.id(), QStringLiteral("invalid"),
                            tr("offset %1 is outside %2 (%3 bytes)").arg(offset).arg(file).arg(size));
        return;
    }
    f.seek(offset);
    QCborMap body;
    body[QStringLiteral("size")] = size;
    body[QStringLiteral("offset")] = offset;
    // The worker replaces the files whole at each checkpoint: a reader that sees
    // the time change starts over rather than join two models.
    body[QStringLiteral("modified")] = QFileInfo(f).lastModified().toMSecsSinceEpoch();
    body[QStringLiteral("data")] = f.read(kChunk);
    session->reply(request.id(), body);
}

void AgentDaemon::onStartRun(AgentSession *session, const Message &request)
{
    const QJsonObject body = QCborValue(request.body()).toJsonValue().toObject();
    QList<ConfigError> errors;
    const RunConfig config = RunConfig::fromJson(body.value(QStringLiteral("config")).toObject(), &errors);
    errors += config.validate();
    if (!errors.isEmpty()) {
        session->replyError(request.id(), QStringLiteral("invalid"),
                            tr("%1: %2").arg(errors.first().field, errors.first().message));
        return;
    }
    // The checkpoint a start resumes from is confined like the config's own paths.
    if (const QList<TranslatableText> refused =
            m_paths->runErrors(config, body.value(QStringLiteral("resume")).toString());
        !refused.isEmpty()) {
        qCWarning(lcRuns).noquote() << "refused a run from" << session->peerAddress() << ":"
                                    << refused.first().toString();
        session->replyError(request.id(), QStringLiteral("refused"), refused.first());
        return;
    }
    QJsonObject startRequest = body;
    startRequest.remove(QStringLiteral("resume_user")); // the agent's to set, below
    const TelemetrySnapshot t = m_sampler->isActive() ? m_sampler->latest() : m_sampler->sampleNow();
    startRequest[QStringLiteral("device_kind")] =
        t.devices.isEmpty() ? QStringLiteral("cpu") : DeviceSample::kindName(t.devices.first().kind);
    if (session->role() == AgentSession::Role::Coordinator) {
        // A queued run journaled here, started by the agent that coordinates it (docs/lab.md).
        m_lab->startFromCoordinator(session, request.id(), startRequest);
        return;
    }
    // The run is this controller's user's, whatever the request says.
    startRequest[QStringLiteral("user")] = session->user();
    // A checkpoint is its lab user's work: resumed by them or a lab admin only, as
    // its manifests say, before any lease or worker (issue #29, item 4).
    if (const QString resume = body.value(QStringLiteral("resume")).toString(); !resume.isEmpty()) {
        if (auto bound = session->actAsUser(); !bound) {
            session->replyError(request.id(), QStringLiteral("user"), bound.error());
            return;
        }
        const CheckpointOwners::Decision owners =
            CheckpointOwners::decide(resume, session->user(), session->isAdmin());
        if (!owners.allowed()) {
            qCWarning(lcRuns).noquote() << "refused a resume for" << session->user() << "at"
                                        << session->peerAddress() << ":" << owners.refusal.toString();
            session->replyError(request.id(), QStringLiteral("forbidden"), owners.refusal);
            return;
        }
        if (!owners.resumeUser.isEmpty())
            startRequest[QStringLiteral("resume_user")] = owners.resumeUser; // the workers load only theirs
    }
    // Every device of the run is leased before a worker starts: the lease the controller
    // took for it (all nodes, all or nothing), or one taken here and now.
    const LabService::Grant grant = m_lab->leaseForStart(session, startRequest);
    if (!grant.ok()) {
        session->replyError(request.id(), grant.code, grant.message, grant.details);
        return;
    }
    if (auto s = m_lab->confirmLease(grant.leaseId); !s) {
        session->replyError(request.id(), QStringLiteral("refused"), s.error());
        return;
    }
    if (auto s = m_runs->start(startRequest); !s) {
        m_lab->releaseLease(grant.leaseId);
        session->replyError(request.id(), QStringLiteral("refused"), s.error());
        return;
    }
    qCInfo(lcRuns).noquote() << "run" << body.value(QStringLiteral("run_id")).toString() << "started for"
                             << session->user() << "at" << session->peerAddress();
    session->reply(request.id(), {});
}

void AgentDaemon::onEndRun(AgentSession *session, const Message &request)
{
    const QString runId = request.body().value(QStringLiteral("run_id")).toString();
    const bool stop = request.type() == Message::Type::StopRun;
    if (session->role() == AgentSession::Role::Coordinator) {
        if (stop || !m_lab->coordinates(session->controllerFingerprint(), runId)) {
            session->replyError(request.id(), QStringLiteral("forbidden"),
                                tr("a coordinator may only abort the queued runs it starts"));
            return;
        }
    } else if (auto s = m_lab->mayEnd(session, runId); !s) {
        session->replyError(request.id(), QStringLiteral("forbidden"), s.error());
        return;
    }
    // Ended by someone other than its owner: its state says who.
    const QString owner = m_runs->userOf(runId);
    const bool byOther =
        session->role() == AgentSession::Role::Controller && !owner.isEmpty() && owner != session->user();
    const Status s = byOther ? (stop ? m_runs->stopFor(runId, LabText::endedBy(session->user(), true))
                                     : m_runs->abortFor(runId, LabText::endedBy(session->user(), false)))
                             : (stop ? m_runs->stop(runId) : m_runs->abort(runId));
    if (!s) {
        session->replyError(request.id(), QStringLiteral("not_found"), s.error());
        return;
    }
    if (byOther)
        m_lab->noteEndedBy(runId, session->user(), stop);
    session->reply(request.id(), {});
}

bool AgentDaemon::mayFollow(const AgentSession *session, const QString &runId) const
{
    if (session->isAdmin())
        return true;
    const QString owner = m_runs->userOf(runId);
    if (owner.isEmpty()) // unknown here, or from before runs had users
        return true;
    // The name as bound (UserBindings), never as claimed: a const look, binding nothing.
    return session->role() == AgentSession::Role::Controller && session->user() == owner &&
           m_access->users().fingerprintsOf(owner).contains(session->controllerFingerprint());
}

void AgentDaemon::broadcast(const QString &topic, const Message &message)
{
    for (AgentSession *s : std::as_const(m_sessions)) {
        if (s->isReady() && s->isSubscribed(topic))
            s->send(message);
    }
}

void AgentDaemon::onRunEvent(const RunEvent &e)
{
    QCborMap body;
    body[QStringLiteral("run_id")] = e.runId;
    body[QStringLiteral("seq")] = e.seq;
    body[QStringLiteral("event")] = QCborMap{{QStringLiteral("time"), e.timeMs},
                                             {QStringLiteral("kind"), e.kind.name()},
                                             {QStringLiteral("rank"), e.rank},
                                             {QStringLiteral("device"), e.device},
                                             {QStringLiteral("event"), QCborMap::fromJsonObject(e.payload)}};
    // Only to those who may follow the run: its events name paths, the model and checkpoints.
    const Message message(Message::Type::RunEvent, body);
    for (AgentSession *s : std::as_const(m_sessions))
        if (s->isReady() && s->isSubscribed(QStringLiteral("runs")) && mayFollow(s, e.runId))
            s->send(message);
}

void AgentDaemon::onRunState(const QString &runId, const QString &state, const QString &reason)
{
    qCInfo(lcRuns).noquote() << "run" << runId << state << reason;
    QCborMap body;
    body[QStringLiteral("run_id")] = runId;
    body[QStringLiteral("state")] = state;
    const Message summary(Message::Type::RunState, body); // another user's: the state, not its reason
    body[QStringLiteral("reason")] = reason;
    const Message full(Message::Type::RunState, body);
    for (AgentSession *s : std::as_const(m_sessions))
        if (s->isReady() && s->isSubscribed(QStringLiteral("runs")))
            s->send(mayFollow(s, runId) ? full : summary);
    m_idleSinceMs = QDateTime::currentMSecsSinceEpoch();
}

void AgentDaemon::onSampled(const TelemetrySnapshot &sampled)
{
    TelemetrySnapshot snapshot = sampled;
    m_runs->annotate(snapshot); // which run and lab user each worker on a device is
    const Message message(Message::Type::Telemetry, snapshot.toCbor());
    for (AgentSession *s : std::as_const(m_sessions)) {
        if (s->isReady() && s->isSubscribed(QStringLiteral("telemetry")))
            s->send(message);
    }
}

void AgentDaemon::updateSampling()
{
    bool any = false;
    for (AgentSession *s : std::as_const(m_sessions))
        any = any || s->isSubscribed(QStringLiteral("telemetry"));
    m_sampler->setActive(any);
}

void AgentDaemon::checkIdle()
{
    // Only controllers that completed the handshake keep the agent alive, not port scans.
    const bool controllerConnected = std::any_of(m_sessions.cbegin(), m_sessions.cend(),
                                                 [](const AgentSession *s) { return s->isReady(); });
    if (controllerConnected || m_runs->activeRuns() > 0) {
        m_idleSinceMs = QDateTime::currentMSecsSinceEpoch();
        return;
    }
    if (QDateTime::currentMSecsSinceEpoch() - m_idleSinceMs >= qint64(m_options.idleExitSeconds) * 1000) {
        qCInfo(lcProtocol) << "no controller for" << m_options.idleExitSeconds << "s: exiting";
        Q_EMIT idleExit();
    }
}
