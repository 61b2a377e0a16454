#pragma once

#include "controllerprofile.h"
#include "expected.h"

#include <memory>
#include <optional>
#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QList>

class DiscoveryListener;
class HistoryStore;
class NodeRegistry;

/// What every hamgamctl subcommand needs: the controller profile (identity,
/// pins, machines added by hand), the node registry and discovery, configured
/// from the common options.
class CtlContext
{
    Q_DECLARE_TR_FUNCTIONS(CtlContext)

public:
    static void addOptions(QCommandLineParser &parser);
    /// Parses a subcommand's arguments (the first names it, e.g. "hamgamctl run").
    /// --help prints the help and exits 0. An unknown option or a missing value
    /// is printed with the subcommand's name and gives false, for the documented
    /// exit code 2 (QCommandLineParser::process would exit with 1).
    static bool parseArguments(QCommandLineParser &parser, const QStringList &arguments);
    /// The subcommand's help, its usage line naming it as typed: "Usage: hamgamctl run [options] CONFIG".
    static QString helpText(const QCommandLineParser &parser, const QStringList &arguments);
    /// That usage line alone, printed after a bad command line.
    static QString usage(const QCommandLineParser &parser, const QStringList &arguments);
    /// A whole-number option's value within [min, max]. Anything else is printed with the
    /// subcommand's name (arguments[0]) and gives nothing, for exit code 2.
    static std::optional<int> intOption(const QCommandLineParser &parser, const QString &name, int min,
                                        int max, const QStringList &arguments);
    static Expected<std::unique_ptr<CtlContext>> open(const QCommandLineParser &parser);
    ~CtlContext();

    ControllerProfile &profile() { return m_profile; }
    NodeRegistry &registry() { return *m_registry; }
    enum class HistoryUse
    {
        Record,
        ReadOnly
    };
    /// The history database (--history PATH, or the default one the app uses).
    /// ReadOnly: a missing database is an error, not a new empty file (a
    /// mistyped --history must not leave databases behind).
    Expected<HistoryStore *> history(HistoryUse use = HistoryUse::Record);
    /// Whether the history database exists yet.
    bool historyExists() const;
    /// Waits until every listed node id is connected, or `maxMs` passes.
    void waitForNodes(const QStringList &nodeIds, int maxMs);

    /// Runs the event loop until every trusted, online agent is connected and
    /// has sent telemetry (or failed), or `maxMs` passes.
    void settle(int maxMs);

private:
    CtlContext() = default;
    QString historyPath() const;

    ControllerProfile m_profile;
    std::unique_ptr<NodeRegistry> m_registry;
    std::unique_ptr<DiscoveryListener> m_listener;
    std::unique_ptr<HistoryStore> m_history;
    QString m_historyPath;
};
