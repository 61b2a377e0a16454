#include "eventtext.h"

#include "datasize.h"
#include "jsonnumber.h"
#include "linkforecast.h"
#include "runfailuretext.h"
#include "safetext.h"
#include "utilizationdoctor.h"
#include "workereventjson.h"

#include <algorithm>
#include <limits>
#include <QJsonArray>
#include <QJsonDocument>

namespace {
// Values every rank reports alike: one line of them names no rank.
bool isRunWide(EventKind kind)
{
    switch (kind) {
    case EventKind::Plan:
    case EventKind::Rebalance:
    case EventKind::Eval:
    case EventKind::Checkpoint:
    case EventKind::Model:
    case EventKind::Done:
    case EventKind::Link: // rank 0's, for the whole run
        return true;
    default:
        return false;
    }
}
} // namespace

QString EventText::untrusted(const QString &text, Shown shown)
{
    return shown == Shown::Terminal ? SafeText::escaped(text) : SafeText::neutralized(text);
}

QString EventText::numbers(const std::vector<std::int64_t> &values, const QLocale &locale)
{
    // A line stays a line: a plan of a 512-rank run shows its first shares and
    // the count (the per-node table and the plots have every figure).
    constexpr size_t kShown = 16;
    QStringList parts;
    for (size_t i = 0; i < qMin(values.size(), kShown); ++i)
        parts << locale.toString(qint64(values[i]));
    // A middle dot would read as the Persian zero (۰): the language's own comma.
    const QString shown = parts.join(tr(", ", "between the numbers of a list"));
    if (values.size() <= kShown)
        return shown;
    return tr("%1, … (%Ln in all)", "the first numbers of a long list, then how many it has",
              int(values.size()))
        .arg(shown);
}

QString EventText::title(const RunEvent &e, Shown shown)
{
    switch (e.kind.value()) {
    case EventKind::Ready:
        return tr("Ready");
    case EventKind::Plan:
        return tr("Plan");
    case EventKind::Step:
        return tr("Step");
    case EventKind::Rebalance:
        return tr("Re-plan");
    case EventKind::Eval:
        return tr("Evaluation");
    case EventKind::Checkpoint:
        return tr("Checkpoint");
    case EventKind::Model:
        return tr("Model written");
    case EventKind::Done:
        return tr("Training finished");
    case EventKind::Error:
        return tr("Error");
    case EventKind::Log:
        return tr("Output");
    case EventKind::State:
        return tr("State");
    case EventKind::WorkerExit:
        return tr("Worker ended");
    case EventKind::Launch:
        return tr("Launched");
    case EventKind::Elastic:
        return tr("Elastic recovery");
    case EventKind::StopRequested:
        return tr("Stop requested");
    case EventKind::AbortRequested:
        return tr("Abort requested");
    case EventKind::Finished:
        return tr("Finished");
    case EventKind::Diagnosis:
        return tr("Diagnosis");
    case EventKind::Warning:
        return tr("Warning");
    case EventKind::Link:
        return tr("Link");
    case EventKind::Unknown:
        break;
    }
    return untrusted(e.kind, shown);
}

QString EventText::planByNode(const std::vector<std::int64_t> &plan, const PlanNodes &nodes,
                              std::int64_t passes, Shown shown, const QLocale &locale)
{
    QStringList parts;
    size_t rank = 0;
    for (const auto &[node, devices] : nodes) {
        QStringList shares;
        qint64 sum = 0;
        for (int d = 0; d < qMax(1, devices) && rank < plan.size(); ++d, ++rank) {
            shares << locale.toString(qint64(plan[rank]));
            sum += plan[rank];
        }
        if (shares.isEmpty())
            break;
        const QString name = untrusted(node, shown);
        QString part = shares.size() == 1
                           ? tr("%1 %2", "node, its batch").arg(name, shares.first())
                           : tr("%1 %2 (%3)", "node, its batch, each device's share")
                                 .arg(name, locale.toString(sum), shares.join(QStringLiteral(" + ")));
        // Gradient accumulation: each device takes its share in that many passes.
        if (passes > 1 && shares.size() == 1) {
            const qint64 pass = (sum + passes - 1) / passes;
            part = (sum % passes == 0
                        ? tr("%1 in %2 passes of %3", "node and batch, passes, samples a pass")
                        : tr("%1 in %2 passes of up to %3", "node and batch, passes, samples a pass"))
                       .arg(part, locale.toString(passes), locale.toString(pass));
        } else if (passes > 1) {
            part = tr("%1, each share in %2 passes", "node and its shares, passes")
                       .arg(part, locale.toString(passes));
        }
        parts << part;
    }
    return parts.join(tr(", ", "between the nodes of a plan"));
}

