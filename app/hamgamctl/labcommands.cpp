#include "labcommands.h"

#include "atomicfile.h"
#include "controllerprofile.h"
#include "ctlcontext.h"
#include "ctlformat.h"
#include "exitcode.h"
#include "historystore.h"
#include "identity.h"
#include "labclient.h"
#include "noderegistry.h"
#include "runcontroller.h"
#include "rununtildone.h"
#include "safetext.h"
#include "texttable.h"
#include "username.h"

#include <functional>
#include <optional>
#include <QDateTime>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTimer>
#include <QTimeZone>

using namespace CtlFormat;

namespace {

QString when(qint64 ms)
{
    if (ms <= 0)
        return QStringLiteral("-");
    return QLocale().toString(QDateTime::fromMSecsSinceEpoch(ms), QStringLiteral("yyyy-MM-dd HH:mm"));
}

QString devicesText(const QList<int> &devices)
{
    QStringList parts;
    for (int d : devices)
        parts << QString::number(d);
    return parts.join(QLatin1Char(','));
}

/// Runs an event loop until `quit` is called (the work is started inside it) or `timeoutMs` passes.
LabSnapshot fetchSnapshot(CtlContext &ctx, bool series)
{
    LabClient client(ctx.registry());
    LabSnapshot snapshot;
    runUntilDone([&](auto quit) {
        client.fetch(series, [&, quit](const LabSnapshot &s) {
            snapshot = s;
            quit();
        });
    });
    for (const QString &e : snapshot.errors + snapshot.problems())
        err() << LabCommands::tr("warning: %1").arg(SafeText::escaped(e)) << Qt::endl;
    return snapshot;
}

QString stateText(LabDevice::State state)
{
    switch (state) {
    case LabDevice::State::Free:
        return LabCommands::tr("free");
    case LabDevice::State::Held:
        return LabCommands::tr("leased");
    case LabDevice::State::Pending:
        return LabCommands::tr("starting");
    case LabDevice::State::Booked:
        return LabCommands::tr("reserved");
    }
    return {};
}

QString percent(double value)
{
    return value < 0 ? QStringLiteral("-") : LabCommands::tr("%1%").arg(value, 0, 'f', 0);
}

QJsonObject bookingJson(const LabBooking &b)
{
    QJsonArray devices;
    for (int d : b.devices)
        devices.append(d);
    return QJsonObject{
        {QStringLiteral("id"), b.id},
        {QStringLiteral("node"), b.nodeName},
        {QStringLiteral("node_id"), b.nodeId},
        {QStringLiteral("user"), b.user},
        {QStringLiteral("devices"), devices},
        {QStringLiteral("from"), QDateTime::fromMSecsSinceEpoch(b.fromMs).toUTC().toString(Qt::ISODate)},
        {QStringLiteral("to"), QDateTime::fromMSecsSinceEpoch(b.toMs).toUTC().toString(Qt::ISODate)},
        {QStringLiteral("note"), b.note}};
}

std::unique_ptr<CtlContext> openSettled(QCommandLineParser &parser, const QStringList &arguments,
                                        int positional, const QString &usageText,
                                        const std::function<bool()> &check = {})
{
    auto ctx = openContext(parser, arguments, positional, usageText, check);
    if (ctx)
        ctx->settle(parser.value(QStringLiteral("wait")).toInt());
    return ctx;
}

} // namespace

qint64 LabCommands::parseDurationSeconds(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("^\\s*(\\d+(?:\\.\\d+)?)\\s*([smhd]?)\\s*$"));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch())
        return 0;
    const double value = m.captured(1).toDouble();
    const QString unit = m.captured(2);
    const double factor = unit == QLatin1String("m")   ? 60
                          : unit == QLatin1String("h") ? 3600
                          : unit == QLatin1String("d") ? 86400
                                                       : 1;
    const double seconds = value * factor;
    return seconds >= 1 && seconds <= 366.0 * 86400 ? qint64(seconds + 0.5) : 0;
}

qint64 LabCommands::parseTime(const QString &text, qint64 nowMs)
{
    const QString t = text.trimmed();
    if (t == QLatin1String("now"))
        return nowMs;
    if (t.startsWith(QLatin1Char('+'))) {
        const qint64 s = parseDurationSeconds(t.mid(1));
        return s > 0 ? nowMs + s * 1000 : 0;
    }
    QString iso = t;
    iso.replace(QLatin1Char(' '), QLatin1Char('T'));
    QDateTime dt = QDateTime::fromString(iso, Qt::ISODate);
    if (!dt.isValid())
        return 0;
    return dt.toMSecsSinceEpoch(); // no zone given: this computer's, as QDateTime reads it
}

