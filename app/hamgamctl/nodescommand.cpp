#include "nodescommand.h"

#include "ctlcontext.h"
#include "ctlformat.h"
#include "datasize.h"
#include "devicetext.h"
#include "hostport.h"
#include "identity.h"
#include "noderegistry.h"
#include "protocol.h"
#include "safetext.h"
#include "texttable.h"

#include <functional>
#include <optional>
#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QTextStream>
#include <QTimer>
#include <unistd.h>

namespace {
QString statusText(const Node &n)
{
    switch (n.link) {
    case Node::Link::Offline:
        return NodesCommand::tr("offline");
    case Node::Link::Online:
        return NodesCommand::tr("online");
    case Node::Link::Connecting:
        return NodesCommand::tr("connecting");
    case Node::Link::Connected:
        return NodesCommand::tr("connected");
    }
    return {};
}

QString trustText(const Node &n)
{
    switch (n.trust) {
    case Node::Trust::Unknown:
        return NodesCommand::tr("not trusted yet");
    case Node::Trust::Pinned:
        return NodesCommand::tr("trusted");
    case Node::Trust::Changed:
        return NodesCommand::tr("CERTIFICATE CHANGED");
    case Node::Trust::RejectedByAgent:
        return NodesCommand::tr("agent does not trust us");
    }
    return {};
}

QJsonObject toJson(const Node &n)
{
    QJsonObject o;
    o[QStringLiteral("id")] = n.nodeId;
    o[QStringLiteral("name")] = n.name;
    o[QStringLiteral("address")] = n.address;
    o[QStringLiteral("port")] = n.port;
    o[QStringLiteral("fingerprint")] =
        n.pinnedFingerprint.isEmpty() ? n.fingerprintToConfirm() : n.pinnedFingerprint;
    o[QStringLiteral("trusted")] = n.trust == Node::Trust::Pinned;
    o[QStringLiteral("online")] = n.isOnline();
    o[QStringLiteral("local")] = n.local;
    o[QStringLiteral("version")] = n.agentVersion;
    if (!n.message.isEmpty())
        o[QStringLiteral("message")] = n.message;
    QJsonArray devices;
    if (n.telemetry) {
        for (const DeviceSample &d : n.telemetry->devices) {
            QJsonObject dj;
            dj[QStringLiteral("name")] = d.name;
            dj[QStringLiteral("kind")] = DeviceSample::kindName(d.kind);
            if (d.cores > 0)
                dj[QStringLiteral("cores")] = d.cores;
            if (d.coreQuota > 0)
                dj[QStringLiteral("core_quota")] = d.coreQuota;
            dj[QStringLiteral("util")] = d.utilization;
            dj[QStringLiteral("mem_used")] = d.memoryUsed;
            dj[QStringLiteral("mem_total")] = d.memoryTotal;
            devices.append(dj);
        }
    } else {
        for (const Beacon::Device &d : n.advertisedDevices) {
            QJsonObject dj;
            dj[QStringLiteral("name")] = d.name;
            dj[QStringLiteral("kind")] = d.kind;
            if (d.cores > 0)
                dj[QStringLiteral("cores")] = d.cores;
            dj[QStringLiteral("util")] = QJsonValue();
            dj[QStringLiteral("mem_used")] = QJsonValue();
            dj[QStringLiteral("mem_total")] = QJsonValue();
            devices.append(dj);
        }
    }
    o[QStringLiteral("devices")] = devices;
    return o;
}

QString deviceText(const Node &n)
{
    const QLocale locale;
    QStringList parts;
    if (n.telemetry) {
        for (const DeviceSample &d : n.telemetry->devices)
            parts.append(NodesCommand::tr("%1 %2% %3/%4")
                             .arg(d.label(), locale.toString(d.utilization, 'f', 0),
                                  DataSize::format(d.memoryUsed, 1, locale),
                                  DataSize::format(d.memoryTotal, 1, locale)));
    } else {
        for (const Beacon::Device &d : n.advertisedDevices)
            parts.append(d.label());
    }
    return parts.join(QStringLiteral("; "));
}

/// The watch table, as nvtop draws it: one row per device of every machine, with its
/// utilization, memory used / total, temperature and power, who holds it (users) and its
/// largest process (pid and command line, "+N more" when others share it), and what
/// slows it down. Text from another machine is escaped by the table.
QString watchTable(const QList<std::pair<QString, DeviceSample>> &devices, const QLocale &locale)
{
    TextTable table({NodesCommand::tr("NODE"), NodesCommand::tr("DEVICE"), NodesCommand::tr("UTIL"),
                     NodesCommand::tr("MEMORY"), NodesCommand::tr("TEMP"), NodesCommand::tr("POWER"),
                     NodesCommand::tr("USER"), NodesCommand::tr("PROCESS"), NodesCommand::tr("NOTE")});
    for (const auto &[machine, d] : devices) {
        if (d.lost) {
            table.addRow({machine, d.label(), QStringLiteral("-"), QStringLiteral("-"), QStringLiteral("-"),
                          QStringLiteral("-"), QString(), QString(), DeviceText::lost()});
            continue;
        }
        QStringList users;
        for (const DeviceProcess &p : d.processes) {
            const QString user = p.user.isEmpty() ? DeviceText::tr("?") : p.user;
            if (!users.contains(user))
                users << user;
        }
        QString process;
        if (!d.processes.isEmpty()) {
            const DeviceProcess &top = d.processes.first();
            const QString command = top.commandOrName();
            process = NodesCommand::tr("%1 %2", "pid, command line")
                          .arg(QString::number(top.pid),
                               command.isEmpty() ? DeviceText::tr("(not found)") : command);
            if (d.processes.size() > 1)
                process =
                    NodesCommand::tr("%1 (+%Ln more)", nullptr, int(d.processes.size() - 1)).arg(process);
        }
        const QStringList slow = DeviceSample::slowdownReasons(d.throttleReasons);
        table.addRow({machine, d.label(), locale.toString(d.utilization, 'f', 0) + locale.percent(),
                      NodesCommand::tr("%1 / %2").arg(DataSize::format(d.memoryUsed, 1, locale),
                                                      DataSize::format(d.memoryTotal, 1, locale)),
                      d.temperature >= 0 ? DeviceText::tr("%1 °C").arg(locale.toString(d.temperature, 'f', 0))
                                         : QStringLiteral("-"),
                      d.power >= 0 && d.powerLimit > 0
                          ? DeviceText::tr("%1 / %2 W")
                                .arg(locale.toString(d.power, 'f', 0), locale.toString(d.powerLimit, 'f', 0))
                      : d.power >= 0 ? DeviceText::tr("%1 W").arg(locale.toString(d.power, 'f', 0))
                                     : QStringLiteral("-"),
                      users.join(QStringLiteral(", ")), process,
                      slow.isEmpty()
                          ? QString()
                          : DeviceText::tr("slowed down: %1").arg(locale.createSeparatedList(slow))});
    }
    return table.render();
}

/// Parses the arguments and opens the context; nullptr on bad usage (printed). `checkOptions` runs
/// before anything is opened, so a bad value creates nothing on disk.
std::unique_ptr<CtlContext> openContext(QCommandLineParser &parser, const QStringList &arguments,
                                        const std::function<bool()> &checkOptions = {})
{
    parser.addHelpOption();
    CtlContext::addOptions(parser);
    if (!CtlContext::parseArguments(parser, arguments))
        return nullptr;
    if (checkOptions && !checkOptions())
        return nullptr;
    auto ctx = CtlContext::open(parser);
    if (!ctx) {
        QTextStream(stderr) << NodesCommand::tr("hamgamctl: %1").arg(ctx.error()) << Qt::endl;
        return nullptr;
    }
    return std::move(*ctx);
}

/// The node a user means within `scope` (id or its leading part, name or address); nullptr after
/// saying why on stderr: none, or several (then none is chosen: an exact id wins nothing).
const Node *findNode(NodeRegistry &registry, const QString &text, NodeRegistry::Scope scope,
                     const QString &command, const QString &fingerprint = {})
{
    QList<const Node *> found = registry.match(text, scope);
    if (found.size() > 1 &&
        !fingerprint.isEmpty()) // the certificate the user compared decides between claimants
        found.removeIf([&](const Node *n) { return n->observedFingerprint != fingerprint; });
    if (found.size() == 1)
        return found.first();
    QTextStream err(stderr);
    if (found.isEmpty()) {
        if (scope == NodeRegistry::Scope::CertificateSeen &&
            !registry.match(text, NodeRegistry::Scope::Any).isEmpty())
            err << NodesCommand::tr("hamgamctl %1: \"%2\" was only announced, never reached over TLS, so its "
                                    "certificate is unproven; nothing was pinned")
                       .arg(command, text)
                << Qt::endl;
        else
            err << NodesCommand::tr("hamgamctl %1: no machine \"%2\" found").arg(command, text) << Qt::endl;
        return nullptr;
    }
    err << NodesCommand::tr("hamgamctl %1: \"%2\" matches several machines; give the whole id:")
               .arg(command, text)
        << Qt::endl;
    for (const Node *n : found)
        err << "  " << n->nodeId << "  " << SafeText::escaped(n->name) << "  " << n->address << ':' << n->port
            << Qt::endl;
    return nullptr;
}
} // namespace

