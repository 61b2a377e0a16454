#include "runcommands.h"

#include "ctlcontext.h"
#include "ctlformat.h"
#include "eventkind.h"
#include "eventtext.h"
#include "exitcode.h"
#include "historystore.h"
#include "labclient.h"
#include "labcommands.h"
#include "linkforecast.h"
#include "runcontroller.h"
#include "runsession.h"
#include "rununtildone.h"
#include "safetext.h"
#include "workereventjson.h"

#include <functional>
#include <optional>
#include <QDateTime>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QTextStream>
#include <QTimer>
#include <unistd.h>

using namespace CtlFormat;

namespace {

/// One progress line per step (or per second when many steps go by): step, loss,
/// samples/s, ETA and each node's share of time spent waiting.
class ProgressPrinter
{
public:
    explicit ProgressPrinter(const RunConfig &config)
        : m_config(config)
        , m_tty(::isatty(STDOUT_FILENO))
    {}

    void onEvent(const RunEvent &e)
    {
        const EventKind kind = e.kind.value();
        using namespace hamgam::contracts;
        if (kind == EventKind::Ready) {
            if (const auto ready = WorkerEventJson::read<ReadyEvent>(e.payload); ready.steps > 0)
                m_totalSteps = ready.steps;
        } else if (kind == EventKind::Step) {
            const auto event = WorkerEventJson::read<StepEvent>(e.payload);
            const qint64 step = event.step;
            const double total = event.times.total();
            m_wait[e.rank] = total > 0 ? 100.0 * event.times.waitMs / total : 0;
            // Every rank reports the run's global throughput for its step.
            m_globalSamples = event.samplesPerS;
            if (event.loss)
                m_loss = *event.loss;
            if (step > m_step) {
                m_step = step;
                if (m_startMs == 0)
                    m_startMs = e.timeMs;
                m_lastMs = e.timeMs;
                print();
            }
        } else if (kind == EventKind::Rebalance) {
            // Every rank reports the same re-plan: print it once, by node.
            const auto replan = WorkerEventJson::read<RebalanceEvent>(e.payload);
            const std::vector<std::int64_t> &plan = replan.newPlan;
            const QString key = EventText::happening(e);
            if (key == m_lastRebalance)
                return;
            m_lastRebalance = key;
            finishLine();
            QList<std::pair<QString, int>> nodes;
            for (const RunConfig::Node &n : m_config.nodes)
                nodes.append({n.name.isEmpty() ? n.agent.left(8) : n.name, int(n.devices.size())});
            out() << RunCommands::tr("re-planned at step %1: %2")
                         .arg(QLocale().toString(replan.step), planByNode(plan, nodes))
                  << Qt::endl;
        } else if (kind == EventKind::Eval) {
            // Every rank may report the evaluation: once, in words.
            const qint64 step = WorkerEventJson::read<EvalEvent>(e.payload).step;
            if (step == m_lastEval)
                return;
            m_lastEval = step;
            finishLine();
            out() << RunCommands::tr("evaluation: %1")
                         .arg(EventText::details(e, EventText::Shown::Terminal).join(QStringLiteral("; ")))
                  << Qt::endl;
        } else if (kind == EventKind::Error) {
            finishLine();
            out() << RunCommands::tr("error on rank %1: %2")
                         .arg(e.rank)
                         .arg(SafeText::escaped(
                             QString::fromStdString(WorkerEventJson::read<ErrorEvent>(e.payload).message)))
                  << Qt::endl;
        }
    }
    void finishLine()
    {
        if (m_tty && m_open) {
            out() << Qt::endl;
            m_open = false;
        }
    }

private:
    void print()
    {
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        if (!m_tty && now - m_printedMs < 1000 && m_step < totalSteps())
            return;
        m_printedMs = now;
        const double samples = m_globalSamples;
        QStringList waits;
        int rank = 0;
        for (const RunConfig::Node &n : m_config.nodes) {
            double w = 0;
            for (qsizetype d = 0; d < n.devices.size(); ++d)
                w += m_wait.value(rank + int(d));
            rank += int(n.devices.size());
            waits << QStringLiteral("%1 %2").arg(
                SafeText::escaped(n.name.isEmpty() ? n.agent.left(8) : n.name),
                QLocale().toString(w / qMax<qsizetype>(1, n.devices.size()), 'f', 0) + QLocale().percent());
        }
        QString eta = QStringLiteral("-");
        const qint64 total = totalSteps();
        if (total > 0 && m_step > 1 && m_lastMs > m_startMs)
            eta = duration((m_lastMs - m_startMs) * (total - m_step) / (m_step - 1));
        const QString line = RunCommands::tr("step %1/%2  loss %3  %4 samples/s  ETA %5  wait: %6")
                                 .arg(m_step)
                                 .arg(total > 0 ? QString::number(total) : QStringLiteral("?"))
                                 .arg(m_loss, 0, 'f', 4)
                                 .arg(samples, 0, 'f', 0)
                                 .arg(eta, waits.join(QStringLiteral(", ")));
        if (m_tty) {
            out() << '\r' << line << QStringLiteral("\x1b[K");
            out().flush();
            m_open = true;
        } else {
            out() << line << Qt::endl;
        }
    }
    qint64 totalSteps() const { return m_totalSteps > 0 ? m_totalSteps : m_config.steps; }

