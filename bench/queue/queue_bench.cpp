// bench/queue: the shared lab's queue under load (issue #19). 20 real agents
// with 8 emulated GPUs each, each in a process of its own (as on 20 machines),
// on loopback, and 10 users, each a controller of its own (its own
// certificate, over mutual TLS), in this process, who submit
// 200 runs of 1, 2, 4 or 8 GPUs lasting 1 to 10 hours over an
// emulated day. Time is compressed: the agents' lab clock runs `--speedup`
// times faster than the wall (900: a day in 96 s), and each run's workers
// sleep for its emulated length divided by the same factor.
//
//   queue_bench [--speedup 900] [--agents 20] [--devices 8] [--users 10] [--runs 200] [--seed 7]
//   queue_bench --idle-queue 1400 [--seconds 30]
//
// It prints:
//   * the time from a submission to the agent's decision (the queue_submit
//     reply, with the run's position and estimated start), p50 and p99, in
//     real milliseconds;
//   * device utilization over the emulated day (the runs ask for more than
//     the lab can do in it), against the best packing this program can
//     compute for the same runs with full knowledge of the future (list
//     scheduling, longest first at each moment, any devices of a machine) and
//     against the bound of the total work;
//   * each user's share of the device-hours used, against an equal share, and
//     Jain's fairness index over the users' shares.
// Each user picks the machine whose queue holds the fewest device-seconds at
// the moment, as a student looking at `hamgamctl queue` would.
//
// `--idle-queue N` measures instead what a long queue costs a machine while
// nothing changes (issue #29, item 7: the scheduler placed every entry every
// second, 67 % of a core at 1,400 entries): one agent process whose device a
// long run holds, N runs waiting for it from N/200 users (the admin raised the
// per-user cap to its highest, 200), and the agent's CPU time over `--seconds`
// of quiet, read from /proc, then the time from a submission to its decision
// with the N entries waiting.
#include "agentclient.h"
#include "agentdaemon.h"
#include "controllerprofile.h"
#include "deviceprobe.h"
#include "fingerprintstore.h"
#include "labclock.h"

#include <algorithm>
#include <cmath>
#include <csignal>
#include <memory>
#include <optional>
#include <QCborArray>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimer>
#include <sys/prctl.h>
#include <unistd.h>
#include <vector>

