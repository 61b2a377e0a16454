#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace hamgam::engine {

/// The last line of defence against a hang: while the main thread is inside a
/// communication wait (armed), a background thread checks that it returns
/// within the limit (the collective timeout plus a grace period). If not, the
/// expiry callback runs on the watchdog thread; it reports and ends the process.
/// Work the main thread no longer blocks for (an NCCL collective the compute
/// stream waits for) is watched the same way until it says it is done.
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
    /// Watches work that runs on after this thread stopped waiting for it:
    /// `done` is asked on the watchdog thread (so it must be thread-safe and
    /// never block) until it answers true; past the limit since `since`, the
    /// expiry callback runs as for an armed wait.
    void watch(std::function<bool()> done, std::string what, std::chrono::steady_clock::time_point since);

private:
    struct Watched
    {
        std::function<bool()> done;
        std::string what;
        std::chrono::steady_clock::time_point since;
    };

    void disarm();
    void run();
    /// The oldest watched work still running past the limit, if any; drops what is done.
    std::optional<Watched> overdueWatched(std::unique_lock<std::mutex> &lock);

    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::chrono::milliseconds m_limit;
    Expiry m_expiry;
    int m_depth = 0;
    std::string m_what;
    std::chrono::steady_clock::time_point m_since;
    std::vector<Watched> m_watched;
    bool m_stop = false;
    std::thread m_thread;
};

} // namespace hamgam::engine