int LabCommands::user(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Show or set your user name in the lab: agents record it with every run, lease and booking."));
    parser.addPositionalArgument(QStringLiteral("name"), tr("The new user name (optional)."), tr("[NAME]"));
    const QCommandLineOption fingerprint(
        QStringLiteral("fingerprint"),
        tr("Print this computer's certificate fingerprint instead: what an agent's --trust, --trust-admin "
           "and the admin's \"policy bind\" take."));
    parser.addOption(fingerprint);
    parser.addHelpOption();
    CtlContext::addOptions(parser);
    if (!CtlContext::parseArguments(parser, arguments))
        return 2;
    if (parser.positionalArguments().size() > 1) {
        err() << tr("usage: hamgamctl user [NAME]") << Qt::endl;
        return 2;
    }
    if (!parser.positionalArguments().isEmpty() && !UserName::isValid(parser.positionalArguments().first())) {
        ControllerProfile dummy;
        err() << tr("hamgamctl user: \"%1\" is not a user name: use 1 to 32 letters, digits, \".\", \"_\" or "
                    "\"-\", "
                    "starting with a letter or digit")
                     .arg(SafeText::escaped(parser.positionalArguments().first()))
              << Qt::endl;
        return 2;
    }
    auto profile = ControllerProfile::open(parser.value(QStringLiteral("config-dir")),
                                           parser.value(QStringLiteral("data-dir")));
    if (!profile) {
        err() << profile.error() << Qt::endl;
        return 1;
    }
    if (parser.isSet(fingerprint)) {
        out() << Identity::displayFingerprint(profile->identity().fingerprint()) << Qt::endl;
        return 0;
    }
    if (parser.positionalArguments().isEmpty()) {
        out() << profile->userName() << Qt::endl;
        return 0;
    }
    if (auto s = profile->setUserName(parser.positionalArguments().first()); !s) {
        err() << s.error() << Qt::endl;
        return 1;
    }
    out() << tr("You are %1 in the lab from now on.").arg(profile->userName()) << Qt::endl;
    return 0;
}

int LabCommands::lab(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Every device of the lab: free, leased or reserved, by whom, since and "
           "until when, and its utilization over the last 24 hours and 7 days."));
    parser.addOption({QStringLiteral("json"), tr("Print JSON.")});
    auto ctx = openSettled(parser, arguments, 0, tr("usage: hamgamctl lab [options]"));
    if (!ctx)
        return 2;
    const LabSnapshot snapshot = fetchSnapshot(*ctx, true);
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray devices;
        for (const LabDevice &d : snapshot.devices()) {
            QJsonObject o{{QStringLiteral("node"), d.nodeName},
                          {QStringLiteral("node_id"), d.nodeId},
                          {QStringLiteral("device"), d.index},
                          {QStringLiteral("name"), d.name},
                          {QStringLiteral("state"), LabDevice::stateKey(d.state)},
                          {QStringLiteral("util"), d.util},
                          {QStringLiteral("util_24h"), d.day.mean()},
                          {QStringLiteral("util_7d"), d.week.mean()}};
            if (d.hold) {
                o[QStringLiteral("user")] = d.hold->user;
                o[QStringLiteral("run_id")] = d.hold->runId;
                o[QStringLiteral("since")] =
                    QDateTime::fromMSecsSinceEpoch(d.hold->sinceMs).toUTC().toString(Qt::ISODate);
                if (d.hold->untilMs > 0)
                    o[QStringLiteral("until")] =
                        QDateTime::fromMSecsSinceEpoch(d.hold->untilMs).toUTC().toString(Qt::ISODate);
            }
            if (d.booking)
                o[QStringLiteral("booking")] = bookingJson(*d.booking);
            devices.append(o);
        }
        out() << json(QJsonDocument(QJsonObject{{QStringLiteral("devices"), devices}}));
        return snapshot.errors.isEmpty() ? 0 : 1;
    }
    TextTable table({tr("MACHINE"), tr("DEVICE"), tr("STATE"), tr("USER"), tr("RUN"), tr("SINCE"),
                     tr("UNTIL"), tr("NOW"), tr("24H"), tr("7D"), tr("NEXT BOOKING")});
    for (const LabDevice &d : snapshot.devices()) {
        const QString user = d.hold ? d.hold->user : d.booking ? d.booking->user : QString();
        const QString next = d.nextBooking
                                 ? tr("%1 from %2").arg(d.nextBooking->user, when(d.nextBooking->fromMs))
                                 : QString();
        table.addRow({d.nodeName, tr("%1 %2").arg(d.index).arg(d.name), stateText(d.state), user,
                      d.hold ? d.hold->runId : QString(), d.hold ? when(d.hold->sinceMs) : QString(),
                      d.hold      ? when(d.hold->untilMs)
                      : d.booking ? when(d.booking->toMs)
                                  : QString(),
                      percent(d.util), percent(d.day.mean()), percent(d.week.mean()), next});
    }
    if (table.isEmpty())
        out() << tr("No machine answered: is an agent running and trusted? (hamgamctl nodes)") << Qt::endl;
    else
        out() << table.render();
    return snapshot.errors.isEmpty() ? 0 : 1;
}

