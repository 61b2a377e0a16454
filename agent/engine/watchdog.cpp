#include "watchdog.h"

#include <iterator>

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

void Watchdog::watch(std::function<bool()> done, std::string what,
                     std::chrono::steady_clock::time_point since)
{
    std::lock_guard lock(m_mutex);
    m_watched.push_back({std::move(done), std::move(what), since});
}

std::optional<Watchdog::Watched> Watchdog::overdueWatched(std::unique_lock<std::mutex> &lock)
{
    if (m_watched.empty())
        return std::nullopt;
    // Asked without the lock: a `done` may take a while, and arm() must not wait for it.
    std::vector<Watched> watched;
    watched.swap(m_watched);
    const auto limit = m_limit;
    lock.unlock();
    std::vector<Watched> running;
    std::optional<Watched> overdue;
    const auto now = std::chrono::steady_clock::now();
    for (auto &w : watched) {
        if (w.done())
            continue;
        if (!overdue && now - w.since > limit)
            overdue = std::move(w); // reported once, then no longer watched
        else
            running.push_back(std::move(w));
    }
    watched.clear(); // what is done is released here, on this thread
    lock.lock();
    // What was watched meanwhile is newer: after the older ones.
    running.insert(running.end(), std::make_move_iterator(m_watched.begin()),
                   std::make_move_iterator(m_watched.end()));
    m_watched.swap(running);
    return overdue;
}

void Watchdog::run()
{
    std::unique_lock lock(m_mutex);
    while (!m_stop) {
        m_wake.wait_for(lock, std::chrono::milliseconds(200));
        if (m_stop)
            continue;
        if (auto overdue = overdueWatched(lock)) {
            const double seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - overdue->since).count();
            lock.unlock();
            m_expiry(overdue->what, seconds); // reports and ends the process
            lock.lock();
            continue;
        }
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