QStringList EventText::details(const RunEvent &e, Shown shown, const QLocale &locale, const PlanNodes &nodes)
{
    const QJsonObject &p = e.payload;
    const auto text = [&p](const char *key) { return p.value(QLatin1String(key)).toString(); };
    const auto integer = [&](const char *key) {
        return locale.toString(jsonInt64(p.value(QLatin1String(key))));
    };
    const auto fromStep = [&](qint64 step, const QString &why) {
        return why.isEmpty() ? tr("From step %1").arg(locale.toString(step))
                             : tr("From step %1 (%2)").arg(locale.toString(step), why);
    };
    using namespace hamgam::contracts;
    const auto untrustedText = [shown](const std::string &s) {
        return untrusted(QString::fromStdString(s), shown);
    };
    switch (e.kind.value()) {
    case EventKind::Ready: {
        const auto ready = WorkerEventJson::read<ReadyEvent>(p);
        return {tr("%1 on %Ln rank(s), %2", "strategy, ranks, model", int(ready.worldSize))
                    .arg(untrustedText(ready.strategy), untrustedText(ready.model))};
    }
    case EventKind::Plan: {
        // The plan's sources (docs/worker-events.md).
        const auto plan = WorkerEventJson::read<PlanEvent>(p);
        const QString source = QString::fromStdString(plan.source);
        const QString why = source == QLatin1String("equal")     ? tr("equal shares")
                            : source == QLatin1String("manual")  ? tr("as the config sets them")
                            : source == QLatin1String("initial") ? tr("before the speeds are measured")
                            : source == QLatin1String("planned") ? tr("planned from the measured speeds")
                                                                 : untrusted(source, shown);
        if (!nodes.isEmpty())
            return {tr("%1: %2").arg(fromStep(plan.step, why),
                                     planByNode(plan.batches, nodes, plan.microBatches, shown, locale))};
        const QString line = tr("%1: %2").arg(fromStep(plan.step, why), numbers(plan.batches, locale));
        // Gradient accumulation: every rank takes its share in that many passes.
        if (plan.microBatches > 1)
            return {tr("%1, each in %Ln passes",
                       "a plan's batches, each taken in passes (gradient accumulation)",
                       int(qMin<std::int64_t>(plan.microBatches, std::numeric_limits<int>::max())))
                        .arg(line)};
        return {line};
    }
    case EventKind::Step: {
        const auto step = WorkerEventJson::read<StepEvent>(p);
        return {tr("%1, loss %2, %3 samples/s")
                    .arg(locale.toString(step.step), locale.toString(step.loss.value_or(0), 'f', 4),
                         locale.toString(step.samplesPerS, 'f', 0))};
    }
    case EventKind::Rebalance: {
        const auto replan = WorkerEventJson::read<RebalanceEvent>(p);
        const QString after = nodes.isEmpty() ? numbers(replan.newPlan, locale)
                                              : planByNode(replan.newPlan, nodes, 1, shown, locale);
        const QString at = fromStep(replan.step, replanReason(QString::fromStdString(replan.reason), shown));
        QString line = replan.oldPlan.empty() || !nodes.isEmpty()
                           ? tr("%1: %2").arg(at, after)
                           : tr("%1: %2 → %3").arg(at, numbers(replan.oldPlan, locale), after);
        if (replan.predictedGain)
            line = tr("%1 (predicted %2 faster)")
                       .arg(line, locale.toString(*replan.predictedGain * 100, 'f', 1) + locale.percent());
        return {line};
    }
    case EventKind::Eval: {
        // Named after what the event reports: accuracy for classifiers,
        // perplexity for text models, else the held-out loss.
        const auto eval = WorkerEventJson::read<EvalEvent>(p);
        const QString step = locale.toString(eval.step);
        if (eval.accuracy)
            return {tr("accuracy %1 % at step %2").arg(locale.toString(100 * *eval.accuracy, 'f', 1), step)};
        if (eval.perplexity)
            return {tr("perplexity %1 at step %2").arg(locale.toString(*eval.perplexity, 'f', 2), step)};
        if (eval.loss)
            return {tr("loss %1 at step %2").arg(locale.toString(*eval.loss, 'f', 4), step)};
        return {tr("at step %1").arg(step)};
    }
    case EventKind::Checkpoint:
        return {tr("step %1").arg(locale.toString(WorkerEventJson::read<CheckpointEvent>(p).step))};
    case EventKind::Model:
        return {tr("step %1").arg(locale.toString(WorkerEventJson::read<ModelEvent>(p).step))};
    case EventKind::Done: {
        const auto done = WorkerEventJson::read<DoneEvent>(p);
        const int steps = int(std::clamp<std::int64_t>(done.steps, 0, std::numeric_limits<int>::max()));
        return {done.reason == "stopped" ? tr("stopped after %Ln step(s)", nullptr, steps)
                                         : tr("%Ln step(s)", nullptr, steps)};
    }
    case EventKind::Error: {
        // The engine's message names a peer or a file of another machine.
        const auto error = WorkerEventJson::read<ErrorEvent>(p);
        return {RunFailureText::workerError(error, untrusted(QString::fromStdString(error.message), shown))};
    }
    case EventKind::Log:
        return {untrusted(text("text"), shown)};
    case EventKind::State: {
        const QString reason = RunFailureText::stateReason(p);
        const QString what = state(text("state"), shown);
        return {reason.isEmpty() ? what : tr("%1: %2").arg(what, untrusted(reason, shown))};
    }
    case EventKind::WorkerExit:
        return {RunFailureText::workerExit(p)};
    case EventKind::Launch:
        return {tr("%Ln device(s)", nullptr, p.value(QStringLiteral("world_size")).toInt())};
    case EventKind::Elastic: {
        // The reason names the lost nodes; it reads in today's language where it was kept untranslated.
        const QString reason = RunFailureText::stateReasonText(p).toString();
        return {reason.isEmpty() ? tr("attempt %1").arg(integer("attempt")) : untrusted(reason, shown)};
    }
    case EventKind::StopRequested:
    case EventKind::AbortRequested:
        return {};
    case EventKind::Finished: {
        const QString status = RunStatusText::display(RunStatusText::fromKey(text("status")));
        const QString reason = RunFailureText::stateReasonText(p).toString();
        return {reason.isEmpty() ? status : tr("%1: %2").arg(status, untrusted(reason, shown))};
    }
    case EventKind::Diagnosis: {
        // The doctor's findings as the app recorded them: the title follows
        // today's language, evidence and action were stored translated.
        QStringList findings;
        for (const QJsonValue v : p.value(QStringLiteral("findings")).toArray()) {
            const QJsonObject f = v.toObject();
            const QString key = f.value(QStringLiteral("reason")).toString();
            const auto reason = UtilizationDoctor::reasonFromKey(key);
            QString where = untrusted(f.value(QStringLiteral("node")).toString(), shown);
            const int device = f.value(QStringLiteral("device")).toInt(-1);
            if (device >= 0)
                where = tr("%1, device %2").arg(where, locale.toString(device));
            QString line = tr("%1 — %2").arg(
                reason ? UtilizationDoctor::reasonTitle(*reason) : untrusted(key, shown), where);
            const QString evidence = f.value(QStringLiteral("evidence")).toString();
            const QString action = f.value(QStringLiteral("action")).toString();
            if (!evidence.isEmpty())
                line = tr("%1: %2").arg(line, untrusted(evidence, shown));
            if (!action.isEmpty())
                line = tr("%1 → %2").arg(line, untrusted(action, shown));
            findings << line;
        }
        // An older or hand-written event: whatever text it has.
        for (const char *key : {"message", "summary"}) {
            if (findings.isEmpty() && !text(key).isEmpty())
                findings << untrusted(text(key), shown);
        }
        return findings;
    }
    case EventKind::Warning:
        return {untrusted(text("message"), shown)};
    case EventKind::Link:
        return linkForecast(WorkerEventJson::read<LinkEvent>(p), shown, locale);
    case EventKind::Unknown:
        break;
    }
    // A newer version's event: what it carries, as it came.
    QJsonObject rest = p;
    rest.remove(QStringLiteral("event"));
    rest.remove(QStringLiteral("time"));
    if (rest.isEmpty())
        return {};
    const QString json = QString::fromUtf8(QJsonDocument(rest).toJson(QJsonDocument::Compact)).left(200);
    return {shown == Shown::Terminal ? SafeText::jsonEscaped(json) : SafeText::neutralized(json)};
}

