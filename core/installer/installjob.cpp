#include "installjob.h"

InstallJob::InstallJob(InstallRequest request, Identity controller, Hooks hooks,
                       const std::atomic_bool &cancelled)
    : m_context(std::move(request), std::move(controller), std::move(hooks), cancelled)
{}

InstallResult InstallJob::run()
{
    InstallContext &c = m_context;
    c.result.host = c.request.host;
    c.result.agentPort = c.request.agentPort;
    if (c.request.mode == InstallRequest::Mode::User)
        c.mode = InstallSteps::Mode::User;
    else if (c.request.mode == InstallRequest::Mode::Package)
        c.mode = InstallSteps::Mode::Package;
    const InstallRequest::Action action = c.request.action;
    const bool start = c.request.start;

    // Until Inspect settles the mode, the plan is the requested mode's (per-user for Auto).
    InstallSteps::Table table = InstallSteps::table(InstallSteps::planned(c.request.mode), action, start);
    m_plan = InstallSteps::plan(table);
    bool ok = runRows(InstallSteps::session());
    if (ok) {
        table = InstallSteps::table(c.mode, action, start);
        const qsizetype planned = m_plan.size();
        m_plan = InstallSteps::plan(table);
        if (planned != m_plan.size())
            announce(c.step); // Inspect again, with the number of steps this mode has
        ok = runRows(table.steps);
    }
    if (table.finish && c.ssh.isConnected())
        table.finish(c, ok);
    if (ok)
        c.result.outcome = InstallResult::Outcome::Succeeded;
    c.ssh.disconnect();
    return c.result;
}

bool InstallJob::runRows(const QList<InstallSteps::Step> &rows)
{
    for (const InstallSteps::Step &row : rows) {
        // The rows after a step's first carry on with it.
        if (!m_started || row.step != m_context.step) {
            m_context.step = row.step;
            m_started = true;
            announce(row.step);
        }
        if (!row.run(m_context))
            return false;
    }
    return true;
}

void InstallJob::announce(InstallStep step)
{
    if (m_context.hooks.stepStarted)
        m_context.hooks.stepStarted(step, int(m_plan.indexOf(step)), int(m_plan.size()));
}
