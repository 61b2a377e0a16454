// hamgamctl: the command-line client. Each subcommand parses its own options.
#include "historycommands.h"
#include "installcommand.h"
#include "labcommands.h"
#include "modelcommand.h"
#include "nodescommand.h"
#include "runcommands.h"
#include "tlsconfiguration.h"
#include "translations.h"
#include "version.h"

#include <functional>
#include <QCoreApplication>
#include <QTextStream>

namespace {
struct Command
{
    const char *name;
    const char *summary;
    std::function<int(const QStringList &)> run;
};

const Command kCommands[] = {
    {"nodes", QT_TRANSLATE_NOOP("hamgamctl", "list machines (--json)"), NodesCommand::nodes},
    {"trust", QT_TRANSLATE_NOOP("hamgamctl", "pin a machine's certificate fingerprint"), NodesCommand::trust},
    {"add", QT_TRANSLATE_NOOP("hamgamctl", "add a machine by address"), NodesCommand::add},
    {"forget", QT_TRANSLATE_NOOP("hamgamctl", "forget a machine"), NodesCommand::forget},
    {"watch", QT_TRANSLATE_NOOP("hamgamctl", "every device as a table, refreshed each second"),
     NodesCommand::watch},
    {"check", QT_TRANSLATE_NOOP("hamgamctl", "validate a run config and run pre-flight checks"),
     RunCommands::check},
    {"run", QT_TRANSLATE_NOOP("hamgamctl", "start a run (--follow to watch it)"), RunCommands::run},
    {"runs", QT_TRANSLATE_NOOP("hamgamctl", "list runs (--json)"), HistoryCommands::runs},
    {"show", QT_TRANSLATE_NOOP("hamgamctl", "show one run (--json)"), HistoryCommands::show},
    {"stop",
     QT_TRANSLATE_NOOP("hamgamctl", "stop a run (after a checkpoint, if it has a checkpoint directory)"),
     RunCommands::stop},
    {"abort", QT_TRANSLATE_NOOP("hamgamctl", "abort a run now"), RunCommands::abort},
    {"attach", QT_TRANSLATE_NOOP("hamgamctl", "follow a run again, filling the history's gaps"),
     RunCommands::attach},
    {"compare", QT_TRANSLATE_NOOP("hamgamctl", "compare 2 to 100 runs (--json)"), HistoryCommands::compare},
    {"export", QT_TRANSLATE_NOOP("hamgamctl", "export a run as CSV (--csv DIR)"), HistoryCommands::exportRun},
    {"export-model",
     QT_TRANSLATE_NOOP("hamgamctl", "bring a run's trained model into a folder (TorchScript)"),
     ModelCommand::exportModel},
    {"user", QT_TRANSLATE_NOOP("hamgamctl", "show or set your user name in the lab"), LabCommands::user},
    {"lab", QT_TRANSLATE_NOOP("hamgamctl", "every device: free, leased or reserved, by whom, utilization"),
     LabCommands::lab},
    {"queue", QT_TRANSLATE_NOOP("hamgamctl", "the runs waiting for devices, with estimated starts"),
     LabCommands::queue},
    {"cancel", QT_TRANSLATE_NOOP("hamgamctl", "take a run out of the queue"), LabCommands::cancel},
    {"wait", QT_TRANSLATE_NOOP("hamgamctl", "wait until a run ends; its exit code says how"),
     LabCommands::wait},
    {"reserve", QT_TRANSLATE_NOOP("hamgamctl", "book devices for a time window"), LabCommands::reserve},
    {"reservations", QT_TRANSLATE_NOOP("hamgamctl", "list the bookings"), LabCommands::reservations},
    {"unreserve", QT_TRANSLATE_NOOP("hamgamctl", "cancel a booking"), LabCommands::unreserve},
    {"usage", QT_TRANSLATE_NOOP("hamgamctl", "device-hours per user and week (--csv)"), LabCommands::usage},
    {"policy", QT_TRANSLATE_NOOP("hamgamctl", "the lab's rules; the admin changes them"),
     LabCommands::policy},
    {"install", QT_TRANSLATE_NOOP("hamgamctl", "install the agent on machines over SSH"),
     InstallCommand::install},
    {"upgrade", QT_TRANSLATE_NOOP("hamgamctl", "upgrade the agent on machines over SSH"),
     InstallCommand::upgrade},
    {"uninstall", QT_TRANSLATE_NOOP("hamgamctl", "remove the agent from machines over SSH"),
     InstallCommand::uninstall},
    {"restart", QT_TRANSLATE_NOOP("hamgamctl", "restart the agent on machines over SSH"),
     InstallCommand::restart},
    {"agent-status", QT_TRANSLATE_NOOP("hamgamctl", "the agent's state on machines, over SSH"),
     InstallCommand::status},
};

void usage(QTextStream &out)
{
    out << QCoreApplication::translate(
               "hamgamctl", "Usage: hamgamctl COMMAND [options]   (hamgamctl COMMAND --help for its options)")
        << "\n\n"
        << QCoreApplication::translate("hamgamctl", "Commands:") << "\n";
    for (const Command &c : kCommands)
        out << "  " << QString::fromLatin1(c.name).leftJustified(13)
            << QCoreApplication::translate("hamgamctl", c.summary) << "\n";
    out << "\n"
        << QCoreApplication::translate(
               "hamgamctl",
               "Exit codes: 0 success, 1 failure (or the run failed), 2 bad usage, 3 not "
               "found, 4 refused, 5 the run was stopped, aborted or taken out of the queue, 6 still "
               "going (wait --timeout).")
        << Qt::endl;
}
} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    TlsConfiguration::useDirectConnections();
    QCoreApplication::setApplicationName(QStringLiteral("hamgamctl"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(Hamgam::kVersion));
    Translations::installForLocale(&app);
    QStringList args = QCoreApplication::arguments();
    QTextStream out(stdout);
    QTextStream err(stderr);
    if (args.size() < 2) { // bad usage: the usage goes where errors go
        usage(err);
        return 2;
    }
    if (args[1] == QLatin1String("--help") || args[1] == QLatin1String("-h") ||
        args[1] == QLatin1String("help")) {
        usage(out);
        return 0;
    }
    if (args[1] == QLatin1String("--version")) {
        out << "hamgamctl " << Hamgam::kVersion << Qt::endl;
        return 0;
    }
    for (const Command &c : kCommands) {
        if (args[1] == QLatin1String(c.name)) {
            QStringList sub = args.mid(1);
            sub[0] = QStringLiteral("hamgamctl %1").arg(args[1]);
            return c.run(sub);
        }
    }
    err << QCoreApplication::translate("hamgamctl", "hamgamctl: unknown command \"%1\"").arg(args[1])
        << "\n\n";
    usage(err);
    return 2;
}
