#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace hamgam::engine {

/// The last line of defence against a hang: while the main thread is inside a
/// communication wait (armed), a background thread checks that it returns
/// within the limit (the collective timeout plus a grace period). If not, the
/// expiry callback runs on the watchdog thread; it reports and ends the process.
class Watchdog
{
public:
    using Expiry = std::function<void(const std::string &what, double seconds)>;

    Watchdog(std::chrono::milliseconds limit, Expiry expiry);
    ~Watchdog();
    Watchdog(const Watchdog &) = delete;
    Watchdog &operator=(const Watchdog &) = delete;

    /// Disarms when it goes out of scope; nested guards keep the outer deadline.
    class Guard
    {
    public:
        explicit Guard(Watchdog *w)
            : m_w(w)
        {}
        ~Guard()
        {
            if (m_w)
                m_w->disarm();
        }
        Guard(Guard &&o) noexcept
            : m_w(o.m_w)
        {
            o.m_w = nullptr;
        }
        Guard(const Guard &) = delete;
        Guard &operator=(const Guard &) = delete;

    private:
        Watchdog *m_w;
    };

    Guard arm(const std::string &what);
    void setLimit(std::chrono::milliseconds limit);

private:
    void disarm();
    void run();

    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::chrono::milliseconds m_limit;
    Expiry m_expiry;
    int m_depth = 0;
    std::string m_what;
    std::chrono::steady_clock::time_point m_since;
    bool m_stop = false;
    std::thread m_thread;
};

} // namespace hamgam::engine