int LabCommands::queue(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("The runs waiting for their devices, in the order they will start, with the estimated start."));
    parser.addOption({QStringLiteral("json"), tr("Print JSON.")});
    auto ctx = openSettled(parser, arguments, 0, tr("usage: hamgamctl queue [options]"));
    if (!ctx)
        return 2;
    const LabSnapshot snapshot = fetchSnapshot(*ctx, false);
    const QList<LabQueueEntry> entries = snapshot.queue();
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray list;
        int position = 0;
        for (const LabQueueEntry &e : entries)
            list.append(QJsonObject{
                {QStringLiteral("position"), ++position},
                {QStringLiteral("run_id"), e.runId},
                {QStringLiteral("name"), e.name},
                {QStringLiteral("user"), e.user},
                {QStringLiteral("node"), e.nodeName},
                {QStringLiteral("nodes"), e.nodes},
                {QStringLiteral("estimated_start"),
                 e.estimatedStartMs > 0
                     ? QJsonValue(
                           QDateTime::fromMSecsSinceEpoch(e.estimatedStartMs).toUTC().toString(Qt::ISODate))
                     : QJsonValue()},
                {QStringLiteral("why"), e.why.toString()}});
        out() << json(QJsonDocument(QJsonObject{{QStringLiteral("queue"), list}}));
        return 0;
    }
    if (entries.isEmpty()) {
        out() << tr("The queue is empty.") << Qt::endl;
        return 0;
    }
    TextTable table({tr("#"), tr("RUN"), tr("NAME"), tr("USER"), tr("MACHINE"), tr("DEVICES"),
                     tr("ESTIMATED START"), tr("WAITING FOR")});
    int position = 0;
    for (const LabQueueEntry &e : entries)
        table.addRow({QString::number(++position), e.runId, e.name, e.user,
                      e.nodes > 1 ? tr("%1 and %Ln more", nullptr, e.nodes - 1).arg(e.nodeName) : e.nodeName,
                      devicesText(e.devices), e.placeable ? when(e.estimatedStartMs) : tr("never, as asked"),
                      e.why.toString()});
    out() << table.render();
    return 0;
}

int LabCommands::cancel(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Take a queued run out of the queue (a run that already started is aborted)."));
    parser.addPositionalArgument(QStringLiteral("run"), tr("Run id (or its first characters) or name."));
    auto ctx = openSettled(parser, arguments, 1, tr("usage: hamgamctl cancel [options] RUN"));
    if (!ctx)
        return 2;
    const QString wanted = parser.positionalArguments().first();
    auto history = ctx->history();
    const auto record = history ? (*history)->findRun(wanted) : std::nullopt;
    if (!record) {
        // Not in this computer's history (another user's run, say): the agents know it by its id.
        LabClient client(ctx->registry());
        LabClient::RunAnswer result;
        runUntilDone([&](auto quit) {
            client.cancel(wanted, [&, quit](const LabClient::RunAnswer &answer) {
                result = answer;
                quit();
            });
        });
        if (!result.status) {
            err() << tr("hamgamctl cancel: %1").arg(SafeText::escaped(result.status.error())) << Qt::endl;
            return result.known ? ExitCode::kRefused : ExitCode::kNotFound;
        }
        out() << tr("run %1: taken out of the queue").arg(wanted) << Qt::endl;
        return 0;
    }
    RunController controller(ctx->registry(), *history);
    controller.attach(record->id);
    if (!RunStatusText::isActive(controller.status())) {
        out()
            << tr("run %1 has ended already: %2").arg(record->id, RunStatusText::display(controller.status()))
            << Qt::endl;
        return 0;
    }
    QEventLoop loop;
    bool asked = false;
    QObject::connect(&controller, &RunController::caughtUp, &loop, [&] {
        if (!asked) {
            asked = true;
            controller.cancel();
        }
    });
    int code = 1;
    QObject::connect(
        &controller, &RunController::finished, &loop, [&](RunStatus status, const QString &reason) {
            out() << tr("run %1: %2%3")
                         .arg(record->id, RunStatusText::display(status),
                              reason.isEmpty() ? QString() : tr(", %1").arg(SafeText::escaped(reason)))
                  << Qt::endl;
            code = 0;
            loop.quit();
        });
    QTimer::singleShot(60000, &loop, [&] {
        err() << tr("the run did not leave the queue in time") << Qt::endl;
        loop.quit();
    });
    loop.exec();
    return code;
}

