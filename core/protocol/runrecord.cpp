#include "runrecord.h"

#include <QCoreApplication>

QString RunStatusText::key(RunStatus status)
{
    switch (status) {
    case RunStatus::Preparing:
        return QStringLiteral("preparing");
    case RunStatus::Running:
        return QStringLiteral("running");
    case RunStatus::Finished:
        return QStringLiteral("finished");
    case RunStatus::Failed:
        return QStringLiteral("failed");
    case RunStatus::Stopped:
        return QStringLiteral("stopped");
    case RunStatus::Aborted:
        return QStringLiteral("aborted");
    case RunStatus::Queued:
        return QStringLiteral("queued");
    }
    return {};
}

RunStatus RunStatusText::fromKey(const QString &key)
{
    for (RunStatus s : {RunStatus::Preparing, RunStatus::Running, RunStatus::Finished, RunStatus::Failed,
                        RunStatus::Stopped, RunStatus::Aborted, RunStatus::Queued}) {
        if (RunStatusText::key(s) == key)
            return s;
    }
    return RunStatus::Failed;
}

QString RunStatusText::display(RunStatus status)
{
    switch (status) {
    case RunStatus::Preparing:
        return QCoreApplication::translate("RunStatus", "Preparing");
    case RunStatus::Running:
        return QCoreApplication::translate("RunStatus", "Running");
    case RunStatus::Finished:
        return QCoreApplication::translate("RunStatus", "Finished");
    case RunStatus::Failed:
        return QCoreApplication::translate("RunStatus", "Failed");
    case RunStatus::Stopped:
        return QCoreApplication::translate("RunStatus", "Stopped");
    case RunStatus::Aborted:
        return QCoreApplication::translate("RunStatus", "Aborted");
    case RunStatus::Queued:
        return QCoreApplication::translate("RunStatus", "Queued");
    }
    return {};
}

bool RunStatusText::isActive(RunStatus status)
{
    return status == RunStatus::Preparing || status == RunStatus::Running || status == RunStatus::Queued;
}

qint64 RunRecord::durationMs(qint64 nowMs) const
{
    if (startedMs <= 0)
        return -1;
    if (endedMs > 0)
        return endedMs - startedMs;
    return RunStatusText::isActive(status) ? qMax<qint64>(0, nowMs - startedMs) : -1;
}
