#include "historycommands.h"

#include "ctlcontext.h"
#include "ctlformat.h"
#include "eventkind.h"
#include "eventtext.h"
#include "historystore.h"
#include "jsonnumber.h"
#include "runconfig.h"
#include "safetext.h"
#include "texttable.h"
#include "workereventjson.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <QDateTime>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QSet>
#include <QTextStream>
#include <QTimer>

using namespace CtlFormat;

namespace {

QStringList statusKeys()
{
    QStringList keys;
    for (RunStatus s : {RunStatus::Preparing, RunStatus::Running, RunStatus::Finished, RunStatus::Failed,
                        RunStatus::Stopped, RunStatus::Aborted, RunStatus::Queued})
        keys << RunStatusText::key(s);
    return keys;
}

/// An option's values as the history stores them ("Finished" and "finished,failed" alike,
/// or the translated status word the table shows); false after saying which value is not
/// one of `known` (exit 2: a filter that can match nothing is a mistake, not an empty list).
bool filterValues(const QCommandLineParser &parser, const QString &option, const QStringList &known,
                  QStringList *out)
{
    for (const QString &value : parser.values(option)) {
        for (const QString &part : value.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const QString given = part.trimmed();
            QString match;
            for (const QString &k : known) {
                if (k.compare(given, Qt::CaseInsensitive) == 0 ||
                    (option == QLatin1String("status") &&
                     RunStatusText::display(RunStatusText::fromKey(k)).compare(given, Qt::CaseInsensitive) ==
                         0))
                    match = k;
            }
            if (match.isEmpty()) {
                err() << HistoryCommands::tr("hamgamctl runs: --%1: unknown value \"%2\"; choose from %3")
                             .arg(option, SafeText::escaped(given), known.join(QStringLiteral(", ")))
                      << Qt::endl;
                return false;
            }
            if (!out->contains(match))
                out->append(match);
        }
    }
    return true;
}

/// Ranks as people count them: "0" for one, "0–3" for several.
QString rankRange(int first, qsizetype count)
{
    return count <= 1 ? QString::number(first) : QStringLiteral("%1–%2").arg(first).arg(first + count - 1);
}

} // namespace

int HistoryCommands::runs(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("List past and current runs, newest first."));
    parser.addOption({QStringLiteral("json"), tr("Print JSON.")});
    parser.addOption({QStringLiteral("status"),
                      tr("Only runs with this status: %1 (repeatable, or separated by commas; any case).")
                          .arg(statusKeys().join(QStringLiteral(", "))),
                      tr("status")});
    parser.addOption({QStringLiteral("strategy"),
                      tr("Only runs of this strategy: %1 (repeatable, or separated by commas; any case).")
                          .arg(RunConfig::strategies().join(QStringLiteral(", "))),
                      tr("strategy")});
    parser.addOption({QStringLiteral("name"), tr("Only runs whose name contains this."), tr("text")});
    parser.addOption(
        {QStringLiteral("search"), tr("Only runs whose name, tags or note contain this."), tr("text")});
    auto ctx = openContext(parser, arguments, 0, tr("hamgamctl runs takes no arguments"));
    if (!ctx)
        return 2;
    if (!ctx->historyExists()) { // nothing recorded yet; and no empty database is left behind
        if (parser.isSet(QStringLiteral("json")))
            out() << json(QJsonDocument(QJsonArray()));
        else
            out() << tr("No runs yet. Start one with: hamgamctl run CONFIG") << Qt::endl;
        return 0;
    }
    auto history = ctx->history(CtlContext::HistoryUse::ReadOnly);
    if (!history) {
        err() << history.error() << Qt::endl;
        return 1;
    }
    RunFilter filter;
    if (!filterValues(parser, QStringLiteral("status"), statusKeys(), &filter.statuses) ||
        !filterValues(parser, QStringLiteral("strategy"), RunConfig::strategies(), &filter.strategies))
        return 2;
    filter.nameContains = parser.value(QStringLiteral("name"));
    filter.textContains = parser.value(QStringLiteral("search"));
    const QList<RunRecord> runs = (*history)->runs(filter);
    const bool filtered = !filter.statuses.isEmpty() || !filter.strategies.isEmpty() ||
                          !filter.nameContains.isEmpty() || !filter.textContains.isEmpty();
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray a;
        for (const RunRecord &r : runs)
            a.append(runJson(r));
        out() << json(QJsonDocument(a));
        return 0;
    }
    if (runs.isEmpty()) {
        const qsizetype all = filtered ? (*history)->runs().size() : 0;
        if (all > 0)
            out() << tr("No run matches these filters (%n run(s) in the history; hamgamctl runs lists them "
                        "all).",
                        nullptr, int(all))
                  << Qt::endl;
        else
            out() << tr("No runs yet. Start one with: hamgamctl run CONFIG") << Qt::endl;
        return 0;
    }
    TextTable table({tr("ID"), tr("NAME"), tr("STRATEGY"), tr("STATUS"), tr("CREATED"), tr("DURATION"),
                     tr("STEPS"), tr("LOSS"), tr("SAMPLES/S"), tr("WAIT %")});
    for (const RunRecord &r : runs) {
        table.addRow({r.id, r.name, r.strategy, RunStatusText::display(r.status),
                      QLocale().toString(QDateTime::fromMSecsSinceEpoch(r.createdMs), QLocale::ShortFormat),
                      duration(r), number(r.summary.value(QStringLiteral("steps")), 0),
                      number(r.summary.value(QStringLiteral("final_loss")), 4),
                      number(r.summary.value(QStringLiteral("samples_per_s")), 0),
                      number(r.summary.value(QStringLiteral("mean_wait_pct")), 1)});
    }
    out() << table.render();
    return 0;
}

