#pragma once

#include <QCoreApplication>
#include <QStringList>

class CtlContext;
struct RunConfig;

/// hamgamctl's commands that drive a run: check, run, attach, stop, abort
/// (what a run has left behind is HistoryCommands'). Exit codes: 0 success (a
/// followed run finished), 1 the run failed or a check found problems, 2 bad
/// usage, 3 not found, 4 refused, 5 the run was stopped or aborted.
class RunCommands
{
    Q_DECLARE_TR_FUNCTIONS(RunCommands)

public:
    static int check(const QStringList &arguments);
    static int run(const QStringList &arguments);
    static int stop(const QStringList &arguments);
    static int abort(const QStringList &arguments);
    static int attach(const QStringList &arguments);

private:
    /// After check's pre-flight: the link forecast from the history (LinkForecast).
    static void printLinkForecast(CtlContext &ctx, const RunConfig &config);
};
