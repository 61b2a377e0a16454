#include "ctlcontext.h"

#include "broadcasttargets.h"
#include "commandlinehelp.h"
#include "discoverylistener.h"
#include "historystore.h"
#include "hostport.h"
#include "noderegistry.h"
#include "protocol.h"

#include <cstdlib>
#include <memory>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QSet>
#include <QTextStream>
#include <QTimer>

void CtlContext::addOptions(QCommandLineParser &parser)
{
    parser.addOptions({
        {QStringLiteral("config-dir"), tr("Controller configuration directory (default ~/.config/hamgam)."),
         tr("dir")},
        {QStringLiteral("data-dir"), tr("Controller data directory (default ~/.local/share/hamgam)."),
         tr("dir")},
        {QStringLiteral("discovery-port"),
         tr("UDP discovery port (default %1).").arg(Protocol::kDefaultDiscoveryPort), tr("port"),
         QString::number(Protocol::kDefaultDiscoveryPort)},
        {QStringLiteral("discovery-targets"),
         tr("Comma-separated broadcast addresses for discovery queries."), tr("addresses")},
        {QStringLiteral("connect"), tr("Also contact the agent at host[:port]; repeatable."),
         tr("host:port")},
        {QStringLiteral("wait"), tr("How long to look for machines, in ms (default 3000)."), tr("ms"),
         QStringLiteral("3000")},
        {QStringLiteral("history"), tr("History database (default ~/.local/share/hamgam/history.sqlite)."),
         tr("path")},
    });
}

CtlContext::~CtlContext() = default;

QString CtlContext::helpText(const QCommandLineParser &parser, const QStringList &arguments)
{
    // The usage line names the subcommand, as the user types it.
    return CommandLineHelp::text(parser, arguments.value(0));
}

QString CtlContext::usage(const QCommandLineParser &parser, const QStringList &arguments)
{
    const QString text = helpText(parser, arguments);
    return text.left(text.indexOf(QLatin1Char('\n'))).trimmed();
}

bool CtlContext::parseArguments(QCommandLineParser &parser, const QStringList &arguments)
{
    if (!parser.parse(arguments)) {
        QTextStream(stderr) << tr("%1: %2").arg(arguments.value(0), parser.errorText()) << Qt::endl
                            << usage(parser, arguments) << Qt::endl;
        return false;
    }
    if (parser.isSet(QStringLiteral("help")) || parser.isSet(QStringLiteral("help-all"))) {
        QTextStream(stdout) << helpText(parser, arguments);
        ::exit(0);
    }
    return true;
}

std::optional<int> CtlContext::intOption(const QCommandLineParser &parser, const QString &name, int min,
                                         int max, const QStringList &arguments)
{
    bool ok = false;
    const QString text = parser.value(name);
    const int value = text.toInt(&ok);
    if (ok && value >= min && value <= max)
        return value;
    QTextStream(stderr) << tr("%1: --%2: \"%3\" is not a whole number from %4 to %5")
                               .arg(arguments.value(0), name, text)
                               .arg(min)
                               .arg(max)
                        << Qt::endl;
    return std::nullopt;
}