int HistoryCommands::show(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Show one run: its status, summary, nodes, per-rank timing and notable events."));
    parser.addPositionalArgument(QStringLiteral("run"), tr("Run id (or its first characters) or name."),
                                 QStringLiteral("RUN"));
    parser.addOption({QStringLiteral("json"), tr("Print JSON.")});
    auto ctx = openContext(parser, arguments, 1, tr("hamgamctl show: give one run"));
    if (!ctx)
        return 2;
    auto history = ctx->history(CtlContext::HistoryUse::ReadOnly);
    if (!history) {
        err() << history.error() << Qt::endl;
        return 1;
    }
    const auto r = findRun(**history, parser.positionalArguments().first(), arguments.first());
    if (!r)
        return 3;
    const auto nodes = (*history)->nodes(r->id);
    const auto ranks = (*history)->rankBreakdown(r->id);
    QStringList notableKinds;
    for (EventKind kind :
         {EventKind::Plan, EventKind::Rebalance, EventKind::Error, EventKind::State, EventKind::Checkpoint,
          EventKind::Eval, EventKind::WorkerExit, EventKind::Done, EventKind::Link})
        notableKinds << EventKinds::name(kind);
    const auto notable = (*history)->events(r->id, notableKinds);
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonObject o = runJson(*r);
        o[QStringLiteral("config")] = r->config;
        QJsonArray n;
        for (const RunNodeRecord &node : nodes)
            n.append(QJsonObject{{QStringLiteral("index"), node.nodeIndex},
                                 {QStringLiteral("agent"), node.agentId},
                                 {QStringLiteral("name"), node.name},
                                 {QStringLiteral("first_rank"), node.firstRank},
                                 {QStringLiteral("final_plan"), node.finalPlan},
                                 {QStringLiteral("last_seq"), double(node.lastSeq)}});
        o[QStringLiteral("nodes")] = n;
        QJsonArray rk;
        for (const QJsonObject &x : ranks)
            rk.append(x);
        o[QStringLiteral("ranks")] = rk;
        o[QStringLiteral("step_rows")] = double((*history)->stepRowCount(r->id));
        QJsonArray ev;
        for (const RunEvent &e : notable)
            ev.append(QJsonObject{{QStringLiteral("source"), e.source},
                                  {QStringLiteral("seq"), double(e.seq)},
                                  {QStringLiteral("time_ms"), double(e.timeMs)},
                                  {QStringLiteral("kind"), e.kind.name()},
                                  {QStringLiteral("rank"), e.rank},
                                  {QStringLiteral("payload"), e.payload}});
        o[QStringLiteral("events")] = ev;
        out() << json(QJsonDocument(o));
        return 0;
    }
    out() << tr("Run %1 \"%2\"").arg(r->id, SafeText::escaped(r->name)) << Qt::endl;
    out() << (r->reason.isEmpty()
                  ? tr("  status:   %1").arg(RunStatusText::display(r->status))
                  : tr("  status:   %1 (%2)")
                        .arg(RunStatusText::display(r->status), SafeText::escaped(r->reason.toString())))
          << Qt::endl;
    out() << tr("  strategy: %1, model %2, global batch %3")
                 .arg(r->strategy,
                      r->config.value(QStringLiteral("model"))
                          .toObject()
                          .value(QStringLiteral("kind"))
                          .toString(),
                      number(r->config.value(QStringLiteral("global_batch")), 0))
          << Qt::endl;
    out() << tr("  gradients: %1").arg(RunConfig::exchangeDescription(r->config)) << Qt::endl;
    out() << tr("  duration: %1, steps %2, final loss %3, %4 samples/s, mean wait %5%")
                 .arg(duration(*r), number(r->summary.value(QStringLiteral("steps")), 0),
                      number(r->summary.value(QStringLiteral("final_loss")), 4),
                      number(r->summary.value(QStringLiteral("samples_per_s")), 1),
                      number(r->summary.value(QStringLiteral("mean_wait_pct")), 1))
          << Qt::endl;
    // The final plan is the node's batch, split over its devices when it has several.
    TextTable nodeTable({tr("NODE"), tr("NAME"), tr("RANKS"), tr("DEVICES"), tr("FINAL BATCH")});
    for (const RunNodeRecord &n : nodes) {
        QStringList devices;
        for (int d : n.devices)
            devices << QString::number(d);
        QStringList shares;
        qint64 sum = 0;
        for (const QJsonValue v : n.finalPlan) {
            shares << QString::number(jsonInt64(v));
            sum += jsonInt64(v);
        }
        nodeTable.addRow({QString::number(n.nodeIndex), n.name, rankRange(n.firstRank, n.devices.size()),
                          devices.join(QStringLiteral(", ")),
                          shares.size() > 1
                              ? QStringLiteral("%1 (%2)").arg(sum).arg(shares.join(QStringLiteral(" + ")))
                              : shares.value(0, QStringLiteral("-"))});
    }
    out() << Qt::endl << nodeTable.render();
    TextTable rankTable({tr("RANK"), tr("BATCH"), tr("DATA MS"), tr("COMPUTE MS"), tr("WAIT MS"),
                         tr("COMM MS"), tr("OPT MS"), tr("SAMPLES/S")});
    for (const QJsonObject &x : ranks)
        rankTable.addRow(
            {number(x.value(QStringLiteral("rank")), 0), number(x.value(QStringLiteral("local_batch")), 1),
             number(x.value(QStringLiteral("data_ms")), 1), number(x.value(QStringLiteral("compute_ms")), 1),
             number(x.value(QStringLiteral("wait_ms")), 1), number(x.value(QStringLiteral("comm_ms")), 1),
             number(x.value(QStringLiteral("optimizer_ms")), 1),
             number(x.value(QStringLiteral("samples_per_s")), 0)});
    out() << Qt::endl << rankTable.render() << Qt::endl;
    // The node an event came from: its agent id, "#N" after it for an elastic attempt N.
    auto nodeName = [&nodes](const QString &source) {
        const QString agent = source.section(QLatin1Char('#'), 0, 0);
        for (const RunNodeRecord &n : nodes) {
            if (n.agentId == agent && !n.name.isEmpty())
                return n.name;
        }
        return agent.left(12);
    };
    QList<std::pair<QString, int>> planNodes;
    for (const RunNodeRecord &n : nodes)
        planNodes.append({n.name.isEmpty() ? n.agentId.left(12) : n.name, int(n.devices.size())});
    // One line per happening: every rank reports the same plan and re-plan, and each
    // node's agent the run's end; a plan is said by node, not as a list of ranks.
    QSet<QString> said;
    for (const RunEvent &e : notable) {
        const EventKind kind = e.kind.value();
        QString text;
        switch (kind) {
        case EventKind::Plan:
        case EventKind::Rebalance: {
            const WorkerEventJson::PlanChange change = WorkerEventJson::planChange(e);
            const std::vector<std::int64_t> &plan = change.batches;
            const QString step = QString::number(change.step);
            // A re-plan is followed by the plan it made: one line.
            const QString key = EventText::happening(e);
            if (said.contains(key))
                continue;
            said.insert(key);
            const std::int64_t passes = change.microBatches;
            const QString why = kind == EventKind::Rebalance
                                    ? EventText::replanReason(QString::fromStdString(change.reason),
                                                              EventText::Shown::Terminal)
                                    : QString();
            text = kind == EventKind::Plan
                       ? tr("Plan from step %1: %2")
                             .arg(QLocale().toString(step.toLongLong()), planByNode(plan, planNodes, passes))
                   : why.isEmpty()
                       ? tr("Re-plan at step %1: %2")
                             .arg(QLocale().toString(step.toLongLong()), planByNode(plan, planNodes, passes))
                       : tr("Re-plan at step %1 (%2): %3")
                             .arg(QLocale().toString(step.toLongLong()), why,
                                  planByNode(plan, planNodes, passes));
            break;
        }
        case EventKind::State:
        case EventKind::Error:
        case EventKind::WorkerExit:
            text = EventText::line(e, nodeName(e.source), EventText::Shown::Terminal);
            break;
        case EventKind::Link: { // the measured link and each mode's forecast, a line each
            const QStringList lines = EventText::details(e, EventText::Shown::Terminal);
            if (lines.isEmpty())
                continue;
            text = tr("%1: %2").arg(EventText::title(e, EventText::Shown::Terminal),
                                    lines.join(QStringLiteral("\n            ")));
            break;
        }
        default:
            continue;
        }
        out() << QStringLiteral("  %1  %2")
                     .arg(QDateTime::fromMSecsSinceEpoch(e.timeMs).toString(QStringLiteral("HH:mm:ss")), text)
              << Qt::endl;
    }
    return 0;
}