int LabCommands::wait(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr(
        "Wait until a run ends (a queued run: until it has started and ended). Exit code: 0 finished, 1 "
        "failed, 3 no such run, 5 stopped, aborted or taken out of the queue, 6 still going at --timeout."));
    parser.addPositionalArgument(QStringLiteral("run"), tr("Run id (or its first characters) or name."));
    parser.addOption({QStringLiteral("timeout"),
                      tr("Give up after this long (\"90m\", \"2h\"; default: never)."), tr("duration")});
    std::optional<qint64> timeoutS;
    auto ctx = openSettled(parser, arguments, 1, tr("usage: hamgamctl wait [options] RUN"), [&] {
        if (!parser.isSet(QStringLiteral("timeout")))
            return true;
        timeoutS = parseDurationSeconds(parser.value(QStringLiteral("timeout")));
        if (*timeoutS > 0)
            return true;
        err() << tr("hamgamctl wait: --timeout: \"%1\" is not a duration")
                     .arg(parser.value(QStringLiteral("timeout")))
              << Qt::endl;
        return false;
    });
    if (!ctx)
        return 2;
    auto history = ctx->history(CtlContext::HistoryUse::ReadOnly);
    if (!history) {
        err() << history.error() << Qt::endl;
        return 3;
    }
    const auto record = (*history)->findRun(parser.positionalArguments().first());
    if (!record) {
        err() << tr("hamgamctl wait: no run \"%1\"")
                     .arg(SafeText::escaped(parser.positionalArguments().first()))
              << Qt::endl;
        return 3;
    }
    if (!RunStatusText::isActive(record->status)) {
        out() << tr("run %1: %2").arg(record->id, RunStatusText::display(record->status)) << Qt::endl;
        return exitCodeFor(record->status);
    }
    RunController controller(ctx->registry(), *history);
    QEventLoop loop;
    int code = ExitCode::kStillGoing;
    RunStatus shown = record->status;
    QObject::connect(
        &controller, &RunController::statusChanged, &loop, [&](RunStatus status, const QString &) {
            if (status == shown)
                return;
            shown = status;
            out() << tr("run %1: %2").arg(record->id, RunStatusText::display(status)) << Qt::endl;
        });
    QObject::connect(
        &controller, &RunController::finished, &loop, [&](RunStatus status, const QString &reason) {
            // The end once: statusChanged may have printed it already, without the reason.
            if (status != shown || !reason.isEmpty())
                out() << tr("run %1: %2%3")
                             .arg(record->id, RunStatusText::display(status),
                                  reason.isEmpty() ? QString() : tr(", %1").arg(SafeText::escaped(reason)))
                      << Qt::endl;
            code = exitCodeFor(status);
            loop.quit();
        });
    if (timeoutS)
        QTimer::singleShot(*timeoutS * 1000, &loop, [&] {
            err() << tr("run %1 is still going").arg(record->id) << Qt::endl;
            loop.quit();
        });
    controller.attach(record->id);
    out() << tr("run %1: %2").arg(record->id, RunStatusText::display(record->status)) << Qt::endl;
    loop.exec();
    return code;
}