    const RunConfig &m_config;
    bool m_tty;
    bool m_open = false;
    qint64 m_step = -1;
    QString m_lastRebalance; ///< the last re-plan printed (EventText::happening)
    qint64 m_lastEval = -1;  ///< step of the last evaluation printed
    qint64 m_totalSteps = 0;
    double m_loss = 0;
    qint64 m_startMs = 0;
    qint64 m_lastMs = 0;
    qint64 m_printedMs = 0;
    QHash<int, double> m_wait;
    double m_globalSamples = 0;
};

/// Follows a run until it ends; returns the exit code for its final status.
/// Meanwhile the session's doctor records its findings in the run's history.
int follow(RunSession &session, bool printProgress)
{
    RunController &controller = session.controller();
    ProgressPrinter printer(controller.config());
    QEventLoop loop;
    QObject::connect(&controller, &RunController::eventReceived, &loop, [&](const RunEvent &e) {
        if (printProgress)
            printer.onEvent(e);
    });
    int code = 0;
    QObject::connect(
        &controller, &RunController::finished, &loop, [&](RunStatus status, const QString &reason) {
            printer.finishLine();
            out() << (reason.isEmpty() ? RunCommands::tr("run %1: %2")
                                             .arg(controller.runId(), RunStatusText::display(status))
                                       : RunCommands::tr("run %1: %2, %3")
                                             .arg(controller.runId(), RunStatusText::display(status),
                                                  SafeText::escaped(reason)))
                  << Qt::endl;
            code = exitCodeFor(status);
            loop.quit();
        });
    loop.exec();
    return code;
}

void printErrors(const QList<ConfigError> &errors)
{
    for (const ConfigError &e : errors)
        err() << (e.field.isEmpty() ? e.message : RunCommands::tr("%1: %2").arg(e.field, e.message))
              << Qt::endl;
}

QCommandLineOption strictOption()
{
    return {QStringLiteral("strict"),
            RunCommands::tr("Refuse a config with a field this version does not know (a typo, or a newer "
                            "version's field); without it such fields are ignored with a warning.")};
}

/// Reads a config file. A field this version does not know is a warning printed to
/// `warnings` (it is ignored, so the user must hear of it), or with --strict an error.
std::optional<RunConfig> loadConfig(const QCommandLineParser &parser, QTextStream &warnings,
                                    int *ignored = nullptr)
{
    const QString path = parser.positionalArguments().first();
    QList<ConfigError> errors;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        printErrors({{QString(), RunCommands::tr("cannot read %1").arg(path)}});
        return std::nullopt;
    }
    QList<UnknownConfigField> unknown;
    const RunConfig config = RunConfig::fromJsonText(f.readAll(), &errors, &unknown);
    const bool strict = parser.isSet(QStringLiteral("strict"));
    for (const UnknownConfigField &u : std::as_const(unknown)) {
        if (strict)
            errors.append(u.asError());
        else
            warnings << RunCommands::tr("warning: %1: %2").arg(u.field, u.message()) << Qt::endl;
    }
    if (!errors.isEmpty()) {
        printErrors(errors);
        return std::nullopt;
    }
    if (ignored)
        *ignored = int(unknown.size());
    return config;
}

} // namespace

