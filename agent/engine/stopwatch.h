#pragma once

#include <chrono>

namespace hamgam::engine {

/// Milliseconds since construction or the last restart, on the steady clock.
class Stopwatch
{
public:
    Stopwatch()
        : m_start(std::chrono::steady_clock::now())
    {}
    void restart() { m_start = std::chrono::steady_clock::now(); }
    double ms() const
    {
        return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - m_start).count();
    }

private:
    std::chrono::steady_clock::time_point m_start;
};

} // namespace hamgam::engine
