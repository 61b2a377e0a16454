// bench/load: 64 emulated agents stream 8 devices each at 10 Hz to one app for
// 10 minutes over the real protocol (TLS 1.3, CBOR frames, pinned
// certificates). It prints whether the app's memory stays bounded, whether any
// telemetry message was lost, and how responsive the UI thread stayed.
//
//   load_bench [--seconds 600] [--agents 64] [--devices 8] [--hz 10]
//
// Two processes, as in a lab: this one is the app (NodeRegistry, the main
// window listing every machine and device, and a live view of a 64 x 8 run fed
// by the telemetry received); a child (`load_bench --host-agents ...`) hosts
// the agents: real AgentDaemons whose device probe emulates the GPUs and
// numbers its samples, so the app can tell a lost message from a late one.
// Exits 1 when a message was lost or an agent disconnected.
#include "agentdaemon.h"
#include "agentoptions.h"
#include "controllerprofile.h"
#include "deviceprobe.h"
#include "fingerprintstore.h"
#include "liverundata.h"
#include "liveview.h"
#include "mainwindow.h"
#include "noderegistry.h"

#include <algorithm>
#include <cmath>
#include <csignal>
#include <ctime>
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimer>
#include <sys/prctl.h>

namespace {

/// memoryUsed of device 0 is kSeqBase + the sample's number: invisible at GiB
/// scale in the UI, and enough for the app to check that no sample is missing.
constexpr qint64 kSeqBase = 20LL << 30;

class EmulatedProbe final : public DeviceProbe
{
public:
    explicit EmulatedProbe(int devices, int seed)
        : m_devices(devices)
        , m_seed(seed)
    {}
    QList<DeviceSample> sampleDevices() override
    {
        ++m_seq;
        QList<DeviceSample> list;
        for (int d = 0; d < m_devices; ++d) {
            DeviceSample s;
            s.index = d;
            s.kind = DeviceSample::Kind::Gpu;
            s.name = QStringLiteral("Emulated GPU %1").arg(d);
            // A training-like pattern: mostly busy, dipping at each step's all-reduce.
            const double phase = double(m_seq + 3 * d + m_seed) * 0.7;
            s.utilization = 70 + 25 * std::sin(phase);
            s.memoryTotal = 24LL << 30;
            s.memoryUsed = d == 0 ? kSeqBase + m_seq : (18LL << 30) + (qint64(d) << 20);
            s.temperature = 65 + d;
            s.power = 250 + 10 * std::sin(phase);
            list.append(s);
        }
        return list;
    }
    HostInfo sampleHost() override
    {
        HostInfo h;
        h.hostname = QStringLiteral("emulated-%1").arg(m_seed);
        h.cores = 32;
        h.memoryTotal = 256LL << 30;
        h.memoryAvailable = 200LL << 30;
        return h;
    }

private:
    int m_devices;
    int m_seed;
    qint64 m_seq = 0;
};

qint64 rssKiB()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

qint64 threadCpuNs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

/// The child: `count` agents on loopback, each trusting the controller.
int hostAgents(const QString &dir, int count, int devices, double hz, const QString &trust)
{
    ::prctl(PR_SET_PDEATHSIG, SIGTERM); // never outlive the bench
    std::vector<std::unique_ptr<AgentDaemon>> agents;
    QTextStream out(stdout);
    for (int i = 0; i < count; ++i) {
        AgentOptions options;
        options.port = 0;
        options.bind = QHostAddress::LocalHost;
        options.configDir = QDir(dir).filePath(QStringLiteral("agent-%1").arg(i));
        options.name = QStringLiteral("lab-%1").arg(i, 2, 10, QLatin1Char('0'));
        options.discovery = false;
        options.telemetryHz = hz;
        QDir().mkpath(options.configDir);
        FingerprintStore trusted(AgentDaemon::trustListPath(options.configDir));
        if (!trusted.add(trust, QStringLiteral("load bench")))
            return 1;
        auto daemon = std::make_unique<AgentDaemon>(options, std::make_unique<EmulatedProbe>(devices, i));
        if (const Status started = daemon->start(); !started) {
            QTextStream(stderr) << "agent " << i << ": " << started.error() << Qt::endl;
            return 1;
        }
        out << "agent " << daemon->port() << ' ' << daemon->identity().fingerprint() << ' '
            << daemon->nodeId() << Qt::endl;
        agents.push_back(std::move(daemon));
    }
    out << "ready" << Qt::endl;
    return QCoreApplication::exec();
}

struct Stream
{
    qint64 first = -1;
    qint64 last = -1;
    qint64 received = 0;
    qint64 gaps = 0; ///< samples missing between two received ones
};

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addOptions({{QStringLiteral("seconds"), QStringLiteral("Measured duration."), QStringLiteral("s"),
                        QStringLiteral("600")},
                       {QStringLiteral("agents"), QStringLiteral("Emulated agents."), QStringLiteral("n"),
                        QStringLiteral("64")},
                       {QStringLiteral("devices"), QStringLiteral("Devices per agent."), QStringLiteral("n"),
                        QStringLiteral("8")},
                       {QStringLiteral("hz"), QStringLiteral("Telemetry rate."), QStringLiteral("hz"),
                        QStringLiteral("10")},
                       {QStringLiteral("host-agents"), QStringLiteral("Internal: be the agents' process."),
                        QStringLiteral("dir")},
                       {QStringLiteral("trust"), QStringLiteral("Internal: the controller's fingerprint."),
                        QStringLiteral("fp")}});
    parser.process(app);
    const int seconds = parser.value(QStringLiteral("seconds")).toInt();
    const int agentCount = parser.value(QStringLiteral("agents")).toInt();
    const int devices = parser.value(QStringLiteral("devices")).toInt();
    const double hz = parser.value(QStringLiteral("hz")).toDouble();
    if (parser.isSet(QStringLiteral("host-agents")))
        return hostAgents(parser.value(QStringLiteral("host-agents")), agentCount, devices, hz,
                          parser.value(QStringLiteral("trust")));