int LabCommands::reserve(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Book devices for a time window (a thesis deadline): other users' runs and queued runs keep off "
           "them. On several machines, all or none are booked."));
    parser.addOption(
        {QStringLiteral("node"),
         tr("A machine, with the devices to book after a colon (\"gpu-box:0,1\"); all its devices "
            "without. Repeatable."),
         tr("machine[:devices]")});
    parser.addOption(
        {QStringLiteral("from"), tr("Start: \"2026-12-07 09:00\", \"now\" or \"+2h\"."), tr("time")});
    parser.addOption(
        {QStringLiteral("to"), tr("End, as --from, or a length after it (\"+3d\")."), tr("time")});
    parser.addOption({QStringLiteral("note"), tr("What it is for."), tr("text")});
    auto ctx = openContext(parser, arguments, 0,
                           tr("usage: hamgamctl reserve --node MACHINE[:DEVICES] --from TIME --to TIME"));
    if (!ctx)
        return 2;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const qint64 from = parseTime(parser.value(QStringLiteral("from")), now);
    const QString toText = parser.value(QStringLiteral("to"));
    const qint64 to = toText.startsWith(QLatin1Char('+')) ? parseTime(toText, from) : parseTime(toText, now);
    if (parser.values(QStringLiteral("node")).isEmpty() || from <= 0 || to <= 0) {
        err() << tr("hamgamctl reserve: give --node, and --from and --to as \"2026-12-07 09:00\", \"now\" or "
                    "\"+2h\"")
              << Qt::endl;
        return 2;
    }
    ctx->settle(parser.value(QStringLiteral("wait")).toInt());
    QList<LabClient::BookingRequest> where;
    for (const QString &spec : parser.values(QStringLiteral("node"))) {
        const QString name = spec.section(QLatin1Char(':'), 0, 0);
        const QList<const Node *> matches = ctx->registry().match(name, NodeRegistry::Scope::Trusted);
        if (matches.size() != 1) {
            err() << (matches.isEmpty()
                          ? tr("hamgamctl reserve: no trusted machine \"%1\"")
                          : tr("hamgamctl reserve: \"%1\" matches several machines; use the node id"))
                         .arg(SafeText::escaped(name))
                  << Qt::endl;
            return 3;
        }
        LabClient::BookingRequest r;
        r.nodeId = matches.first()->nodeId;
        const QString list = spec.section(QLatin1Char(':'), 1);
        if (list.isEmpty()) {
            const auto &t = matches.first()->telemetry;
            for (int i = 0; t && i < t->devices.size(); ++i)
                r.devices << t->devices[i].index;
        } else {
            for (const QString &d : list.split(QLatin1Char(','))) {
                bool ok = false;
                r.devices << d.toInt(&ok);
                if (!ok) {
                    err() << tr("hamgamctl reserve: \"%1\" is not a device number").arg(SafeText::escaped(d))
                          << Qt::endl;
                    return 2;
                }
            }
        }
        if (r.devices.isEmpty()) {
            err() << tr("hamgamctl reserve: %1 reported no devices yet; name them (\"%1:0\")")
                         .arg(SafeText::escaped(name))
                  << Qt::endl;
            return 1;
        }
        where << r;
    }
    LabClient client(ctx->registry());
    Expected<QList<LabBooking>> result = Expected<QList<LabBooking>>::failure(tr("no answer"));
    runUntilDone([&](auto quit) {
        client.reserve(where, from, to, parser.value(QStringLiteral("note")),
                       [&, quit](const Expected<QList<LabBooking>> &r) {
                           result = r;
                           quit();
                       });
    });
    if (!result) {
        err() << tr("hamgamctl reserve: nothing was booked:\n%1").arg(SafeText::escaped(result.error()))
              << Qt::endl;
        return 4;
    }
    for (const LabBooking &b : *result)
        out() << tr("booked %1 devices %2 from %3 to %4 (id %5)")
                     .arg(b.nodeName, devicesText(b.devices), when(b.fromMs), when(b.toMs), b.id)
              << Qt::endl;
    return 0;
}

int LabCommands::reservations(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("The lab's bookings, from the last week on."));
    parser.addOption({QStringLiteral("json"), tr("Print JSON.")});
    auto ctx = openSettled(parser, arguments, 0, tr("usage: hamgamctl reservations [options]"));
    if (!ctx)
        return 2;
    const QList<LabBooking> bookings = fetchSnapshot(*ctx, false).bookings();
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray list;
        for (const LabBooking &b : bookings)
            list.append(bookingJson(b));
        out() << json(QJsonDocument(QJsonObject{{QStringLiteral("reservations"), list}}));
        return 0;
    }
    if (bookings.isEmpty()) {
        out() << tr("No bookings.") << Qt::endl;
        return 0;
    }
    TextTable table({tr("ID"), tr("MACHINE"), tr("DEVICES"), tr("USER"), tr("FROM"), tr("TO"), tr("NOTE")});
    for (const LabBooking &b : bookings)
        table.addRow(
            {b.id, b.nodeName, devicesText(b.devices), b.user, when(b.fromMs), when(b.toMs), b.note});
    out() << table.render();
    return 0;
}

int LabCommands::unreserve(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("Cancel a booking (yours; the lab admin may cancel any)."));
    parser.addPositionalArgument(QStringLiteral("id"), tr("The booking's id (hamgamctl reservations)."));
    auto ctx = openSettled(parser, arguments, 1, tr("usage: hamgamctl unreserve [options] ID"));
    if (!ctx)
        return 2;
    const QString id = parser.positionalArguments().first();
    for (const LabBooking &b : fetchSnapshot(*ctx, false).bookings()) {
        if (b.id != id)
            continue;
        LabClient client(ctx->registry());
        Status result;
        runUntilDone([&](auto quit) {
            client.unreserve(b.nodeId, b.id, [&, quit](const Status &s) {
                result = s;
                quit();
            });
        });
        if (!result) {
            err() << tr("hamgamctl unreserve: %1").arg(SafeText::escaped(result.error())) << Qt::endl;
            return 4;
        }
        out() << tr("booking %1 cancelled").arg(id) << Qt::endl;
        return 0;
    }
    err() << tr("hamgamctl unreserve: no booking \"%1\"").arg(SafeText::escaped(id)) << Qt::endl;
    return 3;
}

