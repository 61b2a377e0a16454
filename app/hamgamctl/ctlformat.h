#pragma once

#include "runrecord.h"

#include <functional>
#include <memory>
#include <optional>
#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QStringList>
#include <QTextStream>
#include <vector>

class CtlContext;
class HistoryStore;

/// What every hamgamctl command prints with: its streams, the context opened from
/// its arguments, and the few formats all of them share (durations, numbers, a run as JSON).
namespace CtlFormat {

QTextStream &out();
QTextStream &err();
/// Parses the arguments and opens the context; nullptr on bad usage (printed). `checkOptions` runs
/// before anything is opened, so a bad value creates nothing on disk.
std::unique_ptr<CtlContext> openContext(QCommandLineParser &parser, const QStringList &arguments,
                                        int positional, const QString &usage,
                                        const std::function<bool()> &checkOptions = {});
/// "1:02:03", rounded to the second as the app rounds ("2.6 s" is 0:00:03 in both); "-" when negative.
QString duration(qint64 ms);
/// A run's duration, growing while it runs, as the app's history shows it.
QString duration(const RunRecord &run);
/// The one run `text` names (an id, a unique start of one, or a name). None, or several
/// (an ambiguous prefix, two runs of one name), is said on stderr after `command`
/// ("hamgamctl show"), the several listed with their ids, and gives nothing.
std::optional<RunRecord> findRun(const HistoryStore &history, const QString &text, const QString &command);
QString number(const QJsonValue &v, int decimals);
/// A --json document for the terminal: indented, and the characters JSON may
/// carry raw that a terminal would obey (bidirectional controls from another
/// user's run name, C1 controls) as \uXXXX escapes (issue #29, item 10).
QString json(const QJsonDocument &document);
/// A per-rank plan by node ((name, devices) in rank order): "alpha 20, beta 28", a node of
/// several devices as "alpha 24 (12 + 12)"; with gradient accumulation (`passes` > 1) "alpha 512 in 4
/// passes of 128". Names are escaped for the terminal.
QString planByNode(const std::vector<std::int64_t> &plan, const QList<std::pair<QString, int>> &nodes,
                   std::int64_t passes = 1);
QJsonObject runJson(const RunRecord &r);
/// 0 finished, 1 failed, 5 stopped or aborted.
int exitCodeFor(RunStatus status);

} // namespace CtlFormat