QStringList EventText::linkForecast(const hamgam::contracts::LinkEvent &link, Shown shown,
                                    const QLocale &locale)
{
    QStringList lines;
    if (link.modes.empty() || !(link.bytesPerS > 0) || !LinkForecast::plausible(link))
        return lines;
    const auto percent = [&](double share) -> QString {
        return locale.toString(100 * share, 'f', 0) + locale.percent();
    };
    const auto seconds = [&](double ms) { return tr("%1 s").arg(locale.toString(ms / 1000.0, 'f', 2)); };
    const auto &exact = link.modes.front();
    lines << tr("%1/s (%2 Mb/s) measured by step %3; exact: %4 of each step on the network")
                 .arg(DataSize::format(qint64(link.bytesPerS), 1, locale),
                      locale.toString(link.bytesPerS * 8 / 1e6, 'f', 0), locale.toString(qint64(link.step)),
                      percent(exact.networkShare));
    // The fastest local round, and how it compares: the forecast assumes the same samples to the same loss.
    const hamgam::contracts::SyncModeForecast *best = LinkForecast::fastestLocal(link);
    if (best)
        lines << tr("local steps every %Ln step(s): predicted %1× exact's speed (%2 a step against %3)",
                    nullptr, int(best->every))
                     .arg(locale.toString(exact.stepMs / best->stepMs, 'f', 1), seconds(best->stepMs),
                          seconds(exact.stepMs));
    if (link.mode == "local")
        lines << (link.chosen
                      ? tr("auto chose local steps, an outer step every %Ln step(s)", nullptr,
                           int(link.every))
                      : tr("taking local steps, an outer step every %Ln step(s)", nullptr, int(link.every)));
    else if (!best || exact.stepMs <= best->stepMs)
        lines << tr("exact steps are the fastest here");
    if (LinkForecast::slowerThanAlone(link))
        lines << tr("%1 alone would be faster: %2 a step against the group's best %3; train on it alone")
                     .arg(untrusted(QString::fromStdString(link.fastestNode), shown),
                          seconds(link.fastestAloneMs), seconds(LinkForecast::fastestStepMs(link)));
    return lines;
}

