#pragma once

#include "installtypes.h"

#include <QList>

class InstallContext;

/// The step tables of the SSH installer, in one place: for each mode (per-user,
/// package, nothing installed) the rows each action runs, in order. A row names
/// the step users see (announced once, with its place in the plan: several rows
/// in a row may do one step's work) and the function that does it. Every table
/// follows the same session rows (connect, host key, sign in, inspect), and
/// Inspect settles the mode: until then the job plans with planned().
class InstallSteps final
{
public:
    /// What is installed on the machine, or is to be.
    enum class Mode
    {
        Unknown,
        User,
        Package
    };

    /// One row: returns false after InstallContext::fail() (or when cancelled).
    using Run = bool (*)(InstallContext &context);
    struct Step
    {
        InstallStep step;
        const char *name; ///< what the row does, for tests and readers
        Run run;
    };
    /// One mode's rows for one action, and what removes this run's leftovers on the machine at the end.
    struct Table
    {
        QList<Step> steps;
        void (*finish)(InstallContext &context, bool succeeded) = nullptr;
    };

    /// The rows every job starts with, whatever its mode; the last (Inspect) settles the mode.
    static QList<Step> session();
    /// The rows that follow the session in `mode` for `action`; `start`: install or upgrade starts the agent.
    static Table table(Mode mode, InstallRequest::Action action, bool start);
    /// The mode a job plans with until Inspect settles it: the requested one, per-user for Auto.
    static Mode planned(InstallRequest::Mode requested);
    /// The steps announced for the session followed by `table`, each once, in order.
    static QList<InstallStep> plan(const Table &table);
};
