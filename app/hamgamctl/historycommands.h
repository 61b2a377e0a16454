#pragma once

#include <QCoreApplication>
#include <QStringList>

/// hamgamctl's commands over the history: runs, show, compare, export. They
/// read the history only and never reach an agent. Exit codes: 0 success,
/// 2 bad usage, 3 not found.
class HistoryCommands
{
    Q_DECLARE_TR_FUNCTIONS(HistoryCommands)

public:
    static int runs(const QStringList &arguments);
    static int show(const QStringList &arguments);
    static int compare(const QStringList &arguments);
    static int exportRun(const QStringList &arguments);
};
