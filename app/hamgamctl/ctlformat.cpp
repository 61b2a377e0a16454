#include "ctlformat.h"

#include "ctlcontext.h"
#include "eventtext.h"
#include "historystore.h"
#include "jsonnumber.h"
#include "safetext.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>

namespace CtlFormat {

QTextStream &out()
{
    static QTextStream s(stdout);
    return s;
}
QTextStream &err()
{
    static QTextStream s(stderr);
    return s;
}

std::unique_ptr<CtlContext> openContext(QCommandLineParser &parser, const QStringList &arguments,
                                        int positional, const QString &usage,
                                        const std::function<bool()> &checkOptions)
{
    parser.addHelpOption();
    CtlContext::addOptions(parser);
    if (!CtlContext::parseArguments(parser, arguments))
        return nullptr;
    if (positional >= 0 && parser.positionalArguments().size() != positional) {
        err() << usage << Qt::endl << CtlContext::usage(parser, arguments) << Qt::endl;
        return nullptr;
    }
    if (checkOptions && !checkOptions())
        return nullptr;
    auto ctx = CtlContext::open(parser);
    if (!ctx) {
        err() << QCoreApplication::translate("RunCommands", "hamgamctl: %1").arg(ctx.error()) << Qt::endl;
        return nullptr;
    }
    return std::move(*ctx);
}

QString duration(qint64 ms)
{
    if (ms < 0)
        return QStringLiteral("-");
    const qint64 s = (ms + 500) / 1000; // LocaleFormat::duration's rounding
    return QStringLiteral("%1:%2:%3")
        .arg(s / 3600)
        .arg((s / 60) % 60, 2, 10, QLatin1Char('0'))
        .arg(s % 60, 2, 10, QLatin1Char('0'));
}

QString duration(const RunRecord &run)
{
    return duration(run.durationMs(QDateTime::currentMSecsSinceEpoch()));
}

std::optional<RunRecord> findRun(const HistoryStore &history, const QString &text, const QString &command)
{
    const QList<RunRecord> found = history.matchRuns(text);
    if (found.size() == 1)
        return found.first();
    if (found.isEmpty()) {
        err() << QCoreApplication::translate("HistoryCommands", "%1: no run \"%2\"")
                     .arg(command, SafeText::escaped(text))
              << Qt::endl;
        return std::nullopt;
    }
    err() << QCoreApplication::translate("HistoryCommands",
                                         "%1: \"%2\" matches %n run(s); give more of the id:", nullptr,
                                         int(found.size()))
                 .arg(command, SafeText::escaped(text))
          << Qt::endl;
    for (const RunRecord &r : found)
        err() << QStringLiteral("  %1  %2  %3")
                     .arg(r.id, SafeText::escaped(r.name),
                          QLocale().toString(QDateTime::fromMSecsSinceEpoch(r.createdMs),
                                             QLocale::ShortFormat))
              << Qt::endl;
    return std::nullopt;
}

QString json(const QJsonDocument &document)
{
    return SafeText::jsonEscaped(QString::fromUtf8(document.toJson(QJsonDocument::Indented)));
}

QString number(const QJsonValue &v, int decimals)
{
    return v.isDouble() ? QString::number(v.toDouble(), 'f', decimals) : QStringLiteral("-");
}

QString planByNode(const std::vector<std::int64_t> &plan, const QList<std::pair<QString, int>> &nodes,
                   std::int64_t passes)
{
    return EventText::planByNode(plan, nodes, passes, EventText::Shown::Terminal);
}

QJsonObject runJson(const RunRecord &r)
{
    return QJsonObject{{QStringLiteral("id"), r.id},
                       {QStringLiteral("name"), r.name},
                       {QStringLiteral("strategy"), r.strategy},
                       {QStringLiteral("status"), RunStatusText::key(r.status)},
                       {QStringLiteral("reason"), r.reason.toString()},
                       {QStringLiteral("created"),
                        QDateTime::fromMSecsSinceEpoch(r.createdMs).toUTC().toString(Qt::ISODate)},
                       {QStringLiteral("started_ms"), double(r.startedMs)},
                       {QStringLiteral("ended_ms"), double(r.endedMs)},
                       {QStringLiteral("summary"), r.summary},
                       {QStringLiteral("tags"), QJsonArray::fromStringList(r.tags)},
                       {QStringLiteral("note"), r.note}};
}

int exitCodeFor(RunStatus status)
{
    switch (status) {
    case RunStatus::Finished:
        return 0;
    case RunStatus::Failed:
        return 1;
    default:
        return 5;
    }
}

} // namespace CtlFormat