int NodesCommand::nodes(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("List the machines this controller sees: discovered agents and machines added by hand."));
    parser.addOption({QStringLiteral("json"), tr("Print JSON instead of a table.")});
    auto ctx = openContext(parser, arguments);
    if (!ctx)
        return 2;
    ctx->settle(parser.value(QStringLiteral("wait")).toInt());
    const QList<Node> nodes = ctx->registry().nodes();
    QTextStream out(stdout);
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray array;
        for (const Node &n : nodes)
            array.append(toJson(n));
        out << CtlFormat::json(QJsonDocument(array));
        return 0;
    }
    if (nodes.isEmpty()) {
        out << tr("No machines found. Start hamgam-agent on a machine, or add one with: hamgamctl add "
                  "HOST[:PORT]")
            << Qt::endl;
        return 0;
    }
    const NodeRegistry &registry = ctx->registry();
    TextTable table({tr("ID"), tr("NAME"), tr("ADDRESS"), tr("STATUS"), tr("TRUST"), tr("DEVICES")});
    for (const Node &n : nodes)
        table.addRow({registry.shortId(n.nodeId), n.name, QStringLiteral("%1:%2").arg(n.address).arg(n.port),
                      statusText(n), trustText(n), deviceText(n)});
    out << table.render();
    for (const Node &n : nodes) {
        const QString name = SafeText::escaped(n.name);
        // Advice names the whole id and the certificate TLS showed, so following it pins exactly that
        // machine.
        if (n.trust == Node::Trust::Unknown && n.certificateSeen() && !n.nodeId.isEmpty())
            out << tr("%1 is not trusted yet. Its fingerprint is %2; if that is right, run: "
                      "hamgamctl trust %3 --fingerprint %4")
                       .arg(name, Identity::displayFingerprint(n.observedFingerprint), n.nodeId,
                            n.observedFingerprint)
                << Qt::endl;
        else if (n.trust == Node::Trust::Unknown && !n.nodeId.isEmpty())
            out << tr("%1 is not trusted yet and was not reached over TLS, so its certificate is unproven.")
                       .arg(name)
                << Qt::endl;
        else if (!n.message.isEmpty() && n.trust != Node::Trust::Pinned)
            out << name << ": " << SafeText::escaped(n.message) << Qt::endl;
        if (const QString warning = NodeRegistry::claimantWarning(n); !warning.isEmpty())
            out << SafeText::escaped(warning) << Qt::endl;
    }
    return 0;
}

