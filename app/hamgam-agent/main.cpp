// hamgam-agent: the daemon on every lab machine. Parses the command line and
// hands over to AgentDaemon.
#include "agentdaemon.h"
#include "agentoptions.h"
#include "broadcasttargets.h"
#include "fingerprintstore.h"
#include "identity.h"
#include "signalwatcher.h"
#include "systemprobe.h"
#include "version.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QLoggingCategory>
#include <QStandardPaths>
#include <QTextStream>

#include <csignal>

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("hamgam-agent", text);
}
} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    // A daemon's log is its record: say what it accepts, refuses and closes.
    QLoggingCategory::setFilterRules(QStringLiteral("hamgam.*.info=true"));
    QCoreApplication::setApplicationName(QStringLiteral("hamgam-agent"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(Hamgam::kVersion));
    QTextStream err(stderr);
    QTextStream out(stdout);

    QCommandLineParser parser;
    parser.setApplicationDescription(tr("Hamgam agent: announces this machine, reports its devices and runs "
                                        "training workers for trusted controllers."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption portOpt(QStringLiteral("port"), tr("TLS control port (default %1).").arg(Protocol::kDefaultControlPort),
                                     tr("port"), QString::number(Protocol::kDefaultControlPort));
    const QCommandLineOption bindOpt(QStringLiteral("bind"), tr("Address to listen on (default: all)."), tr("address"),
                                     QStringLiteral("0.0.0.0"));
    const QCommandLineOption configOpt(QStringLiteral("config-dir"),
                                       tr("Directory for the agent's key, certificate, trust list and journals."),
                                       tr("dir"));
    const QCommandLineOption trustOpt(QStringLiteral("trust"),
                                      tr("Add a controller's certificate fingerprint to the trust list (repeatable)."),
                                      tr("fingerprint"));
    const QCommandLineOption untrustOpt(QStringLiteral("untrust"), tr("Remove a fingerprint from the trust list and exit."),
                                        tr("fingerprint"));
    const QCommandLineOption listTrustOpt(QStringLiteral("list-trusted"), tr("Print the trust list and exit."));
    const QCommandLineOption fingerprintOpt(QStringLiteral("fingerprint"), tr("Print this agent's fingerprint and exit."));
    const QCommandLineOption nameOpt(QStringLiteral("name"), tr("Name shown to controllers (default: host name)."), tr("name"));
    const QCommandLineOption discoveryPortOpt(QStringLiteral("discovery-port"),
                                              tr("UDP discovery port (default %1).").arg(Protocol::kDefaultDiscoveryPort),
                                              tr("port"), QString::number(Protocol::kDefaultDiscoveryPort));
    const QCommandLineOption targetsOpt(QStringLiteral("discovery-targets"),
                                        tr("Comma-separated broadcast addresses for beacons (default: every interface's)."),
                                        tr("addresses"));
    const QCommandLineOption noDiscoveryOpt(QStringLiteral("no-discovery"), tr("Send no beacons."));
    const QCommandLineOption hzOpt(QStringLiteral("telemetry-hz"), tr("Telemetry rate, 0.1 to 10 per second (default 1)."),
                                   tr("hz"), QStringLiteral("1"));
    const QCommandLineOption beaconOpt(QStringLiteral("beacon-interval-ms"), tr("Beacon interval (default 2000)."), tr("ms"),
                                       QString::number(Protocol::kBeaconIntervalMs));
    const QCommandLineOption idleOpt(QStringLiteral("idle-exit"),
                                     tr("Exit after this many seconds without a controller or a run (default: never)."),
                                     tr("seconds"), QStringLiteral("0"));
    const QCommandLineOption maxConnOpt(QStringLiteral("max-connections"), tr("Most controller connections at once (default 64)."),
                                        tr("count"), QStringLiteral("64"));
    parser.addOptions({portOpt, bindOpt, configOpt, trustOpt, untrustOpt, listTrustOpt, fingerprintOpt, nameOpt,
                       discoveryPortOpt, targetsOpt, noDiscoveryOpt, hzOpt, beaconOpt, idleOpt, maxConnOpt});
    parser.process(app);

    AgentOptions options;
    options.configDir = parser.isSet(configOpt)
                            ? parser.value(configOpt)
                            : QDir(QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation))
                                  .filePath(QStringLiteral("hamgam-agent"));
    bool ok = false;
    const uint port = parser.value(portOpt).toUInt(&ok);
    if (!ok || port > 65535) {
        err << tr("--port: \"%1\" is not a port number").arg(parser.value(portOpt)) << Qt::endl;
        return 2;
    }
    options.port = quint16(port);
    options.bind = QHostAddress(parser.value(bindOpt));
    if (options.bind.isNull()) {
        err << tr("--bind: \"%1\" is not an IP address").arg(parser.value(bindOpt)) << Qt::endl;
        return 2;
    }
    const uint dport = parser.value(discoveryPortOpt).toUInt(&ok);
    if (!ok || dport == 0 || dport > 65535) {
        err << tr("--discovery-port: \"%1\" is not a port number").arg(parser.value(discoveryPortOpt)) << Qt::endl;
        return 2;
    }
    options.discoveryPort = quint16(dport);
    options.discoveryTargets = BroadcastTargets::parse(parser.value(targetsOpt), &ok);
    if (!ok) {
        err << tr("--discovery-targets: \"%1\" is not a list of IP addresses").arg(parser.value(targetsOpt)) << Qt::endl;
        return 2;
    }
    options.discovery = !parser.isSet(noDiscoveryOpt);
    options.telemetryHz = parser.value(hzOpt).toDouble(&ok);
    if (!ok || options.telemetryHz < 0.1 || options.telemetryHz > 10) {
        err << tr("--telemetry-hz must be between 0.1 and 10") << Qt::endl;
        return 2;
    }
    options.beaconIntervalMs = qBound(100, parser.value(beaconOpt).toInt(), 60000);
    options.idleExitSeconds = qMax(0, parser.value(idleOpt).toInt());
    options.maxConnections = qBound(1, parser.value(maxConnOpt).toInt(), 4096);
    options.name = parser.value(nameOpt);

    QDir().mkpath(options.configDir);
    FingerprintStore trust(AgentDaemon::trustListPath(options.configDir));
    if (auto s = trust.load(); !s) {
        err << s.error() << Qt::endl;
        return 1;
    }
    if (parser.isSet(listTrustOpt)) {
        for (const auto &e : trust.entries())
            out << e.fingerprint << "  " << e.label << "  " << e.added.toString(Qt::ISODate) << Qt::endl;
        return 0;
    }
    if (parser.isSet(untrustOpt)) {
        if (auto s = trust.removeFingerprint(parser.value(untrustOpt)); !s) {
            err << s.error() << Qt::endl;
            return 1;
        }
        out << tr("Removed %1 from the trust list.").arg(parser.value(untrustOpt)) << Qt::endl;
        return 0;
    }
    bool trustAdded = false;
    for (const QString &fp : parser.values(trustOpt)) {
        if (trust.containsFingerprint(fp))
            continue;
        if (auto s = trust.add(fp, tr("added on the command line")); !s) {
            err << s.error() << Qt::endl;
            return 2;
        }
        trustAdded = true;
        out << tr("Trusted controller %1.").arg(Identity::displayFingerprint(Identity::normalizeFingerprint(fp))) << Qt::endl;
    }

    AgentDaemon daemon(options, std::make_unique<SystemProbe>());
    if (parser.isSet(fingerprintOpt)) {
        auto identity = Identity::loadOrCreate(options.configDir, QStringLiteral("agent"), QStringLiteral("hamgam-agent"));
        if (!identity) {
            err << identity.error() << Qt::endl;
            return 1;
        }
        out << identity->fingerprint() << Qt::endl;
        return 0;
    }
    if (auto s = daemon.start(); !s) {
        if (trustAdded && daemon.port() == 0) {
            // The usual case of "hamgam-agent --trust FP" next to a running agent:
            // that agent re-reads its trust list at the next connection.
            out << tr("The trust list is updated. No second agent was started: %1").arg(s.error()) << Qt::endl;
            return 0;
        }
        err << tr("hamgam-agent: %1").arg(s.error()) << Qt::endl;
        return 1;
    }
    QObject::connect(&daemon, &AgentDaemon::idleExit, &app, &QCoreApplication::quit);
    SignalWatcher signalWatcher({SIGTERM, SIGINT, SIGHUP});
    QObject::connect(&signalWatcher, &SignalWatcher::received, &app, &QCoreApplication::quit);
    out << tr("hamgam-agent %1 listening on %2:%3, node %4, fingerprint %5")
               .arg(QString::fromLatin1(Hamgam::kVersion), options.bind.toString())
               .arg(daemon.port())
               .arg(daemon.nodeId(), daemon.identity().fingerprint())
        << Qt::endl;
    return app.exec();
}