Expected<std::unique_ptr<CtlContext>> CtlContext::open(const QCommandLineParser &parser)
{
    using Result = Expected<std::unique_ptr<CtlContext>>;
    // The options first: a mistyped command line creates nothing on disk.
    bool ok = false;
    const uint port = parser.value(QStringLiteral("discovery-port")).toUInt(&ok);
    if (!ok || port == 0 || port > 65535)
        return Result::failure(tr("--discovery-port: \"%1\" is not a port number")
                                   .arg(parser.value(QStringLiteral("discovery-port"))));
    const auto targets = BroadcastTargets::parse(parser.value(QStringLiteral("discovery-targets")), &ok);
    if (!ok)
        return Result::failure(tr("--discovery-targets: not a list of IP addresses"));
    const int waitMs = parser.value(QStringLiteral("wait")).toInt(&ok);
    if (!ok || waitMs < 0)
        return Result::failure(
            tr("--wait: \"%1\" is not a number of milliseconds").arg(parser.value(QStringLiteral("wait"))));
    auto profile = ControllerProfile::open(parser.value(QStringLiteral("config-dir")),
                                           parser.value(QStringLiteral("data-dir")));
    if (!profile)
        return Result::failure(profile.error());
    std::unique_ptr<CtlContext> ctx(new CtlContext);
    ctx->m_profile = *profile;
    ctx->m_registry = std::make_unique<NodeRegistry>(ctx->m_profile);
    ctx->m_listener = std::make_unique<DiscoveryListener>(quint16(port), targets);
    if (!ctx->m_listener->start())
        return Result::failure(
            tr("cannot listen for agents on UDP port %1: %2").arg(port).arg(ctx->m_listener->errorString()));
    QStringList manual = ctx->m_profile.manualMachines();
    manual += parser.values(QStringLiteral("connect"));
    for (const QString &entry : std::as_const(manual)) {
        auto hp = HostPort::parse(entry, Protocol::kDefaultControlPort);
        if (!hp)
            return Result::failure(hp.error());
        ctx->m_registry->addManual(hp->host, hp->port);
    }
    ctx->m_registry->start(ctx->m_listener.get());
    ctx->m_historyPath = parser.value(QStringLiteral("history"));
    return Result(std::move(ctx));
}

void CtlContext::settle(int maxMs)
{
    QElapsedTimer elapsed;
    elapsed.start();
    QEventLoop loop;
    QTimer check;
    QObject::connect(&check, &QTimer::timeout, &loop, [&] {
        if (elapsed.elapsed() >= maxMs) {
            loop.quit();
            return;
        }
        // Give discovery a moment (queries are answered at once), then wait for
        // every trusted online agent to connect and send its first telemetry.
        if (elapsed.elapsed() < 500)
            return;
        for (const Node &n : m_registry->nodes()) {
            const bool pending = n.link == Node::Link::Connecting ||
                                 (n.trust == Node::Trust::Pinned && n.isOnline() && !n.telemetry) ||
                                 (n.manual && n.nodeId.isEmpty() && n.message.isEmpty());
            if (pending)
                return;
        }
        loop.quit();
    });
    check.start(50);
    loop.exec();
}

QString CtlContext::historyPath() const
{
    return m_historyPath.isEmpty() ? m_profile.defaultHistoryPath() : m_historyPath;
}

bool CtlContext::historyExists() const
{
    return QFileInfo::exists(historyPath());
}

Expected<HistoryStore *> CtlContext::history(HistoryUse use)
{
    if (!m_history) {
        if (use == HistoryUse::ReadOnly && !historyExists())
            return Expected<HistoryStore *>::failure(
                tr("no history at %1: no run has been recorded there yet (--history PATH reads another)")
                    .arg(QDir::toNativeSeparators(historyPath())));
        auto store = std::make_unique<HistoryStore>(historyPath());
        if (auto s = store->open(); !s)
            return Expected<HistoryStore *>::failure(s.error());
        // What a command prints after a failed read may be short: it says so (once per message).
        auto warn = [seen = std::make_shared<QSet<QString>>()](const QString &text) {
            if (!seen->contains(text)) {
                seen->insert(text);
                QTextStream(stderr) << text << Qt::endl;
            }
        };
        QObject::connect(store.get(), &HistoryStore::readFailed, store.get(), [warn](const QString &error) {
            warn(tr("hamgamctl: the run history could not be read: %1").arg(error));
        });
        QObject::connect(store.get(), &HistoryStore::writeFailed, store.get(), [warn](const QString &error) {
            warn(tr("hamgamctl: the run history could not be saved: %1").arg(error));
        });
        m_history = std::move(store);
    }
    return m_history.get();
}

void CtlContext::waitForNodes(const QStringList &nodeIds, int maxMs)
{
    QElapsedTimer elapsed;
    elapsed.start();
    QEventLoop loop;
    QTimer check;
    QObject::connect(&check, &QTimer::timeout, &loop, [&] {
        bool all = true;
        for (const QString &id : nodeIds) {
            const Node *n = m_registry->node(id);
            all = all && n && n->isConnected();
        }
        if (all || elapsed.elapsed() >= maxMs)
            loop.quit();
    });
    check.start(50);
    loop.exec();
}