QString EventText::source(const QString &node, int rank, const QLocale &locale)
{
    if (rank < 0)
        return node;
    return node.isEmpty() ? tr("rank %1").arg(locale.toString(rank))
                          : tr("%1, rank %2").arg(node, locale.toString(rank));
}

QString EventText::happening(const RunEvent &e)
{
    using namespace hamgam::contracts;
    const auto plan = [](qint64 step, const std::vector<std::int64_t> &batches) {
        QStringList shares;
        for (const std::int64_t b : batches)
            shares << QString::number(b);
        // A plan and the re-plan that made it name the same step and batches: one happening.
        return QStringLiteral("plan %1: %2").arg(step).arg(shares.join(QLatin1Char(',')));
    };
    switch (e.kind.value()) {
    case EventKind::Plan: {
        const auto p = WorkerEventJson::read<PlanEvent>(e.payload);
        return plan(p.step, p.batches);
    }
    case EventKind::Rebalance: {
        const auto r = WorkerEventJson::read<RebalanceEvent>(e.payload);
        return plan(r.step, r.newPlan);
    }
    case EventKind::Eval:
        return QStringLiteral("eval %1").arg(WorkerEventJson::read<EvalEvent>(e.payload).step);
    case EventKind::Checkpoint:
        return QStringLiteral("checkpoint %1").arg(WorkerEventJson::read<CheckpointEvent>(e.payload).step);
    case EventKind::Model:
        return QStringLiteral("model %1").arg(WorkerEventJson::read<ModelEvent>(e.payload).step);
    case EventKind::Done:
        return QStringLiteral("done %1").arg(WorkerEventJson::read<DoneEvent>(e.payload).steps);
    default:
        return {};
    }
}

