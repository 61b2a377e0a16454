// hamgamctl: the command-line client. Each subcommand parses its own options.
#include "nodescommand.h"
#include "translations.h"
#include "version.h"

#include <QCoreApplication>
#include <QTextStream>

#include <functional>

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
    {"watch", QT_TRANSLATE_NOOP("hamgamctl", "stream live device telemetry"), NodesCommand::watch},
};

void usage(QTextStream &out)
{
    out << QCoreApplication::translate("hamgamctl", "Usage: hamgamctl COMMAND [options]   (hamgamctl COMMAND --help for its options)") << "\n\n"
        << QCoreApplication::translate("hamgamctl", "Commands:") << "\n";
    for (const Command &c : kCommands)
        out << "  " << QString::fromLatin1(c.name).leftJustified(10) << QCoreApplication::translate("hamgamctl", c.summary) << "\n";
    out << "\n" << QCoreApplication::translate("hamgamctl", "Exit codes: 0 success, 1 failure, 2 bad usage, 3 not found, 4 refused.") << Qt::endl;
}
} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("hamgamctl"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(Hamgam::kVersion));
    Translations::installForLocale(&app);
    QStringList args = QCoreApplication::arguments();
    QTextStream out(stdout);
    if (args.size() < 2 || args[1] == QLatin1String("--help") || args[1] == QLatin1String("-h")
        || args[1] == QLatin1String("help")) {
        usage(out);
        return args.size() < 2 ? 2 : 0;
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
    QTextStream err(stderr);
    err << QCoreApplication::translate("hamgamctl", "hamgamctl: unknown command \"%1\"").arg(args[1]) << "\n\n";
    usage(err);
    return 2;
}