int HistoryCommands::compare(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Compare 2 to 100 runs: a summary table, and the config fields that differ."));
    parser.addPositionalArgument(QStringLiteral("runs"), tr("Run ids (or their first characters) or names."),
                                 QStringLiteral("RUN RUN..."));
    parser.addOption({QStringLiteral("json"), tr("Print JSON.")});
    auto ctx = openContext(parser, arguments, -1, {});
    if (!ctx)
        return 2;
    const QStringList ids = parser.positionalArguments();
    if (ids.size() < 2 || ids.size() > 100) {
        err() << tr("hamgamctl compare: give 2 to 100 runs") << Qt::endl;
        return 2;
    }
    auto history = ctx->history(CtlContext::HistoryUse::ReadOnly);
    if (!history) {
        err() << history.error() << Qt::endl;
        return 1;
    }
    QList<RunRecord> runs;
    for (const QString &id : ids) {
        const auto r = findRun(**history, id, arguments.first());
        if (!r)
            return 3;
        runs.append(*r);
    }
    QStringList differing;
    for (qsizetype i = 1; i < runs.size(); ++i) {
        for (const QString &f : RunConfig::differingSettings(runs.first().config, runs[i].config)) {
            if (!differing.contains(f) && f != QLatin1String("name"))
                differing.append(f);
        }
    }
    std::sort(differing.begin(), differing.end());
    auto valueOf = [](const QJsonObject &config, const QString &field) {
        for (const auto &[k, v] : RunConfig::flatten(config)) {
            if (k == field)
                return v.isString()
                           ? v.toString()
                           : QString::fromUtf8(QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact))
                                 .mid(1)
                                 .chopped(1);
        }
        return QStringLiteral("-");
    };
    // A run slowed by other work on its machines is no verdict on its settings: say which.
    QHash<QString, QList<BusyMachine>> busy;
    for (const RunRecord &r : runs)
        busy.insert(r.id, (*history)->busyAtStart(r.id));
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray a;
        for (const RunRecord &r : runs) {
            QJsonObject o = runJson(r);
            QJsonArray machines;
            for (const BusyMachine &m : busy.value(r.id))
                machines.append(
                    QJsonObject{{QStringLiteral("node"), m.node}, {QStringLiteral("busy"), m.busy}});
            o[QStringLiteral("busy_at_start")] = machines;
            a.append(o);
        }
        QJsonObject diff;
        for (const QString &f : differing) {
            QJsonArray values;
            for (const RunRecord &r : runs)
                values.append(valueOf(r.config, f));
            diff[f] = values;
        }
        out() << json(QJsonDocument(
            QJsonObject{{QStringLiteral("runs"), a}, {QStringLiteral("differing_config"), diff}}));
        return 0;
    }
    QStringList header{tr("METRIC")};
    for (const RunRecord &r : runs)
        header << r.id;
    TextTable summary(header);
    auto row = [&](const QString &label, auto cell) {
        QStringList cells{label};
        for (const RunRecord &r : runs)
            cells << cell(r);
        summary.addRow(cells);
    };
    row(tr("name"), [](const RunRecord &r) { return r.name; });
    row(tr("status"), [](const RunRecord &r) { return RunStatusText::display(r.status); });
    row(tr("duration"), [](const RunRecord &r) { return duration(r); });
    row(tr("steps"), [](const RunRecord &r) { return number(r.summary.value(QStringLiteral("steps")), 0); });
    row(tr("final loss"),
        [](const RunRecord &r) { return number(r.summary.value(QStringLiteral("final_loss")), 4); });
    // The held-out split's last evaluation: accuracy for classifiers, perplexity for text models.
    row(tr("accuracy %"), [](const RunRecord &r) {
        const QJsonValue v = r.summary.value(QStringLiteral("eval_accuracy"));
        return v.isDouble() ? QString::number(100.0 * v.toDouble(), 'f', 1) : QStringLiteral("-");
    });
    if (std::any_of(runs.cbegin(), runs.cend(),
                    [](const RunRecord &r) { return r.summary.contains(QStringLiteral("eval_perplexity")); }))
        row(tr("perplexity"),
            [](const RunRecord &r) { return number(r.summary.value(QStringLiteral("eval_perplexity")), 2); });
    row(tr("samples/s"),
        [](const RunRecord &r) { return number(r.summary.value(QStringLiteral("samples_per_s")), 1); });
    row(tr("mean wait %"),
        [](const RunRecord &r) { return number(r.summary.value(QStringLiteral("mean_wait_pct")), 1); });
    row(tr("max wait %"),
        [](const RunRecord &r) { return number(r.summary.value(QStringLiteral("max_wait_pct")), 1); });
    row(tr("busy at start"), [&](const RunRecord &r) {
        QStringList machines;
        for (const BusyMachine &m : busy.value(r.id))
            machines << EventText::busyMachine(m.node, m.busy, EventText::Shown::Terminal);
        return machines.isEmpty() ? tr("no") : machines.join(tr("; "));
    });
    out() << summary.render() << Qt::endl;
    for (const RunRecord &r : runs) {
        if (!busy.value(r.id).isEmpty())
            out() << tr("Note: %1 started on busy machines; its speed says as much about them as about its "
                        "settings.")
                         .arg(r.id)
                  << Qt::endl;
    }
    if (differing.isEmpty()) {
        out() << tr("The configs are the same (apart from the name).") << Qt::endl;
        return 0;
    }
    QStringList dheader{tr("CONFIG FIELD")};
    for (const RunRecord &r : runs)
        dheader << r.id;
    TextTable diff(dheader);
    for (const QString &f : differing) {
        QStringList cells{f};
        for (const RunRecord &r : runs)
            cells << valueOf(r.config, f);
        diff.addRow(cells);
    }
    out() << diff.render();
    return 0;
}

