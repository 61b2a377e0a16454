#include "pendingop.h"

#include "watchdog.h"

namespace hamgam::engine {

PendingOp::PendingOp(c10::intrusive_ptr<c10d::Work> work, std::string what, std::chrono::milliseconds timeout,
                     Watchdog *watchdog)
    : m_work(std::move(work))
    , m_what(std::move(what))
    , m_timeout(timeout)
    , m_watchdog(watchdog)
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
        m_work->wait(m_timeout);
    } catch (const std::exception &e) {
        std::string reason = e.what();
        if (const auto nl = reason.find('\n'); nl != std::string::npos)
            reason.resize(nl); // LibTorch appends a C++ stack trace
        m_work.reset();
        return Status::failure(ErrorKind::Communication, m_what + " failed: " + reason);
    }
    m_work.reset();
    return {};
}

} // namespace hamgam::engine
