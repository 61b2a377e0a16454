#pragma once

#include <cstdio>
#include <mutex>
#include <string>

namespace hamgam::engine {

/// The engine's small logger: human-readable lines on stderr, prefixed with
/// the time and the rank, so stdout stays machine-readable events only.
class Logger
{
public:
    enum class Level
    {
        Debug,
        Info,
        Warning,
        Error,
    };

    explicit Logger(int rank, Level threshold = Level::Info, std::FILE *out = stderr);

    void setRank(int rank) { m_rank = rank; }
    void debug(const std::string &message) { log(Level::Debug, message); }
    void info(const std::string &message) { log(Level::Info, message); }
    void warning(const std::string &message) { log(Level::Warning, message); }
    void error(const std::string &message) { log(Level::Error, message); }
    void log(Level level, const std::string &message);

private:
    std::mutex m_mutex;
    int m_rank;
    Level m_threshold;
    std::FILE *m_out;
};

} // namespace hamgam::engine