namespace {

class BenchProbe final : public DeviceProbe
{
public:
    explicit BenchProbe(int devices)
        : m_devices(devices)
    {}
    QList<DeviceSample> sampleDevices() override
    {
        QList<DeviceSample> list;
        for (int d = 0; d < m_devices; ++d) {
            DeviceSample s;
            s.index = d;
            s.kind = DeviceSample::Kind::Gpu;
            s.name = QStringLiteral("Emulated GPU");
            s.utilization = 90;
            s.memoryTotal = 24LL << 30;
            list.append(s);
        }
        return list;
    }
    HostInfo sampleHost() override
    {
        HostInfo h;
        h.hostname = QStringLiteral("bench");
        h.cores = 32;
        return h;
    }

private:
    int m_devices;
};

struct Job
{
    int id = 0;
    int user = 0;
    int devices = 1;
    qint64 submitS = 0; ///< emulated seconds after the day began
    qint64 lengthS = 0; ///< emulated seconds
    // What happened.
    int agent = -1;
    QString runId;
    qint64 sentRealMs = 0;
    double decisionMs = -1;
    qint64 startedS = -1;
    qint64 endedS = -1;
};

/// The lab clock of an agent process: the day began at `startMs`, and runs `speedup` times faster.
class CompressedClock final : public LabClock
{
public:
    CompressedClock(qint64 startMs, double speedup)
        : m_startMs(startMs)
        , m_speedup(speedup)
    {}
    qint64 nowMs() const override
    {
        return m_startMs + qint64(double(QDateTime::currentMSecsSinceEpoch() - m_startMs) * m_speedup);
    }

private:
    qint64 m_startMs;
    double m_speedup;
};

/// One agent process as the bench sees it.
struct Agent
{
    QProcess *process = nullptr;
    quint16 port = 0;
    QString nodeId;
    QString fingerprint;
    qint64 queuedDeviceSeconds = 0; ///< the bench's own count: submitted, not yet finished
};

/// `queue_bench --host-agent DIR ...`: one agent in this process, its lab clock compressed; it prints
/// "READY port node-id fingerprint" and runs until the bench goes.
int hostAgent(const QString &dir, qint64 startMs, double speedup, int devices, const QString &worker)
{
    ::prctl(PR_SET_PDEATHSIG, SIGTERM); // never outlive the bench
    AgentOptions o;
    o.port = 0;
    o.bind = QHostAddress::LocalHost;
    o.configDir = dir;
    o.name = QFileInfo(dir).fileName();
    o.discovery = false;
    o.workerPath = worker;
    o.maxActiveRuns = devices;
    AgentDaemon daemon(o, std::make_unique<BenchProbe>(devices),
                       std::make_unique<CompressedClock>(startMs, speedup));
    if (auto s = daemon.start(); !s)
        qFatal("%s", qPrintable(s.error()));
    QTextStream(stdout) << "READY " << daemon.port() << ' ' << daemon.nodeId() << ' '
                        << daemon.identity().fingerprint() << Qt::endl;
    return QCoreApplication::exec();
}

/// Seconds of CPU (user + system) the process has used, from /proc/PID/stat.
double cpuSeconds(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray line = stat.readAll();
    // Fields after the command's closing parenthesis: state is field 3, utime 14, stime 15.
    const QList<QByteArray> fields = line.mid(line.lastIndexOf(')') + 2).split(' ');
    if (fields.size() < 13)
        return -1;
    return double(fields[11].toLongLong() + fields[12].toLongLong()) / double(::sysconf(_SC_CLK_TCK));
}

/// A queue submission of a one-device run on `target`, `steps` emulated minutes long.
QCborMap submission(const Agent &target, const QString &runId, qint64 steps, qint64 nowMs)
{
    const QJsonObject config{
        {QStringLiteral("version"), 1},
        {QStringLiteral("name"), runId},
        {QStringLiteral("strategy"), QStringLiteral("hdp")},
        {QStringLiteral("model"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("mlp")}}},
        {QStringLiteral("dataset"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("synthetic")},
                                                {QStringLiteral("shape"), QJsonArray{1, 8, 8}}}},
        {QStringLiteral("global_batch"), 64},
        {QStringLiteral("steps"), double(steps)},
        {QStringLiteral("nodes"), QJsonArray{QJsonObject{{QStringLiteral("agent"), target.nodeId},
                                                         {QStringLiteral("devices"), QJsonArray{0}}}}}};
    const QJsonObject plan{{QStringLiteral("coordinator"), target.nodeId},
                           {QStringLiteral("world_size"), 1},
                           {QStringLiteral("nodes"),
                            QJsonArray{QJsonObject{{QStringLiteral("node_id"), target.nodeId},
                                                   {QStringLiteral("name"), QStringLiteral("m0")},
                                                   {QStringLiteral("host"), QStringLiteral("127.0.0.1")},
                                                   {QStringLiteral("port"), int(target.port)},
                                                   {QStringLiteral("fingerprint"), target.fingerprint},
                                                   {QStringLiteral("first_rank"), 0},
                                                   {QStringLiteral("devices"), QJsonArray{0}}}}}};
    return QCborMap{{QStringLiteral("run_id"), runId},
                    {QStringLiteral("config"), QCborMap::fromJsonObject(config)},
                    {QStringLiteral("node_index"), 0},
                    {QStringLiteral("plan"), QCborMap::fromJsonObject(plan)},
                    {QStringLiteral("predicted_s"), steps * 60},
                    {QStringLiteral("any_devices"), true},
                    {QStringLiteral("now"), nowMs}};
}

/// The workers' program: sleeps the run's emulated length (its `steps`, in emulated minutes) compressed.
QString writeWorker(const QTemporaryDir &dir, double speedup)
{
    const QString worker = dir.filePath(QStringLiteral("hamgam-worker"));
    QFile f(worker);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(worker));
    f.write(QStringLiteral("#!/bin/sh\n"
                           "steps=$(grep -o '\"steps\":[0-9]*' \"$2\" | cut -d: -f2)\n"
                           "echo '{\"event\":\"ready\",\"steps\":1}'\n"
                           "sleep $(awk \"BEGIN{print $steps*60/%1}\")\n"
                           "echo '{\"event\":\"done\",\"reason\":\"completed\",\"step\":1}'\n")
                .arg(speedup)
                .toUtf8());
    f.close();
    f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    return worker;
}

