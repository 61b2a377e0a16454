#include "ctlformat.h"

#include "ctlcontext.h"

#include <QCoreApplication>
#include <QDateTime>

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
        err() << usage << Qt::endl;
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
    if (ms <= 0)
        return QStringLiteral("-");
    const qint64 s = ms / 1000;
    return QStringLiteral("%1:%2:%3")
        .arg(s / 3600)
        .arg((s / 60) % 60, 2, 10, QLatin1Char('0'))
        .arg(s % 60, 2, 10, QLatin1Char('0'));
}

QString number(const QJsonValue &v, int decimals)
{
    return v.isDouble() ? QString::number(v.toDouble(), 'f', decimals) : QStringLiteral("-");
}

QJsonObject runJson(const RunRecord &r)
{
    return QJsonObject{{QStringLiteral("id"), r.id},
                       {QStringLiteral("name"), r.name},
                       {QStringLiteral("strategy"), r.strategy},
                       {QStringLiteral("status"), RunStatusText::key(r.status)},
                       {QStringLiteral("reason"), r.reason},
                       {QStringLiteral("created"),
                        QDateTime::fromMSecsSinceEpoch(r.createdMs).toUTC().toString(Qt::ISODate)},
                       {QStringLiteral("started_ms"), double(r.startedMs)},
                       {QStringLiteral("ended_ms"), double(r.endedMs)},
                       {QStringLiteral("summary"), r.summary}};
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