void RunCommands::printLinkForecast(CtlContext &ctx, const RunConfig &config)
{
    // Issue #32, items 4 and 5: what each sync mode would cost on these machines' measured link.
    if (config.nodes.size() < 2)
        return;
    auto history = ctx.history(CtlContext::HistoryUse::ReadOnly);
    const auto measured = history ? LinkForecast::fromHistory(config, **history) : std::nullopt;
    if (!measured) {
        out() << tr("Link: not measured yet on these machines with this model; the run measures it in its "
                    "first steps (and with sync.mode auto, chooses from it).")
              << Qt::endl;
        return;
    }
    out() << tr("Link, as run %1 \"%2\" measured it:")
                 .arg(measured->runId, SafeText::escaped(measured->runName))
          << Qt::endl;
    for (const QString &line : EventText::linkForecast(measured->link, EventText::Shown::Terminal))
        out() << QStringLiteral("  ") << line << Qt::endl;
}

int RunCommands::check(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Validate a run config and run the pre-flight checks on every node; starts nothing."));
    parser.addPositionalArgument(QStringLiteral("config"), tr("Run config (JSON)."),
                                 QStringLiteral("CONFIG"));
    parser.addOption(strictOption());
    auto ctx = openContext(parser, arguments, 1, tr("hamgamctl check: give one config file"));
    if (!ctx)
        return 2;
    int ignored = 0;
    const std::optional<RunConfig> loaded = loadConfig(parser, out(), &ignored);
    if (!loaded)
        return 2;
    const RunConfig &config = *loaded;
    ctx->settle(parser.value(QStringLiteral("wait")).toInt());
    RunController controller(ctx->registry(), nullptr);
    QEventLoop loop;
    bool ok = false;
    QObject::connect(
        &controller, &RunController::preflightFinished, &loop,
        [&](const QList<RunController::NodePreflight> &results, bool good) {
            ok = good;
            for (const auto &p : results) {
                out() << (p.errors.isEmpty() ? tr("%1: ok").arg(SafeText::escaped(p.name))
                                             : tr("%1: %Ln problem(s)", nullptr, int(p.errors.size()))
                                                   .arg(SafeText::escaped(p.name)))
                      << Qt::endl;
                for (const QString &e : p.errors)
                    out() << tr("  error: %1").arg(SafeText::escapedKeepingIsolates(e)) << Qt::endl;
                for (const QString &w : p.warnings)
                    out() << tr("  warning: %1").arg(SafeText::escapedKeepingIsolates(w)) << Qt::endl;
            }
            loop.quit();
        });
    // Queued: a config that fails validation reports at once, and the loop must already run.
    QMetaObject::invokeMethod(
        &controller, [&] { controller.preflight(config); }, Qt::QueuedConnection);
    loop.exec();
    printLinkForecast(*ctx, config);
    if (!ok)
        out() << tr("Not ready: fix the errors above.") << Qt::endl;
    else if (ignored > 0)
        out() << tr("Ready to start, but %n field(s) of the config will be ignored: see the warnings above.",
                    nullptr, ignored)
              << Qt::endl;
    else
        out() << tr("Ready to start.") << Qt::endl;
    return ok ? 0 : 1;
}