/// One controller profile (its own certificate) per name.
QList<ControllerProfile> makeUsers(const QTemporaryDir &dir, const QStringList &names)
{
    QList<ControllerProfile> users;
    for (const QString &name : names) {
        auto p = ControllerProfile::open(dir.filePath(name + QStringLiteral("/config")),
                                         dir.filePath(name + QStringLiteral("/data")));
        if (!p)
            qFatal("%s", qPrintable(p.error()));
        (void)p->setUserName(name);
        users.append(*p);
    }
    return users;
}

/// An agent process over `config`, trusting every user and taking `admin` (if any) as the lab's admin.
Agent launchAgent(const QString &config, const QList<ControllerProfile> &users, const QString &admin,
                  qint64 startMs, double speedup, int devices, const QString &worker)
{
    QDir().mkpath(config);
    FingerprintStore trust(AgentDaemon::trustListPath(config));
    (void)trust.load();
    for (const ControllerProfile &p : users)
        (void)trust.add(p.identity().fingerprint(), QStringLiteral("bench"));
    if (!admin.isEmpty()) {
        FingerprintStore admins(AgentDaemon::adminListPath(config));
        (void)admins.load();
        (void)admins.add(admin, QStringLiteral("bench admin"));
    }
    Agent a;
    a.process = new QProcess(QCoreApplication::instance());
    a.process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    a.process->start(QCoreApplication::applicationFilePath(),
                     {QStringLiteral("--host-agent"), config, QStringLiteral("--start-ms"),
                      QString::number(startMs), QStringLiteral("--speedup"), QString::number(speedup),
                      QStringLiteral("--devices"), QString::number(devices), QStringLiteral("--worker"),
                      worker});
    return a;
}

/// Reads an agent process's "READY port node-id fingerprint" line.
void waitReady(Agent &a)
{
    while (!a.process->canReadLine() && a.process->waitForReadyRead(30000)) {
    }
    const QStringList ready = QString::fromLatin1(a.process->readLine()).trimmed().split(QLatin1Char(' '));
    if (ready.size() != 4 || ready.first() != QLatin1String("READY"))
        qFatal("an agent did not start");
    a.port = quint16(ready[1].toUInt());
    a.nodeId = ready[2];
    a.fingerprint = ready[3];
}

