// hamgamctl: the command-line client. Each subcommand parses its own options.
#include "nodescommand.h"
#include "version.h"

#include <QCoreApplication>
#include <QTextStream>

#include <functional>

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("hamgamctl", text);
}

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
};

void usage(QTextStream &out)
{
    out << tr("Usage: hamgamctl COMMAND [options]   (hamgamctl COMMAND --help for its options)") << "\n\n"
        << tr("Commands:") << "\n";
    for (const Command &c : kCommands)
        out << "  " << QString::fromLatin1(c.name).leftJustified(10) << tr(c.summary) << "\n";
    out << "\n" << tr("Exit codes: 0 success, 1 failure, 2 bad usage, 3 not found, 4 refused.") << Qt::endl;
}
} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("hamgamctl"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(Hamgam::kVersion));
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
    err << tr("hamgamctl: unknown command \"%1\"").arg(args[1]) << "\n\n";
    usage(err);
    return 2;
}