int NodesCommand::trust(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Pin a machine's certificate fingerprint so this controller talks to it."));
    parser.addPositionalArgument(QStringLiteral("node"),
                                 tr("Node id (or its first characters), name or address."),
                                 QStringLiteral("NODE"));
    parser.addOption({QStringLiteral("fingerprint"),
                      tr("Expected fingerprint; refuse if the agent shows another."), tr("hex")});
    // Before anything is opened: a mistyped command line creates nothing on disk.
    auto ctx = openContext(parser, arguments, [&] {
        if (parser.positionalArguments().size() == 1)
            return true;
        QTextStream(stderr) << tr("hamgamctl trust: give exactly one node") << Qt::endl
                            << CtlContext::usage(parser, arguments) << Qt::endl;
        return false;
    });
    if (!ctx)
        return 2;
    ctx->settle(parser.value(QStringLiteral("wait")).toInt());
    const QString expected = parser.isSet(QStringLiteral("fingerprint"))
                                 ? Identity::normalizeFingerprint(parser.value(QStringLiteral("fingerprint")))
                                 : QString();
    QTextStream out(stdout);
    QTextStream err(stderr);
    if (parser.isSet(QStringLiteral("fingerprint")) && expected.isEmpty()) {
        err << tr("hamgamctl trust: \"%1\" is not a SHA-256 fingerprint (64 hex digits)")
                   .arg(parser.value(QStringLiteral("fingerprint")))
            << Qt::endl;
        return 2;
    }
    // Among several claimants of one name or id, --fingerprint names the one whose certificate the user
    // compared.
    const Node *node = findNode(ctx->registry(), parser.positionalArguments().first(),
                                NodeRegistry::Scope::CertificateSeen, QStringLiteral("trust"), expected);
    if (!node)
        return 3;
    const QString shown = node->observedFingerprint; // proven by TLS, never a beacon's word
    if (!expected.isEmpty() && expected != shown) {
        err << tr("hamgamctl trust: %1 shows fingerprint %2, not the one given; nothing was pinned")
                   .arg(node->name, Identity::displayFingerprint(shown))
            << Qt::endl;
        return 4;
    }
    const QString key = node->key;
    ctx->registry().trust(key, shown);
    out << tr("Pinned %1 (%2).").arg(node->name, Identity::displayFingerprint(shown)) << Qt::endl;
    return 0;
}