int LabCommands::usage(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("Device-hours per user and week, over every machine."));
    parser.addOption({QStringLiteral("weeks"), tr("How many weeks, this one included (default 4)."), tr("n"),
                      QStringLiteral("4")});
    parser.addOption(
        {QStringLiteral("csv"), tr("Write CSV to this file (\"-\": standard output)."), tr("file")});
    std::optional<int> weeks;
    auto ctx = openSettled(parser, arguments, 0, tr("usage: hamgamctl usage [options]"), [&] {
        weeks = CtlContext::intOption(parser, QStringLiteral("weeks"), 1, 52, arguments);
        return weeks.has_value();
    });
    if (!ctx)
        return 2;
    LabClient client(ctx->registry());
    QList<LabUsageRow> rows;
    QStringList errors;
    QStringList machines;
    runUntilDone([&](auto quit) {
        client.usage(*weeks,
                     [&, quit](const QList<LabUsageRow> &r, const QStringList &e, const QStringList &m) {
                         rows = r;
                         errors = e;
                         machines = m;
                         quit();
                     });
    });
    for (const QString &e : std::as_const(errors))
        err() << tr("warning: %1").arg(SafeText::escaped(e)) << Qt::endl;
    if (parser.isSet(QStringLiteral("csv"))) {
        const QByteArray csv = LabClient::usageCsv(rows);
        if (parser.value(QStringLiteral("csv")) == QLatin1String("-")) {
            out() << QString::fromUtf8(csv);
            out().flush();
            return 0;
        }
        if (auto s = AtomicFile::write(parser.value(QStringLiteral("csv")), csv,
                                       QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                           QFileDevice::ReadGroup | QFileDevice::ReadOther);
            !s) {
            err() << s.error() << Qt::endl;
            return 1;
        }
        out() << tr("%Ln row(s) written to %1", nullptr, int(rows.size()))
                     .arg(parser.value(QStringLiteral("csv")))
              << Qt::endl;
        return 0;
    }
    if (rows.isEmpty()) {
        out() << tr("No usage recorded in these weeks.") << Qt::endl;
        return 0;
    }
    QHash<qint64, double> weekTotal;
    for (const LabUsageRow &r : std::as_const(rows))
        weekTotal[r.weekStartMs] += r.gpuHours;
    TextTable table({tr("WEEK OF"), tr("USER"), tr("DEVICE-HOURS"), tr("SHARE")});
    for (const LabUsageRow &r : std::as_const(rows))
        table.addRow(
            {QLocale().toString(QDateTime::fromMSecsSinceEpoch(r.weekStartMs).date(),
                                QStringLiteral("yyyy-MM-dd")),
             r.user, labDeviceTime(r.gpuHours),
             percent(weekTotal.value(r.weekStartMs) > 0 ? 100.0 * r.gpuHours / weekTotal.value(r.weekStartMs)
                                                        : -1)});
    out() << table.render();
    // Which machines these figures cover: one that did not answer is a warning above, not a zero.
    QStringList covered;
    for (const QString &name : std::as_const(machines))
        covered << SafeText::escaped(name);
    out() << tr("Over %Ln machine(s): %1", nullptr, int(covered.size()))
                 .arg(QLocale().createSeparatedList(covered))
          << Qt::endl;
    return 0;
}

