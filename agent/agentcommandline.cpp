#include "agentcommandline.h"

#include "broadcasttargets.h"
#include "commandlinehelp.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QNetworkInterface>
#include <QStandardPaths>

QString AgentCommandLine::defaultConfigDir()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation))
        .filePath(QStringLiteral("hamgam-agent"));
}

Expected<AgentCommandLine> AgentCommandLine::parse(const QStringList &arguments)
{
    using Result = Expected<AgentCommandLine>;
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("Hamgam agent: announces this machine, reports its devices and runs "
                                        "training workers for trusted controllers."));
    const QCommandLineOption helpOpt = parser.addHelpOption();
    const QCommandLineOption versionOpt = parser.addVersionOption();
    const QCommandLineOption portOpt(QStringLiteral("port"),
                                     tr("TLS control port (default %1).").arg(Protocol::kDefaultControlPort),
                                     tr("port"), QString::number(Protocol::kDefaultControlPort));
    const QCommandLineOption bindOpt(QStringLiteral("bind"), tr("Address to listen on (default: all)."),
                                     tr("address"), QStringLiteral("0.0.0.0"));
    const QCommandLineOption configOpt(
        QStringLiteral("config-dir"),
        tr("Directory for the agent's key, certificate, trust list and journals "
           "(default ~/.config/hamgam-agent)."),
        tr("dir"));
    const QCommandLineOption trustOpt(
        QStringLiteral("trust"),
        tr("Add a controller's certificate fingerprint to the trust list (repeatable)."), tr("fingerprint"));
    const QCommandLineOption trustAdminOpt(
        QStringLiteral("trust-admin"),
        tr("Trust a controller as the lab's admin, who sets the lab's rules (repeatable; docs/lab.md)."),
        tr("fingerprint"));
    const QCommandLineOption untrustOpt(
        QStringLiteral("untrust"), tr("Remove a fingerprint from the trust list (and the admins) and exit."),
        tr("fingerprint"));
    const QCommandLineOption listTrustOpt(QStringLiteral("list-trusted"),
                                          tr("Print the trust list and exit."));
    const QCommandLineOption fingerprintOpt(QStringLiteral("fingerprint"),
                                            tr("Print this agent's fingerprint and exit."));
    const QCommandLineOption nameOpt(QStringLiteral("name"),
                                     tr("Name shown to controllers (default: host name)."), tr("name"));
    const QCommandLineOption discoveryPortOpt(
        QStringLiteral("discovery-port"),
        tr("UDP discovery port (default %1).").arg(Protocol::kDefaultDiscoveryPort), tr("port"),
        QString::number(Protocol::kDefaultDiscoveryPort));
    const QCommandLineOption targetsOpt(
        QStringLiteral("discovery-targets"),
        tr("Comma-separated broadcast addresses for beacons (default: every interface's)."), tr("addresses"));
    const QCommandLineOption noDiscoveryOpt(QStringLiteral("no-discovery"), tr("Send no beacons."));
    const QCommandLineOption hzOpt(QStringLiteral("telemetry-hz"),
                                   tr("Telemetry rate, 0.1 to 10 per second (default 1)."), tr("hz"),
                                   QStringLiteral("1"));
    const QCommandLineOption beaconOpt(QStringLiteral("beacon-interval-ms"),
                                       tr("Beacon interval in ms (default 2000)."), tr("ms"),
                                       QString::number(Protocol::kBeaconIntervalMs));
    const QCommandLineOption idleOpt(
        QStringLiteral("idle-exit"),
        tr("Exit after this many seconds without a controller or a run (default: never)."), tr("seconds"),
        QStringLiteral("0"));
    const QCommandLineOption maxConnOpt(QStringLiteral("max-connections"),
                                        tr("Most controller connections at once (default 64)."), tr("count"),
                                        QStringLiteral("64"));
    const QCommandLineOption allowOpt(
        QStringLiteral("allow-dir"),
        tr("Let runs read data and write checkpoints in this directory (repeatable; default: "
           "/usr/share/datasets, your home, /tmp, /var/tmp)."),
        tr("dir"));
    const QCommandLineOption maxRunsOpt(QStringLiteral("max-runs"),
                                        tr("Most runs at once on this agent (default 4)."), tr("count"),
                                        QStringLiteral("4"));
    const QCommandLineOption workerOpt(
        QStringLiteral("worker"), tr("Path of hamgam-worker (default: next to this program)."), tr("path"));
    const QCommandLineOption workerInterfaceOpt(
        QStringLiteral("worker-interface"),
        tr("Network interface for the workers' gradient traffic, which is not encrypted: e.g. a dedicated "
           "lab network "
           "(default: the interface that reaches the run's first node)."),
        tr("name"));
    parser.addOptions({portOpt,    bindOpt,        configOpt,      trustOpt,   trustAdminOpt,
                       untrustOpt, listTrustOpt,   fingerprintOpt, nameOpt,    discoveryPortOpt,
                       targetsOpt, noDiscoveryOpt, hzOpt,          beaconOpt,  idleOpt,
                       maxConnOpt, workerOpt,      allowOpt,       maxRunsOpt, workerInterfaceOpt});
    if (!parser.parse(arguments))
        return Result::failure(parser.errorText());
    // The agent takes options only: "hamgam-agent trust FP" must not start a daemon that ignores "trust".
    if (!parser.positionalArguments().isEmpty())
        return Result::failure(tr("unexpected argument \"%1\" (options start with --; see --help)")
                                   .arg(parser.positionalArguments().first()));

    AgentCommandLine cl;
    if (parser.isSet(helpOpt)) {
        cl.action = Action::Help;
        cl.helpText = CommandLineHelp::text(parser, QStringLiteral("hamgam-agent"));
        return cl;
    }
    if (parser.isSet(versionOpt)) {
        cl.action = Action::Version;
        return cl;
    }
    AgentOptions &o = cl.options;
    o.configDir = parser.isSet(configOpt) ? parser.value(configOpt) : defaultConfigDir();
    bool ok = false;
    const uint port = parser.value(portOpt).toUInt(&ok);
    if (!ok || port > 65535)
        return Result::failure(tr("--port: \"%1\" is not a port number").arg(parser.value(portOpt)));
    o.port = quint16(port);
    o.bind = QHostAddress(parser.value(bindOpt));
    if (o.bind.isNull())
        return Result::failure(tr("--bind: \"%1\" is not an IP address").arg(parser.value(bindOpt)));
    const uint dport = parser.value(discoveryPortOpt).toUInt(&ok);
    if (!ok || dport == 0 || dport > 65535)
        return Result::failure(
            tr("--discovery-port: \"%1\" is not a port number").arg(parser.value(discoveryPortOpt)));
    o.discoveryPort = quint16(dport);
    o.discoveryTargets = BroadcastTargets::parse(parser.value(targetsOpt), &ok);
    if (!ok)
        return Result::failure(
            tr("--discovery-targets: \"%1\" is not a list of IP addresses").arg(parser.value(targetsOpt)));
    o.discovery = !parser.isSet(noDiscoveryOpt);
    o.telemetryHz = parser.value(hzOpt).toDouble(&ok);
    if (!ok || !(o.telemetryHz >= 0.1 && o.telemetryHz <= 10)) // written so that "nan" is refused too
        return Result::failure(tr("--telemetry-hz: must be between 0.1 and 10"));
    const int beacon = parser.value(beaconOpt).toInt(&ok);
    if (!ok || beacon < 100 || beacon > 60000)
        return Result::failure(tr("--beacon-interval-ms: must be between 100 and 60000"));
    o.beaconIntervalMs = beacon;
    o.idleExitSeconds = parser.value(idleOpt).toInt(&ok);
    if (!ok || o.idleExitSeconds < 0)
        return Result::failure(
            tr("--idle-exit: \"%1\" is not a number of seconds").arg(parser.value(idleOpt)));
    o.maxConnections = parser.value(maxConnOpt).toInt(&ok);
    if (!ok || o.maxConnections < 1 || o.maxConnections > 4096)
        return Result::failure(tr("--max-connections: must be between 1 and 4096"));
    o.name = parser.value(nameOpt);
    o.workerPath = parser.value(workerOpt);
    o.allowedDirs = parser.values(allowOpt);
    for (const QString &d : std::as_const(o.allowedDirs)) {
        if (QDir::isRelativePath(d) || !QFileInfo(d).isDir())
            return Result::failure(tr("--allow-dir: \"%1\" is not an absolute path of a directory").arg(d));
    }
    o.maxActiveRuns = parser.value(maxRunsOpt).toInt(&ok);
    if (!ok || o.maxActiveRuns < 1 || o.maxActiveRuns > 64)
        return Result::failure(tr("--max-runs: must be between 1 and 64"));
    o.workerInterface = parser.value(workerInterfaceOpt);
    if (parser.isSet(workerInterfaceOpt) &&
        !QNetworkInterface::interfaceFromName(o.workerInterface).isValid())
        return Result::failure(
            tr("--worker-interface: this machine has no network interface \"%1\"").arg(o.workerInterface));
    cl.trust = parser.values(trustOpt);
    cl.trustAdmin = parser.values(trustAdminOpt);
    if (parser.isSet(listTrustOpt))
        cl.action = Action::ListTrusted;
    else if (parser.isSet(untrustOpt)) {
        cl.action = Action::Untrust;
        cl.untrust = parser.value(untrustOpt);
    } else if (parser.isSet(fingerprintOpt))
        cl.action = Action::PrintFingerprint;
    return cl;
}