    QTemporaryDir dir;
    auto profile =
        ControllerProfile::open(dir.filePath(QStringLiteral("config")), dir.filePath(QStringLiteral("data")));
    if (!profile) {
        QTextStream(stderr) << profile.error() << Qt::endl;
        return 2;
    }
    QProcess host;
    host.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    host.start(QCoreApplication::applicationFilePath(),
               {QStringLiteral("--host-agents"), dir.filePath(QStringLiteral("agents")),
                QStringLiteral("--agents"), QString::number(agentCount), QStringLiteral("--devices"),
                QString::number(devices), QStringLiteral("--hz"), QString::number(hz),
                QStringLiteral("--trust"), profile->identity().fingerprint()});
    QList<quint16> ports;
    QByteArray pending;
    QElapsedTimer startup;
    startup.start();
    while (startup.elapsed() < 120000) {
        host.waitForReadyRead(1000);
        pending += host.readAllStandardOutput();
        if (pending.contains("ready\n") || host.state() == QProcess::NotRunning)
            break;
    }
    for (const QByteArray &line : pending.split('\n')) {
        const QList<QByteArray> f = line.split(' ');
        if (f.size() == 4 && f[0] == "agent") {
            ports << quint16(f[1].toUInt());
            // Pinned as if the user had accepted each machine once.
            if (auto pinned = profile->pins().add(QString::fromLatin1(f[2]), QStringLiteral("load"),
                                                  QString::fromLatin1(f[3]));
                !pinned) {
                QTextStream(stderr) << "load: cannot pin an agent: " << pinned.error() << Qt::endl;
                return 1;
            }
        }
    }
    if (ports.size() != agentCount) {
        QTextStream(stderr) << "load: the agents did not start" << Qt::endl;
        return 2;
    }

    QTextStream(stderr) << "load: " << ports.size() << " agents up, connecting" << Qt::endl;
    NodeRegistry registry(profile->identity(), profile->pins());
    registry.start(nullptr);
    for (quint16 port : std::as_const(ports))
        registry.addManual(QStringLiteral("127.0.0.1"), port);
    MainWindow window(*profile, registry, nullptr);
    window.resize(1366, 768);
    window.show();
    LiveRunData data;
    LiveView live;
    live.resize(1366, 768);
    live.setData(&data);
    live.show();

    QHash<QString, Stream> streams;
    bool measuring = false;
    QObject::connect(&registry, &NodeRegistry::telemetryUpdated, &app, [&](const QString &key) {
        const Node *node = registry.node(key);
        if (!node || !node->telemetry || node->telemetry->devices.isEmpty())
            return;
        data.addTelemetry(key, *node->telemetry);
        if (!measuring)
            return;
        const qint64 seq = node->telemetry->devices.first().memoryUsed - kSeqBase;
        Stream &s = streams[key];
        if (s.first < 0)
            s.first = seq;
        else if (seq > s.last + 1)
            s.gaps += seq - s.last - 1;
        s.last = qMax(s.last, seq);
        ++s.received;
    });

    QElapsedTimer clock;
    clock.start();
    // Responsiveness: how late a 10 ms timer fires on the UI thread.
    QList<double> lateMs;
    qint64 expected = 0;
    QTimer probe;
    probe.setTimerType(Qt::PreciseTimer);
    QObject::connect(&probe, &QTimer::timeout, &app, [&] {
        const qint64 now = clock.nsecsElapsed();
        if (measuring && expected > 0)
            lateMs.append(qMax<qint64>(0, now - expected) / 1e6);
        expected = now + 10000000;
    });
    probe.start(10);
    QList<qint64> rss; // KiB, every 10 s of the measurement
    QTimer rssTimer;
    QObject::connect(&rssTimer, &QTimer::timeout, &app, [&] { rss.append(rssKiB()); });

