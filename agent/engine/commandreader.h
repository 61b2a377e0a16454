#pragma once

#include <atomic>
#include <cstdio>
#include <functional>
#include <string>
#include <thread>

namespace hamgam::engine {

/// Reads commands from stdin on a background thread, one per line:
/// {"cmd":"stop"} or stop. A stop request sets a flag the trainer shares with
/// every rank at the end of each step. End of input is not a stop.
class CommandReader
{
public:
    using Warn = std::function<void(const std::string &)>;

    CommandReader(std::atomic<bool> &stopFlag, Warn warn, std::FILE *in = stdin);
    ~CommandReader();
    CommandReader(const CommandReader &) = delete;
    CommandReader &operator=(const CommandReader &) = delete;

    /// Interprets one line; true if it asks to stop. Public for tests.
    static bool isStop(const std::string &line, std::string *unknown = nullptr);

private:
    void run();

    std::atomic<bool> &m_stop;
    Warn m_warn;
    std::FILE *m_in;
    std::atomic<bool> m_quit{false};
    std::thread m_thread;
};

} // namespace hamgam::engine