int RunCommands::run(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Start a run from a config. The run goes on if hamgamctl exits; follow it again with "
           "hamgamctl attach."));
    parser.addPositionalArgument(QStringLiteral("config"), tr("Run config (JSON)."),
                                 QStringLiteral("CONFIG"));
    parser.addOption({QStringLiteral("follow"), tr("Stay and print progress until the run ends.")});
    parser.addOption({QStringLiteral("quiet"), tr("With --follow, print only the final status.")});
    parser.addOption(strictOption());
    parser.addOption(
        {QStringLiteral("queue"),
         tr("Wait in the lab's queue until the devices are free, instead of refusing when they are "
            "held (docs/lab.md); closing hamgamctl loses nothing.")});
    parser.addOption(
        {QStringLiteral("time"),
         tr("How long the run will take (\"90m\", \"2h\"), for the queue's backfill; default: as "
            "the last run of the same shape took."),
         tr("duration")});
    parser.addOption(
        {QStringLiteral("any-devices"),
         tr("With --queue: any free devices of each machine, as many as the config lists there.")});
    qint64 timeS = 0;
    auto ctx = openContext(parser, arguments, 1, tr("hamgamctl run: give one config file"), [&] {
        if (!parser.isSet(QStringLiteral("time")))
            return true;
        timeS = LabCommands::parseDurationSeconds(parser.value(QStringLiteral("time")));
        if (timeS > 0)
            return true;
        err()
            << tr("hamgamctl run: --time: \"%1\" is not a duration").arg(parser.value(QStringLiteral("time")))
            << Qt::endl;
        return false;
    });
    if (!ctx)
        return 2;
    const std::optional<RunConfig> loaded = loadConfig(parser, err());
    if (!loaded)
        return 2;
    const RunConfig &config = *loaded;
    auto history = ctx->history();
    if (!history) {
        err() << history.error() << Qt::endl;
        return 1;
    }
    ctx->settle(parser.value(QStringLiteral("wait")).toInt());
    RunSession session(ctx->registry(), *history);
    RunController &controller = session.controller();
    QEventLoop loop;
    QString failure;
    QObject::connect(&controller, &RunController::startFailed, &loop, [&](const QString &message) {
        failure = message;
        loop.quit();
    });
    QObject::connect(&controller, &RunController::preflightFinished, &loop,
                     [&](const QList<RunController::NodePreflight> &results, bool) {
                         for (const auto &p : results) {
                             for (const QString &w : p.warnings)
                                 err() << tr("warning: %1: %2")
                                              .arg(SafeText::escaped(p.name),
                                                   SafeText::escapedKeepingIsolates(w))
                                       << Qt::endl;
                         }
                     });
    QObject::connect(&controller, &RunController::started, &loop, [&](const QString &id) {
        out() << tr("run %1 started").arg(id) << Qt::endl;
        loop.quit();
    });
    QObject::connect(
        &controller, &RunController::queued, &loop,
        [&](const QString &id, int position, qint64 estimatedStartMs) {
            out() << (estimatedStartMs > 0
                          ? tr("run %1 queued: position %2, estimated start %3")
                                .arg(id)
                                .arg(position)
                                .arg(QLocale().toString(QDateTime::fromMSecsSinceEpoch(estimatedStartMs),
                                                        QStringLiteral("yyyy-MM-dd HH:mm")))
                          : tr("run %1 queued: position %2").arg(id).arg(position))
                  << Qt::endl;
            loop.quit();
        });
    controller.setExpectedSeconds(timeS);
    controller.setAnyDevices(parser.isSet(QStringLiteral("any-devices")));
    const bool queue = parser.isSet(QStringLiteral("queue"));
    QMetaObject::invokeMethod(
        &session, [&] { queue ? session.enqueue(config) : session.start(config); }, Qt::QueuedConnection);
    loop.exec();
    if (!failure.isEmpty()) {
        err() << failure << Qt::endl;
        return controller.runId().isEmpty() ? 4 : 1;
    }
    if (!parser.isSet(QStringLiteral("follow")))
        return 0;
    return follow(session, !parser.isSet(QStringLiteral("quiet")));
}

