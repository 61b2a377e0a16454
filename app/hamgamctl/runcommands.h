#pragma once

#include <QCoreApplication>
#include <QStringList>

/// hamgamctl's run commands: check, run, runs, show, stop, abort, attach,
/// compare, export. Exit codes: 0 success (a followed run finished), 1 the
/// run failed or a check found problems, 2 bad usage, 3 not found, 4 refused,
/// 5 the run was stopped or aborted.
class RunCommands
{
    Q_DECLARE_TR_FUNCTIONS(RunCommands)

public:
    static int check(const QStringList &arguments);
    static int run(const QStringList &arguments);
    static int runs(const QStringList &arguments);
    static int show(const QStringList &arguments);
    static int stop(const QStringList &arguments);
    static int abort(const QStringList &arguments);
    static int attach(const QStringList &arguments);
    static int compare(const QStringList &arguments);
    static int exportRun(const QStringList &arguments);
};