int NodesCommand::add(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("Add a machine by address, for agents on other subnets."));
    parser.addPositionalArgument(QStringLiteral("host"), tr("host[:port]"), QStringLiteral("HOST[:PORT]"));
    // Before anything is opened: a mistyped command line creates nothing on disk.
    auto ctx = openContext(parser, arguments, [&] {
        if (parser.positionalArguments().size() == 1)
            return true;
        QTextStream(stderr) << tr("hamgamctl add: give exactly one host[:port]") << Qt::endl
                            << CtlContext::usage(parser, arguments) << Qt::endl;
        return false;
    });
    if (!ctx)
        return 2;
    auto hp = HostPort::parse(parser.positionalArguments().first(), Protocol::kDefaultControlPort);
    if (!hp) {
        QTextStream(stderr) << tr("hamgamctl add: %1").arg(hp.error()) << Qt::endl;
        return 2;
    }
    QStringList entries = ctx->profile().manualMachines();
    if (!entries.contains(hp->toString()))
        entries.append(hp->toString());
    if (auto s = ctx->profile().saveManualMachines(entries); !s) {
        QTextStream(stderr) << tr("hamgamctl add: %1").arg(s.error()) << Qt::endl;
        return 1;
    }
    QTextStream(stdout) << tr("Added %1.").arg(hp->toString()) << Qt::endl;
    return 0;
}

int NodesCommand::forget(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Forget a machine: its pinned fingerprint and, if added by hand, its address."));
    parser.addPositionalArgument(QStringLiteral("node"), tr("Node id, name or address."),
                                 QStringLiteral("NODE"));
    // Before anything is opened: a mistyped command line creates nothing on disk.
    auto ctx = openContext(parser, arguments, [&] {
        if (parser.positionalArguments().size() == 1)
            return true;
        QTextStream(stderr) << tr("hamgamctl forget: give exactly one node") << Qt::endl
                            << CtlContext::usage(parser, arguments) << Qt::endl;
        return false;
    });
    if (!ctx)
        return 2;
    ctx->settle(qMin(1000, parser.value(QStringLiteral("wait")).toInt()));
    const Node *node = findNode(ctx->registry(), parser.positionalArguments().first(),
                                NodeRegistry::Scope::Any, QStringLiteral("forget"));
    if (!node)
        return 3;
    const QString name = node->name;
    const QString entry = HostPort{node->address, node->port}.toString();
    ctx->registry().forget(node->key);
    QStringList entries = ctx->profile().manualMachines();
    entries.removeAll(entry);
    (void)ctx->profile().saveManualMachines(entries);
    QTextStream(stdout) << tr("Forgot %1.").arg(name) << Qt::endl;
    return 0;
}