    // Wait for every agent to be connected, then let the first plots fill for 10 s.
    int connected = 0;
    const bool allUp = [&] {
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < 120000) {
            QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
            const QList<Node> nodes = registry.nodes();
            connected = int(std::count_if(nodes.cbegin(), nodes.cend(),
                                          [](const Node &n) { return n.link == Node::Link::Connected; }));
            if (connected == agentCount)
                return true;
        }
        return false;
    }();
    if (!allUp) {
        QTextStream(stderr) << "load: only " << connected << " of " << agentCount << " agents connected"
                            << Qt::endl;
        return 2;
    }
    QList<LiveRunData::NodeInfo> infos;
    RunConfig config;
    config.name = QStringLiteral("load");
    QList<int> deviceList;
    for (int d = 0; d < devices; ++d)
        deviceList << d;
    int rank = 0;
    for (const Node &n : registry.nodes()) {
        infos.append({n.key, n.name, rank, deviceList});
        rank += devices;
    }
    data.reset(config, infos);

    qint64 busyStart = 0;
    qint64 wallStart = 0;
    QTimer::singleShot(10000, &app, [&] {
        measuring = true;
        busyStart = threadCpuNs();
        wallStart = clock.nsecsElapsed();
        rss.append(rssKiB());
        rssTimer.start(10000);
    });
    int exitCode = 0;
    QTimer::singleShot(10000 + seconds * 1000, &app, [&] {
        measuring = false;
        const double wall = (clock.nsecsElapsed() - wallStart) / 1e9;
        const double busy = 100.0 * double(threadCpuNs() - busyStart) / (wall * 1e9);
        rss.append(rssKiB());
        qint64 received = 0, gaps = 0;
        int silent = 0;
        for (const Node &n : registry.nodes()) {
            const Stream s = streams.value(n.key);
            received += s.received;
            gaps += s.gaps;
            if (s.received == 0)
                ++silent;
        }
        const QList<Node> nodes = registry.nodes();
        const int stillConnected = int(std::count_if(
            nodes.cbegin(), nodes.cend(), [](const Node &n) { return n.link == Node::Link::Connected; }));
        std::sort(lateMs.begin(), lateMs.end());
        auto pct = [&](double p) {
            return lateMs.isEmpty() ? 0.0 : lateMs[qMin(lateMs.size() - 1, qsizetype(p * lateMs.size()))];
        };
        // Bounded: the last third of the run holds no more than the first third, within 10 %.
        const qsizetype third = qMax<qsizetype>(1, rss.size() / 3);
        const qint64 early = *std::max_element(rss.cbegin(), rss.cbegin() + third);
        const qint64 late = *std::max_element(rss.cend() - third, rss.cend());
        const qint64 peak = *std::max_element(rss.cbegin(), rss.cend());
        const bool bounded = late <= early + early / 10;
        QTextStream(stdout)
            << QStringLiteral("load: %1 agents x %2 devices at %3 Hz for %4 s over TLS (%5)\n")
                   .arg(agentCount)
                   .arg(devices)
                   .arg(hz)
                   .arg(wall, 0, 'f', 0)
                   .arg(QGuiApplication::platformName())
            << QStringLiteral("  telemetry: %1 messages received (%2 expected at the nominal rate), %3 lost, "
                              "%4 agents silent, "
                              "%5 of %6 still connected\n")
                   .arg(received)
                   .arg(qint64(agentCount * hz * wall))
                   .arg(gaps)
                   .arg(silent)
                   .arg(stillConnected)
                   .arg(agentCount)
            << QStringLiteral(
                   "  app memory: RSS %1 MiB in the first third, %2 MiB in the last, peak %3 MiB: %4\n")
                   .arg(early / 1024.0, 0, 'f', 1)
                   .arg(late / 1024.0, 0, 'f', 1)
                   .arg(peak / 1024.0, 0, 'f', 1)
                   .arg(bounded ? QStringLiteral("bounded") : QStringLiteral("GROWING"))
            << QStringLiteral(
                   "  UI thread: busy %1 %, 10 ms timer late by p50 %2 ms, p99 %3 ms, worst %4 ms\n")
                   .arg(busy, 0, 'f', 1)
                   .arg(pct(0.5), 0, 'f', 1)
                   .arg(pct(0.99), 0, 'f', 1)
                   .arg(pct(1.0), 0, 'f', 1);
        if (gaps > 0 || silent > 0 || stillConnected != agentCount)
            exitCode = 1;
        app.quit();
    });
    app.exec();
    host.terminate();
    host.waitForFinished(10000);
    return exitCode;
}
