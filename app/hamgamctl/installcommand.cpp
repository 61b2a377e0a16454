#include "installcommand.h"

#include "agentinstaller.h"
#include "controllerprofile.h"
#include "ctlcontext.h"
#include "exitcode.h"
#include "hostport.h"
#include "identity.h"
#include "signalwatcher.h"
#include "texttable.h"

#include <csignal>
#include <memory>
#include <QCommandLineParser>
#include <QEventLoop>
#include <QFileInfo>
#include <QProcess>
#include <QTextStream>
#include <termios.h>
#include <unistd.h>
#include <vector>

namespace {
using namespace ExitCode;

QString readLine(QTextStream &in)
{
    return in.readLine();
}

/// A line from the terminal without echo.
QString readSecret(QTextStream &in)
{
    termios old{};
    const bool tty = tcgetattr(STDIN_FILENO, &old) == 0;
    if (tty) {
        termios quiet = old;
        quiet.c_lflag &= ~tcflag_t(ECHO);
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet);
    }
    const QString line = in.readLine();
    if (tty) {
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &old);
        QTextStream err(stderr);
        err << Qt::endl;
    }
    return line;
}

QString description(InstallRequest::Action action)
{
    switch (action) {
    case InstallRequest::Action::Install:
        return InstallCommand::tr(
            "Install hamgam-agent on machines over SSH and start it, trusting this controller and pinned "
            "here, so it "
            "appears trusted in `hamgamctl nodes` and the app. Per-user mode (the default) puts the programs "
            "in "
            "~/.local/bin and starts them from a systemd user unit (or a crontab @reboot entry where "
            "systemctl --user "
            "is missing); it needs the runtime libraries to be there already and names the packages that are "
            "not. "
            "Package mode (--mode deb) uploads the hamgam-agent .deb and installs it with sudo apt-get.");
    case InstallRequest::Action::Upgrade:
        return InstallCommand::tr("Replace the agent on machines where the SSH installer put it, keeping its "
                                  "identity and trust list, and restart it.");
    case InstallRequest::Action::Uninstall:
        return InstallCommand::tr(
            "Stop the agent on machines and remove everything the SSH installer put there "
            "(programs, service or crontab entry, key, trust list), and forget it here.");
    case InstallRequest::Action::Restart:
        return InstallCommand::tr("Restart the agent on machines and wait until it answers.");
    case InstallRequest::Action::Status:
        return InstallCommand::tr(
            "Say whether the agent is installed on machines, how, which version, whether it "
            "runs and whether it answers this controller.");
    }
    return {};
}

QString exitCodesText(InstallRequest::Action action)
{
    if (action == InstallRequest::Action::Status)
        return InstallCommand::tr(
            "Exit codes: 0 the agent runs and answers on every machine, 1 a machine could not "
            "be checked, 2 bad usage, 3 an agent is missing or does not answer, 4 a host key "
            "was refused, 5 cancelled.");
    return InstallCommand::tr(
        "Exit codes: 0 every machine succeeded, 1 a machine failed, 2 bad usage, 4 a host key "
        "was refused (unknown without --yes or an answer, or changed), 5 cancelled.");
}

