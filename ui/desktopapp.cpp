#include "desktopapp.h"

#include "appicons.h"
#include "broadcasttargets.h"
#include "commandlinehelp.h"
#include "discoverylistener.h"
#include "historystore.h"
#include "historyview.h"
#include "hostport.h"
#include "installdialog.h"
#include "localagentlauncher.h"
#include "mainwindow.h"
#include "noderegistry.h"
#include "protocol.h"
#include "settingsdialog.h"
#include "translations.h"
#include "version.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFontDatabase>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTextStream>
#include <QTimer>

DesktopApp::DesktopApp(QObject *parent)
    : QObject(parent)
{}

DesktopApp::~DesktopApp()
{
    // The window first: it reads the registry while it closes.
    m_window.reset();
}

bool DesktopApp::answersWithoutDisplay(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        if (arg == "--help" || arg == "-h" || arg == "-?" || arg == "--help-all" || arg == "--version" ||
            arg == "-v")
            return true;
    }
    return false;
}

int DesktopApp::start(const QStringList &arguments)
{
    QTextStream err(stderr);
    QTextStream out(stdout);
    QSettings settings;
    m_translations = std::make_unique<Translations>();
    m_translations->setLanguage(settings.value(QStringLiteral("ui/language")).toString());

    QCommandLineParser parser;
    parser.setApplicationDescription(tr("Hamgam: train deep networks on the lab's machines."));
    const QCommandLineOption help = parser.addHelpOption();
    const QCommandLineOption version = parser.addVersionOption();
    parser.addOptions({
        {QStringLiteral("config-dir"), tr("Controller configuration directory."), tr("dir")},
        {QStringLiteral("data-dir"), tr("Controller data directory."), tr("dir")},
        {QStringLiteral("discovery-port"),
         tr("UDP discovery port (default %1).").arg(Protocol::kDefaultDiscoveryPort), tr("port"),
         QString::number(Protocol::kDefaultDiscoveryPort)},
        {QStringLiteral("discovery-targets"),
         tr("Comma-separated broadcast addresses for discovery queries."), tr("addresses")},
        {QStringLiteral("agent-port"),
         tr("Control port of the local agent (default %1).").arg(Protocol::kDefaultControlPort), tr("port"),
         QString::number(Protocol::kDefaultControlPort)},
        {QStringLiteral("no-local-agent"), tr("Do not start an agent on this computer.")},
        {QStringLiteral("local-agent-idle-exit"),
         tr("Seconds the local agent keeps running without a controller (default 300)."), tr("seconds"),
         QStringLiteral("300")},
        {QStringLiteral("connect"), tr("Also contact the agent at host[:port]; repeatable."),
         tr("host:port")},
        {QStringLiteral("language"), tr("Interface language for this session: en or fa."), tr("code")},
        {QStringLiteral("history"), tr("History database (default ~/.local/share/hamgam/history.sqlite)."),
         tr("path")},
    });
    if (!parser.parse(arguments)) {
        err << parser.errorText() << Qt::endl;
        return 2;
    }
    if (parser.isSet(help)) {
        out << CommandLineHelp::text(parser, QStringLiteral("hamgam"));
        return 0;
    }
    if (parser.isSet(version)) {
        out << "hamgam " << Hamgam::kVersion << Qt::endl;
        return 0;
    }
    if (parser.isSet(QStringLiteral("language")))
        m_translations->setLanguage(parser.value(QStringLiteral("language")));
    choosePersianCapableFont();

    bool ok = false;
    const uint discoveryPort = parser.value(QStringLiteral("discovery-port")).toUInt(&ok);
    if (!ok || discoveryPort == 0 || discoveryPort > 65535) {
        err << tr("--discovery-port: \"%1\" is not a port number")
                   .arg(parser.value(QStringLiteral("discovery-port")))
            << Qt::endl;
        return 2;
    }
    const uint agentPort = parser.value(QStringLiteral("agent-port")).toUInt(&ok);
    if (!ok || agentPort == 0 || agentPort > 65535) {
        err << tr("--agent-port: \"%1\" is not a port number").arg(parser.value(QStringLiteral("agent-port")))
            << Qt::endl;
        return 2;
    }
    const auto targets = BroadcastTargets::parse(parser.value(QStringLiteral("discovery-targets")), &ok);
    if (!ok) {
        err << tr("--discovery-targets: not a list of IP addresses") << Qt::endl;
        return 2;
    }

    auto profile = ControllerProfile::open(parser.value(QStringLiteral("config-dir")),
                                           parser.value(QStringLiteral("data-dir")));
    if (!profile) {
        err << profile.error() << Qt::endl;
        QMessageBox::critical(nullptr, tr("Hamgam"), profile.error());
        return 1;
    }
    m_profile = *profile;

    m_registry = std::make_unique<NodeRegistry>(*m_profile);
    m_listener = std::make_unique<DiscoveryListener>(quint16(discoveryPort), targets);
    if (!m_listener->start())
        err << tr("Discovery is off: cannot listen on UDP port %1: %2")
                   .arg(discoveryPort)
                   .arg(m_listener->errorString())
            << Qt::endl;
    const QStringList manual = m_profile->manualMachines() + parser.values(QStringLiteral("connect"));
    for (const QString &entry : manual) {
        if (auto hp = HostPort::parse(entry, Protocol::kDefaultControlPort))
            m_registry->addManual(hp->host, hp->port);
    }
    m_registry->start(m_listener.get());

    QString historyPath = parser.value(QStringLiteral("history"));
    if (historyPath.isEmpty())
        historyPath = SettingsDialog::historyPath(m_profile->defaultHistoryPath());
    m_history = std::make_unique<HistoryStore>(historyPath);
    const Status historyOpened = m_history->open();
    if (!historyOpened)
        m_history.reset();

    // Every window (dialogs too) and the task bar show Hamgam's icon.
    QApplication::setWindowIcon(AppIcons::app());
    m_window = std::make_unique<MainWindow>(*m_profile, *m_registry, m_history.get());
    if (m_history) {
        m_historyView = new HistoryView(*m_history);
        m_historyView->setModelSource(m_registry.get());
        m_window->addPage(m_historyView, tr("History"));
        connect(m_historyView, &HistoryView::newRunRequested, m_window.get(),
                [this](const QJsonObject &json) {
                    QList<ConfigError> errors;
                    RunConfig config = RunConfig::fromJson(json, &errors);
                    config.name = tr("%1 (again)").arg(config.name);
                    m_window->loadConfig(config);
                });
        connect(m_window.get(), &MainWindow::runFinished, m_historyView, &HistoryView::refresh);
        // A history that cannot be read or written is said so, never shown as empty or kept quietly.
        connect(m_history.get(), &HistoryStore::readFailed, m_window.get(), [this](const QString &error) {
            m_window->statusBar()->showMessage(tr("The run history could not be read: %1").arg(error), 30000);
        });
        connect(m_history.get(), &HistoryStore::writeFailed, m_window.get(), [this](const QString &error) {
            m_window->statusBar()->showMessage(tr("The run history could not be saved: %1").arg(error),
                                               30000);
        });
    }
    // The SSH installer (issue 7): File > Install agent on a machine…, or a machine's context menu.
    connect(m_window.get(), &MainWindow::installAgentRequested, this, [this](const QString &host) {
        if (!m_installDialog) {
            m_installDialog = new InstallDialog(*m_profile, *m_registry, m_window.get());
            m_installDialog->setAttribute(Qt::WA_DeleteOnClose);
        }
        m_installDialog->addHosts(host);
        m_installDialog->show();
        m_installDialog->raise();
        m_installDialog->activateWindow();
    });
    connect(m_window.get(), &MainWindow::settingsRequested, this, [this] {
        SettingsDialog dialog(m_translations.get(), *m_profile, m_registry.get(), m_window.get());
        connect(&dialog, &SettingsDialog::languageChanged, this,
                [](const QString &) { choosePersianCapableFont(); });
        connect(&dialog, &SettingsDialog::userNameChanged, m_window.get(), &MainWindow::userChanged);
        dialog.exec();
    });
    m_window->show();
    if (!historyOpened)
        QMessageBox::warning(
            m_window.get(), tr("History"),
            tr("The run history cannot be opened, so runs will not be kept:\n%1").arg(historyOpened.error()));
    // A run still going from an earlier session (the app was closed or crashed): follow it again. A queued
    // run too: it waits on its agents, whether this app is open or not.
    if (m_history) {
        RunFilter active;
        active.statuses = {RunStatusText::key(RunStatus::Running), RunStatusText::key(RunStatus::Preparing),
                           RunStatusText::key(RunStatus::Queued)};
        active.limit = 1;
        const auto runs = m_history->runs(active);
        if (!runs.isEmpty())
            QTimer::singleShot(2000, m_window.get(),
                               [this, id = runs.first().id] { m_window->attachRun(id); });
    }

    if (!parser.isSet(QStringLiteral("no-local-agent"))) {
        LocalAgentLauncher::Options options;
        options.agentProgram =
            QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("hamgam-agent"));
        options.configDir = m_profile->localAgentDir();
        options.port = quint16(agentPort);
        options.discoveryPort = quint16(discoveryPort);
        options.idleExitSeconds = parser.value(QStringLiteral("local-agent-idle-exit")).toInt();
        options.controllerFingerprint = m_profile->identity().fingerprint();
        options.telemetryHz = SettingsDialog::telemetryHz();
        m_launcher = std::make_unique<LocalAgentLauncher>(options);
        connect(m_launcher.get(), &LocalAgentLauncher::ready, this,
                [this](const QString &host, quint16 port, const QString &nodeId, const QString &fingerprint) {
                    if (nodeId.isEmpty()) {
                        m_registry->addManual(host, port);
                        return;
                    }
                    m_localKey = nodeId;
                    m_registry->addLocal(host, port, nodeId, fingerprint);
                });
        connect(m_launcher.get(), &LocalAgentLauncher::failed, this, [this](const QString &message) {
            QMessageBox::warning(m_window.get(), tr("Local agent"), message);
        });
        connect(m_registry.get(), &NodeRegistry::clientReady, this, [this](const QString &key) {
            // A line for scripts and the smoke test; the window shows the same.
            if (key == m_localKey)
                QTextStream(stderr) << "hamgam: local agent ready (" << key << ")" << Qt::endl;
        });
        m_launcher->ensureRunning();
    }
    return -1;
}

void DesktopApp::choosePersianCapableFont()
{
    // The platform font first; for Persian text, Noto Sans Arabic (fonts-noto-core)
    // or Vazirmatn/FarsiWeb fonts when present: no box glyphs in any screen.
    QFont font = QApplication::font();
    QStringList families{font.family()};
    const QStringList installed = QFontDatabase::families();
    for (const QString &candidate : {QStringLiteral("Noto Sans"), QStringLiteral("Noto Sans Arabic"),
                                     QStringLiteral("Noto Naskh Arabic"), QStringLiteral("Vazirmatn"),
                                     QStringLiteral("Nazli"), QStringLiteral("DejaVu Sans")}) {
        if (installed.contains(candidate) && !families.contains(candidate))
            families.append(candidate);
    }
    font.setFamilies(families);
    QApplication::setFont(font);
}