QString EventText::line(const RunEvent &e, const QString &node, Shown shown, const QLocale &locale,
                        const PlanNodes &nodes)
{
    const EventKind kind = e.kind.value();
    const QString what =
        details(e, shown, locale, nodes).join(tr("; ", "between the findings of a diagnosis"));
    QString text;
    if (what.isEmpty())
        text = title(e, shown);
    else if (kind == EventKind::State || kind == EventKind::Finished)
        text = what; // "Failed: …" says what it is
    else
        text = tr("%1: %2").arg(title(e, shown), what);
    const QString who = isRunWide(kind) ? QString() : source(untrusted(node, shown), e.rank, locale);
    return who.isEmpty() ? text : tr("%1: %2").arg(who, text);
}

EventText::Level EventText::level(const RunEvent &e)
{
    const QJsonObject &p = e.payload;
    switch (e.kind.value()) {
    case EventKind::Error:
        return Level::Error;
    case EventKind::WorkerExit:
        return p.value(QStringLiteral("crashed")).toBool() ||
                       p.value(QStringLiteral("exit_code")).toInt() != 0
                   ? Level::Error
                   : Level::Info;
    case EventKind::State:
        return NodeStates::fromString(p.value(QStringLiteral("state")).toString()) == NodeState::Failed
                   ? Level::Error
                   : Level::Info;
    case EventKind::Finished:
        return RunStatusText::fromKey(p.value(QStringLiteral("status")).toString()) == RunStatus::Failed
                   ? Level::Error
                   : Level::Info;
    case EventKind::Diagnosis:
    case EventKind::Warning:
        return Level::Warning;
    default:
        return Level::Info;
    }
}

QString EventText::state(const QString &name, Shown shown)
{
    // The states a run has too read as its status does.
    switch (NodeStates::fromString(name)) {
    case NodeState::Starting:
        return tr("Starting");
    case NodeState::Running:
        return RunStatusText::display(RunStatus::Running);
    case NodeState::Stopping:
        return tr("Stopping");
    case NodeState::Finished:
        return RunStatusText::display(RunStatus::Finished);
    case NodeState::Failed:
        return RunStatusText::display(RunStatus::Failed);
    case NodeState::Stopped:
        return RunStatusText::display(RunStatus::Stopped);
    case NodeState::Aborted:
        return RunStatusText::display(RunStatus::Aborted);
    case NodeState::Queued:
        return RunStatusText::display(RunStatus::Queued);
    case NodeState::Unknown:
        break;
    }
    return untrusted(name, shown);
}

QString EventText::replanReason(const QString &reason, Shown shown)
{
    // The planner's reasons (agent/planner) and the engine's, as the user reads them.
    if (reason == QLatin1String("profiled"))
        return tr("first speed measurements");
    if (reason == QLatin1String("periodic"))
        return tr("speeds changed");
    if (reason == QLatin1String("resume"))
        return tr("resumed on other ranks");
    if (reason == QLatin1String("memory"))
        return tr("a batch did not fit the device's memory");
    return untrusted(reason, shown);
}

QString EventText::busyMachine(const QString &node, const QJsonArray &busy, Shown shown,
                               const QLocale &locale)
{
    QStringList parts;
    for (const QJsonValue v : busy) {
        const QJsonObject b = v.toObject();
        if (b.value(QStringLiteral("kind")).toString() == QLatin1String("cpu"))
            parts << tr("load %1 on %Ln core(s)", nullptr, b.value(QStringLiteral("cores")).toInt())
                         .arg(locale.toString(b.value(QStringLiteral("load")).toDouble(), 'f', 1));
        else if (b.value(QStringLiteral("kind")).toString() == QLatin1String("gpu"))
            parts << tr("%1 shared with %Ln process(es)", nullptr,
                        b.value(QStringLiteral("processes")).toInt())
                         .arg(untrusted(b.value(QStringLiteral("device")).toString(), shown));
    }
    return tr("%1: %2").arg(untrusted(node, shown), parts.join(tr(", ", "between the numbers of a list")));
}
