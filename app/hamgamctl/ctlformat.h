#pragma once

#include "runrecord.h"

#include <functional>
#include <memory>
#include <QCommandLineParser>
#include <QJsonObject>
#include <QJsonValue>
#include <QStringList>
#include <QTextStream>

class CtlContext;

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
QString duration(qint64 ms);
QString number(const QJsonValue &v, int decimals);
QJsonObject runJson(const RunRecord &r);
/// 0 finished, 1 failed, 5 stopped or aborted.
int exitCodeFor(RunStatus status);

} // namespace CtlFormat
