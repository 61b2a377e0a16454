#include "watchdog.h"

namespace hamgam::engine {

Watchdog::Watchdog(std::chrono::milliseconds limit, Expiry expiry)
    : m_limit(limit)
    , m_expiry(std::move(expiry))
{
    m_thread = std::thread([this] { run(); });
}

Watchdog::~Watchdog()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    m_thread.join();
}

Watchdog::Guard Watchdog::arm(const std::string &what)
{
    std::lock_guard lock(m_mutex);
    if (m_depth++ == 0) {
        m_since = std::chrono::steady_clock::now();
        m_what = what;
    }
    return Guard(this);
}

void Watchdog::disarm()
{
    std::lock_guard lock(m_mutex);
    if (m_depth > 0)
        --m_depth;
}

void Watchdog::setLimit(std::chrono::milliseconds limit)
{
    std::lock_guard lock(m_mutex);
    m_limit = limit;
}

void Watchdog::run()
{
    std::unique_lock lock(m_mutex);
    while (!m_stop) {
        m_wake.wait_for(lock, std::chrono::milliseconds(200));
        if (m_stop || m_depth == 0)
            continue;
        const auto stuck = std::chrono::steady_clock::now() - m_since;
        if (stuck > m_limit) {
            const std::string what = m_what;
            const double seconds = std::chrono::duration<double>(stuck).count();
            lock.unlock();
            m_expiry(what, seconds); // reports and ends the process
            lock.lock();
            m_depth = 0;
        }
    }
}

} // namespace hamgam::engine