int NodesCommand::watch(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Watch the devices of trusted machines as a table that refreshes every second, as nvtop does: "
           "one row per device with its utilization, memory used / total, temperature, power, its users "
           "and its largest process. Into a pipe each refresh is printed in turn."));
    parser.addPositionalArgument(QStringLiteral("node"), tr("Only this machine (id, name or address)."),
                                 QStringLiteral("[NODE]"));
    parser.addOption({QStringLiteral("once"), tr("Print the table once, when every machine has reported, "
                                                 "and exit.")});
    parser.addOption({QStringLiteral("count"),
                      tr("Stop after this many refreshes (default: run until interrupted)."), tr("n"),
                      QStringLiteral("0")});
    std::optional<int> count;
    auto ctx = openContext(parser, arguments, [&] {
        count = CtlContext::intOption(parser, QStringLiteral("count"), 0, 1000000, arguments);
        return count.has_value();
    });
    if (!ctx)
        return 2;
    if (parser.isSet(QStringLiteral("once")))
        count = 1;
    ctx->settle(qMin(2000, parser.value(QStringLiteral("wait")).toInt()));
    QString only;
    if (!parser.positionalArguments().isEmpty()) {
        const Node *node = findNode(ctx->registry(), parser.positionalArguments().first(),
                                    NodeRegistry::Scope::Trusted, QStringLiteral("watch"));
        if (!node)
            return 3;
        only = node->key;
    }
    if (ctx->registry().readyKeys().isEmpty()) {
        QTextStream(stderr) << tr("hamgamctl watch: no trusted machine is connected") << Qt::endl;
        return 3;
    }
    QTextStream out(stdout);
    const QLocale locale;
    const bool tty = ::isatty(STDOUT_FILENO);
    int shown = 0;
    QEventLoop loop;
    auto watched = [&] { return only.isEmpty() ? ctx->registry().readyKeys() : QStringList{only}; };
    // The first table waits until every watched machine has sent a sample (at most a few seconds).
    QElapsedTimer since;
    since.start();
    auto draw = [&] {
        QList<std::pair<QString, DeviceSample>> devices;
        bool everyone = true;
        for (const QString &key : watched()) {
            const Node *n = ctx->registry().node(key);
            if (!n || !n->telemetry) {
                everyone = false;
                continue;
            }
            for (const DeviceSample &d : n->telemetry->devices)
                devices.append({n->name, d});
        }
        if (shown == 0 && !everyone && since.elapsed() < 5000)
            return;
        const QString header =
            tr("hamgamctl watch  %1  %Ln device(s)", nullptr, int(devices.size()))
                .arg(locale.toString(QDateTime::currentDateTime().time(), QLocale::LongFormat));
        if (tty && *count != 1)
            out << "\x1b[H\x1b[2J"; // redraw in place, as nvtop does
        else if (shown > 0)
            out << Qt::endl;
        out << header << Qt::endl << watchTable(devices, locale);
        out.flush(); // a table at a time, also into a pipe
        if (++shown == *count)
            loop.quit();
    };
    QTimer refresh;
    refresh.setInterval(1000);
    QObject::connect(&refresh, &QTimer::timeout, &loop, draw);
    // The first table as soon as the data is there; then once a second.
    QObject::connect(&ctx->registry(), &NodeRegistry::telemetryUpdated, &loop, [&] {
        if (shown == 0)
            draw();
    });
    refresh.start();
    QTimer::singleShot(0, &loop, draw);
    loop.exec();
    return 0;
}
