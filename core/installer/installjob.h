#pragma once

#include "identity.h"
#include "installcontext.h"
#include "installsteps.h"
#include "installtypes.h"

#include <atomic>
#include <QList>

/// The steps of one install, upgrade, uninstall, restart or status check on one
/// machine, run from start to end on a worker thread (AgentInstaller owns that
/// thread and turns the hooks into signals). It runs the rows of the session
/// and then of its mode's table (InstallSteps), announcing each step with its
/// place in the plan. Every failure names its step and carries the remote error
/// text; a cancel stops between chunks and steps and removes what was uploaded
/// but not yet put in place.
class InstallJob final
{
    Q_DISABLE_COPY_MOVE(InstallJob)

public:
    using Hooks = InstallContext::Hooks;

    InstallJob(InstallRequest request, Identity controller, Hooks hooks, const std::atomic_bool &cancelled);

    InstallResult run();

private:
    /// Runs `rows` in order; false at the first that fails.
    bool runRows(const QList<InstallSteps::Step> &rows);
    void announce(InstallStep step);

    InstallContext m_context;
    QList<InstallStep> m_plan;
    bool m_started = false; ///< a step was announced
};