int LabCommands::policy(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr(
        "Show the lab's rules, or (the lab admin) change them on every connected machine:\n"
        "  hamgamctl policy [show]\n"
        "  hamgamctl policy set [--max-devices N] [--max-run DURATION] [--may-end USER,...] [--idle-util P "
        "--idle-minutes M]\n"
        "                      [--booking-notice MINUTES] [--names admin|first-use]\n"
        "  hamgamctl policy bind USER FINGERPRINT   (a student's second computer, a name with rights)\n"
        "  hamgamctl policy move USER FINGERPRINT   (the name becomes this certificate's alone)\n"
        "  hamgamctl policy unbind USER"));
    parser.addPositionalArgument(QStringLiteral("action"), tr("show, set, bind, move or unbind."),
                                 tr("[action]"));
    parser.addOption({QStringLiteral("max-devices"),
                      tr("Most devices one user may hold on each machine (0: no limit)."), tr("n")});
    parser.addOption({QStringLiteral("max-run"), tr("Longest run (\"12h\"; 0: no limit)."), tr("duration")});
    parser.addOption({QStringLiteral("may-end"),
                      tr("Users who may end or preempt other users' runs (comma-separated)."), tr("users")});
    parser.addOption(
        {QStringLiteral("idle-util"), tr("Idle reclaim: utilization below this percent..."), tr("percent")});
    parser.addOption({QStringLiteral("idle-minutes"),
                      tr("...for this many minutes releases the devices (0: off)."), tr("minutes")});
    parser.addOption({QStringLiteral("booking-notice"),
                      tr("A booking stops another user's run only this many minutes after it was made "
                         "(0: when it begins; users who may end others' runs need none)."),
                      tr("minutes")});
    parser.addOption({QStringLiteral("max-bookings"),
                      tr("Most bookings one user may have ahead on each machine (1 to 200)."), tr("n")});
    parser.addOption({QStringLiteral("max-queued"),
                      tr("Most runs one user may have waiting in each machine's queue (1 to 200)."),
                      tr("n")});
    parser.addOption(
        {QStringLiteral("names"),
         tr("Who gives user names: \"admin\" (only hamgamctl policy bind) or \"first-use\" (a free "
            "name is bound on each machine by its first use)."),
         tr("who")});
    parser.addOption({QStringLiteral("json"), tr("Print JSON.")});
    auto ctx = openContext(parser, arguments, -1, QString());
    if (!ctx)
        return 2;
    const QStringList pos = parser.positionalArguments();
    const QString action = pos.value(0, QStringLiteral("show"));
    const bool known =
        (action == QLatin1String("show") && pos.size() <= 1) ||
        (action == QLatin1String("set") && pos.size() == 1) ||
        ((action == QLatin1String("bind") || action == QLatin1String("move")) && pos.size() == 3) ||
        (action == QLatin1String("unbind") && pos.size() == 2);
    if (!known) {
        err() << tr("usage: hamgamctl policy [show | set OPTIONS | bind USER FINGERPRINT | move USER "
                    "FINGERPRINT | unbind USER]")
              << Qt::endl;
        return 2;
    }
    ctx->settle(parser.value(QStringLiteral("wait")).toInt());
    const LabSnapshot snapshot = fetchSnapshot(*ctx, false);
    if (snapshot.nodes.isEmpty()) {
        err() << tr("hamgamctl policy: no machine answered") << Qt::endl;
        return 1;
    }
    if (action == QLatin1String("show")) {
        if (parser.isSet(QStringLiteral("json"))) {
            QJsonArray list;
            for (const LabNode &n : snapshot.nodes)
                list.append(QJsonObject{{QStringLiteral("node"), n.name},
                                        {QStringLiteral("policy"), n.policy},
                                        {QStringLiteral("you_are_admin"), n.admin}});
            out() << json(QJsonDocument(QJsonObject{{QStringLiteral("machines"), list}}));
            return 0;
        }
        TextTable table({tr("MACHINE"), tr("MAX DEVICES/USER"), tr("LONGEST RUN"), tr("MAY END OTHERS' RUNS"),
                         tr("IDLE RECLAIM"), tr("BOOKINGS/QUEUED PER USER"), tr("NAMES FROM"), tr("YOU")});
        for (const LabNode &n : snapshot.nodes) {
            const QJsonObject &p = n.policy;
            const int maxDevices = p.value(QStringLiteral("max_devices_per_user")).toInt();
            const qint64 maxRun = p.value(QStringLiteral("max_run_s")).toInteger();
            const int idleUtil = p.value(QStringLiteral("idle_util_percent")).toInt();
            const int idleMinutes = p.value(QStringLiteral("idle_minutes")).toInt();
            // An agent from before the caps sends none (and has none).
            auto perUser = [&p](const QString &key) {
                const int v = p.value(key).toInt();
                return v > 0 ? QString::number(v) : QStringLiteral("-");
            };
            QStringList enders;
            const QJsonArray unbound = p.value(QStringLiteral("may_end_unbound")).toArray();
            for (const QJsonValue v : p.value(QStringLiteral("may_end_others")).toArray())
                enders << (unbound.contains(v)
                               ? tr("%1 (not bound: no rights until the admin binds it)").arg(v.toString())
                               : v.toString());
            table.addRow(
                {n.name, maxDevices > 0 ? QString::number(maxDevices) : tr("no limit"),
                 maxRun > 0 ? duration(maxRun * 1000) : tr("no limit"),
                 enders.isEmpty() ? tr("the admin only") : enders.join(QStringLiteral(", ")),
                 idleMinutes > 0 && idleUtil > 0 ? tr("under %1% for %2 min").arg(idleUtil).arg(idleMinutes)
                                                 : tr("off"),
                 tr("%1 / %2").arg(perUser(QStringLiteral("max_bookings_per_user")),
                                   perUser(QStringLiteral("max_queued_per_user"))),
                 p.value(QStringLiteral("names_by_admin")).toBool() ? tr("the admin") : tr("first use"),
                 n.admin ? tr("%1 (admin)").arg(n.user) : n.user});
        }
        out() << table.render();
        return 0;
    }
    // A change starts from the rules of the first machine: options not given keep their value.
    QJsonObject next = snapshot.nodes.first().policy;
    QJsonObject extra;
    if (action == QLatin1String("bind") || action == QLatin1String("move"))
        extra[action] =
            QJsonObject{{QStringLiteral("user"), pos[1]}, {QStringLiteral("fingerprint"), pos[2]}};
    else if (action == QLatin1String("unbind"))
        extra[QStringLiteral("unbind")] = pos[1];
    auto intValue = [&](const QString &option, const QString &key, int max) -> bool {
        if (!parser.isSet(option))
            return true;
        bool ok = false;
        const int v = parser.value(option).toInt(&ok);
        if (!ok || v < 0 || v > max) {
            err() << tr("hamgamctl policy: --%1: \"%2\" is not a number from 0 to %3")
                         .arg(option, SafeText::escaped(parser.value(option)))
                         .arg(max)
                  << Qt::endl;
            return false;
        }
        next[key] = v;
        return true;
    };
    if (!intValue(QStringLiteral("max-devices"), QStringLiteral("max_devices_per_user"), 1024) ||
        !intValue(QStringLiteral("idle-util"), QStringLiteral("idle_util_percent"), 100) ||
        !intValue(QStringLiteral("idle-minutes"), QStringLiteral("idle_minutes"), 7 * 24 * 60) ||
        !intValue(QStringLiteral("booking-notice"), QStringLiteral("booking_notice_min"), 7 * 24 * 60) ||
        !intValue(QStringLiteral("max-bookings"), QStringLiteral("max_bookings_per_user"), 200) ||
        !intValue(QStringLiteral("max-queued"), QStringLiteral("max_queued_per_user"), 200))
        return 2;
    if (parser.isSet(QStringLiteral("names"))) {
        const QString v = parser.value(QStringLiteral("names"));
        if (v != QLatin1String("admin") && v != QLatin1String("first-use")) {
            err() << tr("hamgamctl policy: --names: \"%1\" is neither \"admin\" nor \"first-use\"")
                         .arg(SafeText::escaped(v))
                  << Qt::endl;
            return 2;
        }
        next[QStringLiteral("names_by_admin")] = v == QLatin1String("admin");
    }
    if (parser.isSet(QStringLiteral("max-run"))) {
        const QString v = parser.value(QStringLiteral("max-run"));
        const qint64 s = v == QLatin1String("0") ? 0 : parseDurationSeconds(v);
        if (s == 0 && v != QLatin1String("0")) {
            err() << tr("hamgamctl policy: --max-run: \"%1\" is not a duration").arg(SafeText::escaped(v))
                  << Qt::endl;
            return 2;
        }
        next[QStringLiteral("max_run_s")] = double(s);
    }
    if (parser.isSet(QStringLiteral("may-end"))) {
        QStringList users =
            parser.value(QStringLiteral("may-end")).split(QLatin1Char(','), Qt::SkipEmptyParts);
        for (const QString &u : std::as_const(users)) {
            if (!UserName::isValid(u)) {
                err()
                    << tr("hamgamctl policy: --may-end: \"%1\" is not a user name").arg(SafeText::escaped(u))
                    << Qt::endl;
                return 2;
            }
        }
        next[QStringLiteral("may_end_others")] = QJsonArray::fromStringList(users);
    }
    LabClient client(ctx->registry());
    QStringList failures;
    runUntilDone([&](auto quit) {
        client.setPolicy(next, extra, [&, quit](const QStringList &f) {
            failures = f;
            quit();
        });
    });
    for (const QString &f : std::as_const(failures))
        err() << tr("refused: %1").arg(SafeText::escaped(f)) << Qt::endl;
    if (!failures.isEmpty())
        return 4;
    // Where they took effect, by name: a machine that was not connected keeps its old rules.
    QStringList names;
    for (const LabNode &n : std::as_const(snapshot.nodes))
        names << SafeText::escaped(n.name);
    out() << tr("The lab's rules are set on %Ln machine(s): %1", nullptr, int(snapshot.nodes.size()))
                 .arg(QLocale().createSeparatedList(names))
          << Qt::endl;
    // Rights in the rules go only to names the admin bound (issue #29, item 3): say which have none yet.
    QStringList unbound;
    for (const LabNode &n : fetchSnapshot(*ctx, false).nodes) {
        for (const QJsonValue v : n.policy.value(QStringLiteral("may_end_unbound")).toArray()) {
            if (!unbound.contains(v.toString()))
                unbound << v.toString();
        }
    }
    for (const QString &user : std::as_const(unbound))
        out() << tr("%1 is not bound on every machine: no rights until the admin binds it (hamgamctl policy "
                    "bind %1 FINGERPRINT)")
                     .arg(SafeText::escaped(user))
              << Qt::endl;
    return 0;
}
