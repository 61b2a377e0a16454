#include "pendingop.h"

#include "error.h"
#include "watchdog.h"

namespace hamgam::engine {

PendingOp::PendingOp(c10::intrusive_ptr<c10d::Work> work, std::string what, std::chrono::milliseconds timeout,
                     Watchdog *watchdog, bool streamOrdered)
    : m_work(std::move(work))
    , m_what(std::move(what))
    , m_timeout(timeout)
    , m_watchdog(watchdog)
    , m_streamOrdered(streamOrdered)
    , m_launched(std::chrono::steady_clock::now())
{}

bool PendingOp::completed() const
{
    return !m_work || m_work->isCompleted();
}

Status PendingOp::wait()
{
    if (!m_work)
        return {};
    auto guard = m_watchdog ? m_watchdog->arm(m_what) : Watchdog::Guard(nullptr);
    try {
        if (m_streamOrdered) {
            // ProcessGroupNCCL::WorkNCCL::wait: with kNoTimeout (and without
            // TORCH_NCCL_BLOCKING_WAIT) it only makes the current stream wait
            // for the collective's end event; with a timeout, 2.x blocks this
            // thread until the collective is done, so the next unit's kernels
            // would be queued only after it. NCCL measures from the launch (its
            // own timeout aborts the process later, ncclTimeout); the watchdog
            // reports first, with this operation's name.
            m_work->wait();
            if (m_watchdog && !m_work->isCompleted())
                m_watchdog->watch([work = m_work] { return work->isCompleted(); }, m_what, m_launched);
            m_work.reset();
            return {};
        }
        m_work->wait(m_timeout);
    } catch (const std::exception &e) {
        m_work.reset();
        return Status::failure(ErrorKind::Communication, m_what + " failed: " + firstLine(e));
    }
    m_work.reset();
    return {};
}

} // namespace hamgam::engine