int run(InstallRequest::Action action, const QStringList &arguments)
{
    using A = InstallRequest::Action;
    QTextStream out(stdout);
    QTextStream err(stderr);
    const bool installing = action == A::Install || action == A::Upgrade;

    QCommandLineParser parser;
    parser.setApplicationDescription(description(action) + QStringLiteral("\n\n") + exitCodesText(action));
    const QCommandLineOption help = parser.addHelpOption();
    parser.addPositionalArgument(
        QStringLiteral("hosts"),
        InstallCommand::tr("Machines, as [user@]host[:ssh-port]; several run at once."),
        InstallCommand::tr("HOST..."));
    parser.addOptions({
        {QStringLiteral("user"), InstallCommand::tr("SSH user (default: ~/.ssh/config's, else yours)."),
         InstallCommand::tr("name")},
        {QStringLiteral("port"), InstallCommand::tr("SSH port (default: ~/.ssh/config's, else 22)."),
         InstallCommand::tr("port")},
        {QStringLiteral("identity"),
         InstallCommand::tr(
             "Private key file (default: ssh-agent, then ~/.ssh/id_ed25519, id_ecdsa, id_rsa)."),
         InstallCommand::tr("file")},
        {QStringLiteral("password-stdin"),
         InstallCommand::tr(
             "Read a secret from the first line of stdin and offer it for the key's passphrase, the "
             "SSH password and sudo.")},
        {QStringLiteral("yes"),
         InstallCommand::tr(
             "Accept an unknown host key after printing its fingerprint (a changed key is always "
             "refused). Without it, an unknown key is asked about on the terminal, and refused when "
             "stdin is not a terminal.")},
        {QStringLiteral("known-hosts"), InstallCommand::tr("known_hosts file (default ~/.ssh/known_hosts)."),
         InstallCommand::tr("file")},
        {QStringLiteral("no-ssh-config"),
         InstallCommand::tr("Do not read ~/.ssh/config or /etc/ssh/ssh_config.")},
        {QStringLiteral("agent-port"),
         InstallCommand::tr("The agent's TLS control port (default %1).").arg(Protocol::kDefaultControlPort),
         InstallCommand::tr("port"), QString::number(Protocol::kDefaultControlPort)},
        {QStringLiteral("timeout"),
         InstallCommand::tr("Seconds to wait for the agent to answer after starting it (default 30)."),
         InstallCommand::tr("seconds"), QStringLiteral("30")},
        {QStringLiteral("config-dir"),
         InstallCommand::tr("Controller configuration directory (default ~/.config/hamgam)."),
         InstallCommand::tr("dir")},
        {QStringLiteral("data-dir"),
         InstallCommand::tr("Controller data directory (default ~/.local/share/hamgam)."),
         InstallCommand::tr("dir")},
    });
    if (installing) {
        parser.addOptions({
            {QStringLiteral("mode"),
             InstallCommand::tr(
                 "user: per-user under ~/.local (default; no root needed); deb: the Debian package "
                 "through sudo apt-get, as a system service."),
             InstallCommand::tr("user|deb")},
            {QStringLiteral("no-start"),
             InstallCommand::tr("Install only; do not start the agent or wait for it.")},
            {QStringLiteral("agent-args"),
             InstallCommand::tr("More hamgam-agent options for the installed service, e.g. \"--name lab-07 "
                                "--telemetry-hz 2\"."),
             InstallCommand::tr("options")},
            {QStringLiteral("agent-binary"),
             InstallCommand::tr("The hamgam-agent to upload (default: the one next to hamgamctl)."),
             InstallCommand::tr("path")},
            {QStringLiteral("worker-binary"),
             InstallCommand::tr("The hamgam-worker to upload (default: the one next to hamgamctl)."),
             InstallCommand::tr("path")},
            {QStringLiteral("no-worker"),
             InstallCommand::tr("Upload the agent without hamgam-worker (telemetry only).")},
            {QStringLiteral("package"),
             InstallCommand::tr(
                 "The hamgam-agent .deb for --mode deb (default: the newest in the build directory)."),
             InstallCommand::tr("file")},
        });
    }
    if (action == A::Uninstall)
        parser.addOption({QStringLiteral("keep-config"),
                          InstallCommand::tr("Keep the agent's key, node id and trust list.")});

    if (!parser.parse(arguments)) {
        err << InstallCommand::tr("%1: %2").arg(arguments.value(0), parser.errorText()) << Qt::endl
            << CtlContext::usage(parser, arguments) << Qt::endl;
        return kUsage;
    }
    if (parser.isSet(help)) {
        out << CtlContext::helpText(parser, arguments);
        return kOk;
    }
    const QStringList hosts = parser.positionalArguments();
    if (hosts.isEmpty()) {
        err << InstallCommand::tr("%1: give at least one host").arg(arguments.value(0)) << Qt::endl
            << CtlContext::usage(parser, arguments) << Qt::endl;
        return kUsage;
    }

    InstallRequest base;
    base.action = action;
    base.user = parser.value(QStringLiteral("user"));
    bool ok = true;
    if (parser.isSet(QStringLiteral("port"))) {
        const uint port = parser.value(QStringLiteral("port")).toUInt(&ok);
        if (!ok || port == 0 || port > 65535) {
            err << InstallCommand::tr("--port: \"%1\" is not a port number")
                       .arg(parser.value(QStringLiteral("port")))
                << Qt::endl;
            return kUsage;
        }
        base.sshPort = quint16(port);
    }
    const uint agentPort = parser.value(QStringLiteral("agent-port")).toUInt(&ok);
    if (!ok || agentPort == 0 || agentPort > 65535) {
        err << InstallCommand::tr("--agent-port: \"%1\" is not a port number")
                   .arg(parser.value(QStringLiteral("agent-port")))
            << Qt::endl;
        return kUsage;
    }
    base.agentPort = quint16(agentPort);
    const int timeout = parser.value(QStringLiteral("timeout")).toInt(&ok);
    if (!ok || timeout < 1 || timeout > 3600) {
        err << InstallCommand::tr("--timeout: must be between 1 and 3600 seconds") << Qt::endl;
        return kUsage;
    }
    base.answerTimeoutMs = timeout * 1000;
    base.identityFile = parser.value(QStringLiteral("identity"));
    if (!base.identityFile.isEmpty() && !QFileInfo(base.identityFile).isReadable()) {
        err << InstallCommand::tr("--identity: cannot read %1").arg(base.identityFile) << Qt::endl;
        return kUsage;
    }
    base.knownHostsFile = parser.value(QStringLiteral("known-hosts"));
    base.readSshConfig = !parser.isSet(QStringLiteral("no-ssh-config"));
    if (installing) {
        const QString mode = parser.value(QStringLiteral("mode"));
        if (mode.isEmpty())
            base.mode = InstallRequest::Mode::Auto;
        else if (mode == QLatin1String("user"))
            base.mode = InstallRequest::Mode::User;
        else if (mode == QLatin1String("deb") || mode == QLatin1String("package"))
            base.mode = InstallRequest::Mode::Package;
        else {
            err << InstallCommand::tr("--mode: \"%1\" is neither user nor deb").arg(mode) << Qt::endl;
            return kUsage;
        }
        base.start = !parser.isSet(QStringLiteral("no-start"));
        base.agentArguments = QProcess::splitCommand(parser.value(QStringLiteral("agent-args")));
        base.agentBinary = parser.isSet(QStringLiteral("agent-binary"))
                               ? parser.value(QStringLiteral("agent-binary"))
                               : AgentInstaller::defaultAgentBinary();
        if (!parser.isSet(QStringLiteral("no-worker")))
            base.workerBinary = parser.isSet(QStringLiteral("worker-binary"))
                                    ? parser.value(QStringLiteral("worker-binary"))
                                    : AgentInstaller::defaultWorkerBinary();
        base.packageFile = parser.isSet(QStringLiteral("package")) ? parser.value(QStringLiteral("package"))
                                                                   : AgentInstaller::defaultPackageFile();
    }
    base.keepConfig = action == A::Uninstall && parser.isSet(QStringLiteral("keep-config"));

    QList<InstallRequest> requests;
    for (const QString &text : hosts) {
        auto r = InstallRequest::forTarget(base, text);
        if (!r) {
            err << InstallCommand::tr("%1: %2").arg(arguments.value(0), r.error()) << Qt::endl;
            return kUsage;
        }
        requests.append(*r);
    }

    const bool interactive = isatty(STDIN_FILENO);
    QTextStream in(stdin);
    if (parser.isSet(QStringLiteral("password-stdin"))) {
        base.secret = in.readLine().toUtf8();
        if (base.secret.isEmpty()) {
            err << InstallCommand::tr("--password-stdin: the first line of stdin is empty") << Qt::endl;
            return kUsage;
        }
    }

    auto profile = ControllerProfile::open(parser.value(QStringLiteral("config-dir")),
                                           parser.value(QStringLiteral("data-dir")));
    if (!profile) {
        err << InstallCommand::tr("hamgamctl: %1").arg(profile.error()) << Qt::endl;
        return kFailed;
    }

    std::vector<std::unique_ptr<AgentInstaller>> installers;
    QEventLoop loop;
    int running = 0;
    const bool assumeYes = parser.isSet(QStringLiteral("yes"));
    for (qsizetype k = 0; k < requests.size(); ++k) {
        InstallRequest request = requests[k];
        request.secret = base.secret;
        auto installer = std::make_unique<AgentInstaller>(request, profile->identity(), &profile->pins());
        request.secret.fill('\0');
        AgentInstaller *raw = installer.get();
        const QString label = hosts[k];
        QObject::connect(raw, &AgentInstaller::stepStarted, &loop,
                         [&err, label](InstallStep step, int index, int count) {
                             err << InstallCommand::tr("[%1] %2 (%3/%4)")
                                        .arg(label, InstallText::step(step))
                                        .arg(index + 1)
                                        .arg(count)
                                 << Qt::endl;
                         });
        QObject::connect(raw, &AgentInstaller::noteAdded, &loop, [&err, label](const QString &text) {
            err << InstallCommand::tr("[%1] %2").arg(label, text) << Qt::endl;
        });
        QObject::connect(
            raw, &AgentInstaller::questionAsked, &loop, [&, raw, label](const InstallQuestion &q) {
                err << InstallCommand::tr("[%1] %2").arg(label, q.text);
                if (q.kind == InstallQuestion::Kind::HostKey) {
                    err << Qt::endl;
                    if (assumeYes) {
                        err << InstallCommand::tr("[%1] Accepted (--yes).").arg(label) << Qt::endl;
                        raw->answer(QStringLiteral("yes"));
                    } else if (interactive) {
                        err << InstallCommand::tr("Accept? [y/N] ") << Qt::flush;
                        const QString reply = readLine(in).trimmed().toLower();
                        const bool yes = reply == QLatin1String("y") || reply == QLatin1String("yes") ||
                                         reply == InstallCommand::tr("y") ||
                                         reply == InstallCommand::tr("yes");
                        raw->answer(yes ? std::optional<QString>(QStringLiteral("yes")) : std::nullopt);
                    } else {
                        err << InstallCommand::tr(
                                   "[%1] Refused: stdin is not a terminal. Check the fingerprint, then run "
                                   "again with --yes to accept it.")
                                   .arg(label)
                            << Qt::endl;
                        raw->answer(std::nullopt);
                    }
                    return;
                }
                if (interactive) {
                    err << QLatin1Char(' ') << Qt::flush;
                    raw->answer(readSecret(in));
                } else {
                    err << Qt::endl
                        << InstallCommand::tr(
                               "[%1] No answer: stdin is not a terminal (use --password-stdin).")
                               .arg(label)
                        << Qt::endl;
                    raw->answer(std::nullopt);
                }
            });
        QObject::connect(raw, &AgentInstaller::finished, &loop, [&] {
            if (--running == 0)
                loop.quit();
        });
        installers.push_back(std::move(installer));
    }
    base.secret.fill('\0');

    SignalWatcher signalWatcher({SIGINT, SIGTERM});
    QObject::connect(&signalWatcher, &SignalWatcher::received, &loop, [&] {
        err << InstallCommand::tr("Cancelling…") << Qt::endl;
        for (auto &i : installers)
            i->cancel();
    });
    running = int(installers.size());
    for (auto &i : installers)
        i->start();
    loop.exec();

    // Machines installed here are added by address, so they are contacted even on another subnet.
    QStringList manual = profile->manualMachines();
    const QStringList manualBefore = manual;
    for (const auto &i : installers) {
        const InstallResult &r = i->result();
        if (!r.ok())
            continue;
        const QString entry = HostPort{r.host, r.agentPort}.toString();
        if ((action == A::Install || action == A::Upgrade) && r.answering && !manual.contains(entry))
            manual.append(entry);
        if (action == A::Uninstall)
            manual.removeAll(entry);
    }
    if (manual != manualBefore) {
        if (auto s = profile->saveManualMachines(manual); !s)
            err << s.error() << Qt::endl;
    }

    // The result table, one row per machine, then what was said along the way.
    int code = kOk;
    bool anyFailed = false, anyRefused = false, anyCancelled = false, anyMissing = false;
    if (action == A::Status) {
        TextTable table({InstallCommand::tr("MACHINE"), InstallCommand::tr("INSTALLED"),
                         InstallCommand::tr("MODE"), InstallCommand::tr("VERSION"),
                         InstallCommand::tr("RUNNING"), InstallCommand::tr("ANSWERS"),
                         InstallCommand::tr("AUTOSTART"), InstallCommand::tr("NODE")});
        for (size_t k = 0; k < installers.size(); ++k) {
            const InstallResult &r = installers[k]->result();
            const QString yes = InstallCommand::tr("yes"), no = InstallCommand::tr("no");
            if (!r.ok()) {
                table.addRow({hosts[qsizetype(k)], InstallText::outcome(r.outcome), QString(), QString(),
                              QString(), QString(), QString(), r.error});
                continue;
            }
            anyMissing = anyMissing || !r.installed || !r.running || !r.answering;
            table.addRow(
                {hosts[qsizetype(k)], r.installed ? yes : no, InstallText::mode(r.mode), r.agentVersion,
                 r.installed ? (r.running ? yes : no) : QString(),
                 r.installed
                     ? (r.answering ? InstallCommand::tr("yes, %1:%2").arg(r.host).arg(r.agentPort) : no)
                     : QString(),
                 InstallText::autostart(r.autostart), r.nodeId.left(8)});
        }
        out << table.render();
    } else {
        TextTable table({InstallCommand::tr("MACHINE"), InstallCommand::tr("ACTION"),
                         InstallCommand::tr("RESULT"), InstallCommand::tr("MODE"),
                         InstallCommand::tr("VERSION"), InstallCommand::tr("AUTOSTART"),
                         InstallCommand::tr("DETAILS")});
        for (size_t k = 0; k < installers.size(); ++k) {
            const InstallResult &r = installers[k]->result();
            QString details = r.error;
            if (r.ok() && (action == A::Install || action == A::Upgrade || action == A::Restart))
                details =
                    r.answering
                        ? InstallCommand::tr("trusted, answering on %1:%2, node %3, fingerprint %4")
                              .arg(r.host)
                              .arg(r.agentPort)
                              .arg(r.nodeId.left(8), Identity::displayFingerprint(r.fingerprint).left(23))
                        : InstallCommand::tr("installed, not started (--no-start)");
            else if (r.ok() && action == A::Uninstall)
                details = InstallCommand::tr("removed");
            table.addRow({hosts[qsizetype(k)], InstallText::action(action), InstallText::outcome(r.outcome),
                          InstallText::mode(r.mode), r.agentVersion, InstallText::autostart(r.autostart),
                          details});
        }
        out << table.render();
    }
    for (size_t k = 0; k < installers.size(); ++k) {
        const InstallResult &r = installers[k]->result();
        for (const QString &n : r.notes)
            out << InstallCommand::tr("%1: %2").arg(hosts[qsizetype(k)], n) << Qt::endl;
        anyFailed = anyFailed || r.outcome == InstallResult::Outcome::Failed;
        anyRefused = anyRefused || r.outcome == InstallResult::Outcome::Refused;
        anyCancelled = anyCancelled || r.outcome == InstallResult::Outcome::Cancelled;
    }
    if (anyCancelled)
        code = kEnded;
    else if (anyFailed)
        code = kFailed;
    else if (anyRefused)
        code = kRefused;
    else if (anyMissing)
        code = kNotFound;
    return code;
}
} // namespace

int InstallCommand::install(const QStringList &arguments)
{
    return run(InstallRequest::Action::Install, arguments);
}

int InstallCommand::upgrade(const QStringList &arguments)
{
    return run(InstallRequest::Action::Upgrade, arguments);
}

int InstallCommand::uninstall(const QStringList &arguments)
{
    return run(InstallRequest::Action::Uninstall, arguments);
}

int InstallCommand::restart(const QStringList &arguments)
{
    return run(InstallRequest::Action::Restart, arguments);
}

int InstallCommand::status(const QStringList &arguments)
{
    return run(InstallRequest::Action::Status, arguments);
}