int RunCommands::attach(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Follow a run again: fill the history with everything the agents journaled while "
           "no controller listened, then print progress until it ends."));
    parser.addPositionalArgument(QStringLiteral("run"), tr("Run id (or its first characters) or name."),
                                 QStringLiteral("RUN"));
    parser.addOption({QStringLiteral("no-follow"), tr("Only catch up the history, then exit.")});
    auto ctx = openContext(parser, arguments, 1, tr("hamgamctl attach: give one run"));
    if (!ctx)
        return 2;
    auto history = ctx->history();
    if (!history) {
        err() << history.error() << Qt::endl;
        return 1;
    }
    const auto record = findRun(**history, parser.positionalArguments().first(), arguments.first());
    if (!record)
        return 3;
    ctx->settle(parser.value(QStringLiteral("wait")).toInt());
    if (parser.isSet(QStringLiteral("no-follow"))) {
        RunController controller(ctx->registry(), *history);
        controller.attach(record->id);
        QEventLoop loop;
        QObject::connect(&controller, &RunController::caughtUp, &loop, &QEventLoop::quit);
        QObject::connect(&controller, &RunController::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(30000, &loop, &QEventLoop::quit);
        loop.exec();
        (*history)->flush();
        out() << tr("run %1: history caught up").arg(record->id) << Qt::endl;
        return 0;
    }
    // Followed, the run has a session: its doctor's findings reach the history as the app's do.
    RunSession session(ctx->registry(), *history);
    session.attach(record->id);
    out() << tr("attached to run %1").arg(record->id) << Qt::endl;
    return follow(session, true);
}