/// A user's connection to a machine, made one at a time: an agent lets at most 8 unauthenticated
/// connections from one address wait at once (docs/security.md).
AgentClient *connectClient(const ControllerProfile &user, const Agent &agent)
{
    auto *c = new AgentClient(user.identity(), QStringLiteral("127.0.0.1"), agent.port,
                              QCoreApplication::instance());
    c->setUser(user.userName());
    c->connectToAgent();
    QElapsedTimer setup;
    setup.start();
    while (c->state() != AgentClient::State::Ready && setup.elapsed() < 30000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    if (c->state() != AgentClient::State::Ready)
        qFatal("%s could not connect to an agent", qPrintable(user.userName()));
    return c;
}

/// A request and its reply, waited for.
Expected<QCborMap> ask(AgentClient *client, Message::Type type, const QCborMap &body)
{
    std::optional<Expected<QCborMap>> result;
    client->request(type, body, nullptr, [&](const Expected<QCborMap> &r) { result = r; });
    QElapsedTimer waited;
    waited.start();
    while (!result && waited.elapsed() < 60000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    return result ? *result : Expected<QCborMap>::failure(QStringLiteral("no reply within 60 s"));
}

QList<Job> makeJobs(int runs, int users, qint64 daySeconds, quint32 seed)
{
    // Every user asks for the same work (the same runs, at other times), so an equal share of the
    // device-hours is what fair share should give them.
    QRandomGenerator rng(seed);
    const int perUser = std::max(1, runs / users);
    QList<Job> templates;
    for (int i = 0; i < perUser; ++i) {
        Job j;
        const double r = rng.generateDouble();
        j.devices = r < 0.2 ? 1 : r < 0.5 ? 2 : r < 0.8 ? 4 : 8;
        // Short runs (1 to 3 h) and long ones (4 to 10 h), half each: more work than the lab can do in
        // the day, so the queue has to choose.
        j.lengthS = rng.generateDouble() < 0.5 ? 3600 + qint64(rng.generateDouble() * 7200)
                                               : 14400 + qint64(rng.generateDouble() * 21600);
        templates.append(j);
    }
    QList<Job> jobs;
    for (int u = 0; u < users; ++u) {
        for (const Job &t : std::as_const(templates)) {
            Job j = t;
            j.user = u;
            // Submissions over the first 16 hours; the first user submits all of theirs in the first hour.
            j.submitS = u == 0 ? qint64(rng.generateDouble() * 3600)
                               : qint64(rng.generateDouble() * 0.67 * double(daySeconds));
            jobs.append(j);
        }
    }
    std::sort(jobs.begin(), jobs.end(), [](const Job &a, const Job &b) { return a.submitS < b.submitS; });
    for (qsizetype i = 0; i < jobs.size(); ++i)
        jobs[i].id = int(i);
    return jobs;
}

/// Busy device-seconds inside [0, horizon) of a schedule given as (start, end, devices).
double busyWithin(const QList<std::tuple<qint64, qint64, int>> &runs, qint64 horizon)
{
    double busy = 0;
    for (const auto &[start, end, devices] : runs) {
        const qint64 a = std::max<qint64>(0, start);
        const qint64 b = std::min(end, horizon);
        if (b > a)
            busy += double(b - a) * devices;
    }
    return busy;
}

/// The best packing this program computes with full knowledge: event-driven list scheduling of
/// every released run, largest device count (then longest) first, onto any free devices of any
/// machine. Not provably optimal (that is NP-hard), but a strong offline baseline the online queue
/// cannot see: it knows every length exactly and places runs on any machine.
QList<std::tuple<qint64, qint64, int>> offlinePacking(const QList<Job> &jobs, int agents, int devices)
{
    QList<int> freeDevices(agents, devices);
    QList<std::tuple<qint64, int, int>> running; // end, agent, devices
    QList<Job> pending;
    QList<std::tuple<qint64, qint64, int>> schedule;
    qsizetype next = 0;
    qint64 t = 0;
    while (next < jobs.size() || !pending.isEmpty() || !running.isEmpty()) {
        // Release what arrived and end what finished by t.
        while (next < jobs.size() && jobs[next].submitS <= t)
            pending.append(jobs[next++]);
        for (qsizetype i = running.size() - 1; i >= 0; --i) {
            if (std::get<0>(running[i]) <= t) {
                freeDevices[std::get<1>(running[i])] += std::get<2>(running[i]);
                running.removeAt(i);
            }
        }
        std::sort(pending.begin(), pending.end(), [](const Job &a, const Job &b) {
            return std::tie(b.devices, b.lengthS, a.submitS) < std::tie(a.devices, a.lengthS, b.submitS);
        });
        for (qsizetype i = 0; i < pending.size();) {
            // Best fit: the machine with the fewest free devices that still fit.
            int best = -1;
            for (int a = 0; a < agents; ++a) {
                if (freeDevices[a] >= pending[i].devices && (best < 0 || freeDevices[a] < freeDevices[best]))
                    best = a;
            }
            if (best < 0) {
                ++i;
                continue;
            }
            freeDevices[best] -= pending[i].devices;
            running.append({t + pending[i].lengthS, best, pending[i].devices});
            schedule.append({t, t + pending[i].lengthS, pending[i].devices});
            pending.removeAt(i);
        }
        qint64 nextT = std::numeric_limits<qint64>::max();
        if (next < jobs.size())
            nextT = jobs[next].submitS;
        for (const auto &r : std::as_const(running))
            nextT = std::min(nextT, std::get<0>(r));
        if (nextT == std::numeric_limits<qint64>::max())
            break;
        t = nextT;
    }
    return schedule;
}

double percentile(QList<double> values, double p)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    const double rank = p * double(values.size() - 1);
    const qsizetype lo = qsizetype(std::floor(rank));
    const qsizetype hi = qsizetype(std::ceil(rank));
    return values[lo] + (values[hi] - values[lo]) * (rank - double(lo));
}

/// `--idle-queue`: what N waiting runs cost one machine while nothing changes.
int idleQueue(int entries, int seconds)
{
    QTextStream out(stdout);
    QTemporaryDir dir;
    const QString worker = writeWorker(dir, 1);
    constexpr int kPerUser = 200; // the highest per-user cap the admin can set (LabPolicy::kMaxPerUser)
    QStringList names{QStringLiteral("admin"), QStringLiteral("holder"), QStringLiteral("late")};
    const int waitingUsers = (entries + kPerUser - 1) / kPerUser;
    for (int u = 0; u < waitingUsers; ++u)
        names << QStringLiteral("user%1").arg(u);
    const QList<ControllerProfile> users = makeUsers(dir, names);
    Agent agent = launchAgent(dir.filePath(QStringLiteral("m0")), users, users[0].identity().fingerprint(),
                              QDateTime::currentMSecsSinceEpoch(), 1, 1, worker);
    waitReady(agent);
    QList<AgentClient *> clients;
    for (const ControllerProfile &u : users)
        clients.append(connectClient(u, agent));
    auto now = [] { return QDateTime::currentMSecsSinceEpoch(); };
    auto must = [](const Expected<QCborMap> &reply, const QString &what) {
        if (!reply)
            qFatal("%s: %s", qPrintable(what), qPrintable(reply.error()));
    };
    must(ask(clients[0], Message::Type::PolicySet,
             QCborMap{
                 {QStringLiteral("policy"), QCborMap{{QStringLiteral("max_queued_per_user"), kPerUser}}}}),
         QStringLiteral("policy"));
    // The holder's run takes the one device for 10 hours; everything after it waits.
    must(ask(clients[1], Message::Type::QueueSubmit, submission(agent, QStringLiteral("holder"), 600, now())),
         QStringLiteral("holder"));
    QElapsedTimer filling;
    filling.start();
    for (int i = 0; i < entries; ++i) {
        const int u = 3 + i / kPerUser;
        must(ask(clients[u], Message::Type::QueueSubmit,
                 submission(agent, QStringLiteral("wait-%1").arg(i), 60 + i % 120, now())),
             QStringLiteral("entry %1").arg(i));
    }
    const double fillS = double(filling.elapsed()) / 1000;
    // Quiet: nothing is submitted, nothing starts or ends.
    QElapsedTimer quiet;
    quiet.start();
    while (quiet.elapsed() < 2000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    const double cpuBefore = cpuSeconds(agent.process->processId());
    quiet.restart();
    while (quiet.elapsed() < qint64(seconds) * 1000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    const double idleCpu =
        (cpuSeconds(agent.process->processId()) - cpuBefore) / (double(quiet.elapsed()) / 1000);
    // Submission to decision with the queue full: 20 more, from a user of their own, one at a time.
    QList<double> decisions;
    for (int i = 0; i < 20; ++i) {
        QElapsedTimer t;
        t.start();
        must(ask(clients[2], Message::Type::QueueSubmit,
                 submission(agent, QStringLiteral("late-%1").arg(i), 60, now())),
             QStringLiteral("late %1").arg(i));
        decisions << double(t.nsecsElapsed()) / 1e6;
    }
    out << "queue_bench --idle-queue: one agent, one device held, " << entries << " runs waiting from "
        << waitingUsers << " users (200 each)\n";
    out << QStringLiteral("  filling the queue:          %1 s (%2 ms a submission)\n")
               .arg(fillS, 0, 'f', 1)
               .arg(entries > 0 ? 1000 * fillS / entries : 0, 0, 'f', 1);
    out << QStringLiteral("  agent CPU while quiet:      %1 % of a core over %2 s\n")
               .arg(100 * idleCpu, 0, 'f', 2)
               .arg(seconds);
    out << QStringLiteral("  submission -> decision:     p50 %1 ms, max %2 ms (20 more submissions)\n")
               .arg(percentile(decisions, 0.5), 0, 'f', 1)
               .arg(*std::max_element(decisions.cbegin(), decisions.cend()), 0, 'f', 1);
    out.flush();
    agent.process->terminate();
    agent.process->waitForFinished(10000);
    return 0;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addOptions(
        {{QStringLiteral("speedup"), QStringLiteral("Emulated seconds per real second."), QStringLiteral("n"),
          QStringLiteral("900")},
         {QStringLiteral("agents"), QStringLiteral("Machines."), QStringLiteral("n"), QStringLiteral("20")},
         {QStringLiteral("devices"), QStringLiteral("GPUs per machine."), QStringLiteral("n"),
          QStringLiteral("8")},
         {QStringLiteral("users"), QStringLiteral("Users."), QStringLiteral("n"), QStringLiteral("10")},
         {QStringLiteral("runs"), QStringLiteral("Runs submitted."), QStringLiteral("n"),
          QStringLiteral("200")},
         {QStringLiteral("seed"), QStringLiteral("Seed of the runs."), QStringLiteral("n"),
          QStringLiteral("7")},
         {QStringLiteral("idle-queue"), QStringLiteral("Measure N waiting runs' cost to a quiet machine."),
          QStringLiteral("n")},
         {QStringLiteral("seconds"), QStringLiteral("With --idle-queue: seconds of quiet measured."),
          QStringLiteral("s"), QStringLiteral("30")},
         {QStringLiteral("host-agent"), QStringLiteral("Internal: be one agent's process."),
          QStringLiteral("dir")},
         {QStringLiteral("start-ms"), QStringLiteral("Internal: when the emulated day began."),
          QStringLiteral("ms")},
         {QStringLiteral("worker"), QStringLiteral("Internal: the workers' program."),
          QStringLiteral("path")}});
    parser.process(app);
    const double speedup = parser.value(QStringLiteral("speedup")).toDouble();
    const int agentCount = parser.value(QStringLiteral("agents")).toInt();
    const int deviceCount = parser.value(QStringLiteral("devices")).toInt();
    if (parser.isSet(QStringLiteral("host-agent")))
        return hostAgent(parser.value(QStringLiteral("host-agent")),
                         parser.value(QStringLiteral("start-ms")).toLongLong(), speedup, deviceCount,
                         parser.value(QStringLiteral("worker")));
    if (parser.isSet(QStringLiteral("idle-queue")))
        return idleQueue(parser.value(QStringLiteral("idle-queue")).toInt(),
                         parser.value(QStringLiteral("seconds")).toInt());
    const int userCount = parser.value(QStringLiteral("users")).toInt();
    const int runCount = parser.value(QStringLiteral("runs")).toInt();
    const qint64 daySeconds = 24 * 3600;
    QTextStream out(stdout);

    QTemporaryDir dir;
    const QString worker = writeWorker(dir, speedup);

    // The users' controllers, and one that watches the lab's notices; all trusted on every machine.
    QStringList names;
    for (int u = 0; u < userCount; ++u)
        names << QStringLiteral("user%1").arg(u);
    const QList<ControllerProfile> users = makeUsers(dir, names << QStringLiteral("monitor"));
    const qint64 dayStartMs = QDateTime::currentMSecsSinceEpoch() + 5000; // after every agent has started
    std::vector<Agent> agents(static_cast<size_t>(agentCount));
    for (int a = 0; a < agentCount; ++a)
        agents[size_t(a)] = launchAgent(dir.filePath(QStringLiteral("m%1").arg(a)), users, {}, dayStartMs,
                                        speedup, deviceCount, worker);
    for (Agent &a : agents)
        waitReady(a);
    // Every user's connection to every machine, one at a time: an agent lets at most 8
    // unauthenticated connections from one address wait at once (docs/security.md).
    QList<QList<AgentClient *>> clients(userCount + 1);
    for (int u = 0; u <= userCount; ++u) {
        for (int a = 0; a < agentCount; ++a)
            clients[u].append(connectClient(users[u], agents[size_t(a)]));
    }

    QList<Job> jobs =
        makeJobs(runCount, userCount, daySeconds, quint32(parser.value(QStringLiteral("seed")).toUInt()));
    QHash<QString, int> jobOfRun;
    // Starts and ends, as the agents tell them (lab_notice, their emulated clock).
    for (int a = 0; a < agentCount; ++a) {
        AgentClient *monitor = clients[userCount][a];
        monitor->request(Message::Type::Subscribe,
                         QCborMap{{QStringLiteral("topics"), QCborArray{QStringLiteral("lab")}}}, nullptr,
                         [](const Expected<QCborMap> &) {});
        QObject::connect(monitor, &AgentClient::pushReceived, &app, [&, a](const Message &m) {
            if (m.type() != Message::Type::LabNotice)
                return;
            const int j = jobOfRun.value(m.body().value(QStringLiteral("run_id")).toString(), -1);
            if (j < 0)
                return;
            const QString kind = m.body().value(QStringLiteral("kind")).toString();
            const qint64 nowS = (m.body().value(QStringLiteral("now")).toInteger() - dayStartMs) / 1000;
            if (kind == QLatin1String("started") && jobs[j].startedS < 0) {
                jobs[j].startedS = nowS;
            } else if ((kind == QLatin1String("finished") || kind == QLatin1String("failed") ||
                        kind == QLatin1String("stopped")) &&
                       jobs[j].endedS < 0) {
                jobs[j].endedS = nowS;
                agents[size_t(a)].queuedDeviceSeconds -= qint64(jobs[j].devices) * jobs[j].lengthS;
            }
        });
    }

    while (QDateTime::currentMSecsSinceEpoch() < dayStartMs)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    QElapsedTimer wall;
    wall.start();
    qsizetype nextJob = 0;
    int finished = 0;
    QTimer clockTimer;
    QObject::connect(&clockTimer, &QTimer::timeout, &app, [&] {
        const qint64 nowMs =
            dayStartMs + qint64(double(QDateTime::currentMSecsSinceEpoch() - dayStartMs) * speedup);
        const qint64 nowS = (nowMs - dayStartMs) / 1000;
        while (nextJob < jobs.size() && jobs[nextJob].submitS <= nowS) {
            Job &j = jobs[nextJob++];
            // The machine whose queue holds the fewest device-seconds now.
            int best = 0;
            for (int a = 1; a < agentCount; ++a)
                if (agents[size_t(a)].queuedDeviceSeconds < agents[size_t(best)].queuedDeviceSeconds)
                    best = a;
            j.agent = best;
            agents[size_t(best)].queuedDeviceSeconds += qint64(j.devices) * j.lengthS;
            j.runId = QStringLiteral("bench-%1").arg(j.id);
            const int index = int(&j - jobs.data());
            jobOfRun.insert(j.runId, index);
            QJsonArray devices;
            for (int d = 0; d < j.devices; ++d)
                devices.append(d);
            const Agent &target = agents[size_t(best)];
            const QJsonObject config{
                {QStringLiteral("version"), 1},
                {QStringLiteral("name"), j.runId},
                {QStringLiteral("strategy"), QStringLiteral("hdp")},
                {QStringLiteral("model"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("mlp")}}},
                {QStringLiteral("dataset"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("synthetic")},
                                                        {QStringLiteral("shape"), QJsonArray{1, 8, 8}}}},
                {QStringLiteral("global_batch"), 64},
                {QStringLiteral("steps"), double(std::max<qint64>(1, j.lengthS / 60))},
                {QStringLiteral("nodes"), QJsonArray{QJsonObject{{QStringLiteral("agent"), target.nodeId},
                                                                 {QStringLiteral("devices"), devices}}}}};
            const QJsonObject plan{
                {QStringLiteral("coordinator"), target.nodeId},
                {QStringLiteral("world_size"), j.devices},
                {QStringLiteral("nodes"),
                 QJsonArray{QJsonObject{{QStringLiteral("node_id"), target.nodeId},
                                        {QStringLiteral("name"), QStringLiteral("m%1").arg(best)},
                                        {QStringLiteral("host"), QStringLiteral("127.0.0.1")},
                                        {QStringLiteral("port"), int(target.port)},
                                        {QStringLiteral("fingerprint"), target.fingerprint},
                                        {QStringLiteral("first_rank"), 0},
                                        {QStringLiteral("devices"), devices}}}}};
            j.sentRealMs = wall.elapsed();
            clients[j.user][best]->request(
                Message::Type::QueueSubmit,
                QCborMap{{QStringLiteral("run_id"), j.runId},
                         {QStringLiteral("config"), QCborMap::fromJsonObject(config)},
                         {QStringLiteral("node_index"), 0},
                         {QStringLiteral("plan"), QCborMap::fromJsonObject(plan)},
                         {QStringLiteral("predicted_s"), j.lengthS},
                         {QStringLiteral("any_devices"), true},
                         {QStringLiteral("now"), nowMs}},
                nullptr, [&, index](const Expected<QCborMap> &reply) {
                    jobs[index].decisionMs = double(wall.elapsed() - jobs[index].sentRealMs);
                    if (!reply)
                        QTextStream(stderr)
                            << "refused " << jobs[index].runId << ": " << reply.error() << Qt::endl;
                });
        }
        finished = int(std::count_if(jobs.cbegin(), jobs.cend(), [](const Job &j) { return j.endedS >= 0; }));
        if (finished == jobs.size() || nowS > 3 * daySeconds)
            app.quit();
    });
    clockTimer.start(5);
    app.exec();

    // --- figures ---
    QList<double> decisions;
    QList<std::tuple<qint64, qint64, int>> ours;
    QMap<int, double> perUser;
    for (const Job &j : std::as_const(jobs)) {
        if (j.decisionMs >= 0)
            decisions << j.decisionMs;
        if (j.startedS >= 0 && j.endedS >= 0) {
            ours.append({j.startedS, j.endedS, j.devices});
            const qint64 a = std::max<qint64>(0, j.startedS);
            const qint64 b = std::min(j.endedS, daySeconds);
            if (b > a)
                perUser[j.user] += double(b - a) * j.devices / 3600.0;
        }
    }
    const double capacity = double(agentCount) * deviceCount * double(daySeconds);
    const double ourBusy = busyWithin(ours, daySeconds);
    const double bestBusy = busyWithin(offlinePacking(jobs, agentCount, deviceCount), daySeconds);
    double work = 0;
    for (const Job &j : std::as_const(jobs))
        work += double(j.devices) * j.lengthS;
    const double bound = std::min(1.0, work / capacity);

    out << "queue_bench: " << agentCount << " agents x " << deviceCount << " GPUs, " << userCount
        << " users, " << jobs.size() << " runs, day compressed " << speedup << "x (" << daySeconds / speedup
        << " s)\n";
    out << QStringLiteral("  runs finished:              %1 of %2\n").arg(finished).arg(jobs.size());
    out << QStringLiteral("  submission -> decision:     p50 %1 ms, p99 %2 ms (%3 decisions)\n")
               .arg(percentile(decisions, 0.5), 0, 'f', 1)
               .arg(percentile(decisions, 0.99), 0, 'f', 1)
               .arg(decisions.size());
    out << QStringLiteral(
               "  utilization over the day:   %1 %  (best offline packing %2 %, work bound %3 %)\n")
               .arg(100 * ourBusy / capacity, 0, 'f', 1)
               .arg(100 * bestBusy / capacity, 0, 'f', 1)
               .arg(100 * bound, 0, 'f', 1);
    out << QStringLiteral("  against the best packing:   %1\n")
               .arg(bestBusy > 0 ? ourBusy / bestBusy : 0, 0, 'f', 3);
    double total = 0, sumShares = 0, sumSquares = 0;
    for (double h : std::as_const(perUser))
        total += h;
    out << "  device-hours per user in the day (equal share " << QString::number(100.0 / userCount, 'f', 1)
        << " %):\n";
    for (int u = 0; u < userCount; ++u) {
        const double share = total > 0 ? perUser.value(u) / total : 0;
        sumShares += share;
        sumSquares += share * share;
        out << QStringLiteral("    user%1: %2 h, %3 %  (%4x equal)%5\n")
                   .arg(u)
                   .arg(perUser.value(u), 0, 'f', 1)
                   .arg(100 * share, 0, 'f', 1)
                   .arg(share * userCount, 0, 'f', 2)
                   .arg(u == 0 ? QStringLiteral("  <- submitted everything in the first hour") : QString());
    }
    out << QStringLiteral("  Jain's fairness index:      %1 (1 = equal)\n")
               .arg(sumSquares > 0 ? sumShares * sumShares / (userCount * sumSquares) : 0, 0, 'f', 3);
    out.flush();
    for (Agent &a : agents) {
        a.process->terminate();
        a.process->waitForFinished(5000);
    }
    return finished == jobs.size() ? 0 : 1;
}
