#include "runexporter.h"

#include "bidi.h"
#include "comparisonview.h"
#include "csv.h"
#include "historystore.h"
#include "jsonnumber.h"
#include "plotexporter.h"
#include "runconfig.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

namespace {
// Column names of the exported CSV files, translated only when the user asks.
struct CsvHeader
{
    const char *key;
    const char *text;
};
const CsvHeader kCsvHeaders[] = {
    {"time", QT_TRANSLATE_NOOP("RunExporter", "time")},
    {"rank", QT_TRANSLATE_NOOP("RunExporter", "rank")},
    {"step", QT_TRANSLATE_NOOP("RunExporter", "step")},
    {"epoch", QT_TRANSLATE_NOOP("RunExporter", "epoch")},
    {"loss", QT_TRANSLATE_NOOP("RunExporter", "loss")},
    {"local_batch", QT_TRANSLATE_NOOP("RunExporter", "local batch")},
    {"data_ms", QT_TRANSLATE_NOOP("RunExporter", "data ms")},
    {"compute_ms", QT_TRANSLATE_NOOP("RunExporter", "compute ms")},
    {"wait_ms", QT_TRANSLATE_NOOP("RunExporter", "wait ms")},
    {"comm_ms", QT_TRANSLATE_NOOP("RunExporter", "communication ms")},
    {"optimizer_ms", QT_TRANSLATE_NOOP("RunExporter", "optimizer ms")},
    {"samples_per_s", QT_TRANSLATE_NOOP("RunExporter", "samples per second")},
    {"device_bytes", QT_TRANSLATE_NOOP("RunExporter", "device memory bytes")},
    {"bytes_intra", QT_TRANSLATE_NOOP("RunExporter", "bytes within the node")},
    {"bytes_inter", QT_TRANSLATE_NOOP("RunExporter", "bytes between nodes")},
    {"source", QT_TRANSLATE_NOOP("RunExporter", "source")},
    {"seq", QT_TRANSLATE_NOOP("RunExporter", "sequence")},
    {"kind", QT_TRANSLATE_NOOP("RunExporter", "kind")},
    {"device", QT_TRANSLATE_NOOP("RunExporter", "device")},
    {"payload", QT_TRANSLATE_NOOP("RunExporter", "payload")},
    {"node", QT_TRANSLATE_NOOP("RunExporter", "node")},
    {"agent", QT_TRANSLATE_NOOP("RunExporter", "agent")},
    {"util", QT_TRANSLATE_NOOP("RunExporter", "utilization %")},
    {"mem_used", QT_TRANSLATE_NOOP("RunExporter", "memory used bytes")},
    {"mem_total", QT_TRANSLATE_NOOP("RunExporter", "memory total bytes")},
    {"temperature", QT_TRANSLATE_NOOP("RunExporter", "temperature °C")},
    {"power", QT_TRANSLATE_NOOP("RunExporter", "power W")},
};

/// A run's folder in an export, and its column in settings.csv: its name and the start of its id.
QString folderOf(const RunRecord &run)
{
    return PlotExporter::safeFileName(QStringLiteral("%1-%2").arg(run.name, run.id.left(8)));
}

QString jsonText(const QJsonValue &v)
{
    if (v.isString())
        return v.toString();
    if (v.isUndefined())
        return {};
    return QString::fromUtf8(QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
}

Status writeText(const QString &path, const QString &text)
{
    QFile f(path);
    if (!QDir().mkpath(QFileInfo(path).absolutePath()) ||
        !f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(text.toUtf8()) < 0)
        return Status::failure(RunExporter::tr("cannot write %1: %2").arg(Bidi::ltr(path), f.errorString()));
    return {};
}
} // namespace

RunExporter::RunExporter(HistoryStore &store)
    : m_store(store)
{}

QHash<QString, QString> RunExporter::localizedCsvHeaders()
{
    QHash<QString, QString> out;
    for (const CsvHeader &h : kCsvHeaders)
        out.insert(QLatin1String(h.key), tr(h.text));
    return out;
}

Expected<QStringList> RunExporter::write(const QStringList &ids, const QString &dir,
                                         const Options &options) const
{
    using Result = Expected<QStringList>;
    QStringList written;
    QList<RunRecord> runs;
    for (const QString &id : ids) {
        const auto run = m_store.run(id);
        if (!run)
            return Result::failure(tr("The run %1 is no longer in the history.").arg(id));
        runs << *run;
    }
    for (const RunRecord &run : std::as_const(runs)) {
        const QString sub = QDir(dir).filePath(folderOf(run));
        if (options.data) {
            auto r = writeTables(run.id, sub, options.localizedHeaders);
            if (!r)
                return Result::failure(tr("Cannot export %1: %2").arg(run.name, r.error()));
            written << *r;
        }
        if (options.nodes) {
            // Machine-readable as the other tables: plain digits, "0;1" lists.
            QString text = QStringLiteral("node,agent,address,devices,first_rank,final_plan\n");
            for (const RunNodeRecord &n : m_store.nodes(run.id)) {
                QStringList devices, plan;
                for (int d : n.devices)
                    devices << QString::number(d);
                for (const QJsonValue v : n.finalPlan)
                    plan << QString::number(jsonInt64(v));
                text += Csv::row({n.name, n.agentId, n.address, devices.join(QLatin1Char(';')),
                                  QString::number(n.firstRank), plan.join(QLatin1Char(';'))});
            }
            const QString path = QDir(sub).filePath(QStringLiteral("nodes.csv"));
            if (const Status s = writeText(path, text); !s)
                return Result::failure(s.error());
            written << path;
        }
    }
    if (options.settings && !runs.isEmpty()) {
        // The settings that differ between the runs, one row each; a single run's every setting.
        QStringList fields;
        for (const auto &[path, value] : RunConfig::flatten(runs.first().config)) {
            bool differs = runs.size() == 1;
            for (qsizetype i = 1; i < runs.size() && !differs; ++i)
                differs = RunConfig::differingSettings(runs.first().config, runs[i].config).contains(path);
            if (differs)
                fields << path;
        }
        for (qsizetype i = 1; i < runs.size(); ++i) {
            for (const QString &f : RunConfig::differingSettings(runs.first().config, runs[i].config)) {
                if (!fields.contains(f))
                    fields << f;
            }
        }
        QStringList header{QStringLiteral("setting")};
        for (const RunRecord &r : std::as_const(runs))
            header << folderOf(r); // a person reads the run's name; the folder beside holds its data
        QString text = Csv::row(header);
        for (const QString &field : std::as_const(fields)) {
            QStringList row{field};
            for (const RunRecord &r : std::as_const(runs)) {
                QJsonValue value;
                for (const auto &[path, v] : RunConfig::flatten(r.config)) {
                    if (path == field)
                        value = v;
                }
                row << jsonText(value);
            }
            text += Csv::row(row);
        }
        const QString path = QDir(dir).filePath(QStringLiteral("settings.csv"));
        if (const Status s = writeText(path, text); !s)
            return Result::failure(s.error());
        written << path;
    }
    if (options.charts && !runs.isEmpty()) {
        ComparisonView view(m_store);
        view.resize(1100, 700);
        view.setRuns(ids);
        auto plots = view.exportPlots(QDir(dir).filePath(QStringLiteral("charts")));
        if (!plots)
            return Result::failure(plots.error());
        written << *plots;
    }
    return written;
}

Expected<QStringList> RunExporter::writeTables(const QString &id, const QString &sub,
                                               bool localizedHeaders) const
{
    using Result = Expected<QStringList>;
    const QHash<QString, QString> headers =
        localizedHeaders ? localizedCsvHeaders() : QHash<QString, QString>();
    const auto files = m_store.exportCsv(id, sub, headers);
    if (!files)
        return Result::failure(files.error());
    QStringList written;
    for (const QString &f : *files)
        written << QDir(sub).filePath(f);
    return written;
}