namespace {
/// The lab's view once, within 30 s.
/// The lab's view, or nothing when some machine could not be asked: a run missing from a partial view
/// may still hold that machine's devices.
std::optional<LabSnapshot> labSnapshot(LabClient &lab)
{
    LabSnapshot snapshot;
    bool answered = false;
    runUntilDone([&](auto quit) {
        lab.fetch(false, [&, quit](const LabSnapshot &s) {
            snapshot = s;
            answered = true;
            quit();
        });
    });
    if (!answered || !snapshot.errors.isEmpty())
        return std::nullopt;
    return snapshot;
}

/// The user of each run the lab's devices are held for, by run id.
QMap<QString, QString> heldRuns(const LabSnapshot &snapshot)
{
    QMap<QString, QString> runs;
    for (const LabDevice &d : snapshot.devices())
        if (d.hold && !d.hold->runId.isEmpty() && !d.hold->queued)
            runs.insert(d.hold->runId, d.hold->user);
    return runs;
}

/// A run this computer's history does not have (another user's): found in
/// the lab's view by its id or the id's first characters, ended through its
/// agents, which let the admin and the users the rules name do it (issue #29,
/// item 11) and tell anyone else why not.
int controlOthersRun(CtlContext &ctx, const QString &wanted, bool abort, int timeoutS)
{
    const QString command = abort ? QStringLiteral("abort") : QStringLiteral("stop");
    LabClient lab(ctx.registry());
    const std::optional<LabSnapshot> view = labSnapshot(lab);
    if (!view) {
        err() << RunCommands::tr("%1: \"%2\" is not in this computer's history, and not every machine of "
                                 "the lab answered to look for it there; try again")
                     .arg(command, SafeText::escaped(wanted))
              << Qt::endl;
        return 3;
    }
    const QMap<QString, QString> held = heldRuns(*view);
    QStringList matches;
    for (auto it = held.begin(); it != held.end(); ++it)
        if (it.key().startsWith(wanted))
            matches << it.key();
    if (matches.size() != 1) {
        err() << (matches.isEmpty()
                      ? RunCommands::tr(
                            "%1: no run \"%2\" in this computer's history or on the lab's machines")
                            .arg(command, SafeText::escaped(wanted))
                      : RunCommands::tr("%1: \"%2\" matches %3; give more of the id")
                            .arg(command, SafeText::escaped(wanted), matches.join(QLatin1String(", "))))
              << Qt::endl;
        return 3;
    }
    const QString runId = matches.first();
    const QString user = held.value(runId);
    Status asked = Status::failure(RunCommands::tr("no machine answered in time"));
    runUntilDone([&](auto quit) {
        lab.endRun(runId, abort, [&, quit](const Status &s) {
            asked = s;
            quit();
        });
    });
    if (!asked) {
        err() << RunCommands::tr("%1: %2").arg(command, SafeText::escaped(asked.error())) << Qt::endl;
        return 4;
    }
    out() << (abort ? RunCommands::tr("run %1 of %2: aborting").arg(runId, SafeText::escaped(user))
                    : RunCommands::tr("run %1 of %2: stopping").arg(runId, SafeText::escaped(user)))
          << Qt::endl;
    // Ended once no device of the lab is held for it any more.
    const qint64 deadline = QDateTime::currentMSecsSinceEpoch() + qint64(timeoutS) * 1000;
    while (QDateTime::currentMSecsSinceEpoch() < deadline) {
        // Only a whole view says so: a machine that did not answer may still hold the run.
        if (const auto now = labSnapshot(lab); now && !heldRuns(*now).contains(runId)) {
            out() << RunCommands::tr("run %1 of %2: ended; its devices are free")
                         .arg(runId, SafeText::escaped(user))
                  << Qt::endl;
            return 0;
        }
        QEventLoop pause;
        QTimer::singleShot(1000, &pause, &QEventLoop::quit);
        pause.exec();
    }
    // Asked and still going: not a failed run (1), the same as `wait --timeout` running out.
    err() << RunCommands::tr("the run did not end in time") << Qt::endl;
    return ExitCode::kStillGoing;
}

int control(const QStringList &arguments, bool abort)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        abort ? RunCommands::tr("Abort a run: kill its workers now.")
              : RunCommands::tr("Stop a run: its workers write a checkpoint first when the run has a "
                                "checkpoint directory, then exit."));
    parser.addPositionalArgument(QStringLiteral("run"),
                                 RunCommands::tr("Run id (or its first characters) or name."),
                                 QStringLiteral("RUN"));
    parser.addOption({QStringLiteral("timeout"),
                      RunCommands::tr("Seconds to wait for the run to end (default 120)."),
                      RunCommands::tr("seconds"), QStringLiteral("120")});
    std::optional<int> timeoutS;
    auto ctx = openContext(parser, arguments, 1, RunCommands::tr("give one run"), [&] {
        timeoutS = CtlContext::intOption(parser, QStringLiteral("timeout"), 1, 86400, arguments);
        return timeoutS.has_value();
    });
    if (!ctx)
        return 2;
    auto history = ctx->history();
    if (!history) {
        err() << history.error() << Qt::endl;
        return 1;
    }
    const QString wanted = parser.positionalArguments().first();
    if ((*history)->matchRuns(wanted).isEmpty()) {
        ctx->settle(parser.value(QStringLiteral("wait")).toInt());
        return controlOthersRun(*ctx, wanted, abort, *timeoutS);
    }
    const auto record = findRun(**history, wanted, arguments.first());
    if (!record)
        return 3;
    ctx->settle(parser.value(QStringLiteral("wait")).toInt());
    RunController controller(ctx->registry(), *history);
    controller.attach(record->id);
    QEventLoop loop;
    bool done = false;
    QObject::connect(&controller, &RunController::caughtUp, &loop, [&] {
        if (!done) {
            done = true;
            abort ? controller.abort() : controller.stop();
        }
    });
    int code = ExitCode::kStillGoing; // until it has ended
    QObject::connect(
        &controller, &RunController::finished, &loop, [&](RunStatus status, const QString &reason) {
            out() << (reason.isEmpty()
                          ? RunCommands::tr("run %1: %2").arg(record->id, RunStatusText::display(status))
                          : RunCommands::tr("run %1: %2, %3")
                                .arg(record->id, RunStatusText::display(status), SafeText::escaped(reason)))
                  << Qt::endl;
            code = ExitCode::kOk;
            loop.quit();
        });
    QTimer::singleShot(*timeoutS * 1000, &loop, [&] {
        err() << RunCommands::tr("the run did not end in time") << Qt::endl;
        loop.quit();
    });
    loop.exec();
    return code;
}
} // namespace

int RunCommands::stop(const QStringList &arguments)
{
    return control(arguments, false);
}

int RunCommands::abort(const QStringList &arguments)
{
    return control(arguments, true);
}
