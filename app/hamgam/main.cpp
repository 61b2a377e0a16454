// hamgam: the desktop app. Builds the controller (profile, registry,
// discovery, the local agent) and shows the main window.
#include "broadcasttargets.h"
#include "controllerprofile.h"
#include "discoverylistener.h"
#include "hostport.h"
#include "localagentlauncher.h"
#include "mainwindow.h"
#include "noderegistry.h"
#include "protocol.h"
#include "signalwatcher.h"
#include "version.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QMessageBox>
#include <QTextStream>

#include <csignal>

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("hamgam", text);
}
} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("hamgam"));
    QCoreApplication::setApplicationName(QStringLiteral("hamgam"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(Hamgam::kVersion));
    QGuiApplication::setDesktopFileName(QStringLiteral("hamgam"));
    QTextStream err(stderr);

    QCommandLineParser parser;
    parser.setApplicationDescription(tr("Hamgam: train deep networks on the lab's machines."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions({
        {QStringLiteral("config-dir"), tr("Controller configuration directory."), tr("dir")},
        {QStringLiteral("data-dir"), tr("Controller data directory."), tr("dir")},
        {QStringLiteral("discovery-port"), tr("UDP discovery port (default %1).").arg(Protocol::kDefaultDiscoveryPort), tr("port"),
         QString::number(Protocol::kDefaultDiscoveryPort)},
        {QStringLiteral("discovery-targets"), tr("Comma-separated broadcast addresses for discovery queries."), tr("addresses")},
        {QStringLiteral("agent-port"), tr("Control port of the local agent (default %1).").arg(Protocol::kDefaultControlPort),
         tr("port"), QString::number(Protocol::kDefaultControlPort)},
        {QStringLiteral("no-local-agent"), tr("Do not start an agent on this computer.")},
        {QStringLiteral("local-agent-idle-exit"), tr("Seconds the local agent keeps running without a controller (default 300)."),
         tr("seconds"), QStringLiteral("300")},
        {QStringLiteral("connect"), tr("Also contact the agent at host[:port]; repeatable."), tr("host:port")},
    });
    parser.process(app);

    auto profile = ControllerProfile::open(parser.value(QStringLiteral("config-dir")), parser.value(QStringLiteral("data-dir")));
    if (!profile) {
        err << profile.error() << Qt::endl;
        QMessageBox::critical(nullptr, tr("Hamgam"), profile.error());
        return 1;
    }
    bool ok = false;
    const uint discoveryPort = parser.value(QStringLiteral("discovery-port")).toUInt(&ok);
    const uint agentPort = parser.value(QStringLiteral("agent-port")).toUInt(&ok);
    const auto targets = BroadcastTargets::parse(parser.value(QStringLiteral("discovery-targets")), &ok);

    NodeRegistry registry(profile->identity(), profile->pins());
    DiscoveryListener listener(quint16(discoveryPort), targets);
    if (!listener.start())
        err << tr("Discovery is off: cannot listen on UDP port %1: %2").arg(discoveryPort).arg(listener.errorString()) << Qt::endl;
    QStringList manual = profile->manualMachines() + parser.values(QStringLiteral("connect"));
    for (const QString &entry : std::as_const(manual)) {
        if (auto hp = HostPort::parse(entry, Protocol::kDefaultControlPort))
            registry.addManual(hp->host, hp->port);
    }
    registry.start(&listener);

    MainWindow window(*profile, registry);
    window.show();

    LocalAgentLauncher::Options agentOptions;
    agentOptions.agentProgram = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("hamgam-agent"));
    agentOptions.configDir = profile->localAgentDir();
    agentOptions.port = quint16(agentPort);
    agentOptions.discoveryPort = quint16(discoveryPort);
    agentOptions.idleExitSeconds = parser.value(QStringLiteral("local-agent-idle-exit")).toInt();
    agentOptions.controllerFingerprint = profile->identity().fingerprint();
    LocalAgentLauncher launcher(agentOptions);
    QString localKey;
    QObject::connect(&launcher, &LocalAgentLauncher::ready, &registry,
                     [&](const QString &host, quint16 port, const QString &nodeId, const QString &fingerprint) {
                         if (nodeId.isEmpty()) {
                             registry.addManual(host, port);
                             return;
                         }
                         localKey = nodeId;
                         registry.addLocal(host, port, nodeId, fingerprint);
                     });
    QObject::connect(&launcher, &LocalAgentLauncher::failed, &window,
                     [&](const QString &message) { QMessageBox::warning(&window, tr("Local agent"), message); });
    QObject::connect(&registry, &NodeRegistry::clientReady, &app, [&](const QString &key) {
        if (key == localKey)
            err << "hamgam: local agent ready (" << key << ")" << Qt::endl;
    });
    if (!parser.isSet(QStringLiteral("no-local-agent")))
        launcher.ensureRunning();

    SignalWatcher signalWatcher({SIGTERM, SIGINT, SIGHUP});
    QObject::connect(&signalWatcher, &SignalWatcher::received, &window, &QWidget::close);
    return app.exec();
}