int HistoryCommands::exportRun(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Export a run's data as CSV files (ISO dates, plain digits) into a directory: "
           "steps.csv, events.csv, telemetry.csv and run.json."));
    parser.addPositionalArgument(QStringLiteral("run"), tr("Run id (or its first characters) or name."),
                                 QStringLiteral("RUN"));
    parser.addOption({QStringLiteral("csv"), tr("Directory to write the files into."), tr("dir")});
    auto ctx = openContext(parser, arguments, 1, tr("hamgamctl export: give one run and --csv DIR"));
    if (!ctx)
        return 2;
    if (!parser.isSet(QStringLiteral("csv"))) {
        err() << tr("hamgamctl export: --csv DIR is required") << Qt::endl;
        return 2;
    }
    auto history = ctx->history(CtlContext::HistoryUse::ReadOnly);
    if (!history) {
        err() << history.error() << Qt::endl;
        return 1;
    }
    const auto r = findRun(**history, parser.positionalArguments().first(), arguments.first());
    if (!r)
        return 3;
    const QString dir = parser.value(QStringLiteral("csv"));
    auto written = (*history)->exportCsv(r->id, dir);
    if (!written) {
        err() << tr("hamgamctl export: %1").arg(written.error()) << Qt::endl;
        return 1;
    }
    out() << tr("Wrote %1 to %2").arg(written->join(QStringLiteral(", ")), dir) << Qt::endl;
    return 0;
}
