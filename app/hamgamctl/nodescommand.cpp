#include "nodescommand.h"

#include "ctlcontext.h"
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
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QTextStream>

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

/// One device of one sample: its line, then who holds it, one line per
/// process as nvitop lists them (pid, user, memory, type, command line).
QString watchLines(const QString &time, const QString &machine, const DeviceSample &d, const QLocale &locale)
{
    const QString device = SafeText::escaped(d.label());
    if (d.lost)
        return NodesCommand::tr("%1  %2  %3  %4").arg(time, machine, device, DeviceText::lost()) + u'\n';
    QStringList parts{NodesCommand::tr("%1  %2  %3  util %4%  mem %5 / %6")
                          .arg(time, machine, device, locale.toString(d.utilization, 'f', 1),
                               DataSize::format(d.memoryUsed, 1, locale),
                               DataSize::format(d.memoryTotal, 1, locale))};
    parts << DeviceText::readings(d, locale);
    QString text = parts.join(QStringLiteral("  ")) + u'\n';
    qsizetype pidWidth = 0;
    qsizetype userWidth = 0;
    qsizetype memoryWidth = 0;
    for (const DeviceProcess &p : d.processes) {
        pidWidth = qMax(pidWidth, QString::number(p.pid).size());
        userWidth = qMax(userWidth, DeviceText::user(p, DeviceText::Shown::Terminal, locale).size());
        memoryWidth = qMax(memoryWidth, DeviceText::memory(p.memoryBytes, locale).size());
    }
    for (const DeviceProcess &p : d.processes)
        text += QStringLiteral("    %1  %2  %3  %4  %5\n")
                    .arg(QString::number(p.pid).rightJustified(pidWidth),
                         DeviceText::user(p, DeviceText::Shown::Terminal, locale).leftJustified(userWidth),
                         DeviceText::memory(p.memoryBytes, locale).rightJustified(memoryWidth),
                         DeviceProcess::typeName(p.type).leftJustified(3),
                         DeviceText::command(p, DeviceText::Shown::Terminal, locale));
    return text;
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
        out << QJsonDocument(array).toJson(QJsonDocument::Indented);
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
                                 tr("Node id (or its first characters), name or address."));
    parser.addOption({QStringLiteral("fingerprint"),
                      tr("Expected fingerprint; refuse if the agent shows another."), tr("hex")});
    auto ctx = openContext(parser, arguments);
    if (!ctx)
        return 2;
    if (parser.positionalArguments().size() != 1) {
        QTextStream(stderr) << tr("hamgamctl trust: give exactly one node") << Qt::endl;
        return 2;
    }
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
    parser.addPositionalArgument(QStringLiteral("host"), tr("host[:port]"));
    auto ctx = openContext(parser, arguments);
    if (!ctx)
        return 2;
    if (parser.positionalArguments().size() != 1) {
        QTextStream(stderr) << tr("hamgamctl add: give exactly one host[:port]") << Qt::endl;
        return 2;
    }
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
    parser.addPositionalArgument(QStringLiteral("node"), tr("Node id, name or address."));
    auto ctx = openContext(parser, arguments);
    if (!ctx)
        return 2;
    if (parser.positionalArguments().size() != 1) {
        QTextStream(stderr) << tr("hamgamctl forget: give exactly one node") << Qt::endl;
        return 2;
    }
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
    parser.setApplicationDescription(tr("Stream live device telemetry of trusted machines: one line per "
                                        "device and sample, then one per process "
                                        "on it (pid, user, memory, type, command line)."));
    parser.addPositionalArgument(QStringLiteral("node"), tr("Only this machine (id, name or address)."),
                                 tr("[node]"));
    parser.addOption({QStringLiteral("count"),
                      tr("Stop after this many samples per machine (default: run until interrupted)."),
                      tr("n"), QStringLiteral("0")});
    std::optional<int> count;
    auto ctx = openContext(parser, arguments, [&] {
        count = CtlContext::intOption(parser, QStringLiteral("count"), 0, 1000000, arguments);
        return count.has_value();
    });
    if (!ctx)
        return 2;
    ctx->settle(qMin(2000, parser.value(QStringLiteral("wait")).toInt()));
    QString only;
    if (!parser.positionalArguments().isEmpty()) {
        const Node *node = findNode(ctx->registry(), parser.positionalArguments().first(),
                                    NodeRegistry::Scope::Trusted, QStringLiteral("watch"));
        if (!node)
            return 3;
        only = node->key;
    }
    QHash<QString, int> seen;
    QTextStream out(stdout);
    const QLocale locale;
    QEventLoop loop;
    QObject::connect(&ctx->registry(), &NodeRegistry::telemetryUpdated, &loop, [&](const QString &key) {
        if (!only.isEmpty() && key != only)
            return;
        const Node *n = ctx->registry().node(key);
        if (!n || !n->telemetry)
            return;
        const QString time =
            QDateTime::fromMSecsSinceEpoch(n->telemetry->timeMs).toString(QStringLiteral("HH:mm:ss.zzz"));
        for (const DeviceSample &d : n->telemetry->devices)
            out << watchLines(time, SafeText::escaped(n->name), d, locale);
        out.flush(); // a sample at a time, also into a pipe
        if (*count > 0 && ++seen[key] >= *count) {
            bool done = true;
            for (const QString &k : ctx->registry().readyKeys())
                done = done && (!only.isEmpty() ? seen.value(only) >= *count : seen.value(k) >= *count);
            if (done)
                loop.quit();
        }
    });
    if (ctx->registry().readyKeys().isEmpty()) {
        QTextStream(stderr) << tr("hamgamctl watch: no trusted machine is connected") << Qt::endl;
        return 3;
    }
    loop.exec();
    return 0;
}
